/** Reading and writing the query of the article lists (/news, /research, /columnist/{id}). */
import { parseListPage, readListQuery } from '../../lib/listQuery.ts';
import { DEFAULT_PAGE_SIZE } from '../../lib/pagination.ts';

export interface Listing {
  page: number;
  size: number;
  coin: string | undefined;
}

/**
 * Page, size and coin filter of a list URL. A page that is not a number shows page 1 and an
 * unknown size the default, like the other lists (a stale bookmark still shows something).
 */
export function readListing(params: URLSearchParams): Listing {
  const coin = params.get('coin')?.trim();
  return {
    page: parseListPage(params.get('page') ?? undefined) ?? 1,
    size: readListQuery(params, []).size,
    coin: coin ? coin.toLowerCase() : undefined,
  };
}

/**
 * The query string of a list page, defaults left out.
 * @example listingSearch({ page: 2, size: 10, coin: 'bitcoin' }) // '?coin=bitcoin&page=2'
 */
export function listingSearch(q: Listing): string {
  const s = new URLSearchParams();
  if (q.coin) s.set('coin', q.coin);
  if (q.page > 1) s.set('page', String(q.page));
  if (q.size !== DEFAULT_PAGE_SIZE) s.set('size', String(q.size));
  const qs = s.toString();
  return qs ? `?${qs}` : '';
}
