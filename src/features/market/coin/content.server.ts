/**
 * Read models of the coin's content tabs: the announcements, flash news, news and calendar
 * events about it, and the "hot" mix of them all.
 */
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Locale } from '../../../lib/i18n/index.ts';
import type { Db } from '../../../server/db/index.ts';
import { memoMarket } from '../../../server/db/cache.ts';
import { prepared } from '../../../server/db/prepared.ts';
import {
  announcementCoins,
  announcements,
  articleCoins,
  articles,
  calendarEvents,
  exchanges,
  flashNews,
  flashNewsCoins,
} from '../../../server/db/schema/index.ts';
import type { Page } from '../../../server/db/numbers.ts';
import { CALENDAR_LOCALE } from '../../content/calendar/index.ts';
import { inVisitorWindow } from '../../content/announcements/index.ts';
import { coinFacts } from './coin.server.ts';

/* ---------- content ---------- */

export type ContentKind = 'announcements' | 'lives' | 'news' | 'calendar';

export interface ContentItem {
  kind: ContentKind;
  id: number;
  title: string;
  summary: string | null;
  at: string;
  /** Exchange display name of an announcement; importance flag of flash news / events. */
  source: string | null;
  important: boolean;
  url: string | null;
  /** The language the item is written in (calendar events: CALENDAR_LOCALE). */
  locale: Locale;
}

const clip = (s: string | null, n = 180) => (s && s.length > n ? `${s.slice(0, n - 1)}…` : s);

/**
 * Content items about one coin, newest first (calendar: upcoming first, then past), in the row
 * languages `locales` (contentLocale.ts; calendar events carry no language).
 */
export async function listCoinContent(
  db: Db,
  id: string,
  kind: ContentKind,
  page: number,
  size: number,
  locales: readonly Locale[],
  opts: { signedIn?: boolean } = {},
): Promise<Page<ContentItem>> {
  const n = sql<number>`count(*)`.mapWith(Number);
  // Each page carries the total beside its rows (one round trip); only an empty page counts
  // apart, after checking the coin exists (a 404 for an unknown one). Prepared per kind and
  // languages: the coin and the page are parameters.
  const withTotal = sql<number>`count(*) over ()`.mapWith(Number);
  const coin = sql.placeholder('id');
  const limit = sql.placeholder('limit');
  const offset = sql.placeholder('offset');
  const shape = `coinContent:${kind}:${locales.join(',')}:${opts.signedIn ? 'all' : 'window'}`;
  const params = { id, limit: size, offset: (page - 1) * size };
  type Statement<R> = { execute(values: Record<string, unknown>): Promise<R[]> };
  const read = async <R extends { total: number }>(
    rows: (name: string) => Statement<R>,
    counted: (name: string) => Statement<{ n: number }>,
  ): Promise<{ rows: R[]; total: number }> => {
    const list = await prepared(db, shape, rows).execute(params);
    if (list[0]) return { rows: list, total: list[0].total };
    await coinFacts(db, id);
    return { rows: list, total: (await prepared(db, `${shape}:count`, counted).execute(params))[0]?.n ?? 0 };
  };
  switch (kind) {
    case 'announcements': {
      // A visitor sees the window's announcements only (SPEC §6); pages render the visitor's view.
      const where = and(
        eq(announcementCoins.coinId, coin),
        inArray(announcements.locale, [...locales]),
        opts.signedIn ? undefined : inVisitorWindow(locales),
      );
      const { rows, total } = await read(
        (name) =>
          db
            .select({
              id: announcements.id,
              title: announcements.title,
              body: announcements.body,
              at: announcements.publishedAt,
              url: announcements.url,
              source: exchanges.displayName,
              category: announcements.category,
              locale: announcements.locale,
              total: withTotal,
            })
            .from(announcementCoins)
            .innerJoin(announcements, eq(announcements.id, announcementCoins.announcementId))
            .innerJoin(exchanges, eq(exchanges.id, announcements.exchangeId))
            .where(where)
            .orderBy(desc(announcements.publishedAt), desc(announcements.id))
            .limit(limit)
            .offset(offset)
            .prepare(name),
        (name) =>
          db
            .select({ n })
            .from(announcementCoins)
            .innerJoin(announcements, eq(announcements.id, announcementCoins.announcementId))
            .where(where)
            .prepare(name),
      );
      return {
        list: rows.map((r) => ({
          kind,
          id: r.id,
          title: r.title,
          summary: clip(r.body),
          at: r.at.toISOString(),
          source: r.source,
          important: false,
          url: r.url,
          locale: r.locale,
        })),
        total,
        page,
        size,
      };
    }
    case 'lives': {
      const where = and(eq(flashNewsCoins.coinId, coin), inArray(flashNews.locale, [...locales]));
      const { rows, total } = await read(
        (name) =>
          db
            .select({
              id: flashNews.id,
              title: flashNews.title,
              body: flashNews.body,
              at: flashNews.publishedAt,
              important: flashNews.important,
              url: flashNews.sourceUrl,
              locale: flashNews.locale,
              total: withTotal,
            })
            .from(flashNewsCoins)
            .innerJoin(flashNews, eq(flashNews.id, flashNewsCoins.flashNewsId))
            .where(where)
            .orderBy(desc(flashNews.publishedAt), desc(flashNews.id))
            .limit(limit)
            .offset(offset)
            .prepare(name),
        (name) =>
          db
            .select({ n })
            .from(flashNewsCoins)
            .innerJoin(flashNews, eq(flashNews.id, flashNewsCoins.flashNewsId))
            .where(where)
            .prepare(name),
      );
      return {
        list: rows.map((r) => ({
          kind,
          id: r.id,
          title: r.title,
          summary: clip(r.body),
          at: r.at.toISOString(),
          source: null,
          important: r.important,
          url: r.url,
          locale: r.locale,
        })),
        total,
        page,
        size,
      };
    }
    case 'news': {
      const where = and(
        eq(articleCoins.coinId, coin),
        eq(articles.kind, 'news'),
        isNull(articles.deletedAt),
        inArray(articles.locale, [...locales]),
      );
      const { rows, total } = await read(
        (name) =>
          db
            .select({
              id: articles.id,
              title: articles.title,
              summary: articles.summary,
              at: articles.publishedAt,
              url: articles.sourceUrl,
              locale: articles.locale,
              total: withTotal,
            })
            .from(articleCoins)
            .innerJoin(articles, eq(articles.id, articleCoins.articleId))
            .where(where)
            .orderBy(desc(articles.publishedAt), desc(articles.id))
            .limit(limit)
            .offset(offset)
            .prepare(name),
        (name) =>
          db
            .select({ n })
            .from(articleCoins)
            .innerJoin(articles, eq(articles.id, articleCoins.articleId))
            .where(where)
            .prepare(name),
      );
      return {
        list: rows.map((r) => ({
          kind,
          id: r.id,
          title: r.title,
          summary: clip(r.summary),
          at: r.at.toISOString(),
          source: null,
          important: false,
          url: r.url,
          locale: r.locale,
        })),
        total,
        page,
        size,
      };
    }
    case 'calendar': {
      const where = eq(calendarEvents.coinId, coin);
      const { rows, total } = await read(
        (name) =>
          db
            .select({
              id: calendarEvents.id,
              title: calendarEvents.title,
              body: calendarEvents.body,
              at: calendarEvents.startsAt,
              importance: calendarEvents.importance,
              source: calendarEvents.source,
              total: withTotal,
            })
            .from(calendarEvents)
            .where(where)
            .orderBy(
              sql`(${calendarEvents.startsAt} < now())`,
              sql`case when ${calendarEvents.startsAt} >= now() then ${calendarEvents.startsAt} end asc`,
              desc(calendarEvents.startsAt),
            )
            .limit(limit)
            .offset(offset)
            .prepare(name),
        (name) => db.select({ n }).from(calendarEvents).where(where).prepare(name),
      );
      return {
        list: rows.map((r) => ({
          kind,
          id: r.id,
          title: r.title,
          summary: clip(r.body),
          at: r.at.toISOString(),
          source: r.source,
          important: r.importance >= 4,
          url: null,
          locale: CALENDAR_LOCALE,
        })),
        total,
        page,
        size,
      };
    }
  }
}

/** How far ahead a calendar event already counts as news in the "hot" mix. */
const HOT_EVENT_HORIZON_MS = 7 * 86_400_000;

/**
 * "Hot": the newest items of every content kind about the coin, important ones first within a
 * day. Calendar events are dated when they happen: one in the coming week ranks as today's news,
 * later ones wait for the calendar tab.
 */
export async function hotCoinContent(
  db: Db,
  id: string,
  locales: readonly Locale[],
  limit = 20,
  now = Date.now(),
  opts: { signedIn?: boolean } = {},
): Promise<ContentItem[]> {
  const kinds: ContentKind[] = ['lives', 'news', 'announcements', 'calendar'];
  const pages = await Promise.all(kinds.map((k) => listCoinContent(db, id, k, 1, limit, locales, opts)));
  const day = 86_400_000;
  const dayOf = (i: ContentItem) => Math.floor(Math.min(Date.parse(i.at), now) / day);
  return pages
    .flatMap((p) => p.list)
    .filter((i) => i.kind !== 'calendar' || Date.parse(i.at) <= now + HOT_EVENT_HORIZON_MS)
    .sort((a, b) => dayOf(b) - dayOf(a) || Number(b.important) - Number(a.important) || b.at.localeCompare(a.at))
    .slice(0, limit);
}

/**
 * A content tab as a visitor's page shows it (a page of one kind, or "hot"), read at most once per
 * 2 s per coin, tab, page and languages: the age the page micro-cache gives a whole page anyway,
 * here shared by every currency, theme and colour variant of the tab. The API reads uncached.
 */
export function coinContentTab(
  db: Db,
  id: string,
  kind: ContentKind | 'hot',
  page: number,
  size: number,
  locales: readonly Locale[],
): Promise<Page<ContentItem> | { list: ContentItem[]; total: 0 }> {
  const key = [id, kind, page, size, locales.join(',')].join(':');
  const load = async () =>
    kind === 'hot'
      ? { list: await hotCoinContent(db, id, locales), total: 0 as const }
      : listCoinContent(db, id, kind, page, size, locales);
  return memoMarket(db, 'coinContentTab', key, load, { ttlMs: 2_000, max: 128 });
}
