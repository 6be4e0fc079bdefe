import { Hono } from 'hono';
import { z } from 'zod';
import { withLocalNames } from './names.server.ts';
import { COIN_FILTERS, COIN_SORTS, currentCoinList } from './coins.server.ts';
import { currentCoin } from './detail.server.ts';
import { globalTotals } from './totals.server.ts';
import type { ApiEnv } from '../../../server/api/env.ts';
import { ok, parseQuery } from '../../../server/api/respond.ts';
import { idParam, pageQuery, slug } from '../../../server/api/schemas.ts';
import { doc } from '../../../server/api/openapi.ts';

const coinsQuery = z.object({
  ...pageQuery,
  sort: z.enum(COIN_SORTS).optional(),
  filter: z.enum(COIN_FILTERS).optional(),
});

/** Read endpoints for coins and the whole market's totals. */
export const coinRoutes = new Hono<ApiEnv>()
  .get(
    '/new/v1/getBaseTotalInfo',
    doc({ tag: 'Market', summary: 'Global totals: market cap, volume, dominance' }),
    async (c) => ok(c, await globalTotals(c.get('db')), 30),
  )

  .get(
    '/v1/coins',
    doc({ tag: 'Market', summary: 'Coins, one page, with sparkline points', query: coinsQuery }),
    async (c) => {
      const q = parseQuery(c, coinsQuery);
      const page = await currentCoinList(c.get('db'), q, { points: true });
      // localName: the name in the request's language (lan), as the pages show it; null if none.
      return ok(c, { ...page, list: await withLocalNames(c.get('db'), c.get('locale'), page.list) }, 10);
    },
  )
  .get('/v1/coins/:id', doc({ tag: 'Market', summary: 'One coin', params: idParam }), async (c) => {
    const id = slug.parse(c.req.param('id'));
    return ok(c, await currentCoin(c.get('db'), id), 10);
  });
