import { atom } from 'nanostores';
import type { ExplorerCatalog } from '../../../lib/explorers.ts';
import { itemTier, QUICK_SEARCH_CACHE_MS, type QuickSearchItem } from '../../../lib/search.ts';
import { apiGet } from '../../../stores/api.ts';

interface QuickSearchLists {
  coins: QuickSearchItem[];
  exchanges: QuickSearchItem[];
}

export const $quickSearch = atom<{ status: 'idle' | 'loading' | 'ready' | 'failed'; lists: QuickSearchLists }>({
  status: 'idle',
  lists: { coins: [], exchanges: [] },
});

// v3: the lists carry the top coins and exchanges only (v2 held every one: up to megabytes).
const STORAGE_KEY = 'coinlens.quickSearch.v3';
const OLD_STORAGE_KEYS = ['coinlens.quickSearch.v2'];

function readCache(): { at: number; lists: QuickSearchLists } | null {
  try {
    const raw = localStorage.getItem(STORAGE_KEY);
    return raw ? (JSON.parse(raw) as { at: number; lists: QuickSearchLists }) : null;
  } catch {
    return null;
  }
}

let inFlight: Promise<void> | null = null;

/**
 * Loads the lists of the top coins and exchanges once per five minutes (SPEC §9). On failure it keeps the
 * cached lists, however old, or empty ones (SPEC §8), and logs only.
 */
export function loadQuickSearch(): Promise<void> {
  const cached = readCache();
  if (cached && Date.now() - cached.at < QUICK_SEARCH_CACHE_MS) {
    $quickSearch.set({ status: 'ready', lists: cached.lists });
    return Promise.resolve();
  }
  inFlight ??= (async () => {
    $quickSearch.set({ status: 'loading', lists: cached?.lists ?? { coins: [], exchanges: [] } });
    try {
      const [coins, exchanges] = await Promise.all([
        apiGet<QuickSearchItem[]>('/v1/quick_search/coin'),
        apiGet<QuickSearchItem[]>('/v1/quick_search/exchange'),
      ]);
      const lists = { coins, exchanges };
      $quickSearch.set({ status: 'ready', lists });
      try {
        for (const key of OLD_STORAGE_KEYS) localStorage.removeItem(key);
        localStorage.setItem(STORAGE_KEY, JSON.stringify({ at: Date.now(), lists }));
      } catch {
        /* storage full or disabled: the in-memory list still works */
      }
    } catch (e) {
      console.error('[quick search]', e);
      $quickSearch.set({ status: cached ? 'ready' : 'failed', lists: cached?.lists ?? { coins: [], exchanges: [] } });
    } finally {
      inFlight = null;
    }
  })();
  return inFlight;
}

/**
 * The block explorers the coins link to, loaded the first time the visitor types an address or
 * a transaction hash (most never do, so it is not part of the lists above).
 */
export const $explorers = atom<{ status: 'idle' | 'loading' | 'ready' | 'failed'; catalog: ExplorerCatalog }>({
  status: 'idle',
  catalog: [],
});

let explorersInFlight: Promise<void> | null = null;

export function loadExplorers(): Promise<void> {
  const { status } = $explorers.get();
  if (status === 'ready') return Promise.resolve();
  explorersInFlight ??= (async () => {
    $explorers.set({ status: 'loading', catalog: [] });
    try {
      $explorers.set({ status: 'ready', catalog: await apiGet<ExplorerCatalog>('/v1/quick_search/explorer') });
    } catch (e) {
      console.error('[quick search explorers]', e);
      // 'failed' lets the next recognised query try again.
      $explorers.set({ status: 'failed', catalog: [] });
    } finally {
      explorersInFlight = null;
    }
  })();
  return explorersInFlight;
}

/** What the server found for a query: the coins and exchanges beyond the lists above too. */
interface Found {
  status: 'loading' | 'ready' | 'failed';
  coins: QuickSearchItem[];
  exchanges: QuickSearchItem[];
}

/** Queries shorter than this are answered by the lists alone: the top coins hold their matches. */
export const FIND_FROM = 2;
/** How long typing must pause before the server is asked (SPEC §9's remote select debounce). */
export const FIND_DEBOUNCE_MS = 300;
/** How many queries' answers are kept (in memory: a page's typing, not across pages). */
const FOUND_KEPT = 30;

/** The server's answers by query key (see `findKey`), newest last (a Map: "12" is a key like any other). */
export const $found = atom<ReadonlyMap<string, Found>>(new Map());

/** The key a query's answer is kept under: the server matches case-insensitively. */
export const findKey = (query: string) => query.trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * Asks the server for a query's coins and exchanges (GET /v1/quick_search/find), once per
 * query: an answer kept, or on its way, is not asked for again. A failure is logged and kept as
 * `failed` (the lists' hits still show); the next page tries again.
 */
export async function findOnServer(query: string): Promise<void> {
  const key = findKey(query);
  if (key.length < FIND_FROM || $found.get().has(key)) return;
  const put = (found: Found) => {
    const kept = [...$found.get()].filter(([k]) => k !== key);
    $found.set(new Map([...kept, [key, found] as const].slice(-FOUND_KEPT)));
  };
  put({ status: 'loading', coins: [], exchanges: [] });
  try {
    const found = await apiGet<{ coins: QuickSearchItem[]; exchanges: QuickSearchItem[] }>('/v1/quick_search/find', {
      q: key,
    });
    put({ status: 'ready', ...found });
  } catch (e) {
    console.error('[quick search find]', e);
    put({ status: 'failed', coins: [], exchanges: [] });
  }
}

/**
 * The box's hits for a query: its own (from the cached lists, at once) and the server's (when
 * they arrive), each item once, by how well it matches (exact, prefix, a word's prefix,
 * substring, near match); within a tier the lists' own first, as they are the top by rank and
 * the server's others rank below them; then the server's, in its order.
 * @example mergeHits([bitcoin, bitcoinCash], [bitToken, bitcoin], 'bit', 8) // [bitToken (symbol BIT), bitcoin, bitcoinCash]
 */
export function mergeHits<T extends QuickSearchItem>(
  local: readonly T[],
  remote: readonly T[],
  query: string,
  limit: number,
): T[] {
  const q = findKey(query);
  const seen = new Set<string>();
  const all: { item: T; tier: number; at: number }[] = [];
  for (const item of [...local, ...remote]) {
    if (seen.has(item.id)) continue;
    seen.add(item.id);
    all.push({ item, tier: itemTier(item, q), at: all.length });
  }
  return all
    .sort((a, b) => a.tier - b.tier || a.at - b.at)
    .slice(0, limit)
    .map((h) => h.item);
}
