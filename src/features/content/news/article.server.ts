/**
 * One article's page (/news/{id}, /research/{id}, content API detail): its body, related coins,
 * the next older and newer article of its kind and language, and related articles.
 */
import { and, asc, desc, eq, gt, inArray, lt, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../../server/db/index.ts';
import { articleCoins, articles, coins, columnists } from '../../../server/db/schema/index.ts';
import { DomainError, notFound } from '../../../server/api/errors.ts';
import { coinIcon } from '../../market/coins/index.ts';
import { num } from '../../../server/db/numbers.ts';
import {
  MISSING_KEY,
  summaryColumns,
  toSummary,
  visible,
  type ArticleKind,
  type ArticleSummary,
  type CoinChip,
  type ContentLocale,
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

/** The related coins of some articles, best-ranked first. */
async function coinsOf(db: Db, ids: number[]): Promise<Map<number, CoinChip[]>> {
  const out = new Map<number, CoinChip[]>();
  if (ids.length === 0) return out;
  const rows = await db
    .select({
      articleId: articleCoins.articleId,
      id: coins.id,
      symbol: coins.symbol,
      name: coins.name,
      price: coins.price,
      change24h: coins.change24h,
    })
    .from(articleCoins)
    .innerJoin(coins, eq(coins.id, articleCoins.coinId))
    .where(inArray(articleCoins.articleId, ids))
    .orderBy(sql`${coins.rank} asc nulls last`, asc(coins.id));
  for (const r of rows) {
    const list = out.get(r.articleId) ?? [];
    list.push({
      id: r.id,
      symbol: r.symbol,
      name: r.name,
      icon: coinIcon(r.id),
      price: num(r.price),
      change24h: num(r.change24h),
    });
    out.set(r.articleId, list);
  }
  return out;
}

const toLink = (r: { id: number; kind: ArticleKind; title: string; publishedAt: Date }): ArticleLink => ({
  id: r.id,
  kind: r.kind,
  title: r.title,
  publishedAt: r.publishedAt.toISOString(),
});

/**
 * One visible article with its body, related coins, neighbours and related articles. Unknown,
 * removed, or (when `kind` is given) of another kind: 404 "Content does not exist or has been removed".
 */
export async function getArticle(db: Db, id: number, kind?: ArticleKind): Promise<ArticleDetail> {
  if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) throw notFound(MISSING_KEY);
  const [row] = await db
    .select({ ...summaryColumns, body: articles.body, sourceUrl: articles.sourceUrl })
    .from(articles)
    .leftJoin(columnists, eq(columnists.id, articles.columnistId))
    .where(and(eq(articles.id, id), visible, kind ? eq(articles.kind, kind) : undefined))
    .limit(1);
  if (!row) throw notFound(MISSING_KEY);
  const chips = await coinsOf(db, [row.id]);
  const summary = toSummary(row, chips);
  const sameShelf = and(
    visible,
    eq(articles.kind, row.kind),
    eq(articles.locale, row.locale as ContentLocale),
    ne(articles.id, row.id),
  );
  const linkColumns = {
    id: articles.id,
    kind: articles.kind,
    title: articles.title,
    publishedAt: articles.publishedAt,
  };
  const at = row.publishedAt;
  const coinIds = summary.coins.map((c) => c.id);
  const [older, newer, related] = await Promise.all([
    db
      .select(linkColumns)
      .from(articles)
      .where(
        and(sameShelf, or(lt(articles.publishedAt, at), and(eq(articles.publishedAt, at), lt(articles.id, row.id)))),
      )
      .orderBy(desc(articles.publishedAt), desc(articles.id))
      .limit(1),
    db
      .select(linkColumns)
      .from(articles)
      .where(
        and(sameShelf, or(gt(articles.publishedAt, at), and(eq(articles.publishedAt, at), gt(articles.id, row.id)))),
      )
      .orderBy(asc(articles.publishedAt), asc(articles.id))
      .limit(1),
    // Sharing a coin first, then the newest of the rest.
    db
      .select(linkColumns)
      .from(articles)
      .where(sameShelf)
      .orderBy(
        coinIds.length
          ? sql`exists (select 1 from ${articleCoins} where ${articleCoins.articleId} = ${articles.id} and ${inArray(articleCoins.coinId, coinIds)}) desc`
          : desc(articles.publishedAt),
        desc(articles.publishedAt),
        desc(articles.id),
      )
      .limit(5),
  ]);
  return {
    ...summary,
    body: row.body,
    sourceUrl: row.sourceUrl,
    previous: older[0] ? toLink(older[0]) : null,
    next: newer[0] ? toLink(newer[0]) : null,
    related: related.map(toLink),
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
