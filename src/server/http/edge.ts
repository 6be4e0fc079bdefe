/**
 * The edge rule: what a request must look like before any page or API route reads it. One rule
 * for every id, slug and text parameter, checked once by src/middleware.ts (pages and API) and
 * again by the Hono app (so the API holds it when called in-process), so that no client mistake
 * reaches PostgreSQL, whose refusals of such input (a NUL byte, invalid UTF-8) would otherwise be
 * 500s. src/server/http/node/server.mjs hands over the requests Astro cannot take at all (an undecodable path,
 * a TRACE) marked with {@link RAW_URL_HEADER} / {@link RAW_METHOD_HEADER}, so they get the same
 * answers.
 *
 * - Methods: pages GET and HEAD; the API also POST. Anything else is 405 with `Allow`.
 * - Path: every segment percent-decodes as UTF-8, holds no control character (C0 or DEL) and no
 *   encoded `/`, is at most {@link MAX_SEGMENT} characters; no empty segment inside the path
 *   (`/zh//x`); the whole path at most {@link MAX_PATH}. A path that breaks it names nothing: 404.
 * - Query: names and values percent-decode as UTF-8, hold no control character except tab, each
 *   the whole query at most {@link MAX_QUERY}: otherwise 400. (Routes bound their own lengths.)
 * - JSON bodies: every string (keys too) holds no control character except tab, CR and LF
 *   (reviews have lines), nesting at most {@link MAX_DEPTH} deep: otherwise the route's own 400.
 * Dates are bounded where they are parsed (`timeMs` in src/server/api/schemas.ts, the calendar's
 * `parseDay`), since only the route knows which parameter is a date.
 */
import { DEFAULT_LOCALE, toLocale, type Locale } from '../../lib/i18n/index.ts';
import { parseCookies, splitLocalePrefix, type HeaderGetter } from './renderInputs.ts';

const MAX_PATH = 1024;
export const MAX_SEGMENT = 200;
/** Lists travel in the query (500 favourites, 200 streamed coins), so values may be long. */
const MAX_QUERY = 16_384;
const MAX_VALUE = MAX_QUERY;

/** Set by src/server/http/node/server.mjs on a request Astro cannot route: the URL as the client sent it. */
export const RAW_URL_HEADER = 'x-coinlens-raw-url';
/** Set by src/server/http/node/server.mjs on a request whose method Node's fetch refuses (TRACE, CONNECT…). */
export const RAW_METHOD_HEADER = 'x-coinlens-raw-method';

const PAGE_METHODS = ['GET', 'HEAD'] as const;
const API_METHODS = ['GET', 'HEAD', 'POST'] as const;

export type EdgeVerdict =
  | { status: 404; reason: 'path' }
  | { status: 400; reason: 'query' }
  | { status: 405; reason: 'method'; allow: string };

/** C0 controls and DEL; tab is allowed in text parameters (a pasted search), never in paths. */
const CONTROL_IN_TEXT = /[\u0000-\u0008\u000A-\u001F\u007F]/;
const CONTROL_IN_PATH = /[\u0000-\u001F\u007F]/;
/** A UTF-16 surrogate without its partner (decodeURIComponent refuses to make one; belt and braces). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function decode(text: string): string | undefined {
  try {
    return decodeURIComponent(text);
  } catch {
    return undefined;
  }
}

/** Control characters a multi-line text of a JSON body may not hold (tab, LF and CR it may). */
const CONTROL_IN_BODY = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
export const MAX_DEPTH = 32;

/**
 * Whether every string of a parsed JSON body (object keys included) is acceptable text.
 * @example isCleanJson({ content: 'two\nlines' }) // true
 * @example isCleanJson({ content: 'a\u0000b' }) // false
 */
export function isCleanJson(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return !CONTROL_IN_BODY.test(value) && !LONE_SURROGATE.test(value);
  if (value === null || typeof value !== 'object') return true;
  if (depth >= MAX_DEPTH) return false;
  if (Array.isArray(value)) return value.every((v) => isCleanJson(v, depth + 1));
  return Object.entries(value).every(([k, v]) => isCleanJson(k, depth + 1) && isCleanJson(v, depth + 1));
}

/** Whether a decoded text parameter is acceptable (also for values taken from JSON bodies). */
function isCleanText(text: string, max = MAX_VALUE): boolean {
  return text.length <= max && !CONTROL_IN_TEXT.test(text) && !LONE_SURROGATE.test(text);
}

/** Whether a path (as sent, percent-encoded) can name anything here. */
export function isCleanPath(pathname: string): boolean {
  if (pathname.length > MAX_PATH || !pathname.startsWith('/')) return false;
  const segments = pathname.split('/');
  for (let i = 1; i < segments.length; i++) {
    const raw = segments[i]!;
    // Only the last segment may be empty (a trailing slash).
    if (raw === '') {
      if (i < segments.length - 1) return false;
      continue;
    }
    const text = decode(raw);
    if (
      text === undefined ||
      text.length > MAX_SEGMENT ||
      text.includes('/') ||
      CONTROL_IN_PATH.test(text) ||
      LONE_SURROGATE.test(text)
    )
      return false;
  }
  return true;
}

/** Whether a query string (as sent, with or without its `?`) is acceptable. */
export function isCleanQuery(search: string): boolean {
  const query = search.startsWith('?') ? search.slice(1) : search;
  if (query === '') return true;
  if (query.length > MAX_QUERY) return false;
  for (const pair of query.split('&')) {
    const eq = pair.indexOf('=');
    const name = decode((eq < 0 ? pair : pair.slice(0, eq)).replace(/\+/g, ' '));
    const value = decode((eq < 0 ? '' : pair.slice(eq + 1)).replace(/\+/g, ' '));
    if (name === undefined || value === undefined || !isCleanText(name, 200) || !isCleanText(value)) return false;
  }
  return true;
}

/** Splits a request target ("/a/b?x=1") into its path and query without normalising either. */
export function splitTarget(target: string): { pathname: string; search: string } {
  const q = target.indexOf('?');
  return q < 0 ? { pathname: target, search: '' } : { pathname: target.slice(0, q), search: target.slice(q) };
}

export const isApiPath = (pathname: string) => pathname === '/api' || pathname.startsWith('/api/');

/**
 * The edge's verdict on a request, or null when it may go on to its route.
 * @example checkRequest('GET', '/coin/a%00b', '') // { status: 404, reason: 'path' }
 * @example checkRequest('TRACE', '/', '') // { status: 405, reason: 'method', allow: 'GET, HEAD' }
 */
export function checkRequest(method: string, pathname: string, search: string): EdgeVerdict | null {
  const api = isApiPath(pathname);
  const allowed: readonly string[] = api ? API_METHODS : PAGE_METHODS;
  if (!allowed.includes(method.toUpperCase())) return { status: 405, reason: 'method', allow: allowed.join(', ') };
  if (!isCleanPath(pathname)) return { status: 404, reason: 'path' };
  if (!isCleanQuery(search)) return { status: 400, reason: 'query' };
  return null;
}

/**
 * The language of an API answer: `lan`, else the locale cookie, else X-Locale, else English.
 * SPEC §7 has the browser send zh-hk as `lan=zh`, so a zh that comes from a Traditional Chinese
 * page is told apart by what else the request says, most explicit first: the page's X-Locale
 * (sent by src/stores/api.ts), the language prefix of the page in Referer, the locale cookie.
 * @example requestLocale('zh', (h) => (h === 'x-locale' ? 'zh-hk' : null)) // 'zh-hk'
 * @example requestLocale('zh', (h) => (h === 'referer' ? 'https://coinlens.example/zh-hk/news' : null)) // 'zh-hk'
 */
export function requestLocale(lan: string | null | undefined, header: HeaderGetter): Locale {
  const cookie = () => toLocale(parseCookies(header('cookie')).locale);
  const asked = toLocale(lan);
  if (asked === 'zh') {
    const page = toLocale(header('x-locale')) ?? refererLocale(header('referer')) ?? cookie();
    return page === 'zh-hk' ? 'zh-hk' : 'zh';
  }
  return asked ?? cookie() ?? toLocale(header('x-locale')) ?? DEFAULT_LOCALE;
}

/** The language prefix of the page a request came from (its Referer), if it has one. */
function refererLocale(referer: string | null | undefined): Locale | undefined {
  if (!referer) return undefined;
  try {
    return splitLocalePrefix(new URL(referer).pathname).locale;
  } catch {
    return undefined;
  }
}

/**
 * The language of an API answer to a refused request: {@link requestLocale} with `lan` read
 * leniently (the query may be the thing that is broken); the same as the API's request context.
 */
export function apiLocale(search: string, header: HeaderGetter): Locale {
  return requestLocale(/(?:^|[?&])lan=([A-Za-z-]{2,5})(?:&|$)/.exec(search)?.[1], header);
}

/** The translation key of the API message for a verdict. */
export function verdictKey(verdict: EdgeVerdict): string {
  return verdict.status === 405
    ? 'api.methodNotAllowed'
    : verdict.status === 404
      ? 'api.routeNotFound'
      : 'api.badRequest';
}

/** The page language for a refused page request: the path's prefix when it has one. */
export function pageLocalePrefix(pathname: string): Locale | undefined {
  return splitLocalePrefix(pathname).locale;
}

/**
 * PostgreSQL's refusals of input values (SQLSTATE class 22 members a client can cause): string
 * too long, numeric or date/time out of range, invalid date/time format, invalid byte sequence
 * (a NUL), invalid text representation, untranslatable character. The edge rule stops these
 * first; a route that still lets one through answers 400, never 500.
 */
const INPUT_SQLSTATES = new Set(['22001', '22003', '22007', '22008', '22021', '22P02', '22P05']);

/** Whether an error (or one it wraps, as Drizzle does) is PostgreSQL refusing an input value. */
export function isInputError(error: unknown): boolean {
  for (
    let e = error, depth = 0;
    e && typeof e === 'object' && depth < 5;
    e = (e as { cause?: unknown }).cause, depth++
  ) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && INPUT_SQLSTATES.has(code)) return true;
  }
  return false;
}
