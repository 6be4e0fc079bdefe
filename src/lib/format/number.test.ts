import { describe, expect, it } from 'vitest';
import { LOCALES, type Locale } from './locale';
import { CURRENCY_SYMBOLS, formatNumber, formatPrice, type NumberInput } from './number';

/** Inputs that render as '--' everywhere: empty, zero, non-numeric, non-finite. */
const EMPTIES: [string, NumberInput][] = [
  ['0', 0],
  ['-0', -0],
  ["'0'", '0'],
  ["'0.000'", '0.000'],
  ["'-0'", '-0'],
  ["''", ''],
  ["'   '", '   '],
  ['null', null],
  ['undefined', undefined],
  ['NaN', Number.NaN],
  ['Infinity', Number.POSITIVE_INFINITY],
  ['-Infinity', Number.NEGATIVE_INFINITY],
  ["'abc'", 'abc'],
  ["'12abc'", '12abc'],
  ["'1,000'", '1,000'],
  ["'Infinity'", 'Infinity'],
  ["'NaN'", 'NaN'],
  ["'0x10'", '0x10'],
  ["'1e999'", '1e999'],
  ["'.'", '.'],
  ["'-'", '-'],
];

/** |v| < 1e-7: subscript zero count + 4 significant digits, identical in every mode and locale. */
const SUBSCRIPTS: [NumberInput, string][] = [
  [0.000000001234, '0.0₈1234'],
  [1.5e-9, '0.0₈15'],
  [-2e-8, '-0.0₇2'],
  [9.9e-8, '0.0₇99'],
  [-9.9e-8, '-0.0₇99'],
  [9.999e-8, '0.0₇9999'],
  [9.9994e-8, '0.0₇9999'],
  [1.23456e-8, '0.0₇1235'],
  [1.23449e-8, '0.0₇1234'],
  [-1.23456e-8, '-0.0₇1235'],
  [1.2e-8, '0.0₇12'],
  [1.2000001e-8, '0.0₇12'],
  [9.99951e-9, '0.0₇1'],
  [1e-12, '0.0₁₁1'],
  [1.234e-20, '0.0₁₉1234'],
  [5e-324, '0.0₃₂₃5'],
  ['0.000000001234', '0.0₈1234'],
  ['1e-9', '0.0₈1'],
  ['-0.00000002', '-0.0₇2'],
];

/** Not subscripted: 1e-7 itself, and tiny values that round up to 1e-7. */
const SUBSCRIPT_BOUNDARY: [NumberInput, string][] = [
  [1e-7, '0.0000001'],
  [-1e-7, '-0.0000001'],
  ['0.0000001', '0.0000001'],
  [9.9999e-8, '0.0000001'],
  [9.99996e-8, '0.0000001'],
  [-9.99996e-8, '-0.0000001'],
];

describe('formatNumber: empty values', () => {
  const cases = EMPTIES.flatMap(([label, value]) =>
    LOCALES.flatMap((locale) => [true, false].map((abbreviate) => [label, value, locale, abbreviate] as const)),
  );
  it.each(cases)('%s (%s, abbreviate=%s) → --', (_label, value, locale, abbreviate) => {
    expect(formatNumber(value, { locale, abbreviate })).toBe('--');
  });

  it('defaults to en, 2 decimals, abbreviated', () => {
    expect(formatNumber(1234567)).toBe('1.23M');
    expect(formatNumber(1234567, {})).toBe('1.23M');
  });
});

describe('formatNumber: subscript notation below 1e-7', () => {
  const cases = [...SUBSCRIPTS, ...SUBSCRIPT_BOUNDARY].flatMap(([value, expected]) =>
    LOCALES.flatMap((locale) => [true, false].map((abbreviate) => [value, locale, abbreviate, expected] as const)),
  );
  it.each(cases)('%s (%s, abbreviate=%s) → %s', (value, locale, abbreviate, expected) => {
    expect(formatNumber(value, { locale, abbreviate })).toBe(expected);
  });
});

describe('formatNumber: |v| ≤ 1000 keeps 4 significant digits', () => {
  const rows: [NumberInput, string][] = [
    [123.456, '123.5'],
    [-123.456, '-123.5'],
    [0.012345, '0.01235'],
    [-0.012345, '-0.01235'],
    [0.00012345, '0.0001235'],
    [1.5, '1.5'],
    [1, '1'],
    [-1, '-1'],
    [0.1, '0.1'],
    [0.5, '0.5'],
    [0.30000000000000004, '0.3'],
    [1.005, '1.005'],
    [1.00049, '1'],
    [1.0005, '1.001'],
    [12.3456, '12.35'],
    [12.345, '12.35'],
    [-12.345, '-12.35'],
    [99.995, '100'],
    [100, '100'],
    [999.94, '999.9'],
    [999.95, '1000'],
    [999.99, '1000'],
    [-999.99, '-1000'],
    [1000, '1000'],
    [-1000, '-1000'],
    [123456e-8, '0.001235'],
    [1.00004e-7, '0.0000001'],
    [1.23456e-7, '0.0000001235'],
    ['123.45', '123.5'],
    [' 42 ', '42'],
    ['+7', '7'],
    ['-0.5', '-0.5'],
    ['.5', '0.5'],
    ['5.', '5'],
    ['1e3', '1000'],
    ['1E2', '100'],
    ['1000.000', '1000'],
  ];
  const cases = rows.flatMap(([value, expected]) => LOCALES.map((locale) => [value, locale, expected] as const));
  it.each(cases)('%s (%s) → %s', (value, locale, expected) => {
    expect(formatNumber(value, { locale })).toBe(expected);
  });
});

describe('formatNumber: abbreviation units', () => {
  // At most 2 decimals, trailing zeros dropped ("$10K", never "$10.00K"); a figure that rounds up
  // to the next unit takes it ("1M", never "1000K"). Chinese and Korean count in myriads:
  // 万/亿/万亿, 萬/億/萬億, 만/억/조, with figures under 1万 written out, grouped.
  /** [value, en, zh, zh-hk, ko] */
  const rows: [NumberInput, string, string, string, string][] = [
    [1000.004, '1K', '1,000', '1,000', '1,000'],
    [1000.005, '1K', '1,000.01', '1,000.01', '1,000.01'],
    [1000.5, '1K', '1,000.5', '1,000.5', '1,000.5'],
    [1500, '1.5K', '1,500', '1,500', '1,500'],
    [-1500, '-1.5K', '-1,500', '-1,500', '-1,500'],
    [5000, '5K', '5,000', '5,000', '5,000'],
    [9999, '10K', '9,999', '9,999', '9,999'],
    [9999.5, '10K', '9,999.5', '9,999.5', '9,999.5'],
    [9999.999, '10K', '1万', '1萬', '1만'],
    [10000, '10K', '1万', '1萬', '1만'],
    [-10000, '-10K', '-1万', '-1萬', '-1만'],
    [12345, '12.35K', '1.23万', '1.23萬', '1.23만'],
    [12355, '12.36K', '1.24万', '1.24萬', '1.24만'],
    [850000, '850K', '85万', '85萬', '85만'],
    [999999, '1M', '100万', '100萬', '100만'],
    [1000000, '1M', '100万', '100萬', '100만'],
    [1234567, '1.23M', '123.46万', '123.46萬', '123.46만'],
    [-1234567, '-1.23M', '-123.46万', '-123.46萬', '-123.46만'],
    [1235000, '1.24M', '123.5万', '123.5萬', '123.5만'],
    [-1235000, '-1.24M', '-123.5万', '-123.5萬', '-123.5만'],
    [99999999, '100M', '1亿', '1億', '1억'],
    [100000000, '100M', '1亿', '1億', '1억'],
    [123456789, '123.46M', '1.23亿', '1.23億', '1.23억'],
    [-123456789, '-123.46M', '-1.23亿', '-1.23億', '-1.23억'],
    [999999999, '1B', '10亿', '10億', '10억'],
    [1e9, '1B', '10亿', '10億', '10억'],
    [999999999999, '1T', '1万亿', '1萬億', '1조'],
    [1e12, '1T', '1万亿', '1萬億', '1조'],
    [1.2e12, '1.2T', '1.2万亿', '1.2萬億', '1.2조'],
    [-1.2e12, '-1.2T', '-1.2万亿', '-1.2萬億', '-1.2조'],
    [999999999999999, '1P', '1000万亿', '1000萬億', '1000조'],
    [1e15, '1P', '1000万亿', '1000萬億', '1000조'],
    [2.5e15, '2.5P', '2500万亿', '2500萬億', '2500조'],
    [2.62e15, '2.62P', '2620万亿', '2620萬億', '2620조'],
    [3e18, '3000P', '3000000万亿', '3000000萬億', '3000000조'],
    [-3e18, '-3000P', '-3000000万亿', '-3000000萬億', '-3000000조'],
    ['1234567', '1.23M', '123.46万', '123.46萬', '123.46만'],
    ['123456789.123', '123.46M', '1.23亿', '1.23億', '1.23억'],
    ['-12345', '-12.35K', '-1.23万', '-1.23萬', '-1.23만'],
    ['5000', '5K', '5,000', '5,000', '5,000'],
    ['1e12', '1T', '1万亿', '1萬億', '1조'],
  ];
  const cases = rows.flatMap(([value, en, zh, hk, ko]) => [
    [value, 'en', en] as const,
    [value, 'zh', zh] as const,
    [value, 'zh-hk', hk] as const,
    [value, 'ko', ko] as const,
  ]);
  it.each(cases)('%s (%s) → %s', (value, locale, expected) => {
    expect(formatNumber(value, { locale })).toBe(expected);
  });
});

describe('formatNumber: decimals option (the most decimals an abbreviated figure shows)', () => {
  const rows: [NumberInput, Locale, number, string][] = [
    [1234567, 'en', 0, '1M'],
    [1234567, 'en', 1, '1.2M'],
    [1234567, 'en', 3, '1.235M'],
    [1234567, 'ko', 4, '123.4567만'],
    [1500, 'en', 0, '2K'],
    [-1500, 'en', 0, '-2K'],
    [1499, 'en', 0, '1K'],
    [999500, 'en', 0, '1M'],
    [12345, 'zh', 0, '1万'],
    [12345, 'zh', 1, '1.2万'],
    [12345, 'zh-hk', 3, '1.235萬'],
    [5000, 'zh', 0, '5,000'],
    [5000.5, 'zh-hk', 0, '5,001'],
    [5000.25, 'zh', 1, '5,000.3'],
    [1.2e12, 'zh', 4, '1.2万亿'],
    [1234567, 'en', -1, '1M'],
    [1234567, 'en', 1.9, '1.2M'],
    [1234567, 'en', Number.NaN, '1.23M'],
    // decimals only affects abbreviated values
    [123.456, 'en', 0, '123.5'],
    [0.012345, 'zh', 5, '0.01235'],
  ];
  it.each(rows)('%s (%s, decimals=%s) → %s', (value, locale, decimals, expected) => {
    expect(formatNumber(value, { locale, decimals })).toBe(expected);
  });
});

describe('formatNumber: non-abbreviated mode (6 significant digits, grouped)', () => {
  const rows: [NumberInput, string][] = [
    [43210.1234, '43,210.1'],
    [-43210.1234, '-43,210.1'],
    [1.23456789, '1.23457'],
    [-1.23456789, '-1.23457'],
    [1234567890, '1,234,570,000'],
    [1000, '1,000'],
    [999.99, '999.99'],
    [1500, '1,500'],
    [9999.5, '9,999.5'],
    [10000, '10,000'],
    [123456.7, '123,457'],
    [999999.5, '1,000,000'],
    [1e8, '100,000,000'],
    [1e12, '1,000,000,000,000'],
    [1e15, '1,000,000,000,000,000'],
    [3e18, '3,000,000,000,000,000,000'],
    [1e21, '1,000,000,000,000,000,000,000'],
    [0.012345, '0.012345'],
    [0.0123456789, '0.0123457'],
    [123.456, '123.456'],
    [1.5, '1.5'],
    [1e-7, '0.0000001'],
    [1.00004e-7, '0.000000100004'],
    [1.234567e-7, '0.000000123457'],
    ['43210.1234', '43,210.1'],
    ['-1234567890', '-1,234,570,000'],
  ];
  const cases = rows.flatMap(([value, expected]) => LOCALES.map((locale) => [value, locale, expected] as const));
  it.each(cases)('%s (%s) → %s', (value, locale, expected) => {
    expect(formatNumber(value, { locale, abbreviate: false })).toBe(expected);
  });

  it.each([0, 3])('ignores decimals=%s', (decimals) => {
    expect(formatNumber(43210.1234, { abbreviate: false, decimals })).toBe('43,210.1');
  });
});

describe('formatPrice', () => {
  describe.each(LOCALES)('empty values (%s)', (locale) => {
    it.each(EMPTIES)('%s → --', (_label, value) => {
      expect(formatPrice(value, { locale })).toBe('--');
      expect(formatPrice(value, { locale, symbol: '€' })).toBe('--');
    });
  });

  const rows: [NumberInput, string][] = [
    [43210.1234, '$43,210.12'],
    [-43210.1234, '-$43,210.12'],
    [1.5, '$1.50'],
    [-1.5, '-$1.50'],
    [1, '$1.00'],
    [1.005, '$1.01'],
    [1.004, '$1.00'],
    [999.999, '$1,000.00'],
    [1000, '$1,000.00'],
    [1234567.891, '$1,234,567.89'],
    [1e15, '$1,000,000,000,000,000.00'],
    [0.99999, '$1.00'],
    [0.99995, '$1.00'],
    [0.99994, '$0.9999'],
    [-0.99999, '-$1.00'],
    // Below 1: 4 significant digits, never fewer than the 2 decimals of larger prices, so a
    // column reads $0.10 beside $0.0086 and $1.20 (not $0.1).
    [0.5, '$0.50'],
    [0.1, '$0.10'],
    [-0.1, '-$0.10'],
    [0.12, '$0.12'],
    [0.0086, '$0.0086'],
    [0.01, '$0.01'],
    [0.001, '$0.001'],
    [0.012345, '$0.01235'],
    [-0.012345, '-$0.01235'],
    [0.000123456, '$0.0001235'],
    [1e-7, '$0.0000001'],
    [9.99996e-8, '$0.0000001'],
    [9.9e-8, '$0.0₇99'],
    [0.000000001234, '$0.0₈1234'],
    [1.5e-9, '$0.0₈15'],
    [-2e-8, '-$0.0₇2'],
    ['43210.1234', '$43,210.12'],
    ['0.000123456', '$0.0001235'],
    ['-1.5', '-$1.50'],
  ];
  const cases = rows.flatMap(([value, expected]) => LOCALES.map((locale) => [value, locale, expected] as const));
  it.each(cases)('%s (%s) → %s', (value, locale, expected) => {
    expect(formatPrice(value, { locale })).toBe(expected);
  });

  it.each([
    [1.5, '€', '€1.50'],
    [-1.5, '€', '-€1.50'],
    [43210.1234, 'HK$', 'HK$43,210.12'],
    [0.012345, '¥', '¥0.01235'],
    [-2e-8, '₿', '-₿0.0₇2'],
    [1.5, 'USDT ', 'USDT 1.50'],
    [1.5, '', '1.50'],
  ])('%s with symbol %j → %s', (value, symbol, expected) => {
    expect(formatPrice(value, { symbol })).toBe(expected);
  });

  it('defaults to $', () => {
    expect(formatPrice(1.5)).toBe('$1.50');
    expect(formatPrice(1.5, {})).toBe('$1.50');
  });
});

describe('CURRENCY_SYMBOLS', () => {
  it.each([
    ['CNY', '¥'],
    ['USD', '$'],
    ['USDT', '₮'],
    ['BTC', '₿'],
    ['ETH', 'Ξ'],
    ['JPY', 'JP¥'],
    ['KRW', '₩'],
    ['HKD', 'HK$'],
    ['TWD', 'NT$'],
    ['EUR', '€'],
  ])('%s → %s', (code, symbol) => {
    expect(CURRENCY_SYMBOLS[code]).toBe(symbol);
  });

  it('has exactly the ten supported codes', () => {
    expect(Object.keys(CURRENCY_SYMBOLS).sort()).toEqual([
      'BTC',
      'CNY',
      'ETH',
      'EUR',
      'HKD',
      'JPY',
      'KRW',
      'TWD',
      'USD',
      'USDT',
    ]);
  });
});
