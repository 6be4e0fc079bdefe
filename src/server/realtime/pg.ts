/**
 * Cross-process fan-out over PostgreSQL: published batches go out with NOTIFY (chunked under
 * the 8000-byte payload limit) and every process LISTENs on a dedicated connection. The same
 * connection holds the session advisory lock that elects the one process running the
 * simulated market; when the connection drops, the lock is gone and leadership is re-tried.
 */
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import type { Db } from '../db/index.ts';
import type { Transport } from './bus.ts';
import type { PriceTick } from './types.ts';

const CHANNEL = 'coinlens_prices';
/** Committed market writes, no payload (MARKET_WRITE_LOCK in persist.ts sends them). */
export const MARKET_CHANNEL = 'coinlens_market';
/** "coinlens" + 1: the advisory lock of the live-price source. */
const LEADER_LOCK = 0x636f696e_01;
/** NOTIFY payloads must stay below 8000 bytes. */
export const MAX_PAYLOAD = 7500;

/** Compact wire form: [coinId, price, change24h, at, seq]. */
type Wire = [string, number, number | null, number, number];

/**
 * Splits ticks into JSON payloads of at most `max` bytes each.
 * @example chunkPayloads(ticks).map((p) => Buffer.byteLength(p) <= MAX_PAYLOAD) // all true
 */
export function chunkPayloads(ticks: PriceTick[], max = MAX_PAYLOAD): string[] {
  const out: string[] = [];
  let parts: string[] = [];
  let size = 2;
  for (const t of ticks) {
    const part = JSON.stringify([t.coinId, t.price, t.change24h, t.at, t.seq] satisfies Wire);
    const bytes = Buffer.byteLength(part) + 1;
    if (bytes + 2 > max) continue; // a single absurd tick (a megabyte of coin id) is dropped
    if (size + bytes > max && parts.length) {
      out.push(`[${parts.join(',')}]`);
      parts = [];
      size = 2;
    }
    parts.push(part);
    size += bytes;
  }
  if (parts.length) out.push(`[${parts.join(',')}]`);
  return out;
}

export function parsePayload(payload: string): PriceTick[] {
  const rows = JSON.parse(payload) as Wire[];
  if (!Array.isArray(rows)) return [];
  return rows
    .filter((r) => Array.isArray(r) && typeof r[0] === 'string' && typeof r[1] === 'number' && typeof r[4] === 'number')
    .map(([coinId, price, change24h, at, seq]) => ({ coinId, price, change24h: change24h ?? null, at, seq }));
}

interface PgLinkOptions {
  /** node-postgres settings of the database (the LISTEN connection is opened with them). */
  connection: pg.ClientConfig;
  db: Db;
  /** Called when the dedicated connection is lost (the advisory lock with it). */
  onLost?: () => void;
  /** Called when listening again after a loss: notifications in between were missed. */
  onReconnected?: () => void;
  /** Called when a market write commits in any process, and after a loss (one may have been missed). */
  onMarketChanged?: () => void;
  log?: (msg: string) => void;
}

/** The dedicated LISTEN connection, reconnecting with backoff, and the NOTIFY transport. */
export class PgLink implements Transport {
  private client: pg.Client | undefined;
  private deliver: ((ticks: PriceTick[]) => void) | undefined;
  private stopped = false;
  private retry: ReturnType<typeof setTimeout> | undefined;
  private backoff = 500;
  private lostOnce = false;

  constructor(private readonly options: PgLinkOptions) {}

  async start(deliver: (ticks: PriceTick[]) => void): Promise<void> {
    this.deliver = deliver;
    this.stopped = false;
    await this.connect();
  }

  private async connect(): Promise<void> {
    const { default: pgLib } = await import('pg');
    const client = new pgLib.Client({ ...this.options.connection, application_name: 'coinlens live prices' });
    client.on('notification', (msg) => {
      if (msg.channel === MARKET_CHANNEL) return this.options.onMarketChanged?.();
      if (msg.channel !== CHANNEL || !msg.payload) return;
      try {
        this.deliver?.(parsePayload(msg.payload));
      } catch (e) {
        console.error('[realtime] bad notification', e);
      }
    });
    const lost = () => {
      if (this.client !== client) return;
      this.client = undefined;
      this.lostOnce = true;
      this.options.onLost?.();
      if (!this.stopped) this.scheduleReconnect();
    };
    client.on('error', (e) => {
      this.options.log?.(`[realtime] listen connection error: ${e.message}`);
      lost();
    });
    client.on('end', lost);
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}; LISTEN ${MARKET_CHANNEL}`);
    } catch (e) {
      client.removeAllListeners('end');
      await client.end().catch(() => {});
      if (this.stopped) return;
      this.options.log?.(`[realtime] cannot listen: ${(e as Error).message}`);
      this.scheduleReconnect();
      return;
    }
    if (this.stopped) {
      await client.end().catch(() => {});
      return;
    }
    this.client = client;
    this.backoff = 500;
    if (this.lostOnce) {
      this.options.onReconnected?.();
      this.options.onMarketChanged?.();
    }
  }

  private scheduleReconnect(): void {
    if (this.retry) return;
    const wait = this.backoff;
    this.backoff = Math.min(this.backoff * 2, 10_000);
    this.retry = setTimeout(() => {
      this.retry = undefined;
      void this.connect();
    }, wait);
    this.retry.unref?.();
  }

  get connected(): boolean {
    return !!this.client;
  }

  /** Tries to become the one process that runs the sources; false when another holds it. */
  async tryLead(): Promise<boolean> {
    if (!this.client) return false;
    const res = await this.client.query<{ ok: boolean }>('select pg_try_advisory_lock($1::bigint) as ok', [
      LEADER_LOCK,
    ]);
    return res.rows[0]?.ok === true;
  }

  async send(ticks: PriceTick[]): Promise<void> {
    const payloads = chunkPayloads(ticks);
    if (!payloads.length) return;
    // One statement for the whole round; notifications keep the array's order.
    await this.options.db.execute(
      sql`select pg_notify(${CHANNEL}, p) from unnest(${sql.param(payloads)}::text[]) with ordinality as u(p, i) order by i`,
    );
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.retry) clearTimeout(this.retry);
    this.retry = undefined;
    const client = this.client;
    this.client = undefined;
    if (client) {
      client.removeAllListeners('end');
      await client.end().catch(() => {});
    }
  }
}
