import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { z } from 'zod';
import { listAnnouncements } from '../../content/announcements/index.ts';
import { contentLocales } from '../../../server/i18n/contentLocale.ts';
import { DomainError } from '../../../server/api/errors.ts';
import {
  notifiableExchanges,
  replaceSubscriptions,
  subscribedExchanges,
  SUBSCRIPTIONS_MAX,
} from './subscriptions.server.ts';
import type { ApiEnv } from '../../../server/api/env.ts';
import { requireAuth } from '../../../server/api/middleware/auth.ts';
import { done, fail, ok, parseQuery } from '../../../server/api/respond.ts';
import { pageQuery } from '../../../server/api/schemas.ts';
import { doc } from '../../../server/api/openapi.ts';

type C = Context<ApiEnv>;

const me = (c: C) => c.get('user')!.id;

const invalid = (key: string, vars?: Record<string, string | number>) => new DomainError(400, 400, `push.${key}`, vars);

/** {@link SUBSCRIPTIONS_MAX} names of up to 120 characters and their quotes. */
const listBody = bodyLimit({
  maxSize: 32 * 1024,
  onError: (c) => fail(c as C, 413, 413, (c as C).get('t')('push.tooManyExchanges', { count: SUBSCRIPTIONS_MAX })),
});

/** `{ exchanges: string[] }`: exchange URL names (an empty list unsubscribes from all). */
async function exchangeNamesOf(c: C): Promise<string[]> {
  let b: unknown;
  try {
    b = await c.req.json();
  } catch {
    throw invalid('badBody');
  }
  const list = b && typeof b === 'object' && !Array.isArray(b) ? (b as Record<string, unknown>).exchanges : undefined;
  if (!Array.isArray(list) || !list.every((n) => typeof n === 'string' && n.trim() !== '' && n.length <= 120))
    throw invalid('exchangesRule');
  if (list.length > SUBSCRIPTIONS_MAX) throw invalid('tooManyExchanges', { count: SUBSCRIPTIONS_MAX });
  return list as string[];
}

const { order: _order, ...paging } = pageQuery;
const subscribeQuery = z.object(paging);

/**
 * Announcement subscriptions (SPEC §7 "Announcements and notices (v2/v3)"): canonical under
 * /api/new/v2, the same handlers under /api/v3, like the notice paths.
 * - GET stare/exchange/list (auth) → `{ list: [{ name, display_name, subscribedAt }] }`
 * - POST stare/exchange/override (auth) `{ exchanges: ['binance', …] }` → the new list (replaces the set)
 * - GET notice/subscribe?page&size (auth) → the announcements of subscribed exchanges, newest first (shape of GET announcements)
 * - GET notice/exchanges → `{ list: [{ name, display_name }] }`: exchanges able to notify, by display_name, case-insensitive
 */
const v2 = new Hono<ApiEnv>()
  .get(
    '/stare/exchange/list',
    doc({ tag: 'Announcements and notices', summary: 'Exchanges whose announcements the user follows' }),
    requireAuth,
    async (c) => done(c, { list: await subscribedExchanges(c.get('db'), me(c)) }),
  )
  .post(
    '/stare/exchange/override',
    doc({
      tag: 'Announcements and notices',
      summary: 'Replace the followed exchanges',
      body: z.object({ exchanges: z.array(z.string()) }),
      handlerValidates: true,
    }),
    requireAuth,
    listBody,
    async (c) => done(c, { list: await replaceSubscriptions(c.get('db'), me(c), await exchangeNamesOf(c)) }),
  )
  .get(
    '/notice/subscribe',
    doc({
      tag: 'Announcements and notices',
      summary: 'Announcements of followed exchanges, newest first',
      query: subscribeQuery,
    }),
    requireAuth,
    async (c) => {
      const q = parseQuery(c, subscribeQuery);
      return done(
        c,
        await listAnnouncements(c.get('db'), {
          ...q,
          locales: contentLocales(c.get('locale')),
          signedIn: true,
          subscribedBy: me(c),
        }),
      );
    },
  )
  .get(
    '/notice/exchanges',
    doc({ tag: 'Announcements and notices', summary: 'Exchanges able to notify, by display name' }),
    async (c) => ok(c, { list: await notifiableExchanges(c.get('db')) }, 300),
  );

export const subscriptionRoutes = new Hono<ApiEnv>().route('/new/v2', v2).route('/v3', v2);
