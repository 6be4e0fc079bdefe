import { createMiddleware } from 'hono/factory';
import { authenticate } from '../../accounts/tokens.ts';
import type { ApiEnv } from '../env.ts';
import { fail } from '../respond.ts';

/** The bearer token of a request: from the Authorization header only, never a cookie (SPEC §7 changes state on GET). */
function bearer(header: string | undefined): string | null {
  const m = header?.match(/^Bearer\s+([A-Za-z0-9_.-]{20,2048})\s*$/i);
  return m ? m[1]! : null;
}

/** Signed-in users only: 401 with the request's language otherwise (missing, expired, revoked or forged token). */
export const requireAuth = createMiddleware<ApiEnv>(async (c, next) => {
  const token = bearer(c.req.header('authorization'));
  const user = token ? await authenticate(c.get('db'), token) : null;
  if (!user || !token) return fail(c, 401, 401, c.get('t')('auth.loginRequired'));
  c.set('user', user);
  c.set('token', token);
  await next();
  return undefined;
});

/** Reads the user when a valid token comes along; visitors pass as they are. */
export const optionalAuth = createMiddleware<ApiEnv>(async (c, next) => {
  const token = bearer(c.req.header('authorization'));
  const user = token ? await authenticate(c.get('db'), token) : null;
  if (user && token) {
    c.set('user', user);
    c.set('token', token);
  }
  await next();
});
