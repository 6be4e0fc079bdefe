import { Hono } from 'hono';
import { z } from 'zod';
import { HOT_SORTS, listHotCoins } from '../../domain/hot.ts';
import type { ApiEnv } from '../env.ts';
import { ok, parseQuery } from '../respond.ts';
import { pageQuery } from '../schemas.ts';
import { doc } from '../openapi.ts';

const hotQuery = z.object({ ...pageQuery, sort: z.enum(HOT_SORTS).optional() });

/** GET /api/v1/hot?sort=score&order=desc&page=1&size=10: the hot coins of /hot with their hot score. */
export const hotRoutes = new Hono<ApiEnv>().get(
  '/v1/hot',
  doc({ tag: 'Rankings', summary: 'Hot coins with their hot score', query: hotQuery }),
  async (c) => ok(c, await listHotCoins(c.get('db'), parseQuery(c, hotQuery)), 30),
);
