/**
 * The names under which the browser keeps session data, and the cookie reader: all that every
 * API call needs (the Authorization header), apart from the rest of lib/account.ts, so pages
 * that call the API do not load the account forms' rules.
 */

/**
 * Every name under which the browser keeps session data, in one place: the session store
 * clears the `clearedAtLogout` ones at logout (SPEC §4: user info, token, sync flags, server
 * favourites and columnist favourites). Visitors' own favourites (`localFavourites`) stay.
 */
export const SESSION_KEYS = {
  /** Cookie holding the JWT (SPEC §9: 90 days). */
  jwtCookie: 'jwt',
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
