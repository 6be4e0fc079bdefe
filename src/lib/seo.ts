/**
 * Canonical and hreflang URLs, one rule for the pages' <head>, their share metadata and the
 * sitemap.
 *
 * An unprefixed URL (`/news`) renders in the visitor's cookie language (English without a cookie,
 * which is what crawlers get), so it is not a stable document; the prefixed URLs (`/en/news`,
 * `/zh/news` …) always render one language. Hence:
 * - a page's canonical URL is the prefixed URL of the language it was rendered in, whichever URL
 *   it was reached by (`/news` seen without a cookie declares `/en/news`);
 * - the hreflang alternates are the prefixed URLs only, and x-default is the English one, the
 *   language served when nothing else is asked for. The unprefixed URL is not an alternate: a
 *   URL that declares another page canonical cannot also stand in an hreflang set (search
 *   engines ignore it, Lighthouse fails "canonical points to another hreflang location").
 * So every URL in an hreflang set is its own canonical, and the set is the same from each of them.
 */
import { DEFAULT_LOCALE, LOCALE_TAGS, LOCALES, type Locale } from './i18n/index.ts';

/**
 * `origin` + locale prefix + path, the home page without a trailing slash; `null`: unprefixed.
 * @example localeUrl('https://c.example', 'zh', '/') // 'https://c.example/zh'
 */
export function localeUrl(origin: string, locale: Locale | null, path: string): string {
  return locale ? `${origin}/${locale}${path === '/' ? '' : path}` : `${origin}${path}`;
}

/** The page's canonical URL: its prefixed URL in the language it was rendered in. */
export function canonicalUrl(origin: string, locale: Locale, path: string): string {
  return localeUrl(origin, locale, path);
}

interface Alternate {
  /** BCP 47 tag, or `x-default`. */
  hreflang: string;
  href: string;
}

/**
 * The hreflang alternates of the page at `path` (unprefixed) in the languages it is shown in:
 * one per locale, plus x-default (the English URL) when the page exists in every locale.
 * @example hreflangAlternates('https://c.example', '/news', ['zh', 'zh-hk'])
 * // [{ hreflang: 'zh-CN', href: 'https://c.example/zh/news' }, { hreflang: 'zh-HK', href: 'https://c.example/zh-hk/news' }]
 */
export function hreflangAlternates(origin: string, path: string, locales: readonly Locale[] = LOCALES): Alternate[] {
  const alternates = locales.map((l) => ({ hreflang: LOCALE_TAGS[l], href: localeUrl(origin, l, path) }));
  if (LOCALES.every((l) => locales.includes(l)))
    alternates.push({ hreflang: 'x-default', href: localeUrl(origin, DEFAULT_LOCALE, path) });
  return alternates;
}
