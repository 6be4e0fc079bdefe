// Plain template baselines of the market families (exchange detail, concepts, converter, charts, search, coin tabs, ...)
// for the page benchmark (baseline.mjs): each page's rows captured once from the product's API,
// <main> rendered per request with template literals, markup close to the product's.
import { amount, change, coinTable, esc, int, pager, two } from './baseline-markup.mjs';
import { globalCharts } from './baseline-market-charts.mjs';
import { search } from './baseline-market-search.mjs';
import { coinMarket, exchangeDetail, facts, sortHead } from './baseline-market-pairs.mjs';

/** The pages this module templates (paths without a locale prefix). */
export const PAGES = [
  '/exchange/binance',
  '/concept',
  '/concept/layer-1',
  '/convert/btc-usd',
  '/coin/bitcoin/market',
  '/charts',
  '/search?q=bitcoin',
];

/** The rows of each page, read once from a running product (ctx: see baseline.mjs). */
export async function capture(ctx) {
  const { api, cid, stars, quick } = ctx;
  const ex = '/exchange/binance';
  const [exchange, pairs, announcements, reviews, sectors, layer1, quote, top50, coin, coinPairs] = await Promise.all([
    api('/api/v1/exchanges/binance'),
    api('/api/v1/tickers?exchange=binance&page=1&size=50'),
    api('/api/new/v2/announcements?exchange=binance&page=1&size=10'),
    api('/api/v1/exchanges/binance/comments?page=1&size=10'),
    api('/api/v1/concepts'),
    api('/api/v1/concepts/layer-1?page=1&size=10'),
    api('/api/v1/convert?from=btc&to=usd&amount=1'),
    api('/api/v1/coins?page=1&size=50'),
    api('/api/v1/coins/bitcoin'),
    api('/api/v1/tickers?coin=bitcoin&page=1&size=50'),
  ]);
  const [charts, found] = await Promise.all([api('/api/v1/global/charts?range=1m'), api('/api/v1/search?q=bitcoin')]);
  const se = '/search?q=bitcoin';
  const cm = '/coin/bitcoin/market';
  const cv = ctx.pages['/convert/btc-usd'].main;
  return {
    [se]: {
      query: found.query,
      // The query's matches, found as the product's highlight finds a single word: any case.
      match: new RegExp(found.query.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'gi'),
      sections: found.sections,
      cid: {
        page: cid(se, 'data-testid="search-form"'),
        results: cid(se, 'data-testid="search-results"'),
        hits: cid(se, 'class="content-hits"'),
      },
    },
    '/charts': {
      charts,
      times: charts.points.map((p) => p.t),
      cid: {
        page: cid('/charts', 'data-testid="global-about"'),
        chart: cid('/charts', 'class="g-chart"'),
        source: cid('/charts', 'class="g-source'),
      },
    },
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
    [cm]: {
      coin,
      pairs: coinPairs,
      starsScript: stars(cm),
      quick: quick(cm),
      cid: { head: cid(cm, 'class="coin-head"'), article: cid(cm, 'data-testid="coin-detail"') },
    },
  };
}

// Concept sectors (/concept): every sector with its figures and three leading coins.

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
  '/search?q=bitcoin': search,
  '/charts': globalCharts,
  '/coin/bitcoin/market': coinMarket,
  '/exchange/binance': exchangeDetail,
  '/concept': concepts,
  '/concept/layer-1': concept,
  '/convert/btc-usd': converter,
};
