/**
 * Passkeys (passkeys.server.ts): the user centre's list, adding one (with the password) and
 * removing one; signing in with one, and one as the second step of a sign-in.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import * as passkeys from './passkeys.server.ts';
import { account, body, type C, caller, keepSession, me, smallBody, str } from './routes.ts';
import { invalid } from './rules.ts';
import type { ApiEnv } from '../../../server/api/env.ts';
import { requireAuth } from '../../../server/api/middleware/auth.ts';
import { isHttps } from '../../../server/api/middleware/sameSite.ts';
import { done } from '../../../server/api/respond.ts';
import { config, siteOrigin } from '../../../server/config.ts';

/**
 * The site as WebAuthn sees it: SITE_URL's origin when it is set (the address readers use, which
 * a public site sets), else the host this request came to, as the same-site check takes it (a
 * site run locally without SITE_URL, opened at localhost).
 */
function relyingParty(c: C): passkeys.RelyingParty {
  const host = c.req.header('host');
  const origin = config().SITE_URL || !host ? siteOrigin() : `${isHttps(c) ? 'https' : 'http'}://${host.toLowerCase()}`;
  return { origin, id: new URL(origin).hostname };
}

const nameOf = (v: unknown): string => {
  const name = typeof v === 'string' ? v.trim() : '';
  if (!name || [...name].length > 40 || /[\u0000-\u001f\u007f<>]/.test(name)) throw invalid('passkey.nameRule');
  return name;
};
const webauthn = z.record(z.string(), z.unknown()).describe('the credential as @simplewebauthn/browser answers it');

export const passkeyRoutes = new Hono<ApiEnv>()
  .basePath('/new/v1')
  .get('/user/passkeys', account('The passkeys of the signed-in account'), requireAuth, async (c) =>
    done(c, await passkeys.listPasskeys(c.get('db'), me(c).id)),
  )
  .post(
    '/user/passkeys/options',
    account('Start adding a passkey: the password again, then the options for navigator.credentials.create', {
      body: z.object({ password: str }),
    }),
    requireAuth,
    smallBody,
    async (c: C) => {
      const b = await body(c);
      const password = typeof b.password === 'string' && b.password.length <= 1024 ? b.password : '';
      return done(c, await passkeys.registrationOptions(c.get('db'), relyingParty(c), me(c).id, password));
    },
  )
  .post(
    '/user/passkeys',
    account('Add the passkey the browser created for those options; answers the list', {
      body: z.object({ response: webauthn, name: str.describe('1 to 40 characters') }),
    }),
    requireAuth,
    smallBody,
    async (c: C) => {
      const b = await body(c);
      const input = { response: b.response, name: nameOf(b.name) };
      return done(
        c,
        await passkeys.addPasskey(c.get('db'), caller(c), relyingParty(c), me(c), input),
        'auth.passkey.added',
      );
    },
  )
  .post(
    '/user/passkeys/remove',
    account('Remove one of the account’s passkeys; answers the list', {
      body: z.object({ id: z.number().int().min(1) }),
    }),
    requireAuth,
    smallBody,
    async (c: C) => {
      const b = await body(c);
      const id = typeof b.id === 'number' && Number.isSafeInteger(b.id) && b.id > 0 ? b.id : 0;
      if (!id) throw invalid('invalidInput');
      return done(c, await passkeys.removePasskey(c.get('db'), caller(c), me(c), id), 'auth.passkey.removed');
    },
  )
  .post('/login/passkey/options', account('Options to sign in with any passkey of this site'), async (c: C) =>
    done(c, await passkeys.signInOptions(c.get('db'), relyingParty(c))),
  )
  .post(
    '/login/passkey',
    account('Sign in with a passkey: the credential the browser answered for those options; answers the session', {
      body: z.object({ response: webauthn }),
    }),
    smallBody,
    async (c: C) => {
      const b = await body(c);
      return done(
        c,
        await keepSession(c, await passkeys.signInWithPasskey(c.get('db'), caller(c), relyingParty(c), b.response)),
      );
    },
  )
  .post(
    '/login/twoFactor/passkey/options',
    account('Options to answer a sign-in challenge with one of the account’s passkeys', {
      body: z.object({ challenge: str }),
    }),
    smallBody,
    async (c: C) => {
      const b = await body(c);
      const challenge = typeof b.challenge === 'string' ? b.challenge : '';
      return done(c, await passkeys.secondFactorOptions(c.get('db'), relyingParty(c), challenge));
    },
  )
  .post(
    '/login/twoFactor/passkey',
    account('Answer a sign-in challenge with one of the account’s passkeys; answers the session', {
      body: z.object({ challenge: str, response: webauthn }),
    }),
    smallBody,
    async (c: C) => {
      const b = await body(c);
      const challenge = typeof b.challenge === 'string' ? b.challenge : '';
      return done(
        c,
        await keepSession(
          c,
          await passkeys.answerWithPasskey(c.get('db'), caller(c), relyingParty(c), {
            challenge,
            response: b.response,
          }),
        ),
      );
    },
  );
