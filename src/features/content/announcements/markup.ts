/**
 * Markup of the announcement lists as strings (src/lib/html.ts), as the article lists do
 * (../news/markup.ts): a page of announcements used to render a tag and an origin component per
 * item. AnnouncementList.astro and HotAnnouncements.astro place it and hold its styles.
 */
import { attr, html, type SafeHtml } from '../../../lib/html.ts';
import { contentLang, foreignLang, langTagHtml } from '../../../lib/i18n/contentLanguage.ts';
import type { View } from '../../../server/view.ts';
import { convertedHtml, originHtml } from '../sources/index.ts';
import type { AnnouncementItem } from './announcements.server.ts';

export interface AnnouncementListOptions {
  /** Link of a category filter (the list's own page), or undefined for plain badges. */
  categoryUrl?: ((category: string) => string) | undefined;
  showExchange?: boolean | undefined;
  /** Announcements are still the demo seeder's (the page says so once): no label per item. */
  kindDemo?: boolean | undefined;
}

/** A list of exchange announcements: category, title, exchange, time, origin and related coins. */
export function announcementListHtml(
  v: View,
  items: readonly AnnouncementItem[],
  { categoryUrl, showExchange = true, kindDemo = false }: AnnouncementListOptions = {},
): SafeHtml {
  const { t } = v;
  return html`<ul class="announcements" data-testid="announcement-list">${items.map((a) => {
    const category = t(`announcement.category.${a.category}`);
    const badge = categoryUrl
      ? html`<a class="badge cat" href="${categoryUrl(a.category)}" data-category="${a.category}">${category}</a>`
      : html`<span class="badge cat" data-category="${a.category}">${category}</span>`;
    const origin = { ...a.origin, name: a.origin.name ?? t('sources.original') };
    return html`<li data-id="${a.id}"><div class="head">${badge} ${langTagHtml(t, a.locale, v.locale)}<a class="title" href="${v.href(`/announcement/${a.id}`)}"${attr('lang', foreignLang(a.locale, v.locale))}>${a.title}</a></div><div class="meta muted">${showExchange ? html`<a href="${v.href(`/announcements/${encodeURIComponent(a.exchange.name)}`)}" data-testid="announcement-exchange">${a.exchange.displayName}</a> ` : null}<time datetime="${a.publishedAt}" title="${v.dateTime(a.publishedAt)}">${v.ago(a.publishedAt)}</time> ${originHtml(v, origin, kindDemo)}${convertedHtml(v, a)}${a.coins.length > 0 ? html` <span class="coins">${a.coins.map((c) => html`<a href="${v.href(`/coin/${encodeURIComponent(c.id)}`)}">${c.symbol}</a>`)}</span>` : null}</div></li>`;
  })}</ul>`;
}

/** The items of the side list of the most read announcements. */
export function hotAnnouncementItemsHtml(v: View, items: readonly AnnouncementItem[]): SafeHtml {
  const { t } = v;
  return html`<ol>${items.map(
    (a) =>
      html`<li>${langTagHtml(t, a.locale, v.locale)}<a href="${v.href(`/announcement/${a.id}`)}"${attr('lang', foreignLang(a.locale, v.locale))}>${a.title}</a> <span class="muted small">${a.exchange.displayName} · ${t('announcement.views', { count: a.views })}</span></li>`,
  )}</ol>`;
}

/** The items of an exchange page's list of its newest announcements, each opened as /exchange/article/{id}. */
export function exchangeArticleItemsHtml(v: View, items: readonly AnnouncementItem[]): SafeHtml {
  return html`${items.map(
    (a) =>
      html`<li>${langTagHtml(v.t, a.locale, v.locale)}<a href="${v.href(`/exchange/article/${a.id}`)}" lang="${contentLang(a.locale)}">${a.title}</a> <time class="muted" datetime="${a.publishedAt}">${v.date(a.publishedAt)}</time></li>`,
  )}`;
}
