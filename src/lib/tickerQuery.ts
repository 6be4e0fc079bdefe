import { CONTRACT_TYPES, type ContractType } from './format/pair.ts';
import { LIST_SIZES } from './pageSizes.ts';
import { isPageSize, readPage } from './pagination.ts';

/** What /pairs and /futures read from their URL: one definition for the page and its exports. */
interface TickerPageQuery<S extends string> {
  page: number;
  size: number;
  sort: S | undefined;
  order: 'asc' | 'desc' | undefined;
  /** Spot pairs quoted in this symbol (one of the offered quotes). */
  quote: string | undefined;
  /** Futures of one contract type. */
  contract: ContractType | undefined;
}

/**
 * Reads page, size, sort, order and the market's filter (quote for spot, contract for futures).
 * Unknown values fall back to the defaults, like the other lists: a stale link still shows pairs.
 * `defaultSize`: the pairs list's (src/lib/pageSizes.ts), or the size the reader chose for it.
 */
export function readTickerQuery<S extends string>(
  params: URLSearchParams,
  market: 'spot' | 'futures',
  sorts: readonly S[],
  quotes: readonly string[],
  defaultSize: number = LIST_SIZES.pairs,
): TickerPageQuery<S> {
  const rawPage = params.get('page');
  const sizeParam = Number(params.get('size'));
  const sortParam = params.get('sort');
  const sort = sorts.includes(sortParam as S) ? (sortParam as S) : undefined;
  const orderParam = params.get('order');
  return {
    page: rawPage && /^[1-9]\d{0,5}$/.test(rawPage) ? Number(rawPage) : 1,
    size: isPageSize(sizeParam) ? sizeParam : defaultSize,
    sort,
    order: sort && (orderParam === 'asc' || orderParam === 'desc') ? orderParam : undefined,
    quote: market === 'spot' ? quotes.find((s) => s === params.get('quote')?.toUpperCase()) : undefined,
    contract: market === 'futures' ? CONTRACT_TYPES.find((c) => c === params.get('contract')) : undefined,
  };
}

/** The query string of a pairs URL, defaults (`defaultSize`: the page's) left out. */
export function tickerSearch(
  q: {
    page: number;
    size: number;
    sort?: string | undefined;
    order?: string | undefined;
    quote?: string | undefined;
    contract?: string | undefined;
  },
  defaultSize: number = LIST_SIZES.pairs,
): string {
  const s = new URLSearchParams();
  if (q.quote) s.set('quote', q.quote);
  if (q.contract) s.set('contract', q.contract);
  if (q.sort) s.set('sort', q.sort);
  if (q.sort && q.order) s.set('order', q.order);
  if (q.size !== defaultSize) s.set('size', String(q.size));
  if (q.page > 1) s.set('page', String(q.page));
  const qs = s.toString();
  return qs ? `?${qs}` : '';
}

/**
 * What a coin's market tab reads from its URL (page, size, sort, order, spot/futures): the tab
 * and its export. `sorts`: the pair table's (TICKER_SORTS of src/features/market/pairs/pairs.server.ts).
 */
export function readMarketTabQuery<S extends string>(
  params: URLSearchParams,
  sorts: readonly S[],
  defaultSize: number = LIST_SIZES['coin-markets'],
): {
  page: number;
  size: number;
  sort: S | undefined;
  order: 'asc' | 'desc' | undefined;
  market: 'spot' | 'futures' | undefined;
} {
  const sortParam = params.get('sort');
  const sort = sorts.includes(sortParam as S) ? (sortParam as S) : undefined;
  const orderParam = params.get('order');
  const marketParam = params.get('market');
  return {
    ...readPage(params, defaultSize),
    sort,
    order: orderParam === 'asc' || orderParam === 'desc' ? orderParam : undefined,
    market: marketParam === 'spot' || marketParam === 'futures' ? marketParam : undefined,
  };
}
