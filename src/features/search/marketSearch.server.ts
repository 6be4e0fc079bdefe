/**
 * The market-data searchers: coins, exchanges and pairs. Every condition is one an index of
 * migration 0019 serves (pg_trgm for substrings of names, symbols and ids; text_pattern_ops for
 * a pair's symbols), so a search reads the matching rows, not the whole market.
 */
import { and, asc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { Db } from '../../server/db/index.ts';
import { coinNames, coins, exchanges, tickers } from '../../server/db/schema/index.ts';
import { coinIcon, priceAge, priceAgeColumns } from '../market/coins/index.ts';
import { num } from '../../server/db/numbers.ts';
import {
  anyContains,
  countRows,
  escapeLike,
  like,
  parsePairQuery,
  type Searcher,
  sectionTotal,
  TOTAL_CAP,
  tierOf,
  tierSql,
} from './query.server.ts';

/** The languages coins have local names in (coin_names.locale). */
export const LOCAL_NAME_LOCALES = ['zh', 'zh-hk', 'ko'] as const;

const isAscii = (s: string) => /^[\u0000-\u007f]*$/.test(s);
/** Text holding a character beyond ASCII, written as the partial indexes of migration 0019 are. */
const nonAscii = (text: SQL) => sql`octet_length(${text}) > char_length(${text})`;

/**
 * How coins match a term: their symbol, name (in any language: a zh reader may type "bitcoin",
 * an en reader "比特币") or id contains it. `where` is one scan of the coins table that the
 * trigram indexes answer together (a bitmap OR), local names included as the ids their table
 * yields (an OR with a subquery would read every coin); `order` ranks a match: 0 the exact
 * symbol, 1 an exact name or id, 2 a symbol prefix, 3 a name or id prefix, 4 a substring.
 */
function coinMatch(db: Db, term: string) {
  const t = term.toLowerCase();
  const contains = `%${escapeLike(t)}%`;
  const prefix = `${escapeLike(t)}%`;
  const symbol = sql`lower(${coins.symbol})`;
  const english = sql`lower(${coins.name})`;
  const id = sql`${coins.id}`;
  const local = sql`lower(${coinNames.name})`;
  /** Coins with a local name matching `test`, as an array computed once per query. */
  const localIds = (test: SQL) =>
    sql`${coins.id} = any(array(${db
      .select({ id: coinNames.coinId })
      .from(coinNames)
      .where(and(inArray(coinNames.locale, [...LOCAL_NAME_LOCALES]), test))}))`;
  // A Chinese or Korean query can only be in the few coins with such characters (the partial
  // index coins_non_ascii_idx): trigrams cannot narrow it under the embedded server's C locale.
  const own = and(
    or(like(symbol, contains), like(english, contains), like(id, contains)),
    isAscii(t) ? undefined : nonAscii(sql`${coins.symbol} || ${coins.name} || ${coins.id}`),
  )!;
  const where = or(own, localIds(like(local, contains)))!;
  const order = sql<number>`case when ${symbol} = ${t} then 0
    when ${english} = ${t} or ${id} = ${t} or ${localIds(sql`${local} = ${t}`)} then 1
    when ${like(symbol, prefix)} then 2
    when ${like(english, prefix)} or ${like(id, prefix)} or ${localIds(like(local, prefix))} then 3
    else 4 end`.mapWith(Number);
  return { where, order };
}

/**
 * The coins a term finds, best first (see coinMatch), then by market-cap rank: `size` of them
 * from `offset`. The tier of each is 0 exact, 1 prefix, 2 substring.
 */
export async function findCoins(db: Db, term: string, size: number, offset = 0) {
  const { where, order } = coinMatch(db, term);
  const rows = await db
    .select({
      id: coins.id,
      symbol: coins.symbol,
      name: coins.name,
      platform: coins.platform,
      rank: coins.rank,
      price: coins.price,
      change24h: coins.change24h,
      marketCap: coins.marketCap,
      ...priceAgeColumns,
      order,
    })
    .from(coins)
    .where(where)
    .orderBy(order, sql`${coins.rank} asc nulls last`, asc(coins.id))
    .limit(size)
    .offset(offset);
  // Orders 0–1 are exact matches, 2–3 prefixes, 4 substrings.
  return rows.map(({ order, ...r }) => ({ ...r, tier: tierOf(Math.floor(order / 2)) }));
}

/**
 * Coins whose symbol, name or id contains the term: exact symbol first, then an exact name or
 * id, then prefixes, then substrings; within a tier by market-cap rank.
 */
export const searchCoins: Searcher<'coin'> = async (db, term, page, size) => {
  const rows = size > 0 ? await findCoins(db, term, size, (page - 1) * size) : [];
  const { where } = coinMatch(db, term);
  const total = await sectionTotal(rows.length, page, size, (limit) =>
    countRows(db, db.select({ one: sql`1` }).from(coins).where(where).limit(limit).as('matches')),
  );
  return {
    ...total,
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
      tier: r.tier,
    })),
  };
};

const exchangeColumns = [sql`${exchanges.name}`, sql`lower(${exchanges.displayName})`];

/** Exchanges whose name or display name contains the term (see coinMatches for the non-ASCII rule). */
const exchangeMatch = (t: string) =>
  and(
    anyContains(exchangeColumns, t),
    isAscii(t) ? undefined : nonAscii(sql`${exchanges.name} || ${exchanges.displayName}`),
  )!;

/** Exchanges whose name or display name contains the term: exact, then prefix, then by rank. */
export async function findExchanges(db: Db, term: string, size: number, offset = 0) {
  const t = term.toLowerCase();
  const tier = tierSql(exchangeColumns, t);
  const rows = await db
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
    .where(exchangeMatch(t))
    .orderBy(tier, sql`${exchanges.rank} asc nulls last`, asc(exchanges.name))
    .limit(size)
    .offset(offset);
  return rows.map((r) => ({ ...r, reportedVolume24h: num(r.reportedVolume24h), tier: tierOf(r.tier) }));
}

export const searchExchanges: Searcher<'exchange'> = async (db, term, page, size) => {
  const list = size > 0 ? await findExchanges(db, term, size, (page - 1) * size) : [];
  const where = exchangeMatch(term.toLowerCase());
  const total = await sectionTotal(list.length, page, size, (limit) =>
    countRows(db, db.select({ one: sql`1` }).from(exchanges).where(where).limit(limit).as('matches')),
  );
  return { ...total, list };
};

/**
 * How pairs match a query, in three tiers (best first) whose union is every match: "btc/usdt"
 * is base BTC (or a BTC contract) with quote USDT, then with a quote starting USDT, then a base
 * starting BTC; "eth" is the ETH base or the coin with that id, then bases starting ETH, then
 * pairs quoted in ETH. A pair may be in several (a pair's tier is its best): excluding the
 * better tiers would make the planner misjudge how many rows a tier holds (it cannot tell that
 * "USDT%" minus "USDT" is nearly nothing) and read the whole volume index to fill a page.
 * Null when the query cannot name a pair.
 */
function pairTiers(term: string): [SQL, SQL, SQL] | null {
  const parsed = parsePairQuery(term);
  if (!parsed) return null;
  const { base, quote } = parsed;
  const baseSym = sql`upper(${tickers.baseSymbol})`;
  const quoteSym = sql`upper(${tickers.quoteSymbol})`;
  const basePrefix = like(baseSym, `${escapeLike(base)}%`);
  if (quote !== undefined || term.includes('/')) {
    const pairBase = sql`upper(split_part(${tickers.pair}, '/', 1))`;
    const exactBase = or(sql`${baseSym} = ${base}`, sql`${pairBase} = ${base}`)!;
    const quoteOk = quote ? like(quoteSym, `${escapeLike(quote)}%`) : undefined;
    return [
      and(exactBase, quote ? sql`${quoteSym} = ${quote}` : undefined)!,
      and(exactBase, quoteOk)!,
      and(basePrefix, quoteOk)!,
    ];
  }
  return [
    or(sql`${baseSym} = ${base}`, eq(tickers.coinId, term.toLowerCase()))!,
    basePrefix,
    sql`${quoteSym} = ${base}`,
  ];
}

/**
 * Market pairs by tier (see pairTiers), then 24h volume. Each tier is its own query for the
 * rows up to the page's end by volume, so "usdt" (most pairs are quoted in it) reads the volume
 * index until a page is full instead of sorting every USDT pair; their union, each pair at its
 * best tier, is cut to the page. Pages reach the first TOTAL_CAP matches, as the total counts.
 */
export const searchPairs: Searcher<'pair'> = async (db, term, page, size) => {
  const tiers = pairTiers(term);
  if (!tiers) return { total: 0, capped: false, list: [] };
  const offset = (page - 1) * size;
  const tier = (where: SQL, n: number) =>
    db
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
        tier: sql<number>`${sql.raw(String(n))}`.mapWith(Number).as('tier'),
      })
      .from(tickers)
      .innerJoin(exchanges, eq(exchanges.id, tickers.exchangeId))
      .where(where)
      .orderBy(sql`${tickers.volume24h} desc nulls last`, asc(tickers.id))
      .limit(offset + size);
  const found =
    size > 0 && offset < TOTAL_CAP
      ? await unionAll(tier(tiers[0], 0), tier(tiers[1], 1), tier(tiers[2], 2)).orderBy(
          sql`tier`,
          sql`volume_24h desc nulls last`,
          sql`id`,
        )
      : [];
  // Sorted by tier first: a pair's first row is its best tier.
  const seen = new Set<number>();
  const rows = found
    .filter((r) => {
      if (seen.has(r.id)) return false;
      seen.add(r.id);
      return true;
    })
    .slice(offset, offset + size);
  const where = or(...tiers)!;
  const total = await sectionTotal(rows.length, page, size, (limit) =>
    countRows(db, db.select({ one: sql`1` }).from(tickers).where(where).limit(limit).as('matches')),
  );
  return {
    ...total,
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
