/**
 * Read model of the historical data tab: a coin's stored daily candles (UTC days), newest first,
 * in a date range and paged, each with the day's quote volume and market cap (close × today's
 * circulating supply: past supplies are not stored).
 */
import { and, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../../server/db/index.ts';
import { klineBackfill, klines } from '../../../server/db/schema/index.ts';
import { num, type Page } from '../../../server/db/numbers.ts';
import { memoMarket } from '../../../server/db/cache.ts';
import { coinFacts } from './coin.server.ts';
import { dayOf, parseDay } from './historyQuery.ts';

const DAY = 86_400_000;

export interface HistoryDay {
  /** The UTC day, YYYY-MM-DD. */
  date: string;
  open: number;
  high: number;
  low: number;
  close: number;
  /** Quote (USD) volume of the day. */
  volume: number;
  /** close × today's circulating supply; null without a supply. */
  marketCap: number | null;
  /** With a `quote` coin only: that coin's close of the same day (null when not stored). */
  quoteClose?: number | null;
}

export interface CoinHistory extends Page<HistoryDay> {
  coinId: string;
  symbol: string;
  /** The range asked for (inclusive UTC days), null where unbounded. */
  from: string | null;
  to: string | null;
  /** The first and last stored day and how many days are stored, whatever the range. */
  first: string | null;
  last: string | null;
  days: number;
  /** The supply every market cap is computed with (today's). */
  circulatingSupply: number | null;
  /** The market source the candles were backfilled from; null: recorded here (live rounds or the demo seeder). */
  source: string | null;
}

interface HistoryQuery {
  /** Inclusive UTC days, YYYY-MM-DD (checked by the caller: historyQuery.ts). */
  from?: string | null | undefined;
  to?: string | null | undefined;
  page: number;
  size: number;
  /** A coin whose close of each day is returned beside it (a page shown in BTC, ETH or USDT). */
  quote?: string | null | undefined;
}

/**
 * One page of a coin's daily history. Throws the 404 DomainError for an unknown coin; a range
 * without stored days gives an empty page (with `first`, `last` and `days` saying what there is).
 */
export async function coinHistory(db: Db, coinId: string, q: HistoryQuery): Promise<CoinHistory> {
  const coin = await coinFacts(db, coinId);
  const daily = and(eq(klines.coinId, coin.id), eq(klines.interval, '1d'));
  const bounds: SQL[] = [];
  const fromMs = q.from ? parseDay(q.from) : null;
  const toMs = q.to ? parseDay(q.to) : null;
  if (fromMs !== null) bounds.push(gte(klines.openTime, new Date(fromMs)));
  if (toMs !== null) bounds.push(lt(klines.openTime, new Date(toMs + DAY)));
  const inRange = bounds.length ? and(daily, ...bounds)! : daily!;
  const quote = alias(klines, 'quote');
  const [stats, rows, backfill] = await Promise.all([
    db
      .select({
        days: sql<number>`count(*)::int`,
        inRange: bounds.length
          ? sql<number>`(count(*) filter (where ${and(...bounds)}))::int`
          : sql<number>`count(*)::int`,
        first: sql<Date | null>`min(${klines.openTime})`,
        last: sql<Date | null>`max(${klines.openTime})`,
      })
      .from(klines)
      .where(daily),
    db
      .select({
        time: klines.openTime,
        open: klines.open,
        high: klines.high,
        low: klines.low,
        close: klines.close,
        volume: klines.volume,
        quoteClose: q.quote ? quote.close : sql<null>`null`,
      })
      .from(klines)
      .leftJoin(
        quote,
        q.quote
          ? and(eq(quote.coinId, q.quote), eq(quote.interval, '1d'), eq(quote.openTime, klines.openTime))
          : sql`false`,
      )
      .where(inRange)
      .orderBy(desc(klines.openTime))
      .limit(q.size)
      .offset((q.page - 1) * q.size),
    db
      .select({ source: klineBackfill.source })
      .from(klineBackfill)
      // Named only once its daily candles (the ones this table shows) are written.
      .where(and(eq(klineBackfill.coinId, coin.id), sql`'1d' = any(${klineBackfill.done})`)),
  ]);
  const s = stats[0];
  const supply = coin.circulatingSupply !== null && coin.circulatingSupply > 0 ? coin.circulatingSupply : null;
  // min()/max() of a raw sql expression come back as text from node-postgres.
  const day = (v: Date | string | null | undefined) => (v ? dayOf(new Date(v).getTime()) : null);
  return {
    coinId: coin.id,
    symbol: coin.symbol,
    from: q.from ?? null,
    to: q.to ?? null,
    first: day(s?.first),
    last: day(s?.last),
    days: s?.days ?? 0,
    circulatingSupply: supply,
    source: backfill[0]?.source ?? null,
    page: q.page,
    size: q.size,
    total: s?.inRange ?? 0,
    list: rows.map((r) => {
      const close = Number(r.close);
      return {
        date: dayOf(r.time.getTime()),
        open: Number(r.open),
        high: Number(r.high),
        low: Number(r.low),
        close,
        volume: Number(r.volume),
        marketCap: supply === null ? null : close * supply,
        ...(q.quote ? { quoteClose: num(r.quoteClose) } : {}),
      };
    }),
  };
}

/**
 * {@link coinHistory} for the historical data tab: a page of days kept in this process until the
 * market changes, at most 10 s (src/server/db/cache.ts), not counted and read per render.
 * Shared: not to be changed.
 */
export function currentCoinHistory(db: Db, coinId: string, q: HistoryQuery): Promise<CoinHistory> {
  const key = [coinId, q.from ?? '', q.to ?? '', q.page, q.size, q.quote ?? ''].join(':');
  return memoMarket(db, 'coinHistory', key, () => coinHistory(db, coinId, q), { max: 64 });
}
