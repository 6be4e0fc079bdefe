/**
 * The rows of a coin's content tabs (tabs/Content.astro) as one string: a component per row
 * (and a language tag in each) was most of the tab's render (src/lib/html.ts).
 */
import { html, type SafeHtml } from '../../../../lib/html.ts';
import { foreignLang, langTagHtml } from '../../../../lib/i18n/contentLanguage.ts';
import type { View } from '../../../../server/view.ts';
import type { ContentItem, ContentKind } from '../content.server.ts';

const DETAIL: Record<ContentKind, string> = {
  announcements: '/announcement',
  lives: '/lives',
  news: '/news',
  calendar: '/calendar',
};

/** The `<li>` of every item; `hot` adds each item's kind as a badge. */
export function contentItemsHtml(v: View, items: readonly ContentItem[], hot: boolean): SafeHtml {
  const { t } = v;
  return html`${items.map((i) => {
    const lang = foreignLang(i.locale, v.locale);
    const langAttr = lang ? html` lang="${lang}"` : null;
    const sourceLang = i.kind === 'calendar' ? langAttr : null;
    return html`<li> <div class="head"> ${hot ? html`<span class="badge">${t(`coinTabs.tab.${i.kind}`)}</span>` : null} ${i.important ? html`<span class="badge demo">${t('coinTabs.content.important')}</span>` : null} ${langTagHtml(t, i.locale, v.locale)} <a href="${v.href(`${DETAIL[i.kind]}/${i.id}`)}"${langAttr}>${i.title}</a> </div> ${i.summary ? html`<p class="muted"${langAttr}>${i.summary}</p>` : null} <div class="meta muted"> <time datetime="${i.at}" title="${v.dateTime(i.at)}">${i.kind === 'calendar' ? v.dateTime(i.at) : v.ago(i.at)}</time> ${i.source ? html`<span>· <span${sourceLang}>${i.source}</span></span>` : null} </div> </li>`;
  })}`;
}
