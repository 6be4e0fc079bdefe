import { eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sparkPath } from '../../../lib/sparkline.ts';
import { openTestDb } from '../../../../tests/setup/db.ts';
import type { DbHandle } from '../../../server/db/client.ts';
import { coins } from '../../../server/db/schema/index.ts';
import { backfillSparklines } from './sparklines.server.ts';

let handle: DbHandle;
beforeAll(async () => {
  handle = await openTestDb();
});
afterAll(() => handle.close());

describe('list sparklines', () => {
  it('are drawn by the seed from each coin’s price history', async () => {
    const [btc] = await handle.db.select().from(coins).where(eq(coins.id, 'bitcoin'));
    expect(btc!.sparklinePath).toBe(sparkPath(btc!.sparkline7d)!.d);
    expect(btc!.sparklineTrend).toBe(sparkPath(btc!.sparkline7d)!.trend);
  });

  it('are drawn at start for rows that lack them, in batches, and only once', async () => {
    await handle.db.execute(sql`update coins set sparkline_path = null, sparkline_trend = null where rank <= 30`);
    await handle.db
      .update(coins)
      .set({ sparkline7d: [5], sparklinePath: null })
      .where(eq(coins.id, 'ethereum'));
    expect(await backfillSparklines(handle.db, 7)).toBe(30);
    expect(await handle.db.select({ id: coins.id }).from(coins).where(isNull(coins.sparklinePath))).toEqual(
      await handle.db.select({ id: coins.id }).from(coins).where(isNull(coins.sparkline7d)),
    );
    const [btc] = await handle.db.select().from(coins).where(eq(coins.id, 'bitcoin'));
    expect(btc!.sparklinePath).toBe(sparkPath(btc!.sparkline7d)!.d);
    const [eth] = await handle.db.select().from(coins).where(eq(coins.id, 'ethereum'));
    expect(eth!.sparklinePath).toBe('');
    expect(await backfillSparklines(handle.db)).toBe(0);
  });
});
