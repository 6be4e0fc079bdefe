// The plain template baseline of the exchange list (/exchange/list_1, baseline.mjs): the
// toolbar, export links, the 50-row sortable table and the pager, from the exchanges API's rows.
import { amount, compact, esc, int } from './baseline-markup.mjs';

const SORTS = [
  ['rank', '#', 'l'],
  ['name', 'Exchange', 'l'],
  ['expectedVolume', 'Expected volume (24h)'],
  ['reportedVolume', 'Reported volume (24h)'],
  ['pairCount', 'Pairs'],
  ['coinCount', 'Coins'],
  ['monthlyVisits', 'Monthly visits'],
  ['starRating', 'Coinlens rating'],
];
const TYPES = { CEX: 'Centralised', DEX: 'Decentralised' };
const STAR =
  '<svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true"><path d="M12 2.8l2.8 5.9 6.4.8-4.7 4.4 1.2 6.4L12 17.2l-5.7 3.1 1.2-6.4-4.7-4.4 6.4-.8z"></path></svg>';
const UNREVIEWED =
  '<span class="badge" title="This exchange has not been reviewed. Its information may be incomplete or wrong; trade with care. If you find an error, please contact us.">Unreviewed</span>';
const one = new Intl.NumberFormat('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

function pager(page, size, total) {
  const pages = Math.max(1, Math.ceil(total / size));
  const href = (p) => `/exchange/list_${p}`;
  const items = Array.from({ length: Math.min(pages, 5) }, (_, i) => i + 1)
    .map(
      (p) => `<li><a href="${href(p)}"${p === page ? ' aria-current="page"' : ''} aria-label="Page ${p}">${p}</a></li>`,
    )
    .join('');
  const sizes = [10, 20, 30, 40, 50, 100]
    .map(
      (s) =>
        `<a href="${href(1)}${s === 50 ? '' : `?size=${s}`}"${s === size ? ' aria-current="true"' : ''} data-size="${s}">${s}</a>`,
    )
    .join('');
  return `<nav class="toolbar" aria-label="Pagination">
<span class="muted" data-testid="page-info">Showing ${(page - 1) * size + 1}–${Math.min(total, page * size)} of ${int.format(total)}</span>
<ul class="pager">
<li><span class="disabled">Previous</span></li>
${items}
<li><a href="${href(page + 1)}" rel="next">Next</a></li>
</ul>
<span class="sizes" data-list="exchanges"><span class="muted">Rows per page</span>${sizes}</span>
</nav>`;
}

export function exchangeList(d) {
  const head = SORTS.map(
    ([key, label, cls]) =>
      `<th${cls ? ` class="${cls}"` : ''} scope="col"><a href="/exchange/list_1?sort=${key}&amp;order=desc" rel="nofollow">${esc(label)}</a></th>`,
  ).join('');
  const rows = d.list.list
    .map(
      (e) => `<tr data-exchange="${esc(e.name)}">
<td class="l muted num"><button type="button" class="fav" data-fav="EXCHANGE:${esc(e.name)}" aria-pressed="false" aria-label="Watchlist: ${esc(e.displayName)}">${STAR}</button>${e.rank}</td>
<td class="l"><a href="/exchange/${esc(e.name)}"><b>${esc(e.displayName)}</b></a>${e.reviewed ? '' : UNREVIEWED}</td>
<td class="num">${amount(e.expectedVolume24h)}</td>
<td class="num">${amount(e.reportedVolume24h)}</td>
<td class="num">${int.format(e.pairCount)}</td><td class="num">${int.format(e.coinCount)}</td><td class="num">${compact(e.monthlyVisits)}</td><td class="num">${e.starRating == null ? '--' : `★ ${one.format(e.starRating)}`}</td><td class="l">${esc(TYPES[e.type] ?? e.type)}</td><td class="l">${esc(e.country ?? '--')}</td>
</tr>`,
    )
    .join('');
  const exp = (ext, q, title, kind) =>
    `<a download href="/export/exchanges.${ext}?${q}" title="${esc(title)}" data-export="${kind}">${kind === 'all' ? 'All pages (CSV)' : ext.toUpperCase()}</a>`;
  return `<main id="main">  <h1>Exchanges</h1> <p class="muted">Expected volume = average volume per visit across exchanges × this exchange&#39;s visits, at most the reported volume.</p> <p><a href="/exchange/establishAccount" data-testid="open-account-link">Open an account: compare fees and fiat currencies</a></p> <div class="toolbar"> <nav class="tabs" aria-label="Type"> <a href="/exchange/list_1" aria-current="page">All</a><a href="/exchange/list_1?filter=CEX">Centralised</a><a href="/exchange/list_1?filter=DEX">Decentralised</a> </nav> <p class="export-links" data-testid="export-links"><span class="muted">Export:</span> ${exp('csv', 'page=1&amp;size=50&amp;currency=USD', 'Download this table as CSV (opens in Excel, Numbers, LibreOffice)', 'csv')} ${exp('json', 'page=1&amp;size=50&amp;currency=USD', 'Download this table as JSON', 'json')} ${exp('csv', 'size=50&amp;currency=USD&amp;all=1', 'Download every page of this list, same filters and sort, as CSV (at most 5,000 rows)', 'all')}</p> </div> ${d.starsScript} <div class="table-wrap"><table class="data exchanges pin-2" data-testid="exchange-table">
<thead><tr>${head}<th class="l" scope="col">Type</th><th class="l" scope="col">Country / region</th></tr></thead>
<tbody>${rows}</tbody>
</table></div> ${pager(1, 50, d.list.total)}  </main>`;
}
