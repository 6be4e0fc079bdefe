// The plain template baselines of the pages of pairs among the market families (baseline-market.mjs):
// an exchange's detail page (/exchange/binance) and a coin's markets tab (/coin/bitcoin/market),
// with the facts list and sortable headers the other market pages share.
import { amount, change, coinHead, esc, exportLinks, fav, int, price, supply, two } from './baseline-markup.mjs';

export const sortHead = (base, col, label, left) =>
  `<th${left ? ' class="l"' : ''} scope="col"><a href="${base}?sort=${col}&amp;order=desc" rel="nofollow">${label}</a></th>`;

// Exchange detail (/exchange/binance): header, rating, expected vs reported volume, facts,
// features, description, newest announcements, then the first 50 pairs and the pager.

const CONTRACTS = {
  PERPETUAL: 'Perpetual',
  UPSWEEKLY: 'Weekly (up)',
  DOWNSWEEKLY: 'Weekly (down)',
  WEEKLY: 'This week',
  BIWEEKLY: 'Next week',
  MONTHLY: 'This month',
  QUARTERLY: 'This quarter',
  BIQUARTERLY: 'Next quarter',
};
/** BTC-PERPETUAL/USDT → BTC Perpetual/USDT (src/lib/format/pair.ts). */
export function pairName(pair) {
  const slash = pair.indexOf('/');
  const left = slash < 0 ? pair : pair.slice(0, slash);
  const dash = left.lastIndexOf('-');
  const name = dash > 0 ? CONTRACTS[left.slice(dash + 1)] : undefined;
  return name ? `${left.slice(0, dash)} ${name}${slash < 0 ? '' : pair.slice(slash)}` : pair;
}
const one = (v) => v.toFixed(1);
const yesNo = (b) => (b ? 'Yes' : 'No');
const feePct = (v) => (v == null ? '--' : `${v}%`);
const rankOf = (r) => (r == null ? '--' : `#${r}`);
export const facts = (items) =>
  `<dl class="facts"> ${items.map(([k, v]) => `<div><dt>${k}</dt><dd class="num">${esc(v)}</dd></div>`).join('')} </dl>`;

/** The pager of a table of pairs (src/lib/pagination.ts: up to 7 slots), on page 1, `hash` after every link. */
function pairsPager(base, total, size, list, hash = '') {
  const pages = Math.max(1, Math.ceil(total / size));
  const href = (p, s = size) => {
    const q = [p > 1 ? `page=${p}` : '', s === 50 ? '' : `size=${s}`].filter(Boolean).join('&amp;');
    return `${base}${q ? `?${q}` : ''}${hash}`;
  };
  const slots = pages <= 7 ? Array.from({ length: pages }, (_, i) => i + 1) : [1, 2, 3, 4, 5, null, pages];
  const items = slots
    .map(
      (p) =>
        `<li>${p === null ? '<span class="gap">…</span>' : `<a href="${href(p)}"${p === 1 ? ' aria-current="page"' : ''} aria-label="Page ${p}">${p}</a>`}</li>`,
    )
    .join('');
  const sizes = [10, 20, 30, 40, 50, 100]
    .map((s) => `<a href="${href(1, s)}"${s === size ? ' aria-current="true"' : ''} data-size="${s}">${s}</a>`)
    .join('');
  return `<nav class="toolbar" aria-label="Pagination">
<span class="muted" data-testid="page-info">Showing 1–${Math.min(total, size)} of ${int.format(total)}</span>
<ul class="pager">
<li><span class="disabled">Previous</span></li>
${items}
<li><a href="${href(2)}" rel="next">Next</a></li>
</ul>
<span class="sizes" data-list="${list}"><span class="muted">Rows per page</span>${sizes}</span>
</nav>`;
}

export function exchangeDetail(d) {
  const { ex } = d;
  const { page: P, head: H, stars: S, volume: V } = d.cid;
  const name = esc(ex.name);
  const shown = esc(ex.displayName);
  const base = `/exchange/${name}`;
  const est = ex.volumeEstimate;
  const share = est && ex.reportedVolume24h ? (est.expected / ex.reportedVolume24h) * 100 : null;
  const rating =
    ex.starRating == null
      ? '<span class="muted">--</span>'
      : `<span class="stars" role="img" aria-label="${one(ex.starRating)} out of 5 stars" title="${one(ex.starRating)} out of 5 stars"${S}><span class="off" aria-hidden="true"${S}>★★★★★</span><span class="on" aria-hidden="true" style="width:${Math.min(100, (ex.starRating / 5) * 100).toFixed(1)}%"${S}>★★★★★</span></span>`;
  const formula = est
    ? `<table class="data formula" data-testid="volume-formula"${V}> <tbody${V}> <tr${V}><th class="l" scope="row"${V}>Average volume per visit (all exchanges)</th><td class="num"${V}>${price(est.perVisit)}</td></tr> <tr${V}><th class="l" scope="row"${V}>Daily visits (monthly visits ÷ 30)</th><td class="num"${V}>× ${supply(est.dailyVisits)}</td></tr> <tr${V}><th class="l" scope="row"${V}>Volume per visit × daily visits</th><td class="num"${V}>= ${amount(est.uncapped)}</td></tr> <tr${V}><th class="l" scope="row"${V}>Expected volume (24h)</th><td class="num"${V}><strong${V}>${amount(est.expected)}</strong></td></tr> </tbody> </table> <p class="small" data-testid="volume-capped" data-capped="${est.capped}"${V}>${est.capped ? 'Higher than the reported volume, so the expected volume is capped at the reported volume.' : 'Lower than the reported volume, so it is the expected volume.'}</p>`
    : `<p class="muted" data-testid="no-estimate"${V}>No expected volume: this exchange reports no visits or no volume.</p>`;
  const meter =
    share === null
      ? ''
      : `<div class="meter" aria-hidden="true"${V}><span style="width:${Math.min(100, share).toFixed(1)}%"${V}></span></div> <p class="small"${V}>Expected volume is ${share.toFixed(1)}% of the reported volume.</p>`;
  const articles = d.articles
    .map(
      (a) =>
        `<li${P}><a href="/exchange/article/${a.id}" lang="${esc(a.locale)}"${P}>${esc(a.title)}</a> <time class="muted" datetime="${a.publishedAt}"${P}>${a.publishedAt.slice(0, 10)}</time></li>`,
    )
    .join('');
  const rows = d.pairs.list
    .map((k) => {
      const coin = `/coin/${esc(k.coinId)}`;
      const pair = esc(pairName(k.pair));
      const depth =
        k.depthPlus1 == null && k.depthMinus1 == null ? '--' : `${amount(k.depthPlus1)} / ${amount(k.depthMinus1)}`;
      return `<tr data-pair="${esc(k.pair)}"> <td class="l">${fav(`TICKER:${k.id}`, `${pairName(k.pair)} ${k.exchangeDisplayName}`)}<a class="ph-hide" href="${coin}">${esc(k.coinName)}</a></td> <td class="l pair"><span class="pr">${pair}</span> ${k.market === 'futures' ? '<span class="badge">Futures</span>' : ''}<a class="ph-under" href="${coin}">${esc(k.coinName)}</a></td> <td class="num">${price(k.price)}</td> <td>${change(k.change24h)}</td> <td class="num">${amount(k.volume24h)}</td> <td class="num">${two.format(k.share)}%</td> <td class="num">${k.spread == null ? '--' : `${k.spread.toFixed(2)}%`}</td> <td class="num">${depth}</td> </tr>`;
    })
    .join('');
  const sortable = (col, label, left) =>
    `<th${left ? ' class="l"' : ''} scope="col"><a href="${base}?sort=${col}&amp;order=desc#pairs" rel="nofollow">${label}</a></th>`;
  const exportsOf = exportLinks('exchange-pairs', `exchange=${name}&amp;`, 50);
  return `<main id="main">  <article data-testid="exchange-detail"${P}> <header class="ex-head"${H}> <h1${H}>${shown} <small class="muted slug"${H}>${name}</small></h1> <p class="meta"${H}> ${fav(`EXCHANGE:${ex.name}`, ex.displayName)} <span class="badge" title="${ex.type === 'CEX' ? 'Centralised' : 'Decentralised'}"${H}>${esc(ex.type)}</span> ${ex.rank == null ? '' : `<span class="badge"${H}>Ranking #${ex.rank}</span>`} <span class="badge${ex.reviewed ? '' : ' demo'}" data-testid="review-status"${H}>${ex.reviewed ? 'Reviewed' : 'Unreviewed'}</span> ${ex.website ? `<a href="${esc(ex.website)}" rel="nofollow noopener noreferrer" target="_blank"${H}>Website</a>` : ''} </p> </header>  <nav class="tabs ex-tabs" aria-label="${shown}"${H}> <a href="${base}" aria-current="page" data-testid="exchange-tab-overview"${H}>Overview</a> <a href="${base}/comment" data-testid="exchange-tab-comments"${H}>Reviews <span class="count" data-review-total${H}>${int.format(d.reviewCount)}</span></a> </nav>  ${d.starsScript} <p class="rating" data-testid="star-rating" title="Coinlens’ own rating of the exchange; readers’ ratings are in the reviews"${P}> <span class="muted"${P}>Coinlens rating</span> ${rating} <span class="num"${P}>${ex.starRating == null ? '' : `${one(ex.starRating)}/5`}</span> </p> <section class="volume-compare" data-testid="volume-compare" aria-labelledby="volume-compare-h"${V}> <h2 id="volume-compare-h"${V}>Expected vs reported volume</h2> <div class="cards"${V}> <div class="card"${V}><div class="label"${V}>Expected volume (24h)</div><div class="value num" data-testid="expected-volume"${V}>${amount(ex.expectedVolume24h)}</div> <div class="muted small"${V}>Expected rank: ${rankOf(ex.expectedRank)}</div></div> <div class="card"${V}><div class="label"${V}>Reported volume (24h)</div><div class="value num" data-testid="reported-volume"${V}>${amount(ex.reportedVolume24h)}</div> <div class="muted small"${V}>Reported rank: ${rankOf(ex.rank)}</div></div> </div> ${meter} ${formula} <p class="muted small"${V}>Expected volume = weighted average volume per visit × visits, at most the reported volume. The average is taken over reviewed exchanges that report both volume and visits, weighted by their visits.</p> </section>    ${facts(
    [
      ['Exchange', ex.displayName],
      ['Type', `${ex.type} · ${ex.type === 'CEX' ? 'Centralised' : 'Decentralised'}`],
      ['Country / region', ex.country ?? '--'],
      ['Founded', ex.foundedOn ?? '--'],
      ['Reported rank', rankOf(ex.rank)],
      ['Expected rank', rankOf(ex.expectedRank)],
      ['Maker fee', feePct(ex.makerFee)],
      ['Taker fee', feePct(ex.takerFee)],
      ['Coins', int.format(ex.coinCount)],
      ['Pairs', int.format(ex.pairCount)],
      ['Monthly visits', supply(ex.monthlyVisits)],
      ['Social followers', supply(ex.followers)],
      ['API delay', ex.apiDelayMs == null ? '--' : `${ex.apiDelayMs} ms`],
      ['Website delay', ex.webDelayMs == null ? '--' : `${ex.webDelayMs} ms`],
      ['Review status', ex.reviewed ? 'Reviewed' : 'Unreviewed'],
    ],
  )}  <h2${P}>Features</h2> ${facts([
    ['Spot', yesNo(ex.features.spot)],
    ['Leverage', yesNo(ex.features.leverage)],
    ['Fiat', yesNo(ex.features.fiat)],
    ['Mining incentive', yesNo(ex.features.miningIncentive)],
    ['Futures', yesNo(ex.features.futures)],
  ])} ${ex.description ? `<h2${P}>About ${shown} </h2><p class="about" data-testid="exchange-description"${P}>${esc(ex.description)}</p>` : ''} ${articles ? `<section data-testid="exchange-articles"${P}> <h2${P}>${shown} articles</h2> <ul class="articles"${P}> ${articles} </ul> <p${P}><a href="/announcements/${name}"${P}>More announcements from ${shown}</a></p> </section>` : ''} <h2 id="pairs"${P}>Market pairs</h2> <div class="toolbar"${P}> <nav class="tabs" aria-label="Market pairs" data-testid="pair-market-tabs"${P}> <a href="${base}#pairs" aria-current="page"${P}>All</a><a href="${base}?filter=spot#pairs"${P}>Spot</a><a href="${base}?filter=futures#pairs"${P}>Futures</a> </nav> ${exportsOf} </div> <div class="table-wrap"> <table class="data tickers pin-2" data-testid="ticker-table"> <thead> <tr> <th class="l" scope="col"><span class="ph-hide">Name</span></th> ${sortable('pair', 'Pair', true)}${sortable('price', 'Price')}${sortable('change24h', '24h %')}${sortable('volume24h', 'Volume (24h)')} <th scope="col">Volume share</th> ${sortable('spread', 'Spread')} <th scope="col">Depth ±1%</th> </tr> </thead> <tbody>  ${rows} </tbody> </table> </div>  ${pairsPager(base, d.pairs.total, 50, 'exchange-pairs', '#pairs')} </article>  </main>`;
}

// A coin's markets tab (/coin/bitcoin/market): the coin header and tabs, then its first 50 pairs.

export function coinMarket(d) {
  const c = d.coin;
  const { head: C, article: A } = d.cid;
  const base = `/coin/${esc(c.id)}/market`;
  const sym = esc(c.symbol);
  const rows = d.pairs.list
    .map((k) => {
      const ex = `/exchange/${esc(k.exchange)}`;
      const name = esc(k.exchangeDisplayName);
      return `<tr data-pair="${esc(k.pair)}"> <td class="l">${fav(`TICKER:${k.id}`, `${pairName(k.pair)} ${k.exchangeDisplayName}`)}<a class="ph-hide" href="${ex}">${name}</a></td> <td class="l pair"><span class="pr">${esc(pairName(k.pair))}</span> ${k.market === 'futures' ? '<span class="badge">Futures</span>' : ''}   <a class="ph-under" href="${ex}">${name}</a> </td> <td class="num">${price(k.price)}</td> <td>${change(k.change24h)}</td> <td class="num">${amount(k.volume24h)}</td> <td class="num">${two.format(k.share)}%</td> <td class="num">${k.spread == null ? '--' : `${k.spread.toFixed(3)}%`}</td> <td class="num">${amount(k.depthPlus1)}</td> <td class="num">${amount(k.depthMinus1)}</td> </tr>`;
    })
    .join('');
  const head = [
    sortHead(base, 'pair', 'Pair', true),
    sortHead(base, 'price', 'Price'),
    sortHead(base, 'change24h', '24h %'),
    sortHead(base, 'volume24h', 'Volume (24h)'),
    '<th scope="col">Volume share</th>',
    sortHead(base, 'spread', 'Spread'),
  ].join(' ');
  return `<main id="main">   <article data-testid="coin-detail" data-tab="market"${A}> ${coinHead(c, 'market', C, d.quick)}  ${d.starsScript} <section class="coin-tab" data-testid="coin-tab-market"${A}>   <div class="toolbar"> <h2>${sym} markets</h2> <nav class="tabs" aria-label="Market type"> <a href="${base}" aria-current="page">All</a><a href="${base}?market=spot">Spot</a><a href="${base}?market=futures">Futures</a> </nav> ${exportLinks('coin-markets', `coin=${esc(c.id)}&amp;`, 50)} </div> <p class="note">Spread = (best ask − best bid) ÷ best ask × 100. Depth: order-book value within 1% above (+1%) and below (−1%) the last price.</p> <div class="table-wrap"> <table class="data pin-2" data-testid="market-table"> <thead> <tr> <th class="l" scope="col"><span class="ph-hide">Exchange</span></th> ${head} <th scope="col">+1% depth</th> <th scope="col">−1% depth</th> </tr> </thead> <tbody>  ${rows} </tbody> </table> </div> ${pairsPager(base, d.pairs.total, 50, 'coin-markets')}              </section> </article>  </main>`;
}
