/**
 * Pure formulas behind the coin detail tabs (no I/O): market depth and spread, holder groups,
 * fund-flow windows, rating aggregates, time ranges and price analysis from daily closes.
 * The queries that feed them live in coinTabsData.ts.
 */
import {
  OVERALL_LABELS,
  overallLabel,
  RATING_MAX,
  ratingLevel,
  type OverallLabel,
} from '../../reader/reviews/index.ts';
import { spreadRate } from '../pairs/index.ts';

export { spreadRate };

/** Every coin detail tab of SPEC §2, in display order; the first is the default. */
export const COIN_TABS = [
  'overview',
  'introduce',
  'market',
  'transactions',
  'flow',
  'analysis',
  'address-analysis',
  'large-transactions',
  'exchange-balance',
  'exchanges',
  'ratings',
  'roadmap',
  'process',
  'announcements',
  'lives',
  'news',
  'hot',
  'calendar',
  'repository',
] as const;
export type CoinTab = (typeof COIN_TABS)[number];
export const isCoinTab = (s: string): s is CoinTab => (COIN_TABS as readonly string[]).includes(s);

/** SPEC §9 depth: order-book value within ±1 % of the last price, and both sides together. */
export function depth1Percent(
  plus: number | null,
  minus: number | null,
): { plus: number | null; minus: number | null; total: number | null } {
  const total = plus === null && minus === null ? null : (plus ?? 0) + (minus ?? 0);
  return { plus, minus, total };
}

/** SPEC §9 top address groups. */
const HOLDER_GROUPS = [10, 20, 50, 100] as const;

export interface HolderGroup {
  /** Top N addresses. */
  top: number;
  /** Addresses actually present (fewer than N when the list is short). */
  addresses: number;
  balance: number;
  /** Share of the circulating supply, percent; null without a supply. */
  share: number | null;
}

/**
 * Balances held by the top 10/20/50/100 addresses and their share of the circulating supply.
 * @example holderGroups([50, 30, 20], 1000)[0] // { top: 10, addresses: 3, balance: 100, share: 10 }
 */
export function holderGroups(balances: readonly number[], circulating: number | null): HolderGroup[] {
  const sorted = [...balances].filter((b) => Number.isFinite(b) && b > 0).sort((a, b) => b - a);
  return HOLDER_GROUPS.map((top) => {
    const slice = sorted.slice(0, top);
    const balance = slice.reduce((a, b) => a + b, 0);
    return {
      top,
      addresses: slice.length,
      balance,
      share: circulating && circulating > 0 ? (balance / circulating) * 100 : null,
    };
  });
}

/** SPEC §9 fund-flow windows, shortest first. */
export const FLOW_WINDOWS = ['30m', '1h', '1d', '7d'] as const;
export type FlowWindow = (typeof FLOW_WINDOWS)[number];

interface FlowValues {
  inflow: number;
  outflow: number;
  netflow: number;
}
export interface FlowWindowView extends FlowValues {
  window: FlowWindow;
  /** Net flow as a share of all money moved, percent (−100 … 100). */
  netRatio: number | null;
  /** Inflow share of the total, percent, for the in/out bar. */
  inShare: number | null;
}

/**
 * The four windows in order, each with its net ratio; windows without data are left out.
 * `netflow` is recomputed as inflow − outflow so the figures always agree.
 */
export function flowWindows(rows: readonly ({ window: string } & FlowValues)[]): FlowWindowView[] {
  const byWindow = new Map(rows.map((r) => [r.window, r]));
  const out: FlowWindowView[] = [];
  for (const window of FLOW_WINDOWS) {
    const r = byWindow.get(window);
    if (!r) continue;
    const gross = r.inflow + r.outflow;
    const netflow = r.inflow - r.outflow;
    out.push({
      window,
      inflow: r.inflow,
      outflow: r.outflow,
      netflow,
      netRatio: gross > 0 ? (netflow / gross) * 100 : null,
      inShare: gross > 0 ? (r.inflow / gross) * 100 : null,
    });
  }
  return out;
}

export interface RatingAggregate {
  count: number;
  /** Average overall score (1–5), null without reviews. */
  overall: number | null;
  label: OverallLabel | null;
  level: 'low' | 'mid' | 'high' | null;
  max: number;
  /** Per dimension in the given order: average of the valid scores, null when none. */
  dimensions: { key: string; average: number | null; count: number; level: 'low' | 'mid' | 'high' | null }[];
  /** How many reviews carry each overall label, worst first. */
  distribution: { label: OverallLabel; count: number }[];
}

/**
 * Averages of a set of reviews: overall and per dimension, with the SPEC §3 label and the
 * SPEC §9 level (low ≤ 2, high ≥ 4, max 5). Scores outside 1–5 are ignored.
 */
export function ratingAggregate(
  reviews: readonly { overall: number; ratings: Record<string, unknown> }[],
  dimensions: readonly string[],
): RatingAggregate {
  const valid = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && v >= 1 && v <= RATING_MAX;
  const overalls = reviews.map((r) => r.overall).filter(valid);
  const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : null);
  const overall = mean(overalls);
  return {
    count: reviews.length,
    overall,
    label: overall === null ? null : overallLabel(overall),
    level: ratingLevel(overall),
    max: RATING_MAX,
    dimensions: dimensions.map((key) => {
      const scores = reviews.map((r) => r.ratings[key]).filter(valid);
      const average = mean(scores);
      return { key, average, count: scores.length, level: ratingLevel(average) };
    }),
    distribution: OVERALL_LABELS.map((label) => ({
      label,
      count: overalls.filter((o) => overallLabel(o) === label).length,
    })),
  };
}

/** SPEC §4 time ranges. */
export const TIME_RANGES = ['1W', '1M', '3M', '6M', '1Y', 'YTD'] as const;
export type TimeRange = (typeof TIME_RANGES)[number];
export const isTimeRange = (s: string | null | undefined): s is TimeRange =>
  (TIME_RANGES as readonly (string | null | undefined)[]).includes(s);

const DAY = 86_400_000;
/**
 * The first instant a range covers, counted back from `now` (YTD: 1 January UTC of now's year).
 * @example rangeStart('1W', Date.UTC(2026, 0, 8)) // Date.UTC(2026, 0, 1)
 */
export function rangeStart(range: TimeRange, now: number): number {
  switch (range) {
    case '1W':
      return now - 7 * DAY;
    case '1M':
      return now - 30 * DAY;
    case '3M':
      return now - 91 * DAY;
    case '6M':
      return now - 182 * DAY;
    case '1Y':
      return now - 365 * DAY;
    case 'YTD':
      return Date.UTC(new Date(now).getUTCFullYear(), 0, 1);
  }
}

/** How many of 52 weekly buckets (oldest first, the last ending now) a range covers: at least 1. */
export function weeksInRange(range: TimeRange, now: number): number {
  return Math.max(1, Math.min(52, Math.ceil((now - rangeStart(range, now)) / (7 * DAY))));
}

/** Daily closes, oldest first, with their day start in ms. */
export interface DailyClose {
  t: number;
  close: number;
  volume: number;
}

/** Simple returns between consecutive closes. */
export function dailyReturns(closes: readonly number[]): number[] {
  const out: number[] = [];
  for (let i = 1; i < closes.length; i++) {
    const a = closes[i - 1]!;
    const b = closes[i]!;
    if (a > 0) out.push(b / a - 1);
  }
  return out;
}

function stdev(xs: readonly number[]): number | null {
  if (xs.length < 2) return null;
  const m = xs.reduce((a, b) => a + b, 0) / xs.length;
  const v = xs.reduce((a, b) => a + (b - m) ** 2, 0) / (xs.length - 1);
  return Math.sqrt(v);
}

/** Annualised volatility in percent: sample standard deviation of daily returns × √365 × 100. */
export function annualisedVolatility(closes: readonly number[]): number | null {
  const s = stdev(dailyReturns(closes));
  return s === null ? null : s * Math.sqrt(365) * 100;
}

/** Largest peak-to-trough fall in percent (a negative number, 0 when it never fell). */
export function maxDrawdown(closes: readonly number[]): number | null {
  if (closes.length < 2) return null;
  let peak = closes[0]!;
  let worst = 0;
  for (const c of closes) {
    if (c > peak) peak = c;
    if (peak > 0) worst = Math.min(worst, (c / peak - 1) * 100);
  }
  return worst;
}

/** Pearson correlation of two equally long series; null when too short or flat. */
export function correlation(a: readonly number[], b: readonly number[]): number | null {
  const n = Math.min(a.length, b.length);
  if (n < 3) return null;
  let ma = 0;
  let mb = 0;
  for (let i = 0; i < n; i++) {
    ma += a[i]!;
    mb += b[i]!;
  }
  ma /= n;
  mb /= n;
  let cov = 0;
  let va = 0;
  let vb = 0;
  for (let i = 0; i < n; i++) {
    const da = a[i]! - ma;
    const db = b[i]! - mb;
    cov += da * db;
    va += da * da;
    vb += db * db;
  }
  if (va === 0 || vb === 0) return null;
  return cov / Math.sqrt(va * vb);
}

/** Beta of a against b: cov(a, b) / var(b). */
export function beta(a: readonly number[], b: readonly number[]): number | null {
  const n = Math.min(a.length, b.length);
  if (n < 3) return null;
  const ma = a.slice(0, n).reduce((x, y) => x + y, 0) / n;
  const mb = b.slice(0, n).reduce((x, y) => x + y, 0) / n;
  let cov = 0;
  let vb = 0;
  for (let i = 0; i < n; i++) {
    cov += (a[i]! - ma) * (b[i]! - mb);
    vb += (b[i]! - mb) ** 2;
  }
  return vb === 0 ? null : cov / vb;
}

/** Daily returns of two series on the days both have a close (matched by day start). */
export function alignedReturns(a: readonly DailyClose[], b: readonly DailyClose[]): { a: number[]; b: number[] } {
  const bByDay = new Map(b.map((x) => [x.t, x.close]));
  const ra: number[] = [];
  const rb: number[] = [];
  let prev: { a: number; b: number } | null = null;
  for (const x of a) {
    const y = bByDay.get(x.t);
    if (y === undefined) {
      prev = null;
      continue;
    }
    if (prev && prev.a > 0 && prev.b > 0) {
      ra.push(x.close / prev.a - 1);
      rb.push(y / prev.b - 1);
    }
    prev = { a: x.close, b: y };
  }
  return { a: ra, b: rb };
}

interface PeriodReturn {
  range: TimeRange;
  /** Percent change from the last close at or before the range start to the latest close. */
  change: number | null;
}

/** Returns over each SPEC time range; null when the history does not reach back that far. */
export function periodReturns(series: readonly DailyClose[], now: number): PeriodReturn[] {
  const last = series.at(-1);
  return TIME_RANGES.map((range) => {
    if (!last || series.length < 2) return { range, change: null };
    const start = rangeStart(range, now);
    let base: DailyClose | undefined;
    for (const x of series) {
      if (x.t <= start) base = x;
      else break;
    }
    if (!base || base.close <= 0) return { range, change: null };
    return { range, change: (last.close / base.close - 1) * 100 };
  });
}

export interface PriceAnalysis {
  days: number;
  volatility30d: number | null;
  volatility1y: number | null;
  maxDrawdown1y: number | null;
  /** Current price against the all-time high, percent (≤ 0). */
  fromAth: number | null;
  /** Current price against the all-time low, percent (≥ 0). */
  fromAtl: number | null;
  returns: PeriodReturn[];
  bestDay: { t: number; change: number } | null;
  worstDay: { t: number; change: number } | null;
  /** Share of days that closed higher, percent. */
  upDays: number | null;
  correlationBtc: number | null;
  betaBtc: number | null;
  /** 30-day average daily volume as a share of the market cap, percent. */
  avgTurnover30d: number | null;
  avgVolume30d: number | null;
}

/**
 * Everything the analysis tab shows, from daily closes (oldest first) of the coin and of
 * bitcoin; `ath`/`atl`/`price`/`marketCap` come from the coin row.
 */
export function analysePrice(
  series: readonly DailyClose[],
  btc: readonly DailyClose[],
  coin: { price: number | null; ath: number | null; atl: number | null; marketCap: number | null; isBitcoin: boolean },
  now: number,
): PriceAnalysis {
  const closes = series.map((x) => x.close);
  const last30 = closes.slice(-31);
  const returns = dailyReturns(closes);
  let bestDay: PriceAnalysis['bestDay'] = null;
  let worstDay: PriceAnalysis['worstDay'] = null;
  for (let i = 1; i < series.length; i++) {
    const prev = series[i - 1]!.close;
    if (prev <= 0) continue;
    const change = (series[i]!.close / prev - 1) * 100;
    if (!bestDay || change > bestDay.change) bestDay = { t: series[i]!.t, change };
    if (!worstDay || change < worstDay.change) worstDay = { t: series[i]!.t, change };
  }
  const aligned = coin.isBitcoin ? null : alignedReturns(series, btc);
  const vol30 = series.slice(-30).map((x) => x.volume);
  const avgVolume30d = vol30.length ? vol30.reduce((a, b) => a + b, 0) / vol30.length : null;
  return {
    days: series.length,
    volatility30d: annualisedVolatility(last30),
    volatility1y: annualisedVolatility(closes),
    maxDrawdown1y: maxDrawdown(closes),
    fromAth: coin.price !== null && coin.ath ? (coin.price / coin.ath - 1) * 100 : null,
    fromAtl: coin.price !== null && coin.atl ? (coin.price / coin.atl - 1) * 100 : null,
    returns: periodReturns(series, now),
    bestDay,
    worstDay,
    upDays: returns.length ? (returns.filter((r) => r > 0).length / returns.length) * 100 : null,
    correlationBtc: coin.isBitcoin ? 1 : aligned ? correlation(aligned.a, aligned.b) : null,
    betaBtc: coin.isBitcoin ? 1 : aligned ? beta(aligned.a, aligned.b) : null,
    avgTurnover30d: avgVolume30d !== null && coin.marketCap ? (avgVolume30d / coin.marketCap) * 100 : null,
    avgVolume30d,
  };
}

/**
 * Points of a simple line/bar chart scaled into a box: x evenly spaced, y from 0 (or the
 * minimum when `fromZero` is false) to the maximum. Used by the inline SVG charts.
 */
export function chartPoints(
  values: readonly number[],
  width: number,
  height: number,
  fromZero = true,
): { x: number; y: number; h: number }[] {
  if (values.length === 0) return [];
  const max = Math.max(...values);
  const min = fromZero ? Math.min(0, ...values) : Math.min(...values);
  const span = max - min || 1;
  const step = values.length > 1 ? width / (values.length - 1) : 0;
  return values.map((v, i) => {
    const h = ((v - min) / span) * height;
    return { x: i * step, y: height - h, h };
  });
}
