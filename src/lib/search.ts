/** Quick-search items (SPEC §3 client state) and the fuzzy-search options of SPEC §9. */
export interface QuickSearchItem {
  symbol: string;
  id: string;
  name: string;
  keys: string[];
  /** Coins: the name in each language that has one of its own (zh 比特币, ko 비트코인). */
  names?: Record<string, string>;
}

/** Fuse.js options: case-insensitive, threshold 0.05, distance 10, min match 1, weighted keys. */
export const FUZZY_OPTIONS = {
  isCaseSensitive: false,
  threshold: 0.05,
  distance: 10,
  minMatchCharLength: 1,
  keys: [
    { name: 'symbol', weight: 0.4 },
    { name: 'id', weight: 0.3 },
    { name: 'name', weight: 0.2 },
    { name: 'keys', weight: 0.1 },
  ],
} as const;

/** How long the browser keeps the quick-search lists. */
export const QUICK_SEARCH_CACHE_MS = 5 * 60 * 1000;
