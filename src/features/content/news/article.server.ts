/**
 * One article's page (/news/{id}, /research/{id}, content API detail): its body, related coins,
 * the next older and newer article of its kind and language, and related articles.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../server/db/index.ts';
import { articleCoins, articles, columnists } from '../../../server/db/schema/index.ts';
import { DomainError, notFound } from '../../../server/api/errors.ts';
import { prepared } from '../../../server/db/prepared.ts';
import {
  chipsOf,
  MISSING_KEY,
  summaryColumns,
  toChips,
  toSummary,
  visible,
  type ArticleKind,
  type ArticleSummary,
} from './news.server.ts';

interface ArticleLink {
  id: number;
  kind: ArticleKind;
  title: string;
  publishedAt: string;
}

export interface ArticleDetail extends ArticleSummary {
  body: string;
  sourceUrl: string | null;
  /** The next older and next newer article of the same kind and language. */
  previous: ArticleLink | null;
  next: ArticleLink | null;
  /** Articles of the same kind and language about the same coins (else the latest). */
  related: ArticleLink[];
}

type LinkJson = { id: number; kind: ArticleKind; title: string; publishedAt: string };

const toLink = (r: LinkJson): ArticleLink => ({
  id: r.id,
  kind: r.kind,
  title: r.title,
  publishedAt: new Date(r.publishedAt).toISOString(),
});

/** Other visible articles of the article's kind and language (`o` beside the outer `articles` row). */
const SHELF = sql.raw(
  `o.deleted_at is null and o.kind = "articles"."kind" and o.locale = "articles"."locale" and o.id <> "articles"."id"`,
);
const LINK = sql.raw(`json_build_object('id', o.id, 'kind', o.kind, 'title', o.title, 'publishedAt', o.published_at)`);

/** The neighbour on one side: the next older (`<`) or next newer (`>`) article of the shelf. */
const neighbour = (side: '<' | '>') => {
  const cmp = sql.raw(side);
  const dir = sql.raw(side === '<' ? 'desc' : 'asc');
  return sql<LinkJson | null>`(select ${LINK} from ${articles} o where ${SHELF}
    and (o.published_at ${cmp} "articles"."published_at" or (o.published_at = "articles"."published_at" and o.id ${cmp} "articles"."id"))
    order by o.published_at ${dir}, o.id ${dir} limit 1)`;
};

/**
 * One visible article with its body, related coins, neighbours and related articles. Unknown,
 * removed, or (when `kind` is given) of another kind: 404 "Content does not exist or has been removed".
 *
 * One prepared statement (per `kind` given or not): the neighbours, the related reads and the
 * coins are subqueries of the article's row. Five statements in three round trips made the
 * article page the slowest page of the benchmark against its template baseline (issue 25).
 */
export async function getArticle(db: Db, id: number, kind?: ArticleKind): Promise<ArticleDetail> {
  if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) throw notFound(MISSING_KEY);
  const statement = prepared(db, `article:${kind ? 'kind' : 'any'}`, (name) =>
    db
      .select({
        ...summaryColumns,
        body: articles.body,
        sourceUrl: articles.sourceUrl,
        chips: chipsOf(sql.raw('"articles"."id"')),
        older: neighbour('<'),
        newer: neighbour('>'),
        // Sharing a coin first, then the newest of the rest (in that order: json_agg keeps the
        // order of its sorted subquery).
        related: sql<
          LinkJson[]
        >`(select coalesce(json_agg(${sql.raw("json_build_object('id', r.id, 'kind', r.kind, 'title', r.title, 'publishedAt', r.published_at)")}), '[]'::json)
          from (select o.id, o.kind, o.title, o.published_at from ${articles} o where ${SHELF}
            order by exists (select 1 from ${articleCoins} ac where ac.article_id = o.id
              and ac.coin_id in (select mine.coin_id from ${articleCoins} mine where mine.article_id = "articles"."id")) desc,
              o.published_at desc, o.id desc
            limit 5) r)`,
      })
      .from(articles)
      .leftJoin(columnists, eq(columnists.id, articles.columnistId))
      .where(
        and(
          eq(articles.id, sql.placeholder('id')),
          visible,
          kind ? eq(articles.kind, sql.placeholder('kind')) : undefined,
        ),
      )
      .limit(1)
      .prepare(name),
  );
  const [row] = await statement.execute({ id, kind: kind ?? '' });
  if (!row) throw notFound(MISSING_KEY);
  const summary = toSummary(row, new Map([[row.id, toChips(row.chips)]]));
  return {
    ...summary,
    body: row.body,
    sourceUrl: row.sourceUrl,
    previous: row.older ? toLink(row.older) : null,
    next: row.newer ? toLink(row.newer) : null,
    related: row.related.map(toLink),
  };
}

/** {@link getArticle}, or null when it does not exist or was removed (pages show their own 404). */
export async function findArticle(db: Db, id: number, kind?: ArticleKind): Promise<ArticleDetail | null> {
  try {
    return await getArticle(db, id, kind);
  } catch (e) {
    if (e instanceof DomainError && e.status === 404) return null;
    throw e;
  }
}
