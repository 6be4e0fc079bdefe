/**
 * Content bookmarks (SPEC §7 "GET v1 favorite/page, favorite/page/append, favorite/page/deleteOne"):
 * a signed-in user's saved articles (news and research), flash news items and exchange
 * announcements, newest saved first, with their titles and the path of their page.
 *
 * A bookmark names its content by kind and id; content that does not exist (or a removed
 * article) cannot be bookmarked (404 "Content does not exist or has been removed"), and a
 * bookmark whose content goes away later drops out of the list. At most
 * {@link BOOKMARKS_MAX} per user.
 */
import { and, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../../server/db/index.ts';
import { announcements, articles, contentBookmarks, exchanges, flashNews } from '../../../server/db/schema/index.ts';
import { DomainError, notFound } from '../../../server/api/errors.ts';
import { lockedFor } from '../../../server/db/userLock.ts';
import { MISSING_KEY } from '../../content/news/index.ts';
import type { Page } from '../../../server/db/numbers.ts';

export const BOOKMARK_KINDS = ['article', 'flash', 'announcement'] as const;
type BookmarkKind = (typeof BOOKMARK_KINDS)[number];

/** As many as a watchlist holds. */
const BOOKMARKS_MAX = 500;

export interface Bookmark {
  kind: BookmarkKind;
  id: number;
  title: string;
  /** The content's page, without a locale prefix: /news/1, /research/2, /lives/3, /announcement/4. */
  link: string;
  /** news or research for articles; the exchange's display name for announcements; null for flash news. */
  label: string | null;
  publishedAt: string;
  bookmarkedAt: string;
  /** The language the content is written in. */
  locale: string;
}

/** The content a bookmark may name: a visible article, a flash news item, an announcement. */
async function contentExists(db: Db, kind: BookmarkKind, id: number): Promise<boolean> {
  const rows =
    kind === 'article'
      ? await db
          .select({ id: articles.id })
          .from(articles)
          .where(and(eq(articles.id, id), isNull(articles.deletedAt)))
          .limit(1)
      : kind === 'flash'
        ? await db.select({ id: flashNews.id }).from(flashNews).where(eq(flashNews.id, id)).limit(1)
        : await db.select({ id: announcements.id }).from(announcements).where(eq(announcements.id, id)).limit(1);
  return rows.length > 0;
}

/** Bookmarks a piece of content (append); one already bookmarked stays as it was. */
export async function addBookmark(db: Db, userId: number, kind: BookmarkKind, id: number): Promise<void> {
  if (!(await contentExists(db, kind, id))) throw notFound(MISSING_KEY);
  await lockedFor(db, userId, async (tx) => {
    const [have] = await tx
      .select({
        n: sql<number>`count(*)`.mapWith(Number),
        mine: sql<boolean>`bool_or(${contentBookmarks.kind} = ${kind} and ${contentBookmarks.targetId} = ${id})`,
      })
      .from(contentBookmarks)
      .where(eq(contentBookmarks.userId, userId));
    if (have?.mine) return;
    if ((have?.n ?? 0) >= BOOKMARKS_MAX)
      throw new DomainError(400, 4102, 'favourites.bookmarkCap', {
        count: BOOKMARKS_MAX,
      });
    await tx.insert(contentBookmarks).values({ userId, kind, targetId: id }).onConflictDoNothing();
  });
}

/** Removes a bookmark (deleteOne); one that is not there changes nothing. */
export async function removeBookmark(db: Db, userId: number, kind: BookmarkKind, id: number): Promise<void> {
  await db
    .delete(contentBookmarks)
    .where(
      and(eq(contentBookmarks.userId, userId), eq(contentBookmarks.kind, kind), eq(contentBookmarks.targetId, id)),
    );
}

/** Which of these items of one kind the user has bookmarked (the pages' bookmark buttons), in the order asked. */
export async function bookmarkedIds(
  db: Db,
  userId: number,
  kind: BookmarkKind,
  ids: readonly number[],
): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: contentBookmarks.targetId })
    .from(contentBookmarks)
    .where(
      and(
        eq(contentBookmarks.userId, userId),
        eq(contentBookmarks.kind, kind),
        inArray(contentBookmarks.targetId, [...ids]),
      ),
    );
  const mine = new Set(rows.map((r) => r.id));
  return ids.filter((id) => mine.has(id));
}

/** One page of the user's bookmarks, newest saved first; bookmarks of content gone since are left out. */
export async function listBookmarks(
  db: Db,
  userId: number,
  q: { page: number; size: number },
): Promise<Page<Bookmark>> {
  const b = contentBookmarks;
  // A function: drizzle's builders change in place, and the count needs the query without its page.
  const joined = () =>
    db
      .select({
        kind: b.kind,
        id: b.targetId,
        bookmarkedAt: b.createdAt,
        articleKind: articles.kind,
        articleTitle: articles.title,
        articleAt: articles.publishedAt,
        flashTitle: flashNews.title,
        flashAt: flashNews.publishedAt,
        noticeTitle: announcements.title,
        noticeAt: announcements.publishedAt,
        exchange: exchanges.displayName,
        locale: sql<string>`coalesce(${articles.locale}, ${flashNews.locale}, ${announcements.locale})::text`,
        total: sql<number>`count(*) over ()`.mapWith(Number),
      })
      .from(b)
      .leftJoin(articles, and(eq(b.kind, 'article'), eq(articles.id, b.targetId), isNull(articles.deletedAt)))
      .leftJoin(flashNews, and(eq(b.kind, 'flash'), eq(flashNews.id, b.targetId)))
      .leftJoin(announcements, and(eq(b.kind, 'announcement'), eq(announcements.id, b.targetId)))
      .leftJoin(exchanges, eq(exchanges.id, announcements.exchangeId))
      .where(
        and(
          eq(b.userId, userId),
          or(sql`${articles.id} is not null`, sql`${flashNews.id} is not null`, sql`${announcements.id} is not null`),
        ),
      );
  const rows = await joined()
    .orderBy(desc(b.createdAt), desc(b.kind), desc(b.targetId))
    .limit(q.size)
    .offset((q.page - 1) * q.size);
  // Past the last page no row carries the count.
  const total =
    rows[0]?.total ??
    (q.page > 1
      ? ((await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(joined().as('all')))[0]?.n ?? 0)
      : 0);
  const list = rows.map((r): Bookmark => {
    const at = (r.articleAt ?? r.flashAt ?? r.noticeAt)!;
    const base = {
      kind: r.kind,
      id: r.id,
      publishedAt: at.toISOString(),
      bookmarkedAt: r.bookmarkedAt.toISOString(),
      locale: r.locale,
    };
    if (r.kind === 'article')
      return {
        ...base,
        title: r.articleTitle!,
        link: `/${r.articleKind === 'research' ? 'research' : 'news'}/${r.id}`,
        label: r.articleKind,
      };
    if (r.kind === 'flash')
      return {
        ...base,
        title: r.flashTitle!,
        link: `/lives/${r.id}`,
        label: null,
      };
    return {
      ...base,
      title: r.noticeTitle!,
      link: `/announcement/${r.id}`,
      label: r.exchange,
    };
  });
  return { list, total, page: q.page, size: q.size };
}
