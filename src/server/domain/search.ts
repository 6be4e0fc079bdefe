import { and, asc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/index.ts';
import { coins, exchanges, tickers } from '../db/schema/index.ts';
import type { QuickSearchItem } from '../../lib/search.ts';
import { DomainError } from './errors.ts';
import { coinIcon } from './markets.ts';
import { num } from './numbers.ts';

/** Every coin as a quick-search item, by market-cap rank. */
export async function quickSearchCoins(db: Db): Promise<QuickSearchItem[]> {
  const rows = await db
    .select({ id: coins.id, symbol: coins.symbol, name: coins.name, platform: coins.platform })
    .from(coins)
    .orderBy(sql`${coins.rank} asc nulls last`, asc(coins.id));
  return rows.map((r) => ({
    id: r.id,
    symbol: r.symbol,
    name: r.name,
    keys: [r.name.replace(/\s+/g, ''), ...(r.platform ? [r.platform] : [])],
  }));
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
 * The result sections, in the order the page shows them. Content (news, flash news …) joins as
 * another kind: add it here and give it a searcher in `SEARCHERS`.
 */
export const SEARCH_KINDS = ['coin', 'exchange', 'pair'] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

/** How well a row matched: 0 exact, 1 prefix, 2 substring (lower is better). */
export type MatchTier = 0 | 1 | 2;

export interface CoinHit {
  id: string;
  symbol: string;
  name: string;
  icon: string;
  rank: number | null;
  price: number | null;
  change24h: number | null;
  marketCap: number | null;
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

interface HitByKind {
  coin: CoinHit;
  exchange: ExchangeHit;
  pair: PairHit;
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

export interface SearchQuery {
  q: string;
  kind?: SearchKind | undefined;
  page?: number | undefined;
  size?: number | undefined;
}

/**
 * Trims, collapses inner whitespace and drops control characters.
 * @example normaliseQuery('  BTC \t usdt ') // 'BTC usdt'
 */
export function normaliseQuery(raw: string): string {
  // eslint-disable-next-line no-control-regex
  return raw.replace(/[\u0000-\u001f\u007f]/g, ' ').replace(/\s+/g, ' ').trim();
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
  const name = sql`lower(${coins.name})`;
  const id = sql`${coins.id}`;
  const where = anyContains([symbol, name, id], t);
  const order = sql<number>`case when ${symbol} = ${t} then 0 when ${name} = ${t} or ${id} = ${t} then 1
    when ${like(symbol, `${escapeLike(t)}%`)} then 2 when ${like(name, `${escapeLike(t)}%`)} or ${like(id, `${escapeLike(t)}%`)} then 3 else 4 end`;
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
            tier: tierSql([symbol, name, id], t),
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
    tier = sql<number>`case when (${baseSym} = ${base} or ${pairBase} = ${base}) and ${quote ? sql`${quoteSym} = ${quote}` : sql`true`} then 0
      when ${baseSym} = ${base} or ${pairBase} = ${base} then 1 else 2 end`.mapWith(Number);
  } else {
    const coinId = term.toLowerCase();
    where = or(sql`${baseSym} = ${base}`, eq(tickers.coinId, coinId), basePrefix, sql`${quoteSym} = ${base}`)!;
    tier = sql<number>`case when ${baseSym} = ${base} or ${tickers.coinId} = ${coinId} then 0 when ${basePrefix} then 1 else 2 end`.mapWith(Number);
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

const SEARCHERS: { [K in SearchKind]: Searcher<K> } = {
  coin: searchCoins,
  exchange: searchExchanges,
  pair: searchPairs,
};

/** How many rows of each kind the all-kinds overview shows before "show all". */
export const PREVIEW_SIZE: Record<SearchKind, number> = { coin: 5, exchange: 5, pair: 10 };

/**
 * Searches every kind (counts for all of them) and lists the asked kind's page, or every kind's
 * first rows when no kind is asked for. Throws a 400 DomainError for a query over
 * MAX_QUERY_LENGTH; an empty query finds nothing.
 * @example await search(db, { q: 'btc' }) // sections coin (Bitcoin first), exchange, pair
 */
export async function search(db: Db, q: SearchQuery): Promise<SearchResults> {
  const query = normaliseQuery(q.q);
  if (query.length > MAX_QUERY_LENGTH) throw new DomainError(400, 400, 'searchPage.tooLong', { max: MAX_QUERY_LENGTH });
  const page = q.page ?? 1;
  const sections = await Promise.all(
    SEARCH_KINDS.map(async (kind) => {
      const size = q.kind === undefined ? (q.size ?? PREVIEW_SIZE[kind]) : kind === q.kind ? (q.size ?? PREVIEW_SIZE[kind]) : 0;
      const at = kind === q.kind ? page : 1;
      if (!query) return { kind, total: 0, page: at, size, list: [] } as SearchSection;
      const { total, list } = await (SEARCHERS[kind] as Searcher<typeof kind>)(db, query, at, size);
      return { kind, total, page: at, size, list } as SearchSection;
    }),
  );
  return { query, kind: q.kind ?? null, sections };
}

/** Where a quick query (`/q/{str}`) should jump: an exact coin symbol or id, or exchange. */
export type BestMatch = { kind: 'coin'; id: string } | { kind: 'exchange'; name: string };

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
      .select({ id: coins.id, symbol: coins.symbol, name: coins.name, rank: coins.rank, price: coins.price, change24h: coins.change24h, marketCap: coins.marketCap })
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
    coins: coinRows.map((r) => ({ ...r, icon: coinIcon(r.id), price: num(r.price), change24h: num(r.change24h), marketCap: num(r.marketCap), tier: 0 })),
    exchanges: exchangeRows.map((r) => ({ ...r, reportedVolume24h: num(r.reportedVolume24h), tier: 0 })),
  };
}
