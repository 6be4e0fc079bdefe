/**
 * Demo data for the market side: a deterministic generator (fixed-seed PRNG, histories that
 * end at the current hour) and a writer that replaces the market tables in one transaction.
 */
import { sql } from 'drizzle-orm';
import { config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { coins } from '../db/schema/index.ts';
import { DEMO_MARKET_PENDING } from '../db/provenance.ts';
import { marketWrite } from '../realtime/persist.ts';
import { generateDemoData } from './generate.ts';
import { seedContent } from './content/index.ts';
import { seedFearGreed } from './fear-greed.ts';
import { writeDemoData, type SeedSummary } from './writer.ts';

export type { SeedSummary } from './writer.ts';
export { generateDemoData, type DemoData } from './generate.ts';

/**
 * Replaces all market data with the demo data set. `now` only moves timestamps; `coins`
 * (default: SEED_COINS) grows the universe with generated coins (see scale.ts).
 */
export async function seedDemo(db: Db, opts: { now?: Date; coins?: number } = {}): Promise<SeedSummary> {
  const now = opts.now ?? new Date();
  const data = generateDemoData(now, { coins: 'coins' in opts ? opts.coins : config().SEED_COINS });
  // A market write: it waits for a live round in progress instead of racing it, and the running
  // servers drop the coin lists and details they keep when it commits (`npm run seed` beside them).
  const summary = await marketWrite(db, async (tx) => {
    const written = await writeDemoData(tx as unknown as Db, data);
    await seedContent(tx as unknown as Db, now);
    await seedFearGreed(tx as unknown as Db, now);
    return written;
  });
  // Fresh planner statistics: without them the planner guesses row counts of empty tables.
  await db.execute(sql`analyze`);
  return summary;
}

/** Seeds when the coins table is empty; returns whether it seeded. */
export async function seedIfEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ present: sql<number>`1` }).from(coins).limit(1);
  if (row) return false;
  await seedDemo(db);
  // The first start on the market sources replaces this demo market (src/server/ingest/write.ts).
  await db.execute(
    sql`insert into site_meta (key, value) values (${DEMO_MARKET_PENDING}, '{}'::jsonb) on conflict (key) do nothing`,
  );
  return true;
}
