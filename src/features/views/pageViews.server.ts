/**
 * Page views from the first-party beacon (issue 10, SPEC §7 "Page-view analytics are sent on
 * every route change"): a count per site path and UTC day, nothing about the reader. Unlike the
 * render-time read counts (views.ts), the beacon also sees pages answered from the page
 * micro-cache or a CDN, so the hot lists rank by it (with the read count breaking ties).
 */
import { sql, type SQL } from 'drizzle-orm';
import { LOCALES } from '../../lib/i18n/index.ts';
import type { Db } from '../../server/db/index.ts';
import { pageViews } from '../../server/db/schema/index.ts';

/** A path longer than this (after normalising) is not one of our pages. */
const PAGE_PATH_MAX = 200;

/** The hot lists count the page views of this many UTC days, today included. */
const HOT_VIEW_DAYS = 7;

// Longest first, so /zh-hk is not read as /zh followed by "-hk".
const LOCALE_PREFIX = new RegExp(`^/(?:${[...LOCALES].sort((a, b) => b.length - a.length).join('|')})(?=/|$)`);

/**
 * The path a view is counted under: query and hash dropped, the locale prefix removed (a page
 * and its /zh/… twin are one page), a trailing slash dropped; undefined when it is not a site
 * page path (not starting with a single /, too long, spaces or control characters, /api, /_astro).
 * @example normalisePagePath('/zh-hk/coin/bitcoin?x=1#top') // '/coin/bitcoin'
 * @example normalisePagePath('https://evil.example/') // undefined
 */
export function normalisePagePath(raw: unknown): string | undefined {
  if (typeof raw !== 'string' || raw.length > 2048) return undefined;
  let path = raw.replace(/[?#].*$/s, '');
  if (!path.startsWith('/') || path.startsWith('//') || /[\s\u0000-\u001f\u007f\\]/.test(path)) return undefined;
  path = path.replace(LOCALE_PREFIX, '') || '/';
  if (path.length > 1) path = path.replace(/\/+$/, '') || '/';
  if (path.length > PAGE_PATH_MAX || /^\/(?:api|_astro)(?:\/|$)/.test(path)) return undefined;
  return path;
}

/** The UTC day of a time, as the `date` column stores it. */
export const utcDay = (now: number) => new Date(now).toISOString().slice(0, 10);

/** Adds one view of `path` (already normalised) on today's UTC row. */
export async function countPageView(db: Db, path: string, now = Date.now()): Promise<void> {
  await db
    .insert(pageViews)
    .values({ path, day: utcDay(now), n: 1 })
    .onConflictDoUpdate({ target: [pageViews.path, pageViews.day], set: { n: sql`${pageViews.n} + 1` } });
}

/**
 * A correlated subquery for ordering a content list by its recent page views: the sum over
 * the last {@link HOT_VIEW_DAYS} UTC days of the path `pathExpr` (an SQL text expression such as
 * `'/announcement/' || announcements.id`). One primary-key range read per row.
 */
export function recentViewsOf(pathExpr: SQL, days = HOT_VIEW_DAYS): SQL<number> {
  return sql<number>`coalesce((select sum(pv.n) from ${pageViews} pv where pv.path = ${pathExpr} and pv.day > (now() at time zone 'utc')::date - ${days}::int), 0)`;
}

/**
 * A per-address token bucket in memory: `burst` views at once, then one per `refillMs`. Bounded
 * to `maxKeys` addresses (the least recently seen forgotten first), so a flood of addresses
 * costs memory it cannot grow past. Per process: good enough to keep a script from inflating
 * counts, and costs no database write.
 */
export function tokenBuckets({ burst = 60, refillMs = 1000, maxKeys = 10_000, now = Date.now } = {}) {
  const buckets = new Map<string, { tokens: number; at: number }>();
  return {
    /** Takes one token for `key`; false when none is left. */
    take(key: string): boolean {
      const t = now();
      const b = buckets.get(key);
      const tokens = b ? Math.min(burst, b.tokens + (t - b.at) / refillMs) : burst;
      buckets.delete(key);
      if (buckets.size >= maxKeys) buckets.delete(buckets.keys().next().value as string);
      const ok = tokens >= 1;
      buckets.set(key, { tokens: ok ? tokens - 1 : tokens, at: t });
      return ok;
    },
    get size() {
      return buckets.size;
    },
  };
}
