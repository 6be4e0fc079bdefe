import { DEFAULT_PAGE_SIZE, isPageSize } from './pagination.ts';

/** What a search page URL asks for, read leniently: bad values fall back to defaults. */
interface SearchPageQuery<K extends string> {
  q: string;
  kind: K | undefined;
  page: number;
  size: number;
  /** The query was longer than `maxLength` and was cut to it. */
  shortened: boolean;
}

/**
 * Reads q, kind, page and size of /search. A stale or hand-edited URL still shows results.
 * @example readSearchQuery(new URLSearchParams('q=btc&page=x'), ['coin'], 64) // { q: 'btc', kind: undefined, page: 1, size: 10, shortened: false }
 */
export function readSearchQuery<K extends string>(
  params: URLSearchParams,
  kinds: readonly K[],
  maxLength: number,
): SearchPageQuery<K> {
  const raw = (params.get('q') ?? '').replace(/\s+/g, ' ').trim();
  const kind = params.get('kind');
  const page = Number(params.get('page') ?? '1');
  const size = Number(params.get('size'));
  return {
    q: raw.slice(0, maxLength).trim(),
    kind: kinds.includes(kind as K) ? (kind as K) : undefined,
    page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
    size: isPageSize(size) ? size : DEFAULT_PAGE_SIZE,
    shortened: raw.length > maxLength,
  };
}
