/** A small user-agent device detector for the mobile redirect of SPEC §2. */
export type Device = 'phone' | 'tablet' | 'pc' | 'unknown';

export function detectDevice(ua: string): Device {
  if (/iphone|ipod|windows phone|android.*mobile|mobile.*android/i.test(ua)) return 'phone';
  if (/ipad|tablet|android/i.test(ua)) return 'tablet';
  if (/windows nt|macintosh|x11|cros|linux x86_64/i.test(ua)) return 'pc';
  return 'unknown';
}

/** Route patterns (unprefixed paths) that have a mobile-site counterpart. */
const MOBILE_ROUTES: [name: string, pattern: RegExp][] = [
  ['index', /^\/$/],
  ['coin-list', /^\/coin\/list_\d+\/?$/],
  ['coin-id', /^\/coin\/(?!list_\d+\/?$)[^/]+\/?$/],
  ['exchange-list', /^\/exchange\/list_\d+\/?$/],
  ['exchange-name', /^\/exchange\/(?!list_\d+\/?$)[^/]+\/?$/],
  ['app', /^\/app\/?$/],
  ['news', /^\/news\/?$/],
  ['news-id', /^\/news\/[^/]+\/?$/],
  ['announcement', /^\/announcement\/?$/],
  ['announcement-id', /^\/announcement\/[^/]+\/?$/],
  ['lives', /^\/lives\/?$/],
  ['lives-id', /^\/lives\/[^/]+\/?$/],
];

export function mobileRouteName(path: string): string | undefined {
  return MOBILE_ROUTES.find(([, re]) => re.test(path))?.[0];
}

/**
 * SPEC §2: redirect when the user agent contains iphone or android, browsermode is not "pc",
 * the detector does not say pc, and the route is one of the mobile routes.
 */
export function shouldRedirectToMobile(
  ua: string | null | undefined,
  browserMode: string | null,
  path: string,
): boolean {
  if (!ua || !/iphone|android/i.test(ua)) return false;
  if (browserMode === 'pc') return false;
  if (detectDevice(ua) === 'pc') return false;
  return mobileRouteName(path) !== undefined;
}
