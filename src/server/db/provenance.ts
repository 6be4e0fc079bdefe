/**
 * Where the market data comes from and how fresh it is: the demo seeder, or the live sources
 * (site_meta `data_source`, written by every ingest round) with each source's state (site_meta
 * `source_states`). Read by /api/health, the header badge and the attribution line.
 */
import { inArray, sql } from 'drizzle-orm';
import { config } from '../config.ts';
import type { Db } from './index.ts';
import { siteMeta } from './schema/index.ts';
import { memoMarket } from './cache.ts';

export interface Provenance {
  /** demo: the seeder's data; live: the market sources; none: an empty database. */
  source: 'demo' | 'live' | 'none';
  /** The sources that answered the last round ("binance", "okx"…). */
  sources: string[];
  /** When the market data last changed (ISO), null when unknown. */
  updatedAt: string | null;
  /** Live data older than STALE_MS: the sources stopped answering; the last good data stays. */
  stale: boolean;
  states: SourceState[];
}

export async function readProvenance(db: Db, now = Date.now()): Promise<Provenance> {
  const rows = await db
    .select({ key: siteMeta.key, value: siteMeta.value })
    .from(siteMeta)
    .where(inArray(siteMeta.key, ['data_source', 'source_states']));
  const meta = new Map(rows.map((r) => [r.key, r.value as Record<string, unknown> | unknown[]]));
  const data = (meta.get('data_source') ?? {}) as {
    source?: unknown;
    sources?: unknown;
    updatedAt?: unknown;
    seededAt?: unknown;
  };
  const source = data.source === 'live' ? 'live' : data.source === 'demo' ? 'demo' : 'none';
  const updatedAt =
    typeof data.updatedAt === 'string' ? data.updatedAt : typeof data.seededAt === 'string' ? data.seededAt : null;
  const states = Array.isArray(meta.get('source_states')) ? (meta.get('source_states') as SourceState[]) : [];
  return {
    source,
    sources: Array.isArray(data.sources) ? data.sources.filter((s): s is string => typeof s === 'string') : [],
    updatedAt,
    stale: dataIsStale(source, updatedAt, now),
    states,
  };
}

/** Whether live data of this age is stale at `now` (older than STALE_MS): the one rule for the badge and /api/health. */
function dataIsStale(source: Provenance['source'], updatedAt: string | null, now = Date.now()): boolean {
  return source === 'live' && (!updatedAt || now - Date.parse(updatedAt) > config().STALE_MS);
}

/**
 * The provenance every page shows: kept until the market changes (every round writes it in a
 * market write, which drops it in every process) and a second at most, with `stale` judged at
 * each call, so the header badge and /api/health agree within one refresh.
 */
export async function currentProvenance(db: Db): Promise<Provenance> {
  const p = await memoMarket(db, 'provenance', 'current', () => readProvenance(db), { ttlMs: 1_000, max: 1 });
  return { ...p, stale: dataIsStale(p.source, p.updatedAt) };
}

/**
 * site_meta key: the demo market seeded on first run is still there, for the sources' first round
 * to replace (src/server/ingest/write.ts).
 */
export const DEMO_MARKET_PENDING = 'demo_market_pending';

/**
 * site_meta key: CoinGecko's market-wide totals (`GlobalFacts` of src/server/ingest/sources/
 * coingecko.ts), written by the facts refresh, read by the whole-market figures (markets.ts).
 */
export const GLOBAL_FACTS = 'global_facts';

/** The demo seeder's accounts (demo_…), as a LIKE pattern: every other account is a person's. */
export const DEMO_USERNAMES = 'demo\\_%';

/**
 * True while the site runs on live sources. A row no source reports (a coin, a pair) is then the
 * demo seeder's, on a page that otherwise shows real data, and says so.
 */
export const siteIsLive = sql<boolean>`exists (select 1 from site_meta where key = 'data_source' and value->>'source' = 'live')`;

/** The health of one source, as /api/health reports it. */
export interface SourceState {
  name: string;
  /** ok: the last request succeeded; failing: it did not; idle: nothing asked yet. */
  status: 'ok' | 'failing' | 'idle';
  lastSuccessAt: number | null;
  lastError: { at: number; message: string } | null;
  /** Weight spent in the current budget window, and the window's limit. */
  budget: { used: number; limit: number; windowMs: number };
  /** Its WebSocket, when one runs: connected, messages and unreadable ones, the latest's time. */
  stream?: { connected: boolean; messages: number; errors: number; lastMessageAt: number | null };
}

/** CoinGecko's market-wide totals, as its adapter reads them and the site_meta row keeps them ({@link GLOBAL_FACTS}). */
export interface GlobalFacts {
  activeCoins: number;
  markets: number;
  marketCapUsd: number | null;
  volumeUsd: number | null;
  /** Percent of the total market cap. */
  btcDominance: number | null;
  ethDominance: number | null;
  marketCapChange24h: number | null;
  updatedAt: number;
}
