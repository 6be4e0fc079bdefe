import { Hono } from 'hono';
import { z } from 'zod';
import type { ApiEnv } from '../../../server/api/env.ts';
import { doc } from '../../../server/api/openapi.ts';
import { ok, parseQuery } from '../../../server/api/respond.ts';
import { pageQuery } from '../../../server/api/schemas.ts';
import { DEFAULT_RANGE, FEAR_GREED_RANGES, listFearGreedDays, readFearGreed } from './sentiment.server.ts';

const range = z.enum(FEAR_GREED_RANGES).default(DEFAULT_RANGE);
const summaryQuery = z.object({ range });
const daysQuery = z.object({ page: pageQuery.page, size: pageQuery.size, range });

/** The index changes once a day and is fetched hourly: five minutes in any cache is plenty fresh. */
const CACHE_SECONDS = 300;

/**
 * GET /api/v1/fear-greed?range=90d: the latest value, the ones a day, week and month before, the
 * range's history and its source; GET /api/v1/fear-greed/days?range=1y&page=1&size=30: the daily table.
 */
export const sentimentRoutes = new Hono<ApiEnv>()
  .get(
    '/v1/fear-greed',
    doc({
      tag: 'Rankings',
      summary: 'The crypto Fear & Greed index: latest value, earlier values, history and source',
      query: summaryQuery,
    }),
    async (c) => {
      const q = parseQuery(c, summaryQuery);
      return ok(c, await readFearGreed(c.get('db'), { range: q.range }), CACHE_SECONDS);
    },
  )
  .get(
    '/v1/fear-greed/days',
    doc({ tag: 'Rankings', summary: 'The Fear & Greed index day by day, newest first', query: daysQuery }),
    async (c) => {
      const q = parseQuery(c, daysQuery);
      return ok(c, await listFearGreedDays(c.get('db'), q), CACHE_SECONDS);
    },
  );
