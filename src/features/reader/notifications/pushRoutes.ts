import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { consume } from '../../../server/auth/throttle.ts';
import { siteOrigin } from '../../../server/config.ts';
import { DomainError } from '../../../server/api/errors.ts';
import { feedTokenStatus, privateFeedPath, revokeFeedToken, rotateFeedToken } from './subscriptions.server.ts';
import { iidOf, linkDevice, registerDevice, subscriptionOf, unlinkDevice } from '../../../server/notify/devices.ts';
import { vapidKeys } from '../../../server/notify/vapid.ts';
import type { ApiEnv } from '../../../server/api/env.ts';
import { optionalAuth, requireAuth } from '../../../server/api/middleware/auth.ts';
import { done, fail, ok } from '../../../server/api/respond.ts';
import { doc } from '../../../server/api/openapi.ts';
import { z } from 'zod';

type C = Context<ApiEnv>;

const me = (c: C) => c.get('user')!.id;

/** A subscription is well under 1 KB; 8 KB is plenty. */
const smallBody = bodyLimit({
  maxSize: 8 * 1024,
  onError: (c) => fail(c as C, 413, 413, (c as C).get('t')('push.badBody')),
});

/** Device registrations need no account: a few per hour per address. */
const ADD_LIMIT = [{ windowMs: 3_600_000, max: 60 }];

async function body(c: C): Promise<Record<string, unknown>> {
  let value: unknown;
  try {
    value = await c.req.json();
  } catch {
    throw new DomainError(400, 400, 'push.badBody');
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw new DomainError(400, 400, 'push.badBody');
  return value as Record<string, unknown>;
}

/** The two addresses of a private feed: RSS and Atom. */
const feedUrls = (token: string) => ({
  rss: siteOrigin() + privateFeedPath(token, 'rss'),
  atom: siteOrigin() + privateFeedPath(token, 'atom'),
});

/**
 * Web Push devices and the private announcement feed (all under /api/new/v1):
 * - GET push/vapidKey → `{ publicKey }`: the browser's applicationServerKey (base64url)
 * - POST push/chrome_notificate `{ event, iid, subscription? }` → `{ iid, linked }`:
 *   `add` registers or refreshes the device (no account needed; `subscription` is the browser's
 *   PushSubscription JSON), `login_in` links it to the signed-in user (auth), `login_out` unlinks
 *   the device with this iid (no auth needed: the token may already be revoked at logout).
 * - GET notice/feedToken (auth) → `{ active, createdAt }`
 * - POST notice/feedToken (auth) → `{ rss, atom, createdAt }`: a new secret feed URL, shown once; the old one stops working
 * - POST notice/feedToken/revoke (auth) → `{ active: false }`
 */
export const pushRoutes = new Hono<ApiEnv>()
  .basePath('/new/v1')
  .get('/push/vapidKey', doc({ tag: 'Push', summary: 'The VAPID public key (applicationServerKey)' }), async (c) => {
    return ok(c, { publicKey: (await vapidKeys(c.get('db'))).publicKey }, 3600);
  })
  .post(
    '/push/chrome_notificate',
    doc({
      tag: 'Push',
      summary: 'Register a device (add), link it to the user (login_in) or unlink it (login_out)',
      body: z.object({
        event: z.enum(['add', 'login_in', 'login_out']),
        iid: z.string(),
        subscription: z
          .object({ endpoint: z.string().url(), keys: z.object({ p256dh: z.string(), auth: z.string() }) })
          .optional(),
      }),
      handlerValidates: true,
    }),
    smallBody,
    optionalAuth,
    async (c) => {
      const b = await body(c);
      const event = b.event;
      if (event !== 'add' && event !== 'login_in' && event !== 'login_out')
        throw new DomainError(400, 400, 'push.eventRule');
      const iid = iidOf(b.iid);
      const db = c.get('db');
      if (event === 'add') {
        const subscription = subscriptionOf(b.subscription);
        const verdict = await consume(db, `push:add:${c.env?.clientAddress ?? 'unknown'}`, ADD_LIMIT);
        if (!verdict.ok)
          throw new DomainError(429, 429, 'push.tooManyRequests', { count: verdict.retryAfter }, verdict.retryAfter);
        return done(c, { iid, ...(await registerDevice(db, iid, subscription, c.get('locale'))) });
      }
      if (event === 'login_in') {
        if (!c.get('user')) return fail(c, 401, 401, c.get('t')('auth.loginRequired'));
        return done(c, { iid, ...(await linkDevice(db, iid, me(c))) });
      }
      return done(c, { iid, ...(await unlinkDevice(db, iid)) });
    },
  )
  .get(
    '/notice/feedToken',
    doc({ tag: 'Push', summary: 'Whether a private feed URL exists' }),
    requireAuth,
    async (c) => done(c, await feedTokenStatus(c.get('db'), me(c))),
  )
  .post(
    '/notice/feedToken',
    doc({ tag: 'Push', summary: 'A new private feed URL (the old one stops working)' }),
    requireAuth,
    async (c) => {
      const { token, createdAt } = await rotateFeedToken(c.get('db'), me(c), c.get('locale'));
      return done(c, { ...feedUrls(token), createdAt });
    },
  )
  .post(
    '/notice/feedToken/revoke',
    doc({ tag: 'Push', summary: 'Revoke the private feed URL' }),
    requireAuth,
    async (c) => {
      await revokeFeedToken(c.get('db'), me(c));
      return done(c, { active: false });
    },
  );
