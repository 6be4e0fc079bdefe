import { Hono } from 'hono';
import { z } from 'zod';
import { CONTENT_KINDS, MAX_QUERY_LENGTH, normaliseQuery, SEARCH_KINDS } from './query.server.ts';
import {
  QUICK_SEARCH_BYTES,
  quickSearchCoins,
  quickSearchExchanges,
  quickSearchFind,
  search,
} from './search.server.ts';
import { QUICK_SEARCH_COINS, QUICK_SEARCH_EXCHANGES } from '../../lib/search.ts';
import { explorerCatalog } from './explorers.server.ts';
import type { ApiEnv } from '../../server/api/env.ts';
import { isSignedIn, optionalAuth } from '../../server/api/middleware/auth.ts';
import { ok, parseQuery } from '../../server/api/respond.ts';
import { pageQuery } from '../../server/api/schemas.ts';
import { doc } from '../../server/api/openapi.ts';

const q = z
  .string({ required_error: 'is required' })
  .transform(normaliseQuery)
  .pipe(z.string().min(1, 'must not be empty').max(MAX_QUERY_LENGTH, `must be at most ${MAX_QUERY_LENGTH} characters`));

const searchQuery = z.object({
  q,
  kind: z.enum(SEARCH_KINDS).optional(),
  page: pageQuery.page,
  size: pageQuery.size.optional(),
});

const findQuery = z.object({ q });

const contentQuery = z.object({
  q,
  kind: z.enum(CONTENT_KINDS).optional(),
  page: pageQuery.page,
  size: pageQuery.size.optional(),
});

/**
 * Full search. GET /v1/search covers coins, exchanges, pairs and content (news, research,
 * flash news, announcements); GET /v1/search/content only the content. Without `kind`, every
 * section's first rows; with it, that section's page. Every section carries its total, counted
 * up to TOTAL_CAP (`capped` past it).
 * Content is searched in the request language's content languages (`lan`, see
 * `contentLocales`).
 */
export const searchRoutes = new Hono<ApiEnv>()
  .get(
    '/v1/quick_search/coin',
    doc({
      tag: 'Search',
      summary: `The top coins by market-cap rank for the quick search box (at most ${QUICK_SEARCH_COINS}, within ${QUICK_SEARCH_BYTES.coin / 1000} KB)`,
    }),
    async (c) => ok(c, await quickSearchCoins(c.get('db')), 300),
  )
  .get(
    '/v1/quick_search/exchange',
    doc({
      tag: 'Search',
      summary: `The top exchanges by volume rank for the quick search box (at most ${QUICK_SEARCH_EXCHANGES}, within ${QUICK_SEARCH_BYTES.exchange / 1000} KB)`,
    }),
    async (c) => ok(c, await quickSearchExchanges(c.get('db')), 300),
  )
  .get(
    '/v1/quick_search/find',
    doc({
      tag: 'Search',
      summary:
        'Coins and exchanges matching a query, as quick-search items (best first): what the box adds to its lists of the top ones as the reader types',
      query: findQuery,
    }),
    async (c) => ok(c, await quickSearchFind(c.get('db'), parseQuery(c, findQuery).q), 60),
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
    '/v1/search',
    doc({
      tag: 'Search',
      summary: 'Search coins, exchanges, pairs and content; one section per kind',
      query: searchQuery,
    }),
    optionalAuth,
    async (c) => {
      const p = parseQuery(c, searchQuery);
      return ok(
        c,
        await search(c.get('db'), {
          q: p.q,
          kind: p.kind,
          page: p.page,
          size: p.size,
          locale: c.get('locale'),
          signedIn: isSignedIn(c),
        }),
        30,
      );
    },
  )
  .get(
    '/v1/search/content',
    doc({ tag: 'Search', summary: 'Search news, research, flash news and announcements', query: contentQuery }),
    optionalAuth,
    async (c) => {
      const p = parseQuery(c, contentQuery);
      return ok(
        c,
        await search(c.get('db'), {
          q: p.q,
          kind: p.kind,
          page: p.page,
          size: p.size,
          locale: c.get('locale'),
          kinds: CONTENT_KINDS,
          signedIn: isSignedIn(c),
        }),
        30,
      );
    },
  );
