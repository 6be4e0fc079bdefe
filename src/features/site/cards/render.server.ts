/**
 * Draws a share card (1200 × 630 PNG, the size Open Graph and X's large card expect) with sharp:
 * the frame, short lines and the seven-day line as SVG (librsvg), the title as Pango text,
 * which wraps lines in any script (a Chinese title has no spaces to break at) and falls back
 * per glyph to a font that has it (Noto Sans CJK through fontconfig). Every text from the
 * database is escaped before it reaches either: a title is drawn as written, never read as markup.
 */
import sharp from 'sharp';
import { defaultRiseFall, type Locale } from '../../../lib/i18n/index.ts';
import { formatDateline, formatPercent, trend } from '../../../lib/format/index.ts';
import { createMoney } from '../../../lib/money.ts';
import { SPARK_HEIGHT, SPARK_WIDTH } from '../../../lib/sparkline.ts';
import { translator } from '../../../server/i18n/index.ts';
import type { ArticleCardContent, CardContent, CoinCardContent } from './content.server.ts';

export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;
const PAD = 72;

const INK = '#f8fafc';
const MUTED = '#94a3b8';
const ACCENT = '#3b82f6';
const RED = '#ff5f56';
const GREEN = '#3fb950';

/** The CJK face of a language first (Han glyphs differ between SC, HK and KR), then Latin fallbacks. */
const FACES: Record<string, string> = {
  en: 'Noto Sans CJK SC',
  zh: 'Noto Sans CJK SC',
  'zh-hk': 'Noto Sans CJK HK',
  ko: 'Noto Sans CJK KR',
};
const faceOf = (language: string) => FACES[language] ?? FACES.en!;
const FALLBACK = 'DejaVu Sans, sans-serif';

/**
 * Text for SVG and for Pango markup alike (both read XML entities): & < > " ' escaped and
 * control characters dropped, so a title such as `</span><span size="99999">` is drawn as written.
 */
export function escapeMarkup(text: string): string {
  return text
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '')
    .replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/** One line of SVG text. */
function line(
  text: string,
  x: number,
  y: number,
  size: number,
  o: { fill?: string; weight?: number; face?: string; anchor?: 'start' | 'middle' | 'end' } = {},
): string {
  const family = `${o.face ?? FACES.en}, ${FALLBACK}`;
  return `<text x="${x}" y="${y}" font-family="${family}" font-size="${size}" font-weight="${o.weight ?? 400}" fill="${o.fill ?? INK}" text-anchor="${o.anchor ?? 'start'}">${escapeMarkup(text)}</text>`;
}

/**
 * A stored sparkline (absolute "M x,y L x,y …" in the lists' SPARK_WIDTH × SPARK_HEIGHT box)
 * redrawn into `box`: only its numbers are read, so nothing but a path comes out.
 */
export function scaledSpark(d: string, box: { x: number; y: number; w: number; h: number }): string {
  const points = [...d.matchAll(/(-?\d+(?:\.\d+)?),(-?\d+(?:\.\d+)?)/g)].map(
    (m) => [Number(m[1]), Number(m[2])] as const,
  );
  return points
    .map(
      ([x, y], i) =>
        `${i === 0 ? 'M' : 'L'}${(box.x + (x / SPARK_WIDTH) * box.w).toFixed(1)},${(box.y + (y / SPARK_HEIGHT) * box.h).toFixed(1)}`,
    )
    .join('');
}

/** The site's mark (a lens) and name, top left. */
function brand(t: (k: string) => string): string {
  return `<g transform="translate(${PAD} ${PAD - 8}) scale(2)"><circle cx="12" cy="12" r="11" fill="${ACCENT}"/><circle cx="12" cy="12" r="5.5" fill="none" stroke="#ffffff" stroke-width="2.4"/><path d="M16 16l4 4" stroke="#ffffff" stroke-width="2.4" stroke-linecap="round"/></g>
${line(t('site.name'), PAD + 62, PAD + 27, 34, { weight: 700 })}`;
}

/** A rounded label, right-aligned at `right`. */
function pill(text: string, right: number, y: number, o: { fill: string; ink: string; face: string }): string {
  // Wide (CJK) characters count double: a rough width that keeps the text inside the pill.
  const units = [...text].reduce((n, ch) => n + (/[\u1100-\uffdc]/.test(ch) ? 1 : 0.6), 0);
  const width = Math.round(units * 26 + 40);
  return `<rect x="${right - width}" y="${y}" width="${width}" height="48" rx="24" fill="${o.fill}"/>${line(text, right - width / 2, y + 33, 26, { fill: o.ink, weight: 700, face: o.face, anchor: 'middle' })}`;
}

function frame(inner: string): Buffer {
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${CARD_WIDTH}" height="${CARD_HEIGHT}" viewBox="0 0 ${CARD_WIDTH} ${CARD_HEIGHT}">
<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#0b1220"/><stop offset="1" stop-color="#15213b"/></linearGradient></defs>
<rect width="${CARD_WIDTH}" height="${CARD_HEIGHT}" fill="url(#bg)"/>
<rect y="${CARD_HEIGHT - 10}" width="${CARD_WIDTH}" height="10" fill="${ACCENT}"/>
${inner}
</svg>`);
}

/**
 * A block of wrapped text, as large as `size` px when it fits `width` × `maxHeight`, smaller
 * when it does not (Pango picks the size that fits).
 */
async function paragraph(
  text: string,
  o: { face: string; size: number; width: number; maxHeight: number; weight?: 'bold' },
): Promise<{ input: Buffer; height: number }> {
  const markup = `<span foreground="${INK}">${escapeMarkup(text)}</span>`;
  const font = `${o.face}, ${FALLBACK} ${o.weight === 'bold' ? 'Bold ' : ''}${o.size}`;
  const first = await sharp({
    text: { text: markup, font, width: o.width, rgba: true, wrap: 'word-char', spacing: Math.round(o.size * 0.25) },
  })
    .png()
    .toBuffer({ resolveWithObject: true });
  if (first.info.height <= o.maxHeight) return { input: first.data, height: first.info.height };
  const fitted = await sharp({
    text: {
      text: markup,
      font,
      width: o.width,
      height: o.maxHeight,
      rgba: true,
      wrap: 'word-char',
      spacing: Math.round(o.size * 0.2),
    },
  })
    .png()
    .toBuffer({ resolveWithObject: true });
  return { input: fitted.data, height: fitted.info.height };
}

async function articlePng(c: ArticleCardContent, locale: Locale): Promise<Buffer> {
  const t = translator(locale);
  const face = faceOf(locale);
  const title = await paragraph(c.title, {
    face: faceOf(c.language),
    size: 58,
    width: CARD_WIDTH - 2 * PAD,
    maxHeight: 300,
    weight: 'bold',
  });
  const byline = [c.source ?? t('site.name'), formatDateline(c.publishedAt, locale)].join('  ·  ');
  const svg = frame(`${brand(t)}
${pill(t(`news.kind_${c.articleKind}`), CARD_WIDTH - PAD, PAD - 4, { fill: '#1e3a8a', ink: '#dbeafe', face })}
${line(byline, PAD, CARD_HEIGHT - PAD - 30, 30, { fill: MUTED, face })}
${c.coins.length ? line(c.coins.join('  '), CARD_WIDTH - PAD, CARD_HEIGHT - PAD - 30, 30, { fill: '#93c5fd', weight: 700, anchor: 'end' }) : ''}`);
  return sharp(svg)
    .composite([{ input: title.input, left: PAD, top: 172 }])
    .png()
    .toBuffer();
}

async function coinPng(c: CoinCardContent, locale: Locale): Promise<Buffer> {
  const t = translator(locale);
  const face = faceOf(locale);
  const money = createMoney(locale, 'USD', {});
  const [riseColour, fallColour] = defaultRiseFall(locale) === 'red-up' ? [RED, GREEN] : [GREEN, RED];
  const dir = trend(c.change24h);
  const changeColour = dir === 'rise' ? riseColour : dir === 'fall' ? fallColour : MUTED;
  const name = c.localName ? `${c.localName} ${c.name}` : c.name;
  // The seven-day line, scaled from the lists' drawing box into the right half.
  const box = { x: 660, y: 190, w: CARD_WIDTH - PAD - 660, h: 190 };
  const spark = c.spark
    ? `<path d="${scaledSpark(c.spark.d, box)}" fill="none" stroke="${c.spark.trend === 'fall' ? fallColour : c.spark.trend === 'rise' ? riseColour : MUTED}" stroke-width="4" stroke-linejoin="round" stroke-linecap="round"/>
${line('7d', CARD_WIDTH - PAD, box.y + box.h + 40, 24, { fill: MUTED, anchor: 'end' })}`
    : '';
  const figure = (label: string, value: string, first: boolean) =>
    `<tspan fill="${MUTED}"${first ? '' : ' dx="36"'}>${escapeMarkup(label)}</tspan><tspan dx="12">${escapeMarkup(value)}</tspan>`;
  const figures = `<text x="${PAD}" y="${CARD_HEIGHT - PAD - 62}" font-family="${face}, ${FALLBACK}" font-size="30" fill="${INK}">${figure(t('coin.marketCap'), money.amount(c.marketCap), true)}${figure(t('coin.volume24h'), money.amount(c.volume24h), false)}</text>`;
  const svg = frame(`${brand(t)}
${c.rank !== null ? pill(t('coin.rankLabel', { rank: c.rank }), CARD_WIDTH - PAD, PAD - 4, { fill: '#1e3a8a', ink: '#dbeafe', face }) : ''}
${line(name, PAD + 112, 222, 48, { weight: 700, face })}
${line(c.symbol, PAD + 112, 266, 30, { fill: MUTED })}
${line(money.price(c.price), PAD, 380, 84, { weight: 700 })}
${line(`${formatPercent(c.change24h)}  24h`, PAD, 440, 38, { fill: changeColour, weight: 700 })}
${spark}
${figures}
${line(`${t('share.priceAsOf', { time: formatDateline(c.priceAt, locale) })} · ${t('share.inUsd')}${c.demo ? ` · ${t('site.demoData')}` : ''}`, PAD, CARD_HEIGHT - PAD - 14, 26, { fill: MUTED, face })}`);
  const layers: sharp.OverlayOptions[] = [];
  if (c.iconSvg)
    layers.push({
      input: await sharp(Buffer.from(c.iconSvg), { density: 400 })
        .resize(88, 88, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
        .png()
        .toBuffer(),
      left: PAD,
      top: 176,
    });
  return sharp(svg).composite(layers).png().toBuffer();
}

/** The card of `c` with its labels and dates in `locale`. */
export function renderCard(c: CardContent, locale: Locale): Promise<Buffer> {
  return c.kind === 'article' ? articlePng(c, locale) : coinPng(c, locale);
}
