import { createMiddleware } from 'hono/factory';
import { verifySignature } from '../../../lib/signature.ts';
import { config } from '../../config.ts';
import { DomainError } from '../errors.ts';
import { apiLocale, checkRequest, isCleanJson, requestLocale, verdictKey } from '../../http/edge.ts';
import { getDb } from '../../db/index.ts';
import { translator } from '../../i18n/index.ts';
import type { ApiEnv } from '../env.ts';
import { fail } from '../respond.ts';

/**
 * The edge rule (src/server/http/edge.ts) for the API: a method it does not take is 405 with
 * `Allow`, a path that cannot name anything 404, an unreadable query 400, in the envelope.
 * src/middleware.ts applies the same rule before Astro routes; this keeps it when the app is
 * called directly.
 */
export const edgeGuard = createMiddleware<ApiEnv>(async (c, next) => {
  const url = new URL(c.req.url);
  const verdict = checkRequest(c.req.method, url.pathname, url.search);
  if (verdict) {
    const t = translator(apiLocale(url.search, (name) => c.req.header(name) ?? null));
    if (verdict.status === 405) c.header('Allow', verdict.allow);
    return fail(c, verdict.status, verdict.status, t(verdictKey(verdict)));
  }
  // JSON bodies are read by the routes (after their own size limits): the rule goes with the
  // reading, so a route that parses a body gets only clean text, or a 400 it answers as its own.
  const json = c.req.json.bind(c.req);
  c.req.json = async <T>() => {
    const value = await json<T>();
    if (!isCleanJson(value)) throw new DomainError(400, 400, 'api.badRequest');
    return value;
  };
  await next();
  return undefined;
});

/** The request's locale (`requestLocale`: lan, zh-hk told apart from zh, cookie, x-locale, en); plus the translator and db. */
export const requestContext = createMiddleware<ApiEnv>(async (c, next) => {
  const locale = requestLocale(c.req.query('lan'), (name) => c.req.header(name) ?? null);
  c.set('locale', locale);
  c.set('t', translator(locale));
  c.set('db', await getDb());
  await next();
});

/** Requires the day signature `t` of SPEC §7 (yesterday, today or tomorrow). */
export const requireSignature = createMiddleware<ApiEnv>(async (c, next) => {
  if (!(await verifySignature(c.req.query('t'), Date.now(), config().SIGN_SALT))) {
    return fail(c, 400, 4001, c.get('t')('api.badSignature'));
  }
  await next();
  return undefined;
});
