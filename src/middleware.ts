import { defineMiddleware } from 'astro:middleware';
import { serverReady, ShuttingDownError } from './server/boot.ts';
import { config, ConfigError } from './server/config.ts';
import {
  apiLocale,
  checkRequest,
  isApiPath,
  isInputError,
  pageLocalePrefix,
  RAW_METHOD_HEADER,
  RAW_URL_HEADER,
  splitTarget,
  verdictKey,
  type EdgeVerdict,
} from './server/http/edge.ts';
import { errorDocument } from './server/http/errorDocument.ts';
import { securityHeaders } from './server/http/headers.ts';
import { publishVariantKey, renderInputs, splitLocalePrefix } from './server/http/renderInputs.ts';
import { publishShedAnswer } from './server/http/shed.ts';
import { translator } from './server/i18n/index.ts';
import type { Locale } from './lib/i18n/index.ts';
import { CACHE } from './server/http/cachePolicy.mjs';

export { splitLocalePrefix } from './server/http/renderInputs.ts';

// A bad setting must not stop the module from loading: every request then answers the
// configuration's error (below), which is what `npm start` prints.
try {
  publishVariantKey({ mobileOrigin: config().MOBILE_ORIGIN });
} catch (e) {
  if (!(e instanceof ConfigError)) throw e;
}
publishShedAnswer();

export const onRequest = defineMiddleware(async (context, next) => {
  const { request, url, locals } = context;
  try {
    config();
  } catch (e) {
    if (e instanceof ConfigError) return misconfigured(url, e);
    throw e;
  }
  // Astro.rewrite('/404') in a page runs the middleware again within the same request: the first
  // run has judged the request and set its language, which the rewritten page must keep (it used
  // to recompute it from the unprefixed '/404' and answer /zh/… in English).
  if ((locals as Partial<App.Locals>).t !== undefined) return next();
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
    return withHeaders(unavailable(url.pathname, e as Error, !(e instanceof ShuttingDownError)));
  }

  // The edge rule (src/server/http/edge.ts). A request the Node server (src/server/http/node) could not hand to Astro as sent
  // (an undecodable path, a method fetch refuses) arrives on a stand-in and is judged as sent.
  const rawTarget = request.headers.get(RAW_URL_HEADER);
  const method = request.headers.get(RAW_METHOD_HEADER) ?? request.method;
  // request.url as sent: Astro's context.url has its path decoded (a CR LF vanishes from it).
  const sent = splitTarget(rawTarget ?? requestTarget(request.url));
  const verdict: EdgeVerdict | null =
    checkRequest(method, sent.pathname, sent.search) ?? (rawTarget ? { status: 404, reason: 'path' } : null);
  const header = (name: string) => request.headers.get(name);

  if (isApiPath(sent.pathname)) {
    if (verdict) {
      const t = translator(apiLocale(sent.search, header));
      const headers: Record<string, string> = { 'Cache-Control': CACHE.none };
      if (verdict.status === 405) headers.Allow = verdict.allow;
      return withHeaders(
        Response.json(
          { code: verdict.status, data: null, msg: t(verdictKey(verdict)) },
          { status: verdict.status, headers },
        ),
      );
    }
    return withHeaders(await next());
  }

  const { theme, currency, colours, list, pageSize } = inputs;
  const prefixed = verdict ? pageLocalePrefix(sent.pathname) : inputs.prefixed;
  const locale = prefixed ?? inputs.locale;
  // A refused path names nothing: its links (language switcher) point at the home page instead.
  const rest = verdict?.status === 404 ? '/' : inputs.rest;
  const search = verdict ? '' : url.search;
  Object.assign(locals, {
    locale,
    t: translator(locale),
    base: prefixed ? `/${prefixed}` : '',
    path: rest,
    search,
    theme,
    currency,
    colours,
    list,
    pageSize,
  });

  if (verdict) {
    // The site's own 404 or 400 page, in the prefix's (or the visitor's) language.
    const page = await render(() => next(verdict.status === 404 ? '/404' : '/400'), locale, prefixed);
    const headers = new Headers(page.headers);
    headers.set('Cache-Control', CACHE.none);
    if (verdict.status === 405) headers.set('Allow', verdict.allow);
    return withHeaders(new Response(page.body, { status: verdict.status, headers }));
  }

  if (inputs.mobileRedirect) {
    const target = new URL(url.pathname + url.search, config().MOBILE_ORIGIN);
    return withHeaders(
      new Response(null, { status: 302, headers: { Location: target.toString(), Vary: 'User-Agent' } }),
    );
  }

  // The rewrite takes the path as sent: Astro decodes it once more, so the decoded `rest` of a
  // path holding %25 ("/zh/coin/%25") would reach it as a malformed "%".
  const response = await render(
    () => (prefixed ? next(splitLocalePrefix(sent.pathname).rest + sent.search) : next()),
    locale,
    prefixed,
  );
  if ((response.headers.get('content-type') ?? '').startsWith('text/html'))
    markVariant(response, inputs.vary, inputs.personal);
  return withHeaders(response);
});

/**
 * Tells shared caches what a page depends on: it varies on the Cookie header (and X-Locale on
 * unprefixed paths), and a page rendered from the visitor's own settings is private, so a CDN
 * never hands one visitor's language, theme, currency or colours to another.
 */
function markVariant(response: Response, vary: string[], personal: boolean): void {
  const existing = response.headers.get('vary');
  response.headers.set('Vary', [...new Set([...(existing ? existing.split(/\s*,\s*/) : []), ...vary])].join(', '));
  const control = response.headers.get('cache-control');
  if (personal && control && /\bpublic\b/.test(control)) {
    response.headers.set('Cache-Control', control.replace(/\bpublic\b/, 'private').replace(/,?\s*s-maxage=\d+/, ''));
    // For src/server/http/node/server.mjs (which strips it): private only because of the visitor's settings,
    // which its page cache keys on, so it may still keep the render.
    response.headers.set('x-coinlens-private', 'settings');
  }
}

/** The path and query of an absolute URL, as they are (not decoded). */
function requestTarget(href: string): string {
  const start = href.indexOf('/', href.indexOf('//') + 2);
  return start < 0 ? '/' : href.slice(start).replace(/#.*$/, '');
}

/**
 * Renders through `next`. A page that fails because PostgreSQL refused a value the client sent
 * (which the edge rule should have stopped) is the client's mistake: 400, not 500. Any other
 * failure is a 500 page; both in the request's language and with the security headers, which
 * Astro's own 500 page (rendered outside this middleware) would lack.
 */
async function render(next: () => Promise<Response>, locale: Locale, prefixed: Locale | undefined): Promise<Response> {
  try {
    return await next();
  } catch (e) {
    const input = isInputError(e);
    if (!input) console.error('[page]', e);
    return errorDocument(input ? 400 : 500, locale, prefixed ? `/${prefixed}` : '');
  }
}

let toldOperator = false;

/**
 * The answer while the configuration is invalid: 503 with its error, which names each bad
 * variable, for the readiness probe (`npm start` prints it and stops); logged once.
 */
function misconfigured(url: URL, error: ConfigError): Response {
  if (!toldOperator) console.error(`[config] ${error.message}`);
  toldOperator = true;
  const response = unavailable(url.pathname, error, false);
  for (const [k, v] of Object.entries(securityHeaders(url.protocol === 'https:', url.pathname)))
    response.headers.set(k, v);
  return response;
}

/**
 * The answer while the database cannot be opened (or the configuration is invalid): 503 with
 * the reason (the readiness probe and `npm start` show it to the operator).
 */
function unavailable(pathname: string, error: Error, log = true): Response {
  if (log) console.error('[boot]', error.message);
  const headers = { 'Cache-Control': CACHE.none, 'Retry-After': '5' };
  // Only the probe names the reason (it may mention paths on the server).
  const msg = pathname === '/api/health' ? error.message : 'Service temporarily unavailable';
  if (pathname.startsWith('/api/')) return Response.json({ code: 503, data: null, msg }, { status: 503, headers });
  return new Response('Coinlens is not available right now; please try again in a moment.', {
    status: 503,
    headers: { ...headers, 'Content-Type': 'text/plain; charset=utf-8' },
  });
}
