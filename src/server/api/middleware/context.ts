import { getCookie } from 'hono/cookie';
import { createMiddleware } from 'hono/factory';
import { DEFAULT_LOCALE, toLocale } from '../../../lib/i18n/index.ts';
import { verifySignature } from '../../../lib/signature.ts';
import { config } from '../../config.ts';
import { getDb } from '../../db/index.ts';
import { translator } from '../../i18n/index.ts';
import type { ApiEnv } from '../env.ts';
import { fail } from '../respond.ts';

/** Locale from `lan`, then the locale cookie, then x-locale, else en; plus the translator and db. */
export const requestContext = createMiddleware<ApiEnv>(async (c, next) => {
  const locale =
    toLocale(c.req.query('lan')) ?? toLocale(getCookie(c, 'locale')) ?? toLocale(c.req.header('x-locale')) ?? DEFAULT_LOCALE;
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
