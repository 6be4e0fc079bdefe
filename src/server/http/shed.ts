/**
 * The answers src/server/http/node/server.mjs gives when it sheds load (src/server/http/node/shed.mjs): 429 when one
 * client asks for too much expensive work, 503 when the work queue is full, both with
 * Retry-After. Under /api the API's `{ code, data, msg }` envelope, elsewhere a small page; both
 * in the request's language, read the way the API and the pages read it. Published on
 * globalThis for node/server.mjs, which lives outside the bundle.
 */
import { DEFAULT_LOCALE, LOCALE_TAGS, toLocale, type Locale } from '../../lib/i18n/index.ts';
import { translator } from '../i18n/index.ts';
import { securityHeaders } from './headers.ts';
import { parseCookies, renderInputs } from './renderInputs.ts';
import { CACHE } from './cachePolicy.mjs';

interface ShedVerdict {
  status: 429 | 503;
  /** Whole seconds the client should wait. */
  retryAfter: number;
}

interface ShedAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Envelope codes: a client over its limit, and the server out of room for more work. */
const SHED_CODES = { 429: 4290, 503: 5030 } as const;

type NodeHeaders = Record<string, string | string[] | undefined>;

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** The language of a shed request: as the API reads it under /api, as the pages read it elsewhere. */
function localeOf(
  url: URL,
  header: (name: string) => string | undefined,
): { locale: Locale; home: string; secure: boolean; rest: string } {
  if (url.pathname.startsWith('/api/')) {
    const locale =
      toLocale(url.searchParams.get('lan')) ??
      toLocale(parseCookies(header('cookie')).locale) ??
      toLocale(header('x-locale')) ??
      DEFAULT_LOCALE;
    return { locale, home: '/', secure: false, rest: url.pathname };
  }
  const inputs = renderInputs(url, header, {});
  return {
    locale: inputs.locale,
    home: inputs.prefixed ? `/${inputs.prefixed}/` : '/',
    secure: inputs.secure,
    rest: inputs.rest,
  };
}

/**
 * The shed answer for a request.
 * @example shedAnswer({ url: '/api/v1/search?q=x&lan=zh', headers: {} }, { status: 429, retryAfter: 3 }).body // '{"code":4290,"data":null,"msg":"您的请求过于频繁，请在 3 秒后重试。"}'
 */
export function shedAnswer(req: { url?: string; headers: NodeHeaders }, verdict: ShedVerdict): ShedAnswer {
  let url: URL;
  try {
    url = new URL(req.url ?? '/', 'http://localhost');
  } catch {
    url = new URL('http://localhost/');
  }
  const header = (name: string) => {
    const v = req.headers[name];
    return Array.isArray(v) ? v.join(name === 'cookie' ? '; ' : ', ') : v;
  };
  const { locale, home, secure, rest } = localeOf(url, header);
  const t = translator(locale);
  const seconds = Math.max(1, Math.ceil(verdict.retryAfter));
  const msg = t(verdict.status === 429 ? 'shed.tooMany' : 'shed.busy', { seconds });
  const headers: Record<string, string> = { 'retry-after': String(seconds), 'cache-control': CACHE.none };
  for (const [k, v] of Object.entries(securityHeaders(secure, rest))) headers[k.toLowerCase()] = v;
  if (url.pathname.startsWith('/api/')) {
    return {
      status: verdict.status,
      headers: { ...headers, 'content-type': 'application/json; charset=utf-8' },
      body: JSON.stringify({ code: SHED_CODES[verdict.status], data: null, msg }),
    };
  }
  const title = t(verdict.status === 429 ? 'shed.tooManyTitle' : 'shed.busyTitle');
  const body = `<!doctype html>
<html lang="${LOCALE_TAGS[locale]}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)} · Coinlens</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:36rem;margin:15vh auto;padding:0 1rem;color:#1a1d24}h1{font-size:1.5rem}a{color:#1f6feb}@media (prefers-color-scheme:dark){body{background:#12141a;color:#e6e8ee}a{color:#6ea8fe}}</style></head>
<body><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(msg)}</p><p><a href="${escapeHtml(home)}">${escapeHtml(t('shed.home'))}</a></p></main></body>
</html>
`;
  return { status: verdict.status, headers: { ...headers, 'content-type': 'text/html; charset=utf-8' }, body };
}

/** Lets src/server/http/node/server.mjs answer in the request's language. */
export function publishShedAnswer(): void {
  (globalThis as Record<symbol, unknown>)[Symbol.for('coinlens.shedAnswer')] = shedAnswer;
}
