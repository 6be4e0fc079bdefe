/**
 * Content shown in another language than the page's says so (issue 22): its text carries its own
 * `lang` (screen readers switch voice, browsers pick glyphs and hyphenation) and a small visible
 * tag names its language in the reader's ("English", "英文", "簡體", "영어"). Shared by the
 * server's lists and the islands that append items (flash news "load more").
 */
import { html, type SafeHtml } from '../html.ts';
import type { Locale } from './index.ts';

/** The content languages a row may be written in (the site's locales: zh Simplified, zh-hk Traditional). */
const CONTENT_LANGS: Record<string, string> = { en: 'en', zh: 'zh-Hans', 'zh-hk': 'zh-Hant-HK', ko: 'ko' };

/**
 * The HTML `lang` of text in a content language: Chinese by its script.
 * @example contentLang('zh') // 'zh-Hans'
 * @example contentLang('zh-hk') // 'zh-Hant-HK'
 */
export function contentLang(rowLocale: string): string {
  return CONTENT_LANGS[rowLocale] ?? rowLocale;
}

/**
 * The `lang` an item's text needs on a page: its own when it is written in another language
 * than the page (Simplified rows on a Traditional page too), else undefined (the page's holds).
 * @example foreignLang('en', 'ko') // 'en'
 * @example foreignLang('zh', 'zh-hk') // 'zh-Hans'
 * @example foreignLang('zh', 'zh') // undefined
 */
export function foreignLang(rowLocale: string, pageLocale: Locale): string | undefined {
  return rowLocale === pageLocale ? undefined : contentLang(rowLocale);
}

/** The words a tag needs, in the page's language: `contentLanguage.tag.<row>` and `.title.<row>`. */
type TagTranslate = (key: string) => string;

/**
 * The visible tag of an item written in another language than the page's, or null: the
 * language's short name in the page's language, its full name as the tooltip.
 * @example langTagHtml(t, 'en', 'ko') // <span class="badge lang-tag" title="영어로 작성된 글" data-lang-tag="en">영어</span>
 */
export function langTagHtml(t: TagTranslate, rowLocale: string, pageLocale: Locale): SafeHtml | null {
  if (rowLocale === pageLocale) return null;
  return html`<span class="badge lang-tag" title="${t(`contentLanguage.title.${rowLocale}`)}" data-lang-tag="${rowLocale}">${t(`contentLanguage.tag.${rowLocale}`)}</span>`;
}
