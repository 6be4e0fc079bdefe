import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../server/db/index.ts';
import { comments, users } from '../../../server/db/schema/index.ts';
import { num, type Page } from '../../../server/db/numbers.ts';

/**
 * Reviews (the `comments` table): a text, an overall score and dimension scores, one per user
 * per target. Shared by exchange comments, coin ratings and offering comments.
 */
export type ReviewTargetType = 'coin' | 'exchange' | 'offering';

/** SPEC §3 rating dimensions per target kind; the keys of `comments.ratings`. */
export const REVIEW_DIMENSIONS = {
  exchange: ['safety', 'reputation', 'speed', 'support', 'welfare', 'experience'],
  coin: ['team', 'business', 'product', 'community', 'technology'],
  offering: ['team', 'business', 'product', 'community', 'technology'],
} as const satisfies Record<ReviewTargetType, readonly string[]>;

/** SPEC §3 overall labels, from score 1 to 5. Translation keys live under `reviews.label`. */
export const OVERALL_LABELS = ['bad', 'general', 'good', 'veryGood', 'great'] as const;
export type OverallLabel = (typeof OVERALL_LABELS)[number];

/** SPEC §9 rating scale: maximum 5, low at or under 2, high at or over 4. */
export const RATING_MAX = 5;
const RATING_LOW = 2;
const RATING_HIGH = 4;

/**
 * The label of an overall score: rounded to the nearest whole star within 1–5.
 * @example overallLabel(3.6) // 'veryGood'
 */
export function overallLabel(score: number): OverallLabel {
  const i = Math.min(RATING_MAX, Math.max(1, Math.round(score))) - 1;
  return OVERALL_LABELS[i]!;
}

/** 'low', 'high' or 'mid' for colouring a score by the SPEC §9 thresholds. */
export function ratingLevel(score: number | null): 'low' | 'mid' | 'high' | null {
  if (score === null) return null;
  if (score <= RATING_LOW) return 'low';
  if (score >= RATING_HIGH) return 'high';
  return 'mid';
}

export interface Review {
  id: number;
  /** Nickname or user name; null for an anonymous review (the name is never sent). */
  author: string | null;
  /** The user name, for the link to the author's public page; null for an anonymous review. */
  authorName: string | null;
  anonymous: boolean;
  content: string;
  overall: number;
  label: OverallLabel;
  /** Dimension → score, only the target kind's dimensions. */
  ratings: Record<string, number>;
  createdAt: string;
}

export interface ReviewSummary {
  count: number;
  /** Average overall score, null without reviews. */
  overall: number | null;
  label: OverallLabel | null;
  /** Average per dimension (null when no review scored it), in SPEC order. */
  dimensions: { key: string; average: number | null }[];
  /** How many reviews carry each label, worst first. */
  distribution: { label: OverallLabel; count: number }[];
}

const targetWhere = (type: ReviewTargetType, id: string) =>
  and(eq(comments.targetType, type), eq(comments.targetId, id));

/** Keeps the known dimensions with a score in 1–5. */
function cleanRatings(type: ReviewTargetType, ratings: Record<string, unknown> | null): Record<string, number> {
  const out: Record<string, number> = {};
  for (const key of REVIEW_DIMENSIONS[type]) {
    const v = Number(ratings?.[key]);
    if (Number.isFinite(v) && v >= 1 && v <= RATING_MAX) out[key] = v;
  }
  return out;
}

/** One page of a target's reviews, newest first. */
export async function listReviews(
  db: Db,
  type: ReviewTargetType,
  id: string,
  page: number,
  size: number,
): Promise<Page<Review>> {
  const where = targetWhere(type, id);
  const [rows, [agg]] = await Promise.all([
    db
      .select({
        id: comments.id,
        username: users.username,
        nickname: users.nickname,
        anonymous: comments.anonymous,
        content: comments.content,
        overall: comments.overall,
        ratings: comments.ratings,
        createdAt: comments.createdAt,
      })
      .from(comments)
      .innerJoin(users, eq(users.id, comments.userId))
      .where(where)
      .orderBy(desc(comments.createdAt), desc(comments.id))
      .limit(size)
      .offset((page - 1) * size),
    db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(comments)
      .where(where),
  ]);
  return {
    list: rows.map((r) => {
      const overall = num(r.overall) ?? 0;
      return {
        id: r.id,
        author: r.anonymous ? null : (r.nickname ?? r.username),
        authorName: r.anonymous ? null : r.username,
        anonymous: r.anonymous,
        content: r.content,
        overall,
        label: overallLabel(overall),
        ratings: cleanRatings(type, r.ratings),
        createdAt: r.createdAt.toISOString(),
      };
    }),
    total: agg?.n ?? 0,
    page,
    size,
  };
}

/** Count, average overall score, per-dimension averages and the label distribution. */
export async function reviewSummary(db: Db, type: ReviewTargetType, id: string): Promise<ReviewSummary> {
  const where = targetWhere(type, id);
  const dims = REVIEW_DIMENSIONS[type];
  const dimAvg = (key: string) =>
    sql<string | null>`avg(case when jsonb_typeof(${comments.ratings} -> ${key}) = 'number'
      and (${comments.ratings} ->> ${key})::numeric between 1 and ${RATING_MAX} then (${comments.ratings} ->> ${key})::numeric end)`;
  const [[agg], buckets] = await Promise.all([
    db
      .select({
        n: sql<number>`count(*)`.mapWith(Number),
        overall: sql<string | null>`avg(${comments.overall})`,
        ...Object.fromEntries(dims.map((k) => [k, dimAvg(k)])),
      })
      .from(comments)
      .where(where),
    db
      .select({
        star: sql<number>`least(${RATING_MAX}, greatest(1, round(${comments.overall})))`.mapWith(Number),
        n: sql<number>`count(*)`.mapWith(Number),
      })
      .from(comments)
      .where(where)
      .groupBy(sql`1`),
  ]);
  const row = (agg ?? {}) as Record<string, unknown>;
  const count = Number(row.n ?? 0);
  const overall = count ? num(row.overall as string | null) : null;
  return {
    count,
    overall,
    label: overall === null ? null : overallLabel(overall),
    dimensions: dims.map((key) => ({ key, average: num(row[key] as string | null) })),
    distribution: OVERALL_LABELS.map((label, i) => ({ label, count: buckets.find((b) => b.star === i + 1)?.n ?? 0 })),
  };
}
