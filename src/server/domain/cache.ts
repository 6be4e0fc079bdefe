/**
 * A tiny time-based memo for whole-site figures many pages show (totals, rates): one query
 * per TTL instead of one per request. Keyed by name; values are per process.
 */
const store = new Map<string, { at: number; value: Promise<unknown> }>();

export function memo<T>(key: string, ttlMs: number, load: () => Promise<T>): Promise<T> {
  const hit = store.get(key);
  if (hit && Date.now() - hit.at < ttlMs) return hit.value as Promise<T>;
  const value = load();
  store.set(key, { at: Date.now(), value });
  value.catch(() => store.delete(key));
  return value;
}

/** Forget cached values (after a seed or an ingest run). */
export function clearMemo(): void {
  store.clear();
}
