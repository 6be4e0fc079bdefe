import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { ZodError } from 'zod';
import { DEFAULT_LOCALE } from '../../lib/i18n/index.ts';
import { DomainError } from './errors.ts';
import { translator } from '../i18n/index.ts';
import type { ApiEnv } from './env.ts';
import { edgeGuard, requestContext, requireSignature } from './middleware/context.ts';
import { refuseCrossSite } from './middleware/sameSite.ts';
import { isInputError } from '../http/edge.ts';
import { fail, ok } from './respond.ts';
import { doc, openApiDocument } from './openapi.ts';
import { referencePage } from './reference.ts';
import { readProvenance } from '../db/provenance.ts';
import { data } from '../../features/site/index.ts';
import { coinRoutes } from '../../features/market/coins/index.ts';
import { exchangeRoutes } from '../../features/market/exchanges/index.ts';
import { pairRoutes } from '../../features/market/pairs/index.ts';
import { searchRoutes } from '../../features/search/index.ts';
import { reviewRoutes, reviewWriteRoutes } from '../../features/reader/reviews/index.ts';
import { klinesRoutes } from '../../features/market/klines/index.ts';
import { coinTabRoutes } from '../../features/market/coin/index.ts';
import { streamRoutes } from '../realtime/routes.ts';
import { rankingRoutes } from '../../features/market/rankings/index.ts';
import { hotRoutes } from '../../features/market/rankings/index.ts';
import { trendingRoutes } from '../../features/market/trending/index.ts';
import { sentimentRoutes } from '../../features/market/sentiment/index.ts';
import { convertRoutes } from '../../features/market/convert/index.ts';
import { globalRoutes } from '../../features/market/global/index.ts';
import { contentRoutes } from '../../features/content/news/index.ts';
import { livesRoutes } from '../../features/content/lives/index.ts';
import { calendarRoutes } from '../../features/content/calendar/index.ts';
import { noticeRoutes } from '../../features/content/announcements/index.ts';
import { offeringRoutes } from '../../features/content/offerings/index.ts';
import { knowledgeRoutes } from '../../features/content/knowledge/index.ts';
import { sectorRoutes } from '../../features/market/sectors/index.ts';
import { communityRoutes } from '../../features/content/community/index.ts';
import { accountRoutes, passkeyRoutes, profileRoutes, twoFactorRoutes } from '../../features/reader/account/index.ts';
import { favouriteRoutes } from '../../features/reader/watchlist/index.ts';
import { portfolioRoutes } from '../../features/reader/portfolio/index.ts';
import { alertRoutes } from '../../features/reader/alerts/index.ts';
import { bookmarkRoutes, columnistRoutes } from '../../features/reader/follows/index.ts';
import { subscriptionRoutes } from '../../features/reader/notifications/index.ts';
import { pushRoutes } from '../../features/reader/notifications/index.ts';
import { voteRoutes } from '../../features/reader/votes/index.ts';
import { pageViewRoutes } from '../../features/views/index.ts';
import { demoKinds, readContentHealth } from '../../features/content/sources/index.ts';
import { readBackfillProgress } from '../ingest/backfill/progress.ts';
import { CACHE } from '../http/cachePolicy.mjs';

/** The API contract's version: bump it when a route changes shape. */
export const API_VERSION = '1.0.0';

/**
 * The /api application. Every response is the `{ code, data, msg }` envelope; client mistakes
 * are 4xx with a message in the request's language, and only our own faults are 500s.
 */
export function createApi() {
  const app = new Hono<ApiEnv>().basePath('/api');

  app.use('*', edgeGuard);
  app.use('*', requestContext);
  // Answers once the database is open, migrated and seeded (the middleware waits for the boot
  // and answers 503 with the reason when it fails): the readiness probe.
  app.get(
    '/health',
    doc({
      tag: 'Settings and data',
      summary:
        'Readiness, and the market data: its origin, age, and each source’s last success, last error and request budget; the price-history backfill’s progress; the content sources’ last rounds and which kinds of content are still demo',
      unsigned: true,
    }),
    async (c) => {
      const db = c.get('db');
      const [p, content, demo, backfill] = await Promise.all([
        readProvenance(db),
        readContentHealth(db),
        demoKinds(db),
        readBackfillProgress(db),
      ]);
      c.header('Cache-Control', CACHE.none);
      return ok(c, {
        status: 'ok',
        source: p.source,
        sources: p.sources,
        updatedAt: p.updatedAt,
        stale: p.stale,
        states: p.states,
        content: { demo, sources: content },
        backfill,
      });
    },
  );
  // The data-centre endpoints were an external host in the original client and carry no `t`.
  app.route('/v1/data', data);
  // The contract, generated from the routes' own docs once every route is in place.
  let contract: { json: string; html: string } | undefined;
  const published = () => {
    if (!contract) {
      const document = openApiDocument(app, { version: API_VERSION });
      contract = { json: JSON.stringify(document), html: referencePage(document) };
    }
    return contract;
  };
  app.get(
    '/openapi.json',
    doc({
      tag: 'Settings and data',
      summary: 'This document (OpenAPI 3.1)',
      unsigned: true,
      produces: 'application/json',
    }),
    (c) => {
      c.header('Cache-Control', CACHE.fiveMinutes);
      return c.body(published().json, 200, { 'content-type': 'application/json; charset=utf-8' });
    },
  );
  app.get(
    '/docs',
    doc({ tag: 'Settings and data', summary: 'The API reference (HTML)', unsigned: true, produces: 'text/html' }),
    (c) => {
      c.header('Cache-Control', CACHE.fiveMinutes);
      return c.html(published().html);
    },
  );
  // Every signed route answers this site's pages and clients that are not browsers, never a
  // request another site makes a browser send (the health check and documents above may be linked to).
  app.use('*', refuseCrossSite);
  app.use('*', requireSignature);
  app.route('/', coinRoutes);
  app.route('/', exchangeRoutes);
  app.route('/', pairRoutes);
  app.route('/', searchRoutes);
  app.route('/', reviewRoutes);
  app.route('/', klinesRoutes);
  app.route('/', coinTabRoutes);
  app.route('/', rankingRoutes);
  app.route('/', hotRoutes);
  app.route('/', trendingRoutes);
  app.route('/', sentimentRoutes);
  app.route('/', convertRoutes);
  app.route('/', globalRoutes);
  app.route('/', contentRoutes);
  app.route('/', livesRoutes);
  app.route('/', calendarRoutes);
  app.route('/', noticeRoutes);
  app.route('/', offeringRoutes);
  app.route('/', knowledgeRoutes);
  app.route('/', sectorRoutes);
  app.route('/', communityRoutes);
  app.route('/', accountRoutes);
  app.route('/', profileRoutes);
  app.route('/', twoFactorRoutes);
  app.route('/', passkeyRoutes);
  app.route('/', favouriteRoutes);
  app.route('/', portfolioRoutes);
  app.route('/', alertRoutes);
  app.route('/', bookmarkRoutes);
  app.route('/', columnistRoutes);
  app.route('/', subscriptionRoutes);
  app.route('/', pushRoutes);
  app.route('/', reviewWriteRoutes);
  app.route('/', voteRoutes);
  app.route('/', pageViewRoutes());
  app.route('/', streamRoutes());

  app.notFound((c) => {
    const t = c.get('t') ?? translator(DEFAULT_LOCALE);
    c.header('Cache-Control', CACHE.none);
    return c.json({ code: 404, data: null, msg: t('api.routeNotFound') }, 404);
  });

  app.onError((err, c) => {
    const t = c.get('t') ?? translator(DEFAULT_LOCALE);
    if (err instanceof DomainError) {
      // A limit says when to come back, in the header as well as in the words.
      if (err.status === 429 && err.retryAfter !== undefined)
        c.header('Retry-After', String(Math.max(1, Math.ceil(err.retryAfter))));
      return fail(c, err.status, err.code, t(err.key, err.vars));
    }
    if (err instanceof ZodError) {
      const issue = err.issues[0];
      return fail(
        c,
        400,
        400,
        t('api.invalidParam', { field: issue?.path.join('.') || 'input', message: issue?.message ?? '' }),
      );
    }
    if (err instanceof HTTPException && err.status < 500)
      return fail(c, err.status, err.status, err.message || t('api.badRequest'));
    // PostgreSQL refusing a value the client sent (edgeGuard should have stopped it first).
    if (isInputError(err)) return fail(c, 400, 400, t('api.badRequest'));
    console.error('[api]', c.req.method, c.req.path, err);
    return fail(c, 500, 500, t('api.internal'));
  });

  return app;
}
