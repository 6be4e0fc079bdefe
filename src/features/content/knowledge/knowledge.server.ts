/**
 * Encyclopedia (/baike: terms and concepts), project wiki (/bitwiki: one entry per coin's
 * project) and topics (/topic: articles collected around a theme; their queries are in
 * topics.server.ts).
 *
 * Content language: wiki entries and topics are written in en or zh (`locale`). Lists show the
 * rows of the page's content language ({@link contentLocale}: zh and zh-hk → zh, en and ko →
 * en). An entry's translations share its slug, so /baike/{slug} shows the entry in the page's
 * language and falls back to English (then any language) when it has no translation; a topic
 * answers by id in any language, so shared links keep working.
 *
 * Missing entries and topics are a 404 "Content does not exist or has been removed"
 * ({@link MISSING_KEY}); a topic lists only articles that are not removed.
 */
import { and, asc, count, desc, eq, ilike, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../server/db/index.ts';
import { prepared } from '../../../server/db/prepared.ts';
import { coins, wikiEntries } from '../../../server/db/schema/index.ts';
import { notFound } from '../../../server/api/errors.ts';
import { coinIcon } from '../../market/coins/index.ts';
import { articleBlocks, contentLocale, type Block, type ContentLocale } from '../news/index.ts';
import { num, type Page } from '../../../server/db/numbers.ts';
import { escapeLike } from '../../search/index.ts';
import type { CoinChip } from '../../../lib/rows.ts';

export { articleBlocks, contentLocale, type Block, type ContentLocale };

export const WIKI_KINDS = ['baike', 'bitwiki'] as const;
type WikiKind = (typeof WIKI_KINDS)[number];
/** Encyclopedia categories in display order (labels: knowledge.categories.*). */
export const BAIKE_CATEGORIES = [
  'basics',
  'trading',
  'defi',
  'technology',
  'mining-staking',
  'security',
  'web3',
] as const;
export const MISSING_KEY = 'knowledge.missing';
/** Longest title filter accepted. */
export const MAX_FILTER_LENGTH = 60;
const RELATED_COUNT = 6;

export interface WikiSummary {
  id: number;
  slug: string;
  title: string;
  category: string | null;
  summary: string | null;
  views: number;
  updatedAt: string;
  /** Bitwiki: the project's coin and its market figures. */
  coin: WikiCoin | null;
}

interface WikiCoin extends CoinChip {
  rank: number | null;
  marketCap: number | null;
}

interface WikiCoinFacts extends WikiCoin {
  volume24h: number | null;
  circulatingSupply: number | null;
  maxSupply: number | null;
  ath: number | null;
  athAt: string | null;
  listedOn: string | null;
  platform: string | null;
}

export interface WikiEntry extends Omit<WikiSummary, 'coin'> {
  kind: WikiKind;
  locale: string;
  body: string;
  blocks: Block[];
  coin: WikiCoinFacts | null;
  related: WikiSummary[];
  /** Other languages this entry is written in. */
  languages: string[];
}

/** Trims and collapses whitespace; empty → undefined. */
export function normaliseFilter(q: string | null | undefined): string | undefined {
  const s = (q ?? '').replace(/\s+/g, ' ').trim().slice(0, MAX_FILTER_LENGTH);
  return s || undefined;
}

/**
 * Groups by a key, keeping the order in which keys are given first and items in their order.
 * @example groupBy(['ab', 'ac', 'b'], (s) => s[0]) // [['a', ['ab', 'ac']], ['b', ['b']]]
 */
export function groupBy<T>(items: readonly T[], key: (item: T) => string): [string, T[]][] {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = groups.get(k);
    if (list) list.push(item);
    else groups.set(k, [item]);
  }
  return [...groups];
}

/**
 * The A–Z letter of an entry: the first letter of its slug (slugs are Latin in every
 * language, so Chinese entries sort under their English name); "#" for digits and others.
 * @example initialOf('layer-2') // 'L'
 */
export function initialOf(slug: string): string {
  const c = slug.charAt(0).toUpperCase();
  return c >= 'A' && c <= 'Z' ? c : '#';
}

/** Entries grouped by first letter, letters in order, entries by slug. */
export function groupByInitial<T extends { slug: string }>(entries: readonly T[]): [string, T[]][] {
  const sorted = [...entries].sort((a, b) => a.slug.localeCompare(b.slug));
  return groupBy(sorted, (e) => initialOf(e.slug)).sort(([a], [b]) =>
    a === '#' ? 1 : b === '#' ? -1 : a.localeCompare(b),
  );
}

/**
 * Entries grouped by category in the given order of categories (unknown ones after, by name;
 * entries without a category last under ""), entries by title.
 */
export function groupByCategory<T extends { category: string | null; title: string }>(
  entries: readonly T[],
  order: readonly string[] = [],
): [string, T[]][] {
  const rank = (c: string) =>
    c === '' ? Number.MAX_SAFE_INTEGER : order.indexOf(c) === -1 ? order.length : order.indexOf(c);
  const sorted = [...entries].sort((a, b) => a.title.localeCompare(b.title));
  return groupBy(sorted, (e) => e.category ?? '').sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b));
}

const coinColumns = {
  coinId: coins.id,
  coinSymbol: coins.symbol,
  coinName: coins.name,
  coinRank: coins.rank,
  coinPrice: coins.price,
  coinChange24h: coins.change24h,
  coinMarketCap: coins.marketCap,
};

const summaryColumns = {
  id: wikiEntries.id,
  slug: wikiEntries.slug,
  title: wikiEntries.title,
  category: wikiEntries.category,
  summary: wikiEntries.summary,
  views: wikiEntries.views,
  updatedAt: wikiEntries.updatedAt,
  ...coinColumns,
};

type SummaryRow = {
  id: number;
  slug: string;
  title: string;
  category: string | null;
  summary: string | null;
  views: number;
  updatedAt: Date;
  coinId: string | null;
  coinSymbol: string | null;
  coinName: string | null;
  coinRank: number | null;
  coinPrice: string | null;
  coinChange24h: string | null;
  coinMarketCap: string | null;
};

function toSummary(r: SummaryRow): WikiSummary {
  return {
    id: r.id,
    slug: r.slug,
    title: r.title,
    category: r.category,
    summary: r.summary,
    views: r.views,
    updatedAt: r.updatedAt.toISOString(),
    coin:
      r.coinId === null
        ? null
        : {
            id: r.coinId,
            symbol: r.coinSymbol ?? '',
            name: r.coinName ?? '',
            icon: coinIcon(r.coinId),
            rank: r.coinRank,
            price: num(r.coinPrice),
            change24h: num(r.coinChange24h),
            marketCap: num(r.coinMarketCap),
          },
  };
}

interface WikiListQuery {
  kind: WikiKind;
  locale: ContentLocale;
  /** Matches titles or slugs (and, for bitwiki, coin symbols) containing it, case-insensitively. */
  q?: string | undefined;
  category?: string | undefined;
  page: number;
  size: number;
}

export type WikiPage = Page<WikiSummary> & { kind: WikiKind; categories: { category: string; count: number }[] };

/** Case-insensitive title order that is the same on every PostgreSQL whatever its default collation. */
const byTitle = sql`lower(${wikiEntries.title}) collate "C" asc`;

function wikiWhere(q: Omit<WikiListQuery, 'page' | 'size'>): SQL | undefined {
  const parts: (SQL | undefined)[] = [eq(wikiEntries.kind, q.kind), eq(wikiEntries.locale, q.locale)];
  const filter = normaliseFilter(q.q);
  if (filter) {
    const pattern = `%${escapeLike(filter)}%`;
    parts.push(
      or(
        ilike(wikiEntries.title, pattern),
        ilike(wikiEntries.slug, pattern),
        q.kind === 'bitwiki' ? ilike(coins.symbol, pattern) : undefined,
      ),
    );
  }
  if (q.category) parts.push(eq(wikiEntries.category, q.category));
  return and(...parts);
}

/**
 * One page of wiki entries of one kind and language: baike by title (case-insensitive), bitwiki by the coin's
 * market-cap rank. Also the categories of that kind and language with their entry counts.
 */
export async function listWiki(db: Db, q: WikiListQuery): Promise<WikiPage> {
  const where = wikiWhere(q);
  const order =
    q.kind === 'bitwiki' ? [sql`${coins.rank} asc nulls last`, asc(wikiEntries.slug)] : [byTitle, asc(wikiEntries.id)];
  const [rows, [total], categories] = await Promise.all([
    db
      .select(summaryColumns)
      .from(wikiEntries)
      .leftJoin(coins, eq(coins.id, wikiEntries.coinId))
      .where(where)
      .orderBy(...order)
      .limit(q.size)
      .offset((q.page - 1) * q.size),
    db.select({ n: count() }).from(wikiEntries).leftJoin(coins, eq(coins.id, wikiEntries.coinId)).where(where),
    db
      .select({ category: wikiEntries.category, count: count() })
      .from(wikiEntries)
      .where(and(eq(wikiEntries.kind, q.kind), eq(wikiEntries.locale, q.locale)))
      .groupBy(wikiEntries.category)
      .orderBy(desc(count()), asc(wikiEntries.category)),
  ]);
  return {
    kind: q.kind,
    list: rows.map(toSummary),
    total: total?.n ?? 0,
    page: q.page,
    size: q.size,
    categories: categories.filter((c): c is { category: string; count: number } => c.category !== null),
  };
}

/** An entry as the /baike index lists it: a link, its group and its summary. */
export type WikiIndexEntry = Pick<WikiSummary, 'slug' | 'title' | 'category' | 'summary'>;

/**
 * Every encyclopedia entry of a language matching an optional title filter (the grouped /baike
 * index), only the columns the index shows: Drizzle maps every selected column of every row,
 * and for a few hundred entries the coin columns and figures of a summary cost more than the
 * query. Prepared per filtered or not; the language and the pattern are parameters.
 */
export async function wikiIndex(db: Db, locale: ContentLocale, q?: string): Promise<WikiIndexEntry[]> {
  const filter = normaliseFilter(q);
  const statement = prepared(db, `wikiIndex:${filter ? 'filter' : 'all'}`, (name) =>
    db
      .select({
        slug: wikiEntries.slug,
        title: wikiEntries.title,
        category: wikiEntries.category,
        summary: wikiEntries.summary,
      })
      .from(wikiEntries)
      .where(
        and(
          eq(wikiEntries.kind, 'baike'),
          eq(wikiEntries.locale, sql.placeholder('locale')),
          filter
            ? or(
                ilike(wikiEntries.title, sql.placeholder('pattern')),
                ilike(wikiEntries.slug, sql.placeholder('pattern')),
              )
            : undefined,
        ),
      )
      .orderBy(byTitle, asc(wikiEntries.id))
      .prepare(name),
  );
  return statement.execute({ locale, pattern: filter ? `%${escapeLike(filter)}%` : '' });
}

/**
 * One entry by kind and slug in the content language, else English, else any language; its
 * related entries (same category, most viewed first) and, for bitwiki, its coin's key figures.
 * Missing → 404 {@link MISSING_KEY}.
 */
export async function getWikiEntry(db: Db, kind: WikiKind, slug: string, locale: ContentLocale): Promise<WikiEntry> {
  const versions = await db
    .select()
    .from(wikiEntries)
    .where(and(eq(wikiEntries.kind, kind), eq(wikiEntries.slug, slug)));
  const pick = versions.find((v) => v.locale === locale) ?? versions.find((v) => v.locale === 'en') ?? versions[0];
  if (!pick) throw notFound(MISSING_KEY);
  const [coinRow] = pick.coinId
    ? await db
        .select({
          id: coins.id,
          symbol: coins.symbol,
          name: coins.name,
          rank: coins.rank,
          price: coins.price,
          change24h: coins.change24h,
          marketCap: coins.marketCap,
          volume24h: coins.volume24h,
          circulatingSupply: coins.circulatingSupply,
          maxSupply: coins.maxSupply,
          ath: coins.ath,
          athAt: coins.athAt,
          listedOn: coins.listedOn,
          platform: coins.platform,
        })
        .from(coins)
        .where(eq(coins.id, pick.coinId))
    : [];
  const relatedWhere = and(
    eq(wikiEntries.kind, kind),
    eq(wikiEntries.locale, pick.locale),
    ne(wikiEntries.slug, pick.slug),
    pick.category === null ? isNull(wikiEntries.category) : eq(wikiEntries.category, pick.category),
  );
  const related = await db
    .select(summaryColumns)
    .from(wikiEntries)
    .leftJoin(coins, eq(coins.id, wikiEntries.coinId))
    .where(relatedWhere)
    .orderBy(desc(wikiEntries.views), asc(wikiEntries.slug))
    .limit(RELATED_COUNT);
  return {
    id: pick.id,
    kind: pick.kind,
    slug: pick.slug,
    title: pick.title,
    category: pick.category,
    summary: pick.summary,
    views: pick.views,
    updatedAt: pick.updatedAt.toISOString(),
    locale: pick.locale,
    body: pick.body,
    blocks: articleBlocks(pick.body),
    languages: versions
      .map((v) => v.locale)
      .filter((l) => l !== pick.locale)
      .sort(),
    coin: coinRow
      ? {
          id: coinRow.id,
          symbol: coinRow.symbol,
          name: coinRow.name,
          icon: coinIcon(coinRow.id),
          rank: coinRow.rank,
          price: num(coinRow.price),
          change24h: num(coinRow.change24h),
          marketCap: num(coinRow.marketCap),
          volume24h: num(coinRow.volume24h),
          circulatingSupply: num(coinRow.circulatingSupply),
          maxSupply: num(coinRow.maxSupply),
          ath: num(coinRow.ath),
          athAt: coinRow.athAt ? coinRow.athAt.toISOString() : null,
          listedOn: coinRow.listedOn,
          platform: coinRow.platform,
        }
      : null,
    related: related.map(toSummary),
  };
}
