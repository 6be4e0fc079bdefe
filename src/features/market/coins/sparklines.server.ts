import { and, isNotNull, isNull, sql } from 'drizzle-orm';
import { sparkPath } from '../../../lib/sparkline.ts';
import type { Db } from '../../../server/db/index.ts';
import { coins } from '../../../server/db/schema/index.ts';

/**
 * Draws the list sparkline of every coin that has a price history but no drawing yet (a
 * database from before the drawings were stored, or rows written by other tools). Runs at
 * start; returns how many coins it drew.
 */
export async function backfillSparklines(db: Db, batch = 2000): Promise<number> {
  let done = 0;
  for (;;) {
    const rows = await db
      .select({ id: coins.id, points: coins.sparkline7d })
      .from(coins)
      .where(and(isNull(coins.sparklinePath), isNotNull(coins.sparkline7d)))
      .limit(batch);
    if (!rows.length) return done;
    const drawn = rows.map((r) => ({ id: r.id, spark: sparkPath(r.points) }));
    // A series too short to draw gets an empty path, so it is not picked up again.
    await db.execute(sql`
      update coins c set sparkline_path = v.d, sparkline_trend = v.trend
      from unnest(${sql.param(drawn.map((r) => r.id))}::text[],
                  ${sql.param(drawn.map((r) => r.spark?.d ?? ''))}::text[],
                  ${sql.param(drawn.map((r) => r.spark?.trend ?? 'flat'))}::text[]) as v(id, d, trend)
      where c.id = v.id`);
    done += rows.length;
    if (rows.length < batch) return done;
  }
}
