import { Hono } from 'hono';
import { z } from 'zod';
import { KLINE_INTERVALS, KLINE_RANGES } from '../../../lib/klines.ts';
import { getKlines } from '../../domain/klines.ts';
import type { ApiEnv } from '../env.ts';
import { ok, parseQuery } from '../respond.ts';
import { slug } from '../schemas.ts';
import { doc } from '../openapi.ts';

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

/**
 * GET /api/v1/klines?coin=bitcoin&interval=1h&range=1M (or from/to in Unix ms or ISO 8601):
 * candles oldest first, at most 1000.
 */
export const klinesRoutes = new Hono<ApiEnv>().get('/v1/klines', doc({ tag: 'Market', summary: 'Candles of a coin, oldest first, at most 1000', query: klineQuery }), async (c) => {
  const q = parseQuery(c, klineQuery);
  return ok(c, await getKlines(c.get('db'), q.coin, q), 10);
});
