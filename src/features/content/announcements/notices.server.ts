/** The operator's site notices (/notice, /notices/{category}): lists, one notice, counts per category. */
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../server/db/index.ts';
import { notices } from '../../../server/db/schema/index.ts';
import { notFound } from '../../../server/api/errors.ts';
import type { Page } from '../../../server/db/numbers.ts';
import type { ContentLocale } from './announcements.server.ts';

/** Stable category codes of site notices. */
export const NOTICE_CATEGORIES = ['product', 'data', 'maintenance', 'activity', 'policy'] as const;
export type NoticeCategory = (typeof NOTICE_CATEGORIES)[number];
export const isNoticeCategory = (s: unknown): s is NoticeCategory =>
  (NOTICE_CATEGORIES as readonly unknown[]).includes(s);

export interface NoticeItem {
  id: number;
  title: string;
  category: string;
  locale: string;
  publishedAt: string;
  summary: string | null;
}

export interface NoticeDetail extends NoticeItem {
  body: string | null;
  url: string | null;
}

/** The first paragraph of a body, clipped. */
export function summarise(body: string | null, max = 160): string | null {
  if (!body) return null;
  const first = body.split(/\n\s*\n/)[0]?.trim() ?? '';
  return first.length > max ? `${first.slice(0, max - 1).trimEnd()}…` : first;
}

/** One page of site notices, newest first. */
export async function listNotices(
  db: Db,
  q: { page: number; size: number; locales?: ContentLocale[] | undefined; category?: NoticeCategory | undefined },
): Promise<Page<NoticeItem>> {
  const where = and(
    q.locales ? inArray(notices.locale, q.locales) : undefined,
    q.category ? eq(notices.category, q.category) : undefined,
  );
  const [[totalRow], rows] = await Promise.all([
    db.select({ n: count() }).from(notices).where(where),
    db
      .select({
        id: notices.id,
        title: notices.title,
        category: notices.category,
        locale: notices.locale,
        publishedAt: notices.publishedAt,
        body: notices.body,
      })
      .from(notices)
      .where(where)
      .orderBy(desc(notices.publishedAt), desc(notices.id))
      .limit(q.size)
      .offset((q.page - 1) * q.size),
  ]);
  return {
    list: rows.map((r) => ({
      id: r.id,
      title: r.title,
      category: r.category,
      locale: r.locale,
      publishedAt: r.publishedAt.toISOString(),
      summary: summarise(r.body),
    })),
    total: totalRow?.n ?? 0,
    page: q.page,
    size: q.size,
  };
}

/** One site notice; a missing id is a 404 "Content does not exist or has been removed". */
export async function getNotice(db: Db, id: number): Promise<NoticeDetail> {
  const [row] = await db.select().from(notices).where(eq(notices.id, id)).limit(1);
  if (!row) throw notFound('announcement.missing');
  return {
    id: row.id,
    title: row.title,
    category: row.category,
    locale: row.locale,
    publishedAt: row.publishedAt.toISOString(),
    summary: summarise(row.body),
    body: row.body,
    url: row.url,
  };
}

/** Notice counts per category (every category, zeros included). */
export async function noticeGroups(
  db: Db,
  q: { locales?: ContentLocale[] | undefined } = {},
): Promise<{ category: NoticeCategory; count: number }[]> {
  const rows = await db
    .select({ category: notices.category, n: count() })
    .from(notices)
    .where(q.locales ? inArray(notices.locale, q.locales) : undefined)
    .groupBy(notices.category);
  const by = new Map(rows.map((r) => [r.category, r.n]));
  return NOTICE_CATEGORIES.map((category) => ({ category, count: by.get(category) ?? 0 }));
}
