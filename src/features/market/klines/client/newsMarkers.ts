/**
 * News markers over a lightweight-charts chart (issue 13): flash news and announcements about
 * the coin at their bars, as a few HTML elements above the canvas placed with
 * `timeToCoordinate`. Plain DOM rather than the library's series-markers plugin or React: it is
 * loaded after the chart is drawn and must stay a few hundred bytes, since the coin and kline
 * pages sit at their JavaScript budget. The card opens on hover and focus through CSS alone.
 */
import type { IChartApi } from 'lightweight-charts';
import { formatDateTime } from '../../../../lib/format/time.ts';
import { foreignLang } from '../../../../lib/i18n/contentLanguage.ts';
import { createTranslator, type Dict, type Locale } from '../../../../lib/i18n/index.ts';
import { groupIntoBars, MARKER_CARD_ITEMS, type MarkerGroup, type NewsMarker } from '../../../../lib/newsMarkers.ts';
import { apiGet } from '../../../../stores/api.ts';

export interface NewsMarkers {
  /** The chart's bars (open times, ms, ascending) and the length of the last one. */
  setBars(bars: number[], step: number): void;
  destroy(): void;
}

/** The reader's choice to hide markers, kept across pages. */
const HIDE_KEY = 'coinlens:newsMarkers';
const CARD_HALF_WIDTH = 140;
/**
 * Markers nearer than this (px) would overlap: their bars share one. On phones each small dot
 * sits in a 44 px target (kline.css), so markers keep 44 px apart and a finger finds one.
 */
const markerGap = () => (matchMedia('(max-width: 640px)').matches ? 44 : 20);

function el<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, text?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

export function createNewsMarkers(o: {
  chart: IChartApi;
  stage: HTMLElement;
  coinId: string;
  locale: Locale;
  dict: Dict;
}): NewsMarkers {
  const t = createTranslator(o.dict);
  const layer = el('div', 'news-markers');
  layer.dataset.testid = 'news-markers';
  const toggle = el('button', 'news-toggle', t('kline.news.toggle'));
  toggle.type = 'button';
  toggle.title = t('kline.news.toggleLabel');
  toggle.setAttribute('aria-label', t('kline.news.toggleLabel'));
  let hidden = false;
  try {
    hidden = localStorage.getItem(HIDE_KEY) === 'off';
  } catch {
    // Storage blocked: markers show, the choice lasts for the page.
  }
  const showHidden = () => {
    toggle.setAttribute('aria-pressed', String(!hidden));
    layer.hidden = hidden;
  };
  toggle.addEventListener('click', () => {
    hidden = !hidden;
    showHidden();
    try {
      localStorage.setItem(HIDE_KEY, hidden ? 'off' : 'on');
    } catch {
      // As above.
    }
  });
  showHidden();
  o.stage.append(layer, toggle);

  let groups: MarkerGroup[] = [];
  let nodes: HTMLElement[] = [];
  let shown = '';
  let asked = '';
  let frame = 0;
  const href = (item: NewsMarker) => `/${o.locale}${item.url}`;

  /** One marker for the items of some neighbouring bars, placed at the first of them. */
  const build = (bars: MarkerGroup[], i: number): HTMLElement => {
    const items = bars.flatMap((g) => g.items);
    const first = items[0]!;
    const many = items.length > 1;
    const node = el('div', 'news-marker');
    node.dataset.bar = String(bars[0]!.bar);
    node.dataset.bars = bars.map((g) => g.bar).join(' ');
    node.dataset.count = String(items.length);
    const button = el('button', `news-dot news-${many ? 'many' : first.kind}`, many ? String(items.length) : '');
    button.type = 'button';
    const cardId = `news-card-${o.coinId}-${i}`;
    button.setAttribute('aria-label', many ? t('kline.news.count', { count: items.length }) : first.title);
    // One item: the label is its headline, in the headline's language.
    const firstLang = many ? undefined : foreignLang(first.locale, o.locale);
    if (firstLang) button.lang = firstLang;
    button.setAttribute('aria-describedby', cardId);
    const card = el('div', 'news-card');
    card.id = cardId;
    card.setAttribute('role', 'tooltip');
    const now = Date.now();
    for (const item of items.slice(0, MARKER_CARD_ITEMS)) {
      const link = el('a', 'news-item');
      link.href = href(item);
      const meta = el('span', 'news-meta', `${t(`kline.news.${item.kind}`)} · ${formatDateTime(item.time, now)}`);
      const title = el('span', 'news-title', item.title);
      // A headline in another language than the page's carries its lang and says so (issue 22 §4).
      const lang = foreignLang(item.locale, o.locale);
      if (lang) {
        title.lang = lang;
        const tag = el('span', 'badge lang-tag', t(`contentLanguage.tag.${item.locale}`));
        tag.title = t(`contentLanguage.title.${item.locale}`);
        tag.dataset.langTag = item.locale;
        meta.append(' ', tag);
      }
      link.append(meta, title);
      card.append(link);
    }
    if (items.length > MARKER_CARD_ITEMS)
      card.append(el('span', 'news-meta', t('kline.news.more', { n: items.length - MARKER_CARD_ITEMS })));
    // One item: the marker is its link. Several: a click pins the card so touch readers can choose.
    button.addEventListener('click', () => {
      if (many) node.classList.toggle('open');
      else window.location.assign(href(first));
    });
    node.addEventListener('keydown', (e) => {
      if (e.key !== 'Escape') return;
      node.classList.remove('open');
      button.blur();
    });
    node.append(button, card);
    return node;
  };

  // Bars closer than a dot share one marker, so dots never cover each other when zoomed out;
  // the markers are rebuilt only when that sharing changes.
  const position = () => {
    frame = 0;
    const scale = o.chart.timeScale();
    const width = scale.width();
    layer.style.bottom = `${scale.height()}px`;
    const gap = markerGap();
    const clusters: { x: number; bars: MarkerGroup[] }[] = [];
    for (const group of groups) {
      const x = scale.timeToCoordinate((group.bar / 1000) as never);
      if (x === null || x < 0 || x > width) continue;
      const last = clusters.at(-1);
      if (last && x - last.x < gap) last.bars.push(group);
      else clusters.push({ x, bars: [group] });
    }
    const key = clusters.map((c) => c.bars.map((g) => g.bar).join(' ')).join(';');
    if (key !== shown) {
      shown = key;
      for (const n of nodes) n.remove();
      nodes = clusters.map((c, i) => build(c.bars, i));
      layer.append(...nodes);
    }
    clusters.forEach(({ x }, i) => {
      const node = nodes[i]!;
      // A dot at the very edge stays inside the plot.
      node.style.left = `${Math.round(Math.min(Math.max(x, 9), width - 9))}px`;
      // Keep the card inside the chart near its edges.
      node.dataset.align = x < CARD_HALF_WIDTH ? 'start' : x > width - CARD_HALF_WIDTH ? 'end' : 'center';
    });
  };
  const schedule = () => {
    if (!frame) frame = requestAnimationFrame(position);
  };
  o.chart.timeScale().subscribeVisibleLogicalRangeChange(schedule);
  o.chart.timeScale().subscribeSizeChange(schedule);

  const draw = (next: MarkerGroup[]) => {
    groups = next;
    shown = '\0';
    position();
  };

  return {
    setBars(bars, step) {
      if (!bars.length) return draw([]);
      const from = bars[0]!;
      const to = bars.at(-1)! + step - 1;
      const key = `${from}:${to}`;
      if (key === asked) return;
      asked = key;
      apiGet<{ list: NewsMarker[] }>('/v1/klines/news', { coin: o.coinId, from, to, limit: 200 })
        .then((data) => {
          if (asked === key) draw(groupIntoBars(data.list, bars, step));
        })
        // Markers are an extra: the chart stands without them.
        .catch((e: unknown) => console.error('[news markers]', e));
    },
    destroy() {
      cancelAnimationFrame(frame);
      o.chart.timeScale().unsubscribeVisibleLogicalRangeChange(schedule);
      o.chart.timeScale().unsubscribeSizeChange(schedule);
      layer.remove();
      toggle.remove();
    },
  };
}
