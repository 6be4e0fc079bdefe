// The shipped colours, read from the stylesheets themselves, must keep text at WCAG AA contrast
// (4.5:1) in both themes: the rise/fall colours against every background they are drawn on
// (page, cards, hovered rows, the live-price flash), and the other text colours likewise.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { AA_TEXT, contrastRatio, mix, parseHex } from '../lib/contrast.ts';

const read = (file: string) => fs.readFileSync(new URL(file, import.meta.url), 'utf8');

/** The `--name: value` declarations of the first rule whose selector is exactly `selector`. */
function variables(css: string, selector: string): Record<string, string> {
  const start = css.indexOf(`${selector} {`);
  if (start < 0) throw new Error(`No rule for ${selector}`);
  const body = css.slice(css.indexOf('{', start) + 1, css.indexOf('}', start));
  return Object.fromEntries(
    [...body.matchAll(/(--[\w-]+)\s*:\s*([^;]+);/g)].map((m) => [m[1]!.slice(2), m[2]!.trim()]),
  );
}

/** Each theme's variables: :root, and the dark rule over it. */
function themes(css: string): Record<'light' | 'dark', Record<string, string>> {
  const light = variables(css, ':root');
  return { light, dark: { ...light, ...variables(css, "[data-theme='dark']") } };
}

const palette = themes(read('./palette.css'));
const site = themes(read('./base.css'));
const widget = themes(read('../pages/widget.astro'));

type Pair = [text: string, background: string, ratio: number];

/** Every text/background pair of a theme with its contrast ratio, named for the failure message. */
function pairs(theme: 'light' | 'dark'): Record<string, Pair> {
  const p = palette[theme];
  const s = site[theme];
  const w = widget[theme];
  const tint = Number.parseFloat(p['flash-tint']!) / 100;
  const out: Record<string, Pair> = {};
  const add = (name: string, text: string, background: string) => {
    out[name] = [text, background, contrastRatio(text, background)];
  };
  for (const colour of ['red', 'green', 'blue', 'orange'] as const) {
    for (const bg of ['bg', 'bg-soft', 'bg-hover']) add(`${colour} on ${bg}`, p[colour]!, s[bg]!);
    add(`${colour} on its live flash`, p[colour]!, mix(p[colour]!, s.bg!, tint));
    add(`${colour} on the widget`, p[colour]!, w.bg!);
  }
  for (const text of ['fg', 'fg-soft', 'accent'])
    for (const bg of ['bg', 'bg-soft', 'bg-hover']) add(`${text} on ${bg}`, s[text]!, s[bg]!);
  add('accent-fg on accent', s['accent-fg']!, s.accent!);
  // The kline page's news marker of several items: its count in the page colour on --fg-soft (src/features/market/klines/client/kline.css).
  add('bg on fg-soft', s.bg!, s['fg-soft']!);
  add('warn-fg on warn-bg', s['warn-fg']!, s['warn-bg']!);
  for (const text of ['fg', 'soft']) add(`widget ${text}`, w[text]!, w.bg!);
  add('widget stale mark', w['warn-fg']!, w['warn-bg']!);
  return out;
}

describe.each(['light', 'dark'] as const)('the %s theme', (theme) => {
  it('keeps every text colour at 4.5:1 or more against its backgrounds', () => {
    const low = Object.entries(pairs(theme))
      .filter(([, [, , ratio]]) => ratio < AA_TEXT)
      .map(([name, [text, bg, ratio]]) => `${name}: ${text} on ${bg} is ${ratio.toFixed(2)}:1`);
    expect(low).toEqual([]);
  });

  it('keeps red red and green green', () => {
    const hue = (hex: string) => {
      const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));
      return { r: r!, g: g!, b: b! };
    };
    const red = hue(palette[theme].red!);
    const green = hue(palette[theme].green!);
    expect(red.r).toBeGreaterThan(2 * Math.max(red.g, red.b));
    expect(green.g).toBeGreaterThan(1.5 * Math.max(green.r, green.b));
  });

  // Blue against orange lies on the blue–yellow axis that red–green colour blindness keeps.
  it('keeps the colour-blind pair blue and orange', () => {
    const [br, bg, bb] = parseHex(palette[theme].blue!);
    const [or, og, ob] = parseHex(palette[theme].orange!);
    expect(bb).toBeGreaterThan(Math.max(br, bg));
    expect(bb).toBeGreaterThan(1.4 * br);
    expect(or).toBeGreaterThan(og);
    expect(og).toBeGreaterThan(ob);
  });
});

// Coin icons are coloured discs (the cryptocurrency-icons set). Some seventy are black or navy
// (XRP, ADA, XLM…) and vanished into the dark page: the dark theme rings every coin icon in a
// colour at 3:1 or more (WCAG's non-text contrast) against each background icons sit on.
describe('coin icons on the dark theme', () => {
  const dir = new URL('../../node_modules/cryptocurrency-icons/svg/color/', import.meta.url);
  const discs = fs
    .readdirSync(dir)
    .map(
      (f) =>
        [
          f.replace(/\.svg$/, ''),
          /<circle[^>]*fill="(#[0-9a-f]{3}(?:[0-9a-f]{3})?)"/i.exec(fs.readFileSync(new URL(f, dir), 'utf8'))?.[1],
        ] as const,
    )
    .filter((d): d is readonly [string, string] => d[1] !== undefined);
  const dark = site.dark;

  it('finds the icons that need it', () => {
    const lost = discs.filter(([, fill]) => contrastRatio(fill, dark.bg!) < 1.5).map(([symbol]) => symbol);
    expect(lost).toEqual(expect.arrayContaining(['xrp', 'ada', 'xlm', 'eos']));
  });

  it('rings every coin icon at 3:1 or more against the page, cards and hovered rows', () => {
    const ring = dark['icon-ring'];
    expect(ring, '--icon-ring in the dark theme').toMatch(/^#[0-9a-f]{6}$/i);
    const low = ['bg', 'bg-soft', 'bg-hover']
      .map((bg) => [bg, contrastRatio(ring!, dark[bg]!)] as const)
      .filter(([, ratio]) => ratio < 3);
    expect(low).toEqual([]);
    // …and the stylesheet draws it around every coin icon of the dark theme.
    expect(read('./tables.css')).toMatch(
      /\[data-theme='dark'\] img\[src\^='\/icons\/coins\/'\]\s*\{[^}]*box-shadow:[^};]*var\(--icon-ring\)/,
    );
  });
});

it('reads the colours it checks', () => {
  expect(palette.light.red).toMatch(/^#[0-9a-f]{6}$/);
  expect(palette.dark.green).not.toBe(palette.light.green);
  expect(site.dark.bg).not.toBe(site.light.bg);
  expect(widget.dark.bg).not.toBe(widget.light.bg);
});
