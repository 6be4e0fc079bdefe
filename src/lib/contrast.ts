/**
 * WCAG 2 colour contrast arithmetic on `#rrggbb` colours: relative luminance, contrast ratio, and
 * the sRGB mixes the stylesheets use (`color-mix(in srgb, …)` and a translucent colour composited
 * over a background). Pure; the palette test (src/styles/palette.test.ts) runs it over the themes.
 */

type Rgb = readonly [r: number, g: number, b: number];

/** Text needs this ratio against its background (WCAG 2 AA, normal-size text). */
export const AA_TEXT = 4.5;

/**
 * The channels of a `#rgb` or `#rrggbb` colour, 0–255.
 * @example parseHex('#16a34a') // [22, 163, 74]
 */
export function parseHex(hex: string): Rgb {
  const m = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  if (!m) throw new Error(`Not a #rgb or #rrggbb colour: ${hex}`);
  const h = m[1]!.length === 3 ? [...m[1]!].map((c) => c + c).join('') : m[1]!;
  return [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16)) as unknown as Rgb;
}

/** `#rrggbb` of channels (rounded, clamped to 0–255). */
export function toHex(rgb: Rgb): string {
  return `#${rgb
    .map((c) =>
      Math.round(Math.min(255, Math.max(0, c)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

/**
 * WCAG 2 relative luminance, 0 (black) to 1 (white).
 * @example relativeLuminance('#ffffff') // 1
 */
export function relativeLuminance(colour: string): number {
  const [r, g, b] = parseHex(colour).map((c) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as unknown as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/**
 * WCAG 2 contrast ratio of two colours, 1 to 21, whichever is lighter.
 * @example contrastRatio('#000000', '#ffffff') // 21
 */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/**
 * `colour` at `weight` (0–1) over `base`, mixed channel by channel in sRGB: what
 * `color-mix(in srgb, colour W%, base)` gives, and what `color-mix(in srgb, colour W%, transparent)`
 * looks like painted over `base`.
 * @example mix('#ff0000', '#ffffff', 0.5) // '#ff8080'
 */
export function mix(colour: string, base: string, weight: number): string {
  const c = parseHex(colour);
  const b = parseHex(base);
  return toHex(c.map((v, i) => v * weight + b[i]! * (1 - weight)) as unknown as Rgb);
}
