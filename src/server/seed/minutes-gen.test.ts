import { describe, expect, it } from 'vitest';
import { cmpDec, dec, sumDec } from './decimal.ts';
import type { Candle } from './history.ts';
import { MINUTE, minuteCandles, splitHour } from './minutes-gen.ts';
import { Rng } from './random.ts';

const HOUR_T = Date.UTC(2026, 10, 20, 11);

const hours: Candle[] = [
  { t: HOUR_T, o: 43_210.12, h: 43_800.5, l: 42_950.01, c: 43_555.55, v: 1_234_567_890.123 },
  { t: HOUR_T, o: 1.0002, h: 1.0004, l: 0.9998, c: 0.9999, v: 5_000_000 },
  { t: HOUR_T, o: 0.00001234, h: 0.00001301, l: 0.00001201, c: 0.00001201, v: 777.7 },
  // A flat hour: open = close = high = low.
  { t: HOUR_T, o: 2.5, h: 2.5, l: 2.5, c: 2.5, v: 10 },
];

describe('splitHour', () => {
  it.each(hours.map((h, i) => [i, h] as const))('rolls up exactly to hour #%i', (_i, hour) => {
    for (let seed = 1; seed <= 20; seed++) {
      const minutes = splitHour(new Rng(seed), hour);
      expect(minutes).toHaveLength(60);
      expect(minutes.map((m) => m.t)).toEqual(minutes.map((_, k) => HOUR_T + k * MINUTE));
      expect(minutes[0]!.o).toBe(hour.o);
      expect(minutes[59]!.c).toBe(hour.c);
      expect(Math.max(...minutes.map((m) => m.h))).toBe(hour.h);
      expect(Math.min(...minutes.map((m) => m.l))).toBe(hour.l);
      minutes.forEach((m, k) => {
        expect(m.h).toBeGreaterThanOrEqual(Math.max(m.o, m.c));
        expect(m.l).toBeLessThanOrEqual(Math.min(m.o, m.c));
        expect(m.l).toBeGreaterThan(0);
        expect(Number(m.v)).toBeGreaterThan(0);
        if (k > 0) expect(dec(m.o)).toBe(dec(minutes[k - 1]!.c));
      });
      expect(cmpDec(sumDec(minutes.map((m) => m.v)), dec(hour.v))).toBe(0);
    }
  });

  it('moves inside the hour (not a straight line)', () => {
    const minutes = splitHour(new Rng(7), hours[0]!);
    const distinct = new Set(minutes.map((m) => m.c));
    expect(distinct.size).toBeGreaterThan(30);
  });
});

describe('minuteCandles', () => {
  it('splits the last hours of a series and is deterministic per coin', () => {
    const hourly: Candle[] = Array.from({ length: 30 }, (_, k) => ({
      t: HOUR_T + k * 3_600_000,
      o: 100 + k,
      c: 101 + k,
      h: 102 + k,
      l: 99 + k,
      v: 1000,
    }));
    const a = minuteCandles('bitcoin', hourly, 24);
    expect(a).toHaveLength(24 * 60);
    expect(a[0]!.t).toBe(hourly[6]!.t);
    expect(a.at(-1)!.c).toBe(hourly.at(-1)!.c);
    expect(minuteCandles('bitcoin', hourly, 24)).toEqual(a);
    expect(minuteCandles('ethereum', hourly, 24)).not.toEqual(a);
  });
});
