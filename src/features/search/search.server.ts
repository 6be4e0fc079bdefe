import { and, asc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Locale } from '../../lib/i18n/index.ts';
import type { Db } from '../../server/db/index.ts';
import {
  announcements,
  articles,
  coinNames,
  coins,
  exchanges,
  flashNews,
  questions,
  tickers,
  wikiEntries,
} from '../../server/db/schema/index.ts';
import type { QuickSearchItem } from '../../lib/search.ts';
import { contentLocales } from '../../server/i18n/contentLocale.ts';
import { DomainError } from '../../server/api/errors.ts';
import { coinIcon, priceAge, priceAgeColumns } from '../market/coins/index.ts';
import { coinNameBook, localCoinName } from '../market/coins/index.ts';
import { num } from '../../server/db/numbers.ts';
import { inVisitorWindow } from '../content/announcements/index.ts';

/** The languages coins have local names in (coin_names.locale). */
const LOCAL_NAME_LOCALES = ['zh', 'zh-hk', 'ko'] as const;

/** Every coin as a quick-search item, by market-cap rank. */
export async function quickSearchCoins(db: Db): Promise<QuickSearchItem[]> {
  const rows = await db
    .select({ id: coins.id, symbol: coins.symbol, name: coins.name, platform: coins.platform })
    .from(coins)
    .orderBy(sql`${coins.rank} asc nulls last`, asc(coins.id));
  const book = await coinNameBook(db);
  return rows.map((r) => {
    // One list for every language (cached by browsers and CDNs alike): each item carries its
    // local names, which the box shows in the page's language and searches in all of them.
    const names: Record<string, string> = {};
    for (const l of LOCAL_NAME_LOCALES) {
      const n = localCoinName(book, l, r.id);
      if (n) names[l] = n;
    }
    const local = [...new Set(Object.values(names))];
    return {
      id: r.id,
      symbol: r.symbol,
      name: r.name,
      keys: [r.name.replace(/\s+/g, ''), ...(r.platform ? [r.platform] : []), ...local],
      ...(local.length ? { names } : {}),
    };
  });
}

/** Every exchange as a quick-search item, by volume rank. */
export async function quickSearchExchanges(db: Db): Promise<QuickSearchItem[]> {
  const rows = await db
    .select({ name: exchanges.name, displayName: exchanges.displayName, type: exchanges.type })
    .from(exchanges)
    .orderBy(sql`${exchanges.rank} asc nulls last`, asc(exchanges.name));
  return rows.map((r) => ({
    id: r.name,
    symbol: r.displayName,
    name: r.displayName,
    keys: [r.displayName.replace(/[\s.]+/g, ''), r.type],
  }));
}

// ---------------------------------------------------------------------------------------------
// Full search (the /search page, /q and GET /api/v1/search)
// ---------------------------------------------------------------------------------------------

/** Longest query we search for; longer input is a 400 on the API and shortened on pages. */
export const MAX_QUERY_LENGTH = 64;

/**
 * The result sections, in the order the page shows them: market data first, then content.
 * A new kind needs an entry here and a searcher in `SEARCHERS`.
 */
export const SEARCH_KINDS = [
  'coin',
  'exchange',
  'pair',
  'news',
  'research',
  'lives',
  'announcement',
  'wiki',
  'question',
] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];
/** The content kinds (GET /api/v1/search/content searches only these). */
export const CONTENT_KINDS = [
  'news',
  'research',
  'lives',
  'announcement',
  'wiki',
  'question',
] as const satisfies readonly SearchKind[];
export type ContentKind = (typeof CONTENT_KINDS)[number];
export const isContentKind = (k: SearchKind): k is ContentKind => (CONTENT_KINDS as readonly string[]).includes(k);

/** How well a row matched: 0 exact, 1 prefix, 2 substring (lower is better). */
type MatchTier = 0 | 1 | 2;

export interface CoinHit {
  id: string;
  symbol: string;
  name: string;
  icon: string;
  rank: number | null;
  price: number | null;
  change24h: number | null;
  marketCap: number | null;
  /** The age of the price's newest figure, and whether it is stale (the row marks it, as the lists do). */
  priceAt: string | null;
  stale: boolean;
  tier: MatchTier;
}

export interface ExchangeHit {
  name: string;
  displayName: string;
  type: 'CEX' | 'DEX';
  rank: number | null;
  reportedVolume24h: number | null;
  pairCount: number;
  tier: MatchTier;
}

interface PairHit {
  id: number;
  pair: string;
  market: 'spot' | 'futures';
  baseSymbol: string;
  quoteSymbol: string;
  coinId: string;
  exchange: string;
  exchangeDisplayName: string;
  price: number | null;
  volume24h: number | null;
  change24h: number | null;
  tier: MatchTier;
}

/** A news article, research report, flash news item, announcement, wiki entry or question that matched. */
export interface ContentHit {
  id: number;
  kind: ContentKind;
  title: string;
  /** The passage of the body around the first match (or its start), plain text. */
  snippet: string;
  publishedAt: string;
  /** The site path of the detail page, without locale prefix: /news/12, /lives/7, /baike/{slug} … */
  path: string;
  locale: string;
  /** Flash news: the importance flag. */
  important: boolean;
  /** Announcements: the exchange. */
  exchange: { name: string; displayName: string } | null;
  /** Announcements: the category; wiki entries: baike or bitwiki. */
  category: string | null;
  /** 0: the title holds the whole query, 1: the title holds every word, 2: the body does. */
  tier: MatchTier;
}

interface HitByKind {
  coin: CoinHit;
  exchange: ExchangeHit;
  pair: PairHit;
  news: ContentHit;
  research: ContentHit;
  lives: ContentHit;
  announcement: ContentHit;
  wiki: ContentHit;
  question: ContentHit;
}

/** One result section: the matches of one kind, paginated. */
export type SearchSection = {
  [K in SearchKind]: { kind: K; total: number; page: number; size: number; list: HitByKind[K][] };
}[SearchKind];

export interface SearchResults {
  /** The normalised query that was searched. */
  query: string;
  /** The kind asked for, or null for every kind. */
  kind: SearchKind | null;
  /** Every kind with its total; lists are filled for the asked kind (or all when none). */
  sections: SearchSection[];
}

interface SearchQuery {
  q: string;
  kind?: SearchKind | undefined;
  page?: number | undefined;
  size?: number | undefined;
  /** The reader's language: content is searched in its content languages (see `contentLocales`). */
  locale?: Locale | undefined;
  /** Only these kinds (default: all). */
  kinds?: readonly SearchKind[] | undefined;
  /** A signed-in reader (default: a visitor, as every page renders): announcements past the visitors' window too (SPEC §6). */
  signedIn?: boolean | undefined;
}

/**
 * Trims, collapses inner whitespace and drops control characters.
 * @example normaliseQuery('  BTC \t usdt ') // 'BTC usdt'
 */
export function normaliseQuery(raw: string): string {
  // eslint-disable-next-line no-control-regex
  return raw
    .replace(/[\u0000-\u001f\u007f]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Escapes LIKE wildcards so user input matches literally (used with `escape '\'`).
 * @example escapeLike('50%_off') // '50\\%\\_off'
 */
export function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * The match tier of `value` for `term`, case-insensitive: the same rule the SQL applies,
 * for callers that rank in memory (and for tests).
 * @example matchTier('Bitcoin', 'bit') // 1
 */
export function matchTier(value: string, term: string): MatchTier | null {
  const v = value.toLowerCase();
  const q = term.toLowerCase();
  if (!q) return null;
  if (v === q) return 0;
  if (v.startsWith(q)) return 1;
  if (v.includes(q)) return 2;
  return null;
}

/** The pair part of a query: "btc/usdt" → base BTC, quote USDT; "eth" → base ETH. */
export function parsePairQuery(term: string): { base: string; quote: string | undefined } | null {
  const t = term.toUpperCase().replace(/\s+/g, '');
  if (!t) return null;
  const slash = t.indexOf('/');
  if (slash < 0) return /^[A-Z0-9.$-]+$/.test(t) ? { base: t, quote: undefined } : null;
  const base = t.slice(0, slash);
  const quote = t.slice(slash + 1);
  if (!base || quote.includes('/')) return null;
  return { base, quote: quote || undefined };
}

const like = (column: SQL, pattern: string) => sql`${column} like ${pattern} escape '\\'`;

/** The tier SQL for case-insensitive matches on several columns: best tier of any of them. */
function tierSql(columns: SQL[], term: string): SQL<number> {
  const exact = or(...columns.map((c) => sql`${c} = ${term}`));
  const prefix = or(...columns.map((c) => like(c, `${escapeLike(term)}%`)));
  return sql<number>`case when ${exact} then 0 when ${prefix} then 1 else 2 end`.mapWith(Number);
}

function anyContains(columns: SQL[], term: string): SQL {
  const pattern = `%${escapeLike(term)}%`;
  return or(...columns.map((c) => like(c, pattern)))!;
}

type Searcher<K extends SearchKind> = (
  db: Db,
  term: string,
  page: number,
  size: number,
  locale: Locale,
  /** A signed-in reader: announcements past the visitors' window too. */
  signedIn: boolean,
) => Promise<{ total: number; list: HitByKind[K][] }>;

const count = sql<number>`count(*)`.mapWith(Number);
const tierOf = (n: number): MatchTier => (n === 0 || n === 1 ? n : 2);

/**
 * Coins whose symbol, name or id contains the term: exact symbol first, then an exact name or
 * id, then prefixes, then substrings; within a tier by market-cap rank.
 */
const searchCoins: Searcher<'coin'> = async (db, term, page, size) => {
  const t = term.toLowerCase();
  const symbol = sql`lower(${coins.symbol})`;
  const english = sql`lower(${coins.name})`;
  // The names of every language, whatever the page's: a zh reader may type "bitcoin", an en
  // reader "比特币". Null where a coin has no name in that language (no match, no tier).
  const locals = LOCAL_NAME_LOCALES.map(
    (l) =>
      sql`(select lower(${coinNames.name}) from ${coinNames} where ${coinNames.coinId} = ${coins.id} and ${coinNames.locale} = ${l})`,
  );
  const names = [english, ...locals];
  const id = sql`${coins.id}`;
  const where = anyContains([symbol, ...names, id], t);
  const order = sql<number>`case when ${symbol} = ${t} then 0 when ${or(...names.map((n) => sql`${n} = ${t}`))} or ${id} = ${t} then 1
    when ${like(symbol, `${escapeLike(t)}%`)} then 2 when ${or(...names.map((n) => like(n, `${escapeLike(t)}%`)))} or ${like(id, `${escapeLike(t)}%`)} then 3 else 4 end`;
  const [rows, [agg]] = await Promise.all([
    size > 0
      ? db
          .select({
            id: coins.id,
            symbol: coins.symbol,
            name: coins.name,
            rank: coins.rank,
            price: coins.price,
            change24h: coins.change24h,
            marketCap: coins.marketCap,
            ...priceAgeColumns,
            tier: tierSql([symbol, ...names, id], t),
          })
          .from(coins)
          .where(where)
          .orderBy(order, sql`${coins.rank} asc nulls last`, asc(coins.id))
          .limit(size)
          .offset((page - 1) * size)
      : Promise.resolve([]),
    db.select({ n: count }).from(coins).where(where),
  ]);
  return {
    total: agg?.n ?? 0,
    list: rows.map((r) => ({
      id: r.id,
      symbol: r.symbol,
      name: r.name,
      icon: coinIcon(r.id),
      rank: r.rank,
      price: num(r.price),
      change24h: num(r.change24h),
      marketCap: num(r.marketCap),
      ...priceAge(r),
      tier: tierOf(r.tier),
    })),
  };
};

/** Exchanges whose name or display name contains the term; exact, then prefix, then by rank. */
const searchExchanges: Searcher<'exchange'> = async (db, term, page, size) => {
  const t = term.toLowerCase();
  const columns = [sql`${exchanges.name}`, sql`lower(${exchanges.displayName})`];
  const where = anyContains(columns, t);
  const tier = tierSql(columns, t);
  const [rows, [agg]] = await Promise.all([
    size > 0
      ? db
          .select({
            name: exchanges.name,
            displayName: exchanges.displayName,
            type: exchanges.type,
            rank: exchanges.rank,
            reportedVolume24h: exchanges.reportedVolume24h,
            pairCount: exchanges.pairCount,
            tier,
          })
          .from(exchanges)
          .where(where)
          .orderBy(tier, sql`${exchanges.rank} asc nulls last`, asc(exchanges.name))
          .limit(size)
          .offset((page - 1) * size)
      : Promise.resolve([]),
    db.select({ n: count }).from(exchanges).where(where),
  ]);
  return {
    total: agg?.n ?? 0,
    list: rows.map((r) => ({
      name: r.name,
      displayName: r.displayName,
      type: r.type,
      rank: r.rank,
      reportedVolume24h: num(r.reportedVolume24h),
      pairCount: r.pairCount,
      tier: tierOf(r.tier),
    })),
  };
};

/**
 * Market pairs: "btc/usdt" matches base BTC (or BTC-contract) with a quote starting USDT;
 * "eth" matches pairs of the ETH base (exact), bases starting ETH, then pairs quoted in ETH;
 * a coin id ("bitcoin") matches that coin's pairs. By tier, then 24h volume.
 */
const searchPairs: Searcher<'pair'> = async (db, term, page, size) => {
  const parsed = parsePairQuery(term);
  if (!parsed) return { total: 0, list: [] };
  const { base, quote } = parsed;
  const baseSym = sql`upper(${tickers.baseSymbol})`;
  const pairBase = sql`upper(split_part(${tickers.pair}, '/', 1))`;
  const quoteSym = sql`upper(${tickers.quoteSymbol})`;
  const basePrefix = like(baseSym, `${escapeLike(base)}%`);
  let where: SQL;
  let tier: SQL<number>;
  if (quote !== undefined || term.includes('/')) {
    // base exact (or the pair's base part, e.g. BTC-PERPETUAL) or base prefix, quote prefix
    const baseMatch = or(sql`${baseSym} = ${base}`, sql`${pairBase} = ${base}`, basePrefix)!;
    where = quote ? and(baseMatch, like(quoteSym, `${escapeLike(quote)}%`))! : baseMatch;
    tier =
      sql<number>`case when (${baseSym} = ${base} or ${pairBase} = ${base}) and ${quote ? sql`${quoteSym} = ${quote}` : sql`true`} then 0
      when ${baseSym} = ${base} or ${pairBase} = ${base} then 1 else 2 end`.mapWith(Number);
  } else {
    const coinId = term.toLowerCase();
    where = or(sql`${baseSym} = ${base}`, eq(tickers.coinId, coinId), basePrefix, sql`${quoteSym} = ${base}`)!;
    tier =
      sql<number>`case when ${baseSym} = ${base} or ${tickers.coinId} = ${coinId} then 0 when ${basePrefix} then 1 else 2 end`.mapWith(
        Number,
      );
  }
  const [rows, [agg]] = await Promise.all([
    size > 0
      ? db
          .select({
            id: tickers.id,
            pair: tickers.pair,
            market: tickers.market,
            baseSymbol: tickers.baseSymbol,
            quoteSymbol: tickers.quoteSymbol,
            coinId: tickers.coinId,
            exchange: exchanges.name,
            exchangeDisplayName: exchanges.displayName,
            price: tickers.price,
            volume24h: tickers.volume24h,
            change24h: tickers.change24h,
            tier,
          })
          .from(tickers)
          .innerJoin(exchanges, eq(exchanges.id, tickers.exchangeId))
          .where(where)
          .orderBy(tier, sql`${tickers.volume24h} desc nulls last`, asc(tickers.id))
          .limit(size)
          .offset((page - 1) * size)
      : Promise.resolve([]),
    db.select({ n: count }).from(tickers).where(where),
  ]);
  return {
    total: agg?.n ?? 0,
    list: rows.map((r) => ({
      id: r.id,
      pair: r.pair,
      market: r.market,
      baseSymbol: r.baseSymbol,
      quoteSymbol: r.quoteSymbol,
      coinId: r.coinId,
      exchange: r.exchange,
      exchangeDisplayName: r.exchangeDisplayName,
      price: num(r.price),
      volume24h: num(r.volume24h),
      change24h: num(r.change24h),
      tier: tierOf(r.tier),
    })),
  };
};

// ---------------------------------------------------------------------------------------------
// Content: news, research, flash news, announcements
// ---------------------------------------------------------------------------------------------

/**
 * The words of a query for substring matching, read like `websearch_to_tsquery` reads them:
 * quotes are dropped (their words must all occur), "-word" must not occur, and a query using
 * "or" is left to full-text search alone. At most eight words, longest first.
 * @example queryTerms('"spot etf" -futures') // { include: ['spot', 'etf'], exclude: ['futures'], or: false }
 */
export function queryTerms(query: string): { include: string[]; exclude: string[]; or: boolean } {
  const words = query
    .toLowerCase()
    .replace(/["“”]/g, ' ')
    .split(/[\s/]+/)
    .filter(Boolean);
  const include = new Set<string>();
  const exclude = new Set<string>();
  for (const w of words) {
    if (w.startsWith('-') && w.length > 1) exclude.add(w.slice(1));
    else if (w !== '-') include.add(w);
  }
  const byLength = (set: Set<string>) => [...set].sort((a, b) => b.length - a.length).slice(0, 8);
  return { include: byLength(include), exclude: byLength(exclude), or: words.includes('or') && words.length > 2 };
}
const SNIPPET_CHARS = 160;

/**
 * The passage of `body` around the first occurrence of any query word (or its beginning),
 * about 160 characters, with ellipses where it was cut.
 * @example snippet('A long text about the Bitcoin halving …', 'halving')
 */
export function snippet(body: string, query: string, max = SNIPPET_CHARS): string {
  // Wiki bodies are Markdown: a passage reads better without its markup.
  const flat = body
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/(^|\n)\s*(#{1,6}|>|[-*+]|\d+\.)\s+/g, '$1')
    .replace(/\*\*|__|`/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  if (flat.length <= max) return flat;
  const lower = flat.toLowerCase();
  const hits = queryTerms(query)
    .include.map((t) => lower.indexOf(t))
    .filter((i) => i >= 0);
  const first = hits.length ? Math.min(...hits) : 0;
  let start = Math.max(0, first - Math.floor(max / 3));
  if (start > 0) {
    const space = flat.lastIndexOf(' ', start);
    if (space > start - 20 && space > 0) start = space + 1;
  }
  const end = Math.min(flat.length, start + max);
  return `${start > 0 ? '…' : ''}${flat.slice(start, end).trim()}${end < flat.length ? '…' : ''}`;
}

/**
 * How a content table matches a query: PostgreSQL full-text search on title and body with the
 * `simple` configuration (`websearch_to_tsquery`: quoted phrases, "or", "-word"), or every
 * query word as a case-insensitive substring of title or body. The substring half is what
 * finds Chinese text ('simple' does not segment CJK, so 比特币 is not a lexeme of
 * "比特币突破") and partial words ("halv"). Rank: the tier first (whole query in the title,
 * then all words in the title, then the body), then full-text rank (`ts_rank_cd`), then newest.
 * Only built-in functions: works the same on the embedded and any external PostgreSQL, no extension needed.
 */
function contentMatch(title: SQL, body: SQL, query: string) {
  const terms = queryTerms(query);
  const doc = sql`to_tsvector('simple', coalesce(${title}, '') || ' ' || coalesce(${body}, ''))`;
  const tsq = sql`websearch_to_tsquery('simple', ${query})`;
  const fts = sql`${doc} @@ ${tsq}`;
  const has = (col: SQL, t: string) => sql`coalesce(${col}, '') ilike ${`%${escapeLike(t)}%`} escape '\\'`;
  const inText = (t: string) => or(has(title, t), has(body, t))!;
  const allInTitle = terms.include.length ? and(...terms.include.map((t) => has(title, t)))! : sql`false`;
  const substring =
    terms.include.length && !terms.or
      ? and(...terms.include.map(inText), ...terms.exclude.map((t) => sql`not ${inText(t)}`))!
      : null;
  // A plain query (words only) matches in full text only where every word is also a substring,
  // so the substring test alone decides and no row's text is parsed into a tsvector for it;
  // phrases, exclusions and "or" need full-text search.
  const plain = substring && !terms.exclude.length && !/["“”]/.test(query);
  const where = plain ? substring : substring ? or(substring, fts)! : fts;
  const tier =
    sql<number>`case when ${has(title, query.toLowerCase())} then 0 when ${allInTitle} then 1 else 2 end`.mapWith(
      Number,
    );
  const rank = sql<number>`ts_rank_cd(${doc}, ${tsq})`;
  return { where, tier, rank };
}

interface ContentRow {
  id: number;
  title: string;
  body: string | null;
  publishedAt: Date;
  locale: string;
  tier: number;
  important?: boolean;
  exchangeName?: string | null;
  exchangeDisplayName?: string | null;
  category?: string | null;
}

function toContentHit(kind: ContentKind, r: ContentRow, query: string, path?: string): ContentHit {
  const base = {
    news: '/news',
    research: '/research',
    lives: '/lives',
    announcement: '/announcement',
    wiki: '',
    question: '/question',
  }[kind];
  return {
    id: r.id,
    kind,
    title: r.title,
    snippet: snippet(r.body ?? '', query),
    publishedAt: r.publishedAt.toISOString(),
    path: path ?? `${base}/${r.id}`,
    locale: r.locale,
    important: r.important ?? false,
    exchange: r.exchangeName ? { name: r.exchangeName, displayName: r.exchangeDisplayName ?? r.exchangeName } : null,
    category: r.category ?? null,
    tier: tierOf(r.tier),
  };
}

/** News or research articles (deleted ones excluded). */
function articleSearcher<K extends 'news' | 'research'>(kind: K): Searcher<K> {
  return async (db, term, page, size, locale) => {
    const m = contentMatch(sql`${articles.title}`, sql`${articles.body}`, term);
    const where = and(
      eq(articles.kind, kind),
      isNull(articles.deletedAt),
      inArray(articles.locale, contentLocales(locale)),
      m.where,
    );
    const [rows, [agg]] = await Promise.all([
      size > 0
        ? db
            .select({
              id: articles.id,
              title: articles.title,
              body: articles.body,
              publishedAt: articles.publishedAt,
              locale: articles.locale,
              tier: m.tier,
            })
            .from(articles)
            .where(where)
            .orderBy(m.tier, sql`${m.rank} desc`, sql`${articles.publishedAt} desc`, sql`${articles.id} desc`)
            .limit(size)
            .offset((page - 1) * size)
        : Promise.resolve([]),
      db.select({ n: count }).from(articles).where(where),
    ]);
    return { total: agg?.n ?? 0, list: rows.map((r) => toContentHit(kind, r, term)) };
  };
}

/** Flash news. */
const searchLives: Searcher<'lives'> = async (db, term, page, size, locale) => {
  const m = contentMatch(sql`${flashNews.title}`, sql`${flashNews.body}`, term);
  const where = and(inArray(flashNews.locale, contentLocales(locale)), m.where);
  const [rows, [agg]] = await Promise.all([
    size > 0
      ? db
          .select({
            id: flashNews.id,
            title: flashNews.title,
            body: flashNews.body,
            publishedAt: flashNews.publishedAt,
            locale: flashNews.locale,
            important: flashNews.important,
            tier: m.tier,
          })
          .from(flashNews)
          .where(where)
          .orderBy(m.tier, sql`${m.rank} desc`, sql`${flashNews.publishedAt} desc`, sql`${flashNews.id} desc`)
          .limit(size)
          .offset((page - 1) * size)
      : Promise.resolve([]),
    db.select({ n: count }).from(flashNews).where(where),
  ]);
  return { total: agg?.n ?? 0, list: rows.map((r) => toContentHit('lives', r, term)) };
};

/** Exchange announcements; the exchange's display name matches too. */
const searchAnnouncements: Searcher<'announcement'> = async (db, term, page, size, locale, signedIn) => {
  const m = contentMatch(
    sql`(${announcements.title} || ' ' || ${exchanges.displayName})`,
    sql`${announcements.body}`,
    term,
  );
  // A visitor finds what a visitor may read (SPEC §6): the window's announcements only.
  const where = and(
    inArray(announcements.locale, contentLocales(locale)),
    signedIn ? undefined : inVisitorWindow(contentLocales(locale)),
    m.where,
  );
  const [rows, [agg]] = await Promise.all([
    size > 0
      ? db
          .select({
            id: announcements.id,
            title: announcements.title,
            body: announcements.body,
            publishedAt: announcements.publishedAt,
            locale: announcements.locale,
            category: announcements.category,
            exchangeName: exchanges.name,
            exchangeDisplayName: exchanges.displayName,
            tier: m.tier,
          })
          .from(announcements)
          .innerJoin(exchanges, eq(exchanges.id, announcements.exchangeId))
          .where(where)
          .orderBy(m.tier, sql`${m.rank} desc`, sql`${announcements.publishedAt} desc`, sql`${announcements.id} desc`)
          .limit(size)
          .offset((page - 1) * size)
      : Promise.resolve([]),
    db
      .select({ n: count })
      .from(announcements)
      .innerJoin(exchanges, eq(exchanges.id, announcements.exchangeId))
      .where(where),
  ]);
  return { total: agg?.n ?? 0, list: rows.map((r) => toContentHit('announcement', r, term)) };
};

/** Encyclopedia entries (baike and bitwiki); their pages are addressed by slug. */
const searchWiki: Searcher<'wiki'> = async (db, term, page, size, locale) => {
  const m = contentMatch(
    sql`${wikiEntries.title}`,
    sql`(coalesce(${wikiEntries.summary}, '') || ' ' || ${wikiEntries.body})`,
    term,
  );
  const where = and(inArray(wikiEntries.locale, contentLocales(locale)), m.where);
  const [rows, [agg]] = await Promise.all([
    size > 0
      ? db
          .select({
            id: wikiEntries.id,
            wikiKind: wikiEntries.kind,
            slug: wikiEntries.slug,
            title: wikiEntries.title,
            body: wikiEntries.body,
            publishedAt: wikiEntries.updatedAt,
            locale: wikiEntries.locale,
            tier: m.tier,
          })
          .from(wikiEntries)
          .where(where)
          .orderBy(m.tier, sql`${m.rank} desc`, sql`${wikiEntries.views} desc`, sql`${wikiEntries.id} desc`)
          .limit(size)
          .offset((page - 1) * size)
      : Promise.resolve([]),
    db.select({ n: count }).from(wikiEntries).where(where),
  ]);
  return {
    total: agg?.n ?? 0,
    list: rows.map((r) => ({
      ...toContentHit('wiki', r, term, `/${r.wikiKind}/${encodeURIComponent(r.slug)}`),
      category: r.wikiKind,
    })),
  };
};

/** Community questions. */
const searchQuestions: Searcher<'question'> = async (db, term, page, size, locale) => {
  const m = contentMatch(sql`${questions.title}`, sql`${questions.body}`, term);
  const where = and(inArray(questions.locale, contentLocales(locale)), m.where);
  const [rows, [agg]] = await Promise.all([
    size > 0
      ? db
          .select({
            id: questions.id,
            title: questions.title,
            body: questions.body,
            publishedAt: questions.createdAt,
            locale: questions.locale,
            tier: m.tier,
          })
          .from(questions)
          .where(where)
          .orderBy(m.tier, sql`${m.rank} desc`, sql`${questions.createdAt} desc`, sql`${questions.id} desc`)
          .limit(size)
          .offset((page - 1) * size)
      : Promise.resolve([]),
    db.select({ n: count }).from(questions).where(where),
  ]);
  return { total: agg?.n ?? 0, list: rows.map((r) => toContentHit('question', r, term)) };
};

const SEARCHERS: { [K in SearchKind]: Searcher<K> } = {
  coin: searchCoins,
  exchange: searchExchanges,
  pair: searchPairs,
  news: articleSearcher('news'),
  research: articleSearcher('research'),
  lives: searchLives,
  announcement: searchAnnouncements,
  wiki: searchWiki,
  question: searchQuestions,
};

/** How many rows of each kind the all-kinds overview shows before "show all". */
const PREVIEW_SIZE: Record<SearchKind, number> = {
  coin: 5,
  exchange: 5,
  pair: 10,
  news: 5,
  research: 3,
  lives: 5,
  announcement: 5,
  wiki: 3,
  question: 3,
};

/**
 * Searches every kind (counts for all of them) and lists the asked kind's page, or every kind's
 * first rows when no kind is asked for. Content is searched in the reader's content languages
 * (`locale`, default en). Throws a 400 DomainError for a query over MAX_QUERY_LENGTH; an empty
 * query finds nothing.
 * @example await search(db, { q: 'btc' }) // sections coin (Bitcoin first), exchange, pair, news …
 */
export async function search(db: Db, q: SearchQuery): Promise<SearchResults> {
  const query = normaliseQuery(q.q);
  if (query.length > MAX_QUERY_LENGTH)
    throw new DomainError(400, 400, 'searchPage.tooLong', { count: MAX_QUERY_LENGTH });
  const page = q.page ?? 1;
  const locale = q.locale ?? 'en';
  const kinds = SEARCH_KINDS.filter((k) => !q.kinds || q.kinds.includes(k));
  const sections = await Promise.all(
    kinds.map(async (kind) => {
      const size =
        q.kind === undefined ? (q.size ?? PREVIEW_SIZE[kind]) : kind === q.kind ? (q.size ?? PREVIEW_SIZE[kind]) : 0;
      const at = kind === q.kind ? page : 1;
      if (!query) return { kind, total: 0, page: at, size, list: [] } as SearchSection;
      const { total, list } = await (SEARCHERS[kind] as Searcher<typeof kind>)(
        db,
        query,
        at,
        size,
        locale,
        q.signedIn ?? false,
      );
      return { kind, total, page: at, size, list } as SearchSection;
    }),
  );
  return { query, kind: q.kind ?? null, sections };
}

/**
 * Results with every section empty, for a query that is not searched (an address or hash longer
 * than a text query may be, which only the block explorers can answer).
 */
export function emptyResults(query: string): SearchResults {
  return {
    query,
    kind: null,
    sections: SEARCH_KINDS.map((kind) => ({ kind, total: 0, page: 1, size: 0, list: [] }) as SearchSection),
  };
}

/** Where a quick query (`/q/{str}`) should jump: an exact coin symbol or id, or exchange. */
type BestMatch = { kind: 'coin'; id: string } | { kind: 'exchange'; name: string };

/**
 * The exact match for a quick query: a coin id, else the best-ranked coin with that symbol,
 * else an exchange by name or display name (case-insensitive). Null when nothing matches
 * exactly.
 * @example await bestMatch(db, 'btc') // { kind: 'coin', id: 'bitcoin' }
 */
export async function bestMatch(db: Db, raw: string): Promise<BestMatch | null> {
  const term = normaliseQuery(raw).toLowerCase();
  if (!term || term.length > MAX_QUERY_LENGTH) return null;
  const [coin] = await db
    .select({ id: coins.id })
    .from(coins)
    .where(or(eq(coins.id, term), sql`lower(${coins.symbol}) = ${term}`))
    .orderBy(sql`case when ${coins.id} = ${term} then 0 else 1 end`, sql`${coins.rank} asc nulls last`, asc(coins.id))
    .limit(1);
  if (coin) return { kind: 'coin', id: coin.id };
  const [exchange] = await db
    .select({ name: exchanges.name })
    .from(exchanges)
    .where(or(eq(exchanges.name, term), sql`lower(${exchanges.displayName}) = ${term}`))
    .orderBy(sql`${exchanges.rank} asc nulls last`, asc(exchanges.name))
    .limit(1);
  return exchange ? { kind: 'exchange', name: exchange.name } : null;
}

/** What the empty search page suggests: the largest coins and exchanges. */
export async function searchSuggestions(db: Db, limit = 10): Promise<{ coins: CoinHit[]; exchanges: ExchangeHit[] }> {
  const [coinRows, exchangeRows] = await Promise.all([
    db
      .select({
        id: coins.id,
        symbol: coins.symbol,
        name: coins.name,
        rank: coins.rank,
        price: coins.price,
        change24h: coins.change24h,
        marketCap: coins.marketCap,
        ...priceAgeColumns,
      })
      .from(coins)
      .orderBy(sql`${coins.rank} asc nulls last`, asc(coins.id))
      .limit(limit),
    db
      .select({
        name: exchanges.name,
        displayName: exchanges.displayName,
        type: exchanges.type,
        rank: exchanges.rank,
        reportedVolume24h: exchanges.reportedVolume24h,
        pairCount: exchanges.pairCount,
      })
      .from(exchanges)
      .orderBy(sql`${exchanges.rank} asc nulls last`, asc(exchanges.name))
      .limit(limit),
  ]);
  return {
    coins: coinRows.map(({ sources, ...r }) => ({
      ...r,
      icon: coinIcon(r.id),
      price: num(r.price),
      change24h: num(r.change24h),
      marketCap: num(r.marketCap),
      ...priceAge({ sources, priceAt: r.priceAt }),
      tier: 0,
    })),
    exchanges: exchangeRows.map((r) => ({ ...r, reportedVolume24h: num(r.reportedVolume24h), tier: 0 })),
  };
}
