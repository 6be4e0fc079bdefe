/**
 * The coin overview chart's series, shared by the server's first drawing (priceChart.ts) and the
 * live chart (client/mountPriceChart.ts): which stored candles each range is drawn from, and the price,
 * market cap and volume points made from them in the reader's currency. Pure; no I/O.
 */
import { type KlineCandle, type KlineInterval, MAX_CANDLES, PRICE_CHART_RANGES } from '../../../lib/klines.ts';
import type { Money } from '../../../lib/money.ts';
import { formatDate, formatDateTime } from '../../../lib/format/time.ts';

export const CHART_METRICS = ['price', 'market-cap', 'volume'] as const;
export type ChartMetric = (typeof CHART_METRICS)[number];
export type ChartRange = (typeof PRICE_CHART_RANGES)[number];

export const DEFAULT_METRIC: ChartMetric = 'price';
export const DEFAULT_CHART_RANGE: ChartRange = '1W';

/**
 * The interval each range is drawn with: 15-minute points from the day of minute candles, hours
 * for a week, 4 hours for the month of hourly candles, days beyond (the year of daily candles).
 */
export const CHART_INTERVAL: Record<ChartRange, KlineInterval> = {
  '1D': '15m',
  '1W': '1h',
  '1M': '4h',
  '3M': '1d',
  '1Y': '1d',
  YTD: '1d',
  ALL: '1d',
};

/**
 * The interval to ask for again when an answer falls short: hours for a day without minute
 * candles (a coin whose minutes are not stored), weeks when all history holds more days than one
 * answer carries. Null: the answer stands.
 */
export function fallbackInterval(range: ChartRange, interval: KlineInterval, candles: number): KlineInterval | null {
  if (interval === '15m' && candles < 2) return '1h';
  if (range === 'ALL' && interval === '1d' && candles >= MAX_CANDLES) return '1w';
  return null;
}

export const isChartMetric = (s: unknown): s is ChartMetric =>
  typeof s === 'string' && (CHART_METRICS as readonly string[]).includes(s);
export const isChartRange = (s: unknown): s is ChartRange =>
  typeof s === 'string' && (PRICE_CHART_RANGES as readonly string[]).includes(s);

/** The view the overview's query names (`?chart=market-cap&range=1M`); anything else is the default. */
export function readChartView(params: URLSearchParams): { metric: ChartMetric; range: ChartRange } {
  const metric = params.get('chart');
  const range = params.get('range');
  return {
    metric: isChartMetric(metric) ? metric : DEFAULT_METRIC,
    range: isChartRange(range) ? range : DEFAULT_CHART_RANGE,
  };
}

/**
 * The query string of a view, defaults left out so the default view has one URL.
 * @example chartViewQuery('volume', '1W') // '?chart=volume'
 */
export function chartViewQuery(metric: ChartMetric, range: ChartRange): string {
  const q = new URLSearchParams();
  if (metric !== DEFAULT_METRIC) q.set('chart', metric);
  if (range !== DEFAULT_CHART_RANGE) q.set('range', range);
  const s = q.toString();
  return s ? `?${s}` : '';
}

export interface ChartPoint {
  /** Open time of the bar, Unix ms. */
  time: number;
  value: number;
}

/** A bar's close and quote volume in the reader's currency. */
export interface CurrencyBar {
  time: number;
  close: number;
  volume: number;
}

/**
 * Bars in the reader's currency. In a fiat currency (no `baseClose`) each figure is multiplied
 * by the rate. In a crypto currency each is divided by that coin's close of the same bar, not by
 * today's rate, so bitcoin in BTC is 1 all along; bars the base coin has no close for are left out.
 * @example inCurrency([{ time: 0, close: 10, volume: 5, … }], 2) // [{ time: 0, close: 20, volume: 10 }]
 */
export function inCurrency(
  candles: readonly KlineCandle[],
  rate: number,
  baseClose?: ReadonlyMap<number, number> | null,
): CurrencyBar[] {
  if (!baseClose) return candles.map((c) => ({ time: c.time, close: c.close * rate, volume: c.volume * rate }));
  return candles.flatMap((c) => {
    const b = baseClose.get(c.time);
    return b && b > 0 ? [{ time: c.time, close: c.close / b, volume: c.volume / b }] : [];
  });
}

/**
 * The points of one metric: the close; market cap = close × circulating supply (today's: past
 * supplies are not stored; none without a positive supply); volume = the bar's quote volume,
 * already summed to the chart's interval (a daily bar's is that day's 24 h volume).
 * @example metricPoints([{ time: 0, close: 2, volume: 7 }], 'market-cap', 100) // [{ time: 0, value: 200 }]
 */
export function metricPoints(bars: readonly CurrencyBar[], metric: ChartMetric, supply: number | null): ChartPoint[] {
  switch (metric) {
    case 'price':
      return bars.map((b) => ({ time: b.time, value: b.close }));
    case 'market-cap':
      return supply !== null && supply > 0 ? bars.map((b) => ({ time: b.time, value: b.close * supply })) : [];
    case 'volume':
      return bars.map((b) => ({ time: b.time, value: b.volume }));
  }
}

/**
 * One SVG path that is both the line and the area under it, for points scaled into a `width` ×
 * `height` box: x by time, y from the lowest value (or 0 for volumes, whose size is the point) to
 * the highest. The area closes outside the box (clipped), so stroking the path draws only the line.
 */
export function svgPath(points: readonly ChartPoint[], width: number, height: number, fromZero = false): string | null {
  if (points.length < 2) return null;
  const t0 = points[0]!.time;
  const span = points.at(-1)!.time - t0 || 1;
  let min = fromZero ? 0 : Infinity;
  let max = -Infinity;
  for (const p of points) {
    if (p.value < min) min = p.value;
    if (p.value > max) max = p.value;
  }
  const range = max - min || 1;
  const y = (v: number) => (height - ((v - min) / range) * height).toFixed(1);
  const xy = points.map((p) => `${(((p.time - t0) / span) * width).toFixed(1)},${y(p.value)}`);
  const out = height + 5;
  return `M${xy.join('L')}L${width + 5},${y(points.at(-1)!.value)}L${width + 5},${out}L-5,${out}L-5,${y(points[0]!.value)}Z`;
}

/** A point's value as the chart's head shows it: a unit price, or an abbreviated amount. */
export function metricText(value: number | null | undefined, metric: ChartMetric, money: Money): string {
  // Points are in the reader's currency already; money converts from USD, so divide the rate back out.
  const rate = money.convert(1) ?? 1;
  const usd = value === null || value === undefined ? null : value / rate;
  return metric === 'price' ? money.price(usd) : money.amount(usd);
}

/** When a point is, as the head shows it: the day for daily and weekly points, else the time too (UTC). */
export function pointWhen(time: number, interval: KlineInterval, now: number): string {
  return interval === '1d' || interval === '1w' ? formatDate(time) : formatDateTime(time, now);
}

/**
 * The change from the first point to `shown`, percent; null without both, and for volumes (a
 * bar's volume against another's is no change of the coin's).
 */
export function pointChange(
  points: readonly ChartPoint[],
  shown: ChartPoint | null,
  metric: ChartMetric = 'price',
): number | null {
  if (metric === 'volume') return null;
  const first = points[0];
  return first && shown && first.value > 0 ? (shown.value / first.value - 1) * 100 : null;
}

type Translate = (key: string, vars?: Record<string, string | number>) => string;

/**
 * The note under the chart: what a point is at this interval, and for market caps that the
 * supply is today's (`supply`: formatted with the symbol).
 */
export function chartNote(t: Translate, metric: ChartMetric, interval: KlineInterval, supply: string): string {
  const step = t(`coinTabs.chart.step.${interval}`);
  if (metric === 'market-cap') return t('coinTabs.chart.noteCap', { step, supply });
  if (metric === 'volume') return t('coinTabs.chart.noteVolume', { step });
  return t('coinTabs.chart.notePrice', { step });
}
