/** The market-data searchers: coins, exchanges and pairs. */
import { and, asc, eq, or, sql, type SQL } from 'drizzle-orm';
import { coinNames, coins, exchanges, tickers } from '../../server/db/schema/index.ts';
import { coinIcon, priceAge, priceAgeColumns } from '../market/coins/index.ts';
import { num } from '../../server/db/numbers.ts';
import {
  anyContains,
  count,
  escapeLike,
  like,
  parsePairQuery,
  type Searcher,
  tierOf,
  tierSql,
} from './query.server.ts';

/** The languages coins have local names in (coin_names.locale). */
export const LOCAL_NAME_LOCALES = ['zh', 'zh-hk', 'ko'] as const;

/**
 * Coins whose symbol, name or id contains the term: exact symbol first, then an exact name or
 * id, then prefixes, then substrings; within a tier by market-cap rank.
 */
export const searchCoins: Searcher<'coin'> = async (db, term, page, size) => {
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
export const searchExchanges: Searcher<'exchange'> = async (db, term, page, size) => {
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
export const searchPairs: Searcher<'pair'> = async (db, term, page, size) => {
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
