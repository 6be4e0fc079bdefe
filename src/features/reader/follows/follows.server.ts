/**
 * Columnist follows (SPEC §4 "Columnist follow", §7 "Push and columnists", "content/follow").
 * Following answers true and unfollowing false, whatever the state before (a repeated click is
 * not an error); a columnist's `followers` count moves only when a follow is really added or
 * removed. At most {@link FOLLOWS_MAX} follows per user.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../server/db/index.ts';
import { columnistFollows, columnists } from '../../../server/db/schema/index.ts';
import { DomainError, notFound } from '../../../server/api/errors.ts';
import { lockedFor } from '../../../server/db/userLock.ts';

/** As many as a watchlist holds. */
const FOLLOWS_MAX = 500;

/** A followed columnist as the list answers it (SPEC §7: items have `_id`). */
interface FollowedColumnist {
  _id: number;
  name: string;
  avatar: string | null;
  bio: string | null;
  followers: number;
  followedAt: string;
}

/** Follows a columnist: true. Unknown columnist: 404. */
export async function followColumnist(db: Db, userId: number, columnistId: number): Promise<true> {
  const [exists] = await db
    .select({ id: columnists.id })
    .from(columnists)
    .where(eq(columnists.id, columnistId))
    .limit(1);
  if (!exists) throw notFound('news.columnistMissing');
  await lockedFor(db, userId, async (tx) => {
    const [have] = await tx
      .select({
        n: sql<number>`count(*)`.mapWith(Number),
        mine: sql<boolean>`bool_or(${columnistFollows.columnistId} = ${columnistId})`,
      })
      .from(columnistFollows)
      .where(eq(columnistFollows.userId, userId));
    if (have?.mine) return;
    if ((have?.n ?? 0) >= FOLLOWS_MAX) throw new DomainError(400, 4102, 'favourites.followCap', { count: FOLLOWS_MAX });
    const added = await tx
      .insert(columnistFollows)
      .values({ userId, columnistId })
      .onConflictDoNothing()
      .returning({ id: columnistFollows.columnistId });
    if (added.length)
      await tx
        .update(columnists)
        .set({ followers: sql`${columnists.followers} + 1` })
        .where(eq(columnists.id, columnistId));
  });
  return true;
}

/** Unfollows a columnist: false (also when not followed). Unknown columnist: 404. */
export async function unfollowColumnist(db: Db, userId: number, columnistId: number): Promise<false> {
  const [exists] = await db
    .select({ id: columnists.id })
    .from(columnists)
    .where(eq(columnists.id, columnistId))
    .limit(1);
  if (!exists) throw notFound('news.columnistMissing');
  await db.transaction(async (tx) => {
    const removed = await tx
      .delete(columnistFollows)
      .where(and(eq(columnistFollows.userId, userId), eq(columnistFollows.columnistId, columnistId)))
      .returning({ id: columnistFollows.columnistId });
    if (removed.length)
      await tx
        .update(columnists)
        .set({ followers: sql`greatest(${columnists.followers} - 1, 0)` })
        .where(eq(columnists.id, columnistId));
  });
  return false;
}

/** The columnists a user follows, latest followed first; `size` 0 means all. */
export async function followedColumnists(db: Db, userId: number, size: number): Promise<FollowedColumnist[]> {
  const query = db
    .select({
      _id: columnists.id,
      name: columnists.name,
      avatar: columnists.avatar,
      bio: columnists.bio,
      followers: columnists.followers,
      followedAt: columnistFollows.createdAt,
    })
    .from(columnistFollows)
    .innerJoin(columnists, eq(columnists.id, columnistFollows.columnistId))
    .where(eq(columnistFollows.userId, userId))
    .orderBy(desc(columnistFollows.createdAt), desc(columnists.id))
    .$dynamic();
  const rows = await (size > 0 ? query.limit(size) : query);
  return rows.map((r) => ({ ...r, followedAt: r.followedAt.toISOString() }));
}
