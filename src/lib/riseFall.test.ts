import { describe, expect, it } from 'vitest';
import { defaultRiseFall, LOCALES, riseFallStyle } from './i18n/index.ts';
import { RISE_FALL_SCHEMES, riseFallColours, toRiseFallScheme } from './riseFall.ts';

describe('toRiseFallScheme', () => {
  it('accepts the three schemes, whatever their case and spacing', () => {
    expect(toRiseFallScheme('red-up')).toBe('red-up');
    expect(toRiseFallScheme(' Green-Up ')).toBe('green-up');
    expect(toRiseFallScheme('BLUE-ORANGE')).toBe('blue-orange');
  });

  it('refuses anything else, so a forged cookie falls back to the language', () => {
    for (const bad of [
      '',
      'auto',
      'red',
      'red-up;',
      'green_up',
      'blue',
      null,
      undefined,
      1,
      ['red-up'],
      { v: 'red-up' },
    ]) {
      expect(toRiseFallScheme(bad)).toBeUndefined();
    }
  });
});

describe('the rise/fall style', () => {
  it('follows the language when the reader chose nothing (SPEC §1)', () => {
    expect(riseFallStyle('en')).toBe('--color-rise: var(--green); --color-fall: var(--red)');
    for (const l of ['zh', 'zh-hk', 'ko'] as const) {
      expect(defaultRiseFall(l)).toBe('red-up');
      expect(riseFallStyle(l)).toBe('--color-rise: var(--red); --color-fall: var(--green)');
    }
  });

  it('lets the reader’s choice win in every language', () => {
    for (const l of LOCALES) {
      expect(riseFallStyle(l, 'green-up')).toBe('--color-rise: var(--green); --color-fall: var(--red)');
      expect(riseFallStyle(l, 'red-up')).toBe('--color-rise: var(--red); --color-fall: var(--green)');
      expect(riseFallStyle(l, 'blue-orange')).toBe('--color-rise: var(--blue); --color-fall: var(--orange)');
    }
  });

  it('gives every scheme two different palette colours', () => {
    for (const s of RISE_FALL_SCHEMES) {
      const [rise, fall] = riseFallColours(s);
      expect(rise).not.toBe(fall);
    }
  });
});
