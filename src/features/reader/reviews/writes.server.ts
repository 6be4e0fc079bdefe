/**
 * Writing reviews (the `comments` table): one per user per target, checked here and enforced by
 * the unique index `comments_one_per_user_uq`; deleting one's own. The read side is reviews.server.ts.
 */
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../server/db/index.ts';
import { coins, comments, exchanges, offerings, users } from '../../../server/db/schema/index.ts';
import { DomainError, notFound } from '../../../server/api/errors.ts';
import { offeringNotFound } from '../../content/offerings/index.ts';
import {
  overallLabel,
  RATING_MAX,
  REVIEW_DIMENSIONS,
  reviewSummary,
  type Review,
  type ReviewSummary,
  type ReviewTargetType,
} from './reviews.server.ts';

/** SPEC §5 / §9: at least 8 characters; a review is not an essay. */
const REVIEW_MIN_CHARS = 8;
const REVIEW_MAX_CHARS = 2000;

export const REVIEW_TARGETS = ['coin', 'exchange', 'offering'] as const satisfies readonly ReviewTargetType[];

interface ReviewInput {
  targetType: ReviewTargetType;
  targetId: string;
  content: string;
  anonymous: boolean;
  ratings: Record<string, number>;
  overall: number;
}

/** "Please improve the comment information!" (SPEC §5): the one message for an incomplete form. */
export const incomplete = () => new DomainError(400, 4001, 'review.incomplete');

const isTarget = (v: unknown): v is ReviewTargetType =>
  typeof v === 'string' && (REVIEW_TARGETS as readonly string[]).includes(v);
const isScore = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 1 && v <= RATING_MAX;

/**
 * The review form of a JSON body, or the SPEC §5 "incomplete" error: content of at least
 * {@link REVIEW_MIN_CHARS} characters (trimmed, counted as characters, not bytes), every dimension
 * of the target kind scored 1–5 (whole stars) and nothing else, an overall score 1–5.
 * @example reviewInput({ targetType: 'coin', targetId: 'bitcoin', content: 'Solid project overall', ratings: { team: 4, business: 4, product: 5, community: 3, technology: 5 }, overall: 4 })
 */
export function reviewInput(b: Record<string, unknown>): ReviewInput {
  const { targetType, targetId, content, anonymous, ratings, overall } = b;
  if (!isTarget(targetType)) throw new DomainError(400, 4002, 'review.badTarget');
  if (typeof targetId !== 'string' || targetId.trim() === '' || targetId.length > 120)
    throw new DomainError(400, 4002, 'review.badTarget');
  if (typeof content !== 'string') throw incomplete();
  const text = content.trim();
  const chars = [...text].length;
  if (chars < REVIEW_MIN_CHARS) throw incomplete();
  if (chars > REVIEW_MAX_CHARS) throw new DomainError(400, 4003, 'review.tooLong', { count: REVIEW_MAX_CHARS });
  if (anonymous !== undefined && anonymous !== null && typeof anonymous !== 'boolean') throw incomplete();
  if (!ratings || typeof ratings !== 'object' || Array.isArray(ratings)) throw incomplete();
  const dims: readonly string[] = REVIEW_DIMENSIONS[targetType];
  const given = ratings as Record<string, unknown>;
  if (Object.keys(given).some((k) => !dims.includes(k))) throw incomplete();
  const clean: Record<string, number> = {};
  for (const key of dims) {
    const v = given[key];
    if (!isScore(v)) throw incomplete();
    clean[key] = v;
  }
  if (!isScore(overall)) throw incomplete();
  return {
    targetType,
    targetId: targetId.trim(),
    content: text,
    anonymous: anonymous === true,
    ratings: clean,
    overall,
  };
}

/**
 * The stored identifier of a target, or its 404: a coin by id, an exchange by name, an offering
 * by slug (its numeric id is accepted and turned into the slug, as the offering pages do).
 */
export async function reviewTargetId(db: Db, type: ReviewTargetType, id: string): Promise<string> {
  if (type === 'coin') {
    const [row] = await db.select({ id: coins.id }).from(coins).where(eq(coins.id, id));
    if (!row) throw notFound('api.coinNotFound');
    return row.id;
  }
  if (type === 'exchange') {
    const [row] = await db.select({ name: exchanges.name }).from(exchanges).where(eq(exchanges.name, id));
    if (!row) throw notFound('api.exchangeNotFound');
    return row.name;
  }
  const byId = /^\d{1,9}$/.test(id);
  const [row] = await db
    .select({ slug: offerings.slug })
    .from(offerings)
    .where(byId ? eq(offerings.id, Number(id)) : eq(offerings.slug, id));
  if (!row) throw offeringNotFound();
  return row.slug;
}

/** A user's own review as they see it (the author is named even when anonymous to others). */
export interface MyReview extends Review {
  targetType: ReviewTargetType;
  targetId: string;
}

const ownColumns = {
  id: comments.id,
  targetType: comments.targetType,
  targetId: comments.targetId,
  anonymous: comments.anonymous,
  content: comments.content,
  overall: comments.overall,
  ratings: comments.ratings,
  createdAt: comments.createdAt,
  username: users.username,
  nickname: users.nickname,
};

function toMine(r: {
  id: number;
  targetType: ReviewTargetType;
  targetId: string;
  anonymous: boolean;
  content: string;
  overall: string;
  ratings: Record<string, number>;
  createdAt: Date;
  username: string;
  nickname: string | null;
}): MyReview {
  const overall = Number(r.overall);
  return {
    id: r.id,
    targetType: r.targetType,
    targetId: r.targetId,
    author: r.nickname ?? r.username,
    authorName: r.anonymous ? null : r.username,
    anonymous: r.anonymous,
    content: r.content,
    overall,
    label: overallLabel(overall),
    ratings: r.ratings,
    createdAt: r.createdAt.toISOString(),
  };
}

/** The user's review of a target, or null. */
export async function myReview(
  db: Db,
  userId: number,
  type: ReviewTargetType,
  targetId: string,
): Promise<MyReview | null> {
  const [row] = await db
    .select(ownColumns)
    .from(comments)
    .innerJoin(users, eq(users.id, comments.userId))
    .where(and(eq(comments.userId, userId), eq(comments.targetType, type), eq(comments.targetId, targetId)));
  return row ? toMine(row) : null;
}

/** "You have already commented" (SPEC §4, §8). */
export const alreadyReviewed = () => new DomainError(409, 4090, 'review.already');

const isUniqueViolation = (e: unknown) => {
  const err = e as { code?: string; cause?: { code?: string } } | null;
  return err?.code === '23505' || err?.cause?.code === '23505';
};

/**
 * Saves a new review and answers it with the target's fresh summary. A second review of the same
 * target is refused by the unique index (two at once included) and changes nothing.
 */
export async function saveReview(
  db: Db,
  userId: number,
  input: ReviewInput,
): Promise<{ review: MyReview; summary: ReviewSummary }> {
  let id: number;
  try {
    const [row] = await db
      .insert(comments)
      .values({
        userId,
        targetType: input.targetType,
        targetId: input.targetId,
        content: input.content,
        anonymous: input.anonymous,
        ratings: input.ratings,
        overall: String(input.overall),
      })
      .returning({ id: comments.id });
    id = row!.id;
  } catch (e) {
    if (isUniqueViolation(e)) throw alreadyReviewed();
    throw e;
  }
  const [review] = await db
    .select(ownColumns)
    .from(comments)
    .innerJoin(users, eq(users.id, comments.userId))
    .where(eq(comments.id, id));
  return { review: toMine(review!), summary: await reviewSummary(db, input.targetType, input.targetId) };
}

/**
 * Deletes the user's own review by id and answers the target's fresh summary. Someone else's
 * review, or one that does not exist, is the same 404 "Fail" and nothing is deleted.
 */
export async function deleteReview(
  db: Db,
  userId: number,
  id: number,
): Promise<{ targetType: ReviewTargetType; targetId: string; summary: ReviewSummary }> {
  const [row] = await db
    .delete(comments)
    .where(and(eq(comments.id, id), eq(comments.userId, userId)))
    .returning({ targetType: comments.targetType, targetId: comments.targetId });
  if (!row) throw new DomainError(404, 4040, 'review.deleteFail');
  return { ...row, summary: await reviewSummary(db, row.targetType, row.targetId) };
}
