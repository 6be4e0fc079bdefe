import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { DomainError } from '../../server/api/errors.ts';
import { countPageView, normalisePagePath, tokenBuckets } from './pageViews.server.ts';
import { isReaderAgent } from './views.server.ts';
import { visitors, type VisitorLedger } from './visitors.server.ts';
import type { ApiEnv } from '../../server/api/env.ts';
import { done, fail } from '../../server/api/respond.ts';
import { doc } from '../../server/api/openapi.ts';
import { z } from 'zod';

type C = Context<ApiEnv>;

const badPath = () => new DomainError(400, 4007, 'pageView.badPath');

/**
 * POST /api/new/v1/pv `{ path }` (no auth, no cookie; `navigator.sendBeacon` sends it as text/plain)
 * → `{ counted, path }`: one view of the normalised path today. Crawlers, and a visitor's
 * repeats of a path the same UTC day (visitors.ts), are answered `counted: false` and not
 * counted; more than 60 views at once from one address (then one a second) → 429. Nothing about
 * the reader is stored.
 */
export function pageViewRoutes(buckets = tokenBuckets(), ledger: VisitorLedger = visitors) {
  return new Hono<ApiEnv>().post(
    '/new/v1/pv',
    doc({
      tag: 'Settings and data',
      summary: 'Count a page view (first-party beacon; nothing about the reader is stored)',
      body: z.object({ path: z.string() }),
      handlerValidates: true,
    }),
    bodyLimit({ maxSize: 4096, onError: (c) => fail(c as C, 413, 413, (c as C).get('t')('pageView.badPath')) }),
    async (c) => {
      let b: unknown;
      try {
        b = JSON.parse(await c.req.text());
      } catch {
        throw badPath();
      }
      const path =
        b && typeof b === 'object' && !Array.isArray(b)
          ? normalisePagePath((b as Record<string, unknown>).path)
          : undefined;
      if (!path) throw badPath();
      const agent = c.req.header('user-agent');
      if (!isReaderAgent(agent)) return done(c, { counted: false, path });
      const address = c.env?.clientAddress ?? 'unknown';
      if (!buckets.take(address)) {
        // The bucket gains a view a second: that is when to come back.
        c.header('Retry-After', '1');
        throw new DomainError(429, 4291, 'pageView.tooMany');
      }
      if (!ledger.first(address, agent ?? '', `pv:${path}`)) return done(c, { counted: false, path });
      await countPageView(c.get('db'), path);
      return done(c, { counted: true, path });
    },
  );
}
