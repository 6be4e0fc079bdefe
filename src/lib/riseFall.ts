/**
 * The reader's rise/fall colour preference. By default the language decides (SPEC §1: red rises
 * in zh, zh-hk and ko, green in en); a reader may override it with red-up, green-up, or a pair
 * that does not rely on telling red from green (blue up, orange down). The same value is kept in
 * the `colours` cookie (pages render from it) and in the account's profile.
 */

export const RISE_FALL_SCHEMES = ['red-up', 'green-up', 'blue-orange'] as const;
export type RiseFallScheme = (typeof RISE_FALL_SCHEMES)[number];

/** The cookie pages render from; a year, like the theme and currency cookies (SPEC §9). */
export const RISE_FALL_COOKIE = 'colours';
export const RISE_FALL_COOKIE_MAX_AGE_S = 365 * 86400;

/**
 * A scheme from untrusted input (cookie, request body); anything else is undefined, so a stale or
 * forged cookie falls back to the language's convention instead of breaking the page.
 * @example toRiseFallScheme(' Green-Up ') // 'green-up'
 */
export function toRiseFallScheme(value: unknown): RiseFallScheme | undefined {
  if (typeof value !== 'string') return undefined;
  const v = value.trim().toLowerCase();
  return (RISE_FALL_SCHEMES as readonly string[]).includes(v) ? (v as RiseFallScheme) : undefined;
}

/**
 * The palette variables (src/styles/palette.css) that colour rises and falls under a scheme.
 * @example riseFallColours('blue-orange') // ['blue', 'orange']
 */
export function riseFallColours(scheme: RiseFallScheme): [rise: string, fall: string] {
  if (scheme === 'blue-orange') return ['blue', 'orange'];
  return scheme === 'red-up' ? ['red', 'green'] : ['green', 'red'];
}
