/**
 * Markup of the list furniture many pages repeat (sortable headers, the pager), as strings
 * (src/lib/html.ts): the .astro components of the same names place it.
 */
import { attr, html, type SafeHtml } from '../../lib/html.ts';
import { pageCount, pagerSlots, PAGE_SIZES } from '../../lib/pagination.ts';

/** What the pager needs of a view: the server's View has it, and so may an island's. */
interface PagerView {
  t(key: string, vars?: Record<string, string | number>): string;
  number: (v: number | null | undefined, abbreviate?: boolean) => string;
  /** The list whose size the pager remembers (src/lib/pageSizes.ts). */
  list?: string | undefined;
}
type View = PagerView;

export type SortOrder = 'asc' | 'desc' | undefined;

/**
 * A sortable column header. Clicking cycles the SPEC §9 order: descending, ascending, none.
 * aria-sort belongs to the header cell (it is not allowed on a link); the arrow repeats it for the eye.
 */
export function sortHeaderHtml(
  label: string,
  column: string,
  sort: string | undefined,
  order: SortOrder,
  url: (sort: string | undefined, order: SortOrder) => string,
  left = false,
): SafeHtml {
  const active = sort === column;
  const next: [string | undefined, SortOrder] = !active
    ? [column, 'desc']
    : order === 'desc'
      ? [column, 'asc']
      : [undefined, undefined];
  const ariaSort = active ? (order === 'asc' ? 'ascending' : 'descending') : undefined;
  const arrow = active ? (order === 'asc' ? ' ▲' : ' ▼') : '';
  return html`<th${attr('class', left && 'l')}${attr('aria-sort', ariaSort)} scope="col"><a href="${url(next[0], next[1])}" rel="nofollow">${label}${arrow ? html`<span aria-hidden="true">${arrow}</span>` : null}</a></th>`;
}

/**
 * The pager under a list: position, pages around the current one, and page sizes. Nothing for an
 * empty list: its empty state says it all ("Showing --–-- of --" and a pager of one page did not).
 * On a list of src/lib/pageSizes.ts the sizes carry the list's name, and the browser remembers the
 * one chosen (src/islands/page/header.ts).
 */
export function pagerHtml(
  v: View,
  page: number,
  size: number,
  total: number,
  url: (page: number, size: number) => string,
): SafeHtml {
  if (total <= 0) return html``;
  const { t } = v;
  const pages = pageCount(total, size);
  const from = total === 0 ? 0 : (page - 1) * size + 1;
  const to = Math.min(total, page * size);
  const slots = pagerSlots(page, pages).map(
    (p) =>
      html`<li>${p === null ? html`<span class="gap">…</span>` : html`<a href="${url(p, size)}"${attr('aria-current', p === page && 'page')} aria-label="${t('list.page', { page: p })}">${p}</a>`}</li>`,
  );
  return html`<nav class="toolbar" aria-label="${t('list.pagination')}">
<span class="muted" data-testid="page-info">${t('list.pageInfo', { from: v.number(from, false), to: v.number(to, false), total: v.number(total, false) })}</span>
<ul class="pager">
<li>${page > 1 ? html`<a href="${url(page - 1, size)}" rel="prev">${t('list.previous')}</a>` : html`<span class="disabled">${t('list.previous')}</span>`}</li>
${slots}
<li>${page < pages ? html`<a href="${url(page + 1, size)}" rel="next">${t('list.next')}</a>` : html`<span class="disabled">${t('list.next')}</span>`}</li>
</ul>
<span class="sizes"${attr('data-list', v.list)}><span class="muted">${t('list.pageSize')}</span>${PAGE_SIZES.map((s) => html`<a href="${url(1, s)}"${attr('aria-current', s === size && 'true')} data-size="${s}">${s}</a>`)}</span>
</nav>`;
}

/** What a list shows past its last page: where the list starts and ends (OutOfRange.astro places it). */
export function outOfRangeHtml(v: View, page: number, pages: number, firstUrl: string, lastUrl: string): SafeHtml {
  return html`<div class="empty" data-testid="out-of-range">
<p>${v.t('list.pageOutOfRange', { page, count: pages })}</p>
<p><a href="${firstUrl}">1</a> · <a href="${lastUrl}">${pages}</a></p>
</div>`;
}

/** Label and value pairs as a definition list (Facts.astro places it). */
export function factsHtml(items: readonly { label: string; value: string }[]): SafeHtml {
  return html`<dl class="facts">${items.map((i) => html`<div><dt>${i.label}</dt><dd class="num">${i.value}</dd></div>`)}</dl>`;
}
