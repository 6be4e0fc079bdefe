import { Hono } from 'hono';
import { z } from 'zod';
import { EXCHANGE_SORTS, getExchange, listExchanges } from '../exchanges/index.ts';
import { withLocalNames } from './names.server.ts';
import { COIN_FILTERS, COIN_SORTS, currentCoin, currentCoinList, globalTotals } from './coins.server.ts';
import { explorerCatalog } from '../../search/index.ts';
import { quickSearchCoins, quickSearchExchanges } from '../../search/index.ts';
import { CONTRACT_TYPES, listTickers, TICKER_SORTS } from '../pairs/index.ts';
import type { ApiEnv } from '../../../server/api/env.ts';
import { ok, parseQuery } from '../../../server/api/respond.ts';
import { pageQuery, slug } from '../../../server/api/schemas.ts';
import { doc } from '../../../server/api/openapi.ts';
import { idParam, nameParam } from '../../../server/api/schemas.ts';

const coinsQuery = z.object({
  ...pageQuery,
  sort: z.enum(COIN_SORTS).optional(),
  filter: z.enum(COIN_FILTERS).optional(),
});
const exchangesQuery = z.object({
  ...pageQuery,
  sort: z.enum(EXCHANGE_SORTS).optional(),
  type: z.enum(['CEX', 'DEX']).optional(),
});
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

/** Read endpoints for coins, exchanges, tickers, totals and quick search. */
export const market = new Hono<ApiEnv>()
  .get(
    '/new/v1/getBaseTotalInfo',
    doc({ tag: 'Market', summary: 'Global totals: market cap, volume, dominance' }),
    async (c) => ok(c, await globalTotals(c.get('db')), 30),
  )

  .get('/v1/quick_search/coin', doc({ tag: 'Search', summary: 'Every coin for the quick search box' }), async (c) =>
    ok(c, await quickSearchCoins(c.get('db')), 300),
  )
  .get(
    '/v1/quick_search/exchange',
    doc({ tag: 'Search', summary: 'Every exchange for the quick search box' }),
    async (c) => ok(c, await quickSearchExchanges(c.get('db')), 300),
  )
  .get(
    '/v1/quick_search/explorer',
    doc({
      tag: 'Search',
      summary: 'Block explorers the coins link to, for addresses and hashes typed into the quick search box',
    }),
    async (c) => ok(c, await explorerCatalog(c.get('db')), 300),
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
  })
  .get('/v1/exchanges', doc({ tag: 'Market', summary: 'Exchanges, one page', query: exchangesQuery }), async (c) => {
    const q = parseQuery(c, exchangesQuery);
    return ok(c, await listExchanges(c.get('db'), q), 30);
  })
  .get('/v1/exchanges/:name', doc({ tag: 'Market', summary: 'One exchange', params: nameParam }), async (c) => {
    const name = slug.parse(c.req.param('name'));
    return ok(c, await getExchange(c.get('db'), name), 30);
  })
  .get(
    '/v1/tickers',
    doc({ tag: 'Market', summary: 'Market pairs and futures, one page', query: tickersQuery }),
    async (c) => {
      const q = parseQuery(c, tickersQuery);
      return ok(c, await listTickers(c.get('db'), q), 10);
    },
  );
