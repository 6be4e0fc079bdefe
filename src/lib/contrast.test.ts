import { describe, expect, it } from 'vitest';
import { AA_TEXT, contrastRatio, mix, parseHex, relativeLuminance, toHex } from './contrast.ts';

describe('contrast', () => {
  it('parses #rgb and #rrggbb and refuses anything else', () => {
    expect(parseHex('#16a34a')).toEqual([22, 163, 74]);
    expect(parseHex('#FFF')).toEqual([255, 255, 255]);
    expect(() => parseHex('red')).toThrow(/red/);
    expect(() => parseHex('#12345')).toThrow();
    expect(toHex([22, 163, 74])).toBe('#16a34a');
    expect(toHex([300, -4, 127.6])).toBe('#ff0080');
  });

  it('computes WCAG relative luminance', () => {
    expect(relativeLuminance('#000000')).toBe(0);
    expect(relativeLuminance('#ffffff')).toBe(1);
    // The three primaries weigh 0.2126, 0.7152 and 0.0722.
    expect(relativeLuminance('#ff0000')).toBeCloseTo(0.2126, 4);
    expect(relativeLuminance('#00ff00')).toBeCloseTo(0.7152, 4);
    // The linear segment below 0.04045 (sRGB 10/255).
    expect(relativeLuminance('#0a0a0a')).toBeCloseTo(10 / 255 / 12.92, 6);
  });

  it('computes contrast ratios, in either order', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBe(21);
    expect(contrastRatio('#ffffff', '#000000')).toBe(21);
    expect(contrastRatio('#777777', '#777777')).toBe(1);
    // The figures the old palette was measured at (WebAIM's checker agrees).
    expect(contrastRatio('#16a34a', '#ffffff')).toBeCloseTo(3.3, 1);
    expect(contrastRatio('#e03e3e', '#ffffff')).toBeCloseTo(4.26, 2);
    expect(contrastRatio('#767676', '#ffffff')).toBeGreaterThanOrEqual(AA_TEXT);
    expect(contrastRatio('#777777', '#ffffff')).toBeLessThan(AA_TEXT);
  });

  it('mixes in sRGB like color-mix', () => {
    expect(mix('#ff0000', '#ffffff', 0.5)).toBe('#ff8080');
    expect(mix('#123456', '#abcdef', 1)).toBe('#123456');
    expect(mix('#123456', '#abcdef', 0)).toBe('#abcdef');
  });
});
