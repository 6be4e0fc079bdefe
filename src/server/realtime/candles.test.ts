import { describe, expect, it } from 'vitest';
import { applyPrice, mergeCandle, openTimeOf, rollUp } from './candles.ts';

describe('candle roll-up', () => {
  it('keeps the open, extends high and low, closes at the last price and adds volumes', () => {
    let c = applyPrice(undefined, 10, 1, 9.5);
    expect(c).toEqual({ open: 9.5, high: 10, low: 9.5, close: 10, volume: 1 });
    c = applyPrice(c, 11, 2);
    c = applyPrice(c, 9, 0.5);
    c = applyPrice(c, 9.8, 1.5);
    expect(c).toEqual({ open: 9.5, high: 11, low: 9, close: 9.8, volume: 5 });
  });

  it('merges a stored candle with a later one the way the upsert does', () => {
    const stored = { open: 100, high: 105, low: 99, close: 101, volume: 10 };
    expect(mergeCandle(stored, { open: 101, high: 102, low: 97, close: 98, volume: 3 })).toEqual({
      open: 100,
      high: 105,
      low: 97,
      close: 98,
      volume: 13,
    });
    expect(mergeCandle(stored, { open: 101, high: 110, low: 100, close: 108, volume: 0 })).toMatchObject({
      high: 110,
      low: 99,
      close: 108,
    });
  });

  it('finds the UTC candle containing a time', () => {
    const at = Date.UTC(2026, 10, 22, 13, 47, 12, 5);
    expect(openTimeOf(at, '1m')).toBe(Date.UTC(2026, 10, 22, 13, 47));
    expect(openTimeOf(at, '1h')).toBe(Date.UTC(2026, 10, 22, 13));
    expect(openTimeOf(at, '1d')).toBe(Date.UTC(2026, 10, 22));
  });

  it('rolls a round of ticks into one candle per coin, interval and period', () => {
    const t0 = Date.UTC(2026, 10, 22, 13, 59, 30);
    const out = rollUp([
      { coinId: 'bitcoin', price: 100, previous: 99, at: t0, volume: 1 },
      { coinId: 'ethereum', price: 10, at: t0, volume: 2 },
      { coinId: 'bitcoin', price: 102, at: t0 + 20_000, volume: 1 },
      // the next minute and the next hour
      { coinId: 'bitcoin', price: 98, previous: 102, at: t0 + 40_000, volume: 4 },
    ]);
    const find = (id: string, interval: string, openTime: number) =>
      out.find((k) => k.coinId === id && k.interval === interval && k.openTime === openTime);
    expect(out).toHaveLength(8); // bitcoin: 2×1m, 2×1h, 1×1d; ethereum: 1m, 1h, 1d
    expect(find('bitcoin', '1m', Date.UTC(2026, 10, 22, 13, 59))).toMatchObject({
      open: 99,
      high: 102,
      low: 99,
      close: 102,
      volume: 2,
    });
    expect(find('bitcoin', '1m', Date.UTC(2026, 10, 22, 14, 0))).toMatchObject({
      open: 102,
      high: 102,
      low: 98,
      close: 98,
      volume: 4,
    });
    expect(find('bitcoin', '1h', Date.UTC(2026, 10, 22, 13))).toMatchObject({ open: 99, close: 102 });
    expect(find('bitcoin', '1h', Date.UTC(2026, 10, 22, 14))).toMatchObject({ open: 102, close: 98 });
    expect(find('bitcoin', '1d', Date.UTC(2026, 10, 22))).toMatchObject({
      open: 99,
      high: 102,
      low: 98,
      close: 98,
      volume: 6,
    });
    expect(find('ethereum', '1d', Date.UTC(2026, 10, 22))).toMatchObject({
      open: 10,
      high: 10,
      low: 10,
      close: 10,
      volume: 2,
    });
  });
});
