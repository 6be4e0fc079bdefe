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
// server would hold them as constants as well. The formats and the shared markup (coin table,
// coin header, pager, export links) are in baseline-markup.mjs; the templates of the other pages
// in baseline-<page>.mjs: home, coin (overview), history, article (the news article and the
// article lists of /news, /research and a columnist), exchanges, kline, trending, lists (recently
// added, pairs) and rank (hot, gainers); more families in the modules of FAMILY_MODULES: content
// (/lives, /announcement), content-detail (/research, a flash news item, an announcement, a
// columnist, /calendar), market (exchange detail, concepts, converter, coin markets, charts,
// search) and market-more (futures, fund flow, a coin's news and fund-flow tabs, the encyclopedia).
// This file keeps the coin list template, the capture and the server.
import http from 'node:http';
import { coinTable, esc, exportLinks, pager, storedSpark } from './baseline-markup.mjs';
import { article, articleConstants, articleIndex } from './baseline-article.mjs';
import { coinDetail } from './baseline-coin.mjs';
import { home } from './baseline-home.mjs';
import { newCoins, pairs } from './baseline-lists.mjs';
import { hot, rank } from './baseline-rank.mjs';
import { trending } from './baseline-trending.mjs';
import { exchangeList } from './baseline-exchanges.mjs';
import { history } from './baseline-history.mjs';
import { kline } from './baseline-kline.mjs';
import * as contentFamilies from './baseline-content.mjs';
import * as contentDetailFamilies from './baseline-content-detail.mjs';
import * as marketFamilies from './baseline-market.mjs';
import * as moreMarketFamilies from './baseline-market-more.mjs';
import { signature } from './lib.mjs';

/**
 * More families, each module with its pages (`PAGES`), what it reads from the product
 * (`capture(ctx)`, ctx as in {@link captureBaseline}: api, html, pages, cid, stars, quick, island, and
 * path, which turns a placeholder page into its path) and its templates (`RENDER`): content lists
 * and pages, and market pages beyond the tables above. A module whose pages name an item by a
 * placeholder (`/lives/{newest}`) resolves them first: `resolve({ api, html })` → { placeholder: path }.
 */
const FAMILY_MODULES = [contentFamilies, contentDetailFamilies, marketFamilies, moreMarketFamilies];

/**
 * The pages of the render benchmark, one per page family it covers. `ARTICLE` stands for the
 * newest news article, whose id {@link captureBaseline} reads from /news; the family modules
 * resolve their own placeholders.
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
  '/trending',
  '/new-coins',
  '/pairs',
  '/hot',
  '/rank',
  ...FAMILY_MODULES.flatMap((m) => m.PAGES),
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
  return `<main id="main">  <h1>Coins</h1>
<div class="toolbar"><nav class="tabs" aria-label="Coins">${filters}</nav>${exportLinks('coins', '', 100)}</div>
${coinTable(d.list.list, true)}${pager('/coin/list_1', 1, 100, d.list.total, { defaultSize: 100, list: 'coins' })} ${d.starsScript} </main>`;
}

const news = articleIndex('news');

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
  const [top100, top200b, totals, exchanges, coin, newsList, klines, tickers, exchanges50, days, week] =
    await Promise.all([
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
      api('/api/v1/klines?coin=bitcoin&interval=1h&range=1W'),
    ]);
  const [global7d, trending50, lives, fearGreed, newest50, spot50, hot50, rise50] = await Promise.all([
    api('/api/v1/global/charts?range=7d'),
    api('/api/v1/trending?page=1&size=50'),
    api('/api/v1/lives?size=10'),
    api('/api/v1/fear-greed'),
    api('/api/v1/new-coins?page=1&size=50'),
    api('/api/v1/tickers?page=1&size=50&market=spot'),
    api('/api/v1/hot?page=1&size=50'),
    api('/api/v1/rank?page=1&size=50'),
  ]);
  const articlePath = `/news/${newsList.list[0].id}`;
  const newest = await api(`/api/v1/page/detail?id=${newsList.list[0].id}`);
  // The pages named by a placeholder (the newest article, ...): each module resolves its own.
  const resolved = { [ARTICLE]: articlePath };
  for (const m of FAMILY_MODULES) Object.assign(resolved, await m.resolve?.({ api, html }));
  const path = (p) => resolved[p] ?? p;
  const paths = BASELINE_PAGES.map(path);
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
  // The watchlist stars' script tag (its hashed file name is the build's).
  const stars = (path) => /<script type="module" src="[^"]*Stars[^"]*"><\/script>/.exec(pages[path].main)?.[0] ?? '';
  // The words of a coin header's two quick-action dialogs, escaped as in its data-dict attributes:
  // constants of the language, as a template server would hold them.
  const quick = (path) => {
    const dict = (testid) =>
      new RegExp(`data-dict="([^"]*)" data-testid="${testid}"`).exec(pages[path].main)?.[1] ?? '';
    return { portfolio: dict('coin-portfolio-add'), alert: dict('coin-alert') };
  };
  const data = {
    // The pages' default sizes (src/lib/pageSizes.ts): 100 coins, 20 articles.
    '/coin/list_1': { list: top100, starsScript: stars('/coin/list_1') },
    '/': {
      totals,
      top: top100.list.slice(0, 20),
      gainers: byChange.slice(0, 5),
      losers: byChange.slice(-5).reverse(),
      exchanges: exchanges.list,
      global: global7d,
      pricesAt: global7d.updatedAt,
      demoCoins: global7d.demo ? global7d.coins : 0,
      trending: trending50.list.slice(0, 7),
      trendingBasis: trending50.basis,
      lives: lives.list.slice(0, 8),
      news: newsList.list.slice(0, 6),
      newsDemo: newsList.list.some((a) => a.origin?.demo),
      fearGreed,
      starsScript: stars('/'),
      cid: {
        home: cid('/', '<h1'),
        spark: cid('/', 'class="card g-spark"'),
        strip: cid('/', 'class="trend-strip"'),
        lives: cid('/', 'data-testid="home-lives"'),
        news: cid('/', 'data-testid="home-news"'),
        fg: {
          K: cid('/', 'data-testid="fear-greed-card"'),
          R: cid('/', 'class="fg-reading"'),
          G: cid('/', 'class="fg-gauge"'),
          C: cid('/', 'class="fg-chart"'),
        },
      },
    },
    '/coin/bitcoin': {
      coin,
      candles: week.candles,
      starsScript: stars('/coin/bitcoin'),
      quick: quick('/coin/bitcoin'),
      // The chart island's translated strings, escaped, and its script tag: constants.
      chartDict: /data-props="\{&quot;dict&quot;:(.*?),&quot;coinId&quot;/.exec(pages['/coin/bitcoin'].main)?.[1] ?? '',
      chartScript:
        /<script type="module" src="[^"]*Overview[^"]*"><\/script>/.exec(pages['/coin/bitcoin'].main)?.[0] ?? '',
      cid: {
        head: cid('/coin/bitcoin', 'class="coin-head"'),
        article: cid('/coin/bitcoin', 'data-testid="coin-detail"'),
        overview: cid('/coin/bitcoin', 'class="changes"'),
        about: cid('/coin/bitcoin', 'data-testid="coin-description"'),
      },
    },
    '/news': {
      list: newsList,
      cid: { index: cid('/news', 'data-testid="news-index"') },
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
      quick: quick('/coin/bitcoin/historical-data'),
      cid: {
        head: cid('/coin/bitcoin/historical-data', 'class="coin-head"'),
        article: cid('/coin/bitcoin/historical-data', 'data-testid="coin-detail"'),
        tab: cid('/coin/bitcoin/historical-data', 'class="toolbar"'),
      },
    },
    '/trending': {
      trending: trending50,
      cid: {
        tabs: cid('/trending', 'data-testid="market-highlights"'),
        page: cid('/trending', '<h1'),
        table: cid('/trending', 'class="table-wrap"'),
      },
    },
    '/new-coins': {
      list: newest50,
      cid: { tabs: cid('/new-coins', 'data-testid="market-highlights"'), page: cid('/new-coins', '<h1') },
    },
    '/pairs': {
      list: spot50,
      starsScript: stars('/pairs'),
      cid: { filters: cid('/pairs', 'data-testid="pair-filters"') },
    },
    '/hot': {
      list: hot50,
      cid: {
        tabs: cid('/hot', 'data-testid="market-highlights"'),
        page: cid('/hot', '<h1'),
        table: cid('/hot', 'data-testid="hot-table"'),
      },
    },
    '/rank': {
      list: rise50,
      cid: {
        tabs: cid('/rank', 'data-testid="market-highlights"'),
        page: cid('/rank', '<h1'),
        table: cid('/rank', 'data-testid="rank-table"'),
      },
    },
    '/exchange/list_1': {
      list: exchanges50,
      starsScript: stars('/exchange/list_1'),
    },
  };
  for (const m of FAMILY_MODULES)
    Object.assign(data, await m.capture({ api, html, pages, cid, stars, quick, island, path }));
  const all = { ...RENDER, ...Object.assign({}, ...FAMILY_MODULES.map((m) => m.RENDER)) };
  const render = Object.fromEntries(paths.map((p, i) => [p, all[BASELINE_PAGES[i]]]));
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
  '/trending': trending,
  '/new-coins': newCoins,
  '/pairs': pairs,
  '/hot': hot,
  '/rank': rank,
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
