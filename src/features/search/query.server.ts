/**
 * What a search is made of: the kinds and their hits, the query and its results, and the
 * helpers every searcher matches and ranks with (the SQL and the same rule in memory).
 */
import { or, sql, type SQL, type Subquery } from 'drizzle-orm';
import type { Locale } from '../../lib/i18n/index.ts';
import type { Db } from '../../server/db/index.ts';

/** Longest query we search for; longer input is a 400 on the API and shortened on pages. */
export const MAX_QUERY_LENGTH = 64;

/**
 * The result sections, in the order the page shows them: market data first, then content.
 * A new kind needs an entry here and a searcher in `SEARCHERS` (search.server.ts).
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

export interface PairHit {
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

/**
 * Most matches a section counts: past it the total reads "1,000+" (`capped`), so a query that
 * matches half the market costs no more than one that matches a thousand rows.
 */
export const TOTAL_CAP = 1000;

/** How many matches a section has: exact up to TOTAL_CAP, else TOTAL_CAP and `capped`. */
interface SectionTotal {
  total: number;
  /** More than `total` match: shown as "1,000+". */
  capped: boolean;
}

/** One result section: the matches of one kind, paginated. */
export type SearchSection = {
  [K in SearchKind]: SectionTotal & {
    kind: K;
    page: number;
    size: number;
    list: HitByKind[K][];
    /** False when the query cannot match this kind and it was not searched (see `searchable`). */
    searched: boolean;
  };
}[SearchKind];

export interface SearchResults {
  /** The normalised query that was searched. */
  query: string;
  /** The kind asked for, or null for every kind. */
  kind: SearchKind | null;
  /** Every kind with its total; lists are filled for the asked kind (or all when none). */
  sections: SearchSection[];
}

export interface SearchQuery {
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

export const like = (column: SQL, pattern: string) => sql`${column} like ${pattern} escape '\\'`;

/** The tier SQL for case-insensitive matches on several columns: best tier of any of them. */
export function tierSql(columns: SQL[], term: string): SQL<number> {
  const exact = or(...columns.map((c) => sql`${c} = ${term}`));
  const prefix = or(...columns.map((c) => like(c, `${escapeLike(term)}%`)));
  return sql<number>`case when ${exact} then 0 when ${prefix} then 1 else 2 end`.mapWith(Number);
}

export function anyContains(columns: SQL[], term: string): SQL {
  const pattern = `%${escapeLike(term)}%`;
  return or(...columns.map((c) => like(c, pattern)))!;
}

export type Searcher<K extends SearchKind> = (
  db: Db,
  term: string,
  page: number,
  size: number,
  locale: Locale,
  /** A signed-in reader: announcements past the visitors' window too. */
  signedIn: boolean,
) => Promise<SectionTotal & { list: HitByKind[K][] }>;

export const count = sql<number>`count(*)`.mapWith(Number);
export const tierOf = (n: number): MatchTier => (n === 0 || n === 1 ? n : 2);

/** Chinese, Japanese and Korean script, where two characters make a word (比特, 코인). */
const CJK = /[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af\uf900-\ufaff]/;

/**
 * Whether a kind is worth searching for a query. Content (long titles and bodies) needs three
 * characters, two in Chinese, Japanese or Korean: a shorter string is part of nearly every text,
 * so it would rank all of them for a page of noise. Coins, exchanges and pairs have short
 * names, and their searchers decide for themselves (a pair query must read as a symbol).
 * @example searchable('news', 'op') // false; searchable('news', '比特') // true; searchable('coin', 'b') // true
 */
export function searchable(kind: SearchKind, query: string): boolean {
  if (!isContentKind(kind)) return query.length > 0;
  return query.replace(/\s+/g, '').length >= (CJK.test(query) ? 2 : 3);
}

/**
 * A section's total from its page of rows: page 1 holding fewer rows than fit is every match,
 * with nothing left to count; otherwise `countUpTo` counts at most TOTAL_CAP + 1 matches.
 */
export async function sectionTotal(
  listed: number,
  page: number,
  size: number,
  countUpTo: (limit: number) => Promise<number>,
): Promise<SectionTotal> {
  if (page === 1 && size > 0 && listed < size) return { total: listed, capped: false };
  const n = await countUpTo(TOTAL_CAP + 1);
  return { total: Math.min(n, TOTAL_CAP), capped: n > TOTAL_CAP };
}

/** The rows of a subquery, counted (pass one limited to TOTAL_CAP + 1 rows). */
export async function countRows(db: Db, rows: Subquery): Promise<number> {
  const [r] = await db.select({ n: count }).from(rows);
  return r?.n ?? 0;
}
