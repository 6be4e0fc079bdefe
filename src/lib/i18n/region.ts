import { LOCALE_TAGS, type Locale } from './index.ts';

/** Names a source may use that ICU spells differently. */
const ALIASES: Record<string, string> = {
  turkey: 'TR',
  'czech republic': 'CZ',
  macau: 'MO',
  'hong kong': 'HK',
  'ivory coast': 'CI',
};
/** Regions whose full ICU name is a mouthful ("Hong Kong SAR China"); their short name reads better. */
const SHORT = new Set(['HK', 'MO']);

let byName: Map<string, string> | undefined;

/** ISO 3166 code of an English region name or code (built once from ICU's own English names). */
export function regionCode(value: string): string | undefined {
  const v = value.trim();
  if (!byName) {
    byName = new Map(Object.entries(ALIASES));
    const long = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
    const short = new Intl.DisplayNames(['en'], { type: 'region', style: 'short', fallback: 'none' });
    for (let a = 65; a <= 90; a++) {
      for (let b = 65; b <= 90; b++) {
        const code = String.fromCharCode(a, b);
        for (const names of [long, short]) {
          let name: string | undefined;
          try {
            name = names.of(code);
          } catch {
            name = undefined;
          }
          if (name && name !== code && !byName.has(name.toLowerCase())) byName.set(name.toLowerCase(), code);
        }
      }
    }
  }
  return byName.get(v.toLowerCase()) ?? (/^[A-Z]{2}$/.test(v) ? v : undefined);
}

const displays = new Map<string, Intl.DisplayNames>();
/**
 * Names already looked up, per language: ICU's lookup showed in the exchange list's render profile
 * (a country per row, issue 25). Bounded: stored values are free text.
 */
const named = new Map<string, string>();
const NAMED_MAX = 4096;

/**
 * A country or region, stored as an English name or an ISO code, in the reader's language;
 * what ICU does not know is shown as stored, and nothing as '--'.
 * @example regionName('Switzerland', 'zh') // '瑞士'
 * @example regionName('Hong Kong', 'ko') // '홍콩'
 */
export function regionName(value: string | null | undefined, locale: Locale): string {
  if (!value?.trim()) return '--';
  const memoKey = `${locale}\u0000${value}`;
  const known = named.get(memoKey);
  if (known !== undefined) return known;
  const name = lookUpRegion(value, locale);
  if (named.size < NAMED_MAX) named.set(memoKey, name);
  return name;
}

function lookUpRegion(value: string, locale: Locale): string {
  const code = regionCode(value);
  if (!code) return value;
  const style = SHORT.has(code) ? 'short' : 'long';
  const key = `${locale}:${style}`;
  let names = displays.get(key);
  if (!names)
    displays.set(
      key,
      (names = new Intl.DisplayNames([LOCALE_TAGS[locale]], { type: 'region', style, fallback: 'code' })),
    );
  return names.of(code) ?? value;
}
