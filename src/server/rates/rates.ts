import { inArray } from 'drizzle-orm';
import type { Db } from '../db/index.ts';
import { coins, rates } from '../db/schema/index.ts';
import { MARKET_RATE_COINS as SHARED_MARKET_RATE_COINS, type BaseChanges } from '../../lib/money.ts';
import { num } from '../db/numbers.ts';

/** The ten currencies of the switcher (SPEC §7 exrate symbols). */
export const RATE_SYMBOLS = ['CNY', 'USD', 'USDT', 'BTC', 'ETH', 'JPY', 'KRW', 'HKD', 'TWD', 'EUR'] as const;
export type RateSymbol = (typeof RATE_SYMBOLS)[number];

/** The switcher's currencies whose rate is a daily reference rate (not USD, not a coin's price). */
export const isFiat = (s: string): boolean =>
  s !== 'USD' && s !== 'USDT' && isRateSymbol(s) && !MARKET_RATE_COINS_SET.has(s);
const MARKET_RATE_COINS_SET = new Set(Object.keys(SHARED_MARKET_RATE_COINS));

export function isRateSymbol(s: string): s is RateSymbol {
  return (RATE_SYMBOLS as readonly string[]).includes(s);
}

interface Rates {
  base: 'USD';
  rates: Record<string, number>;
  /** Unix ms of the oldest rate returned. */
  timestamp: number;
  /** Unix ms of the oldest fiat rate returned (refreshed daily, SPEC §9); null when none was asked for or stored. */
  fiatTimestamp: number | null;
}

/**
 * Crypto currencies of the switcher and the coin whose price is their rate. SPEC §9 refreshes
 * BTC and ETH rates on every use: they move with the market, so they are read from the live
 * coin price rather than from the stored rates table (which serves the fiat currencies).
 */
export const MARKET_RATE_COINS: Partial<Record<RateSymbol, string>> = SHARED_MARKET_RATE_COINS;

/** Units of each symbol per US dollar. USD is always 1, even with an empty table. */
export async function getRates(db: Db, symbols: readonly string[] = RATE_SYMBOLS): Promise<Rates> {
  const rows = symbols.length
    ? await db
        .select()
        .from(rates)
        .where(inArray(rates.symbol, [...symbols]))
    : [];
  const marketCoins = symbols.flatMap((s) =>
    isRateSymbol(s) && MARKET_RATE_COINS[s] ? [[s, MARKET_RATE_COINS[s]] as const] : [],
  );
  const prices = marketCoins.length
    ? await db
        .select({ id: coins.id, price: coins.price, updatedAt: coins.updatedAt })
        .from(coins)
        .where(
          inArray(
            coins.id,
            marketCoins.map(([, id]) => id),
          ),
        )
    : [];
  const out: Record<string, number> = {};
  let timestamp = Date.now();
  let fiatTimestamp: number | null = null;
  for (const r of rows) {
    const rate = num(r.rate);
    if (rate !== null && rate > 0) {
      out[r.symbol] = rate;
      timestamp = Math.min(timestamp, r.updatedAt.getTime());
      if (isFiat(r.symbol)) fiatTimestamp = Math.min(fiatTimestamp ?? Infinity, r.updatedAt.getTime());
    }
  }
  for (const [symbol, id] of marketCoins) {
    const coin = prices.find((p) => p.id === id);
    const price = num(coin?.price);
    if (coin && price !== null && price > 0) {
      out[symbol] = 1 / price;
      timestamp = Math.min(timestamp, coin.updatedAt.getTime());
    }
  }
  if (symbols.includes('USD')) out.USD = 1;
  return { base: 'USD', rates: out, timestamp, fiatTimestamp };
}

/**
 * The USD changes of the coins whose price is a crypto currency's rate, per symbol: a coin's
 * change in BTC is measured against bitcoin's (lib/money.ts changeIn).
 */
export async function rateCoinChanges(db: Db): Promise<Record<string, BaseChanges>> {
  const ids = Object.values(MARKET_RATE_COINS);
  const rows = await db
    .select({
      id: coins.id,
      h1: coins.change1h,
      h24: coins.change24h,
      d7: coins.change7d,
      d30: coins.change30d,
      y1: coins.change1y,
    })
    .from(coins)
    .where(inArray(coins.id, ids));
  const out: Record<string, BaseChanges> = {};
  for (const [symbol, id] of Object.entries(MARKET_RATE_COINS)) {
    const r = rows.find((x) => x.id === id);
    if (r) out[symbol] = { '1h': num(r.h1), '24h': num(r.h24), '7d': num(r.d7), '30d': num(r.d30), '1y': num(r.y1) };
  }
  return out;
}

/** Converts a USD amount into `symbol` using a rates map; null when the rate is unknown. */
export function convert(usd: number | null, symbol: string, table: Record<string, number>): number | null {
  if (usd === null) return null;
  const rate = symbol === 'USD' ? 1 : table[symbol];
  return rate ? usd * rate : null;
}
