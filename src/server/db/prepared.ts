/**
 * Prepared statements for the hottest queries: built by the query builder once per database
 * (and shape), then executed with parameters only. Drizzle rebuilds a query's SQL on every call
 * otherwise, which for a wide statement such as the coin overview costs as much as running it;
 * PostgreSQL also skips parsing a named statement it has seen on that connection.
 */
import type { Db } from './client.ts';

const caches = new WeakMap<Db, Map<string, unknown>>();
let counter = 0;

/**
 * The statement `build(name)` returns, made once per database and key.
 * @example const q = prepared(db, 'coin', (name) => db.select().from(coins).where(eq(coins.id, sql.placeholder('id'))).prepare(name));
 *          await q.execute({ id: 'bitcoin' });
 */
export function prepared<T>(db: Db, key: string, build: (name: string) => T): T {
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  let statement = cache.get(key) as T | undefined;
  if (statement === undefined) {
    statement = build(`coinlens_${++counter}`);
    cache.set(key, statement);
  }
  return statement;
}
