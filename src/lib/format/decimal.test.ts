import { describe, expect, it } from 'vitest';
import {
  decimalOf,
  groupThousands,
  roundDecimals,
  roundSignificant,
  subscriptDigits,
  toNumber,
  toPlain,
} from './decimal';

describe('toNumber', () => {
  it.each([
    [1.5, 1.5],
    ['1.5', 1.5],
    [' -2e3 ', -2000],
    ['+.5', 0.5],
    ['5.', 5],
    ['', Number.NaN],
    ['1,5', Number.NaN],
    ['0x1f', Number.NaN],
    ['Infinity', Number.NaN],
    [null, Number.NaN],
    [undefined, Number.NaN],
    [true, Number.NaN],
    [{}, Number.NaN],
  ] as [unknown, number][])('%j → %s', (value, expected) => {
    expect(toNumber(value)).toBe(expected);
  });
});

describe('decimal rounding (half away from zero on the shortest decimal form)', () => {
  it.each([
    [0.012345, 4, '0.01235'],
    [1.005, 3, '1.01'],
    [-1.005, 3, '-1.01'],
    [9.9995, 4, '10'],
    [999999.5, 6, '1000000'],
    [0.000123449, 4, '0.0001234'],
    [123.456, 2, '120'],
    [5, 1, '5'],
  ])('%s to %s significant digits → %s', (value, n, expected) => {
    const r = roundSignificant(decimalOf(value), n);
    expect((r.neg ? '-' : '') + toPlain(r)).toBe(expected);
  });

  it.each([
    [1.005, 2, '1.01'],
    [1.004, 2, '1.00'],
    [0.004, 2, '0.00'],
    [0.005, 2, '0.01'],
    [0.5, 0, '1'],
    [0.4, 0, '0'],
    [0.0004, 0, '0'],
    [9.995, 2, '10.00'],
    [1234.5, 0, '1235'],
  ])('%s to %s decimals → %s', (value, n, expected) => {
    expect(toPlain(roundDecimals(decimalOf(value), n), { minDecimals: n })).toBe(expected);
  });
});

describe('helpers', () => {
  it.each([
    ['0', '0'],
    ['999', '999'],
    ['1000', '1,000'],
    ['1234567', '1,234,567'],
    ['12345678901', '12,345,678,901'],
  ])('groupThousands(%s) → %s', (int, expected) => {
    expect(groupThousands(int)).toBe(expected);
  });

  it.each([
    [0, '₀'],
    [7, '₇'],
    [8, '₈'],
    [10, '₁₀'],
    [1234567890, '₁₂₃₄₅₆₇₈₉₀'],
  ])('subscriptDigits(%s) → %s', (n, expected) => {
    expect(subscriptDigits(n)).toBe(expected);
  });
});
