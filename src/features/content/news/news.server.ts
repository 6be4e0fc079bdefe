/**
 * News articles, research reports and their columnists (/news, /research, /columnist and the
 * content API of SPEC §7); one article's page (neighbours, related articles) is in article.server.ts.
 *
 * Content language: articles are written in one language (`articles.locale`). Lists show the
 * rows of the page's content languages (contentLocale.ts): zh and zh-hk pages Chinese content,
 * en pages English, ko pages English and any imported Korean articles. A columnist's own page lists all their articles whatever the
 * language, since it is about the person; the columnist list shows the writers with articles
 * in the page's language. An article's detail page answers in any language: shared links keep
 * working when the reader's interface language differs.
 *
 * Removed articles (`deletedAt` set) are hidden from every list and answer "Content does not
 * exist or has been removed" (404) like an unknown id.
 *
 * Bodies are plain text: paragraphs separated by a blank line, "## " starts a subheading.
 * {@link articleBlocks} turns them into blocks the page renders as escaped text, so a body can
 * never inject markup; HTML that reaches the table anyway (an imported feed) is reduced to its
 * text.
 */
import { forReader, originOf, type Origin } from '../sources/index.ts';
import { and, asc, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Locale } from '../../../lib/i18n/index.ts';
import type { Db } from '../../../server/db/index.ts';
import { prepared } from '../../../server/db/prepared.ts';
import { articleCoins, articles, coins, columnistFollows, columnists } from '../../../server/db/schema/index.ts';
import { primaryContentLocale, type PrimaryContentLocale } from '../../../server/i18n/contentLocale.ts';
import { DomainError, notFound } from '../../../server/api/errors.ts';
import { coinIcon } from '../../market/coins/index.ts';
import { num, type Page } from '../../../server/db/numbers.ts';

export const ARTICLE_KINDS = ['news', 'research'] as const;
export type ArticleKind = (typeof ARTICLE_KINDS)[number];
/** The main languages content is written in (imports may add zh-hk and ko rows). */
export type ContentLocale = PrimaryContentLocale;

/** The translation key of the missing/removed message (SPEC §8). */
export const MISSING_KEY = 'news.missing';

/** The main content language of a page language (the knowledge pages key entries by it). */
export const contentLocale = primaryContentLocale;

export type Block = { type: 'p' | 'h'; text: string };

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', '#39': "'" };

/** Reduces HTML to text, keeping paragraph and line breaks as blank lines. */
function htmlToText(body: string): string {
  return body
    .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, '')
    .replace(/<h[1-6]\b[^>]*>/gi, '\n\n## ')
    .replace(/<\/(p|div|h[1-6]|li|blockquote)\s*>|<br\s*\/?>/gi, '\n\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(amp|lt|gt|quot|apos|nbsp|#39);/g, (_, e: string) => ENTITIES[e] ?? '');
}

/**
 * Splits a plain-text body into paragraphs and subheadings (lines starting with "## ").
 * Single line breaks inside a paragraph become spaces; HTML tags are dropped.
 * @example articleBlocks('## Key\n\nOne\ntwo') // [{ type: 'h', text: 'Key' }, { type: 'p', text: 'One two' }]
 */
export function articleBlocks(body: string): Block[] {
  const text = /<[a-z!/][^>]*>/i.test(body) ? htmlToText(body) : body;
  const blocks: Block[] = [];
  for (const chunk of text.replace(/\r\n?/g, '\n').split(/\n\s*\n/)) {
    const lines = chunk
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean);
    let para: string[] = [];
    const flush = () => {
      if (para.length) blocks.push({ type: 'p', text: para.join(' ') });
      para = [];
    };
    for (const line of lines) {
      const heading = /^#{1,6}(?:\s+(.*))?$/.exec(line);
      if (heading) {
        flush();
        if (heading[1]) blocks.push({ type: 'h', text: heading[1] });
      } else para.push(line);
    }
    flush();
  }
  return blocks;
}

import type { CoinChip } from '../../../lib/rows.ts';

export type { CoinChip };

interface ColumnistRef {
  id: number;
  name: string;
  avatar: string | null;
}

export interface ArticleSummary {
  id: number;
  kind: ArticleKind;
  title: string;
  summary: string | null;
  cover: string | null;
  locale: string;
  views: number;
  publishedAt: string;
  columnist: ColumnistRef | null;
  coins: CoinChip[];
  /** Its source, the link to the original and its byline; or that it is demo content. */
  origin: Origin;
  /** A Simplified item converted for a Traditional Chinese reader (sources/origin.ts). */
  convertedFrom?: 'zh';
}

interface ArticleQuery {
  page: number;
  size: number;
  kind?: ArticleKind | undefined;
  /** Row languages (see contentLocale.ts); undefined: every language. */
  locales?: readonly Locale[] | undefined;
  coin?: string | undefined;
  columnist?: number | undefined;
  /** Articles of the columnists this user follows (content/follow). */
  followedBy?: number | undefined;
}

/** Articles that are not removed: the only ones lists, counts and pages show. */
export const visible = isNull(articles.deletedAt);

export const summaryColumns = {
  id: articles.id,
  kind: articles.kind,
  title: articles.title,
  summary: articles.summary,
  cover: articles.cover,
  locale: articles.locale,
  views: articles.views,
  publishedAt: articles.publishedAt,
  columnistId: columnists.id,
  columnistName: columnists.name,
  columnistAvatar: columnists.avatar,
  source: articles.source,
  sourceUrl: articles.sourceUrl,
  author: articles.author,
};

type SummaryRow = {
  id: number;
  kind: ArticleKind;
  title: string;
  summary: string | null;
  cover: string | null;
  locale: string;
  views: number;
  publishedAt: Date;
  columnistId: number | null;
  columnistName: string | null;
  columnistAvatar: string | null;
  source: string;
  sourceUrl: string | null;
  author: string | null;
};

export type ChipJson = { id: string; symbol: string; name: string; price: string | null; change24h: string | null };

/** An article's related coins, best-ranked first, as a JSON column of the article's row. */
export function chipsOf(articleId: SQL) {
  return sql<
    ChipJson[]
  >`(select coalesce(json_agg(json_build_object('id', c.id, 'symbol', c.symbol, 'name', c.name, 'price', c.price::text, 'change24h', c.change_24h::text)
      order by c.rank asc nulls last, c.id), '[]'::json)
    from ${articleCoins} ac join ${coins} c on c.id = ac.coin_id where ac.article_id = ${articleId})`;
}

export const toChips = (rows: ChipJson[]): CoinChip[] =>
  rows.map((r) => ({
    id: r.id,
    symbol: r.symbol,
    name: r.name,
    icon: coinIcon(r.id),
    price: num(r.price),
    change24h: num(r.change24h),
  }));

export function toSummary(r: SummaryRow, chips: Map<number, CoinChip[]>): ArticleSummary {
  return {
    id: r.id,
    kind: r.kind,
    title: r.title,
    summary: r.summary,
    cover: r.cover,
    locale: r.locale,
    views: r.views,
    publishedAt: r.publishedAt.toISOString(),
    columnist:
      r.columnistId === null ? null : { id: r.columnistId, name: r.columnistName ?? '', avatar: r.columnistAvatar },
    coins: chips.get(r.id) ?? [],
    origin: originOf(r.source, r.sourceUrl, r.author),
  };
}

/** The text fields a Traditional Chinese reader gets converted (see `forReader`). */
export const CONVERTED_FIELDS = ['title', 'summary'] as const;

/** Fails with 404 when a coin id is unknown (a filter on it could only ever be empty). */
async function requireCoin(db: Db, id: string): Promise<{ id: string; name: string; symbol: string }> {
  const [row] = await db
    .select({ id: coins.id, name: coins.name, symbol: coins.symbol })
    .from(coins)
    .where(eq(coins.id, id))
    .limit(1);
  if (!row) throw notFound('api.coinNotFound');
  return row;
}

/** The name of a coin used as a list filter; 404 when unknown. */
export const coinForFilter = requireCoin;

/**
 * One page of visible articles, newest first, optionally of one kind, language, coin or
 * columnist. An unknown coin or columnist is a 404, a page past the end an empty list.
 */
export async function listArticles(db: Db, q: ArticleQuery): Promise<Page<ArticleSummary>> {
  // An id out of the column's range is not sent to the database (a 404, not its range error).
  if (q.columnist !== undefined && !isRowId(q.columnist)) await getColumnist(db, q.columnist);
  // One prepared statement per shape (kind, languages, which filters); ids and the page are parameters.
  const shape = `listArticles:${q.kind ?? ''}:${q.locales?.join(',') ?? '*'}:${q.columnist !== undefined ? 'c' : ''}:${q.coin !== undefined ? 'k' : ''}:${q.followedBy !== undefined ? 'f' : ''}`;
  const conditions: SQL[] = [visible];
  if (q.kind) conditions.push(eq(articles.kind, q.kind));
  if (q.locales) conditions.push(inArray(articles.locale, [...q.locales]));
  if (q.columnist !== undefined) conditions.push(sql`${articles.columnistId} = ${sql.placeholder('columnist')}`);
  if (q.coin !== undefined)
    conditions.push(
      sql`exists (select 1 from ${articleCoins} where ${articleCoins.articleId} = ${articles.id} and ${articleCoins.coinId} = ${sql.placeholder('coin')})`,
    );
  if (q.followedBy !== undefined)
    conditions.push(
      sql`${articles.columnistId} in (select ${columnistFollows.columnistId} from ${columnistFollows} where ${columnistFollows.userId} = ${sql.placeholder('followedBy')})`,
    );
  const where = and(...conditions);
  // One statement: the page, each article's coins (as JSON beside it) and the total.
  const count = db.select({ n: sql<number>`count(*)` }).from(articles).where(where);
  const params = {
    columnist: q.columnist ?? 0,
    coin: q.coin ?? '',
    followedBy: q.followedBy ?? 0,
    limit: q.size,
    offset: (q.page - 1) * q.size,
  };
  const statement = prepared(db, shape, (name) =>
    db
      .select({
        ...summaryColumns,
        chips: chipsOf(sql.raw('"articles"."id"')),
        total: sql<number>`(${count})`.mapWith(Number),
      })
      .from(articles)
      .leftJoin(columnists, eq(columnists.id, articles.columnistId))
      .where(where)
      .orderBy(desc(articles.publishedAt), desc(articles.id))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(name),
  );
  const rows = await statement.execute(params);
  // A row of the coin or columnist proves it exists; only an empty page asks (a 404 when not).
  if (rows.length === 0) {
    if (q.coin !== undefined) await requireCoin(db, q.coin);
    if (q.columnist !== undefined) await getColumnist(db, q.columnist);
  }
  const chips = new Map(rows.map((r) => [r.id, toChips(r.chips)]));
  const total =
    rows[0]?.total ??
    Number((await prepared(db, `${shape}:count`, (name) => count.prepare(name)).execute(params))[0]?.n ?? 0);
  const list = forReader(
    rows.map((r) => toSummary(r, chips)),
    q.locales,
    CONVERTED_FIELDS,
  );
  return { list, total, page: q.page, size: q.size };
}

/* ---------- columnists ---------- */

export interface Columnist {
  id: number;
  name: string;
  avatar: string | null;
  bio: string | null;
  followers: number;
  /** Visible articles, by kind. */
  news: number;
  research: number;
  latestAt: string | null;
}

const countKind = (kind: ArticleKind) =>
  sql<number>`count(*) filter (where ${articles.kind} = ${kind})`.mapWith(Number);

const columnistColumns = {
  id: columnists.id,
  name: columnists.name,
  avatar: columnists.avatar,
  bio: columnists.bio,
  followers: columnists.followers,
  news: countKind('news'),
  research: countKind('research'),
  latestAt: sql<Date | null>`max(${articles.publishedAt})`.mapWith((v: unknown) =>
    v === null ? null : new Date(v as string),
  ),
};

const toColumnist = (r: {
  id: number;
  name: string;
  avatar: string | null;
  bio: string | null;
  followers: number;
  news: number;
  research: number;
  latestAt: Date | null;
}): Columnist => ({
  ...r,
  latestAt: r.latestAt ? r.latestAt.toISOString() : null,
});

/**
 * Columnists with visible articles in a language, most followed first; their counts are of
 * articles in that language.
 */
export async function listColumnists(
  db: Db,
  q: { page: number; size: number; locales: readonly Locale[] },
): Promise<Page<Columnist>> {
  const join = and(eq(articles.columnistId, columnists.id), visible, inArray(articles.locale, [...q.locales]));
  const [rows, [count]] = await Promise.all([
    db
      .select(columnistColumns)
      .from(columnists)
      .innerJoin(articles, join)
      .groupBy(columnists.id)
      .orderBy(desc(columnists.followers), asc(columnists.id))
      .limit(q.size)
      .offset((q.page - 1) * q.size),
    db
      .select({ n: sql<number>`count(distinct ${columnists.id})`.mapWith(Number) })
      .from(columnists)
      .innerJoin(articles, join),
  ]);
  return { list: rows.map(toColumnist), total: count?.n ?? 0, page: q.page, size: q.size };
}

/** Whether an id fits the id columns (a positive 32-bit integer). */
const isRowId = (id: number) => Number.isSafeInteger(id) && id >= 1 && id <= 2_147_483_647;

/** One columnist with counts of all their visible articles; 404 when unknown. */
async function getColumnist(db: Db, id: number): Promise<Columnist> {
  if (!isRowId(id)) throw notFound('news.columnistMissing');
  const statement = prepared(db, 'getColumnist', (name) =>
    db
      .select(columnistColumns)
      .from(columnists)
      .leftJoin(articles, and(eq(articles.columnistId, columnists.id), visible))
      .where(eq(columnists.id, sql.placeholder('id')))
      .groupBy(columnists.id)
      .prepare(name),
  );
  const [row] = await statement.execute({ id });
  if (!row) throw notFound('news.columnistMissing');
  return toColumnist(row);
}

/** {@link getColumnist}, or null when there is none with this id. */
export async function findColumnist(db: Db, id: number): Promise<Columnist | null> {
  try {
    return await getColumnist(db, id);
  } catch (e) {
    if (e instanceof DomainError && e.status === 404) return null;
    throw e;
  }
}

/** Parses a positive integer id from a path segment; undefined when it is not one. */
export function parseId(raw: string | undefined): number | undefined {
  if (!raw || !/^[1-9]\d{0,9}$/.test(raw)) return undefined;
  const id = Number(raw);
  return id <= 2_147_483_647 ? id : undefined;
}
