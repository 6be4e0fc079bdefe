/**
 * Pure formulas behind the coin detail tabs (no I/O): market depth and spread, holder groups,
 * fund-flow windows, rating aggregates, time ranges and the inline charts' points; the price
 * analysis from daily closes is in priceAnalysis.ts. The queries that feed them live in the
 * tabs' read models (coin.server.ts and its siblings).
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

/** Every coin detail tab of SPEC §2 and the historical data (issue 25), in display order; the first is the default. */
export const COIN_TABS = [
  'overview',
  'introduce',
  'market',
  'historical-data',
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
