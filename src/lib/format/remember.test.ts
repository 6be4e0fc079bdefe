import { describe, expect, it } from 'vitest';
import { formatPercent } from './percent';
import { rememberedPercent, remembering } from './remember';

describe('remembering', () => {
  it('formats each number once and answers the same text after', () => {
    let calls = 0;
    const format = remembering((v: number | null | undefined) => (calls++, `${v}!`));
    expect([format(1.5), format(1.5), format(2)]).toEqual(['1.5!', '1.5!', '2!']);
    expect(calls).toBe(2);
  });

  it('passes null and undefined through every time', () => {
    let calls = 0;
    const format = remembering((v: number | null | undefined) => (calls++, v === null ? 'none' : 'unset'));
    expect([format(null), format(null), format(undefined)]).toEqual(['none', 'none', 'unset']);
    expect(calls).toBe(3);
  });

  it('starts again past its bound, and still answers right', () => {
    let calls = 0;
    const format = remembering((v: number) => (calls++, String(v)), 2);
    expect([format(1), format(2), format(3), format(1)]).toEqual(['1', '2', '3', '1']);
    expect(calls).toBe(4);
  });
});

describe('rememberedPercent', () => {
  it('says what formatPercent says', () => {
    for (const v of [1.234, -0.5, 0, 0.001, null, undefined, 1.234])
      expect(rememberedPercent(v)).toBe(formatPercent(v));
  });
});
