/** Quick-search items (SPEC §3 client state), the fuzzy-search options and the ranking of hits. */
import Fuse from 'fuse.js';

export interface QuickSearchItem {
  symbol: string;
  id: string;
  name: string;
  keys: string[];
  /** Coins: the name in each language that has one of its own (zh 比特币, ko 비트코인). */
  names?: Record<string, string>;
}

/**
 * Fuse.js options: SPEC §9's case-insensitive, weighted keys, but a threshold that forgives a
 * typo or two ("etherum", "bitcon"): SPEC's 0.05 found nothing for either (issue 22). Exact and
 * prefix matches are ranked before Fuse's answers by {@link searchItems}, so the tolerance only
 * adds hits after them. Matches may start anywhere within 30 characters (a name's second word).
 */
const FUZZY_OPTIONS = {
  isCaseSensitive: false,
  threshold: 0.34,
  distance: 30,
  minMatchCharLength: 1,
  keys: [
    { name: 'symbol', weight: 0.4 },
    { name: 'id', weight: 0.3 },
    { name: 'name', weight: 0.2 },
    { name: 'keys', weight: 0.1 },
  ],
} as const;

/** Shorter queries get exact and prefix matches only: one typo in three letters is another symbol. */
const FUZZY_FROM = 4;

/** How long the browser keeps the quick-search lists. */
export const QUICK_SEARCH_CACHE_MS = 5 * 60 * 1000;

/**
 * The most coins and exchanges the quick-search lists carry: the top ones by rank (and only as
 * many as fit 50 KB of JSON together, search.server.ts). The box finds the others on the server
 * as the reader types (GET /api/v1/quick_search/find).
 */
export const QUICK_SEARCH_COINS = 500;
export const QUICK_SEARCH_EXCHANGES = 100;

/** How many coins and exchanges the box shows for a query, and asks the server for. */
export const QUICK_SEARCH_HITS = { coin: 8, exchange: 5 } as const;

/** A search over one list (coins or exchanges), built once per list. */
interface ItemSearch<T extends QuickSearchItem> {
  items: readonly T[];
  fuse: Fuse<T>;
  /** Each item's searchable words, lower-cased: symbol, id, name, keys and local names. */
  words: readonly string[][];
}

/** An item's searchable words, lower-cased: symbol, id, name, keys and local names. */
const itemWords = (i: QuickSearchItem) =>
  [i.symbol, i.id, i.name, ...i.keys, ...Object.values(i.names ?? {})].map((w) => w.toLowerCase());

/** 0 a word is the query, 1 starts with it, 2 has a word starting with it, 3 contains it, 4 none. */
function wordsTier(words: readonly string[], q: string): 0 | 1 | 2 | 3 | 4 {
  if (words.includes(q)) return 0;
  if (words.some((w) => w.startsWith(q))) return 1;
  if (words.some((w) => w.includes(` ${q}`) || w.includes(`-${q}`))) return 2;
  return words.some((w) => w.includes(q)) ? 3 : 4;
}

/**
 * How well an item matches a (lower-cased, trimmed) query, by the rule {@link searchItems}
 * ranks with: 0 exact, 1 prefix, 2 a word's prefix, 3 a substring (the server finds those), 4
 * neither (a near match).
 * @example itemTier({ id: 'bitcoin-cash', symbol: 'BCH', name: 'Bitcoin Cash', keys: [] }, 'cash') // 2
 */
export function itemTier(item: QuickSearchItem, q: string): 0 | 1 | 2 | 3 | 4 {
  return wordsTier(itemWords(item), q);
}

export function itemSearch<T extends QuickSearchItem>(items: readonly T[]): ItemSearch<T> {
  return {
    items,
    fuse: new Fuse(items, { ...FUZZY_OPTIONS, keys: [...FUZZY_OPTIONS.keys] }),
    words: items.map(itemWords),
  };
}

/**
 * The items a query finds, best first: exact matches (of symbol, id, name or any other name),
 * then those starting with the query, then those starting a word with it ("cash": Bitcoin
 * Cash), each in the list's own order (market-cap rank); then Fuse's near matches ("etherum"),
 * closest first, for queries of four characters or more.
 * @example searchItems(itemSearch(coins), 'etherum', 8)[0].id // 'ethereum'
 */
export function searchItems<T extends QuickSearchItem>(search: ItemSearch<T>, query: string, limit: number): T[] {
  const q = query.trim().toLowerCase();
  if (!q || limit <= 0) return [];
  const tiers: T[][] = [[], [], []];
  search.words.forEach((words, i) => {
    const tier = wordsTier(words, q);
    if (tier <= 2) tiers[tier]!.push(search.items[i]!);
  });
  const found = tiers.flat().slice(0, limit);
  if (found.length < limit && q.length >= FUZZY_FROM) {
    const seen = new Set(found);
    for (const { item } of search.fuse.search(q, { limit: limit + found.length })) {
      if (found.length >= limit) break;
      if (!seen.has(item)) found.push(item);
    }
  }
  return found;
}
