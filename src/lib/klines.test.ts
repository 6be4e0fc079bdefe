import { describe, expect, it } from 'vitest';
import {
  applyTick,
  bucketStart,
  candleWindow,
  INTERVAL_MS,
  MAX_CANDLES,
  rangeStart,
  rollUp,
  type KlineCandle,
} from './klines.ts';

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

describe('bucketStart', () => {
  it('aligns minutes and hours to UTC multiples', () => {
    const t = Date.UTC(2026, 10, 20, 13, 7, 42, 5);
    expect(bucketStart(t, '1m')).toBe(Date.UTC(2026, 10, 20, 13, 7));
    expect(bucketStart(t, '5m')).toBe(Date.UTC(2026, 10, 20, 13, 5));
    expect(bucketStart(t, '15m')).toBe(Date.UTC(2026, 10, 20, 13, 0));
    expect(bucketStart(t, '1h')).toBe(Date.UTC(2026, 10, 20, 13));
    expect(bucketStart(t, '4h')).toBe(Date.UTC(2026, 10, 20, 12));
    expect(bucketStart(t, '1d')).toBe(Date.UTC(2026, 10, 20));
  });

  it('starts weeks on Monday 00:00 UTC', () => {
    // 2026-11-16 is a Monday; 2026-11-22 a Sunday.
    expect(bucketStart(Date.UTC(2026, 10, 22, 23, 59), '1w')).toBe(Date.UTC(2026, 10, 16));
    expect(bucketStart(Date.UTC(2026, 10, 16), '1w')).toBe(Date.UTC(2026, 10, 16));
    expect(bucketStart(Date.UTC(2026, 10, 15, 23, 59), '1w')).toBe(Date.UTC(2026, 10, 9));
    expect(new Date(bucketStart(Date.UTC(2024, 1, 29), '1w')).getUTCDay()).toBe(1);
  });

  it('keeps a bucket start a fixed point', () => {
    for (const interval of Object.keys(INTERVAL_MS) as (keyof typeof INTERVAL_MS)[]) {
      const b = bucketStart(Date.UTC(2025, 6, 3, 17, 33), interval);
      expect(bucketStart(b, interval)).toBe(b);
      expect(bucketStart(b - 1, interval)).toBe(b - INTERVAL_MS[interval]);
    }
  });
});

describe('rangeStart', () => {
  const now = Date.UTC(2026, 2, 31, 10, 30);
  it('goes back days, calendar months and years', () => {
    expect(rangeStart('1D', now)).toBe(now - DAY);
    expect(rangeStart('1W', now)).toBe(now - 7 * DAY);
    expect(rangeStart('1M', now)).toBe(Date.UTC(2026, 1, 28, 10, 30));
    expect(rangeStart('3M', now)).toBe(Date.UTC(2025, 11, 31, 10, 30));
    expect(rangeStart('6M', now)).toBe(Date.UTC(2025, 8, 30, 10, 30));
    expect(rangeStart('1Y', now)).toBe(Date.UTC(2025, 2, 31, 10, 30));
    expect(rangeStart('1Y', Date.UTC(2028, 1, 29))).toBe(Date.UTC(2027, 1, 28));
  });
  it('YTD starts on 1 January UTC; ALL has no start', () => {
    expect(rangeStart('YTD', now)).toBe(Date.UTC(2026, 0, 1));
    expect(rangeStart('ALL', now)).toBeNull();
  });
});

describe('candleWindow', () => {
  const to = Date.UTC(2026, 10, 20, 12, 34);
  it('aligns the start down to a whole bucket', () => {
    expect(candleWindow('1w', Date.UTC(2026, 10, 19), to)).toEqual({ from: Date.UTC(2026, 10, 16), to, capped: false });
    expect(candleWindow('4h', Date.UTC(2026, 10, 19, 7), to).from).toBe(Date.UTC(2026, 10, 19, 4));
  });
  it('caps long windows to the most recent candles', () => {
    const w = candleWindow('1m', to - 30 * DAY, to);
    expect(w.capped).toBe(true);
    expect((bucketStart(to - 1, '1m') - w.from) / MIN + 1).toBe(MAX_CANDLES);
    expect(candleWindow('1d', null, to, 10)).toEqual({ from: Date.UTC(2026, 10, 11), to, capped: false });
  });
});

describe('rollUp', () => {
  const minutes: KlineCandle[] = [
    { time: Date.UTC(2026, 0, 1, 0, 3), open: 10, high: 12, low: 9, close: 11, volume: 1 },
    { time: Date.UTC(2026, 0, 1, 0, 4), open: 11, high: 15, low: 10, close: 14, volume: 2 },
    { time: Date.UTC(2026, 0, 1, 0, 5), open: 14, high: 14, low: 8, close: 9, volume: 4 },
    { time: Date.UTC(2026, 0, 1, 0, 9), open: 9, high: 10, low: 7, close: 10, volume: 8 },
    // A gap: 00:10–00:14 has no candles.
    { time: Date.UTC(2026, 0, 1, 0, 15), open: 10, high: 11, low: 10, close: 11, volume: 16 },
  ];

  it('takes first open, last close, extremes and the volume sum per bucket', () => {
    expect(rollUp(minutes, '5m')).toEqual([
      { time: Date.UTC(2026, 0, 1, 0, 0), open: 10, high: 15, low: 9, close: 14, volume: 3 },
      { time: Date.UTC(2026, 0, 1, 0, 5), open: 14, high: 14, low: 7, close: 10, volume: 12 },
      { time: Date.UTC(2026, 0, 1, 0, 15), open: 10, high: 11, low: 10, close: 11, volume: 16 },
    ]);
    expect(rollUp(minutes, '15m')).toEqual([
      { time: Date.UTC(2026, 0, 1), open: 10, high: 15, low: 7, close: 10, volume: 15 },
      { time: Date.UTC(2026, 0, 1, 0, 15), open: 10, high: 11, low: 10, close: 11, volume: 16 },
    ]);
  });

  it('rolls days into Monday weeks and leaves its input alone', () => {
    const days: KlineCandle[] = Array.from({ length: 10 }, (_, i) => ({
      time: Date.UTC(2026, 10, 13 + i), // Fri 13 … Sun 22 Nov 2026
      open: 100 + i,
      high: 110 + i,
      low: 90 - i,
      close: 101 + i,
      volume: 1,
    }));
    const copy = structuredClone(days);
    const weeks = rollUp(days, '1w');
    expect(weeks.map((w) => new Date(w.time).toISOString().slice(0, 10))).toEqual(['2026-11-09', '2026-11-16']);
    expect(weeks[0]).toEqual({ time: Date.UTC(2026, 10, 9), open: 100, high: 112, low: 88, close: 103, volume: 3 });
    expect(weeks[1]).toEqual({ time: Date.UTC(2026, 10, 16), open: 103, high: 119, low: 81, close: 110, volume: 7 });
    expect(days).toEqual(copy);
    expect(rollUp([], '1w')).toEqual([]);
  });
});

describe('applyTick', () => {
  const last: KlineCandle = { time: Date.UTC(2026, 0, 1, 10), open: 100, high: 105, low: 95, close: 101, volume: 50 };
  it('moves the close and widens the extremes inside the bucket', () => {
    expect(applyTick(last, 107, Date.UTC(2026, 0, 1, 10, 30), '1h')).toEqual({ ...last, close: 107, high: 107 });
    expect(applyTick(last, 99, Date.UTC(2026, 0, 1, 10, 59), '1h')).toEqual({ ...last, close: 99 });
  });
  it('opens a new candle at the previous close past the boundary', () => {
    expect(applyTick(last, 98, Date.UTC(2026, 0, 1, 11, 0, 1), '1h')).toEqual({
      time: Date.UTC(2026, 0, 1, 11),
      open: 101,
      high: 101,
      low: 98,
      close: 98,
      volume: 0,
    });
  });
  it('ignores old ticks and invalid prices', () => {
    expect(applyTick(last, 98, Date.UTC(2026, 0, 1, 9), '1h')).toBeNull();
    expect(applyTick(last, Number.NaN, Date.UTC(2026, 0, 1, 10, 5), '1h')).toBeNull();
    expect(applyTick(last, 0, Date.UTC(2026, 0, 1, 10, 5), '1h')).toBeNull();
  });
});
