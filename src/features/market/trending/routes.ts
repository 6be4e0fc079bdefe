import { Hono } from 'hono';
import { z } from 'zod';
import type { ApiEnv } from '../../../server/api/env.ts';
import { ok, parseQuery } from '../../../server/api/respond.ts';
import { pageQuery } from '../../../server/api/schemas.ts';
import { doc } from '../../../server/api/openapi.ts';
import { listNewCoins } from './newCoins.server.ts';
import { listTrending } from './trending.server.ts';

const listQuery = z.object({ page: pageQuery.page, size: pageQuery.size });

/**
 * GET /api/v1/trending?page=1&size=10: coins by their pages' views in the last 24 hours (an
 * estimate from the UTC day counts), `basis: 'market'` with the /hot score instead while there
 * are too few views. GET /api/v1/new-coins?page=1&size=10: coins by first-seen date, newest
 * first, with the first exchange. (Not /v1/coins/new: that is the path of a coin whose id is "new".)
 */
export const trendingRoutes = new Hono<ApiEnv>()
  .get(
    '/v1/trending',
    doc({
      tag: 'Rankings',
      summary:
        'Trending coins: by views of their pages on this site in the last 24 hours, or by the hot score while there are too few views',
      query: listQuery,
    }),
    async (c) => ok(c, await listTrending(c.get('db'), parseQuery(c, listQuery)), 30),
  )
  .get(
    '/v1/new-coins',
    doc({
      tag: 'Rankings',
      summary: 'Recently added coins: newest first-seen date first, with the first exchange',
      query: listQuery,
    }),
    async (c) => ok(c, await listNewCoins(c.get('db'), parseQuery(c, listQuery)), 60),
  );
