/**
 * Candlesticks: stored 1m/1h/1d candles read by time window and rolled up to 5m/15m (from
 * 1m), 4h (from 1h) and 1w (from 1d, weeks from Monday UTC); the coin facts and the list of
 * coins with candles that the kline page shows.
 */
import { and, asc, eq, gte, lt, or, sql } from 'drizzle-orm';
import {
  candleWindow,
  DEFAULT_RANGE,
  INTERVAL_MS,
  rangeStart,
  rollUp,
  SOURCE_INTERVAL,
  type KlineCandle,
  type KlineInterval,
  type KlineRange,
} from '../../../lib/klines.ts';
import type { Db } from '../../../server/db/index.ts';
import { coins, klines } from '../../../server/db/schema/index.ts';
import { memo, memoMarket } from '../../../server/db/cache.ts';
import { DomainError, notFound } from '../../../server/api/errors.ts';
import { coinIcon, priceAge, priceAgeColumns } from '../coins/index.ts';
import { num } from '../../../server/db/numbers.ts';

interface KlineQuery {
  interval: KlineInterval;
  /** A named range; ignored when `from` is given. Defaults per interval (DEFAULT_RANGE). */
  range?: KlineRange | undefined;
  /** Unix ms, inclusive. */
  from?: number | undefined;
  /** Unix ms, exclusive; default now. */
  to?: number | undefined;
}

interface KlineSeries {
  coinId: string;
  symbol: string;
  interval: KlineInterval;
  /** The named range, or null when from/to were given. */
  range: KlineRange | null;
  from: number;
  to: number;
  /** True when the window was cut to the most recent MAX_CANDLES candles. */
  capped: boolean;
  candles: KlineCandle[];
}

/** The facts the kline page header shows. */
interface KlineCoin {
  id: string;
  symbol: string;
  name: string;
  icon: string;
  rank: number | null;
  price: number | null;
  change24h: number | null;
  high24h: number | null;
  low24h: number | null;
  volume24h: number | null;
  /** When its price was last renewed by a new figure, and whether that is too long ago. */
  priceAt: string | null;
  stale: boolean;
}

const coinColumns = {
  id: coins.id,
  symbol: coins.symbol,
  name: coins.name,
  rank: coins.rank,
  price: coins.price,
  change24h: coins.change24h,
  high24h: coins.high24h,
  low24h: coins.low24h,
  volume24h: coins.volume24h,
  ...priceAgeColumns,
};

type CoinRow = { [K in keyof typeof coinColumns]: (typeof coinColumns)[K]['_']['data'] | null };

function toKlineCoin(r: CoinRow): KlineCoin {
  return {
    id: r.id!,
    symbol: r.symbol!,
    name: r.name!,
    icon: coinIcon(r.id!),
    rank: r.rank,
    price: num(r.price),
    change24h: num(r.change24h),
    high24h: num(r.high24h),
    low24h: num(r.low24h),
    volume24h: num(r.volume24h),
    ...priceAge(r),
  };
}

/**
 * The coin a kline path names: a coin id (`bitcoin`) or a symbol (`btc`, any case; the
 * best-ranked coin when several share it). Null when nothing matches.
 */
export async function findKlineCoin(db: Db, key: string): Promise<KlineCoin | null> {
  const k = key.trim();
  if (!k || k.length > 120) return null;
  const [row] = await db
    .select(coinColumns)
    .from(coins)
    .where(or(eq(coins.id, k.toLowerCase()), sql`lower(${coins.symbol}) = ${k.toLowerCase()}`))
    .orderBy(sql`(${coins.id} = ${k.toLowerCase()}) desc`, sql`${coins.rank} asc nulls last`)
    .limit(1);
  return row ? toKlineCoin(row) : null;
}

/**
 * {@link findKlineCoin} for the kline page: the coin and its facts kept in this process until
 * the market changes (src/server/db/cache.ts). Shared: not to be changed.
 */
export function currentKlineCoin(db: Db, key: string): Promise<KlineCoin | null> {
  return memoMarket(db, 'klineCoin', key.trim().toLowerCase(), () => findKlineCoin(db, key));
}

/**
 * The last `count` candles of a coin up to now, kept until the market changes (the kline page's
 * table for visitors without JavaScript). Shared: not to be changed.
 */
export function recentKlines(
  db: Db,
  coin: { id: string; symbol: string },
  interval: KlineInterval,
  count: number,
): Promise<KlineSeries> {
  return memoMarket(db, 'recentKlines', `${coin.id}:${interval}:${count}`, () => {
    const now = Date.now();
    return getKlines(db, coin.id, { interval, from: now - count * INTERVAL_MS[interval], to: now }, now, coin);
  });
}

/** How many coins the kline page's pair switcher and side list offer (every coin has candles). */
export const KLINE_SWITCHER_COINS = 50;

/**
 * The top coins that have stored candles, by rank: the kline page's pair switcher. Bounded:
 * every coin has candles now, and the page lists them twice. Cached for a minute.
 */
export function klineCoins(db: Db): Promise<KlineCoin[]> {
  return memo(db, 'klineCoins', 60_000, async () => {
    const rows = await db
      .select(coinColumns)
      .from(coins)
      .where(sql`exists (select 1 from ${klines} where ${klines.coinId} = ${coins.id} and ${klines.interval} = '1d')`)
      .orderBy(sql`${coins.rank} asc nulls last`, asc(coins.id))
      .limit(KLINE_SWITCHER_COINS);
    return rows.map(toKlineCoin);
  });
}

/**
 * Candles of one coin for an interval and a time window, oldest first, at most MAX_CANDLES
 * (the most recent ones). Throws a 404 DomainError for an unknown coin and a 400 for a
 * window that ends before it starts.
 */
export async function getKlines(
  db: Db,
  coinId: string,
  q: KlineQuery,
  now = Date.now(),
  known?: { id: string; symbol: string },
): Promise<KlineSeries> {
  // A caller that has just read the coin (the kline page) passes it instead of a second lookup.
  const [coin] =
    known?.id === coinId
      ? [known]
      : await db.select({ id: coins.id, symbol: coins.symbol }).from(coins).where(eq(coins.id, coinId));
  if (!coin) throw notFound('api.coinNotFound');
  const to = q.to ?? now;
  const range = q.from === undefined ? (q.range ?? DEFAULT_RANGE[q.interval]) : null;
  const start = q.from ?? (range ? rangeStart(range, to) : null);
  if (start !== null && start >= to)
    throw new DomainError(400, 400, 'api.invalidParam', { field: 'from', message: 'must be before to' });
  const window = candleWindow(q.interval, start, to);
  const source = SOURCE_INTERVAL[q.interval];
  const rows = await db
    .select({
      time: klines.openTime,
      open: klines.open,
      high: klines.high,
      low: klines.low,
      close: klines.close,
      volume: klines.volume,
    })
    .from(klines)
    .where(
      and(
        eq(klines.coinId, coinId),
        eq(klines.interval, source),
        gte(klines.openTime, new Date(window.from)),
        lt(klines.openTime, new Date(window.to)),
      ),
    )
    .orderBy(asc(klines.openTime));
  const stored: KlineCandle[] = rows.map((r) => ({
    time: r.time.getTime(),
    open: Number(r.open),
    high: Number(r.high),
    low: Number(r.low),
    close: Number(r.close),
    volume: Number(r.volume),
  }));
  const candles = source === q.interval ? stored : rollUp(stored, q.interval);
  return {
    coinId: coin.id,
    symbol: coin.symbol,
    interval: q.interval,
    range,
    from: window.from,
    to: window.to,
    capped: window.capped,
    candles,
  };
}
