/**
 * Which written content a page in a given interface language shows.
 *
 * Content rows carry the language they are written in (`locale`). The demo seeder writes English
 * and Simplified Chinese; imports may add Traditional Chinese and Korean. A page lists the rows
 * of its own language first, then those its readers read as well: Chinese readers both Chinese
 * scripts, Korean readers English (most crypto news is published in English and Chinese only).
 * One rule for every content area, the feeds, the sitemap's hreflang alternates and search.
 */
import { LOCALES, type Locale } from '../../lib/i18n/index.ts';

/** The languages content is mostly written in: the one a page falls back to. */
export type PrimaryContentLocale = 'en' | 'zh';

/**
 * The row languages a page in `locale` shows, its own first.
 * @example contentLocales('zh-hk') // ['zh-hk', 'zh']
 * @example contentLocales('ko') // ['ko', 'en']
 */
export function contentLocales(locale: Locale): Locale[] {
  switch (locale) {
    case 'zh':
      return ['zh', 'zh-hk'];
    case 'zh-hk':
      return ['zh-hk', 'zh'];
    case 'ko':
      return ['ko', 'en'];
    default:
      return ['en'];
  }
}

/**
 * The main written language of a page's content: Chinese for zh and zh-hk, English for en and ko.
 * @example primaryContentLocale('ko') // 'en'
 */
export function primaryContentLocale(locale: Locale): PrimaryContentLocale {
  return locale === 'zh' || locale === 'zh-hk' ? 'zh' : 'en';
}

/**
 * The page languages that show rows written in `rowLocale` (the inverse of {@link contentLocales}).
 * @example pageLocalesFor('en') // ['en', 'ko']
 */
export function pageLocalesFor(rowLocale: Locale): Locale[] {
  return LOCALES.filter((l) => contentLocales(l).includes(rowLocale));
}

/**
 * The language of the texts that come with the market data and the offerings rather than as
 * content rows: coins' descriptions, tags, roadmap and history milestones and holder labels,
 * exchanges' descriptions, offerings' project texts (description, team roles, roadmap, ratings).
 * They have no language column because every writer of them writes English: the demo seeder
 * (src/server/seed: coin-text.ts, exchanges-gen.ts, depth-gen.ts, data/depth-texts.ts,
 * data/taxonomy.ts, content/offerings.ts, data/offerings-historic.ts, data/offerings-texts.ts)
 * and CoinGecko's categories, stored as tags (ingest/facts.ts); the live
 * sources write no descriptions and nothing imports these. Pages in other languages give them
 * `lang` and a language tag; a writer in another language would need a column, as content rows
 * have. (Calendar events are the same case: `CALENDAR_LOCALE`.)
 */
export const MARKET_TEXT_LOCALE: Locale = 'en';
