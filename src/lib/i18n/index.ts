/**
 * Locale facts shared by server and browser, and the tiny translator islands use with the
 * dictionary of strings the page hands them (no i18next in the browser).
 */
import { LOCALES, type Locale } from '../format/locale.ts';
import { riseFallColours, type RiseFallScheme } from '../riseFall.ts';

export { LOCALES, type Locale };

/** Server-side default when neither cookie nor x-locale header names a locale. */
export const DEFAULT_LOCALE: Locale = 'en';
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
function risesRed(locale: Locale): boolean {
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
 * The entry of an island dictionary that names its locale, so its translator picks the plural
 * forms of that language (written by the server's `islandDict`).
 */
export const DICT_LOCALE_KEY = '@locale';

const pluralRules = new Map<string, Intl.PluralRules>();

/**
 * The CLDR plural category of a count in a locale ('one', 'other' …): the suffix of the key that
 * holds that form (`news.count_one`, `news.count_other`), as i18next names them.
 * @example pluralCategory('en', 1) // 'one'
 * @example pluralCategory('ko', 1) // 'other'
 */
export function pluralCategory(locale: string, count: number): Intl.LDMLPluralRule {
  let rules = pluralRules.get(locale);
  if (!rules) pluralRules.set(locale, (rules = new Intl.PluralRules(locale)));
  return rules.select(count);
}

/** The plural categories a locale's strings need (en: one, other; zh, zh-hk, ko: other). */
export function pluralCategories(locale: string): Intl.LDMLPluralRule[] {
  return new Intl.PluralRules(locale).resolvedOptions().pluralCategories;
}

const COUNT_FORMAT = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/**
 * How `{{count}}` shows a count: exact, grouped the way the site groups every number (1,234).
 * @example formatCount(12345) // '12,345'
 */
export function formatCount(count: number): string {
  return COUNT_FORMAT.format(count);
}

/**
 * A translator over a flat dictionary with `{{name}}` interpolation; unknown keys return the key.
 * A numeric `count` picks the plural form (`key_one`, `key_other`, … by `Intl.PluralRules` of
 * the dictionary's locale, else `locale`, falling back to `key_other`, then `key`) and shows
 * grouped, as the server's translator does.
 * @example createTranslator({ hi: 'Hi {{name}}' })('hi', { name: 'Ann' }) // 'Hi Ann'
 * @example createTranslator({ n_one: '{{count}} item', n_other: '{{count}} items' }, 'en')('n', { count: 1 }) // '1 item'
 */
export function createTranslator(dict: Dict, locale: string = dict[DICT_LOCALE_KEY] ?? 'en') {
  return (key: string, vars?: Record<string, string | number>): string => {
    let template = dict[key];
    const count = vars?.count;
    if (typeof count === 'number')
      template = dict[`${key}_${pluralCategory(locale, count)}`] ?? dict[`${key}_other`] ?? template;
    template ??= key;
    if (!vars) return template;
    return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, k: string) => {
      const value = vars[k];
      return k === 'count' && typeof value === 'number' ? formatCount(value) : String(value ?? '');
    });
  };
}
