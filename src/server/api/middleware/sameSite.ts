import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { siteOrigin } from '../../config.ts';
import type { ApiEnv } from '../env.ts';
import { fail } from '../respond.ts';

/**
 * Served over https, directly or as a trusted proxy says (src/server/http/node/server.mjs drops
 * X-Forwarded-Proto unless TRUST_PROXY is set, as the page render does).
 */
export function isHttps(c: Context<ApiEnv>): boolean {
  return new URL(c.req.url).protocol === 'https:' || c.req.header('x-forwarded-proto') === 'https';
}

/** The host a browser's Origin must name: this request's own, or SITE_URL's. */
function ownHosts(c: Context<ApiEnv>): string[] {
  const hosts = [new URL(siteOrigin()).host];
  const host = c.req.header('host') ?? c.req.header('x-forwarded-host') ?? new URL(c.req.url).host;
  if (host) hosts.push(host.toLowerCase());
  return hosts;
}

function sameOrigin(c: Context<ApiEnv>, origin: string): boolean {
  let host: string;
  try {
    host = new URL(origin).host.toLowerCase();
  } catch {
    return false; // "null" (a sandboxed frame, a file), or garbage
  }
  return ownHosts(c).includes(host);
}

/**
 * Requests another site makes a reader's browser send are refused: the browser says so in
 * `Sec-Fetch-Site` (cross-site, same-site), or names another origin in `Origin`. Clients that
 * are not browsers send neither and pass. Without this, any page could make its visitors
 * register accounts, ask for sign-in and reset codes, or guess passwords from their addresses
 * (spreading the per-address limits), with "simple" requests that need no CORS permission.
 * The signed-in routes need more than this: the CSRF header (middleware/auth.ts).
 */
export const refuseCrossSite = createMiddleware<ApiEnv>(async (c, next) => {
  const site = c.req.header('sec-fetch-site');
  const origin = c.req.header('origin');
  if (
    (site !== undefined && site !== 'same-origin' && site !== 'none') ||
    (origin !== undefined && !sameOrigin(c, origin))
  ) {
    return fail(c, 403, 4030, c.get('t')('auth.crossSite'));
  }
  await next();
  return undefined;
});
