import { DEFAULT_PAGE_SIZE, isPageSize } from './pagination.ts';

interface ListQuery<S extends string, F extends string> {
  size: number;
  sort: S | undefined;
  order: 'asc' | 'desc' | undefined;
  filter: F | undefined;
}

/**
 * Reads size, sort, order and filter from a page URL. Unknown values fall back to the
 * defaults instead of failing: a stale bookmark still shows the list. `defaultSize`: the list's
 * (src/lib/pageSizes.ts, or what the reader chose for it).
 */
export function readListQuery<S extends string, F extends string>(
  params: URLSearchParams,
  sorts: readonly S[],
  filters: readonly F[] = [],
  defaultSize: number = DEFAULT_PAGE_SIZE,
): ListQuery<S, F> {
  const size = Number(params.get('size'));
  const sort = params.get('sort');
  const order = params.get('order');
  const filter = params.get('filter');
  const validSort = sorts.includes(sort as S) ? (sort as S) : undefined;
  return {
    size: isPageSize(size) ? size : defaultSize,
    sort: validSort,
    order: validSort && (order === 'asc' || order === 'desc') ? order : undefined,
    filter: filters.includes(filter as F) ? (filter as F) : undefined,
  };
}

/** The query string for a list URL, leaving defaults (`defaultSize`: the page's) out so URLs stay short. */
export function listSearch(
  q: Partial<ListQuery<string, string>> & { page?: number },
  defaultSize: number = DEFAULT_PAGE_SIZE,
): string {
  const p = new URLSearchParams();
  if (q.page && q.page > 1) p.set('page', String(q.page));
  if (q.size && q.size !== defaultSize) p.set('size', String(q.size));
  if (q.sort) p.set('sort', q.sort);
  if (q.sort && q.order) p.set('order', q.order);
  if (q.filter && q.filter !== 'all') p.set('filter', q.filter);
  const s = p.toString();
  return s ? `?${s}` : '';
}

/** Parses the number of a `list_{page}` segment; undefined when it is not a page number. */
export function parseListPage(raw: string | undefined): number | undefined {
  if (!raw || !/^[1-9]\d{0,5}$/.test(raw)) return undefined;
  return Number(raw);
}
