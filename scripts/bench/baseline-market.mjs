// Plain template baselines of the market families (exchange detail, concepts, converter, charts, search, coin tabs, ...)
// for the page benchmark (baseline.mjs): each page's rows captured once from the product's API,
// <main> rendered per request with template literals, markup close to the product's.
import {
  amount,
  change,
  coinTable,
  esc,
  exportLinks,
  fav,
  int,
  pager,
  price,
  supply,
  two,
} from './baseline-markup.mjs';

/** The pages this module templates (paths without a locale prefix). */
export const PAGES = ['/exchange/binance', '/concept', '/concept/layer-1', '/convert/btc-usd'];

/** The rows of each page, read once from a running product (ctx: see baseline.mjs). */
export async function capture(ctx) {
  const { api, cid, stars } = ctx;
  const ex = '/exchange/binance';
  const [exchange, pairs, announcements, reviews, sectors, layer1, quote, top50] = await Promise.all([
    api('/api/v1/exchanges/binance'),
    api('/api/v1/tickers?exchange=binance&page=1&size=50'),
    api('/api/new/v2/announcements?exchange=binance&page=1&size=10'),
    api('/api/v1/exchanges/binance/comments?page=1&size=10'),
    api('/api/v1/concepts'),
    api('/api/v1/concepts/layer-1?page=1&size=10'),
    api('/api/v1/convert?from=btc&to=usd&amount=1'),
    api('/api/v1/coins?page=1&size=50'),
  ]);
  const cv = ctx.pages['/convert/btc-usd'].main;
  return {
    [ex]: {
      ex: exchange,
      pairs,
      articles: announcements.list.slice(0, 5),
      reviewCount: reviews.summary.count,
      starsScript: stars(ex),
      cid: {
        page: cid(ex, 'data-testid="exchange-detail"'),
        head: cid(ex, 'class="ex-head"'),
        stars: cid(ex, 'class="stars"'),
        volume: cid(ex, 'class="volume-compare"'),
      },
    },
    '/concept': {
      sectors,
      cid: { page: cid('/concept', '<h1'), table: cid('/concept', 'class="table-wrap"') },
    },
    '/concept/layer-1': {
      sector: layer1,
      starsScript: stars('/concept/layer-1'),
      cid: { page: cid('/concept/layer-1', '<h1') },
    },
    '/convert/btc-usd': {
      quote,
      options: [...FIATS, ...top50.list.map((c) => [c.symbol, c.name])],
      // The panel's translated strings, and the form island's bootstrap scripts and opening tag
      // (its props: translated strings and the same currency options): constants.
      dict: /data-dict="([^"]*)"/.exec(cv)?.[1] ?? '',
      islandHead: /<script>\(\(\)=>\{var [\s\S]*?<astro-island [^>]*>/.exec(cv)?.[0] ?? '',
      script: /<script type="module" src="[^"]*Converter[^"]*"><\/script>/.exec(cv)?.[0] ?? '',
      cid: { page: cid('/convert/btc-usd', 'data-testid="converter"') },
    },
  };
}

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
function pairName(pair) {
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
const facts = (items) =>
  `<dl class="facts"> ${items.map(([k, v]) => `<div><dt>${k}</dt><dd class="num">${esc(v)}</dd></div>`).join('')} </dl>`;

function pairsPager(base, total, size) {
  const pages = Math.max(1, Math.ceil(total / size));
  const href = (p, s = size) => {
    const q = [p > 1 ? `page=${p}` : '', s === 50 ? '' : `size=${s}`].filter(Boolean).join('&amp;');
    return `${base}${q ? `?${q}` : ''}#pairs`;
  };
  const items = [1, 2, 3, 4, 5]
    .filter((p) => p <= pages)
    .map((p) => `<li><a href="${href(p)}"${p === 1 ? ' aria-current="page"' : ''} aria-label="Page ${p}">${p}</a></li>`)
    .join('');
  const last =
    pages > 5
      ? `<li><span class="gap">…</span></li><li><a href="${href(pages)}" aria-label="Page ${pages}">${pages}</a></li>`
      : '';
  const sizes = [10, 20, 30, 40, 50, 100]
    .map((s) => `<a href="${href(1, s)}"${s === size ? ' aria-current="true"' : ''} data-size="${s}">${s}</a>`)
    .join('');
  return `<nav class="toolbar" aria-label="Pagination">
<span class="muted" data-testid="page-info">Showing 1–${Math.min(total, size)} of ${int.format(total)}</span>
<ul class="pager">
<li><span class="disabled">Previous</span></li>
${items}${last}
<li><a href="${href(2)}" rel="next">Next</a></li>
</ul>
<span class="sizes" data-list="exchange-pairs"><span class="muted">Rows per page</span>${sizes}</span>
</nav>`;
}

function exchangeDetail(d) {
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
  ])} ${ex.description ? `<h2${P}>About ${shown} </h2><p class="about" data-testid="exchange-description"${P}>${esc(ex.description)}</p>` : ''} ${articles ? `<section data-testid="exchange-articles"${P}> <h2${P}>${shown} articles</h2> <ul class="articles"${P}> ${articles} </ul> <p${P}><a href="/announcements/${name}"${P}>More announcements from ${shown}</a></p> </section>` : ''} <h2 id="pairs"${P}>Market pairs</h2> <div class="toolbar"${P}> <nav class="tabs" aria-label="Market pairs" data-testid="pair-market-tabs"${P}> <a href="${base}#pairs" aria-current="page"${P}>All</a><a href="${base}?filter=spot#pairs"${P}>Spot</a><a href="${base}?filter=futures#pairs"${P}>Futures</a> </nav> ${exportsOf} </div> <div class="table-wrap"> <table class="data tickers pin-2" data-testid="ticker-table"> <thead> <tr> <th class="l" scope="col"><span class="ph-hide">Name</span></th> ${sortable('pair', 'Pair', true)}${sortable('price', 'Price')}${sortable('change24h', '24h %')}${sortable('volume24h', 'Volume (24h)')} <th scope="col">Volume share</th> ${sortable('spread', 'Spread')} <th scope="col">Depth ±1%</th> </tr> </thead> <tbody>  ${rows} </tbody> </table> </div>  ${pairsPager(base, d.pairs.total, 50)} </article>  </main>`;
}

// Concept sectors (/concept): every sector with its figures and three leading coins.

const sortHead = (base, col, label, left) =>
  `<th${left ? ' class="l"' : ''} scope="col"><a href="${base}?sort=${col}&amp;order=desc" rel="nofollow">${label}</a></th>`;

function concepts(d) {
  const { page: P, table: T } = d.cid;
  const rows = d.sectors
    .map((s, i) => {
      const leaders = s.leaders
        .map(
          (c) =>
            `<a href="/coin/${esc(c.id)}" title="${esc(c.name)}"${T}> <img src="${esc(c.icon)}" alt="" width="18" height="18" loading="lazy" decoding="async"${T}> <span${T}>${esc(c.symbol)}</span> ${change(c.change24h)} </a>`,
        )
        .join('');
      return `<tr data-sector="${esc(s.slug)}"${T}> <td class="l muted num"${T}>${i + 1}</td> <td class="l"${T}> <a class="nm" href="/concept/${esc(s.slug)}"${T}>${esc(s.name)}</a> <div class="muted desc"${T}>${esc(s.description ?? '')}</div> </td> <td class="num" data-field="coins"${T}>${s.coins}</td> <td class="num" data-field="marketCap" data-value="${s.marketCap}"${T}>${amount(s.marketCap)}</td> <td data-field="change24h" data-value="${s.change24h ?? ''}"${T}>${change(s.change24h)}</td> <td class="num" data-field="volume24h" data-value="${s.volume24h}"${T}>${amount(s.volume24h)}</td> <td class="num"${T}><span class="rise"${T}>${s.rising}</span> / <span class="fall"${T}>${s.falling}</span></td> <td class="l leaders"${T}> ${leaders} </td> </tr>`;
    })
    .join('');
  const head = [
    ['name', 'Sector', true],
    ['coins', 'Coins'],
    ['marketCap', 'Sector market cap'],
    ['change24h', '24h change (weighted)'],
    ['volume24h', 'Volume (24h)'],
  ]
    .map(([col, label, left]) => sortHead('/concept', col, label, left))
    .join(' ');
  return `<main id="main">  <h1${P}>Concept sectors</h1> <p class="muted intro" data-testid="concept-about"${P}>Coins grouped by theme. A sector&#39;s market cap is the sum of its coins&#39; market caps; its 24h change is the market-cap-weighted average of their 24h changes, so large coins count more.</p> <div class="table-wrap"${T}> <table class="data sectors" data-testid="sector-table"${T}> <thead${T}> <tr${T}> <th class="l" scope="col"${T}>#</th> ${head} <th scope="col"${T}>Rising / falling</th> <th class="l" scope="col"${T}>Leading coins</th> </tr> </thead> <tbody${T}>  ${rows} </tbody> </table> </div>   </main>`;
}

// One sector (/concept/layer-1): its figures, then the first 10 of its coins and the pager.

function concept(d) {
  const s = d.sector;
  const { page: P } = d.cid;
  const base = `/concept/${esc(s.slug)}`;
  const name = esc(s.name);
  const leaders = s.leaders.map((l) => l.symbol).join(' · ') || '--';
  return `<main id="main">  <nav class="crumbs muted"${P}><a href="/concept"${P}>Concept sectors</a> ›</nav> <h1${P}>${name}</h1> ${s.description ? `<p class="muted intro"${P}>${esc(s.description)}</p>` : ''}<div class="stats" data-testid="sector-stats"${P}> <div class="headline"${P}> <span class="label muted"${P}>24h change (weighted)</span> <span class="big" data-field="change24h"${P}>${change(s.change24h)}</span> </div> ${facts(
    [
      ['Sector market cap', amount(s.marketCap)],
      ['Volume (24h)', amount(s.volume24h)],
      ['Coins', int.format(s.coins)],
      ['Rising', int.format(s.rising)],
      ['Falling', int.format(s.falling)],
      ['Leading coins', leaders],
    ],
  )} </div> <h2${P}>Coins in ${name}</h2> ${d.starsScript} ${coinTable(s.list, true, base)} ${pager(base, 1, s.size, s.total, { param: true, defaultSize: 10 })} <p${P}><a href="/concept"${P}>← All concept sectors</a></p>  </main>`;
}

// The converter of one pair (/convert/btc-usd): its state for the live script, the form (an
// island rendered on the server), the result panel and the popular pairs.

const FIATS = [
  ['USD', 'US Dollar'],
  ['CNY', 'Chinese Yuan'],
  ['JPY', 'Japanese Yen'],
  ['KRW', 'South Korean Won'],
  ['HKD', 'Hong Kong Dollar'],
  ['TWD', 'New Taiwan Dollar'],
  ['EUR', 'Euro'],
];
const sig4 = new Intl.NumberFormat('en-US', { maximumSignificantDigits: 4 });
const typed = new Intl.NumberFormat('en-US', { maximumFractionDigits: 18 });
const figure = (v) => (Math.abs(v) >= 1 ? two.format(v) : sig4.format(v));
const attrJson = (v) => esc(JSON.stringify(v)).replaceAll('&quot;', '&#34;');
function age(at) {
  const s = Math.max(0, Math.round((Date.now() - Date.parse(at)) / 1000));
  return s < 60
    ? `${s} s ago`
    : s < 3600
      ? `${Math.floor(s / 60)} min ago`
      : s < 86400
        ? `${Math.floor(s / 3600)} h ago`
        : `${Math.floor(s / 86400)} d ago`;
}
function leg(l) {
  if (l.kind === 'fiat' && l.at === null) return null;
  const when = `updated <time datetime="${l.at}" data-age>${age(l.at)}</time>`;
  if (l.kind === 'fiat') return `<span>${esc(l.code)}: daily reference rate · ${when}</span>`;
  const what = l.sources.length
    ? `${esc(l.code)} price from ${l.sources.map((x) => esc(x.name ?? x)).join(', ')}`
    : `${esc(l.code)} price: demo data`;
  return `<span>${l.stale ? '<span class="badge stale">Stale price</span> ' : ''}${what} · ${when}</span>`;
}

function converter(d) {
  const { from, to, amount } = d.quote;
  const { page: C } = d.cid;
  const a = Number(amount);
  const rate = Number(from.value) / Number(to.value);
  const legs = [from, to].map(leg).filter(Boolean);
  const options = d.options.map(([code, name]) => `<option value="${esc(code)}">${esc(name)}</option>`).join('');
  const field = (id, label, value) =>
    `<div class="cv-field"><label for="cv-${id}">${label}</label><input id="cv-${id}" list="cv-currencies" autoComplete="off" maxLength="30" title="A coin symbol such as BTC, or a currency code such as USD" data-testid="convert-${id}" name="${id}" value="${esc(value)}"/></div>`;
  const swap = `${to.code.toLowerCase()}-${from.code.toLowerCase()}`;
  const popular = d.options
    .filter(([code]) => !FIATS.some(([f]) => f === code) && code !== to.code)
    .slice(0, 12)
    .map(
      ([code]) =>
        `<li${C}><a href="/convert/${esc(code.toLowerCase())}-${esc(to.code.toLowerCase())}"${C}>${esc(code)} → ${esc(to.code)}</a></li>`,
    )
    .join('');
  return `<main id="main">  <section class="cv" data-convert data-state="${attrJson({ amount, from, to })}" data-dict="${d.dict}" data-methodology="/methodology" data-pair="${esc(from.code)}-${esc(to.code)}" data-testid="converter"${C}> <h1 data-convert-heading${C}>${esc(from.code)} to ${esc(to.code)} converter</h1> ${d.islandHead}<form class="cv-form" aria-label="Convert an amount" data-testid="convert-form" action="/convert" method="get"><div class="cv-field cv-amount-field"><label for="cv-amount">Amount</label><input id="cv-amount" type="text" inputMode="decimal" autoComplete="off" maxLength="64" aria-describedby="cv-message" data-testid="convert-amount-input" name="amount" value="${esc(amount)}"/></div>${field('from', 'From', from.code)}<a class="cv-swap" href="/convert/${esc(swap)}" title="Swap ${esc(from.code)} and ${esc(to.code)}" aria-label="Swap ${esc(from.code)} and ${esc(to.code)}" data-testid="convert-swap">⇄</a>${field('to', 'To', to.code)}<button type="submit" data-testid="convert-submit">Convert</button><datalist id="cv-currencies">${options}</datalist><p id="cv-message" class="cv-message" role="alert" data-testid="convert-message"></p></form><!--astro:end--></astro-island> <div class="cv-panel" data-convert-panel data-testid="convert-panel"${C}><p class="cv-result" data-testid="convert-result"><span class="cv-amount" data-testid="convert-amount">${typed.format(a)} ${esc(from.code)}</span> = <span class="cv-value" data-testid="convert-value">${figure(a * rate)} ${esc(to.code)}</span></p><p class="cv-rates"><span class="num" data-testid="convert-rate">1 ${esc(from.code)} = ${figure(rate)} ${esc(to.code)}</span> <span class="num" data-testid="convert-inverse">1 ${esc(to.code)} = ${figure(1 / rate)} ${esc(from.code)}</span></p>
<p class="cv-provenance muted" data-testid="convert-provenance">${legs.join(' · ')}${legs.length ? ' · ' : ''}<a href="/methodology">How prices are made</a></p></div> <p class="muted cv-how"${C}>Worked out through the US dollar: the amount × the first currency&#39;s price in dollars ÷ the second&#39;s, in exact decimals, rounded once for display. Coin prices follow the market live; currency rates are daily reference rates.</p> <nav class="cv-popular" aria-labelledby="cv-popular"${C}> <h2 id="cv-popular"${C}>Popular conversions</h2> <ul${C}> ${popular} </ul> </nav> </section> ${d.script}   </main>`;
}

/** Each page's template: data → <main>…</main>. */
export const RENDER = {
  '/exchange/binance': exchangeDetail,
  '/concept': concepts,
  '/concept/layer-1': concept,
  '/convert/btc-usd': converter,
};
