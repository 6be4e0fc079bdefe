/**
 * How far the history backfill has come, for /api/health: counts per source and the latest
 * failure, read from its queue (kline_backfill) so every process answers it, not only the one
 * running the market. Names and counts only: a failure's message is the source's own short one.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';

export interface BackfillProgress {
  /** Coins with a span still to fetch, `failed` among them. */
  queued: number;
  /** Coins whose every span is written. */
  done: number;
  /** Queued coins waiting after a failure (their stored candles stay). */
  failed: number;
  perSource: Record<string, { queued: number; done: number }>;
  /** The latest failure of a queued coin. */
  lastError?: { at: number; coin: string; source: string; message: string };
}

const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;

export async function readBackfillProgress(db: Db): Promise<BackfillProgress> {
  const [counts, errors] = await Promise.all([
    db.execute(sql`
      select source,
        (count(*) filter (where finished_at is null))::int as queued,
        (count(*) filter (where finished_at is null and attempts > 0))::int as failed,
        (count(*) filter (where finished_at is not null))::int as done
      from kline_backfill group by source order by source`),
    db.execute(sql`
      select coin_id as coin, source, last_error as message, updated_at as at from kline_backfill
      where finished_at is null and last_error is not null order by updated_at desc limit 1`),
  ]);
  const out: BackfillProgress = { queued: 0, done: 0, failed: 0, perSource: {} };
  for (const r of rowsOf<{ source: string; queued: number; failed: number; done: number }>(counts)) {
    out.queued += r.queued;
    out.done += r.done;
    out.failed += r.failed;
    out.perSource[r.source] = { queued: r.queued, done: r.done };
  }
  const [last] = rowsOf<{ coin: string; source: string; message: string; at: Date | string }>(errors);
  if (last)
    out.lastError = { at: new Date(last.at).getTime(), coin: last.coin, source: last.source, message: last.message };
  return out;
}
