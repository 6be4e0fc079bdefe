// The plain template baseline of the search page (/search?q=bitcoin, baseline-market.mjs): the
// form, the tabs with each kind's count, then a section per kind: coins, exchanges and pairs as
// tables, content (news, research, flash news, announcements, encyclopedia, questions) as hits
// with the matches marked, their time ago and the matching passage.
import { amount, change, esc, int, mmdd, price } from './baseline-markup.mjs';
import { pairName } from './baseline-market-pairs.mjs';

const KINDS = {
  coin: 'Coins',
  exchange: 'Exchanges',
  pair: 'Pairs',
  news: 'News',
  research: 'Research',
  lives: 'Flash news',
  announcement: 'Announcements',
  wiki: 'Encyclopedia',
  question: 'Questions',
};
const CATEGORIES = { bitwiki: 'Project wiki', maintenance: 'Maintenance', listing: 'Listing', delisting: 'Delisting' };

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const UNITS = [
  [HOUR, MINUTE, 'a minute', 'minutes'],
  [DAY, HOUR, 'an hour', 'hours'],
  [30 * DAY, DAY, 'a day', 'days'],
  [360 * DAY, 30 * DAY, 'a month', 'months'],
  [Infinity, 360 * DAY, 'a year', 'years'],
];
/** src/lib/format/relative.ts in English: "just now", "an hour ago", "3 months ago". */
function ago(at, now) {
  const diff = now - Date.parse(at);
  if (diff <= MINUTE) return 'just now';
  const [, size, one, many] = UNITS.find(([below]) => diff < below);
  const n = Math.floor(diff / size);
  return `${n === 1 ? one : `${n} ${many}`} ago`;
}

export function search(d) {
  const { page: P, results: R, hits: C } = d.cid;
  const q = esc(d.query);
  const mark = (text) => esc(text).replace(d.match, '<mark>$&</mark>');
  const now = Date.now();
  const href = (kind) => `/search?q=${encodeURIComponent(d.query)}${kind ? `&#38;kind=${kind}` : ''}`;
  const all = d.sections.reduce((n, s) => n + s.total, 0);
  const tabs = d.sections
    .map(
      (s) =>
        `<a href="${href(s.kind)}" data-testid="search-tab-${s.kind}"${R}>${KINDS[s.kind]} <span class="count"${R}>${int.format(s.total)}</span></a>`,
    )
    .join('');
  const th = (label, cls = '') => `<th${cls ? ` class="${cls}"` : ''} scope="col"${R}>${label}</th>`;
  const table = (head, rows) =>
    `<table class="data"${R}> <thead${R}><tr${R}>${head}</tr></thead> <tbody${R}>  ${rows} </tbody> </table>`;
  const body = {
    coin: (list) =>
      `<div class="table-wrap"${R}> ${table(
        th('Rank', 'l') + th('Name', 'l') + th('Price') + th('24h change') + th('Market cap'),
        list
          .map(
            (c) =>
              `<tr data-coin="${esc(c.id)}"> <td class="l muted num">${c.rank ?? '--'}</td> <td class="l"><a class="coin-cell" href="/coin/${esc(c.id)}"><img src="${esc(c.icon)}" alt="" width="24" height="24" loading="lazy" decoding="async"><span class="nm">${mark(c.name)}</span> <span class="sym">${mark(c.symbol)}</span></a></td> <td class="num">${price(c.price)}</td> <td>${change(c.change24h)}</td> <td class="num">${amount(c.marketCap)}</td> </tr>`,
          )
          .join(''),
      )}   </div>`,
    exchange: (list) =>
      `<div class="table-wrap"${R}>  ${table(
        th('Rank', 'l') + th('Name', 'l') + th('Type', 'l') + th('24h volume') + th('Pairs'),
        list
          .map(
            (e) =>
              `<tr data-exchange="${esc(e.name)}"> <td class="l muted num">${e.rank ?? '--'}</td> <td class="l"><a href="/exchange/${esc(e.name)}">${mark(e.displayName)}</a></td> <td class="l"><span class="badge">${esc(e.type)}</span></td> <td class="num">${amount(e.reportedVolume24h)}</td> <td class="num">${int.format(e.pairCount)}</td> </tr>`,
          )
          .join(''),
      )}  </div>`,
    pair: (list) =>
      `<div class="table-wrap"${R}>   ${table(
        th('Pair', 'l') + th('Exchange', 'l ph-hide') + th('Price') + th('24h change') + th('24h volume'),
        list
          .map((k) => {
            const ex = `<a href="/exchange/${esc(k.exchange)}">${esc(k.exchangeDisplayName)}</a>`;
            return `<tr data-pair="${esc(k.pair)}"> <td class="l pair"><a class="pr" href="/coin/${esc(k.coinId)}">${mark(pairName(k.pair))}</a> ${k.market === 'futures' ? `<span class="badge">Futures</span>` : ''}<a class="ph-under" href="/exchange/${esc(k.exchange)}">${esc(k.exchangeDisplayName)}</a></td> <td class="l ph-hide">${ex}</td> <td class="num">${price(k.price)}</td> <td>${change(k.change24h)}</td> <td class="num">${amount(k.volume24h)}</td> </tr>`;
          })
          .join(''),
      )} </div>`,
  };
  const hits = (list) =>
    `<ol class="content-hits"${C}>${list
      .map(
        (h) =>
          `<li data-content-id="${h.id}" data-kind="${h.kind}"${C}><h3${C}><a href="${esc(h.path)}"${C}>${mark(h.title)}</a></h3><p class="meta muted"${C}>${h.important ? `<span class="badge important"${C}>Important</span>` : ''}${h.exchange ? `<a class="badge" href="/announcements/${esc(h.exchange.name)}"${C}>${esc(h.exchange.displayName)}</a>` : ''}${h.category ? `<span class="badge"${C}>${esc(CATEGORIES[h.category] ?? h.category)}</span>` : ''}<time datetime="${h.publishedAt}" title="${mmdd(new Date(h.publishedAt))}"${C}>${ago(h.publishedAt, now)}</time></p>${h.snippet ? `<p class="snippet"${C}>${mark(h.snippet)}</p>` : ''}</li>`,
      )
      .join('')}</ol>`;
  const sections = d.sections
    .map((s) => {
      const more =
        s.total > s.list.length
          ? `<p class="more"${R}><a href="${href(s.kind)}" data-testid="search-more-${s.kind}"${R}>Show all results (${int.format(s.total)}) →</a></p>`
          : '';
      return `<section class="result-section" data-testid="search-section-${s.kind}"${R}> <h2${R}>${KINDS[s.kind]} <span class="count muted"${R}>(${int.format(s.total)})</span></h2> ${(body[s.kind] ?? hits)(s.list)} ${more}   </section>`;
    })
    .join('');
  return `<main id="main">   <h1>Search</h1> <form class="search-form" role="search" aria-label="Search coins, exchanges, pairs and news" action="/search" method="get" data-testid="search-form"${P}> <label class="sr-only" for="search-q"${P}>Search coins, exchanges, pairs, news and announcements</label> <input id="search-q" name="q" type="search" value="${q}" maxlength="90" placeholder="Coin, exchange, pair or topic, e.g. btc, binance, eth/usdt, halving" autocomplete="off" data-testid="search-page-input"${P}> <button type="submit"${P}>Search</button> </form>   <div data-testid="search-results" data-query="${q}"${R}> <p class="muted results-for"${R}>Results for “${q}”</p> <nav class="tabs" aria-label="Search"${R}> <a href="${href()}" aria-current="page"${R}>All <span class="count"${R}>${int.format(all)}</span></a> ${tabs} </nav>    ${sections} </div>   </main>`;
}
