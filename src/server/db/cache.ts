/**
 * A tiny time-based memo for whole-site figures many pages show (totals, rates): one query
 * per TTL instead of one per request. Keyed by database and name (tests open many databases in
 * one process); values are per process.
 */
type Entry = { at: number; value: Promise<unknown>; settled?: boolean; refreshing?: boolean };

/**
 * Past its TTL a settled value is still served while one reload runs in the background (so no
 * request waits for a whole-universe count), but never once it is this many TTLs old.
 */
const STALE_TTLS = 4;
const stores = new WeakMap<object, Map<string, Entry>>();

/** Per database, per space: the stores of {@link memoBounded}. */
const spaces = new WeakMap<object, Map<string, Map<string, Entry>>>();

/** The store of one space of one database, created on first use. */
function storeIn<E>(all: WeakMap<object, Map<string, Map<string, E>>>, db: object, space: string): Map<string, E> {
  let byName = all.get(db);
  if (!byName) {
    byName = new Map();
    all.set(db, byName);
  }
  let store = byName.get(space);
  if (!store) {
    store = new Map();
    byName.set(space, store);
  }
  return store;
}

function remember<T>(
  store: Map<string, Entry>,
  key: string,
  ttlMs: number,
  load: () => Promise<T>,
  max?: number,
): Promise<T> {
  const hit = store.get(key);
  const age = hit ? Date.now() - hit.at : Infinity;
  if (hit && (age < ttlMs || (hit.settled && age < ttlMs * STALE_TTLS))) {
    if (max !== undefined) {
      // Most recently used last, so the first key is the one to evict.
      store.delete(key);
      store.set(key, hit);
    }
    if (age >= ttlMs && !hit.refreshing) {
      hit.refreshing = true;
      const next = load();
      next.then(
        () => {
          if (store.get(key) === hit) store.set(key, { at: Date.now(), value: next, settled: true });
        },
        () => {
          hit.refreshing = false;
        },
      );
    }
    return hit.value as Promise<T>;
  }
  const value = load();
  const entry: Entry = { at: Date.now(), value };
  store.delete(key);
  store.set(key, entry);
  if (max !== undefined && store.size > max) store.delete(store.keys().next().value as string);
  value.then(
    () => {
      entry.settled = true;
    },
    // A failed load is forgotten (unless a newer one has replaced it meanwhile).
    () => {
      if (store.get(key) === entry) store.delete(key);
    },
  );
  return value;
}

export function memo<T>(db: object, key: string, ttlMs: number, load: () => Promise<T>): Promise<T> {
  let store = stores.get(db);
  if (!store) {
    store = new Map();
    stores.set(db, store);
  }
  return remember(store, key, ttlMs, load);
}

/**
 * {@link memo} for per-item values (one entry per coin, say): at most `max` entries per space
 * and database, the least recently used dropped first, so visiting every item does not keep
 * every item's value.
 */
export function memoBounded<T>(
  db: object,
  space: string,
  key: string,
  ttlMs: number,
  max: number,
  load: () => Promise<T>,
): Promise<T> {
  return remember(storeIn(spaces, db, space), key, ttlMs, load, max);
}

/** Per database: how many committed market writes this process has heard of. */
const marketGenerations = new WeakMap<object, number>();
type MarketEntry = { generation: number; at: number; value: Promise<unknown> };
/** Per database, per space: the stores of {@link memoMarket}. */
const marketSpaces = new WeakMap<object, Map<string, Map<string, MarketEntry>>>();

/**
 * Records that market rows (coins, tickers, exchanges) changed in this database: every value of
 * {@link memoMarket} is reloaded on its next use. Called when the LISTEN connection hears a
 * market write commit (src/server/realtime/pg.ts), and when it comes back from a loss.
 */
export function marketChanged(db: object): void {
  marketGenerations.set(db, (marketGenerations.get(db) ?? 0) + 1);
}

/**
 * A value computed from market rows, kept until the market changes (see {@link marketChanged}),
 * and at most `ttlMs` in any case, for writes no notification announces. Unlike {@link memo} a
 * changed market is never served stale: the first caller after a change waits for the reload,
 * and callers meanwhile share it. At most `max` keys per space and database, the least recently
 * used dropped first (a crawler walking every coin does not push out the coin lists).
 */
export function memoMarket<T>(
  db: object,
  space: string,
  key: string,
  load: () => Promise<T>,
  { ttlMs = 10_000, max = 256 } = {},
): Promise<T> {
  const store = storeIn(marketSpaces, db, space);
  const generation = marketGenerations.get(db) ?? 0;
  const hit = store.get(key);
  store.delete(key);
  if (hit && hit.generation === generation && Date.now() - hit.at < ttlMs) {
    store.set(key, hit);
    return hit.value as Promise<T>;
  }
  const entry: MarketEntry = { generation, at: Date.now(), value: load() };
  store.set(key, entry);
  if (store.size > max) store.delete(store.keys().next().value as string);
  entry.value.catch(() => {
    if (store.get(key) === entry) store.delete(key);
  });
  return entry.value as Promise<T>;
}
