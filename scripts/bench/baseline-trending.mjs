// The plain template baseline of the trending page (/trending, baseline.mjs): the market highlights
// tabs, the method and its fallback notice, 50 rows with their hot-score bars and the pager, from
// the trending API's first page. A fresh data directory has no page views, so the rows are ranked
// by market attention (the basis the benchmark sees); the views basis is not templated.
import { amount, change, coinCell, esc, exportLinks, int, mmdd, pager, price, two } from './baseline-markup.mjs';

const HIGHLIGHTS = [
  ['/trending', 'trending', 'Trending'],
  ['/new-coins', 'new', 'Recently added'],
  ['/rank', 'movers', 'Gainers &amp; Losers'],
  ['/hot', 'hot', 'Hot'],
];

/** The tabs over the trending, recently added, gainers and losers, and hot pages. */
export const highlights = (current, A) =>
  `<nav class="tabs highlights" aria-label="Market highlights" data-testid="market-highlights"${A}> ${HIGHLIGHTS.map(
    ([href, k, label]) =>
      `<a href="${href}"${k === current ? ' aria-current="page"' : ''} data-highlight="${k}"${A}>${label}</a>`,
  ).join('')} </nav>`;

export function trending(d) {
  const t = d.trending;
  const { tabs: A, page: P, table: B } = d.cid;
  const score = (v) => one.format(v);
  const rows = t.list
    .map(
      (c) =>
        `<tr data-coin="${esc(c.id)}"${B}> <td class="l muted num"${B}>${c.position}</td> <td class="l"${B}>${coinCell(c)}</td> <td class="num" data-live-price="${esc(c.id)}"${B}>${price(c.price)}</td> <td${B}>${change(c.change24h, c.id)}</td> <td class="num"${B}>${amount(c.marketCap)}</td> <td class="num metric" data-field="score" data-value="${c.hotScore}"${B}> <span class="bar" style="--w:${c.hotScore}%" aria-hidden="true"${B}></span>${score(c.hotScore)} </td> </tr>`,
    )
    .join('');
  const asOf = new Date(t.asOf);
  const cols = ['Price', '24h %', 'Market cap', 'Hot score'].map((k) => `<th scope="col"${B}>${k}</th>`).join(' ');
  return `<main id="main">  ${highlights('trending', A)}  <h1${P}>Trending coins</h1> <div class="about muted" data-testid="trending-method"${P}> <p${P}>The coins whose pages were opened most on Coinlens in the last 24 hours: a coin&#39;s overview and each of its tabs count. The site&#39;s own counter counts a visitor once per page and UTC day; crawlers do not count, and nothing about the reader is kept.</p> <p${P}>Views are counted per UTC day, so the last 24 hours are an estimate: today&#39;s views so far plus yesterday&#39;s views × the share of today not yet elapsed (${two.format(t.yesterdayWeight * 100)}% now), as if yesterday&#39;s visits were spread evenly over its hours.</p> </div> ${t.basis === 'market' ? `<div class="notice" role="status" data-testid="trending-fallback"${P}> <p${P}>Not enough visits yet to rank by views. Until there are, this list ranks coins by market attention, the hot score of the Hot page.</p> <ul${P}> <li${P}>Views of coin pages in the last 24 hours: ${int.format(t.totalViews)} (at least ${t.minViews} needed)</li> <li${P}>Coins viewed: ${int.format(t.coinsViewed)} (at least ${t.minCoins} needed)</li> </ul> </div>` : ''} ${exportLinks('trending', '', 50, false)} <div class="table-wrap"${B}> <table class="data pin-2" data-testid="trending-table" data-basis="${esc(t.basis)}"${B}> <thead${B}> <tr${B}> <th class="l" scope="col"${B}>#</th> <th class="l" scope="col"${B}>Name</th> ${cols} </tr> </thead> <tbody${B}> ${rows} </tbody> </table> </div>  <p class="table-note muted" data-testid="trending-source"${P}> <time datetime="${asOf.toISOString()}"${P}>Views: the site&#39;s own page-view counter, estimated at ${asOf.getUTCFullYear()}-${mmdd(asOf)} UTC.</time> </p> ${pager('/trending', 1, 50, t.total, { param: true, defaultSize: 50 })}  </main>`;
}

const one = new Intl.NumberFormat('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
