import { Hono } from 'hono';
import { z } from 'zod';
import { KLINE_INTERVALS, KLINE_RANGES } from '../../../lib/klines.ts';
import { contentLocales } from '../../../server/i18n/contentLocale.ts';
import { getKlines } from './klines.server.ts';
import { listNewsMarkers, NEWS_MARKER_DEFAULT_LIMIT, NEWS_MARKER_MAX_LIMIT } from './newsMarkers.server.ts';
import type { ApiEnv } from '../../../server/api/env.ts';
import { isSignedIn, optionalAuth } from '../../../server/api/middleware/auth.ts';
import { ok, parseQuery } from '../../../server/api/respond.ts';
import { slug } from '../../../server/api/schemas.ts';
import { doc } from '../../../server/api/openapi.ts';

/** The instants a query may name: PostgreSQL's timestamps and JS dates both hold these years. */
const EARLIEST = Date.UTC(1970, 0, 1);
const LATEST = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

/** Unix milliseconds (digits) or an ISO 8601 date-time, from 1970 to the end of year 9999. */
const instant = z
  .string()
  .trim()
  .transform((s, ctx) => {
    const ms = /^\d{1,15}$/.test(s) ? Number(s) : Date.parse(s);
    if (!Number.isFinite(ms)) {
      ctx.addIssue({ code: 'custom', message: 'must be Unix milliseconds or an ISO 8601 time' });
      return z.NEVER;
    }
    if (ms < EARLIEST || ms > LATEST) {
      ctx.addIssue({ code: 'custom', message: 'must be between 1970 and 9999' });
      return z.NEVER;
    }
    return ms;
  });

const klineQuery = z.object({
  coin: slug,
  interval: z.enum(KLINE_INTERVALS).default('1h'),
  range: z.enum(KLINE_RANGES).optional(),
  from: instant.optional(),
  to: instant.optional(),
});

/** The news markers of a chart: a coin and a window (clamped by the domain), at most 200 items. */
export const newsMarkerQuery = z.object({
  coin: slug,
  from: instant.optional(),
  to: instant.optional(),
  limit: z.coerce
    .number()
    .int('must be a whole number')
    .min(1, `must be 1 to ${NEWS_MARKER_MAX_LIMIT}`)
    .max(NEWS_MARKER_MAX_LIMIT, `must be 1 to ${NEWS_MARKER_MAX_LIMIT}`)
    .default(NEWS_MARKER_DEFAULT_LIMIT),
});

/**
 * GET /api/v1/klines?coin=bitcoin&interval=1h&range=1M (or from/to in Unix ms or ISO 8601):
 * candles oldest first, at most 1000.
 */
export const klinesRoutes = new Hono<ApiEnv>()
  .get(
    '/v1/klines',
    doc({ tag: 'Market', summary: 'Candles of a coin, oldest first, at most 1000', query: klineQuery }),
    async (c) => {
      const q = parseQuery(c, klineQuery);
      return ok(c, await getKlines(c.get('db'), q.coin, q), 10);
    },
  )
  /**
   * GET /api/v1/klines/news?coin=bitcoin&from&to&limit: flash news and announcements about the
   * coin published in the window, oldest first, in the request language's content locales.
   */
  .get(
    '/v1/klines/news',
    doc({
      tag: 'Market',
      summary: 'Flash news and announcements of a coin in a window, for chart markers',
      query: newsMarkerQuery,
    }),
    optionalAuth,
    async (c) => {
      const q = parseQuery(c, newsMarkerQuery);
      return ok(
        c,
        await listNewsMarkers(c.get('db'), { ...q, locales: contentLocales(c.get('locale')), signedIn: isSignedIn(c) }),
        30,
      );
    },
  );
