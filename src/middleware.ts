import { defineMiddleware } from 'astro:middleware';
import { shouldRedirectToMobile } from './lib/device.ts';
import { DEFAULT_LOCALE, LOCALES, toLocale, type Locale } from './lib/i18n/index.ts';
import { serverReady } from './server/boot.ts';
import { config } from './server/config.ts';
import { isRateSymbol, type RateSymbol } from './server/domain/rates.ts';
import { securityHeaders } from './server/http/headers.ts';
import { translator } from './server/i18n/index.ts';

const PREFIX = new RegExp(`^/(${LOCALES.join('|')})(?=/|$)`, 'i');

/** Splits an explicit locale prefix ("/zh-hk/news" → zh-hk, "/news") off a path. */
export function splitLocalePrefix(pathname: string): { locale?: Locale; rest: string } {
  const m = PREFIX.exec(pathname);
  if (!m) return { rest: pathname };
  const locale = toLocale(m[1]);
  return locale ? { locale, rest: pathname.slice(m[0].length) || '/' } : { rest: pathname };
}

export const onRequest = defineMiddleware(async (context, next) => {
  const { request, url, cookies, locals } = context;
  const secure = url.protocol === 'https:' || request.headers.get('x-forwarded-proto') === 'https';
  const { locale: prefixed, rest } = splitLocalePrefix(url.pathname);
  const withHeaders = (response: Response) => {
    for (const [k, v] of Object.entries(securityHeaders(secure, rest))) {
      if (!response.headers.has(k)) response.headers.set(k, v);
    }
    return response;
  };

  // The database (started, migrated and seeded on first run) before anything is rendered.
  try {
    await serverReady();
  } catch (e) {
    return withHeaders(unavailable(url.pathname, e as Error));
  }

  if (url.pathname.startsWith('/api/')) return withHeaders(await next());

  const locale =
    prefixed ?? toLocale(cookies.get('locale')?.value) ?? toLocale(request.headers.get('x-locale')) ?? DEFAULT_LOCALE;
  const theme = cookies.get('theme')?.value === 'dark' ? 'dark' : 'light';
  const cur = cookies.get('currency')?.value?.toUpperCase() ?? 'USD';
  Object.assign(locals, {
    locale,
    t: translator(locale),
    base: prefixed ? `/${prefixed}` : '',
    path: rest,
    theme,
    currency: (isRateSymbol(cur) ? cur : 'USD') as RateSymbol,
  });

  const mobileOrigin = config().MOBILE_ORIGIN;
  if (mobileOrigin && shouldRedirectToMobile(request.headers.get('user-agent'), url.searchParams.get('browsermode'), rest)) {
    const target = new URL(url.pathname + url.search, mobileOrigin);
    return withHeaders(new Response(null, { status: 302, headers: { Location: target.toString(), Vary: 'User-Agent' } }));
  }

  const response = prefixed ? await next(rest + url.search) : await next();
  return withHeaders(response);
});

/**
 * The answer while the database cannot be opened: 503 with the reason (the readiness probe
 * and `npm start` show it to the operator).
 */
function unavailable(pathname: string, error: Error): Response {
  console.error('[boot]', error.message);
  const headers = { 'Cache-Control': 'no-store', 'Retry-After': '5' };
  // Only the probe names the reason (it may mention paths on the server).
  const msg = pathname === '/api/health' ? error.message : 'Service temporarily unavailable';
  if (pathname.startsWith('/api/')) return Response.json({ code: 503, data: null, msg }, { status: 503, headers });
  return new Response('Coinlens cannot open its database right now; please try again in a moment.', {
    status: 503,
    headers: { ...headers, 'Content-Type': 'text/plain; charset=utf-8' },
  });
}
