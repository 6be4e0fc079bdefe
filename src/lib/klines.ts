/**
 * Candlestick (kline) arithmetic shared by the server and the chart islands: the intervals
 * and time ranges the product offers, UTC bucket alignment (weeks start on Monday), range
 * windows and the roll-up of fine candles into coarser ones. Pure; no I/O.
 */

export const KLINE_INTERVALS = ['1m', '5m', '15m', '1h', '4h', '1d', '1w'] as const;
export type KlineInterval = (typeof KLINE_INTERVALS)[number];

export const KLINE_RANGES = ['1D', '1W', '1M', '3M', '6M', '1Y', 'YTD', 'ALL'] as const;
export type KlineRange = (typeof KLINE_RANGES)[number];

/** The ranges of the coin overview's chart, as CoinGecko offers them (the kline page offers all of the above). */
export const PRICE_CHART_RANGES = ['1D', '1W', '1M', '3M', '1Y', 'YTD', 'ALL'] as const;

/** Stored intervals; the others are rolled up from one of these. */
type StoredInterval = '1m' | '1h' | '1d';

export interface KlineCandle {
  /** Open time, Unix ms (UTC bucket start). */
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
  /** Quote (USD) volume. */
  volume: number;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** 1970-01-05, the first Monday of Unix time (Unix day 0 was a Thursday). */
const FIRST_MONDAY = 4 * DAY;

export const INTERVAL_MS: Record<KlineInterval, number> = {
  '1m': MINUTE,
  '5m': 5 * MINUTE,
  '15m': 15 * MINUTE,
  '1h': HOUR,
  '4h': 4 * HOUR,
  '1d': DAY,
  '1w': 7 * DAY,
};

/** Which stored series an interval is read from. */
export const SOURCE_INTERVAL: Record<KlineInterval, StoredInterval> = {
  '1m': '1m',
  '5m': '1m',
  '15m': '1m',
  '1h': '1h',
  '4h': '1h',
  '1d': '1d',
  '1w': '1d',
};

/** The range shown when none is asked for: a readable number of candles per interval. */
export const DEFAULT_RANGE: Record<KlineInterval, KlineRange> = {
  '1m': '1D',
  '5m': '1D',
  '15m': '1D',
  '1h': '1M',
  '4h': '3M',
  '1d': '1Y',
  '1w': 'ALL',
};

/** At most this many candles in one answer; longer windows keep the most recent candles. */
export const MAX_CANDLES = 1000;

export function isKlineInterval(value: unknown): value is KlineInterval {
  return typeof value === 'string' && (KLINE_INTERVALS as readonly string[]).includes(value);
}

export function isKlineRange(value: unknown): value is KlineRange {
  return typeof value === 'string' && (KLINE_RANGES as readonly string[]).includes(value);
}

/**
 * The UTC start of the bucket of `interval` that contains `ms`; weeks start on Monday 00:00 UTC,
 * 4-hour buckets at 00, 04, 08 … UTC.
 * @example bucketStart(Date.UTC(2026, 10, 20, 13, 7), '15m') // Date.UTC(2026, 10, 20, 13, 0)
 */
export function bucketStart(ms: number, interval: KlineInterval): number {
  const size = INTERVAL_MS[interval];
  const origin = interval === '1w' ? FIRST_MONDAY : 0;
  return Math.floor((ms - origin) / size) * size + origin;
}

/**
 * The start of a time range ending at `now`: 1D/1W are 1 and 7 days, 1M/3M/6M/1Y calendar
 * months and years back (UTC, the day clamped to the month's length), YTD 1 January UTC of
 * now's year, ALL null (no lower bound).
 * @example rangeStart('1M', Date.UTC(2026, 2, 31)) // Date.UTC(2026, 1, 28)
 */
export function rangeStart(range: KlineRange, now: number): number | null {
  const d = new Date(now);
  const monthsBack = (n: number) => {
    const y = d.getUTCFullYear();
    const m = d.getUTCMonth() - n;
    const lastDay = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
    return Date.UTC(
      y,
      m,
      Math.min(d.getUTCDate(), lastDay),
      d.getUTCHours(),
      d.getUTCMinutes(),
      d.getUTCSeconds(),
      d.getUTCMilliseconds(),
    );
  };
  switch (range) {
    case '1D':
      return now - DAY;
    case '1W':
      return now - 7 * DAY;
    case '1M':
      return monthsBack(1);
    case '3M':
      return monthsBack(3);
    case '6M':
      return monthsBack(6);
    case '1Y':
      return monthsBack(12);
    case 'YTD':
      return Date.UTC(d.getUTCFullYear(), 0, 1);
    case 'ALL':
      return null;
  }
}

/**
 * The window of source candles to read for `interval` between `from` and `to` (ms, `to`
 * exclusive): `from` aligned down to a bucket so the first candle is whole, and moved forward
 * so at most `max` candles come out.
 */
export function candleWindow(
  interval: KlineInterval,
  from: number | null,
  to: number,
  max = MAX_CANDLES,
): { from: number; to: number; capped: boolean } {
  const earliest = bucketStart(to - 1, interval) - (max - 1) * INTERVAL_MS[interval];
  const start = from === null ? earliest : bucketStart(from, interval);
  return start < earliest ? { from: earliest, to, capped: true } : { from: start, to, capped: false };
}

/**
 * Rolls candles (oldest first, any finer interval) up into `interval` buckets: open of the
 * first, close of the last, highest high, lowest low, summed volume. Buckets without candles
 * are left out.
 * @example rollUp(minuteCandles, '5m')
 */
export function rollUp(candles: readonly KlineCandle[], interval: KlineInterval): KlineCandle[] {
  const out: KlineCandle[] = [];
  let current: KlineCandle | undefined;
  for (const c of candles) {
    const time = bucketStart(c.time, interval);
    if (current && current.time === time) {
      current.close = c.close;
      if (c.high > current.high) current.high = c.high;
      if (c.low < current.low) current.low = c.low;
      current.volume += c.volume;
    } else {
      current = { time, open: c.open, high: c.high, low: c.low, close: c.close, volume: c.volume };
      out.push(current);
    }
  }
  return out;
}

/**
 * The last candle after a live price at time `at`: inside the last candle's bucket the close
 * moves and the extremes widen; past it a new candle opens at the previous close. Returns null
 * for a tick older than the last candle or an invalid price. Does not modify `last`.
 */
export function applyTick(
  last: KlineCandle | undefined,
  price: number,
  at: number,
  interval: KlineInterval,
): KlineCandle | null {
  if (!(price > 0) || !Number.isFinite(at)) return null;
  const time = bucketStart(at, interval);
  if (!last) return { time, open: price, high: price, low: price, close: price, volume: 0 };
  if (time < last.time) return null;
  if (time === last.time) {
    return { ...last, close: price, high: Math.max(last.high, price), low: Math.min(last.low, price) };
  }
  const open = last.close;
  return { time, open, high: Math.max(open, price), low: Math.min(open, price), close: price, volume: 0 };
}
