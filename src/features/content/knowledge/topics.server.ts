/** Topics (/topic): articles collected around a theme, listed by language, one by id or slug with a page of its articles. */
import { and, asc, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../../server/db/index.ts';
import { articles, topicArticles, topics } from '../../../server/db/schema/index.ts';
import { notFound } from '../../../server/api/errors.ts';
import type { Page } from '../../../server/db/numbers.ts';
import { MISSING_KEY, type ContentLocale } from './knowledge.server.ts';

export interface TopicSummary {
  id: number;
  slug: string;
  title: string;
  description: string | null;
  cover: string | null;
  locale: string;
  createdAt: string;
  /** Articles in the topic that are not removed. */
  articleCount: number;
  /** Publication time of the newest of them. */
  latestAt: string | null;
}

interface TopicArticle {
  id: number;
  kind: 'news' | 'research';
  title: string;
  summary: string | null;
  /** The language the article is written in. */
  locale: string;
  publishedAt: string;
  /** Site path of the article: /news/{id} or /research/{id}. */
  path: string;
}

export type TopicDetail = TopicSummary & { articles: Page<TopicArticle> };

/** The site path of an article by kind. */
export const articlePath = (kind: 'news' | 'research', id: number) => `/${kind}/${id}`;

const liveArticle = and(eq(topicArticles.articleId, articles.id), isNull(articles.deletedAt));

const topicColumns = {
  id: topics.id,
  slug: topics.slug,
  title: topics.title,
  description: topics.description,
  cover: topics.cover,
  locale: topics.locale,
  createdAt: topics.createdAt,
  articleCount: sql<number>`count(${articles.id})`.mapWith(Number),
  latestAt: sql<string | null>`max(${articles.publishedAt})`,
};

type TopicRow = {
  id: number;
  slug: string;
  title: string;
  description: string | null;
  cover: string | null;
  locale: string;
  createdAt: Date;
  articleCount: number;
  latestAt: string | Date | null;
};

const toTopic = (r: TopicRow): TopicSummary => ({
  id: r.id,
  slug: r.slug,
  title: r.title,
  description: r.description,
  cover: r.cover,
  locale: r.locale,
  createdAt: r.createdAt.toISOString(),
  articleCount: r.articleCount,
  latestAt: r.latestAt === null ? null : new Date(r.latestAt).toISOString(),
});

/** Topics of a content language, the one with the newest article first. */
export async function listTopics(
  db: Db,
  q: { locale: ContentLocale; page: number; size: number },
): Promise<Page<TopicSummary>> {
  const where = eq(topics.locale, q.locale);
  const [rows, [total]] = await Promise.all([
    db
      .select(topicColumns)
      .from(topics)
      .leftJoin(topicArticles, eq(topicArticles.topicId, topics.id))
      .leftJoin(articles, liveArticle)
      .where(where)
      .groupBy(topics.id)
      .orderBy(sql`max(${articles.publishedAt}) desc nulls last`, asc(topics.id))
      .limit(q.size)
      .offset((q.page - 1) * q.size),
    db.select({ n: count() }).from(topics).where(where),
  ]);
  return { list: rows.map(toTopic), total: total?.n ?? 0, page: q.page, size: q.size };
}

/**
 * A topic by id or slug with a page of its articles, newest first; removed articles are left
 * out. Missing → 404 {@link MISSING_KEY}.
 */
export async function getTopic(db: Db, idOrSlug: string, q: { page: number; size: number }): Promise<TopicDetail> {
  const where = /^\d{1,9}$/.test(idOrSlug) ? eq(topics.id, Number(idOrSlug)) : eq(topics.slug, idOrSlug);
  const [row] = await db
    .select(topicColumns)
    .from(topics)
    .leftJoin(topicArticles, eq(topicArticles.topicId, topics.id))
    .leftJoin(articles, liveArticle)
    .where(where)
    .groupBy(topics.id);
  if (!row) throw notFound(MISSING_KEY);
  const topic = toTopic(row);
  const rows = await db
    .select({
      id: articles.id,
      kind: articles.kind,
      title: articles.title,
      summary: articles.summary,
      locale: articles.locale,
      publishedAt: articles.publishedAt,
    })
    .from(topicArticles)
    .innerJoin(articles, liveArticle)
    .where(eq(topicArticles.topicId, topic.id))
    .orderBy(desc(articles.publishedAt), desc(articles.id))
    .limit(q.size)
    .offset((q.page - 1) * q.size);
  return {
    ...topic,
    articles: {
      list: rows.map((a) => ({ ...a, publishedAt: a.publishedAt.toISOString(), path: articlePath(a.kind, a.id) })),
      total: topic.articleCount,
      page: q.page,
      size: q.size,
    },
  };
}
