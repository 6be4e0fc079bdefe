import { Hono } from 'hono';
import { z } from 'zod';
import { EXCHANGE_SORTS, getExchange, listExchanges } from '../../domain/exchanges.ts';
import { COIN_FILTERS, COIN_SORTS, getCoin, globalTotals, listCoins } from '../../domain/markets.ts';
import { quickSearchCoins, quickSearchExchanges } from '../../domain/search.ts';
import { CONTRACT_TYPES, listTickers, TICKER_SORTS } from '../../domain/tickers.ts';
import type { ApiEnv } from '../env.ts';
import { ok, parseQuery } from '../respond.ts';
import { pageQuery, slug } from '../schemas.ts';

/** Read endpoints for coins, exchanges, tickers, totals and quick search. */
export const market = new Hono<ApiEnv>()
  .get('/new/v1/getBaseTotalInfo', async (c) => ok(c, await globalTotals(c.get('db')), 30))

  .get('/v1/quick_search/coin', async (c) => ok(c, await quickSearchCoins(c.get('db')), 300))
  .get('/v1/quick_search/exchange', async (c) => ok(c, await quickSearchExchanges(c.get('db')), 300))

  .get('/v1/coins', async (c) => {
    const q = parseQuery(c, z.object({ ...pageQuery, sort: z.enum(COIN_SORTS).optional(), filter: z.enum(COIN_FILTERS).optional() }));
    return ok(c, await listCoins(c.get('db'), q, { points: true }), 10);
  })
  .get('/v1/coins/:id', async (c) => {
    const id = slug.parse(c.req.param('id'));
    return ok(c, await getCoin(c.get('db'), id), 10);
  })
  .get('/v1/exchanges', async (c) => {
    const q = parseQuery(c, z.object({ ...pageQuery, sort: z.enum(EXCHANGE_SORTS).optional(), type: z.enum(['CEX', 'DEX']).optional() }));
    return ok(c, await listExchanges(c.get('db'), q), 30);
  })
  .get('/v1/exchanges/:name', async (c) => {
    const name = slug.parse(c.req.param('name'));
    return ok(c, await getExchange(c.get('db'), name), 30);
  })
  .get('/v1/tickers', async (c) => {
    const q = parseQuery(
      c,
      z.object({
        ...pageQuery,
        coin: slug.optional(),
        exchange: slug.optional(),
        market: z.enum(['spot', 'futures']).optional(),
        contractType: z.enum(CONTRACT_TYPES).optional(),
        quote: z.string().regex(/^[A-Za-z0-9]{1,12}$/, 'is not a currency symbol').optional(),
        sort: z.enum(TICKER_SORTS).optional(),
      }),
    );
    return ok(c, await listTickers(c.get('db'), q), 10);
  });
