// Plain template baselines of more market families for the page benchmark (baseline.mjs), each
// page's rows captured once from the product's API, <main> rendered per request with template
// literals, markup close to the product's:
//
// /futures: the first 50 futures of every exchange (the tickers API's futures page), contract-type
// tabs, export links and pager, the pair names with their contract type as the product prints them.
// /flow: the four fund-flow tables of the default window (1 day), ten rows each: coins' and
// exchanges' largest net inflows and outflows (the rank API's coin-flow and exchange-flow pages).
// /coin/bitcoin/news and /coin/bitcoin/flow: two more coin tabs, the coin's newest ten news items
// with the pager, and its flows over four windows (cards and table); the header and tabs are the
// other coin tabs' (baseline-markup.mjs).
// /baike: the encyclopedia grouped by category, every entry with its summary (the wiki API's one
// page of up to 100); the title filter form, a fixed fragment, is captured as a constant.
import { ago } from './baseline-home.mjs';
import {
  amount,
  change,
  coinCell,
  coinHead,
  esc,
  exportLinks,
  fav,
  int,
  mmdd,
  pager,
  price,
  two,
} from './baseline-markup.mjs';
import { pairName } from './baseline-market-pairs.mjs';

/** The pages this module templates (paths without a locale prefix). */
export const PAGES = ['/futures', '/flow', '/coin/bitcoin/news', '/coin/bitcoin/flow', '/baike'];

/** The rows of each page, read once from a running product (ctx: see baseline.mjs). */
export async function capture(ctx) {
  const { api, cid, stars, quick, pages } = ctx;
  const flow = (type, direction) => api(`/api/v1/rank?type=${type}&window=1d&direction=${direction}&page=1&size=10`);
  const [futures, coinIn, coinOut, exIn, exOut, coin, news, flows, wiki] = await Promise.all([
    api('/api/v1/tickers?page=1&size=50&market=futures'),
    flow('coin-flow', 'in'),
    flow('coin-flow', 'out'),
    flow('exchange-flow', 'in'),
    flow('exchange-flow', 'out'),
    api('/api/v1/coins/bitcoin'),
    api('/api/v1/coins/bitcoin/content?kind=news&page=1&size=10'),
    api('/api/v1/coins/bitcoin/flows'),
    api('/api/v1/wiki?kind=baike&page=1&size=100'),
  ]);
  const cn = '/coin/bitcoin/news';
  const cf = '/coin/bitcoin/flow';
  return {
    '/futures': {
      list: futures,
      starsScript: stars('/futures'),
      cid: { filters: cid('/futures', 'data-testid="pair-filters"') },
    },
    '/flow': {
      sections: [coinIn, coinOut, exIn, exOut],
      cid: { table: cid('/flow', 'data-testid="rank-table"') },
    },
    [cn]: {
      coin,
      news,
      starsScript: stars(cn),
      quick: quick(cn),
      cid: {
        head: cid(cn, 'class="coin-head"'),
        article: cid(cn, 'data-testid="coin-detail"'),
        list: cid(cn, 'data-testid="content-list"'),
      },
    },
    [cf]: {
      coin,
      flows,
      starsScript: stars(cf),
      quick: quick(cf),
      cid: {
        head: cid(cf, 'class="coin-head"'),
        article: cid(cf, 'data-testid="coin-detail"'),
        tab: cid(cf, 'data-testid="flow-windows"'),
      },
    },
    '/baike': {
      // The API lists them by title, as the page sorts them before grouping.
      entries: wiki.list,
      total: wiki.total,
      form: /<form class="title-filter"[\s\S]*?<\/form>/.exec(pages['/baike'].main)?.[0] ?? '',
      cid: { page: cid('/baike', '<h1') },
    },
  };
}

/** -$14.41M · +$1.63B · $0 (the product's signed money amount). */
const signedAmount = (n) => (n > 0 ? `+${amount(n)}` : n < 0 ? `-${amount(-n)}` : amount(0));

// Futures (/futures): like /pairs (baseline-lists.mjs), with contract-type tabs and pair names.

const CONTRACTS = [
  ['PERPETUAL', 'Perpetual'],
  ['UPSWEEKLY', 'Weekly (up)'],
  ['DOWNSWEEKLY', 'Weekly (down)'],
  ['WEEKLY', 'This week'],
  ['BIWEEKLY', 'Next week'],
  ['MONTHLY', 'This month'],
  ['QUARTERLY', 'This quarter'],
  ['BIQUARTERLY', 'Next quarter'],
];
const FUTURES_SORTS = [
  ['#', 'l'],
  ['Name', 'l ph-hide'],
  ['Pair', 'l', 'pair'],
  ['Exchange', 'l ph-hide'],
  ['Price', '', 'price'],
  ['24h %', '', 'change24h'],
  ['Volume (24h)', '', 'volume24h'],
  ['Spread', '', 'spread'],
];

function futures(d) {
  const F = d.cid.filters;
  const contracts = CONTRACTS.map(([k, label]) => `<a href="/futures?contract=${k}"${F}>${label}</a>`).join('');
  const head = FUTURES_SORTS.map(
    ([label, cls, key]) =>
      `<th${cls ? ` class="${cls}"` : ''} scope="col">${key ? `<a href="/futures?sort=${key}&amp;order=desc" rel="nofollow">${label}</a>` : label}</th>`,
  ).join('');
  const rows = d.list.list
    .map((t, i) => {
      const pair = pairName(t.pair);
      const ex = `/exchange/${esc(t.exchange)}`;
      const exName = esc(t.exchangeDisplayName);
      return `<tr data-ticker="${t.id}">
<td class="l muted num">${fav(`TICKER:${t.id}`, `${pair} ${t.exchangeDisplayName}`)}${i + 1}</td>
<td class="l ph-hide"><a href="/coin/${esc(t.coinId)}">${esc(t.coinName)}</a></td>
<td class="l pair"><span class="pr" data-field="pair">${esc(pair)}</span><a class="ph-under" href="${ex}">${exName}</a></td>
<td class="l ph-hide"><a href="${ex}">${exName}</a></td>
<td class="num">${price(t.price)}</td>
<td>${change(t.change24h)}</td>
<td class="num">${amount(t.volume24h)}</td>
<td class="num">${t.spread == null ? '--' : `${two.format(t.spread)}%`}</td>
</tr>`;
    })
    .join('');
  return `<main id="main">  <h1>Futures</h1> <p class="muted">Futures contracts on every exchange, by 24-hour volume, with their contract type: perpetual, weekly, bi-weekly, monthly, quarterly and more.</p> <div class="toolbar"${F}> <nav class="tabs" aria-label="Contract type" data-testid="pair-filters"${F}> <a href="/futures" aria-current="page"${F}>All</a> ${contracts} </nav> ${exportLinks('futures', '', 50, false)} </div> ${d.starsScript} <div class="table-wrap"><table class="data pin-3" data-testid="pairs-table">
<thead><tr>${head}</tr></thead>
<tbody>${rows}</tbody>
</table></div> ${pager('/futures', 1, 50, d.list.total, { param: true, defaultSize: 50, list: 'pairs' })}    </main>`;
}

// Fund flow (/flow): the window tabs, then four sections of ten rows, each with its export links.

const FLOW_SECTIONS = [
  ['coin-in', 'Coins with the largest net inflow', '/rank?type=coin-flow'],
  ['coin-out', 'Coins with the largest net outflow', '/rank?type=coin-flow&#38;direction=out'],
  ['exchange-in', 'Exchanges with the largest net inflow', '/rank?type=exchange-flow'],
  ['exchange-out', 'Exchanges with the largest net outflow', '/rank?type=exchange-flow&#38;direction=out'],
];

function flowSection(r, [id, title, more], B) {
  const rows = r.list
    .map((x) => {
      const name =
        x.type === 'exchange-flow'
          ? `<a href="/exchange/${encodeURIComponent(x.name)}">${esc(x.displayName)}</a> <span class="muted">${esc(x.exchangeType)}</span>`
          : coinCell(x);
      const dir = x.netflow > 0 ? 'num up' : x.netflow < 0 ? 'num down' : 'num';
      return `<tr><td class="l muted num">${x.position}</td><td class="l">${name}</td><td class="num">${amount(x.inflow)}</td><td class="num">${amount(x.outflow)}</td><td class="${dir}" data-field="netflow" data-value="${x.netflow}">${signedAmount(x.netflow)}</td><td class="num">${amount(x.volume24h)}</td></tr>`;
    })
    .join('');
  const table =
    r.total === 0
      ? '<p class="muted">No information available</p>'
      : `${exportLinks('rank', `type=${r.kind}&amp;window=${r.window}&amp;direction=${r.direction}&amp;`, 10, false)}<div class="table-wrap"${B}> <table class="data pin-2" data-testid="rank-table" data-kind="${r.kind}"${B}> <thead${B}> <tr${B}> <th class="l" scope="col"${B}>#</th> <th class="l" scope="col"${B}>${r.kind === 'exchange-flow' ? 'Exchange' : 'Name'}</th>   <th scope="col"${B}>Inflow</th> <th scope="col"${B}>Outflow</th> <th scope="col"${B}>Net flow</th> <th scope="col"${B}>Volume (24h)</th>    </tr> </thead> <tbody${B}> ${rows} </tbody> </table> </div>  `;
  return `<section data-testid="flow-${id}"> <h2>${title}</h2> ${table} <p><a href="${more}">Full ranking →</a></p> </section>`;
}

function fundFlow(d) {
  const B = d.cid.table;
  const sections = d.sections.map((r, i) => flowSection(r, FLOW_SECTIONS[i], B)).join('');
  return `<main id="main">  <h1>Fund flow</h1> <p class="muted">Net money moving into and out of coins’ markets (buy minus sell volume) and into and out of exchanges (deposits minus withdrawals) over the chosen window.</p> <nav class="tabs" aria-label="Window"> <a href="/flow?window=30m">30 min</a><a href="/flow?window=1h">1 hour</a><a href="/flow" aria-current="page">1 day</a><a href="/flow?window=7d">7 days</a> </nav> ${sections} </main>`;
}

// A coin's news tab (/coin/bitcoin/news): the header and tabs, its ten newest news items (string rows, no
// scoping attributes, as tabs/contentMarkup.ts writes them), the pager.

function coinNews(d) {
  const c = d.coin;
  const { head: C, article: A, list: N } = d.cid;
  const now = Date.now();
  const items = d.news.list
    .map((i) => {
      const at = new Date(i.at);
      const source = i.source ? `<span>· <span>${esc(i.source)}</span></span>` : '';
      return `<li> <div class="head">  ${i.important ? '<span class="badge demo">Important</span>' : ''}  <a href="/news/${i.id}">${esc(i.title)}</a> </div> ${i.summary ? `<p class="muted">${esc(i.summary)}</p>` : ''} <div class="meta muted"> <time datetime="${i.at}" title="${mmdd(at)}">${ago(at.getTime(), now)}</time> ${source} </div> </li>`;
    })
    .join('');
  const list = d.news.list.length
    ? `<ul class="items" data-testid="content-list"${N}> ${items} </ul>`
    : `<p class="muted empty-content" data-testid="content-empty"${N}>No information available</p>`;
  const base = `/coin/${esc(c.id)}/news`;
  const pages = d.news.total > 0 ? pager(base, 1, 10, d.news.total, { param: true, defaultSize: 10 }) : '';
  return `<main id="main">   <article data-testid="coin-detail" data-tab="news"${A}> ${coinHead(c, 'news', C, d.quick)}  ${d.starsScript} <section class="coin-tab" data-testid="coin-tab-news"${A}>              <h2${N}>News about ${esc(c.name)}</h2> ${list} ${pages}   </section> </article>  </main>`;
}

// A coin's fund-flow tab (/coin/bitcoin/flow): a card per window, then the same windows as a table.

const WINDOWS = { '30m': '30 minutes', '1h': '1 hour', '1d': '24 hours', '7d': '7 days' };

function coinFlow(d) {
  const c = d.coin;
  const { head: C, article: A, tab: T } = d.cid;
  const dir = (x) => (x > 0 ? 'rise' : x < 0 ? 'fall' : '');
  const cls = (base, x) => (dir(x) ? `${base} ${dir(x)}` : base);
  const ofCap = (x) => (c.marketCap ? `${((x / c.marketCap) * 100).toFixed(3)}%` : '--');
  const ws = d.flows.windows;
  const cards = ws
    .map(
      (w) =>
        `<div class="kpi" data-window="${w.window}"${T}> <div class="label"${T}>${WINDOWS[w.window]}</div> <div class="${cls('value num', w.netflow)}"${T}>${signedAmount(w.netflow)}</div> <div class="split" title="${w.inShare === null ? '' : `${w.inShare.toFixed(1)}%`}"${T}><span class="in" style="width:${(w.inShare ?? 50).toFixed(1)}%"${T}></span></div> <div class="muted small"${T}>In ${amount(w.inflow)} · Out ${amount(w.outflow)}</div> </div>`,
    )
    .join('');
  const rows = ws
    .map(
      (w) =>
        `<tr${T}> <td class="l"${T}>${WINDOWS[w.window]}</td> <td class="num"${T}>${amount(w.inflow)}</td> <td class="num"${T}>${amount(w.outflow)}</td> <td class="${cls('num', w.netflow)}"${T}>${signedAmount(w.netflow)}</td> <td class="${cls('num', w.netflow)}"${T}> <span class="diverge" aria-hidden="true"${T}><span class="${dir(w.netflow)}" style="${w.netflow < 0 ? 'right:50%' : 'left:50%'};width:${Math.min(50, Math.abs(w.netRatio ?? 0) / 2).toFixed(1)}%"${T}></span></span> ${w.netRatio === null ? '--' : `${w.netRatio.toFixed(2)}%`} </td> <td class="num"${T}>${ofCap(w.netflow)}</td> </tr>`,
    )
    .join('');
  const th = (label, l) => `<th${l ? ' class="l"' : ''}${T}>${label}</th>`;
  const body = ws.length
    ? ` <div class="kpis" data-testid="flow-windows"${T}> ${cards} </div> <div class="table-wrap"${T}> <table class="data" data-testid="flow-table"${T}> <thead${T}><tr${T}> ${th('Period', true)}${th('Inflow')}${th('Outflow')} ${th('Net flow')}${th('Net / total')}${th('Net / market cap')} </tr></thead> <tbody${T}> ${rows} </tbody> </table> </div> ${d.flows.updatedAt ? `<p class="note"${T}>Updated ${mmdd(new Date(d.flows.updatedAt))}</p>` : ''}`
    : `<p class="muted"${T}>No information available</p>`;
  return `<main id="main">   <article data-testid="coin-detail" data-tab="flow"${A}> ${coinHead(c, 'flow', C, d.quick)}  ${d.starsScript} <section class="coin-tab" data-testid="coin-tab-flow"${A}>      <h2${T}>Fund flow</h2> <p class="note"${T}>Money flowing into and out of this coin&#39;s markets. Net flow = inflow − outflow.</p> ${body}           </section> </article>  </main>`;
}

// The encyclopedia (/baike): entries grouped by category, in the page's order of categories.

const BAIKE_CATEGORIES = [
  ['basics', 'Basics'],
  ['trading', 'Trading'],
  ['defi', 'DeFi'],
  ['technology', 'Technology'],
  ['mining-staking', 'Mining &amp; staking'],
  ['security', 'Security'],
  ['web3', 'NFTs &amp; Web3'],
];
const ORDER = new Map(BAIKE_CATEGORIES.map(([k], i) => [k, i]));
const LABEL = new Map(BAIKE_CATEGORIES);
const rankOf = (k) => (k === '' ? Number.MAX_SAFE_INTEGER : (ORDER.get(k) ?? ORDER.size));

function baike(d) {
  const P = d.cid.page;
  const groups = new Map();
  for (const e of d.entries) {
    const k = e.category ?? '';
    if (!groups.has(k)) groups.set(k, []);
    groups.get(k).push(e);
  }
  const sorted = [...groups].sort(([a], [b]) => rankOf(a) - rankOf(b) || a.localeCompare(b));
  const label = (k) => LABEL.get(k) ?? (k ? esc(k) : 'Other');
  const anchor = (k) => `g-${(k || 'other').toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
  const jump = sorted
    .map(
      ([k, list]) =>
        `<li${P}><a href="#${anchor(k)}"${P}>${label(k)} <span class="muted"${P}>${list.length}</span></a></li>`,
    )
    .join('');
  const sections = sorted
    .map(([k, list]) => {
      const items = list
        .map(
          (e) =>
            `<li> <a href="/baike/${encodeURIComponent(e.slug)}" data-testid="wiki-entry">${esc(e.title)}</a> ${e.summary ? `<p class="muted">${esc(e.summary)}</p>` : ''} </li>`,
        )
        .join('');
      return `<section class="group" id="${anchor(k)}"${P}> <h2${P}>${label(k)}</h2> <ul class="entries"${P}> ${items} </ul> </section>`;
    })
    .join('');
  const n = d.entries.length;
  return `<main id="main">  <h1${P}>Crypto encyclopedia</h1> <p class="muted intro"${P}>Plain explanations of the terms you meet in crypto, from blockchain basics to DeFi, trading and security.</p> ${d.form}  <nav class="modes" aria-label="Crypto encyclopedia"${P}> <a href="/baike" aria-current="page"${P}>By category</a> <a href="/baike?view=az"${P}>A–Z</a> <span class="muted" data-testid="wiki-count"${P}>${int.format(n)} ${n === 1 ? 'entry' : 'entries'}</span> </nav>  <ul class="jump" aria-label="By category"${P}> ${jump} </ul> <div data-testid="baike-groups"${P}> ${sections} </div>  </main>`;
}

/** Each page's template: data → <main>…</main>. */
export const RENDER = {
  '/futures': futures,
  '/flow': fundFlow,
  '/coin/bitcoin/news': coinNews,
  '/coin/bitcoin/flow': coinFlow,
  '/baike': baike,
};
