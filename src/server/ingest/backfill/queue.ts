/**
 * The backfill's queue in the database (kline_backfill): one row per coin naming the pair its
 * history comes from and the spans already written, so the work survives a restart. Planned from
 * every live round (`enqueue`), taken by the worker one span at a time (`nextDue`), each span
 * written with its progress in one transaction (`writeSpan`), a failure backing the coin off
 * (`recordFailure`).
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { klineBackfill } from '../../db/schema/index.ts';
import { marketWrite } from '../../realtime/persist.ts';
import { dec } from '../../seed/decimal.ts';
import type { CandleInterval, SourceCandle } from '../sources/types.ts';
import { BACKFILL_SPANS, type BackfillPair, type CoinPlan } from './plan.ts';

/**
 * A finished coin whose newest hourly candle opened longer ago than this when a worker starts
 * has a hole the rounds could not fill (the site was down): it is fetched again, every span.
 */
export const STALE_HISTORY_MS = 2 * 3_600_000;

/** A coin's pair for the worker, with the quote's USD value of the latest round. */
export type Route = BackfillPair;

export interface QueuedCoin {
  coinId: string;
  source: string;
  instrument: string;
  /** Intervals already written. */
  done: string[];
  attempts: number;
}

const p = (values: unknown[]) => sql.param(values);
const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;

/**
 * Queues the planned coins and returns the pair each is read from, in the plan's order. A coin
 * keeps its pair, and what is written of it, while that pair stays usable; a new coin, or one
 * whose pair went (delisted, stale, an outlier), takes its busiest usable pair and starts over.
 * With `renewStale` (a worker's first plan) finished coins whose history stopped are queued again.
 */
export async function enqueue(
  db: Db,
  plans: CoinPlan[],
  o: { now: number; renewStale: boolean },
): Promise<Map<string, Route>> {
  const ids = plans.map((c) => c.coinId);
  const stored = new Map(
    (ids.length
      ? await db
          .select({ coinId: klineBackfill.coinId, source: klineBackfill.source, instrument: klineBackfill.instrument })
          .from(klineBackfill)
          .where(sql`${klineBackfill.coinId} = any(${p(ids)}::text[])`)
      : []
    ).map((r) => [r.coinId, r]),
  );
  const routes = new Map<string, Route>();
  const changed: (Route & { coinId: string })[] = [];
  for (const plan of plans) {
    const own = stored.get(plan.coinId);
    const kept = own && plan.pairs.find((x) => x.source === own.source && x.instrument === own.instrument);
    const route = kept ?? plan.pairs[0];
    if (!route) continue;
    routes.set(plan.coinId, route);
    if (!kept) changed.push({ coinId: plan.coinId, ...route });
  }
  const at = new Date(o.now).toISOString();
  if (changed.length)
    // Joined with coins: a coin gone since the round (the demo market replaced) is no error.
    await db.execute(sql`
      insert into kline_backfill (coin_id, source, instrument, updated_at)
      select v.id, v.source, v.instrument, ${at}::timestamptz
      from unnest(${p(changed.map((c) => c.coinId))}::text[], ${p(changed.map((c) => c.source))}::text[],
                  ${p(changed.map((c) => c.instrument))}::text[]) as v(id, source, instrument)
      join coins c on c.id = v.id
      on conflict (coin_id) do update set source = excluded.source, instrument = excluded.instrument, done = '{}',
        attempts = 0, next_at = null, last_error = null, finished_at = null, updated_at = excluded.updated_at`);
  if (o.renewStale && ids.length)
    await db.execute(sql`
      update kline_backfill b set done = '{}', attempts = 0, next_at = null, last_error = null, finished_at = null,
        updated_at = ${at}::timestamptz
      where b.finished_at is not null and b.coin_id = any(${p(ids)}::text[])
        and not exists (select 1 from klines k where k.coin_id = b.coin_id and k.interval = '1h'
                        and k.open_time >= ${new Date(o.now - STALE_HISTORY_MS).toISOString()}::timestamptz)`);
  return routes;
}

/**
 * The next coin of a source with a span to fetch, now: the first in `order` (the latest round's,
 * largest volume first) that is unfinished, not backing off, and still on the pair routed.
 */
export async function nextDue(
  db: Db,
  source: string,
  order: { coinId: string; instrument: string }[],
  now: number,
): Promise<QueuedCoin | null> {
  if (!order.length) return null;
  const [row] = rowsOf<QueuedCoin>(
    await db.execute(sql`
      select b.coin_id as "coinId", b.source, b.instrument, b.done, b.attempts
      from kline_backfill b
      join unnest(${p(order.map((o) => o.coinId))}::text[], ${p(order.map((o) => o.instrument))}::text[])
        with ordinality as q(id, instrument, n) on q.id = b.coin_id and q.instrument = b.instrument
      where b.source = ${source} and b.finished_at is null
        and not b.done @> ${p(BACKFILL_SPANS.map((s) => s.interval))}::text[]
        and (b.next_at is null or b.next_at <= ${new Date(now).toISOString()}::timestamptz)
      order by q.n
      limit 1`),
  );
  return row ?? null;
}

/**
 * Writes one span of a coin's candles, converted to USD at `quoteUsd`, with its progress, in one
 * transaction: the stored candles of the span the source covers are replaced (the demo seeder's
 * or an earlier run's), older ones stay. False (nothing written) when the row moved on meanwhile
 * (a new pair, another worker).
 */
export async function writeSpan(
  db: Db,
  row: QueuedCoin,
  interval: CandleInterval,
  candles: SourceCandle[],
  quoteUsd: number,
  now: number,
): Promise<boolean> {
  const done = [...row.done, interval];
  const finished = BACKFILL_SPANS.every((s) => done.includes(s.interval));
  const at = new Date(now);
  const k = quoteUsd;
  const rows = candles.filter(
    (c) =>
      [c.open, c.high, c.low, c.close].every((x) => Number.isFinite(x) && x > 0) &&
      Number.isFinite(c.volume) &&
      c.volume >= 0,
  );
  return marketWrite(db, async (tx) => {
    const moved = await tx
      .update(klineBackfill)
      .set({ done, attempts: 0, nextAt: null, lastError: null, finishedAt: finished ? at : null, updatedAt: at })
      .where(
        and(
          eq(klineBackfill.coinId, row.coinId),
          eq(klineBackfill.source, row.source),
          eq(klineBackfill.instrument, row.instrument),
          sql`${klineBackfill.done} = ${p(row.done)}::text[]`,
        ),
      )
      .returning({ coinId: klineBackfill.coinId });
    if (!moved.length || !rows.length) return moved.length > 0;
    const from = new Date(rows[0]!.openTime).toISOString();
    const to = new Date(rows.at(-1)!.openTime).toISOString();
    await tx.execute(
      sql`delete from klines where coin_id = ${row.coinId} and interval = ${interval}::kline_interval and open_time between ${from}::timestamptz and ${to}::timestamptz`,
    );
    await tx.execute(sql`
      insert into klines (coin_id, interval, open_time, open, high, low, close, volume)
      select ${row.coinId}, ${interval}::kline_interval, v.t, v.o, v.h, v.l, v.c, v.vol
      from unnest(${p(rows.map((c) => new Date(c.openTime).toISOString()))}::timestamptz[], ${p(rows.map((c) => dec(c.open * k)))}::numeric[],
                  ${p(rows.map((c) => dec(c.high * k)))}::numeric[], ${p(rows.map((c) => dec(c.low * k)))}::numeric[],
                  ${p(rows.map((c) => dec(c.close * k)))}::numeric[], ${p(rows.map((c) => dec(c.volume * c.close * k)))}::numeric[]) as v(t, o, h, l, c, vol)
      on conflict (coin_id, interval, open_time) do update set open = excluded.open, high = excluded.high, low = excluded.low, close = excluded.close, volume = excluded.volume`);
    return true;
  });
}

/** A failed span: the coin waits until `nextAt`; its stored candles and written spans stay. */
export async function recordFailure(
  db: Db,
  row: QueuedCoin,
  message: string,
  o: { now: number; nextAt: number },
): Promise<void> {
  await db
    .update(klineBackfill)
    .set({
      attempts: row.attempts + 1,
      nextAt: new Date(o.nextAt),
      lastError: message.slice(0, 300),
      updatedAt: new Date(o.now),
    })
    .where(
      and(
        eq(klineBackfill.coinId, row.coinId),
        eq(klineBackfill.source, row.source),
        eq(klineBackfill.instrument, row.instrument),
      ),
    );
}
