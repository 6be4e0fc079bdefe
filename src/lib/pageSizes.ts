/**
 * How many rows a list shows when its URL names no size, and the size a reader chose for it.
 *
 * Defaults (issue 22, overriding SPEC §9's 10 for these lists): the coin list 100, as on
 * CoinGecko; market tables 50; reading lists 20. Every other list, and the API, keep
 * `DEFAULT_PAGE_SIZE`.
 *
 * A size chosen on a list's pager is remembered in the `sizes` cookie (`coins:20|news:50`,
 * written by src/islands/page/header.ts) and applies when the list's URL names no valid size:
 * the URL always wins. The server reads the cookie only on the list's own pages ({@link listAt}),
 * so only those pages vary by it (src/server/http/renderInputs.ts keys the page cache on the
 * remembered size) and every other page stays shared.
 */
import { isPageSize } from './pagination.ts';

export const LIST_SIZES = {
  coins: 100,
  exchanges: 50,
  pairs: 50,
  'exchange-pairs': 50,
  'coin-markets': 50,
  rank: 50,
  hot: 50,
  offerings: 20,
  'offering-roi': 20,
  news: 20,
  announcements: 20,
} as const satisfies Record<string, number>;

export type ListName = keyof typeof LIST_SIZES;

/** The cookie of remembered sizes, and how long it is kept (like the other settings: a year). */
export const SIZES_COOKIE = 'sizes';
export const SIZES_COOKIE_MAX_AGE_DAYS = 365;

/** Each list's pages, by their path without a locale prefix. */
const PATHS: readonly (readonly [RegExp, ListName])[] = [
  [/^\/coin\/list_\d+$/, 'coins'],
  [/^\/coin\/[^/]+\/market$/, 'coin-markets'],
  [/^\/exchange\/list_\d+$/, 'exchanges'],
  [/^\/exchange\/(?!list_\d+$|establishAccount$)[^/]+$/, 'exchange-pairs'],
  [/^\/(?:pairs|futures)$/, 'pairs'],
  [/^\/rank$/, 'rank'],
  [/^\/hot$/, 'hot'],
  [/^\/ieo$/, 'offerings'],
  [/^\/ieo\/ieo-roi$/, 'offering-roi'],
  [/^\/(?:news|research)$/, 'news'],
  [/^\/(?:announcement|notice)$|^\/(?:announcements|notices)(?:\/[^/]+)?$/, 'announcements'],
];

/**
 * The list a page shows, from its path without the locale prefix; undefined for other pages.
 * @example listAt('/coin/list_3') // 'coins'
 */
export function listAt(path: string): ListName | undefined {
  return PATHS.find(([pattern]) => pattern.test(path))?.[1];
}

/**
 * The size remembered for `list` in the cookie's value, unless it is the list's default (a
 * reader who went back to the default reads the shared page).
 * @example rememberedSize('news:50|coins:20', 'coins') // 20
 */
export function rememberedSize(cookie: string | undefined, list: ListName): number | undefined {
  for (const entry of (cookie ?? '').split('|')) {
    const [name, value] = entry.split(':');
    if (name !== list) continue;
    const size = Number(value);
    return isPageSize(size) && size !== LIST_SIZES[list] ? size : undefined;
  }
  return undefined;
}

/**
 * The cookie's value after a reader chose `size` on `list` (the entry moves to the front; the
 * other lists keep theirs).
 * @example chooseSize('coins:20|news:50', 'news', 10) // 'news:10|coins:20'
 */
export function chooseSize(cookie: string | undefined, list: string, size: number): string {
  const others = (cookie ?? '').split('|').filter((e) => /^[a-z-]+:\d+$/.test(e) && !e.startsWith(`${list}:`));
  return [`${list}:${size}`, ...others].slice(0, 16).join('|');
}
