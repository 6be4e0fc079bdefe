/** Announcement counts: of a UTC day, per category (with today's) and per exchange, for the lists' tabs and filters. */
import { and, count, eq, gte, inArray, lt, max, sql } from 'drizzle-orm';
import type { Db } from '../../../server/db/index.ts';
import { announcements, exchanges } from '../../../server/db/schema/index.ts';
import {
  ANNOUNCEMENT_CATEGORIES,
  findExchange,
  utcDay,
  type AnnouncementCategory,
  type ContentLocale,
  type ExchangeRef,
} from './announcements.server.ts';

/** How many announcements were published on the UTC day of `at`. */
export async function countForDay(
  db: Db,
  q: { at: number | Date; locales?: ContentLocale[] | undefined; exchange?: string | undefined },
): Promise<{ date: string; count: number }> {
  const day = utcDay(q.at);
  if (q.exchange !== undefined) await findExchange(db, q.exchange);
  const [row] = await db
    .select({ n: count() })
    .from(announcements)
    .innerJoin(exchanges, eq(exchanges.id, announcements.exchangeId))
    .where(
      and(
        gte(announcements.publishedAt, day.start),
        lt(announcements.publishedAt, day.end),
        q.locales ? inArray(announcements.locale, q.locales) : undefined,
        q.exchange !== undefined ? eq(exchanges.name, q.exchange) : undefined,
      ),
    );
  return { date: day.date, count: row?.n ?? 0 };
}

export interface CategoryGroup {
  category: AnnouncementCategory;
  count: number;
  /** Published today (UTC). */
  today: number;
}

/** Announcement counts per category (every category, zeros included), in and for today. */
export async function announcementGroups(
  db: Db,
  q: { now: number; locales?: ContentLocale[] | undefined; exchange?: string | undefined },
): Promise<CategoryGroup[]> {
  if (q.exchange !== undefined) await findExchange(db, q.exchange);
  const day = utcDay(q.now);
  const rows = await db
    .select({
      category: announcements.category,
      n: count(),
      today:
        sql<number>`count(*) filter (where ${announcements.publishedAt} >= ${day.start.toISOString()}::timestamptz and ${announcements.publishedAt} < ${day.end.toISOString()}::timestamptz)`.mapWith(
          Number,
        ),
    })
    .from(announcements)
    .innerJoin(exchanges, eq(exchanges.id, announcements.exchangeId))
    .where(
      and(
        q.locales ? inArray(announcements.locale, q.locales) : undefined,
        q.exchange !== undefined ? eq(exchanges.name, q.exchange) : undefined,
      ),
    )
    .groupBy(announcements.category);
  const by = new Map(rows.map((r) => [r.category, r]));
  return ANNOUNCEMENT_CATEGORIES.map((category) => ({
    category,
    count: by.get(category)?.n ?? 0,
    today: by.get(category)?.today ?? 0,
  }));
}

export interface ExchangeWithAnnouncements extends ExchangeRef {
  count: number;
  latestAt: string;
}

/** Exchanges that have announcements, by exchange rank, with their counts. */
export async function exchangesWithAnnouncements(
  db: Db,
  q: { locales?: ContentLocale[] | undefined } = {},
): Promise<ExchangeWithAnnouncements[]> {
  const rows = await db
    .select({
      name: exchanges.name,
      displayName: exchanges.displayName,
      n: count(),
      latest: max(announcements.publishedAt),
    })
    .from(announcements)
    .innerJoin(exchanges, eq(exchanges.id, announcements.exchangeId))
    .where(q.locales ? inArray(announcements.locale, q.locales) : undefined)
    .groupBy(exchanges.id, exchanges.name, exchanges.displayName, exchanges.rank)
    .orderBy(sql`${exchanges.rank} asc nulls last`, exchanges.name);
  return rows.map((r) => ({
    name: r.name,
    displayName: r.displayName,
    count: r.n,
    latestAt: (r.latest as Date).toISOString(),
  }));
}
