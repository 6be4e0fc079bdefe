/**
 * The converter's result panel in the browser, from the page's first paint: it reads the
 * server's conversion from `[data-convert]`, keeps it in `$convert`, moves each coin side's price
 * with the price stream (as the coin list's live cells do) and redraws the panel, heading and
 * title whenever the conversion changes, the form island's edits included. No framework: the
 * island itself loads only when the reader reaches for the form.
 */
import { createTranslator, toLocale, type Dict } from '../../../../lib/i18n/index.ts';
import { $prices, watchPrices } from '../../../../stores/prices.ts';
import { ratioOf, ratioOfNumber, toDecimalText } from '../exact.ts';
import type { Leg } from '../model.ts';
import { panelHtml, type PanelView } from './markup.ts';
import { $convert, type ConvertState } from './store.ts';

/** Ages ("12 s ago") are redrawn this often when no price moves (a currency pair has no ticks). */
const AGE_REFRESH_MS = 10_000;

const legName = (leg: Leg) => leg.localName ?? leg.name;

/** A side with a new price from the stream; the same side when the tick is not newer. */
function moved(leg: Leg, price: number, at: number): Leg {
  const value = ratioOfNumber(price);
  if (!value || value.n === 0n || (leg.at !== null && Date.parse(leg.at) > at)) return leg;
  return { ...leg, value: toDecimalText(value, 17), at: new Date(at).toISOString(), stale: false };
}

/** Starts the panel of the page's converter; returns the function that stops it. */
export function startConverter(root = document.querySelector<HTMLElement>('[data-convert]')): () => void {
  const panel = root?.querySelector<HTMLElement>('[data-convert-panel]');
  if (!root || !panel) return () => {};
  const dict = JSON.parse(root.dataset.dict ?? '{}') as Dict;
  const t = createTranslator(dict);
  const view: PanelView = {
    t,
    locale: toLocale(document.documentElement.dataset.locale) ?? 'en',
    methodology: root.dataset.methodology ?? '/methodology',
  };
  const heading = root.querySelector<HTMLElement>('[data-convert-heading]');
  // The pair the heading and title name: the path's, or none on /convert.
  let named = root.dataset.pair ?? '';
  let drawn = panel.innerHTML;

  const draw = (s: ConvertState | null) => {
    if (!s) return;
    const amount = s.amount === null ? null : ratioOf(s.amount);
    const next = panelHtml({ ...view, now: Date.now() }, amount, s.from, s.to).value;
    if (next !== drawn) panel.innerHTML = drawn = next;
    const pair = `${s.from.code}-${s.to.code}`;
    if (pair !== named) {
      named = pair;
      const names = { from: s.from.code, to: s.to.code, fromName: legName(s.from), toName: legName(s.to) };
      if (heading) heading.textContent = t('convert.pairHeading', names);
      document.title = `${t('convert.pairTitle', names)} | ${t('site.name')}`;
    }
  };

  let watching = '';
  let unwatch = () => {};
  const follow = (s: ConvertState | null) => {
    const ids = [...new Set([s?.from.id, s?.to.id].filter((id): id is string => !!id))];
    if (ids.join() === watching) return;
    watching = ids.join();
    unwatch();
    unwatch = ids.length ? watchPrices(ids) : () => {};
  };

  const unlistenPrices = $prices.listen((_value, _old, key) => {
    const s = $convert.get();
    const tick = key ? $prices.get()[key as string] : undefined;
    if (!s || !tick) return;
    const from = s.from.id === key ? moved(s.from, tick.price, tick.at) : s.from;
    const to = s.to.id === key ? moved(s.to, tick.price, tick.at) : s.to;
    if (from !== s.from || to !== s.to) $convert.set({ ...s, from, to });
  });
  const unlistenState = $convert.subscribe((s) => {
    follow(s);
    draw(s);
  });
  const state = JSON.parse(root.dataset.state ?? 'null') as ConvertState | null;
  if (state) $convert.set(state);
  const timer = setInterval(() => draw($convert.get()), AGE_REFRESH_MS);
  return () => {
    clearInterval(timer);
    unlistenPrices();
    unlistenState();
    unwatch();
  };
}
