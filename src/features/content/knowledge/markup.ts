/**
 * The encyclopedia index's entries (/baike) as one string: a language tag component per entry
 * was most of the page's render (src/lib/html.ts).
 */
import { html, type SafeHtml } from '../../../lib/html.ts';
import { langTagHtml } from '../../../lib/i18n/contentLanguage.ts';
import type { View } from '../../../server/view.ts';
import type { WikiIndexEntry } from './knowledge.server.ts';

/**
 * The `<li>` of every entry of one group, written in `locale`; `lang` is set when that is not
 * the page's language (English entries on a Korean page).
 */
export function baikeEntriesHtml(
  v: View,
  entries: readonly WikiIndexEntry[],
  locale: string,
  lang: string | undefined,
): SafeHtml {
  const tag = langTagHtml(v.t, locale, v.locale);
  const langAttr = lang ? html` lang="${lang}"` : null;
  return html`${entries.map(
    (e) =>
      html`<li> ${tag}<a href="${v.href(`/baike/${encodeURIComponent(e.slug)}`)}" data-testid="wiki-entry"${langAttr}>${e.title}</a> ${e.summary ? html`<p class="muted"${langAttr}>${e.summary}</p>` : null} </li>`,
  )}`;
}
