/**
 * The public page of a user (/user/{name}): the name, nickname, avatar, when they joined and
 * their reviews that are not anonymous. Never the private fields of an account (e-mail, phone,
 * invitation code, verification state): the query selects only what may be shown.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../server/db/index.ts';
import { coins, comments, exchanges, offerings, users } from '../../../server/db/schema/index.ts';
import { num, type Page } from '../../../server/db/numbers.ts';
import { overallLabel, type OverallLabel, type ReviewTargetType } from '../reviews/index.ts';

export interface PublicReview {
  id: number;
  targetType: ReviewTargetType;
  /** The coin id, exchange name or offering slug (the target's URL key). */
  targetId: string;
  /** The target's display name, or its key when the target is gone. */
  targetName: string;
  content: string;
  overall: number;
  label: OverallLabel;
  createdAt: string;
}

interface PublicProfile {
  userName: string;
  nickname: string | null;
  avatar: string | null;
  memberSince: string;
  reviews: Page<PublicReview>;
}

/** What a user name in a URL can be (the registration rule, any case); anything else is a 404 without a query. */
const NAME = /^[A-Za-z0-9_]{3,20}$/;

/**
 * A user's public profile with one page of their public reviews, newest first; null when no
 * user has that name (compared case-insensitively, as names are unique that way).
 * @example await publicProfile(db, 'ann_1', { page: 1, size: 10 })
 */
export async function publicProfile(
  db: Db,
  name: string,
  q: { page: number; size: number },
): Promise<PublicProfile | null> {
  if (!NAME.test(name)) return null;
  const [user] = await db
    .select({
      id: users.id,
      userName: users.username,
      nickname: users.nickname,
      avatar: users.avatar,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(sql`lower(${users.username}) = lower(${name})`)
    .limit(1);
  if (!user) return null;
  const mine = and(eq(comments.userId, user.id), eq(comments.anonymous, false));
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: comments.id,
        targetType: comments.targetType,
        targetId: comments.targetId,
        content: comments.content,
        overall: comments.overall,
        createdAt: comments.createdAt,
        coinName: coins.name,
        exchangeName: exchanges.displayName,
        offeringName: offerings.name,
      })
      .from(comments)
      .leftJoin(coins, and(eq(comments.targetType, 'coin'), eq(coins.id, comments.targetId)))
      .leftJoin(exchanges, and(eq(comments.targetType, 'exchange'), eq(exchanges.name, comments.targetId)))
      .leftJoin(offerings, and(eq(comments.targetType, 'offering'), eq(offerings.slug, comments.targetId)))
      .where(mine)
      .orderBy(desc(comments.createdAt), desc(comments.id))
      .limit(q.size)
      .offset((q.page - 1) * q.size),
    db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(comments)
      .where(mine),
  ]);
  return {
    userName: user.userName,
    nickname: user.nickname,
    avatar: user.avatar,
    memberSince: user.createdAt.toISOString(),
    reviews: {
      list: rows.map((r) => {
        const overall = num(r.overall) ?? 0;
        return {
          id: r.id,
          targetType: r.targetType,
          targetId: r.targetId,
          targetName: r.coinName ?? r.exchangeName ?? r.offeringName ?? r.targetId,
          content: r.content,
          overall,
          label: overallLabel(overall),
          createdAt: r.createdAt.toISOString(),
        };
      }),
      total: total?.n ?? 0,
      page: q.page,
      size: q.size,
    },
  };
}
