import { Hono } from 'hono';
import { z } from 'zod';
import type { ApiEnv } from '../../../server/api/env.ts';
import { doc } from '../../../server/api/openapi.ts';
import { ok, parseQuery } from '../../../server/api/respond.ts';
import { globalCharts } from './global.server.ts';
import { DEFAULT_GLOBAL_RANGE, GLOBAL_RANGES } from './series.ts';

const chartsQuery = z.object({ range: z.enum(GLOBAL_RANGES).default(DEFAULT_GLOBAL_RANGE) });

/** Snapshots come every five minutes: a minute in any cache is fresh enough. */
const CACHE_SECONDS = 60;

/**
 * GET /api/v1/global/charts?range=7d: the whole market over a range (total market cap, 24-hour
 * volume, BTC and ETH dominance), 5-minute points for 1d, hourly for 7d and 1m, daily beyond,
 * with where the points come from and when the newest was recorded.
 */
export const globalRoutes = new Hono<ApiEnv>().get(
  '/v1/global/charts',
  doc({
    tag: 'Market',
    summary:
      'The whole market over time: total market cap, 24-hour volume and BTC and ETH dominance at the range’s resolution, with their source and age',
    query: chartsQuery,
  }),
  async (c) => {
    const q = parseQuery(c, chartsQuery);
    return ok(c, await globalCharts(c.get('db'), q.range), CACHE_SECONDS);
  },
);
