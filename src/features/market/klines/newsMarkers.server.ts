/**
 * The flash news and exchange announcements about a coin in a time window, for the markers on
 * its charts (issue 13). Languages follow the lists' content-locale rule (contentLocale.ts).
 */
import { and, desc, eq, gte, inArray, lte } from 'drizzle-orm';
import type { Locale } from '../../../lib/i18n/index.ts';
import type { NewsMarker } from '../../../lib/newsMarkers.ts';
import type { Db } from '../../../server/db/index.ts';
import { announcementCoins, announcements, coins, flashNews, flashNewsCoins } from '../../../server/db/schema/index.ts';
import { DomainError, notFound } from '../../../server/api/errors.ts';
import { inVisitorWindow } from '../../content/announcements/index.ts';

/** Default and largest number of items one answer holds (the newest of the window). */
export const NEWS_MARKER_DEFAULT_LIMIT = 100;
export const NEWS_MARKER_MAX_LIMIT = 200;
/** The longest window: the kline chart's longest view (1000 weekly candles). */
export const NEWS_MARKER_MAX_WINDOW_MS = 1000 * 7 * 86_400_000;
/** The window without `from`. */
export const NEWS_MARKER_DEFAULT_WINDOW_MS = 30 * 86_400_000;

interface NewsMarkerQuery {
  coin: string;
  from?: number | undefined;
  to?: number | undefined;
  limit?: number | undefined;
  locales: readonly Locale[];
  /** A signed-in reader: announcements past the visitors' window too (SPEC §6). */
  signedIn?: boolean | undefined;
}

interface NewsMarkerPage {
  coin: string;
  from: number;
  to: number;
  /** Oldest first; the newest `limit` items of the window when it holds more. */
  list: NewsMarker[];
  /** More items lie in the window than were sent. */
  capped: boolean;
}

/**
 * The window a query asks for, clamped: `to` defaults to now, `from` to 30 days before `to`,
 * and a window longer than {@link NEWS_MARKER_MAX_WINDOW_MS} keeps its end. `from` after `to` is
 * a 400.
 * @example markerWindow({ to: 1e12 }, 0) // { from: 1e12 - 30 days, to: 1e12 }
 */
export function markerWindow(
  q: { from?: number | undefined; to?: number | undefined },
  now: number,
): { from: number; to: number } {
  const to = q.to ?? now;
  const from = q.from ?? to - NEWS_MARKER_DEFAULT_WINDOW_MS;
  if (from > to)
    throw new DomainError(400, 400, 'api.invalidParam', {
      field: 'from',
      message: 'must not be after to',
    });
  return { from: Math.max(from, to - NEWS_MARKER_MAX_WINDOW_MS), to };
}

export async function listNewsMarkers(db: Db, q: NewsMarkerQuery, now = Date.now()): Promise<NewsMarkerPage> {
  const { from, to } = markerWindow(q, now);
  const limit = Math.min(q.limit ?? NEWS_MARKER_DEFAULT_LIMIT, NEWS_MARKER_MAX_LIMIT);
  const [coin] = await db.select({ id: coins.id }).from(coins).where(eq(coins.id, q.coin)).limit(1);
  if (!coin) throw notFound('api.coinNotFound');
  const since = new Date(from);
  const until = new Date(to);
  const locales = [...q.locales];
  // One more than asked tells whether the window held more.
  const [flash, notices] = await Promise.all([
    db
      .select({
        id: flashNews.id,
        title: flashNews.title,
        locale: flashNews.locale,
        at: flashNews.publishedAt,
      })
      .from(flashNewsCoins)
      .innerJoin(flashNews, eq(flashNews.id, flashNewsCoins.flashNewsId))
      .where(
        and(
          eq(flashNewsCoins.coinId, q.coin),
          inArray(flashNews.locale, locales),
          gte(flashNews.publishedAt, since),
          lte(flashNews.publishedAt, until),
        ),
      )
      .orderBy(desc(flashNews.publishedAt), desc(flashNews.id))
      .limit(limit + 1),
    db
      .select({
        id: announcements.id,
        title: announcements.title,
        locale: announcements.locale,
        at: announcements.publishedAt,
      })
      .from(announcementCoins)
      .innerJoin(announcements, eq(announcements.id, announcementCoins.announcementId))
      // A visitor's markers: the announcements of the visitors' window only (SPEC §6).
      .where(
        and(
          eq(announcementCoins.coinId, q.coin),
          inArray(announcements.locale, locales),
          q.signedIn ? undefined : inVisitorWindow(locales),
          gte(announcements.publishedAt, since),
          lte(announcements.publishedAt, until),
        ),
      )
      .orderBy(desc(announcements.publishedAt), desc(announcements.id))
      .limit(limit + 1),
  ]);
  const all: NewsMarker[] = [
    ...flash.map((r) => ({
      time: r.at.getTime(),
      kind: 'flash' as const,
      id: r.id,
      title: r.title,
      locale: r.locale,
      url: `/lives/${r.id}`,
    })),
    ...notices.map((r) => ({
      time: r.at.getTime(),
      kind: 'announcement' as const,
      id: r.id,
      title: r.title,
      locale: r.locale,
      url: `/announcement/${r.id}`,
    })),
  ].sort((a, b) => b.time - a.time || a.kind.localeCompare(b.kind) || b.id - a.id);
  const list = all.slice(0, limit).reverse();
  return { coin: q.coin, from, to, list, capped: all.length > limit };
}
