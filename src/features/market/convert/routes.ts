import { Hono } from 'hono';
import { z } from 'zod';
import type { ApiEnv } from '../../../server/api/env.ts';
import { doc } from '../../../server/api/openapi.ts';
import { ok, parseQuery } from '../../../server/api/respond.ts';
import { convertQuote } from './convert.server.ts';
import { MAX_CODE_LENGTH } from './input.ts';

const code = z.string().trim().min(1).max(MAX_CODE_LENGTH);
const convertQuery = z.object({
  from: code.describe('A coin symbol (the best-ranked coin with it) or a fiat code of the currency switcher'),
  to: code.describe('The same, for the currency to convert into'),
  amount: z
    .string()
    .max(64)
    .optional()
    .describe('A positive decimal, at most 15 digits before the point and 18 after it; default 1'),
});

/** Prices move every few seconds: a converted amount may be this old in a cache. */
const CACHE_SECONDS = 10;

/** GET /api/v1/convert?from=btc&to=usd&amount=2.5: the exact conversion and both legs' provenance. */
export const convertRoutes = new Hono<ApiEnv>().get(
  '/v1/convert',
  doc({
    tag: 'Market',
    summary:
      'Converts an amount between two coins or currencies at the live rate, in exact decimals, with each side’s price or rate, its age and its sources',
    query: convertQuery,
  }),
  async (c) => {
    const q = parseQuery(c, convertQuery);
    return ok(c, await convertQuote(c.get('db'), q, c.get('locale')), CACHE_SECONDS);
  },
);
