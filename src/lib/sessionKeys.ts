/**
 * The names under which the browser keeps session data, and the cookie reader: all that every
 * API call needs (the CSRF header of a signed-in browser), apart from the rest of
 * lib/account.ts, so pages that call the API do not load the account forms' rules.
 *
 * A browser's session is two cookies the server sets at sign-in: `jwt`, the token itself,
 * HttpOnly (no page script can read it), and `csrf`, which page scripts read and send back in
 * the `X-CSRF-Token` header. The API takes the cookie only with that header, so another site
 * cannot act through a reader's cookie (src/server/api/middleware/auth.ts).
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
 * Whether this browser holds a session: the `csrf` cookie is there (the `jwt` cookie beside it
 * is HttpOnly, so scripts never see it).
 * @example hasSession('locale=zh; csrf=abc') // true
 */
export function hasSession(cookies: string): boolean {
  return !!readCookie(cookies, SESSION_KEYS.csrfCookie);
}

/** The session's CSRF token from `document.cookie`, or undefined for a visitor. */
export function csrfToken(cookies: string): string | undefined {
  return readCookie(cookies, SESSION_KEYS.csrfCookie) || undefined;
}

/**
 * One cookie's value from a `document.cookie` string, or undefined.
 * @example readCookie('a=1; jwt=x.y.z', 'jwt') // 'x.y.z'
 */
export function readCookie(cookies: string, name: string): string | undefined {
  for (const part of cookies.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() !== name) continue;
    const value = part.slice(eq + 1).trim();
    try {
      return decodeURIComponent(value);
    } catch {
      return value;
    }
  }
  return undefined;
}
