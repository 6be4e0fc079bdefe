import { describe, expect, it } from 'vitest';
import { expectedVolume } from './exchanges/exchanges.server.ts';
import { spreadRate } from './pairs/pairs.server.ts';
import { convert } from '../../server/rates/rates.ts';
import { percentOf } from '../../server/db/numbers.ts';

describe('expectedVolume (SPEC §9)', () => {
  it.each([
    // perVisit, monthly visits, reported → expected
    [10, 3_000_000, 5_000_000, 1_000_000], // 10 × 100k daily visits
    [10, 3_000_000, 500_000, 500_000], // capped at the reported volume
    [10, 0, 500_000, null],
    [10, null, 500_000, null],
    [10, 3_000_000, null, null],
    [0, 3_000_000, 500_000, 0],
  ])('perVisit %d × visits %d (reported %d) → %d', (perVisit, visits, reported, expected) => {
    expect(expectedVolume(perVisit, visits, reported)).toBe(expected);
  });
});

describe('spreadRate (SPEC §9)', () => {
  it.each([
    [99, 100, 1],
    [100, 100, 0],
    [99.5, 100, 0.5],
    [null, 100, null],
    [99, null, null],
    [99, 0, null],
    [101, 100, null], // crossed book
  ])('bid %s ask %s → %s%%', (bid, ask, expected) => {
    const result = spreadRate(bid, ask);
    if (expected === null) expect(result).toBeNull();
    else expect(result).toBeCloseTo(expected, 10);
  });
});

describe('convert and percentOf', () => {
  it('converts USD with a rate table, USD always 1', () => {
    expect(convert(100, 'EUR', { EUR: 0.9 })).toBeCloseTo(90);
    expect(convert(100, 'USD', {})).toBe(100);
    expect(convert(100, 'JPY', {})).toBeNull();
    expect(convert(null, 'EUR', { EUR: 0.9 })).toBeNull();
  });
  it('percentOf guards zero and missing values', () => {
    expect(percentOf(1, 4)).toBe(25);
    expect(percentOf(1, 0)).toBeNull();
    expect(percentOf(null, 4)).toBeNull();
  });
});
