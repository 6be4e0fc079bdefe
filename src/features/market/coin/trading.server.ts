/**
 * Read models of the coin tabs about where the coin is held and traded: its balances on
 * exchanges and the exchanges listing it.
 */
import { asc, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../server/db/index.ts';
import { exchangeBalances, exchanges, tickers } from '../../../server/db/schema/index.ts';
import { num, percentOf, type Page } from '../../../server/db/numbers.ts';
import { coinFacts } from './coin.server.ts';

/* ---------- exchange balances and exchanges ---------- */

export interface ExchangeBalance {
  exchange: string;
  displayName: string;
  balance: number;
  valueUsd: number | null;
  change24h: number | null;
  change7d: number | null;
  /** Share of all exchange-held coins listed here, percent. */
  share: number | null;
  /** Share of the circulating supply, percent. */
  supplyShare: number | null;
}

interface ExchangeBalances {
  symbol: string;
  total: number;
  totalValueUsd: number | null;
  totalChange24h: number;
  totalChange7d: number;
  supplyShare: number | null;
  list: ExchangeBalance[];
  updatedAt: string | null;
}

export async function getExchangeBalances(db: Db, id: string): Promise<ExchangeBalances> {
  const coin = await coinFacts(db, id);
  const rows = await db
    .select({
      exchange: exchanges.name,
      displayName: exchanges.displayName,
      balance: exchangeBalances.balance,
      change24h: exchangeBalances.change24h,
      change7d: exchangeBalances.change7d,
      updatedAt: exchangeBalances.updatedAt,
    })
    .from(exchangeBalances)
    .innerJoin(exchanges, eq(exchanges.id, exchangeBalances.exchangeId))
    .where(eq(exchangeBalances.coinId, id))
    .orderBy(desc(exchangeBalances.balance), asc(exchanges.name));
  const total = rows.reduce((a, r) => a + (num(r.balance) ?? 0), 0);
  return {
    symbol: coin.symbol,
    total,
    totalValueUsd: coin.price === null ? null : total * coin.price,
    totalChange24h: rows.reduce((a, r) => a + (num(r.change24h) ?? 0), 0),
    totalChange7d: rows.reduce((a, r) => a + (num(r.change7d) ?? 0), 0),
    supplyShare: percentOf(total, coin.circulatingSupply),
    list: rows.map((r) => {
      const balance = num(r.balance) ?? 0;
      return {
        exchange: r.exchange,
        displayName: r.displayName,
        balance,
        valueUsd: coin.price === null ? null : balance * coin.price,
        change24h: num(r.change24h),
        change7d: num(r.change7d),
        share: percentOf(balance, total),
        supplyShare: percentOf(balance, coin.circulatingSupply),
      };
    }),
    updatedAt: rows[0] ? rows[0].updatedAt.toISOString() : null,
  };
}

interface CoinExchange {
  exchange: string;
  displayName: string;
  type: 'CEX' | 'DEX';
  rank: number | null;
  pairs: number;
  volume24h: number | null;
  share: number | null;
  starRating: number | null;
}

/** Exchanges listing the coin, by the coin's volume there. */
export async function listCoinExchanges(db: Db, id: string, page: number, size: number): Promise<Page<CoinExchange>> {
  await coinFacts(db, id);
  const volume = sql<string | null>`sum(${tickers.volume24h})`;
  const [rows, [agg]] = await Promise.all([
    db
      .select({
        exchange: exchanges.name,
        displayName: exchanges.displayName,
        type: exchanges.type,
        rank: exchanges.rank,
        starRating: exchanges.starRating,
        pairs: sql<number>`count(*)`.mapWith(Number),
        volume24h: volume,
      })
      .from(tickers)
      .innerJoin(exchanges, eq(exchanges.id, tickers.exchangeId))
      .where(eq(tickers.coinId, id))
      .groupBy(exchanges.id)
      .orderBy(sql`sum(${tickers.volume24h}) desc nulls last`, asc(exchanges.name))
      .limit(size)
      .offset((page - 1) * size),
    db
      .select({
        n: sql<number>`count(distinct ${tickers.exchangeId})`.mapWith(Number),
        v: sql<string | null>`sum(${tickers.volume24h})`,
      })
      .from(tickers)
      .where(eq(tickers.coinId, id)),
  ]);
  const coinVolume = num(agg?.v);
  return {
    list: rows.map((r) => ({
      exchange: r.exchange,
      displayName: r.displayName,
      type: r.type,
      rank: r.rank,
      pairs: r.pairs,
      volume24h: num(r.volume24h),
      share: percentOf(num(r.volume24h), coinVolume),
      starRating: num(r.starRating),
    })),
    total: agg?.n ?? 0,
    page,
    size,
  };
}
