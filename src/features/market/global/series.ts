/**
 * The rules of the whole-market series that need no database: the ranges a reader may ask for,
 * which resolution draws each, the window a range covers, the slots a snapshot belongs to and
 * the dominance of BTC and ETH. Shared by the read model, the recorder, the routes and the tests.
 */

export const GLOBAL_RANGES = ['1d', '7d', '1m', '3m', '1y', 'ytd', 'all'] as const;
export type GlobalRange = (typeof GLOBAL_RANGES)[number];
export const DEFAULT_GLOBAL_RANGE: GlobalRange = '1m';
/** The home page's small chart. */
export const SPARK_RANGE: GlobalRange = '7d';

export const SNAPSHOT_INTERVALS = ['5m', '1h', '1d'] as const;
export type SnapshotInterval = (typeof SNAPSHOT_INTERVALS)[number];

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;
/** Each resolution's slot length. */
export const INTERVAL_MS: Record<SnapshotInterval, number> = { '5m': 5 * MINUTE, '1h': HOUR, '1d': DAY };

/** How long each resolution is kept: a day of 5-minute points needs two to cover any window, a month of hourly ones 40. */
export const KEEP_MS: Partial<Record<SnapshotInterval, number>> = { '5m': 2 * DAY, '1h': 40 * DAY };

/** The fixed ranges' lengths; ytd and all are measured from the data. */
const RANGE_MS: Partial<Record<GlobalRange, number>> = {
  '1d': DAY,
  '7d': 7 * DAY,
  '1m': 30 * DAY,
  '3m': 90 * DAY,
  '1y': 365 * DAY,
};

/**
 * The resolution that draws a window of `spanMs`: 5-minute points up to a day, hourly ones up to
 * a month (31 days, so YTD in January is hourly too), daily ones beyond.
 * @example resolutionFor(7 * DAY) // '1h'
 */
export function resolutionFor(spanMs: number): SnapshotInterval {
  if (spanMs <= DAY) return '5m';
  if (spanMs <= 31 * DAY) return '1h';
  return '1d';
}

/**
 * The window of a range ending at `end` (the newest snapshot): points after `after` up to `end`.
 * `earliest` is the oldest stored snapshot, which bounds `all`.
 * @example rangeWindow('ytd', Date.UTC(2026, 10, 20), 0).after // Date.UTC(2026, 0, 1) - 1
 */
export function rangeWindow(
  range: GlobalRange,
  end: number,
  earliest: number,
): { after: number; spanMs: number; interval: SnapshotInterval } {
  const fixed = RANGE_MS[range];
  let after: number;
  if (fixed !== undefined) after = end - fixed;
  else if (range === 'ytd') after = Date.UTC(new Date(end).getUTCFullYear(), 0, 1) - 1;
  else after = Math.min(earliest, end) - 1;
  const spanMs = end - after;
  return { after, spanMs, interval: resolutionFor(spanMs) };
}

/**
 * The resolution to draw with: the range's own while it has two points in the window, else the
 * one with the most (a history shorter than the range, a resolution not recorded yet).
 * @example pickInterval('5m', { '5m': 1, '1h': 0, '1d': 3 }) // '1d'
 */
export function pickInterval(wanted: SnapshotInterval, counts: Partial<Record<SnapshotInterval, number>>) {
  if ((counts[wanted] ?? 0) >= 2) return wanted;
  let best = wanted;
  for (const i of SNAPSHOT_INTERVALS) if ((counts[i] ?? 0) > (counts[best] ?? 0)) best = i;
  return best;
}

/**
 * The start of the slot of each resolution that `now` falls in (UTC): a snapshot taken inside a
 * slot stands for it until the next one in the same slot replaces it.
 * @example slotsOf(Date.UTC(2026, 0, 1, 10, 7)) // { '5m': …10:05, '1h': …10:00, '1d': …00:00 }
 */
export function slotsOf(now: number): Record<SnapshotInterval, Date> {
  const floor = (ms: number) => new Date(Math.floor(now / ms) * ms);
  return { '5m': floor(INTERVAL_MS['5m']), '1h': floor(HOUR), '1d': floor(DAY) };
}

/**
 * A coin's share of the whole market cap in percent, or null when the market cap is not a
 * positive number (an empty market has no dominance).
 * @example dominance(50, 200) // 25
 */
export function dominance(cap: number, marketCap: number): number | null {
  if (!Number.isFinite(cap) || !Number.isFinite(marketCap) || marketCap <= 0) return null;
  return (Math.max(0, cap) / marketCap) * 100;
}

/**
 * A range from a page URL, leniently: anything unknown is the default (a stale bookmark still shows).
 * @example readGlobalRange('7d') // '7d'
 */
export function readGlobalRange(raw: string | null | undefined): GlobalRange {
  const r = (raw ?? '').toLowerCase();
  return (GLOBAL_RANGES as readonly string[]).includes(r) ? (r as GlobalRange) : DEFAULT_GLOBAL_RANGE;
}

/**
 * The words saying where a chart's points come from and how old the newest is, from the page's
 * translator: recorded from live prices or from the simulated market, or seeded (demo).
 * @example sourceWords(t, { source: 'live', age: '3 minutes ago', count: 572 }) // 'Recorded by Coinlens from …, updated 3 minutes ago'
 */
export function sourceWords(
  t: (key: string, options: { count: number; age: string }) => string,
  o: { source: string | null; age: string; count: number },
): string {
  const key = o.source === 'demo' ? 'seeded' : o.source === 'sim' ? 'recordedSim' : 'recordedLive';
  return t(`globalCharts.${key}`, { count: o.count, age: o.age });
}
