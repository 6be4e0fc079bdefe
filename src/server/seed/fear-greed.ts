/**
 * A demo year of the daily Fear & Greed index (source 'demo', labelled so on every page): a
 * mean-reverting walk around 50 with slow swings of mood, ending on the seeder's clock's day. The
 * real index (src/server/ingest/fearGreed.ts) replaces these rows on its first round; once real
 * rows are stored, reseeding leaves the table alone.
 */
import { sql } from 'drizzle-orm';
import { CLASS_WORDS, classOfValue } from '../../features/market/sentiment/index.ts';
import type { Db } from '../db/client.ts';
import { fearGreed } from '../db/schema/index.ts';
import { bulkInsert } from './bulk.ts';
import { rngFor } from './random.ts';

const DAYS = 365;
const DAY_MS = 86_400_000;

/**
 * The demo rows for the year up to `now`'s UTC day, oldest first: the same values for any clock
 * (as the demo market is), only their days move.
 */
export function demoFearGreed(now: Date): (typeof fearGreed.$inferInsert)[] {
  const last = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const rng = rngFor('fear-greed');
  let mood = rng.range(-20, 20);
  let value = 50 + mood;
  const rows: (typeof fearGreed.$inferInsert)[] = [];
  for (let i = DAYS - 1; i >= 0; i--) {
    // The market's mood drifts over weeks; the index follows it with daily noise.
    mood = 0.975 * mood + 3.6 * rng.clampedNormal();
    value += 0.3 * (50 + mood - value) + 4.5 * rng.clampedNormal();
    const v = Math.round(Math.max(3, Math.min(97, value)));
    rows.push({
      day: new Date(last - i * DAY_MS).toISOString().slice(0, 10),
      value: v,
      classification: CLASS_WORDS[classOfValue(v)],
      source: 'demo',
      fetchedAt: now,
    });
  }
  return rows;
}

/** Replaces the demo rows, unless the real index is stored; returns the rows written. */
export async function seedFearGreed(db: Db, now: Date): Promise<number> {
  await db.execute(sql`delete from fear_greed where source = 'demo'`);
  const real = (await db.execute(sql`select 1 from fear_greed limit 1`)) as unknown as { rows: unknown[] };
  if (real.rows.length) return 0;
  const rows = demoFearGreed(now);
  await bulkInsert(db, fearGreed, rows);
  return rows.length;
}
