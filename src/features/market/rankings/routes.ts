import { Hono } from 'hono';
import { z } from 'zod';
import { FLOW_WINDOWS, RANK_KINDS, RANK_PERIODS, RANK_SCOPES } from './rankings.server.ts';
import { getRanking } from './queries.server.ts';
import type { ApiEnv } from '../../../server/api/env.ts';
import { ok, parseQuery } from '../../../server/api/respond.ts';
import { pageQuery } from '../../../server/api/schemas.ts';
import { doc } from '../../../server/api/openapi.ts';

const rankQuery = z.object({
  page: pageQuery.page,
  size: pageQuery.size,
  type: z.enum(RANK_KINDS).default('rise'),
  period: z.enum(RANK_PERIODS).optional(),
  window: z.enum(FLOW_WINDOWS).optional(),
  scope: z.enum(RANK_SCOPES).optional(),
  direction: z.enum(['in', 'out']).optional(),
});

/** GET /api/v1/rank?type=rise&period=24h&scope=top100&page=1&size=10: the ranking tables of /rank. */
export const rankingRoutes = new Hono<ApiEnv>().get(
  '/v1/rank',
  doc({ tag: 'Rankings', summary: 'The ranking tables of /rank', query: rankQuery }),
  async (c) => {
    const { type, ...q } = parseQuery(c, rankQuery);
    return ok(c, await getRanking(c.get('db'), { kind: type, ...q }), 30);
  },
);
