import { Hono } from 'hono';
import { z } from 'zod';
import { contentLocales } from '../../domain/contentLocale.ts';
import { TIME_RANGES } from '../../domain/coinTabs.ts';
import {
  coinFacts,
  getChainActivity,
  getCoinAnalysis,
  getCoinFlows,
  getCoinRatings,
  getExchangeBalances,
  getHolderDistribution,
  getRepoActivity,
  hotCoinContent,
  listCoinContent,
  listCoinExchanges,
  listHolders,
  listMilestones,
  listTransfers,
} from '../../domain/coinTabsData.ts';
import { listTickers, TICKER_SORTS } from '../../domain/tickers.ts';
import type { ApiEnv } from '../env.ts';
import { ok, parseQuery } from '../respond.ts';
import { pageQuery, slug } from '../schemas.ts';

const page = z.object({ page: pageQuery.page, size: pageQuery.size });
const range = z.object({ range: z.enum(TIME_RANGES).default('1M') });
/** Holder lists stop at the top 100 addresses (SPEC §9). */
const holderPage = z.object({ page: pageQuery.page.refine((p) => p <= 100, 'must be 100 or less'), size: pageQuery.size });

/**
 * Read endpoints behind the coin detail tabs (`/coin/{id}/{type}`). Every one answers 404 in
 * the envelope for an unknown coin and 400 for a bad parameter.
 */
export const coinTabRoutes = new Hono<ApiEnv>()
  .get('/v1/coins/:id/tickers', async (c) => {
    const id = slug.parse(c.req.param('id'));
    const q = parseQuery(c, z.object({ ...pageQuery, market: z.enum(['spot', 'futures']).optional(), sort: z.enum(TICKER_SORTS).optional() }));
    const db = c.get('db');
    await coinFacts(db, id);
    return ok(c, await listTickers(db, { ...q, coin: id }), 10);
  })
  .get('/v1/coins/:id/flows', async (c) => ok(c, await getCoinFlows(c.get('db'), slug.parse(c.req.param('id'))), 30))
  .get('/v1/coins/:id/holders', async (c) => {
    const id = slug.parse(c.req.param('id'));
    const q = parseQuery(c, holderPage);
    const db = c.get('db');
    const [list, distribution] = await Promise.all([listHolders(db, id, q.page, q.size), getHolderDistribution(db, id)]);
    return ok(c, { ...list, distribution }, 60);
  })
  .get('/v1/coins/:id/transfers', async (c) => {
    const id = slug.parse(c.req.param('id'));
    const q = parseQuery(c, page);
    return ok(c, await listTransfers(c.get('db'), id, q.page, q.size), 30);
  })
  .get('/v1/coins/:id/chain', async (c) => {
    const id = slug.parse(c.req.param('id'));
    const q = parseQuery(c, range);
    return ok(c, await getChainActivity(c.get('db'), id, q.range), 300);
  })
  .get('/v1/coins/:id/exchange-balances', async (c) => ok(c, await getExchangeBalances(c.get('db'), slug.parse(c.req.param('id'))), 60))
  .get('/v1/coins/:id/exchanges', async (c) => {
    const id = slug.parse(c.req.param('id'));
    const q = parseQuery(c, page);
    return ok(c, await listCoinExchanges(c.get('db'), id, q.page, q.size), 30);
  })
  .get('/v1/coins/:id/ratings', async (c) => {
    const id = slug.parse(c.req.param('id'));
    const q = parseQuery(c, page);
    return ok(c, await getCoinRatings(c.get('db'), id, q.page, q.size)); // not cached: new reviews show at once
  })
  .get('/v1/coins/:id/milestones', async (c) => {
    const id = slug.parse(c.req.param('id'));
    const q = parseQuery(c, z.object({ kind: z.enum(['roadmap', 'process']).default('roadmap') }));
    return ok(c, await listMilestones(c.get('db'), id, q.kind), 300);
  })
  .get('/v1/coins/:id/repo', async (c) => {
    const id = slug.parse(c.req.param('id'));
    const q = parseQuery(c, range);
    return ok(c, await getRepoActivity(c.get('db'), id, q.range), 300);
  })
  .get('/v1/coins/:id/analysis', async (c) => {
    const id = slug.parse(c.req.param('id'));
    const q = parseQuery(c, range);
    return ok(c, await getCoinAnalysis(c.get('db'), id, q.range), 300);
  })
  .get('/v1/coins/:id/content', async (c) => {
    const id = slug.parse(c.req.param('id'));
    const q = parseQuery(c, page.extend({ kind: z.enum(['announcements', 'lives', 'news', 'calendar', 'hot']) }));
    const db = c.get('db');
    if (q.kind === 'hot') {
      await coinFacts(db, id);
      return ok(c, { list: await hotCoinContent(db, id, contentLocales(c.get('locale'))) }, 30);
    }
    return ok(c, await listCoinContent(db, id, q.kind, q.page, q.size, contentLocales(c.get('locale'))), 30);
  });
