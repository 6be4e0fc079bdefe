import { describe, expect, it } from 'vitest';
import type { NumberInput } from './number';
import { formatPercent, trend, type Trend } from './percent';

describe('formatPercent', () => {
  it.each([
    ['', ''],
    ['null', null],
    ['undefined', undefined],
    ['NaN', Number.NaN],
    ['Infinity', Number.POSITIVE_INFINITY],
    ['-Infinity', Number.NEGATIVE_INFINITY],
    ["'abc'", 'abc'],
    ["'  '", '  '],
    ["'1.2%'", '1.2%'],
  ] as [string, NumberInput][])('%s → --', (_label, value) => {
    expect(formatPercent(value)).toBe('--');
    expect(formatPercent(value, { sign: false, decimals: 0 })).toBe('--');
  });

  it.each([
    [0, '0.00%'],
    [-0, '0.00%'],
    ['0', '0.00%'],
    [1.23, '+1.23%'],
    [1.234, '+1.23%'],
    [1.235, '+1.24%'],
    [1.005, '+1.01%'],
    [-1.005, '-1.01%'],
    [-0.5, '-0.50%'],
    [0.5, '+0.50%'],
    [0.001, '0.00%'],
    [-0.001, '0.00%'],
    [0.005, '+0.01%'],
    [-0.005, '-0.01%'],
    [99.999, '+100.00%'],
    [100, '+100.00%'],
    [-100, '-100.00%'],
    [12345.678, '+12345.68%'],
    [1e-9, '0.00%'],
    ['1.5', '+1.50%'],
    ['-2', '-2.00%'],
    [' 3.14159 ', '+3.14%'],
  ] as [NumberInput, string][])('%s → %s', (value, expected) => {
    expect(formatPercent(value)).toBe(expected);
    expect(formatPercent(value, {})).toBe(expected);
  });

  it.each([
    [1.23, { sign: false }, '1.23%'],
    [-0.5, { sign: false }, '-0.50%'],
    [0, { sign: false }, '0.00%'],
    [1.5, { decimals: 0 }, '+2%'],
    [-1.5, { decimals: 0 }, '-2%'],
    [0.4, { decimals: 0 }, '0%'],
    [0, { decimals: 0 }, '0%'],
    [1.23456, { decimals: 4 }, '+1.2346%'],
    [0, { decimals: 4 }, '0.0000%'],
    [-0.04, { decimals: 1 }, '0.0%'],
    [-0.05, { decimals: 1 }, '-0.1%'],
    [2, { decimals: 1, sign: false }, '2.0%'],
    [1.234, { decimals: -1 }, '+1%'],
  ] as [NumberInput, { decimals?: number; sign?: boolean }, string][])('%s %j → %s', (value, opts, expected) => {
    expect(formatPercent(value, opts)).toBe(expected);
  });
});

describe('trend', () => {
  it.each([
    [1.2, 'rise'],
    [1e-12, 'rise'],
    ['0.5', 'rise'],
    [-0.5, 'fall'],
    ['-3', 'fall'],
    [-1e-12, 'fall'],
    [0, 'flat'],
    [-0, 'flat'],
    ['0', 'flat'],
    ['', 'flat'],
    [null, 'flat'],
    [undefined, 'flat'],
    [Number.NaN, 'flat'],
    [Number.POSITIVE_INFINITY, 'flat'],
    [Number.NEGATIVE_INFINITY, 'flat'],
    ['abc', 'flat'],
  ] as [NumberInput, Trend][])('%s → %s', (value, expected) => {
    expect(trend(value)).toBe(expected);
  });
});
