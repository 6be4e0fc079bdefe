import { defineMiddleware } from 'astro:middleware';
import { serverReady } from './server/boot.ts';
import { config } from './server/config.ts';
import { securityHeaders } from './server/http/headers.ts';
import { publishVariantKey, renderInputs } from './server/http/renderInputs.ts';
import { publishShedAnswer } from './server/http/shed.ts';
import { translator } from './server/i18n/index.ts';

export { splitLocalePrefix } from './server/http/renderInputs.ts';

publishVariantKey({ mobileOrigin: config().MOBILE_ORIGIN });
publishShedAnswer();

export const onRequest = defineMiddleware(async (context, next) => {
  const { request, url, locals } = context;
  const inputs = renderInputs(url, (name) => request.headers.get(name), { mobileOrigin: config().MOBILE_ORIGIN });
  const withHeaders = (response: Response) => {
    for (const [k, v] of Object.entries(securityHeaders(inputs.secure, inputs.rest))) {
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

  const { locale, prefixed, rest, theme, currency } = inputs;
  Object.assign(locals, { locale, t: translator(locale), base: prefixed ? `/${prefixed}` : '', path: rest, theme, currency });

  if (inputs.mobileRedirect) {
    const target = new URL(url.pathname + url.search, config().MOBILE_ORIGIN);
    return withHeaders(new Response(null, { status: 302, headers: { Location: target.toString(), Vary: 'User-Agent' } }));
  }

  const response = prefixed ? await next(rest + url.search) : await next();
  if ((response.headers.get('content-type') ?? '').startsWith('text/html')) markVariant(response, inputs.vary, inputs.personal);
  return withHeaders(response);
});

/**
 * Tells shared caches what a page depends on: it varies on the Cookie header (and X-Locale on
 * unprefixed paths), and a page rendered from the visitor's own settings is private, so a CDN
 * never hands one visitor's language, theme or currency to another.
 */
function markVariant(response: Response, vary: string[], personal: boolean): void {
  const existing = response.headers.get('vary');
  response.headers.set('Vary', [...new Set([...(existing ? existing.split(/\s*,\s*/) : []), ...vary])].join(', '));
  const control = response.headers.get('cache-control');
  if (personal && control && /\bpublic\b/.test(control)) {
    response.headers.set('Cache-Control', control.replace(/\bpublic\b/, 'private').replace(/,?\s*s-maxage=\d+/, ''));
    // For scripts/serve.mjs (which strips it): private only because of the visitor's settings,
    // which its page cache keys on, so it may still keep the render.
    response.headers.set('x-coinlens-private', 'settings');
  }
}

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
