import { Hono } from 'hono';
import { z } from 'zod';
import { CONTRACT_TYPES, listTickers, TICKER_SORTS } from './pairs.server.ts';
import type { ApiEnv } from '../../../server/api/env.ts';
import { ok, parseQuery } from '../../../server/api/respond.ts';
import { pageQuery, slug } from '../../../server/api/schemas.ts';
import { doc } from '../../../server/api/openapi.ts';

const tickersQuery = z.object({
  ...pageQuery,
  coin: slug.optional(),
  exchange: slug.optional(),
  market: z.enum(['spot', 'futures']).optional(),
  contractType: z.enum(CONTRACT_TYPES).optional(),
  quote: z
    .string()
    .regex(/^[A-Za-z0-9]{1,12}$/, 'is not a currency symbol')
    .optional(),
  sort: z.enum(TICKER_SORTS).optional(),
});

/** Read endpoints for market pairs and futures (SPEC's tickers). */
export const pairRoutes = new Hono<ApiEnv>().get(
  '/v1/tickers',
  doc({ tag: 'Market', summary: 'Market pairs and futures, one page', query: tickersQuery }),
  async (c) => {
    const q = parseQuery(c, tickersQuery);
    return ok(c, await listTickers(c.get('db'), q), 10);
  },
);
