// The plain template baseline of a coin's historical data tab (/coin/bitcoin/historical-data,
// baseline.mjs): the coin's header and tabs, the range form, 30 daily rows and the pager, from the
// coin API's row and the history API's first page.
import { amount, change, compact, esc, int, price } from './baseline-markup.mjs';

const TABS = [
  ['overview', 'Overview'],
  ['introduce', 'Introduction'],
  ['market', 'Markets'],
  ['historical-data', 'Historical data'],
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
const STAR =
  '<svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true"><path d="M12 2.8l2.8 5.9 6.4.8-4.7 4.4 1.2 6.4L12 17.2l-5.7 3.1 1.2-6.4-4.7-4.4 6.4-.8z"></path></svg>';

/** The header and tabs every coin tab shares, `tab` marked as the current one. */
export function coinHead(c, tab, C) {
  const id = esc(c.id);
  const tabs = TABS.map(
    ([k, label]) =>
      `<a href="/coin/${id}${k === 'overview' ? '' : `/${k}`}"${k === tab ? ' aria-current="page"' : ''} data-tab="${k}"${C}>${esc(label)}</a>`,
  ).join('');
  return `<header class="coin-head"${C}> <img src="${esc(c.icon)}" alt="" width="48" height="48"${C}> <div${C}> <h1${C}>${esc(c.name)} <span class="muted"${C}>${esc(c.symbol)}</span></h1> <p class="meta"${C}> <button type="button" class="fav" data-fav="COIN:${id}" aria-pressed="false" aria-label="Watchlist: ${esc(c.name)}">${STAR}</button> <span class="badge"${C}>Rank #${c.rank}</span> ${c.reviewed ? `<span class="badge"${C}>Reviewed</span>` : ''}  </p> </div> <div class="price"${C}> <div class="num big" data-testid="coin-price" data-live-price="${id}"${C}>${price(c.price)}</div>  ${change(c.change24h, c.id)} <a class="convert-link" href="/convert/${esc(c.symbol.toLowerCase())}-usd" data-testid="coin-convert"${C}>Convert ${esc(c.symbol)}</a>    </div> </header>  <nav class="tabs coin-tabs" aria-label="${esc(c.name)} sections" data-testid="coin-tabs"${C}> ${tabs} </nav>`;
}

const dayBefore = (iso, days) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);

function pager(base, page, size, total) {
  const pages = Math.max(1, Math.ceil(total / size));
  const href = (p) => (p === 1 ? base : `${base}?page=${p}`);
  const items = [1, 2, 3, 4, 5]
    .filter((p) => p <= pages)
    .map(
      (p) => `<li><a href="${href(p)}"${p === page ? ' aria-current="page"' : ''} aria-label="Page ${p}">${p}</a></li>`,
    )
    .join('');
  const last =
    pages > 5
      ? `<li><span class="gap">…</span></li><li><a href="${href(pages)}" aria-label="Page ${pages}">${pages}</a></li>`
      : '';
  const sizes = [10, 20, 30, 40, 50, 100]
    .map(
      (s) =>
        `<a href="${base}${s === 30 ? '' : `?size=${s}`}"${s === size ? ' aria-current="true"' : ''} data-size="${s}">${s}</a>`,
    )
    .join('');
  return `<nav class="toolbar" aria-label="Pagination">
<span class="muted" data-testid="page-info">Showing ${(page - 1) * size + 1}–${Math.min(total, page * size)} of ${int.format(total)}</span>
<ul class="pager">
<li><span class="disabled">Previous</span></li>
${items}${last}
<li><a href="${href(page + 1)}" rel="next">Next</a></li>
</ul>
<span class="sizes"><span class="muted">Rows per page</span>${sizes}</span>
</nav>`;
}

export function history(d) {
  const c = d.coin;
  const h = d.history;
  const { head: C, article: A, tab: H } = d.cid;
  const base = `/coin/${esc(c.id)}/historical-data`;
  const q = `coin=${encodeURIComponent(c.id)}`;
  const exp = (ext, query, title, kind) =>
    `<a download href="/export/coin-history.${ext}?${query}" title="${esc(title)}" data-export="${kind}">${kind === 'all' ? 'All pages (CSV)' : ext.toUpperCase()}</a>`;
  const presets = [
    ['7D', 6],
    ['30D', 29],
    ['90D', 89],
    ['1Y', 364],
  ]
    .map(
      ([k, back]) =>
        `<a href="${base}?from=${dayBefore(h.last, back)}&#38;to=${h.last}" rel="nofollow" data-preset="${k}"${H}>${k}</a>`,
    )
    .join('');
  const rows = h.list
    .map(
      (r) =>
        `<tr data-date="${esc(r.date)}"${H}> <td class="l num"${H}>${esc(r.date)}</td> <td class="num"${H}>${price(r.open)}</td> <td class="num"${H}>${price(r.high)}</td> <td class="num"${H}>${price(r.low)}</td> <td class="num"${H}>${price(r.close)}</td> <td class="num"${H}>${amount(r.volume)}</td> <td class="num"${H}>${amount(r.marketCap)}</td> </tr>`,
    )
    .join('');
  const cols = ['Open', 'High', 'Low', 'Close', 'Volume', 'Market cap']
    .map((k) => `<th scope="col"${H}>${k}</th>`)
    .join(' ');
  const source = h.source
    ? `Candles from ${esc(h.source)}.`
    : 'Demo candles written by Coinlens&#39;s seeder, not market data.';
  return `<main id="main">   <article data-testid="coin-detail" data-tab="historical-data"${A}> ${coinHead(c, 'historical-data', C)}  ${d.starsScript} <section class="coin-tab" data-testid="coin-tab-historical-data"${A}>    <div class="toolbar"${H}> <h2${H}>${esc(c.symbol)} historical data</h2> <p class="export-links" data-testid="export-links"><span class="muted">Export:</span> ${exp('csv', `${q}&amp;page=1&amp;size=30&amp;currency=USD`, 'Download this table as CSV (opens in Excel, Numbers, LibreOffice)', 'csv')} ${exp('json', `${q}&amp;page=1&amp;size=30&amp;currency=USD`, 'Download this table as JSON', 'json')} ${exp('csv', `${q}&amp;size=30&amp;currency=USD&amp;all=1`, 'Download every page of this list, same filters and sort, as CSV (at most 5,000 rows)', 'all')}</p> </div> <form method="get" action="${base}" class="history-range" data-testid="history-range"${H}> <label${H}>From <input type="date" name="from" value min="${h.first}" max="${h.last}"${H}></label> <label${H}>To <input type="date" name="to" value min="${h.first}" max="${h.last}"${H}></label>  <button type="submit"${H}>Show</button> <nav class="tabs presets" aria-label="Quick ranges" data-testid="history-presets"${H}> ${presets} <a href="${base}" aria-current="page" data-preset="all"${H}>All</a> </nav> </form>      <div class="table-wrap"${H}> <table class="data" data-testid="history-table"${H}> <thead${H}> <tr${H}> <th class="l" scope="col"${H}>Date (UTC)</th> ${cols} </tr> </thead> <tbody${H}> ${rows} </tbody> </table> </div> ${pager(base, 1, 30, h.total)}  <p class="note" data-testid="history-note"${H}>Market cap = close × circulating supply. The supply is today&#39;s (${compact(h.circulatingSupply)} ${esc(c.symbol)}): past supplies are not stored, so every day assumes it. ${int.format(h.days)} days stored, ${h.first} to ${h.last} (UTC); the last row is the day so far. ${source}</p>             </section> </article>  </main>`;
}
