/**
 * Markup of the article lists and coin chips, as strings (src/lib/html.ts): a list of twenty
 * articles with their chips used to be some sixty Astro components. ArticleList.astro and
 * CoinChips.astro place it; their styles are global under .articles and .coin-chips (coinChips.css,
 * which both import).
 */
import { html, attr, type SafeHtml } from '../../../lib/html.ts';
import { foreignLang, langTagHtml } from '../../../lib/i18n/contentLanguage.ts';
import type { ArticleSummary, CoinChip } from './news.server.ts';
import type { ArticleDetail } from './article.server.ts';
import { formatDateline } from '../../../lib/format/index.ts';
import type { View } from '../../../server/view.ts';
import { changeHtml } from '../../market/coins/client/index.ts';
import { convertedHtml, originHtml } from '../sources/index.ts';

/**
 * Related coins as chips: icon, symbol, (price,) 24h change, linking to the coin. The figures are
 * named by visually hidden text (an aria-label on a plain span is ignored, and invalid HTML).
 */
export function coinChipsHtml(v: View, coins: CoinChip[], price = false): SafeHtml | null {
  if (!coins.length) return null;
  const priceLabel = v.t('news.price');
  const changeLabel = v.t('news.change24h');
  return html`<ul class="coin-chips" data-testid="coin-chips">${coins.map(
    (c) =>
      html`<li><a class="chip" href="${v.href(`/coin/${encodeURIComponent(c.id)}`)}" title="${c.name}"><img src="${c.icon}" alt="" width="16" height="16" loading="lazy" decoding="async" /><span class="sym">${c.symbol}</span>${price ? html`<span class="num"><span class="sr-only">${priceLabel}: </span>${v.money.price(c.price)}</span>` : null}<span><span class="sr-only">${changeLabel}: </span>${changeHtml(v.money.change(c.change24h), c.id)}</span></a></li>`,
  )}</ul>`;
}

export interface ArticleListOptions {
  /** Show a news/research badge (lists mixing both kinds). */
  showKind?: boolean | undefined;
  /** Hide the byline (a columnist's own page). */
  hideAuthor?: boolean | undefined;
  /** The list's kind is still the demo seeder's and the page says so once: no label per item. */
  kindDemo?: boolean | undefined;
}

/** A list of article summaries: title, summary, byline, time, views and related coins. */
export function articleListHtml(
  v: View,
  articles: ArticleSummary[],
  { showKind = false, hideAuthor = false, kindDemo = false }: ArticleListOptions = {},
): SafeHtml {
  const { t } = v;
  return html`<ul class="articles" data-testid="article-list">${articles.map((a) => {
    const lang = attr('lang', foreignLang(a.locale, v.locale));
    return html`<li data-id="${a.id}">
<h2 class="title">${showKind ? html`<span class="badge">${t(`news.kind_${a.kind}`)}</span>` : null}${langTagHtml(t, a.locale, v.locale)}<a href="${v.href(`/${a.kind}/${a.id}`)}"${lang}>${a.title}</a></h2>
${a.summary ? html`<p class="summary"${lang}>${a.summary}</p>` : null}
<div class="meta muted">${originHtml(v, a.origin, kindDemo)}${convertedHtml(v, a)}${!hideAuthor && a.columnist ? html`<a href="${v.href(`/columnist/${a.columnist.id}`)}">${a.columnist.name}</a>` : a.origin.author ? html`<span>${a.origin.author}</span>` : null}<time datetime="${a.publishedAt}" title="${v.dateTime(a.publishedAt)}">${v.ago(a.publishedAt)}</time><span>${t('news.views', { count: a.views })}</span></div>
${coinChipsHtml(v, a.coins)}
</li>`;
  })}</ul>`;
}

/**
 * The byline of an article page: its origin (or demo label), the converted tag, the author, the
 * dateline and the views.
 */
export function bylineHtml(v: View, a: ArticleDetail & { convertedFrom?: 'zh' }): SafeHtml {
  const { t } = v;
  const author = a.columnist
    ? html`<a href="${v.href(`/columnist/${a.columnist.id}`)}" rel="author">${t('news.by', { name: a.columnist.name })}</a>`
    : a.origin.author
      ? html`<span>${t('sources.by', { name: a.origin.author })}</span>`
      : null;
  return html`${originHtml(v, a.origin)}${convertedHtml(v, a)} ${author} <time datetime="${a.publishedAt}" data-testid="dateline">${t('news.published', { time: formatDateline(a.publishedAt, v.locale) })}</time> <span data-testid="article-views">${t('news.views', { count: a.views })}</span>`;
}

/** The side column of an article page: its coins as chips with more about each, then related reads. */
export function articleAsideHtml(
  v: View,
  a: Pick<ArticleDetail, 'kind' | 'coins'>,
  related: readonly { id: number; kind: string; title: string; publishedAt: string }[],
  lang: string | undefined,
): SafeHtml {
  const { t } = v;
  const coins = a.coins.length
    ? html`<section class="box" data-testid="related-coins"><h2>${t('news.relatedCoins')}</h2>${coinChipsHtml(v, a.coins, true)}<p class="more">${a.coins.map((c) => html`<a href="${v.href(`/${a.kind}?coin=${encodeURIComponent(c.id)}`)}" data-testid="more-about">${t(`news.moreAbout_${a.kind}`, { symbol: c.symbol })}</a>`)}</p></section>`
    : null;
  const reads = related.length
    ? html`<section class="box" data-testid="related-articles"><h2>${t('news.relatedArticles')}</h2><ul class="related">${related.map((r) => html`<li><a href="${v.href(`/${r.kind}/${r.id}`)}"${attr('lang', lang)}>${r.title}</a> <time class="muted" datetime="${r.publishedAt}">${v.ago(r.publishedAt)}</time></li>`)}</ul></section>`
    : null;
  return html`${coins}${reads}`;
}
