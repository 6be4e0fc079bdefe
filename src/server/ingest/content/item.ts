/** The normalised shape every content source (feed entry, Markdown file) is turned into. */

export const CONTENT_LOCALES = ['en', 'zh', 'zh-hk', 'ko'] as const;
export type ContentLocale = (typeof CONTENT_LOCALES)[number];

/** What an item becomes: news or research (articles), flash news, or an exchange announcement. */
export const IMPORT_KINDS = ['news', 'research', 'lives', 'announcements'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

export interface ImportItem {
  /** The idempotency key stored as source_url (articles, flash news) or url (announcements). */
  key: string;
  /** The item's own http(s) link, when it has one. */
  link: string | null;
  title: string;
  /** Sanitised HTML (see sanitize.ts). */
  html: string;
  /** Plain text of the body, for the summary and coin detection. */
  text: string;
  /** An explicit summary (plain text), else derived from `text` at import. */
  summary: string | null;
  /** Null when the source gave no readable date: the importer uses its clock. */
  publishedAt: Date | null;
  /** The item's own language choice (Markdown front matter): wins over the CLI's --locale. */
  locale: ContentLocale | null;
  /** The language a feed declares (often a platform default): the CLI's --locale wins over it. */
  feedLocale: ContentLocale | null;
  categories: string[];
  /** Per-item choices a Markdown file's front matter may make. */
  kind?: ImportKind | undefined;
  exchange?: string | undefined;
  important?: boolean | undefined;
  /** Explicit related coins (ids or symbols), added to the detected ones. */
  coins?: string[] | undefined;
  cover?: string | undefined;
  /** The byline the source gave (a name, never an e-mail address). */
  author?: string | undefined;
  /** Where the item came from, for messages ("news.rss.xml#3", "posts/halving.md"). */
  origin: string;
}

/**
 * A content locale from a language tag: zh-CN/zh-Hans → zh, zh-TW/zh-HK/zh-Hant → zh-hk.
 * @example localeFromTag('en-US') // 'en'
 */
export function localeFromTag(tag: string | null | undefined): ContentLocale | null {
  const t = (tag ?? '').trim().toLowerCase().replace(/_/g, '-');
  if (!t) return null;
  if (t === 'zh-hk' || t === 'zh-tw' || t === 'zh-mo' || t.startsWith('zh-hant')) return 'zh-hk';
  const primary = t.split('-')[0];
  if (primary === 'zh') return 'zh';
  if (primary === 'ko') return 'ko';
  if (primary === 'en') return 'en';
  return null;
}

/**
 * The locale a text is written in, guessed from its script: Hangul → ko, Han → zh, else en.
 * @example guessLocale('比特币突破') // 'zh'
 */
export function guessLocale(text: string): ContentLocale {
  if (/[\uac00-\ud7af]/.test(text)) return 'ko';
  if (/[\u3400-\u9fff]/.test(text)) return 'zh';
  return 'en';
}
