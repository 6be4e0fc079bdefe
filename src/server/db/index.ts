/**
 * The process's database: opened by the boot module (src/server/boot.ts), used by everything
 * else. This module only hands out connections; it starts, migrates and seeds nothing.
 */
import type { Db, DbHandle } from './client.ts';

export type { Db, DbHandle } from './client.ts';
export * as t from './schema/index.ts';

const KEY = Symbol.for('coinlens.db');
type Slot = { handle?: Promise<DbHandle> };
// On globalThis so a dev-server reload or a second bundle chunk reuses the one open database.
const slot: Slot = ((globalThis as Record<symbol, unknown>)[KEY] as Slot | undefined) ?? {};
(globalThis as Record<symbol, unknown>)[KEY] = slot;

class DatabaseNotReadyError extends Error {
  override name = 'DatabaseNotReadyError';
}

/** The open database; waits while the boot module is still opening it. */
function getHandle(): Promise<DbHandle> {
  return slot.handle ?? Promise.reject(new DatabaseNotReadyError('The database is not open (boot() has not run).'));
}

export async function getDb(): Promise<Db> {
  return (await getHandle()).db;
}

/** Serves this database (or the one being opened) to every caller of getDb(). */
export function useDatabase(handle: DbHandle | Promise<DbHandle>): void {
  const pending = Promise.resolve(handle);
  slot.handle = pending;
  pending.catch(() => {
    if (slot.handle === pending) slot.handle = undefined;
  });
}

/** Forgets the database without closing it (its owner closes it). */
export function releaseDatabase(): void {
  slot.handle = undefined;
}

/** Closes the database served by getDb() (tests; the server closes through boot's shutdown). */
export async function closeDatabase(): Promise<void> {
  const pending = slot.handle;
  slot.handle = undefined;
  if (pending) await (await pending).close();
}
