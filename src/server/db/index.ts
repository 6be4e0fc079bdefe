import { config } from '../config.ts';
import { openDatabase, type Db, type DbHandle, type DbOptions } from './client.ts';

export type { Db, DbHandle } from './client.ts';
export * as t from './schema/index.ts';

const KEY = Symbol.for('coinlens.db');
type Slot = { handle?: Promise<DbHandle> };
// On globalThis so a dev-server reload or a second bundle chunk reuses the one open database.
const slot: Slot = ((globalThis as Record<symbol, unknown>)[KEY] as Slot | undefined) ?? {};
(globalThis as Record<symbol, unknown>)[KEY] = slot;

/** Where the configured database lives. */
export function configuredDatabase(): DbOptions {
  const c = config();
  return c.DATABASE_URL ? { kind: 'postgres', url: c.DATABASE_URL } : { kind: 'pglite', dataDir: c.dataDir };
}

/**
 * The process-wide database, opened, migrated and (on first run, unless SEED=off) seeded
 * with demo data on first use.
 */
export function getHandle(): Promise<DbHandle> {
  slot.handle ??= (async () => {
    const handle = await openDatabase(configuredDatabase());
    if (config().SEED === 'auto') {
      const { seedIfEmpty } = await import('../seed/index.ts');
      await seedIfEmpty(handle.db);
    }
    // Live prices start with the database in the server process; tests start them explicitly.
    if (!process.env.VITEST) {
      try {
        const { startRealtime } = await import('../realtime/index.ts');
        await startRealtime({ handle });
      } catch (e) {
        console.error('[realtime] live prices could not start:', e);
      }
    }
    return handle;
  })();
  slot.handle.catch(() => {
    slot.handle = undefined;
  });
  return slot.handle;
}

export async function getDb(): Promise<Db> {
  return (await getHandle()).db;
}

/** Tests: serve this handle instead of the configured database. */
export function useDatabase(handle: DbHandle): void {
  slot.handle = Promise.resolve(handle);
}

export async function closeDatabase(): Promise<void> {
  const { stopRealtime } = await import('../realtime/index.ts');
  await stopRealtime();
  const pending = slot.handle;
  slot.handle = undefined;
  if (pending) await (await pending).close();
}
