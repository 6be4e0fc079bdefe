import { atom } from 'nanostores';
import type { ExplorerCatalog } from '../../../lib/explorers.ts';
import { QUICK_SEARCH_CACHE_MS, type QuickSearchItem } from '../../../lib/search.ts';
import { apiGet } from '../../../stores/api.ts';

interface QuickSearchLists {
  coins: QuickSearchItem[];
  exchanges: QuickSearchItem[];
}

export const $quickSearch = atom<{ status: 'idle' | 'loading' | 'ready' | 'failed'; lists: QuickSearchLists }>({
  status: 'idle',
  lists: { coins: [], exchanges: [] },
});

// v2: items carry their local names; lists cached before that would show English names only.
const STORAGE_KEY = 'coinlens.quickSearch.v2';

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
 * Loads the coin and exchange lists once per five minutes (SPEC §9). On failure it keeps the
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
