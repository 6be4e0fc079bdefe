/**
 * Query-string helpers of the coin tab pages: links keep the other parameters and drop
 * defaults, and page/size/range are read leniently (a stale URL falls back to defaults).
 */
import { LIST_SIZES } from '../../lib/pageSizes.ts';
import { DEFAULT_PAGE_SIZE, isPageSize } from '../../lib/pagination.ts';
import { TICKER_SORTS, type TickerSort } from '../../server/domain/tickers.ts';

/** Reads page and size; out-of-range values fall back to page 1 and the default size (the tab's). */
export function readPage(params: URLSearchParams, defaultSize: number = DEFAULT_PAGE_SIZE): { page: number; size: number } {
  const page = Number(params.get('page') ?? '1');
  const size = Number(params.get('size') ?? defaultSize);
  return {
    page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
    size: isPageSize(size) ? size : defaultSize,
  };
}

/**
 * A link to the same path with some parameters changed; `undefined` removes one, and page 1
 * and the default size (the tab's) are left out so every view has one canonical URL.
 * @example withQuery('/coin/bitcoin/market', new URLSearchParams('page=3'), { page: 1 }) // '/coin/bitcoin/market'
 */
export function withQuery(path: string, current: URLSearchParams, changes: Record<string, string | number | undefined>, defaultSize: number = DEFAULT_PAGE_SIZE): string {
  const next = new URLSearchParams(current);
  for (const [k, v] of Object.entries(changes)) {
    if (v === undefined || v === '') next.delete(k);
    else next.set(k, String(v));
  }
  if (next.get('page') === '1') next.delete('page');
  if (next.get('size') === String(defaultSize)) next.delete('size');
  const qs = next.toString();
  return qs ? `${path}?${qs}` : path;
}

/** Shortens an address or hash for a table cell: first 6 and last 4 characters. */
export const shortHash = (s: string) => (s.length > 14 ? `${s.slice(0, 6)}…${s.slice(-4)}` : s);

/** What the market tab reads from its URL (page, size, sort, order, spot/futures): the tab and its export. */
export function readMarketTabQuery(params: URLSearchParams, defaultSize: number = LIST_SIZES['coin-markets']): { page: number; size: number; sort: TickerSort | undefined; order: 'asc' | 'desc' | undefined; market: 'spot' | 'futures' | undefined } {
  const sortParam = params.get('sort');
  const sort = (TICKER_SORTS as readonly string[]).includes(sortParam ?? '') ? (sortParam as TickerSort) : undefined;
  const orderParam = params.get('order');
  const marketParam = params.get('market');
  return {
    ...readPage(params, defaultSize),
    sort,
    order: orderParam === 'asc' || orderParam === 'desc' ? orderParam : undefined,
    market: marketParam === 'spot' || marketParam === 'futures' ? marketParam : undefined,
  };
}
