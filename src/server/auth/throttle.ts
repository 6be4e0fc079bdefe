/**
 * Rate limits kept in the database (table auth_events), so they hold across restarts and
 * across instances sharing one PostgreSQL. A key names what is limited: `sms:+8613…`,
 * `mail:a@b.c`, `ip:attempts:1.2.3.4`, `login:user:42`. Checking and recording happen under a
 * transaction advisory lock on the key, so two requests at once cannot both slip under a limit.
 */
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { authEvents } from '../db/schema/index.ts';

export interface Limit {
  windowMs: number;
  /** Events allowed in the window. */
  max: number;
}

type Verdict = { ok: true } | { ok: false; retryAfter: number };

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
    const { counts, oldest } = await countsFor(
      tx,
      key,
      limits.map((l) => l.windowMs),
    );
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

/** The back-off after repeated failures of one kind, for one key (see {@link attempt}). */
export interface Backoff {
  windowMs: number;
  /** Failures within the window that cost nothing. */
  free: number;
  capSeconds: number;
}

/** An attempt let through: the events recorded for it, to be forgiven if it succeeds. */
type Attempt = { ok: true; events: number[] } | { ok: false; retryAfter: number };

/**
 * One attempt at something a guesser would repeat (a password): checks the back-off of every
 * key and, when all allow it, records one event per key at once, as if it had failed; the caller
 * forgives the attempt ({@link forgive}) when it succeeds. Check and record happen under the
 * keys' advisory locks, so a burst of parallel attempts is counted one by one: the sixth of 60
 * simultaneous wrong passwords already sees five failures.
 *
 * Per key: after `free` failures within `windowMs`, the next attempt waits 2^(n − free) seconds
 * (at most `capSeconds`) after the last one. Never a lockout: the wait ends by itself.
 */
export async function attempt(db: Db, checks: { key: string; backoff: Backoff }[]): Promise<Attempt> {
  return db.transaction(async (tx) => {
    // Locks in one order, so two attempts on overlapping keys cannot wait for each other.
    for (const key of checks.map((c) => c.key).sort())
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`throttle:${key}`}))`);
    let retryAfter = 0;
    for (const { key, backoff } of checks) {
      const [row] = await tx
        .select({ n: sql<number>`count(*)`.mapWith(Number), last: sql<string | null>`max(${authEvents.at})` })
        .from(authEvents)
        .where(and(eq(authEvents.key, key), sql`${authEvents.at} > ${since(backoff.windowMs)}`));
      const n = Number(row?.n ?? 0);
      if (n < backoff.free || !row?.last) continue;
      const wait = Math.min(backoff.capSeconds, 2 ** (n - backoff.free));
      retryAfter = Math.max(retryAfter, Math.ceil((new Date(row.last).getTime() + wait * 1000 - Date.now()) / 1000));
    }
    if (retryAfter > 0) return { ok: false, retryAfter };
    if (!checks.length) return { ok: true, events: [] };
    const rows = await tx
      .insert(authEvents)
      .values(checks.map(({ key }) => ({ key })))
      .returning({ id: authEvents.id });
    return { ok: true, events: rows.map((r) => r.id) };
  });
}

/** An attempt that succeeded was no failure: its events go. */
export async function forgive(db: Db, events: number[]): Promise<void> {
  if (events.length) await db.delete(authEvents).where(inArray(authEvents.id, events));
}

/** Removes events older than a day (the longest window); run now and then. */
async function pruneEvents(db: Db): Promise<void> {
  await db.delete(authEvents).where(sql`${authEvents.at} < now() - interval '1 day'`);
}
