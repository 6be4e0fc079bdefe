/**
 * Locale facts shared by server and browser, and the tiny translator islands use with the
 * dictionary of strings the page hands them (no i18next in the browser).
 */
import { LOCALES, type Locale } from '../format/locale.ts';
import { riseFallColours, type RiseFallScheme } from '../riseFall.ts';

export { LOCALES, type Locale };

/** Server-side default when neither cookie nor x-locale header names a locale. */
export const DEFAULT_LOCALE: Locale = 'en';
/** Browser fallback per SPEC §1. */
export const CLIENT_FALLBACK_LOCALE: Locale = 'zh';

export const LOCALE_NAMES: Record<Locale, string> = {
  en: 'English',
  zh: '简体中文',
  'zh-hk': '繁體中文',
  ko: '한국어',
};

/** BCP 47 tag for the `lang` attribute and hreflang. */
export const LOCALE_TAGS: Record<Locale, string> = { en: 'en', zh: 'zh-CN', 'zh-hk': 'zh-HK', ko: 'ko' };

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** Normalises a loose value ("zh-HK", "ZH") to a Locale, or undefined. */
export function toLocale(value: string | null | undefined): Locale | undefined {
  const v = value?.trim().toLowerCase();
  return isLocale(v) ? v : undefined;
}

/** The `lan` API parameter: zh-hk is sent as zh (SPEC §7). */
export function apiLanguage(locale: Locale): 'en' | 'zh' | 'ko' {
  return locale === 'zh-hk' ? 'zh' : locale;
}

/** Rises red / falls green in zh, zh-hk and ko; the reverse in en. */
export function risesRed(locale: Locale): boolean {
  return locale !== 'en';
}

/**
 * The inline style that maps the palette's colours (src/styles/palette.css) to rise and fall
 * for `locale`, or for the scheme the reader `chosen` (which wins); the colours themselves follow
 * the theme.
 * @example riseFallStyle('zh') // '--color-rise: var(--red); --color-fall: var(--green)'
 * @example riseFallStyle('zh', 'green-up') // '--color-rise: var(--green); --color-fall: var(--red)'
 */
export function riseFallStyle(locale: Locale, chosen?: RiseFallScheme): string {
  const [rise, fall] = riseFallColours(chosen ?? defaultRiseFall(locale));
  return `--color-rise: var(--${rise}); --color-fall: var(--${fall})`;
}

/** The language's own convention, when the reader has not chosen one. */
export function defaultRiseFall(locale: Locale): RiseFallScheme {
  return risesRed(locale) ? 'red-up' : 'green-up';
}

/** fixedTop of SPEC §2: 140px in Chinese, 110px otherwise. */
export function fixedTop(locale: Locale): number {
  return locale === 'zh' || locale === 'zh-hk' ? 140 : 110;
}

export type Dict = Record<string, string>;

/**
 * A translator over a flat dictionary with `{{name}}` interpolation; unknown keys return the key.
 * @example createTranslator({ hi: 'Hi {{name}}' })('hi', { name: 'Ann' }) // 'Hi Ann'
 */
export function createTranslator(dict: Dict) {
  return (key: string, vars?: Record<string, string | number>): string => {
    const template = dict[key] ?? key;
    return vars ? template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, k: string) => String(vars[k] ?? '')) : template;
  };
}
