import { eq } from 'drizzle-orm';
import type { Db } from './client.ts';
import { users } from './schema/index.ts';

/** A transaction of the database. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Runs `change` with the user's row locked: one change of one user's lists (watchlist, follows,
 * bookmarks) at a time, so two tabs cannot interleave an append and a reorder.
 */
export async function lockedFor<T>(db: Db, userId: number, change: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    return change(tx);
  });
}
