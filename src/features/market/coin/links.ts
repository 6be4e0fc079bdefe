/**
 * Query-string helpers of the coin tab pages: links keep the other parameters and drop
 * defaults, and page/size/range are read leniently (a stale URL falls back to defaults).
 */
import { DEFAULT_PAGE_SIZE } from '../../../lib/pagination.ts';

export { readPage } from '../../../lib/pagination.ts';

/**
 * A link to the same path with some parameters changed; `undefined` removes one, and page 1
 * and the default size (the tab's) are left out so every view has one canonical URL.
 * @example withQuery('/coin/bitcoin/market', new URLSearchParams('page=3'), { page: 1 }) // '/coin/bitcoin/market'
 */
export function withQuery(
  path: string,
  current: URLSearchParams,
  changes: Record<string, string | number | undefined>,
  defaultSize: number = DEFAULT_PAGE_SIZE,
): string {
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
