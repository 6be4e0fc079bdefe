import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { createMiddleware } from 'hono/factory';
import { CSRF_HEADER, sessionCookieNames } from '../../../lib/sessionKeys.ts';
import { clearedSessionCookies, csrfMatches } from '../../auth/cookies.ts';
import { authenticate, type AuthUser } from '../../auth/tokens.ts';
import type { ApiEnv } from '../env.ts';
import { fail } from '../respond.ts';
import { isHttps } from './sameSite.ts';

/** The bearer token of a request's Authorization header. */
function bearer(header: string | undefined): string | null {
  const m = header?.match(/^Bearer\s+([A-Za-z0-9_.-]{20,2048})\s*$/i);
  return m ? m[1]! : null;
}

const TOKEN = /^[A-Za-z0-9_.-]{20,2048}$/;

type Found = { user: AuthUser; token: string; via: 'header' | 'cookie' };

/**
 * Who sends a request. API clients send `Authorization: Bearer <token>` (SPEC §7); a browser
 * sends its HttpOnly `jwt` cookie, which counts only together with the session's CSRF token in
 * `X-CSRF-Token`: a page script of this site can read the `csrf` cookie, another site cannot,
 * and it cannot add the header to a cross-site request either. So no other site can act (or
 * read) through a reader's cookie, GETs included (SPEC §7 changes state on GET: bindingPhone …).
 * `stale`: a session cookie whose token no longer works (expired, revoked).
 */
async function credentials(c: Context<ApiEnv>): Promise<{ found: Found | null; stale: boolean }> {
  const db = c.get('db');
  const header = c.req.header('authorization');
  if (header !== undefined) {
    const token = bearer(header);
    const user = token ? await authenticate(db, token) : null;
    return { found: user && token ? { user, token, via: 'header' } : null, stale: false };
  }
  // Over https only the `__Host-` cookie counts: one a sibling subdomain planted (plain `jwt`) never does.
  const token = getCookie(c, sessionCookieNames(isHttps(c)).jwt);
  if (!token) return { found: null, stale: false };
  const user = TOKEN.test(token) ? await authenticate(db, token) : null;
  if (!user) return { found: null, stale: true };
  if (!(await csrfMatches(db, user.sessionId, c.req.header(CSRF_HEADER)))) return { found: null, stale: false };
  return { found: { user, token, via: 'cookie' }, stale: false };
}

function remember(c: Context<ApiEnv>, found: Found): void {
  c.set('user', found.user);
  c.set('token', found.token);
  c.set('via', found.via);
}

/** Signed-in users only: 401 with the request's language otherwise (missing, expired, revoked or forged token; a cookie without its CSRF header). */
export const requireAuth = createMiddleware<ApiEnv>(async (c, next) => {
  const { found, stale } = await credentials(c);
  if (!found) {
    // A session that ended: its cookies go, in this answer (401s are never cached).
    if (stale) for (const cookie of clearedSessionCookies(isHttps(c))) c.header('Set-Cookie', cookie, { append: true });
    return fail(c, 401, 401, c.get('t')('auth.loginRequired'));
  }
  remember(c, found);
  await next();
  return undefined;
});

/**
 * Reads the user when valid credentials come along; visitors pass as they are. The answer
 * depends on who asks: it varies on the headers that say so (a signed-in answer is private,
 * respond.ts).
 */
export const optionalAuth = createMiddleware<ApiEnv>(async (c, next) => {
  c.header('Vary', `Authorization, Cookie, ${CSRF_HEADER}`, { append: true });
  // A stale cookie is left as it is here: the answer may be public and cached, and must not carry Set-Cookie.
  const { found } = await credentials(c);
  if (found) remember(c, found);
  await next();
});

/** Whether optionalAuth found a signed-in reader. */
export const isSignedIn = (c: Context<ApiEnv>): boolean => c.get('user') !== undefined;
