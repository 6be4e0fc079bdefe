import { Hono } from 'hono';
import { z } from 'zod';
import { EXCHANGE_SORTS, getExchange, listExchanges } from './exchanges.server.ts';
import type { ApiEnv } from '../../../server/api/env.ts';
import { ok, parseQuery } from '../../../server/api/respond.ts';
import { nameParam, pageQuery, slug } from '../../../server/api/schemas.ts';
import { doc } from '../../../server/api/openapi.ts';

const exchangesQuery = z.object({
  ...pageQuery,
  sort: z.enum(EXCHANGE_SORTS).optional(),
  type: z.enum(['CEX', 'DEX']).optional(),
});

/** Read endpoints for exchanges. */
export const exchangeRoutes = new Hono<ApiEnv>()
  .get('/v1/exchanges', doc({ tag: 'Market', summary: 'Exchanges, one page', query: exchangesQuery }), async (c) => {
    const q = parseQuery(c, exchangesQuery);
    return ok(c, await listExchanges(c.get('db'), q), 30);
  })
  .get('/v1/exchanges/:name', doc({ tag: 'Market', summary: 'One exchange', params: nameParam }), async (c) => {
    const name = slug.parse(c.req.param('name'));
    return ok(c, await getExchange(c.get('db'), name), 30);
  });
