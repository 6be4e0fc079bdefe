import { describe, expect, it } from 'vitest';
import {
  enoughViews,
  estimate24h,
  MIN_TRENDING_COINS,
  MIN_TRENDING_VIEWS,
  rankByViews,
  yesterdayWeight,
} from './trending.server.ts';

const at = (h: number, m = 0) => Date.UTC(2026, 2, 10, h, m);

describe('the 24-hour estimate from UTC day counts', () => {
  it('weighs yesterday by the share of today not yet elapsed', () => {
    expect(yesterdayWeight(at(0))).toBe(1);
    expect(yesterdayWeight(at(6))).toBe(0.75);
    expect(yesterdayWeight(at(12))).toBe(0.5);
    expect(yesterdayWeight(at(23, 59))).toBeCloseTo(1 / 1440, 10);
  });

  it('is today so far plus that part of yesterday', () => {
    // Just after midnight the window is yesterday, whole.
    expect(estimate24h(0, 40, at(0))).toBe(40);
    expect(estimate24h(10, 40, at(18))).toBe(20);
    expect(estimate24h(7, 0, at(9))).toBe(7);
    // Late in the day hardly any of yesterday is left.
    expect(estimate24h(3, 1000, at(23, 59))).toBeCloseTo(3 + 1000 / 1440, 6);
  });

  it('never counts a view twice or invents one', () => {
    for (const h of [0, 3, 12, 23]) {
      const e = estimate24h(5, 8, at(h));
      expect(e).toBeGreaterThanOrEqual(5);
      expect(e).toBeLessThanOrEqual(13);
    }
    expect(estimate24h(0, 0, at(12))).toBe(0);
  });
});

describe('the trending order', () => {
  const row = (id: string, today: number, yesterday: number, rank: number | null = null) => ({
    id,
    rank,
    today,
    yesterday,
  });

  it('puts the most estimated views first, whatever day they fell on', () => {
    // At 12:00 yesterday counts half: a = 10, b = 4 + 5 = 9, c = 0 + 15 = 15.
    const ranked = rankByViews([row('a', 10, 0), row('b', 4, 10), row('c', 0, 30)], at(12));
    expect(ranked).toEqual([
      { id: 'c', views: 15 },
      { id: 'a', views: 10 },
      { id: 'b', views: 9 },
    ]);
  });

  it('breaks ties by views today, then market-cap rank (unranked last), then id', () => {
    const ranked = rankByViews(
      [row('z', 5, 0, null), row('y', 5, 0, 40), row('x', 5, 0, 3), row('w', 3, 4, 1), row('v', 5, 0, null)],
      at(12),
    );
    expect(ranked.map((r) => r.id)).toEqual(['x', 'y', 'v', 'z', 'w']);
  });

  it('leaves out coins with no view in the window', () => {
    expect(rankByViews([row('a', 0, 0), row('b', 1, 0)], at(12)).map((r) => r.id)).toEqual(['b']);
  });

  it('needs enough views over enough coins before ranking by them', () => {
    const even = (coins: number, each: number) => Array.from({ length: coins }, () => ({ views: each }));
    expect(enoughViews([])).toBe(false);
    expect(enoughViews(even(MIN_TRENDING_COINS, MIN_TRENDING_VIEWS / MIN_TRENDING_COINS))).toBe(true);
    expect(enoughViews(even(MIN_TRENDING_COINS - 1, MIN_TRENDING_VIEWS))).toBe(false);
    expect(enoughViews(even(MIN_TRENDING_COINS, MIN_TRENDING_VIEWS / MIN_TRENDING_COINS - 0.5))).toBe(false);
  });
});
