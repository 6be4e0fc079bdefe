import { Hono } from 'hono';
import { z } from 'zod';
import { HOT_SORTS, listHotCoins } from './hot.server.ts';
import type { ApiEnv } from '../../../server/api/env.ts';
import { ok, parseQuery } from '../../../server/api/respond.ts';
import { pageQuery } from '../../../server/api/schemas.ts';
import { doc } from '../../../server/api/openapi.ts';

const hotQuery = z.object({ ...pageQuery, sort: z.enum(HOT_SORTS).optional() });

/** GET /api/v1/hot?sort=score&order=desc&page=1&size=10: the hot coins of /hot with their hot score. */
export const hotRoutes = new Hono<ApiEnv>().get(
  '/v1/hot',
  doc({ tag: 'Rankings', summary: 'Hot coins with their hot score', query: hotQuery }),
  async (c) => ok(c, await listHotCoins(c.get('db'), parseQuery(c, hotQuery)), 30),
);
