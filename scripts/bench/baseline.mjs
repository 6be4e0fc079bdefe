// The plain template baseline of the page benchmarks: what the same pages cost when a server
// does nothing but the essential work. Rows are captured once from the product's own JSON API
// and the page chrome (everything outside <main>: head, header, footer, scripts) once from its
// HTML as constant strings; then every request renders <main> again from the rows with template
// literals: formatting every number, escaping every string, drawing every sparkline. No
// database, no framework, no translation lookups. Markup follows the product's closely so both
// send about the same bytes (the benchmark reports both sizes).
//
// Large fixed fragments inside <main> that the product renders from translations only (the
// chart islands with their props dictionaries) are captured as constants too: a template
// server would hold them as constants as well. The formats and the shared markup are in
// baseline-markup.mjs; the templates of the article, exchange list, historical data and kline
// pages in baseline-<page>.mjs.
import http from 'node:http';
import {
  amount,
  change,
  coinCell,
  coinTable,
  compact,
  esc,
  int,
  mmdd,
  pager,
  price,
  storedSpark,
  two,
} from './baseline-markup.mjs';
import { article, articleConstants } from './baseline-article.mjs';
import { exchangeList } from './baseline-exchanges.mjs';
import { history } from './baseline-history.mjs';
import { kline } from './baseline-kline.mjs';
import { signature } from './lib.mjs';

/**
 * The pages of the render benchmark, one per page family it covers. `ARTICLE` stands for the
 * newest news article, whose id {@link captureBaseline} reads from /news.
 */
const ARTICLE = '/news/{newest}';
export const BASELINE_PAGES = [
  '/coin/list_1',
  '/coin/bitcoin',
  '/coin/bitcoin/historical-data',
  '/',
  '/news',
  ARTICLE,
  '/kline/BTC',
  '/exchange/list_1',
];

function coinList(d) {
  const filters = [
    ['', 'All coins'],
    ['top_cap', 'Top 200 by market cap'],
    ['top_volume', 'Top 200 by volume'],
  ]
    .map(
      ([k, label]) =>
        `<a href="/coin/list_1${k ? `?filter=${k}` : ''}"${k ? '' : ' aria-current="page"'}>${esc(label)}</a>`,
    )
    .join('');
  return `<main id="main">  <h1>Coins</h1> <div class="toolbar"> <nav class="tabs" aria-label="Coins"> ${filters} </nav> </div>  ${coinTable(d.list.list, true, d.cid.spark)} ${pager('/coin/list_1', 1, 100, d.list.total, false, 100)}  </main>`;
}

function home(d) {
  const t = d.totals;
  const cards = [
    ['Total market cap', amount(t.totalMarketCap), t.marketCapChange24h],
    ['24h volume', amount(t.totalVolume24h)],
    ['BTC dominance', `${two.format(t.btcDominance)}%`],
    ['Coins', int.format(t.coinCount)],
    ['Exchanges', int.format(t.exchangeCount)],
    ['Market pairs', int.format(t.pairCount)],
  ]
    .map(
      ([label, value, ch]) =>
        `<div class="card"> <div class="label">${esc(label)}</div> <div class="value num">${value}</div> ${ch === undefined ? '' : change(ch)} </div>`,
    )
    .join('');
  const movers = (id, title, rows) =>
    `<section data-testid="${id}"> <h2>${esc(title)}</h2> <p class="muted">Among the top 200 coins by market cap</p> <div class="table-wrap"> <table class="data"> <thead><tr><th class="l">Name</th><th>Price</th><th>24h %</th></tr></thead> <tbody> ${rows
      .map(
        (c) =>
          `<tr> <td class="l">${coinCell(c)}</td> <td class="num" data-live-price="${esc(c.id)}">${price(c.price)}</td> <td>${change(c.change24h, c.id)}</td> </tr>`,
      )
      .join('')} </tbody> </table> </div> </section>`;
  const exchanges = d.exchanges
    .map(
      (e) =>
        `<tr data-exchange="${esc(e.name)}"> <td class="l muted num">${e.rank}</td> <td class="l"><a href="/exchange/${esc(e.name)}"><b>${esc(e.displayName)}</b></a></td> <td class="num">${amount(e.expectedVolume24h)}</td> <td class="num">${amount(e.reportedVolume24h)}</td>       </tr>`,
    )
    .join('');
  return `<main id="main">  <h1>Crypto prices, market caps and exchanges</h1> <section aria-labelledby="global-stats"> <h2 id="global-stats" class="sr-only">Global market</h2> <div class="cards" data-testid="global-stats"> ${cards} </div> </section> <section> <h2>Top coins by market cap</h2> ${coinTable(d.top, false, d.cid.spark)} <p><a href="/coin/list_1">View all coins →</a></p> </section> <div class="grid-2"> ${movers('gainers', 'Top gainers (24h)', d.gainers)}${movers('losers', 'Top losers (24h)', d.losers)} </div> <section> <h2>Top exchanges</h2> <div class="table-wrap"> <table class="data exchanges" data-testid="exchange-table"> <thead> <tr> <th class="l" scope="col">#</th><th class="l" scope="col">Exchange</th><th scope="col">Expected volume (24h)</th><th scope="col">Reported volume (24h)</th>   </tr> </thead> <tbody>  ${exchanges} </tbody> </table> </div> <p><a href="/exchange/list_1">View all exchanges →</a></p> </section>  </main>`;
}

const TABS = [
  ['overview', 'Overview'],
  ['introduce', 'Introduction'],
  ['market', 'Markets'],
  ['transactions', 'Transactions'],
  ['flow', 'Fund flow'],
  ['analysis', 'Analysis'],
  ['address-analysis', 'Address analysis'],
  ['large-transactions', 'Top 100 addresses'],
  ['exchange-balance', 'Exchange balance'],
  ['exchanges', 'Exchanges'],
  ['ratings', 'Ratings'],
  ['roadmap', 'Roadmap'],
  ['process', 'History'],
  ['announcements', 'Announcements'],
  ['lives', 'Flash news'],
  ['news', 'News'],
  ['hot', 'Hot'],
  ['calendar', 'Calendar'],
  ['repository', 'Repository'],
];
const LINK_LABELS = {
  website: 'Website',
  explorer: 'Block explorer',
  whitepaper: 'White paper',
  repository: 'Source code',
  community: 'Community',
  telegram: 'Telegram',
};
function coinDetail(d) {
  const c = d.coin;
  const { head: C, article: A, overview: B } = d.cid;
  const facts = (rows) =>
    `<dl class="facts"> ${rows.map(([k, v]) => `<div><dt>${esc(k)}</dt><dd class="num">${v}</dd></div>`).join('')} </dl>`;
  const day = (iso) => (iso ? esc(String(iso).slice(0, 10)) : '--');
  const tabs = TABS.map(
    ([k, label]) =>
      `<a href="/coin/${esc(c.id)}${k === 'overview' ? '' : `/${k}`}"${k === 'overview' ? ' aria-current="page"' : ''} data-tab="${k}"${C}>${esc(label)}</a>`,
  ).join('');
  const changes = [
    ['1h %', c.change1h],
    ['24h %', c.change24h],
    ['7d %', c.change7d],
    ['30d %', c.change30d],
    ['1y %', c.change1y],
  ]
    .map(([k, v]) => `<li${B}><span class="muted"${B}>${k}</span> ${change(v)}</li>`)
    .join('');
  const listed = c.listedExchanges
    .map(
      (e) =>
        `<tr${B}> <td class="l"${B}><a href="/exchange/${esc(e.exchange)}"${B}>${esc(e.displayName)}</a></td> <td class="num"${B}>${e.pairs}</td> <td class="num"${B}>${amount(e.volume24h)}</td> <td class="num"${B}>${two.format(e.share)}%</td> </tr>`,
    )
    .join('');
  return `<main id="main">  <article data-testid="coin-detail" data-tab="overview"${A}> <header class="coin-head"${C}> <img src="${esc(c.icon)}" alt="" width="48" height="48"${C}> <div${C}> <h1${C}>${esc(c.name)} <span class="muted"${C}>${esc(c.symbol)}</span></h1> <p class="meta"${C}> <span class="badge"${C}>Rank #${c.rank}</span> ${c.reviewed ? `<span class="badge"${C}>Reviewed</span>` : ''}  </p> </div> <div class="price"${C}> <div class="num big" data-testid="coin-price" data-live-price="${esc(c.id)}"${C}>${price(c.price)}</div> ${change(c.change24h, c.id)} </div> </header>  <nav class="tabs coin-tabs" aria-label="${esc(c.name)} sections" data-testid="coin-tabs"${C}> ${tabs} </nav>  <section class="coin-tab" data-testid="coin-tab-overview"${A}> <ul class="changes"${B}> ${changes} </ul> ${d.island} <h2${B}>Market data</h2> ${facts(
    [
      ['Market cap', amount(c.marketCap)],
      ['Fully diluted market cap', amount(c.fullyDilutedMarketCap)],
      ['Volume (24h)', amount(c.volume24h)],
      ['Turnover rate', `${two.format(c.turnoverRate)}%`],
      ['Dominance', `${two.format(c.dominance)}%`],
      ['24h high', price(c.high24h)],
      ['24h low', price(c.low24h)],
      ["Yesterday's open", price(c.openYesterday)],
      ["Yesterday's close", price(c.closeYesterday)],
    ],
  )} <h2${B}>Supply</h2> ${facts([
    ['Circulating supply', `${compact(c.circulatingSupply)} ${esc(c.symbol)}`],
    ['Total supply', `${compact(c.totalSupply)} ${esc(c.symbol)}`],
    ['Max supply', c.maxSupply == null ? '--' : `${compact(c.maxSupply)} ${esc(c.symbol)}`],
    ['Circulation rate', `${two.format(c.circulationRate)}%`],
  ])} <h2${B}>History</h2> ${facts([
    ['All-time high', `${price(c.ath)} (${day(c.athAt)})`],
    ['All-time low', `${price(c.atl)} (${day(c.atlAt)})`],
    ['Issue price', price(c.issuePrice)],
    ['Listing date', day(c.listedOn)],
    ['First exchange', esc(c.firstExchange ?? '--')],
    ['First listed', day(c.firstListedAt)],
    ['Listed on exchanges', int.format(c.exchangeCount)],
    ['Platform', esc(c.platform ?? '--')],
    ['Type', c.isToken ? 'Token' : 'Native coin'],
  ])}  <h2${B}>Concept sectors · Tags</h2> <ul class="chips"${B}> ${c.concepts.map((k) => `<li${B}><span${B}>${esc(k.name)}</span></li>`).join('')} ${c.tags
    .map((k) => `<li${B}><span class="muted"${B}>#${esc(k.name)}</span></li>`)
    .join('')} </ul>  <h2${B}>Links</h2> <ul class="chips" data-testid="coin-links"${B}> ${c.links
    .map(
      (l) =>
        `<li${B}><a href="${esc(l.url)}" rel="nofollow noopener noreferrer" target="_blank"${B}>${esc(LINK_LABELS[l.kind] ?? l.kind)}</a></li>`,
    )
    .join(
      '',
    )} </ul> <h2${B}>Listed exchanges</h2> <div class="table-wrap"${B}> <table class="data" data-testid="listed-exchanges"${B}> <thead${B}><tr${B}><th class="l"${B}>Exchange</th><th${B}>Pairs</th><th${B}>Volume (24h)</th><th${B}>Volume share</th></tr></thead> <tbody${B}>  ${listed} </tbody> </table> </div> <p class="note"${B}><a href="/coin/${esc(c.id)}/exchanges"${B}>All ${int.format(c.exchangeCount)} exchanges listing this coin</a></p>  <h2${B}>About ${esc(c.name)}</h2> <p class="about"${B}>${esc(c.description)}</p>                </section> </article>  </main>`;
}

function ago(ms, now) {
  const m = Math.max(1, Math.round((now - ms) / 60_000));
  if (m < 60) return `${m} minute${m === 1 ? '' : 's'} ago`;
  const h = Math.round(m / 60);
  if (h < 24) return `${h} hour${h === 1 ? '' : 's'} ago`;
  const dd = Math.round(h / 24);
  return `${dd} day${dd === 1 ? '' : 's'} ago`;
}

function news(d) {
  const now = Date.now();
  const { index: I, list: L, chips: P } = d.cid;
  const items = d.news.list
    .map((a) => {
      const at = new Date(a.publishedAt);
      const chips = a.coins
        .map(
          (c) =>
            `<li${P}><a class="chip" href="/coin/${esc(c.id)}" title="${esc(c.name)}"${P}><img src="${esc(c.icon)}" alt="" width="16" height="16" loading="lazy" decoding="async"${P}><span class="sym"${P}>${esc(c.symbol)}</span><span aria-label="24h change"${P}>${change(c.change24h, c.id)}</span></a></li>`,
        )
        .join('');
      return `<li data-id="${a.id}"${L}> <h2 class="title"${L}>  <a href="/news/${a.id}"${L}>${esc(a.title)}</a> </h2> <p class="summary"${L}>${esc(a.summary)}</p> <div class="meta muted"${L}> ${a.columnist ? `<a href="/columnist/${a.columnist.id}"${L}>${esc(a.columnist.name)}</a>` : ''} <time datetime="${at.toISOString()}" title="${mmdd(at)}"${L}>${ago(at.getTime(), now)}</time> <span${L}>${int.format(a.views)} views</span> </div> ${chips ? `<ul class="coin-chips" data-testid="coin-chips"${P}>${chips}</ul>` : ''} </li>`;
    })
    .join('');
  return `<main id="main">   <div class="index" data-testid="news-index"${I}> <h1${I}>News</h1> <p class="muted intro"${I}> The latest cryptocurrency and blockchain news: markets, projects, exchanges and regulation.  </p>   <ul class="articles" data-testid="article-list"${L}> ${items} </ul>  ${pager('/news', 1, 20, d.news.total, true, 20)}  </div>   </main>`;
}

/** Splits a product page into the chrome before and after <main>…</main>. */
function chrome(html) {
  const start = html.indexOf('<main');
  const end = html.indexOf('</main>');
  if (start < 0 || end < 0) throw new Error('baseline: no <main> in the product page');
  return {
    before: html.slice(0, start),
    after: html.slice(end + '</main>'.length),
    main: html.slice(start, end + '</main>'.length),
  };
}

/** The first hydrated island of a <main> (its bootstrap script and SSR markup), as a constant. */
function island(main) {
  const m = /<script>\(\(\)=>\{var [\s\S]*?<\/astro-island>/.exec(main);
  return m ? m[0] : '';
}

/**
 * Captures the rows and the chrome from a running product server (LIVE=off, so both sides
 * show the same still market).
 */
export async function captureBaseline(url) {
  const t = await signature();
  const api = async (path) => {
    const res = await fetch(`${url}${path}${path.includes('?') ? '&' : '?'}t=${t}&lan=en`);
    const body = await res.json();
    if (body.code !== 0) throw new Error(`baseline: ${path}: ${body.msg}`);
    return body.data;
  };
  const html = async (path) => {
    const res = await fetch(url + path);
    if (!res.ok) throw new Error(`baseline: ${path}: HTTP ${res.status}`);
    return res.text();
  };
  const [top100, top200b, totals, exchanges, coin, newsList, klines, tickers, exchanges50, days] = await Promise.all([
    api('/api/v1/coins?page=1&size=100'),
    api('/api/v1/coins?page=2&size=100'),
    api('/api/new/v1/getBaseTotalInfo'),
    api('/api/v1/exchanges?page=1&size=10'),
    api('/api/v1/coins/bitcoin'),
    api('/api/new/v2/content/news?page=1&size=20'),
    api('/api/v1/klines?coin=bitcoin&interval=1h&range=1M'),
    api('/api/v1/tickers?coin=bitcoin&page=1&size=20'),
    api('/api/v1/exchanges?page=1&size=50'),
    api('/api/v1/coins/bitcoin/history?page=1&size=30'),
  ]);
  const articlePath = `/news/${newsList.list[0].id}`;
  const newest = await api(`/api/v1/page/detail?id=${newsList.list[0].id}`);
  const paths = BASELINE_PAGES.map((p) => (p === ARTICLE ? articlePath : p));
  for (const c of top100.list) c.spark = storedSpark(c.sparkline);
  const top200 = [...top100.list, ...top200b.list];
  const byChange = [...top200].sort((a, b) => b.change24h - a.change24h);
  const pages = {};
  for (const path of paths) pages[path] = chrome(await html(path));
  // Astro's scoped-style attributes (data-astro-cid-<hash>, one hash per component and build),
  // read from the product's markup so both send the same attributes.
  const cid = (path, re) => {
    const m = new RegExp(`${re}[^>]*?(data-astro-cid-\\w+)`).exec(pages[path].main);
    return m ? ` ${m[1]}` : '';
  };
  const spark = cid('/coin/list_1', 'class="spark');
  // The watchlist stars' script tag (its hashed file name is the build's).
  const stars = (path) => /<script type="module" src="[^"]*Stars[^"]*"><\/script>/.exec(pages[path].main)?.[0] ?? '';
  const data = {
    // The pages' default sizes (src/lib/pageSizes.ts): 100 coins, 20 articles.
    '/coin/list_1': { list: top100, cid: { spark } },
    '/': {
      totals,
      top: top100.list.slice(0, 20),
      gainers: byChange.slice(0, 5),
      losers: byChange.slice(-5).reverse(),
      exchanges: exchanges.list,
      cid: { spark },
    },
    '/coin/bitcoin': {
      coin,
      island: island(pages['/coin/bitcoin'].main),
      cid: {
        head: cid('/coin/bitcoin', 'class="coin-head"'),
        article: cid('/coin/bitcoin', 'data-testid="coin-detail"'),
        overview: cid('/coin/bitcoin', 'class="changes"'),
      },
    },
    '/news': {
      news: newsList,
      cid: {
        index: cid('/news', 'data-testid="news-index"'),
        list: cid('/news', 'data-testid="article-list"'),
        chips: cid('/news', 'data-testid="coin-chips"'),
      },
    },
    '/kline/BTC': {
      coin,
      top50: top100.list.slice(0, 50),
      candles: klines.candles,
      tickers: tickers.list.slice(0, 12),
      island: island(pages['/kline/BTC'].main),
      cid: { main: cid('/kline/BTC', '<main'), body: cid('/kline/BTC', 'class="kl"') },
    },
    [articlePath]: {
      article: newest,
      origin: url,
      ...articleConstants(pages[articlePath].main),
      cid: {
        main: cid(articlePath, '<main'),
        page: cid(articlePath, 'class="crumbs"'),
        share: cid(articlePath, 'class="share-btn"'),
      },
    },
    '/coin/bitcoin/historical-data': {
      coin,
      history: days,
      starsScript: stars('/coin/bitcoin/historical-data'),
      cid: {
        head: cid('/coin/bitcoin/historical-data', 'class="coin-head"'),
        article: cid('/coin/bitcoin/historical-data', 'data-testid="coin-detail"'),
        tab: cid('/coin/bitcoin/historical-data', 'class="toolbar"'),
      },
    },
    '/exchange/list_1': {
      list: exchanges50,
      starsScript: stars('/exchange/list_1'),
    },
  };
  const render = Object.fromEntries(paths.map((p, i) => [p, RENDER[BASELINE_PAGES[i]]]));
  return { paths, pages, data, render };
}

const RENDER = {
  '/coin/list_1': coinList,
  '/': home,
  '/coin/bitcoin': coinDetail,
  '/coin/bitcoin/historical-data': history,
  '/news': news,
  [ARTICLE]: article,
  '/kline/BTC': kline,
  '/exchange/list_1': exchangeList,
};

/** Renders one page of the baseline: chrome constants around a freshly templated <main>. */
export function renderBaseline(captured, path) {
  const page = captured.pages[path];
  return page.before + captured.render[path](captured.data[path]) + page.after;
}

/** The baseline server: node:http, one render per request, no cache, no compression. */
export function createBaselineServer(captured) {
  return http.createServer((req, res) => {
    const path = req.url ?? '/';
    if (!captured.render[path]) return res.writeHead(404).end();
    const body = renderBaseline(captured, path);
    res
      .writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-length': Buffer.byteLength(body) })
      .end(body);
  });
}
