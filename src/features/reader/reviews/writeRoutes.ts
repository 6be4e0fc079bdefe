import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { consume } from '../../../server/auth/throttle.ts';
import { DomainError } from '../../../server/api/errors.ts';
import { isInputError } from '../../../server/http/edge.ts';
import {
  alreadyReviewed,
  deleteReview,
  incomplete,
  myReview,
  reviewInput,
  reviewTargetId,
  saveReview,
  REVIEW_TARGETS,
} from './writes.server.ts';
import type { ReviewTargetType } from './reviews.server.ts';
import type { ApiEnv } from '../../../server/api/env.ts';
import { requireAuth } from '../../../server/api/middleware/auth.ts';
import { done, fail } from '../../../server/api/respond.ts';
import { doc } from '../../../server/api/openapi.ts';
import { z } from 'zod';

type C = Context<ApiEnv>;

const me = (c: C) => c.get('user')!.id;

/** A JSON object body, else `bad()`. */
async function body(c: C, bad: () => DomainError): Promise<Record<string, unknown>> {
  let value: unknown;
  try {
    value = await c.req.json();
  } catch {
    throw bad();
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw bad();
  return value as Record<string, unknown>;
}

/** 2000 characters of text (up to 4 bytes each) and the ratings: 16 KB is plenty. */
const reviewBody = bodyLimit({
  maxSize: 16 * 1024,
  onError: (c) => fail(c as C, 413, 413, (c as C).get('t')('review.tooLong', { count: 2000 })),
});

/** New reviews per user per hour (one per target anyway; this stops a script reviewing every coin). */
const REVIEWS_PER_HOUR = 30;

/**
 * Any failure that is not the client's is "Review Fail!" (SPEC §8), logged; the client's own
 * mistakes keep their message.
 */
async function orFail(c: C, key: string, work: () => Promise<Response>): Promise<Response> {
  try {
    return await work();
  } catch (e) {
    // PostgreSQL refusing the client's text (a NUL byte) is the client's mistake: the app's
    // error handler answers it 400.
    if (e instanceof DomainError || isInputError(e)) throw e;
    console.error('[api] review', c.req.path, e);
    return fail(c, 500, 500, c.get('t')(key));
  }
}

/**
 * Writing reviews (SPEC §3 "Comment/review", §4 "Review", §5, §8). All signed in.
 *
 * - POST /api/new/v1/comment/save `{ targetType: 'coin'|'exchange'|'offering', targetId, content, anonymous?, ratings: { dimension: 1–5 }, overall: 1–5 }`
 *   → `{ review, summary }`, msg "Review Success!". Incomplete → 400 "Please improve the comment
 *   information!"; a second review of the target → 409 "You have already commented"; unknown target → 404.
 * - POST /api/new/v1/comment/delete `{ id }` → `{ targetType, targetId, summary }`, msg "Success"; not
 *   the user's own (or gone) → 404 "Fail".
 * - GET /api/v1/comment/mine?targetType&targetId → the user's review of the target or null.
 */
export const reviewWriteRoutes = new Hono<ApiEnv>()
  .post(
    '/new/v1/comment/save',
    doc({
      tag: 'Reviews and votes',
      summary: 'Write a review with ratings (one per user and target)',
      body: z.object({
        targetType: z.enum(REVIEW_TARGETS),
        targetId: z.string(),
        content: z.string().min(8).max(2000),
        anonymous: z.boolean().optional(),
        ratings: z.record(z.number().int().min(1).max(5)).describe('dimension → 1–5'),
        overall: z.number().min(1).max(5),
      }),
      handlerValidates: true,
    }),
    requireAuth,
    reviewBody,
    async (c) =>
      orFail(c, 'review.fail', async () => {
        const input = reviewInput(await body(c, incomplete));
        const db = c.get('db');
        const targetId = await reviewTargetId(db, input.targetType, input.targetId);
        if (await myReview(db, me(c), input.targetType, targetId)) throw alreadyReviewed();
        const verdict = await consume(db, `review:${me(c)}`, [{ windowMs: 3_600_000, max: REVIEWS_PER_HOUR }]);
        if (!verdict.ok) {
          c.header('Retry-After', String(verdict.retryAfter));
          throw new DomainError(429, 4290, 'review.tooMany');
        }
        return done(c, await saveReview(db, me(c), { ...input, targetId }), 'review.success');
      }),
  )
  .post(
    '/new/v1/comment/delete',
    doc({
      tag: 'Reviews and votes',
      summary: 'Delete your own review',
      body: z.object({ id: z.number().int() }),
      handlerValidates: true,
    }),
    requireAuth,
    async (c) =>
      orFail(c, 'review.deleteFail', async () => {
        const b = await body(c, () => new DomainError(400, 4004, 'review.deleteFail'));
        const id = b.id;
        const n = typeof id === 'string' && /^\d{1,10}$/.test(id) ? Number(id) : id;
        if (typeof n !== 'number' || !Number.isInteger(n) || n < 1 || n > 2_147_483_647)
          throw new DomainError(400, 4004, 'review.deleteFail');
        return done(c, await deleteReview(c.get('db'), me(c), n), 'review.deleted');
      }),
  )
  .get(
    '/v1/comment/mine',
    doc({
      tag: 'Reviews and votes',
      summary: 'Your review of a target, or null',
      query: z.object({ targetType: z.enum(REVIEW_TARGETS), targetId: z.string() }),
      handlerValidates: true,
    }),
    requireAuth,
    async (c) => {
      const type = c.req.query('targetType');
      const id = c.req.query('targetId')?.trim() ?? '';
      if (!type || !(REVIEW_TARGETS as readonly string[]).includes(type) || id === '' || id.length > 120)
        throw new DomainError(400, 4002, 'review.badTarget');
      const db = c.get('db');
      const targetId = await reviewTargetId(db, type as ReviewTargetType, id);
      return done(c, await myReview(db, me(c), type as ReviewTargetType, targetId));
    },
  );
