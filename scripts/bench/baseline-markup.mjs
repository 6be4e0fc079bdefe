// The shared pieces of the plain template baseline's pages (baseline.mjs): escaping, number
// formats, the stored sparkline, and the coin table and pager that several pages print.

const ESC = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const esc = (v) => String(v ?? '').replace(/[&<>"']/g, (c) => ESC[c]);

export const int = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
export const two = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const sig4 = new Intl.NumberFormat('en-US', { maximumSignificantDigits: 4 });

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
/** 11-28 09:00 (UTC) */
export const mmdd = (d) =>
  `${String(d.getUTCMonth() + 1).padStart(2, '0')}-${String(d.getUTCDate()).padStart(2, '0')} ${String(d.getUTCHours()).padStart(2, '0')}:${String(d.getUTCMinutes()).padStart(2, '0')}`;
export const amount = (v) => (v == null ? '--' : `$${compact(v)}`);
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
  `<a class="coin-cell" href="/coin/${esc(c.id)}"> <img src="${esc(c.icon)}" alt="" width="24" height="24" loading="lazy" decoding="async"> <span class="nm">${esc(c.name)}</span> <span class="sym">${esc(c.symbol)}</span> </a>`;

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

export function coinTable(list, sortable, cid) {
  const head = SORTS.map(
    ([key, label, cls]) =>
      `<th${cls ? ` class="${cls}"` : ''} scope="col">${sortable ? ` <a href="/coin/list_1?sort=${key}&#38;order=desc" rel="nofollow">${esc(label)}</a> ` : esc(label)}</th>`,
  ).join('');
  const rows = list
    .map(
      (c) =>
        `<tr data-coin="${esc(c.id)}"> <td class="l muted num">${c.rank}</td> <td class="l">${coinCell(c)}</td> <td class="num" data-field="price" data-live-price="${esc(c.id)}">${price(c.price)}</td> <td>${change(c.change24h, c.id)}</td> <td>${change(c.change7d)}</td> <td class="num">${amount(c.marketCap)}</td> <td class="num">${amount(c.volume24h)}</td> <td class="num">${compact(c.circulatingSupply)} <span class="muted">${esc(c.symbol)}</span></td> <td>${c.spark ? `<svg class="spark ${c.spark.trend}" viewBox="0 0 120 36" width="120" height="36" role="img" aria-label="${esc(c.name)} Last 7 days"${cid}><path d="${esc(c.spark.d)}" fill="none" stroke="currentColor" stroke-width="1.5" stroke-linejoin="round"${cid}></path></svg>` : '<span class="muted">--</span>'}</td> </tr>`,
    )
    .join('');
  return `<div class="table-wrap"> <table class="data coins" data-testid="coin-table"> <thead> <tr> ${head} <th scope="col">Last 7 days</th> </tr> </thead> <tbody>  ${rows} </tbody> </table> </div>`;
}

export function pager(base, page, size, total, param, defaultSize = 10) {
  const pages = Math.max(1, Math.ceil(total / size));
  const href = (p) => (param ? (p === 1 ? base : `${base}?page=${p}`) : `${base.replace(/_\d+$/, '')}_${p}`);
  const shown = [1, 2, 3, 4, 5].filter((p) => p <= pages);
  const items = shown
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
  return `<nav class="toolbar" aria-label="Pagination"> <span class="muted">Showing ${(page - 1) * size + 1}–${Math.min(total, page * size)} of ${int.format(total)}</span> <ul class="pager"> <li><span class="disabled">Previous</span></li> ${items}${last} <li><a href="${href(page + 1)}" rel="next">Next</a></li> </ul> <span class="sizes" data-list="${param ? 'news' : 'coins'}"> <span class="muted">Rows per page</span> ${sizes} </span> </nav>`;
}
