import { describe, expect, it } from 'vitest';
import { KIND_OPTIONS, position, RANK_KINDS, roiMultiple, scopeLimit, turnoverRate } from './rankings.server.ts';

describe('ranking formulas', () => {
  it.each([
    [50, 1000, 5],
    [2000, 1000, 200],
    [0, 1000, 0],
    [null, 1000, null],
    [50, null, null],
    [50, 0, null],
    [50, -1, null],
  ])('turnover rate of volume %s over market cap %s is %s %%', (volume, cap, expected) => {
    expect(turnoverRate(volume, cap)).toBe(expected);
  });

  it.each([
    [1, 0.1, 10],
    [0.05, 0.1, 0.5],
    [0, 0.1, 0],
    [1, 0, null],
    [null, 0.1, null],
    [1, null, null],
  ])('ROI of price %s over offering price %s is %s×', (now, offer, expected) => {
    expect(roiMultiple(now, offer)).toBe(expected);
  });

  it('continues positions across pages', () => {
    expect(position(1, 10, 0)).toBe(1);
    expect(position(3, 20, 4)).toBe(45);
  });

  it('maps scopes to market-cap rank limits', () => {
    expect(scopeLimit('top100')).toBe(100);
    expect(scopeLimit('top200')).toBe(200);
    expect(scopeLimit('all')).toBeNull();
  });

  it('covers the ten ranking kinds of SPEC §2, each with its options', () => {
    expect(RANK_KINDS).toHaveLength(10);
    expect(Object.keys(KIND_OPTIONS).sort()).toEqual([...RANK_KINDS].sort());
    expect(KIND_OPTIONS.rise.period).toBe(true);
    expect(KIND_OPTIONS['coin-flow'].window).toBe(true);
    expect(KIND_OPTIONS['exchange-flow'].scope).toBeUndefined();
  });
});
