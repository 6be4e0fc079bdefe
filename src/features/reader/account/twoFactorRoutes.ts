/**
 * Two-factor sign-in in the user centre (twoFactor.server.ts): its state, enrolment with a QR
 * code, turning it off and new recovery codes. Every change but the confirming code of an
 * enrolment asks for the password again; the second step of a sign-in is in routes.ts.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import * as twoFactor from './twoFactor.server.ts';
import { account, body, type C, caller, me, smallBody, str } from './routes.ts';
import type { ApiEnv } from '../../../server/api/env.ts';
import { requireAuth } from '../../../server/api/middleware/auth.ts';
import { done } from '../../../server/api/respond.ts';

const passwordIn = (b: Record<string, unknown>) =>
  typeof b.password === 'string' && b.password.length <= 1024 ? b.password : '';
const codeIn = (b: Record<string, unknown>) => (typeof b.code === 'string' ? b.code : '');
const withCode = z.object({ password: str, code: str.describe('six digits from the app, or a recovery code') });

export const twoFactorRoutes = new Hono<ApiEnv>()
  .basePath('/new/v1/user/twoFactor')
  .get('/', account('Whether two-factor sign-in is on, and how many recovery codes are left'), requireAuth, async (c) =>
    done(c, await twoFactor.twoFactorState(c.get('db'), me(c).id)),
  )
  .post(
    '/setup',
    account('Start enrolling an authenticator app: a new secret, its otpauth URI and a QR code (SVG)', {
      body: z.object({ password: str }),
    }),
    requireAuth,
    smallBody,
    async (c: C) => done(c, await twoFactor.startEnrolment(c.get('db'), me(c).id, passwordIn(await body(c)))),
  )
  .post(
    '/enable',
    account('Confirm the enrolment with a code from the app; answers ten recovery codes, shown once', {
      body: z.object({ code: str }),
    }),
    requireAuth,
    smallBody,
    async (c: C) =>
      done(c, await twoFactor.enable(c.get('db'), caller(c), me(c), codeIn(await body(c))), 'auth.twoFactor.enabled'),
  )
  .post(
    '/disable',
    account('Turn two-factor sign-in off, with the password and a code', { body: withCode }),
    requireAuth,
    smallBody,
    async (c: C) => {
      const b = await body(c);
      await twoFactor.disable(c.get('db'), caller(c), me(c), passwordIn(b), codeIn(b));
      return done(c, null, 'auth.twoFactor.disabled');
    },
  )
  .post(
    '/recoveryCodes',
    account('Ten new recovery codes (the old ones stop working), with the password and a code', { body: withCode }),
    requireAuth,
    smallBody,
    async (c: C) => {
      const b = await body(c);
      return done(
        c,
        await twoFactor.renewRecoveryCodes(c.get('db'), caller(c), me(c), passwordIn(b), codeIn(b)),
        'auth.twoFactor.renewed',
      );
    },
  );
