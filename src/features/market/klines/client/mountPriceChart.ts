/**
 * The coin overview's live chart, started over the server's drawing (../priceChart.ts) once it
 * nears the viewport (./watchPriceCharts.ts). It takes the server's markup as it is: the canvas
 * of lightweight-charts replaces the SVG in the same box, the head follows the crosshair, and the
 * metric and range switches (links without JavaScript) redraw in place and keep the view in the
 * address bar.
 *
 * Plain DOM, not React: the markup is the server's already, and React was 56 of the coin page's
 * 145 KB of JavaScript and two of its longest start-up tasks on a throttled phone, for this one
 * component (issue 25).
 */
import type { AutoscaleInfo, IChartApi, ISeriesApi, MouseEventParams, UTCTimestamp } from 'lightweight-charts';
import { formatPercent, trend } from '../../../../lib/format/index.ts';
import { createTranslator, type Dict, type Locale } from '../../../../lib/i18n/index.ts';
import type { KlineCandle, KlineInterval } from '../../../../lib/klines.ts';
import { createMoney, MARKET_RATE_COINS } from '../../../../lib/money.ts';
import { apiGet } from '../../../../stores/api.ts';
import {
  CHART_INTERVAL,
  chartNote,
  chartViewQuery,
  type ChartMetric,
  type ChartPoint,
  type ChartRange,
  type CurrencyBar,
  fallbackInterval,
  inCurrency,
  isChartMetric,
  isChartRange,
  metricPoints,
  metricText,
  pointChange,
  pointWhen,
} from '../chartSeries.ts';
import { minMoveFor, nextTask, readColours, watchTheme, withAlpha } from './chartTheme.ts';
import { latestLoad, newsMarkersOf, onSwitchClick, replaceQuery, showChartMessage } from './chartParts.ts';
import { axisFormatter, MARKER_BAND } from './priceAxis.ts';
import './kline.css';

/** What the server puts in the slot's data-props (priceChartPlaceholder). */
interface Props {
  coinId: string;
  dict: Dict;
  locale: Locale;
  currency?: { code: string; rate: number } | undefined;
  /** The view the page was rendered with; default price over 1W. */
  range?: ChartRange | undefined;
  metric?: ChartMetric | undefined;
  /** Today's circulating supply (market cap = close × supply) and how the note writes it. */
  supply?: number | null | undefined;
  supplyText?: string | undefined;
  /** The overview's path (locale-prefixed): the switches link to it. */
  path?: string | undefined;
}

/** data-state of the chart: static is the server's drawing before the canvas has drawn. */
type Status = 'static' | 'loading' | 'ready' | 'empty' | 'error';
type Loaded = { interval: KlineInterval; bars: CurrencyBar[] };

export function mountPriceChart(slot: HTMLElement): void {
  if (slot.dataset.mounted) return;
  slot.dataset.mounted = '1';
  const root = slot.querySelector<HTMLElement>('.price-chart');
  let props: Props;
  try {
    props = JSON.parse(slot.dataset.props ?? '') as Props;
  } catch (e) {
    console.error('[price chart] bad props', e);
    return;
  }
  if (root) startPriceChart(root, props);
}

function startPriceChart(root: HTMLElement, p: Props): void {
  const t = createTranslator(p.dict);
  const money = createMoney(
    p.locale,
    p.currency?.code ?? 'USD',
    p.currency ? { [p.currency.code]: p.currency.rate } : {},
  );
  const rate = money.convert(1) ?? 1;
  const supply = p.supply ?? null;
  const supplyText = p.supplyText ?? '--';
  const find = <T extends Element>(selector: string) => root.querySelector<T>(selector);
  const [valueEl, changeEl, whenEl] = [...(find('.price-chart-head .num')?.children ?? [])] as HTMLElement[];
  const stage = find<HTMLElement>('.price-chart-stage');
  const box = find<HTMLElement>('.kline-canvas');
  const note = find<HTMLElement>('[data-testid="price-chart-note"]');
  if (!valueEl || !changeEl || !whenEl || !stage || !box || !note) return;

  let range: ChartRange = p.range ?? '1W';
  let metric: ChartMetric = p.metric ?? 'price';
  let loaded: Loaded | null = null;
  let points: ChartPoint[] = [];
  let hover: ChartPoint | null = null;
  let chart: IChartApi | null = null;
  let series: ISeriesApi<'Area'> | null = null;
  /** The last value as drawn: the last-price label's place on the axis. */
  let last: number | null = null;
  /** The metric the axis labels are written for (the chart's formatters are set once). */
  let shownMetric = metric;

  const setStatus = (status: Status) => {
    root.dataset.state = status;
    root.dataset.points = String(status === 'ready' ? points.length : 0);
    const lastValue = status === 'ready' ? points.at(-1)?.value : undefined;
    if (lastValue === undefined) delete root.dataset.last;
    else root.dataset.last = String(lastValue);
    // While the server's drawing is still there, it is the chart: no message over it.
    const quiet = status === 'ready' || status === 'static' || (status === 'loading' && box.querySelector('svg'));
    showChartMessage(
      stage,
      'price-chart-overlay',
      quiet
        ? null
        : status === 'error'
          ? { t, retry: () => void (chart ? loadRange() : create()) }
          : status === 'loading'
            ? t('kline.loading')
            : loaded?.bars.length && metric === 'market-cap'
              ? t('coinTabs.chart.noSupply')
              : t('kline.empty'),
    );
  };

  /** The head: the value under the crosshair, or the last. */
  const showHead = () => {
    const interval = loaded?.interval ?? CHART_INTERVAL[range];
    const shown = hover ?? points.at(-1) ?? null;
    const change = pointChange(points, shown, metric);
    valueEl.textContent = metricText(shown?.value, metric, money);
    changeEl.className = trend(change);
    changeEl.textContent = metric === 'volume' ? '' : formatPercent(change);
    whenEl.textContent = shown ? pointWhen(shown.time, interval, Date.now()) : '';
  };

  /** The whole view: the head, the note, the switches and the labels. */
  const showView = () => {
    showHead();
    const interval = loaded?.interval ?? CHART_INTERVAL[range];
    note.textContent = chartNote(t, metric, interval, supplyText);
    box.setAttribute('aria-label', t(`coinTabs.chart.label.${metric}`));
    Object.assign(root.dataset, { metric, range, interval });
    for (const a of root.querySelectorAll<HTMLAnchorElement>('.price-chart-switches a')) {
      const m = a.dataset.metric;
      const r = a.dataset.range;
      const view = isChartMetric(m) ? ([m, range] as const) : isChartRange(r) ? ([metric, r] as const) : null;
      if (!view) continue;
      a.href = `${p.path ?? ''}${chartViewQuery(...view)}`;
      if (m === metric || r === range) a.setAttribute('aria-current', 'true');
      else a.removeAttribute('aria-current');
    }
  };

  const placeMarkers = newsMarkersOf(() => chart, { stage, coinId: p.coinId, locale: p.locale, dict: p.dict });
  const showNews = (bars: number[]) =>
    // The length of a bar: the spacing of the last two (the range's interval, or its fallback).
    placeMarkers(bars, bars.length > 1 ? bars.at(-1)! - bars.at(-2)! : 3_600_000);

  const draw = () => {
    if (!loaded || !series) return;
    points = metricPoints(loaded.bars, metric, supply);
    const c = readColours();
    const dir = points.length > 1 && points.at(-1)!.value < points[0]!.value ? c.fall : c.rise;
    const minMove = minMoveFor(Math.max(...points.map((pt) => pt.value), 0) || 1);
    shownMetric = metric;
    series.applyOptions({
      lineColor: dir,
      topColor: withAlpha(dir, 0.28),
      bottomColor: withAlpha(dir, 0.02),
      priceFormat: { type: 'price', minMove, precision: Math.max(0, -Math.floor(Math.log10(minMove))) },
    });
    last = points.at(-1)?.value ?? null;
    series.setData(points.map((pt) => ({ time: Math.floor(pt.time / 1000) as UTCTimestamp, value: pt.value })));
    chart?.timeScale().fitContent();
    // The canvas has drawn: the server's drawing and its two labels make way.
    for (const el of box.querySelectorAll('.price-chart-svg, .price-chart-axis')) el.remove();
    showView();
    setStatus(points.length ? 'ready' : 'empty');
  };

  /** The candles of a range in the reader's currency. */
  const fetchRange = async (wanted: ChartRange): Promise<Loaded> => {
    const candlesOf = (coin: string, interval: KlineInterval) =>
      apiGet<{ candles: KlineCandle[] }>('/v1/klines', { coin, range: wanted, interval }).then((d) => d.candles);
    let interval = CHART_INTERVAL[wanted];
    let candles = await candlesOf(p.coinId, interval);
    const next = fallbackInterval(wanted, interval, candles.length);
    if (next) candles = await candlesOf(p.coinId, (interval = next));
    const base = MARKET_RATE_COINS[money.currency];
    const against = !base ? null : base === p.coinId ? candles : await candlesOf(base, interval);
    return { interval, bars: inCurrency(candles, rate, against && new Map(against.map((c) => [c.time, c.close]))) };
  };

  /** A range's candles as they come, unless the reader has asked for another since. */
  const loads = latestLoad<Loaded>(
    (next) => {
      loaded = next;
      draw();
      showNews(next.bars.map((b) => b.time));
    },
    (e) => {
      console.error('[price chart]', e);
      setStatus('error');
    },
  );

  /** The candles of the range, once: switching the metric redraws them without asking again. */
  const loadRange = () => {
    const ticket = loads.start();
    setStatus('loading');
    return loads.finish(fetchRange(range), ticket);
  };

  const choose = (nextMetric: ChartMetric, nextRange: ChartRange) => {
    const newRange = nextRange !== range;
    metric = nextMetric;
    range = nextRange;
    hover = null;
    replaceQuery(['chart', 'range'], new URLSearchParams(chartViewQuery(metric, range)));
    if (newRange) {
      // Loading from here on: the chart never says "ready" with the previous range's candles.
      loaded = null;
      points = [];
      showView();
      if (chart) void loadRange();
      else {
        // The chart is still starting: the candles it asked for are no longer wanted.
        loads.drop();
        setStatus('loading');
      }
    } else if (loaded) draw();
    else showView();
  };

  onSwitchClick(root.querySelector('.price-chart-switches'), 'a[data-metric], a[data-range]', (a) => {
    const m = a.dataset.metric;
    const r = a.dataset.range;
    choose(isChartMetric(m) ? m : metric, isChartRange(r) ? r : range);
  });

  const create = async () => {
    // The candles are asked for while the library loads, and drawn in the chart's first frame.
    const ticket = loads.start();
    const first = fetchRange(range);
    first.catch(() => undefined);
    try {
      const lw = await import('lightweight-charts');
      // The library's evaluation and the chart's creation are separate tasks (see nextTask).
      await nextTask();
      const c = readColours();
      const label = (price: number) => metricText(price, shownMetric, money).replace(money.symbol, '');
      const priceTicks = axisFormatter(
        () => series,
        () => last,
      );
      // No logo link inside the chart (a focusable link inside role=img): the TradingView
      // attribution the licence asks for is the text link under the chart.
      const api = lw.createChart(box, {
        autoSize: true,
        layout: {
          background: { type: lw.ColorType.Solid, color: c.bg },
          textColor: c.muted,
          attributionLogo: false,
          fontFamily: 'inherit',
        },
        grid: { vertLines: { visible: false }, horzLines: { color: withAlpha(c.border, 0.6) } },
        rightPriceScale: { borderVisible: false, scaleMargins: { top: 0.1, bottom: 0.02 } },
        timeScale: { borderVisible: false, timeVisible: true, secondsVisible: false },
        handleScroll: false,
        handleScale: false,
        localization: {
          priceFormatter: label,
          // Prices get the decimals their spacing needs; amounts are abbreviated (1.9T, 1.9万亿).
          tickmarksPriceFormatter: (prices: number[]) =>
            shownMetric === 'price' ? priceTicks(prices) : prices.map((price) => (price ? label(price) : '0')),
        },
      });
      // The line keeps above the news markers' band along the bottom.
      series = api.addSeries(lw.AreaSeries, {
        lineColor: c.accent,
        topColor: withAlpha(c.accent, 0.3),
        bottomColor: withAlpha(c.accent, 0.02),
        lineWidth: 2,
        autoscaleInfoProvider: (original: () => AutoscaleInfo | null) => {
          const info = original();
          return info && { ...info, margins: { above: 8, below: MARKER_BAND } };
        },
      });
      api.subscribeCrosshairMove((param: MouseEventParams) => {
        const point = series
          ? (param.seriesData.get(series) as { time: number; value: number } | undefined)
          : undefined;
        hover = point && typeof point.time === 'number' ? { time: point.time * 1000, value: point.value } : null;
        showHead();
      });
      watchTheme((next) =>
        api.applyOptions({
          layout: { background: { type: lw.ColorType.Solid, color: next.bg }, textColor: next.muted },
          grid: { horzLines: { color: withAlpha(next.border, 0.6) } },
        }),
      );
      chart = api;
    } catch (e) {
      console.error('[price chart]', e);
      setStatus('error');
      return;
    }
    // Candles already here are drawn before the new chart's first frame: one paint, not an empty one first.
    await (loads.isLatest(ticket) ? loads.finish(first, ticket, false) : loadRange());
  };

  setStatus('loading');
  void create();
}
