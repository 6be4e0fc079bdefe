/**
 * SPEC §7 "Account (v1)" for a reader who is not signed in yet: registration, activation, sign-in
 * and recovery; with the helpers every account route uses (profileRoutes.ts holds the rest).
 */
import { Hono, type Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { bodyLimit } from 'hono/body-limit';
import * as accounts from './signIn.server.ts';
import type { Caller, Signed, SignedIn, UserView } from './account.server.ts';
import { answerChallenge, type SecondFactorNeeded } from './twoFactor.server.ts';
import { DEVICE_COOKIE, deviceCookie, sessionCookies } from '../../../server/auth/cookies.ts';
import { accountOf, codeOf, emailOf, invalid, linkTokenOf, passwordOf, phoneOf, userNameOf } from './rules.ts';
import { DomainError } from '../../../server/api/errors.ts';
import type { ApiEnv } from '../../../server/api/env.ts';
import { requireAuth } from '../../../server/api/middleware/auth.ts';
import { isHttps } from '../../../server/api/middleware/sameSite.ts';
import { done, fail } from '../../../server/api/respond.ts';
import { doc } from '../../../server/api/openapi.ts';
import { z } from 'zod';
import { RISE_FALL_COOKIE, RISE_FALL_COOKIE_MAX_AGE_S, toRiseFallScheme } from '../../../lib/riseFall.ts';
import type { RouteDoc } from '../../../server/api/openapi.ts';

export type C = Context<ApiEnv>;

export function caller(c: C): Caller {
  const colours = toRiseFallScheme(getCookie(c, RISE_FALL_COOKIE));
  return {
    ip: c.env?.clientAddress ?? null,
    userAgent: c.req.header('user-agent') ?? null,
    locale: c.get('locale'),
    t: c.get('t'),
    colours,
    device: getCookie(c, DEVICE_COOKIE),
  };
}

/**
 * A new session in this browser: the HttpOnly `jwt` cookie and its readable `csrf` companion
 * (accounts/cookies.ts), and the device cookie that lets this browser's correct password pass
 * strangers' wrong guesses. The answer still carries the token for API clients (SPEC §7), which
 * send it in the Authorization header.
 */
export async function keepSession(c: C, signed: SignedIn): Promise<Signed> {
  const secure = isHttps(c);
  for (const cookie of await sessionCookies(c.get('db'), signed.token, secure))
    c.header('Set-Cookie', cookie, { append: true });
  c.header('Set-Cookie', await deviceCookie(c.get('db'), signed.device, secure), { append: true });
  return keepColours(c, { token: signed.token, user: signed.user });
}

/**
 * A sign-in's answer: the session (keepSession), or, for an account with two-factor sign-in, the
 * challenge to answer at POST login/twoFactor (no cookie is set until then).
 */
export async function sessionOrChallenge(
  c: C,
  result: SignedIn | SecondFactorNeeded,
): Promise<Signed | SecondFactorNeeded> {
  return 'secondFactor' in result ? result : keepSession(c, result);
}

/**
 * Writes the account's rise/fall colours to this browser's cookie (pages render from the cookie,
 * not the session): the profile's choice follows the reader to every browser they sign in on.
 * Not HttpOnly: the header's colour menu rewrites it.
 */
export function keepColours<T extends { user: UserView } | UserView>(c: C, signed: T): T {
  const colours = 'user' in signed ? signed.user.colours : signed.colours;
  const cookie = colours
    ? `${RISE_FALL_COOKIE}=${colours}; Path=/; Max-Age=${RISE_FALL_COOKIE_MAX_AGE_S}; SameSite=Lax`
    : `${RISE_FALL_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`;
  // A sign-in with no account choice leaves the visitor's cookie (if any) as it is.
  if (colours || !('user' in signed)) c.header('Set-Cookie', cookie, { append: true });
  return signed;
}

/** The signed-in user (requireAuth ran). */
export const me = (c: C) => c.get('user')!;

/**
 * A JSON object body; anything else is the default invalid-input message. Sent as JSON: a
 * cross-site form or text/plain post (which browsers send without asking) is refused.
 */
export async function body(c: C): Promise<Record<string, unknown>> {
  const type = c.req.header('content-type')?.split(';')[0]?.trim().toLowerCase() ?? '';
  if (type !== 'application/json' && !/^application\/[\w.+-]+\+json$/.test(type))
    throw new DomainError(415, 415, 'auth.jsonOnly');
  let value: unknown;
  try {
    value = await c.req.json();
  } catch {
    throw invalid('invalidInput');
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw invalid('invalidInput');
  return value as Record<string, unknown>;
}

const optional = <T>(value: unknown, parse: (v: unknown) => T): T | undefined =>
  value === undefined || value === null || value === '' ? undefined : parse(value);

/** Account bodies are a few fields: 16 KB is plenty, and nobody gets to make us parse megabytes. */
export const smallBody = bodyLimit({
  maxSize: 16 * 1024,
  onError: (c) => fail(c as C, 413, 413, (c as C).get('t')('auth.invalidInput')),
});

/** The documented shapes of account input; the rules and their SPEC messages are in accounts/rules.ts. */
export const str = z.string();
export const phoneQ = z.object({ phone: str.describe('E.164, or national with the country code') });
export const account = (summary: string, more: Partial<RouteDoc> = {}) =>
  doc({ tag: 'Account', summary, handlerValidates: true, ...more });

/** SPEC §7 "Account (v1)". */
export const accountRoutes = new Hono<ApiEnv>()
  .basePath('/new/v1')
  .post(
    '/register',
    account('Register with user name, e-mail and password; answers the session', {
      body: z.object({ userName: str, email: str, password: str }),
    }),
    smallBody,
    async (c) => {
      const b = await body(c);
      const input = { userName: userNameOf(b.userName), email: emailOf(b.email), password: passwordOf(b.password) };
      const { mailSent, ...signed } = await accounts.register(c.get('db'), caller(c), input);
      // `mailSent`: whether the activation mail went out (the page says "check your e-mail", or how to send it again).
      return done(
        c,
        { ...(await keepSession(c, signed)), mailSent },
        mailSent ? 'auth.registered' : 'auth.registeredMailFailed',
      );
    },
  )
  .get('/sendMailByActive', account('Send the activation mail again'), requireAuth, async (c) => {
    await accounts.resendActivation(c.get('db'), caller(c), me(c).id);
    return done(c, null, 'auth.activationSent');
  })
  .get('/sendSMS4Login', account('Send a sign-in code by SMS', { query: phoneQ }), async (c) => {
    await accounts.sendLoginCode(c.get('db'), caller(c), phoneOf(c.req.query('phone')));
    return done(c, null, 'auth.codeSent');
  })
  .post(
    '/registerByPhone',
    account('Register with phone, SMS code and password', {
      body: z.object({ phone: str, code: str, password: str, userName: str.optional() }),
    }),
    smallBody,
    async (c) => {
      const b = await body(c);
      const input = {
        phone: phoneOf(b.phone),
        code: codeOf(b.code),
        password: passwordOf(b.password),
        userName: optional(b.userName, userNameOf),
      };
      return done(c, await keepSession(c, await accounts.registerByPhone(c.get('db'), caller(c), input)));
    },
  )
  .post(
    '/loginByPhone',
    account('Sign in with phone and SMS code', { body: z.object({ phone: str, code: str }) }),
    smallBody,
    async (c) => {
      const b = await body(c);
      return done(
        c,
        await sessionOrChallenge(
          c,
          await accounts.loginByPhone(c.get('db'), caller(c), { phone: phoneOf(b.phone), code: codeOf(b.code) }),
        ),
      );
    },
  )
  .post(
    '/login',
    account('Sign in with user name or e-mail, and password (by phone: loginByPhone with an SMS code)', {
      body: z.object({ account: str, password: str }),
    }),
    smallBody,
    async (c) => {
      const b = await body(c);
      const password = typeof b.password === 'string' && b.password.length <= 1024 ? b.password : '';
      return done(
        c,
        await sessionOrChallenge(
          c,
          await accounts.login(c.get('db'), caller(c), { account: accountOf(b.account), password }),
        ),
      );
    },
  )
  .post(
    '/login/twoFactor',
    account(
      'Second step of a sign-in for an account with two-factor sign-in: the challenge login or loginByPhone answered (`secondFactor.challenge`, five minutes) and a code from the authenticator app or a recovery code',
      { body: z.object({ challenge: str, code: str }) },
    ),
    smallBody,
    async (c) => {
      const b = await body(c);
      const challenge = typeof b.challenge === 'string' ? b.challenge : '';
      const code = typeof b.code === 'string' ? b.code : '';
      return done(c, await keepSession(c, await answerChallenge(c.get('db'), caller(c), { challenge, code })));
    },
  )
  .get('/sendSMS4ResetPwd', account('Send a password reset code by SMS', { query: phoneQ }), async (c) => {
    await accounts.sendResetCode(c.get('db'), caller(c), phoneOf(c.req.query('phone')));
    return done(c, null, 'auth.codeSent');
  })
  .post(
    '/applyToResetPwdByPhone',
    account('Reset the password with phone and SMS code', { body: z.object({ phone: str, code: str, password: str }) }),
    smallBody,
    async (c) => {
      const b = await body(c);
      await accounts.resetByPhone(c.get('db'), caller(c), {
        phone: phoneOf(b.phone),
        code: codeOf(b.code),
        password: passwordOf(b.password),
      });
      return done(c, null, 'auth.passwordReset');
    },
  )
  .post(
    '/applyToResetPwd',
    account('Mail a password reset link', { body: z.object({ email: str }) }),
    smallBody,
    async (c) => {
      const b = await body(c);
      await accounts.sendResetLink(c.get('db'), caller(c), emailOf(b.email));
      return done(c, null, 'auth.resetMailSent');
    },
  )
  .post(
    '/resetPwd',
    account('Reset the password with the mailed link', { body: z.object({ token: str, password: str }) }),
    smallBody,
    async (c) => {
      const b = await body(c);
      await accounts.resetByLink(c.get('db'), caller(c), {
        token: linkTokenOf(b.token),
        password: passwordOf(b.password),
      });
      return done(c, null, 'auth.passwordReset');
    },
  );
