/**
 * The names under which the browser keeps session data, and the cookie reader: all that every
 * API call needs (the CSRF header of a signed-in browser), apart from the rest of
 * lib/account.ts, so pages that call the API do not load the account forms' rules.
 *
 * A browser's session is two cookies the server sets at sign-in: `jwt`, the token itself,
 * HttpOnly (no page script can read it), and `csrf`, which page scripts read and send back in
 * the `X-CSRF-Token` header. The API takes the cookie only with that header, so another site
 * cannot act through a reader's cookie (src/server/api/middleware/auth.ts). Over https both carry
 * the `__Host-` prefix ({@link sessionCookieNames}): browsers then take them from this host only,
 * so a sibling subdomain cannot plant a session of its own (its owner's) in a reader's browser.
 */

/**
 * Every name under which the browser keeps session data, in one place: the session store
 * clears the `clearedAtLogout` ones at logout (SPEC §4: user info, token, sync flags, server
 * favourites and columnist favourites). Visitors' own favourites (`localFavourites`) stay.
 */
export const SESSION_KEYS = {
  /** Cookie holding the JWT (SPEC §9: 90 days); HttpOnly: written and removed by the server only. */
  jwtCookie: 'jwt',
  /** Cookie page scripts read while signed in: the session's CSRF token (as long as the `jwt` cookie). */
  csrfCookie: 'csrf',
  /** localStorage: `{ user, fetchedAt }`. */
  userInfo: 'coinlens.userInfo',
  /** localStorage: "1" once the visitor's local favourites were uploaded to the account (SPEC §4). */
  favouritesSynced: 'coinlens.favouritesSynced',
  /** localStorage: the account's favourites as last loaded from the server. */
  serverFavourites: 'coinlens.serverFavourites',
  /** localStorage: the columnist ids the account follows. */
  columnistFavourites: 'coinlens.columnistFavourites',
  /** localStorage: a visitor's own favourites (kept at logout). */
  localFavourites: 'coinlens.localFavourites',
} as const;

/** The request header that carries the `csrf` cookie's value back with every call of a signed-in browser. */
export const CSRF_HEADER = 'X-CSRF-Token';

/**
 * The prefix of the session cookies over https. A browser keeps a `__Host-` cookie only when this
 * very host set it, Secure, for the whole site: no sibling subdomain (`Domain=`) and no plain-http
 * page can set or shadow it (RFC 6265bis "cookie prefixes").
 */
export const HOST_PREFIX = '__Host-';

/**
 * The names of the session cookies as the server writes them: with the `__Host-` prefix over https.
 * @example sessionCookieNames(true).jwt // '__Host-jwt'
 */
export function sessionCookieNames(secure: boolean): { jwt: string; csrf: string } {
  const prefix = secure ? HOST_PREFIX : '';
  return { jwt: prefix + SESSION_KEYS.jwtCookie, csrf: prefix + SESSION_KEYS.csrfCookie };
}
