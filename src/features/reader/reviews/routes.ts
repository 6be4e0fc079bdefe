import { Hono } from 'hono';
import { z } from 'zod';
import { exchangeId } from '../../market/exchanges/index.ts';
import { listReviews, reviewSummary } from './reviews.server.ts';
import type { ApiEnv } from '../../../server/api/env.ts';
import { ok, parseQuery } from '../../../server/api/respond.ts';
import { pageQuery, slug } from '../../../server/api/schemas.ts';
import { doc } from '../../../server/api/openapi.ts';
import { nameParam } from '../../../server/api/schemas.ts';

const commentsQuery = z.object({ page: pageQuery.page, size: pageQuery.size });

/** Reviews (comments with ratings) of exchanges, newest first, with the aggregate summary. */
export const reviewRoutes = new Hono<ApiEnv>().get(
  '/v1/exchanges/:name/comments',
  doc({
    tag: 'Reviews',
    summary: 'Reviews of an exchange, newest first, with the summary',
    params: nameParam,
    query: commentsQuery,
  }),
  async (c) => {
    const name = slug.parse(c.req.param('name'));
    const q = parseQuery(c, commentsQuery);
    const db = c.get('db');
    await exchangeId(db, name); // 404 for an unknown exchange
    const [page, summary] = await Promise.all([
      listReviews(db, 'exchange', name, q.page, q.size),
      reviewSummary(db, 'exchange', name),
    ]);
    // Not cached: a reader who has just posted or deleted a review must see it at once.
    return ok(c, { ...page, summary });
  },
);
