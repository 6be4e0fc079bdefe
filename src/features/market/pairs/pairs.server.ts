import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../server/db/index.ts';
import { coins, exchanges, tickers } from '../../../server/db/schema/index.ts';
import { memo, memoMarket } from '../../../server/db/cache.ts';
import { num, percentOf, type Page } from '../../../server/db/numbers.ts';
import { siteIsLive } from '../../../server/db/provenance.ts';
import type { SortOrder } from '../coins/index.ts';
import { CONTRACT_TYPES, type ContractType } from '../../../lib/format/pair.ts';
import type { TickerRow } from '../../../lib/rows.ts';
export type { TickerRow } from '../../../lib/rows.ts';

export { CONTRACT_TYPES };

/**
 * How long the counts and volume of the whole-market pair lists are shared: they sum every
 * pair, and the simulator moves them by fractions of a percent in that time.
 */
const TOTALS_TTL_MS = 10_000;

/** The quote currencies offered as filters on the market-pairs page, most traded first. */
export function quoteSymbols(db: Db, market: 'spot' | 'futures', limit = 8): Promise<string[]> {
  // Ranking quotes reads every pair; the ranking changes over hours, not requests.
  return memo(db, `quoteSymbols:${market}:${limit}`, 60_000, () => rankQuotes(db, market, limit));
}

async function rankQuotes(db: Db, market: 'spot' | 'futures', limit: number): Promise<string[]> {
  const rows = await db
    .select({ quote: tickers.quoteSymbol })
    .from(tickers)
    .where(eq(tickers.market, market))
    .groupBy(tickers.quoteSymbol)
    .orderBy(sql`sum(${tickers.volume24h}) desc nulls last`)
    .limit(limit);
  return rows.map((r) => r.quote);
}

export const TICKER_SORTS = ['volume24h', 'price', 'change24h', 'pair', 'spread'] as const;
type TickerSort = (typeof TICKER_SORTS)[number];

/** SPEC §9 spread rate, in percent; null without a usable book. */
export function spreadRate(bestBid: number | null, bestAsk: number | null): number | null {
  if (bestBid === null || bestAsk === null || bestAsk <= 0 || bestBid > bestAsk) return null;
  return ((bestAsk - bestBid) / bestAsk) * 100;
}

interface TickerQuery {
  page: number;
  size: number;
  coin?: string | undefined;
  exchange?: string | undefined;
  market?: 'spot' | 'futures' | undefined;
  /** Futures of one contract type (PERPETUAL, QUARTERLY …). */
  contractType?: ContractType | undefined;
  /** Pairs quoted in this symbol (USDT, BTC …). */
  quote?: string | undefined;
  sort?: TickerSort | undefined;
  order?: SortOrder | undefined;
  /** Only these pairs (a watchlist); at most a page of them. */
  ids?: readonly number[] | undefined;
}

const spreadSql = sql`(${tickers.bestAsk} - ${tickers.bestBid}) / nullif(${tickers.bestAsk}, 0)`;
const sorts: Record<TickerSort, SQL> = {
  volume24h: sql`${tickers.volume24h}`,
  price: sql`${tickers.price}`,
  change24h: sql`${tickers.change24h}`,
  pair: sql`${tickers.pair}`,
  spread: spreadSql,
};

/**
 * {@link listTickers} for the pages: a page of pairs kept in this process until the market
 * changes (src/server/db/cache.ts), like the coin tables. A watchlist (`ids`) is read fresh.
 * Callers must not change the rows: they are shared.
 */
export function currentTickers(db: Db, q: TickerQuery): Promise<Page<TickerRow>> {
  if (q.ids !== undefined) return listTickers(db, q);
  const key = [q.page, q.size, q.coin, q.exchange, q.market, q.contractType, q.quote, q.sort, q.order].join(':');
  return memoMarket(db, 'tickers', key, () => listTickers(db, q), { max: 64 });
}

/** Market pairs filtered by coin, exchange and market kind, by volume unless asked otherwise. */
export async function listTickers(db: Db, q: TickerQuery): Promise<Page<TickerRow>> {
  const conditions: SQL[] = [];
  if (q.coin) conditions.push(eq(tickers.coinId, q.coin));
  if (q.exchange) conditions.push(eq(exchanges.name, q.exchange));
  if (q.market) conditions.push(eq(tickers.market, q.market));
  if (q.contractType) conditions.push(eq(tickers.contractType, q.contractType));
  if (q.quote) conditions.push(eq(tickers.quoteSymbol, q.quote.toUpperCase()));
  if (q.ids) conditions.push(q.ids.length ? inArray(tickers.id, [...q.ids]) : sql`false`);
  const where = conditions.length ? and(...conditions) : undefined;
  const sort = q.sort ?? 'volume24h';
  const order = q.order ?? (sort === 'pair' || sort === 'spread' ? 'asc' : 'desc');
  const direction = order === 'asc' ? sql`asc nulls last` : sql`desc nulls last`;
  // The number of matching pairs and their volume: for one coin or exchange they ride along
  // with the page (one statement, a few hundred rows at most); for the whole market they mean
  // reading every pair, so they are shared by the requests of a few seconds instead.
  // Every pair has its exchange (a foreign key), so the join is there only to filter by name:
  // without it a coin's totals come from its index alone (a top coin has thousands of pairs).
  const aggregated = db
    .select({
      n: sql<number>`count(*)`.mapWith(Number).as('n'),
      volume: sql<string | null>`sum(${tickers.volume24h})`.as('volume'),
    })
    .from(tickers)
    .$dynamic();
  const aggregate = (
    q.exchange ? aggregated.innerJoin(exchanges, eq(exchanges.id, tickers.exchangeId)) : aggregated
  ).where(where);
  const narrow = Boolean(q.coin || q.exchange || q.ids);
  const totals = aggregate.as('totals');
  const base = db
    .select({
      id: tickers.id,
      pair: tickers.pair,
      market: tickers.market,
      contractType: tickers.contractType,
      baseSymbol: tickers.baseSymbol,
      quoteSymbol: tickers.quoteSymbol,
      coinId: tickers.coinId,
      coinName: coins.name,
      exchange: exchanges.name,
      exchangeDisplayName: exchanges.displayName,
      price: tickers.price,
      priceQuote: tickers.priceQuote,
      volume24h: tickers.volume24h,
      change24h: tickers.change24h,
      bestBid: tickers.bestBid,
      bestAsk: tickers.bestAsk,
      depthPlus1: tickers.depthPlus1,
      depthMinus1: tickers.depthMinus1,
      updatedAt: tickers.updatedAt,
      source: tickers.source,
      excluded: tickers.excluded,
      demo: sql<boolean>`(${tickers.source} is null and ${siteIsLive})`,
      totalCount: narrow ? totals.n : sql<number | null>`null`,
      totalVolume: narrow ? totals.volume : sql<string | null>`null`,
    })
    .from(tickers)
    .innerJoin(exchanges, eq(exchanges.id, tickers.exchangeId))
    .innerJoin(coins, eq(coins.id, tickers.coinId))
    .$dynamic();
  const [rows, broad] = await Promise.all([
    (narrow ? base.crossJoin(totals) : base)
      .where(where)
      .orderBy(sql`${sorts[sort]} ${direction}`, asc(tickers.id))
      .limit(q.size)
      .offset((q.page - 1) * q.size),
    narrow
      ? null
      : memo(
          db,
          `tickerTotals:${q.market ?? ''}:${q.contractType ?? ''}:${q.quote?.toUpperCase() ?? ''}`,
          TOTALS_TTL_MS,
          async () => (await aggregate)[0],
        ),
  ]);
  // Past the last page no row carries the totals: ask for them alone.
  const agg =
    broad ?? (rows[0] ? { n: Number(rows[0].totalCount), volume: rows[0].totalVolume } : (await aggregate)[0]);
  const totalVolume = num(agg?.volume);
  return {
    list: rows.map((r) => ({
      id: r.id,
      pair: r.pair,
      market: r.market,
      contractType: r.contractType,
      baseSymbol: r.baseSymbol,
      quoteSymbol: r.quoteSymbol,
      coinId: r.coinId,
      coinName: r.coinName,
      exchange: r.exchange,
      exchangeDisplayName: r.exchangeDisplayName,
      price: num(r.price),
      priceQuote: num(r.priceQuote),
      volume24h: num(r.volume24h),
      change24h: num(r.change24h),
      spread: spreadRate(num(r.bestBid), num(r.bestAsk)),
      depthPlus1: num(r.depthPlus1),
      depthMinus1: num(r.depthMinus1),
      share: percentOf(num(r.volume24h), totalVolume),
      updatedAt: r.updatedAt.toISOString(),
      source: r.source,
      excluded: r.excluded,
      demo: r.demo === true,
    })),
    total: agg?.n ?? 0,
    page: q.page,
    size: q.size,
  };
}
