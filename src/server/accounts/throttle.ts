/**
 * Rate limits kept in the database (table auth_events), so they hold across restarts and
 * across instances sharing one PostgreSQL. A key names what is limited: `sms:+8613…`,
 * `mail:a@b.c`, `ip:1.2.3.4`, `login:42`. Checking and recording happen under a transaction
 * advisory lock on the key, so two requests at once cannot both slip under a limit.
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { authEvents } from '../db/schema/index.ts';

export interface Limit {
  windowMs: number;
  /** Events allowed in the window. */
  max: number;
}

export type Verdict = { ok: true } | { ok: false; retryAfter: number };

interface Counts {
  counts: number[];
  oldest: (Date | null)[];
}

const since = (ms: number) => sql`now() - ${`${ms} milliseconds`}::interval`;

async function countsFor(tx: Pick<Db, 'select'>, key: string, windows: number[]): Promise<Counts> {
  const cols: Record<string, SQL.Aliased<unknown>> = {};
  windows.forEach((w, i) => {
    cols[`n${i}`] = sql<number>`count(*) filter (where ${authEvents.at} > ${since(w)})`.mapWith(Number).as(`n${i}`);
    cols[`o${i}`] = sql<Date | null>`min(${authEvents.at}) filter (where ${authEvents.at} > ${since(w)})`.as(`o${i}`);
  });
  const [row] = (await tx.select(cols).from(authEvents).where(eq(authEvents.key, key))) as Record<string, unknown>[];
  return {
    counts: windows.map((_, i) => Number(row?.[`n${i}`] ?? 0)),
    oldest: windows.map((_, i) => (row?.[`o${i}`] ? new Date(row[`o${i}`] as string) : null)),
  };
}

/**
 * Records one event for `key` when every limit still allows it; otherwise records nothing and
 * says how many seconds until the tightest limit frees a slot.
 */
export async function consume(db: Db, key: string, limits: Limit[]): Promise<Verdict> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`throttle:${key}`}))`);
    const { counts, oldest } = await countsFor(tx, key, limits.map((l) => l.windowMs));
    let retryAfter = 0;
    limits.forEach((limit, i) => {
      if (counts[i]! >= limit.max) {
        const frees = (oldest[i]?.getTime() ?? Date.now()) + limit.windowMs;
        retryAfter = Math.max(retryAfter, Math.ceil((frees - Date.now()) / 1000));
      }
    });
    if (retryAfter > 0) return { ok: false, retryAfter };
    await tx.insert(authEvents).values({ key });
    // Old events are pruned now and then by whoever happens to pass (no timer to manage).
    if (Math.random() < 0.002) void pruneEvents(db).catch(() => {});
    return { ok: true };
  });
}

/** Records an event without checking (a failed login). */
export async function record(db: Db, key: string): Promise<void> {
  await db.insert(authEvents).values({ key });
}

/**
 * Exponential back-off after repeated failures: after `free` failures within `windowMs`, the
 * next attempt must wait 2^(n − free) seconds (at most `capSeconds`) after the last failure.
 * Never a lockout: the wait is short and ends by itself.
 */
export async function backoff(db: Db, key: string, opts: { windowMs: number; free: number; capSeconds: number }): Promise<Verdict> {
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number), last: sql<string | null>`max(${authEvents.at})` })
    .from(authEvents)
    .where(and(eq(authEvents.key, key), sql`${authEvents.at} > ${since(opts.windowMs)}`));
  const n = Number(row?.n ?? 0);
  if (n < opts.free || !row?.last) return { ok: true };
  const wait = Math.min(opts.capSeconds, 2 ** (n - opts.free));
  const until = new Date(row.last).getTime() + wait * 1000;
  const left = Math.ceil((until - Date.now()) / 1000);
  return left > 0 ? { ok: false, retryAfter: left } : { ok: true };
}

/** Removes events older than a day (the longest window); run now and then. */
export async function pruneEvents(db: Db): Promise<void> {
  await db.delete(authEvents).where(sql`${authEvents.at} < now() - interval '1 day'`);
}
