/**
 * A tiny time-based memo for whole-site figures many pages show (totals, rates): one query
 * per TTL instead of one per request. Keyed by database and name (tests open many databases in
 * one process); values are per process.
 */
const stores = new WeakMap<object, Map<string, { at: number; value: Promise<unknown> }>>();

export function memo<T>(db: object, key: string, ttlMs: number, load: () => Promise<T>): Promise<T> {
  let store = stores.get(db);
  if (!store) {
    store = new Map();
    stores.set(db, store);
  }
  const hit = store.get(key);
  if (hit && Date.now() - hit.at < ttlMs) return hit.value as Promise<T>;
  const value = load();
  store.set(key, { at: Date.now(), value });
  value.catch(() => store.delete(key));
  return value;
}
