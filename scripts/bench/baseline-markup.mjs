// The shared pieces of the plain template baseline's pages (baseline.mjs): escaping, number
// formats, the stored sparkline, and the coin table, pager and coin header that several pages print.

const ESC = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const esc = (v) => String(v ?? '').replace(/[&<>"']/g, (c) => ESC[c]);

export const int = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
export const two = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const sig4 = new Intl.NumberFormat('en-US', { maximumSignificantDigits: 4 });
const upTo2 = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/** $94,471.74 · $0.9996 · $0.04082 */
export const price = (v) => (v == null ? '--' : Math.abs(v) >= 1 ? `$${two.format(v)}` : `$${sig4.format(v)}`);
const UNITS = [
  [1e12, 'T'],
  [1e9, 'B'],
  [1e6, 'M'],
  [1e3, 'K'],
];
/** 1.88T · 78.26B · 950.00 */
export function compact(v) {
  if (v == null) return '--';
  for (const [size, unit] of UNITS) if (Math.abs(v) >= size) return `${two.format(v / size)}${unit}`;
  return two.format(v);
}
/** Supplies and amounts: 19.9M · 21M (compact without trailing zeros). */
export function supply(v) {
  if (v == null) return '--';
  for (const [size, unit] of UNITS) if (Math.abs(v) >= size) return `${upTo2.format(v / size)}${unit}`;
  return upTo2.format(v);
}
export const amount = (v) => (v == null ? '--' : `$${supply(v)}`);
/** 11-28 09:00 (UTC) */
export const mmdd = (d) =>
  `${String(d.getUTCMonth() + 1).padStart(2, '0')}-${String(d.getUTCDate()).padStart(2, '0')} ${String(d.getUTCHours()).padStart(2, '0')}:${String(d.getUTCMinutes()).padStart(2, '0')}`;

export const trend = (v) => (v > 0 ? 'rise' : v < 0 ? 'fall' : 'flat');
export const pct = (v) => (v == null ? '--' : `${v > 0 ? '+' : ''}${two.format(v)}%`);
export const change = (v, live) =>
  `<span class="num ${trend(v)}" data-trend="${trend(v)}"${live ? ` data-live-change="${esc(live)}"` : ''}>${pct(v)}</span>`;

/**
 * The 120×36 sparkline of the coin tables, as the product stores it with the price history
 * (src/lib/sparkline.ts: at most 60 points, one decimal): drawn once when the rows are captured,
 * printed per request, like the product's stored column.
 */
export function storedSpark(points) {
  const values = (points ?? []).filter((p) => Number.isFinite(p));
  if (values.length < 2) return null;
  const max = 60;
  const thin =
    values.length <= max
      ? values
      : Array.from({ length: max }, (_, i) => values[Math.round((i * (values.length - 1)) / (max - 1))]);
  const lo = Math.min(...thin);
  const span = Math.max(...thin) - lo || 1;
  const short = (v) => v.toFixed(1).replace(/\.0$/, '');
  let d = '';
  for (let i = 0; i < thin.length; i++)
    d += `${i ? 'L' : 'M'}${short((i / (thin.length - 1)) * 120)},${short(36 - 2 - ((thin[i] - lo) / span) * 32)}`;
  const first = thin[0];
  const last = thin[thin.length - 1];
  return { d, trend: last > first ? 'rise' : last < first ? 'fall' : 'flat' };
}

export const coinCell = (c) =>
  `<a class="coin-cell" href="/coin/${esc(c.id)}"><img src="${esc(c.icon)}" alt="" width="24" height="24" loading="lazy" decoding="async" /><span class="nm">${esc(c.name)}</span><span class="sym">${esc(c.symbol)}</span></a>`;

export const STAR =
  '<svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true"><path d="M12 2.8l2.8 5.9 6.4.8-4.7 4.4 1.2 6.4L12 17.2l-5.7 3.1 1.2-6.4-4.7-4.4 6.4-.8z"></path></svg>';
/** The watchlist star of a row or header. */
export const fav = (key, name) =>
  `<button type="button" class="fav" data-fav="${esc(key)}" aria-pressed="false" aria-label="Watchlist: ${esc(name)}">${STAR}</button>`;

const SORTS = [
  ['rank', '#', 'l'],
  ['name', 'Name', 'l'],
  ['price', 'Price'],
  ['change24h', '24h %'],
  ['change7d', '7d %'],
  ['marketCap', 'Market cap'],
  ['volume24h', 'Volume (24h)'],
  ['circulatingSupply', 'Circulating supply'],
];

/**
 * The coins table of the coin list and the home page (and of a sector, `base` its sort links' page),
 * rows with their stars and stored sparklines.
 */
export function coinTable(list, sortable, base = '/coin/list_1') {
  const head = SORTS.map(
    ([key, label, cls]) =>
      `<th${cls ? ` class="${cls}"` : ''} scope="col">${sortable ? `<a href="${base}?sort=${key}&amp;order=desc" rel="nofollow">${esc(label)}</a>` : esc(label)}</th>`,
  ).join('');
  const rows = list
    .map(
      (c) =>
        `<tr data-coin="${esc(c.id)}">
<td class="l muted num">${fav(`COIN:${c.id}`, c.name)}${c.rank}</td>
<td class="l">${coinCell(c)}</td>
<td class="num" data-field="price" data-live-price="${esc(c.id)}">${price(c.price)}</td>
<td>${change(c.change24h, c.id)}</td>
<td>${change(c.change7d)}</td>
<td class="num" data-field="market-cap">${amount(c.marketCap)}</td>
<td class="num">${amount(c.volume24h)}</td>
<td class="num" data-field="supply">${supply(c.circulatingSupply)} <span class="muted">${esc(c.symbol)}</span></td><td>${c.spark ? `<svg class="spark ${c.spark.trend}" viewBox="0 0 120 36" width="120" height="36" role="img" aria-label="${esc(c.name)} Last 7 days"><path d="${esc(c.spark.d)}" fill="none" stroke="currentColor" stroke-width="1.5" stroke-linejoin="round"></path></svg>` : '<span class="muted">--</span>'}</td>
</tr>`,
    )
    .join('');
  return `<div class="table-wrap"><table class="data coins pin-2" data-testid="coin-table">
<thead><tr>${head}<th scope="col">Last 7 days</th></tr></thead>
<tbody>${rows}</tbody>
</table></div>`;
}

/**
 * The CSV / JSON export links of a table: `file` names the export, `query` leads its query string,
 * `paged` says whether the one-page links name their page.
 */
export function exportLinks(file, query, size, paged = true) {
  const page = paged ? 'page=1&amp;' : '';
  const a = (ext, q, title, kind, label) =>
    `<a download href="/export/${file}.${ext}?${query}${q}" title="${title}" data-export="${kind}">${label}</a>`;
  return `<p class="export-links" data-testid="export-links"><span class="muted">Export:</span> ${a('csv', `${page}size=${size}&amp;currency=USD`, 'Download this table as CSV (opens in Excel, Numbers, LibreOffice)', 'csv', 'CSV')} ${a('json', `${page}size=${size}&amp;currency=USD`, 'Download this table as JSON', 'json', 'JSON')} ${a('csv', `size=${size}&amp;currency=USD&amp;all=1`, 'Download every page of this list, same filters and sort, as CSV (at most 5,000 rows)', 'all', 'All pages (CSV)')}</p>`;
}

/**
 * The pagination bar under every long table: page links, next, and rows per page. `param` pages
 * by `?page=` (else by the path's `_<n>`), `list` names the data-list of the sizes when the page has one.
 */
export function pager(base, page, size, total, { param = false, defaultSize = 10, list } = {}) {
  const pages = Math.max(1, Math.ceil(total / size));
  const href = (p) => (param ? (p === 1 ? base : `${base}?page=${p}`) : `${base.replace(/_\d+$/, '')}_${p}`);
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
        `<a href="${href(1)}${s === defaultSize ? '' : `?size=${s}`}"${s === size ? ' aria-current="true"' : ''} data-size="${s}">${s}</a>`,
    )
    .join('');
  return `<nav class="toolbar" aria-label="Pagination">
<span class="muted" data-testid="page-info">Showing ${(page - 1) * size + 1}–${Math.min(total, page * size)} of ${int.format(total)}</span>
<ul class="pager">
<li><span class="disabled">Previous</span></li>
${items}${last}
<li>${page < pages ? `<a href="${href(page + 1)}" rel="next">Next</a>` : '<span class="disabled">Next</span>'}</li>
</ul>
<span class="sizes"${list ? ` data-list="${list}"` : ''}><span class="muted">Rows per page</span>${sizes}</span>
</nav>`;
}

const COIN_TABS = [
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
/**
 * The header and tabs every coin tab shares, `tab` marked as the current one (C: its scoped-style
 * attribute; quick: the words of its two quick-action dialogs, as captured).
 */
export function coinHead(c, tab, C, quick) {
  const id = esc(c.id);
  const name = esc(c.name);
  const actions = `<a class="convert-link" href="/portfolio?add=${id}" rel="nofollow" aria-haspopup="dialog" data-portfolio-add="${id}" data-name="${name}" data-price="${c.price ?? ''}" data-dict="${quick.portfolio}" data-testid="coin-portfolio-add">Add to portfolio</a>\n<a class="convert-link" href="/user?alert=${id}#alerts" rel="nofollow" data-alert-add="${id}" data-name="${name}" data-dict="${quick.alert}" data-testid="coin-alert">Price alert</a>`;
  const tabs = COIN_TABS.map(
    ([k, label]) =>
      `<a href="/coin/${id}${k === 'overview' ? '' : `/${k}`}"${k === tab ? ' aria-current="page"' : ''} data-tab="${k}"${C}>${esc(label)}</a>`,
  ).join('');
  return `<header class="coin-head"${C}> <img src="${esc(c.icon)}" alt="" width="48" height="48"${C}> <div${C}> <h1${C}>${esc(c.name)} <span class="muted"${C}>${esc(c.symbol)}</span></h1> <p class="meta"${C}> ${fav(`COIN:${c.id}`, c.name)} <span class="badge"${C}>Rank #${c.rank}</span> ${c.reviewed ? `<span class="badge"${C}>Reviewed</span>` : ''}  </p> </div> <div class="price"${C}> <div class="num big" data-testid="coin-price" data-live-price="${id}"${C}>${price(c.price)}</div>  ${change(c.change24h, c.id)} <a class="convert-link" href="/convert/${esc(c.symbol.toLowerCase())}-usd" data-testid="coin-convert"${C}>Convert ${esc(c.symbol)}</a> ${actions}    </div> </header>  <nav class="tabs coin-tabs" aria-label="${esc(c.name)} sections" data-testid="coin-tabs"${C}> ${tabs} </nav>`;
}
