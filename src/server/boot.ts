/**
 * Start-up order in one place: the database server (the embedded one unless DATABASE_URL is
 * set), the connection pool, migrations and the first-run seed (under an advisory lock, since
 * several processes may start at once on one database), then live prices. `shutdown` undoes it
 * in reverse. The db layer only opens connections; nothing starts as a side effect of an import.
 * The server also runs the Web Push notifier of new announcements (notify/push.ts), after live
 * prices.
 */
import { config } from './config.ts';
import { migrate, openDatabase, urlConnection, type DbHandle } from './db/client.ts';
import { startEmbeddedPostgres, type EmbeddedPostgres } from './db/embedded.ts';
import { releaseDatabase, useDatabase } from './db/index.ts';
import { clearIconFiles } from '../features/market/coins/index.ts';
import { backfillSparklines } from '../features/market/coins/index.ts';

/** "coin" + 2: held while one process migrates and seeds. */
const BOOT_LOCK = 0x636f696e_02;

interface BootOptions {
  /** `server` (one per data directory, runs live prices) or `tool` (a command-line run beside it). */
  role: 'server' | 'tool';
  /** Seed the demo data into an empty database; default SEED=auto. */
  seed?: boolean;
  /** Start live prices; default: the server role. */
  live?: boolean;
  /** Push new announcements to subscribers' browsers (every NOTIFY_INTERVAL_MS, 30 s); default: the server role. */
  push?: boolean;
  /** Serve this database through getDb() (default true). */
  global?: boolean;
  log?: (line: string) => void;
}

export interface Booted {
  handle: DbHandle;
  embedded: EmbeddedPostgres | undefined;
  /** Whether this start filled an empty database with the demo data. */
  seeded: boolean;
  shutdown(): Promise<void>;
}

const infoLog = (line: string) => {
  if (config().LOG_LEVEL === 'info') console.log(line);
};

/** Brings the database up and (for the server) live prices. */
export async function boot(options: BootOptions): Promise<Booted> {
  const c = config();
  const log = options.log ?? infoLog;
  const embedded = c.DATABASE_URL
    ? undefined
    : await startEmbeddedPostgres({ dataDir: c.dataDir, role: options.role, log });
  const handle = openDatabase(embedded ? embedded.connection : urlConnection(c.DATABASE_URL!), {
    applicationName: `coinlens ${options.role}`,
  });
  let seeded = false;
  let stopRealtime: (() => Promise<void>) | undefined;
  let stopPush: (() => Promise<void>) | undefined;
  let stopRates: (() => Promise<void>) | undefined;
  const shutdown = async () => {
    await stopRates?.();
    await stopPush?.();
    await stopRealtime?.();
    if (options.global !== false) releaseDatabase();
    await handle.close().catch(() => {});
    await embedded?.stop();
  };
  try {
    seeded = await prepare(handle, options.seed ?? c.SEED === 'auto');
    if (seeded) await clearIconFiles(c.dataDir);
    // biome-ignore lint/correctness/useHookAtTopLevel: not a React hook; it makes the handle the process's database
    if (options.global !== false) useDatabase(handle);
    if (options.live ?? options.role === 'server') {
      const realtime = await import('./realtime/index.ts');
      const hub = await realtime.startRealtime({ handle });
      stopRealtime = realtime.stopRealtime;
      // Price alerts follow the live sources' rounds, where those run (never the simulated market's).
      const { evaluateAlerts } = await import('../features/reader/alerts/index.ts');
      hub.onLiveRound(async (ticks) => {
        await evaluateAlerts(handle.db, ticks);
      });
      if (c.LIVE === 'auto' || c.LIVE === 'sources') {
        // In the background: LIVE=auto waits a few seconds for the sources, and pages need not.
        // Except while the first run's demo market is there: the sources' first round replaces
        // it before anyone can see it, or sign up and refer to its rows.
        const { demoMarketPending, startMarket } = await import('./ingest/index.ts');
        const market = startMarket({ hub, db: handle.db, config: c, log }).catch((e) =>
          console.error('[ingest] could not start:', (e as Error).message),
        );
        if (await demoMarketPending(handle.db)) await market;
      }
      if (c.LIVE !== 'off') {
        const { startSnapshots } = await import('./ingest/index.ts');
        await startSnapshots({ hub, db: handle.db, config: c, log }).catch((e) =>
          console.error('[market-snapshots] could not start:', (e as Error).message),
        );
      }
      if (c.LIVE !== 'off' && c.CONTENT !== 'off') {
        const { startContent } = await import('./ingest/index.ts');
        await startContent({ hub, db: handle.db, config: c, log }).catch((e) =>
          console.error('[content] could not start:', (e as Error).message),
        );
      }
      // Fiat rates past a day are fetched again where live sources run (SPEC §9).
      if (c.LIVE !== 'off' && c.FIAT_RATES_URL) {
        const { startFiatRates } = await import('./rates/fiat.ts');
        stopRates = startFiatRates(handle.db, { url: c.FIAT_RATES_URL, timeoutMs: c.FIAT_RATES_TIMEOUT_MS, log });
      } else {
        log(
          `[rates] fiat rates are not refreshed (${c.LIVE === 'off' ? 'LIVE=off' : 'FIAT_RATES_URL is empty'}): the stored ones stay`,
        );
      }
    }
    if (options.push ?? options.role === 'server') {
      const { startPushNotifier } = await import('./notify/push.ts');
      stopPush = startPushNotifier(handle.db);
    }
  } catch (e) {
    await shutdown();
    throw e;
  }
  return { handle, embedded, seeded, shutdown };
}

/**
 * Migrates and, when asked and the database has no coins, seeds: one process at a time (the
 * others wait on the lock, then find the work done).
 */
async function prepare(handle: DbHandle, seed: boolean): Promise<boolean> {
  const lock = await handle.pool.connect();
  try {
    await lock.query('select pg_advisory_lock($1::bigint)', [BOOT_LOCK]);
    await migrate(handle);
    const { seedIfEmpty } = await import('./seed/index.ts');
    const seeded = seed ? await seedIfEmpty(handle.db) : false;
    // Derived columns a migration added but could not compute in SQL.
    await backfillSparklines(handle.db);
    return seeded;
  } finally {
    await lock.query('select pg_advisory_unlock($1::bigint)', [BOOT_LOCK]).catch(() => {});
    lock.release();
  }
}

const KEY = Symbol.for('coinlens.boot');
type Slot = {
  ready?: Promise<Booted>;
  /** The shutdown under way or done: a second caller waits for the same one. */
  stopping?: Promise<void>;
  /** Set by a final shutdown: the process is exiting, and no request may start the app again. */
  closed?: boolean;
  shutdown: (options?: { final?: boolean }) => Promise<void>;
};
// On globalThis: src/server/http/node/server.mjs, outside the bundle, shuts the server down through it, and a
// dev-server reload keeps the running database.
const slot: Slot = ((globalThis as Record<symbol, unknown>)[KEY] as Slot | undefined) ?? { shutdown: async () => {} };
(globalThis as Record<symbol, unknown>)[KEY] = slot;
/**
 * Final unless told otherwise (the dev server's restart after a configuration change, where the
 * next request starts the app again). A request that arrived while a final shutdown ran used to
 * boot the app anew, and the process then exited with that new PostgreSQL server still starting,
 * orphaned.
 */
slot.shutdown = ({ final = true } = {}) => {
  if (final) slot.closed = true;
  const ready = slot.ready;
  slot.ready = undefined;
  if (ready)
    slot.stopping = ready.then(
      (booted) => booted.shutdown(),
      () => undefined,
    );
  return slot.stopping ?? Promise.resolve();
};

export class ShuttingDownError extends Error {
  constructor() {
    super('Coinlens is shutting down.');
    this.name = 'ShuttingDownError';
  }
}

/**
 * The server's boot, once per process (the middleware awaits it before every request). A failed
 * boot is forgotten so the next request tries again; after a final shutdown every request is
 * refused.
 */
export function serverReady(): Promise<Booted> {
  if (slot.closed) return Promise.reject(new ShuttingDownError());
  if (!slot.ready) {
    const ready = boot({ role: 'server' });
    slot.ready = ready;
    ready.catch(() => {
      if (slot.ready === ready) slot.ready = undefined;
    });
  }
  return slot.ready;
}
