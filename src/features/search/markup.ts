/**
 * Markup of the search results' rows, as strings (src/lib/html.ts): every row used to be several
 * Astro components (the matches marked in each name, the change, a content hit's language tag),
 * most of /search's render. SearchView.astro and ContentResults.astro place it; the rows carry no
 * scoping attribute, so styles reaching into them are global or :global().
 */
import { html, attr, type SafeHtml } from '../../lib/html.ts';
import { highlight } from '../../lib/highlight.ts';
import { foreignLang, langTagHtml } from '../../lib/i18n/contentLanguage.ts';
import type { View } from '../../server/view.ts';
import { changeHtml, stalePriceHtml } from '../market/coins/client/index.ts';
import type { CoinHit, ContentHit, ExchangeHit, PairHit } from './query.server.ts';

/** `text` with every word of the query marked. */
export function highlightHtml(text: string, query: string): SafeHtml {
  return html`${highlight(text, query).map((p) => (p.match ? html`<mark>${p.text}</mark>` : p.text))}`;
}

/** The coin results' rows: rank, icon and names with the matches marked, price, change, market cap. */
export function coinHitRowsHtml(v: View, hits: readonly CoinHit[], query: string): SafeHtml {
  return html`${hits.map((c) => {
    const local = v.coinName(c);
    const name =
      local !== c.name
        ? html`${highlightHtml(local, query)} <span class="en" lang="en">${highlightHtml(c.name, query)}</span>`
        : highlightHtml(c.name, query);
    const stale = stalePriceHtml(v, c);
    return html`<tr data-coin="${c.id}"> <td class="l muted num">${c.rank ?? '--'}</td> <td class="l"><a class="coin-cell" href="${v.href(`/coin/${encodeURIComponent(c.id)}`)}"><img src="${c.icon}" alt="" width="24" height="24" loading="lazy" decoding="async"><span class="nm">${name}</span> <span class="sym">${highlightHtml(c.symbol, query)}</span></a>${stale ? html` ${stale}` : null}</td> <td class="num">${v.money.price(c.price)}</td> <td>${changeHtml(v.money.change(c.change24h))}</td> <td class="num">${v.money.amount(c.marketCap)}</td> </tr>`;
  })}`;
}

/** The exchange results' rows: rank, name with the matches marked, type, volume, pair count. */
export function exchangeHitRowsHtml(v: View, hits: readonly ExchangeHit[], query: string): SafeHtml {
  return html`${hits.map(
    (e) =>
      html`<tr data-exchange="${e.name}"> <td class="l muted num">${e.rank ?? '--'}</td> <td class="l"><a href="${v.href(`/exchange/${encodeURIComponent(e.name)}`)}">${highlightHtml(e.displayName, query)}</a></td> <td class="l"><span class="badge">${e.type}</span></td> <td class="num">${v.money.amount(e.reportedVolume24h)}</td> <td class="num">${v.number(e.pairCount, false)}</td> </tr>`,
  )}`;
}

/** The pair results' rows: pair with the matches marked (and its exchange under it on a phone), exchange, price, change, volume. */
export function pairHitRowsHtml(v: View, hits: readonly PairHit[], query: string): SafeHtml {
  const futures = v.t('market.futures');
  return html`${hits.map((k) => {
    const exchange = v.href(`/exchange/${encodeURIComponent(k.exchange)}`);
    return html`<tr data-pair="${k.pair}"> <td class="l pair"><a class="pr" href="${v.href(`/coin/${encodeURIComponent(k.coinId)}`)}">${highlightHtml(v.pair(k.pair), query)}</a> ${k.market === 'futures' ? html`<span class="badge">${futures}</span>` : null}<a class="ph-under" href="${exchange}">${k.exchangeDisplayName}</a></td> <td class="l ph-hide"><a href="${exchange}">${k.exchangeDisplayName}</a></td> <td class="num">${v.money.price(k.price)}</td> <td>${changeHtml(k.change24h)}</td> <td class="num">${v.money.amount(k.volume24h)}</td> </tr>`;
  })}`;
}

/**
 * Content hits (news, research, flash news, announcements, wiki, questions) as a list: the title
 * with the matches marked, badges, the time and the matching passage of the body.
 */
export function contentHitsHtml(v: View, hits: readonly ContentHit[], query: string): SafeHtml {
  const { t } = v;
  return html`<ol class="content-hits">${hits.map((h) => {
    const lang = attr('lang', foreignLang(h.locale, v.locale));
    return html`<li data-content-id="${h.id}" data-kind="${h.kind}"><h3>${langTagHtml(t, h.locale, v.locale)}<a href="${v.href(h.path)}"${lang}>${highlightHtml(h.title, query)}</a></h3><p class="meta muted">${h.important ? html`<span class="badge important">${t('searchContent.important')}</span>` : null}${h.exchange ? html`<a class="badge" href="${v.href(`/announcements/${encodeURIComponent(h.exchange.name)}`)}">${h.exchange.displayName}</a>` : null}${h.category ? html`<span class="badge">${t(`searchContent.category.${h.category}`, { defaultValue: h.category })}</span>` : null}<time datetime="${h.publishedAt}" title="${v.dateTime(h.publishedAt)}">${v.ago(h.publishedAt)}</time></p>${h.snippet ? html`<p class="snippet"${lang}>${highlightHtml(h.snippet, query)}</p>` : null}</li>`;
  })}</ol>`;
}
