/**
 * Everything of a request that a page render depends on, read in one place. The middleware
 * builds the page context from it, and the page cache in src/server/http/node/server.mjs keys rendered pages
 * with the very same function (published on globalThis by {@link publishVariantKey}), so a cached
 * page is only ever served for the inputs it was rendered with. A render that starts reading a
 * new cookie or header must read it here.
 */
import { mobileRouteName, shouldRedirectToMobile } from '../../lib/device.ts';
import { DEFAULT_LOCALE, LOCALES, toLocale, type Locale } from '../../lib/i18n/index.ts';
import { listAt, rememberedSize, SIZES_COOKIE, type ListName } from '../../lib/pageSizes.ts';
import { isPageSize } from '../../lib/pagination.ts';
import { RISE_FALL_COOKIE, toRiseFallScheme, type RiseFallScheme } from '../../lib/riseFall.ts';
import { isRateSymbol, type RateSymbol } from '../rates/rates.ts';

export type HeaderGetter = (name: string) => string | null | undefined;

interface RenderInputs {
  locale: Locale;
  /** The locale named by a path prefix (`/zh/…`), which overrides cookie and header. */
  prefixed: Locale | undefined;
  /** The path without the locale prefix. */
  rest: string;
  theme: 'light' | 'dark';
  currency: RateSymbol;
  /** The rise/fall colours the reader chose; undefined: the language's convention. */
  colours: RiseFallScheme | undefined;
  /** The list the page shows (src/lib/pageSizes.ts), whose pager remembers the size chosen. */
  list: ListName | undefined;
  /** The size the reader chose for that list, when the URL names none; undefined: the default. */
  pageSize: number | undefined;
  /** Served over HTTPS (directly, or as the proxy says in X-Forwarded-Proto). */
  secure: boolean;
  /** A phone on a route of the mobile site, with MOBILE_ORIGIN set: it is redirected. */
  mobileRedirect: boolean;
  /** The visitor's own settings (cookies, x-locale) shaped the render: not for shared caches. */
  personal: boolean;
  /** Request headers the response varies on, for the Vary header. */
  vary: string[];
}

const PREFIX = new RegExp(`^/(${LOCALES.join('|')})(?=/|$)`, 'i');

/** Splits an explicit locale prefix ("/zh-hk/news" → zh-hk, "/news") off a path. */
export function splitLocalePrefix(pathname: string): { locale?: Locale; rest: string } {
  const m = PREFIX.exec(pathname);
  if (!m) return { rest: pathname };
  const locale = toLocale(m[1]);
  return locale ? { locale, rest: pathname.slice(m[0].length) || '/' } : { rest: pathname };
}

/**
 * Cookies of a Cookie header, parsed the way browsers send them (`a=1; b=2`): names and values
 * trimmed, the first occurrence of a name wins, percent-decoding where valid.
 * @example parseCookies('locale =zh; theme=dark') // { locale: 'zh', theme: 'dark' }
 */
export function parseCookies(header: string | null | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  if (!header) return out;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const name = part.slice(0, eq).trim();
    if (!name || Object.hasOwn(out, name)) continue;
    let value = part.slice(eq + 1).trim();
    if (value.startsWith('"') && value.endsWith('"') && value.length >= 2) value = value.slice(1, -1);
    try {
      value = decodeURIComponent(value);
    } catch {
      /* keep it as sent */
    }
    out[name] = value;
  }
  return out;
}

/**
 * The render inputs of a request.
 * @example renderInputs(new URL('http://x/zh/news'), () => null, {}).locale // 'zh'
 */
export function renderInputs(
  url: URL,
  header: HeaderGetter,
  opts: { mobileOrigin?: string | undefined },
): RenderInputs {
  const cookies = parseCookies(header('cookie'));
  const { locale: prefixed, rest } = splitLocalePrefix(url.pathname);
  const fromCookie = toLocale(cookies.locale);
  const fromHeader = toLocale(header('x-locale'));
  const locale = prefixed ?? fromCookie ?? fromHeader ?? DEFAULT_LOCALE;
  const theme = cookies.theme === 'dark' ? 'dark' : 'light';
  const cur = cookies.currency?.toUpperCase() ?? 'USD';
  const colours = toRiseFallScheme(cookies[RISE_FALL_COOKIE]);
  const list = listAt(rest);
  const pageSize =
    list && !isPageSize(Number(url.searchParams.get('size'))) ? rememberedSize(cookies[SIZES_COOKIE], list) : undefined;
  const mobileRedirect =
    !!opts.mobileOrigin && shouldRedirectToMobile(header('user-agent'), url.searchParams.get('browsermode'), rest);
  const vary = ['Cookie'];
  if (!prefixed) vary.push('X-Locale');
  if (opts.mobileOrigin && mobileRouteName(rest)) vary.push('User-Agent');
  return {
    locale,
    prefixed,
    rest,
    theme,
    currency: isRateSymbol(cur) ? cur : 'USD',
    colours,
    list,
    pageSize,
    secure: url.protocol === 'https:' || header('x-forwarded-proto') === 'https',
    mobileRedirect,
    personal:
      (!prefixed && (fromCookie !== undefined || fromHeader !== undefined)) ||
      cookies.theme !== undefined ||
      cookies.currency !== undefined ||
      colours !== undefined ||
      pageSize !== undefined,
    vary,
  };
}

/**
 * The page-cache key of a request: the method, the exact path and query, and the render inputs;
 * null when the answer must not come from a cache (not a GET, an API or asset path, a redirect
 * to the mobile site, credentials).
 */
export function variantKey(
  method: string | undefined,
  url: URL,
  inputs: RenderInputs,
  header: HeaderGetter,
): string | null {
  if (method !== 'GET' || header('authorization')) return null;
  if (url.pathname.startsWith('/api/') || url.pathname.startsWith('/_astro/') || inputs.mobileRedirect) return null;
  return [
    url.pathname + url.search,
    inputs.locale,
    inputs.prefixed ?? '',
    inputs.theme,
    inputs.currency,
    inputs.colours ?? '',
    inputs.pageSize ?? '',
    inputs.secure ? 's' : '',
  ].join('\n');
}

type NodeHeaders = Record<string, string | string[] | undefined>;

/**
 * Publishes the key function for src/server/http/node/server.mjs (outside the bundle): it takes a Node request
 * and returns its cache key, computed exactly as the middleware computes the render inputs.
 */
export function publishVariantKey(opts: { mobileOrigin?: string | undefined }): void {
  const header = (headers: NodeHeaders) => (name: string) => {
    const v = headers[name];
    return Array.isArray(v) ? v.join(name === 'cookie' ? '; ' : ', ') : v;
  };
  (globalThis as Record<symbol, unknown>)[Symbol.for('coinlens.variantKey')] = (req: {
    method?: string;
    url?: string;
    headers: NodeHeaders;
    socket?: { encrypted?: boolean };
  }) => {
    let url: URL;
    try {
      // The scheme as Astro derives it (from the socket), so `secure` agrees with the render's.
      url = new URL(req.url ?? '/', `${req.socket?.encrypted ? 'https' : 'http'}://localhost`);
    } catch {
      return null;
    }
    const get = header(req.headers);
    return variantKey(req.method, url, renderInputs(url, get, opts), get);
  };
}
