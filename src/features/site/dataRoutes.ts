import { Hono } from 'hono';
import { z } from 'zod';
import { DomainError } from '../../server/api/errors.ts';
import { volumePerVisit } from '../market/exchanges/index.ts';
import { getRates, isRateSymbol, RATE_SYMBOLS } from '../../server/rates/rates.ts';
import type { ApiEnv } from '../../server/api/env.ts';
import { ok, parseQuery } from '../../server/api/respond.ts';
import { doc } from '../../server/api/openapi.ts';

const exrateQuery = z.object({
  base: z.literal('USD', { errorMap: () => ({ message: 'only USD is supported' }) }).default('USD'),
  symbols: z.string().max(200).default(RATE_SYMBOLS.join(',')),
});

/** The data-centre endpoints (SPEC §7 "Settings and data"). */
export const data = new Hono<ApiEnv>()
  .get(
    '/exrate',
    doc({ tag: 'Settings and data', summary: 'Fiat exchange rates against USD', query: exrateQuery, unsigned: true }),
    async (c) => {
      const q = parseQuery(c, exrateQuery);
      const symbols = [
        ...new Set(
          q.symbols
            .split(',')
            .map((s) => s.trim().toUpperCase())
            .filter(Boolean),
        ),
      ];
      const unknown = symbols.filter((s) => !isRateSymbol(s));
      if (unknown.length) throw new DomainError(400, 400, 'api.unknownSymbol', { symbols: unknown.join(', ') });
      return ok(c, await getRates(c.get('db'), symbols), 300);
    },
  )
  .get(
    '/volumePerVisit',
    doc({ tag: 'Settings and data', summary: 'Trading volume per site visit', unsigned: true }),
    async (c) => {
      return ok(c, { volumePerVisit: await volumePerVisit(c.get('db')), timestamp: Date.now() }, 3600);
    },
  );
