import { Hono } from 'hono';
import { z } from 'zod';
import { contentLocales } from '../../../server/i18n/contentLocale.ts';
import { TIME_RANGES } from './formulas.ts';
import {
  coinFacts,
  getChainActivity,
  getCoinFlows,
  getHolderDistribution,
  listHolders,
  listTransfers,
} from './coin.server.ts';
import { getExchangeBalances, listCoinExchanges } from './trading.server.ts';
import { getCoinRatings, getRepoActivity, listMilestones } from './project.server.ts';
import { getCoinAnalysis } from './analysis.server.ts';
import { coinHistory } from './history.server.ts';
import { parseDay, readHistoryRange } from './historyQuery.ts';
import { hotCoinContent, listCoinContent } from './content.server.ts';
import { listTickers, TICKER_SORTS } from '../pairs/index.ts';
import type { ApiEnv } from '../../../server/api/env.ts';
import { isSignedIn, optionalAuth } from '../../../server/api/middleware/auth.ts';
import { ok, parseQuery } from '../../../server/api/respond.ts';
import { pageQuery, slug } from '../../../server/api/schemas.ts';
import { doc } from '../../../server/api/openapi.ts';
import { idParam } from '../../../server/api/schemas.ts';
import { DomainError } from '../../../server/api/errors.ts';

const tickersQuery = z.object({
  ...pageQuery,
  market: z.enum(['spot', 'futures']).optional(),
  sort: z.enum(TICKER_SORTS).optional(),
});
const milestonesQuery = z.object({ kind: z.enum(['roadmap', 'process']).default('roadmap') });
const page = z.object({ page: pageQuery.page, size: pageQuery.size });
const contentQuery = page.extend({ kind: z.enum(['announcements', 'lives', 'news', 'calendar', 'hot']) });
const range = z.object({ range: z.enum(TIME_RANGES).default('1M') });
/** A UTC day as a date input sends it; blank is no bound. */
const day = z
  .string()
  .trim()
  .refine((s) => s === '' || parseDay(s) !== null, 'must be a date written YYYY-MM-DD, from 1970 on')
  .optional();
const historyQuery = z.object({ from: day, to: day, page: pageQuery.page, size: pageQuery.size });
/** Holder lists stop at the top 100 addresses (SPEC §9). */
const holderPage = z.object({
  page: pageQuery.page.refine((p) => p <= 100, 'must be 100 or less'),
  size: pageQuery.size,
});

/**
 * Read endpoints behind the coin detail tabs (`/coin/{id}/{type}`). Every one answers 404 in
 * the envelope for an unknown coin and 400 for a bad parameter.
 */
export const coinTabRoutes = new Hono<ApiEnv>()
  .get(
    '/v1/coins/:id/tickers',
    doc({ tag: 'Coin detail tabs', summary: 'Markets (pairs) of a coin', params: idParam, query: tickersQuery }),
    async (c) => {
      const id = slug.parse(c.req.param('id'));
      const q = parseQuery(c, tickersQuery);
      const db = c.get('db');
      await coinFacts(db, id);
      return ok(c, await listTickers(db, { ...q, coin: id }), 10);
    },
  )
  .get(
    '/v1/coins/:id/flows',
    doc({ tag: 'Coin detail tabs', summary: 'Fund flows of a coin', params: idParam }),
    async (c) => ok(c, await getCoinFlows(c.get('db'), slug.parse(c.req.param('id'))), 30),
  )
  .get(
    '/v1/coins/:id/holders',
    doc({
      tag: 'Coin detail tabs',
      summary: 'Top holders (at most 100) and their distribution',
      params: idParam,
      query: holderPage,
    }),
    async (c) => {
      const id = slug.parse(c.req.param('id'));
      const q = parseQuery(c, holderPage);
      const db = c.get('db');
      const [list, distribution] = await Promise.all([
        listHolders(db, id, q.page, q.size),
        getHolderDistribution(db, id),
      ]);
      return ok(c, { ...list, distribution }, 60);
    },
  )
  .get(
    '/v1/coins/:id/transfers',
    doc({ tag: 'Coin detail tabs', summary: 'Large transfers of a coin', params: idParam, query: page }),
    async (c) => {
      const id = slug.parse(c.req.param('id'));
      const q = parseQuery(c, page);
      return ok(c, await listTransfers(c.get('db'), id, q.page, q.size), 30);
    },
  )
  .get(
    '/v1/coins/:id/chain',
    doc({ tag: 'Coin detail tabs', summary: 'On-chain activity over a range', params: idParam, query: range }),
    async (c) => {
      const id = slug.parse(c.req.param('id'));
      const q = parseQuery(c, range);
      return ok(c, await getChainActivity(c.get('db'), id, q.range), 300);
    },
  )
  .get(
    '/v1/coins/:id/exchange-balances',
    doc({ tag: 'Coin detail tabs', summary: 'Balances held on exchanges', params: idParam }),
    async (c) => ok(c, await getExchangeBalances(c.get('db'), slug.parse(c.req.param('id'))), 60),
  )
  .get(
    '/v1/coins/:id/exchanges',
    doc({ tag: 'Coin detail tabs', summary: 'Exchanges listing a coin', params: idParam, query: page }),
    async (c) => {
      const id = slug.parse(c.req.param('id'));
      const q = parseQuery(c, page);
      return ok(c, await listCoinExchanges(c.get('db'), id, q.page, q.size), 30);
    },
  )
  .get(
    '/v1/coins/:id/ratings',
    doc({
      tag: 'Coin detail tabs',
      summary: 'Reviews and ratings of a coin, newest first',
      params: idParam,
      query: page,
    }),
    async (c) => {
      const id = slug.parse(c.req.param('id'));
      const q = parseQuery(c, page);
      return ok(c, await getCoinRatings(c.get('db'), id, q.page, q.size)); // not cached: new reviews show at once
    },
  )
  .get(
    '/v1/coins/:id/milestones',
    doc({ tag: 'Coin detail tabs', summary: 'Roadmap or process milestones', params: idParam, query: milestonesQuery }),
    async (c) => {
      const id = slug.parse(c.req.param('id'));
      const q = parseQuery(c, milestonesQuery);
      return ok(c, await listMilestones(c.get('db'), id, q.kind), 300);
    },
  )
  .get(
    '/v1/coins/:id/repo',
    doc({ tag: 'Coin detail tabs', summary: 'Code repository activity over a range', params: idParam, query: range }),
    async (c) => {
      const id = slug.parse(c.req.param('id'));
      const q = parseQuery(c, range);
      return ok(c, await getRepoActivity(c.get('db'), id, q.range), 300);
    },
  )
  .get(
    '/v1/coins/:id/analysis',
    doc({ tag: 'Coin detail tabs', summary: 'Price analysis over a range', params: idParam, query: range }),
    async (c) => {
      const id = slug.parse(c.req.param('id'));
      const q = parseQuery(c, range);
      return ok(c, await getCoinAnalysis(c.get('db'), id, q.range), 300);
    },
  )
  .get(
    '/v1/coins/:id/history',
    doc({
      tag: 'Coin detail tabs',
      summary: 'Daily open, high, low, close, volume and market cap of a coin (UTC days), newest first',
      params: idParam,
      query: historyQuery,
    }),
    async (c) => {
      const id = slug.parse(c.req.param('id'));
      const q = parseQuery(c, historyQuery);
      const range = readHistoryRange(q.from, q.to);
      // Each day is checked by the schema; what is left is their order.
      if (range.problem)
        throw new DomainError(400, 400, 'api.invalidParam', { field: 'from', message: 'must not be after to' });
      return ok(c, await coinHistory(c.get('db'), id, { ...q, from: range.from, to: range.to }), 60);
    },
  )
  .get(
    '/v1/coins/:id/content',
    doc({
      tag: 'Coin detail tabs',
      summary: 'Announcements, flash news, news, calendar or hot content about a coin',
      params: idParam,
      query: contentQuery,
    }),
    optionalAuth,
    async (c) => {
      const id = slug.parse(c.req.param('id'));
      const q = parseQuery(c, contentQuery);
      const db = c.get('db');
      // A visitor sees the announcements of the visitors' window only (SPEC §6).
      const signedIn = isSignedIn(c);
      if (q.kind === 'hot') {
        await coinFacts(db, id);
        return ok(
          c,
          { list: await hotCoinContent(db, id, contentLocales(c.get('locale')), undefined, undefined, { signedIn }) },
          30,
        );
      }
      return ok(
        c,
        await listCoinContent(db, id, q.kind, q.page, q.size, contentLocales(c.get('locale')), { signedIn }),
        30,
      );
    },
  );
