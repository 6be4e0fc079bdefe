/**
 * A list of transactions at today's market (portfolio.server.ts reads them): each holding's
 * figures and the totals in the reader's currency, and the value at the end of each day of a
 * range from the stored daily closes. Also the rate of a day that fixes a transaction's dollars.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../server/db/index.ts';
import type { Tx } from '../../../server/db/userLock.ts';
import { coins, klines, rates, type portfolioTransactions } from '../../../server/db/schema/index.ts';
import { DomainError } from '../../../server/api/errors.ts';
import { dec, plain, positions, quantitiesAt, totals, valued, type PnlTx } from './pnl.ts';

const DAY = 86_400_000;
export const HISTORY_DAYS = { '7d': 7, '30d': 30, '90d': 90, '1y': 365 } as const;
export type HistoryRange = keyof typeof HISTORY_DAYS;

export interface ViewOptions {
  currency: string;
  range: HistoryRange;
  now?: number;
}

/**
 * Units of `currency` per US dollar at a time, for the transactions of one request: a fiat
 * currency at its stored rate (the rates table keeps today's, refreshed daily, so a back-dated
 * transaction counts at the rate of the day it was entered); BTC, ETH and USDT at their coin's
 * daily close of that day (today: its price). Each currency is read once per request; a time
 * before the stored history, or a rate that is not positive, is refused rather than guessed.
 */
export function rateBook(db: Db | Tx, now = Date.now()) {
  const fiat = new Map<string, Promise<string>>();
  const days = new Map<string, Promise<{ t: number; close: string }[]>>();
  const refuse = (currency: string) => new DomainError(400, 400, 'portfolio.noRate', { currency });
  return async (currency: string, at: number): Promise<string> => {
    if (currency === 'USD') return '1';
    const coinId = { BTC: 'bitcoin', ETH: 'ethereum', USDT: 'tether' }[currency];
    if (!coinId) {
      if (!fiat.has(currency))
        fiat.set(
          currency,
          db
            .select({ rate: rates.rate })
            .from(rates)
            .where(eq(rates.symbol, currency))
            .then(([row]) => {
              if (!row || !dec(row.rate).gt(0)) throw refuse(currency);
              return row.rate;
            }),
        );
      return fiat.get(currency)!;
    }
    let price: string | null | undefined;
    if (now - at <= DAY)
      [{ price } = { price: null }] = await db.select({ price: coins.price }).from(coins).where(eq(coins.id, coinId));
    else {
      if (!days.has(coinId))
        days.set(
          coinId,
          db
            .select({ t: klines.openTime, close: klines.close })
            .from(klines)
            .where(and(eq(klines.coinId, coinId), eq(klines.interval, '1d')))
            .orderBy(asc(klines.openTime))
            .then((rows) => rows.map((r) => ({ t: r.t.getTime(), close: r.close }))),
        );
      const closes = await days.get(coinId)!;
      // The last close at or before `at`, by bisection.
      let lo = 0;
      let hi = closes.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (closes[mid]!.t <= at) lo = mid + 1;
        else hi = mid;
      }
      price = lo > 0 ? closes[lo - 1]!.close : null;
    }
    if (!price || !dec(price).gt(0)) throw refuse(currency);
    return plain(dec(1).div(price), 30)!;
  };
}

/** What valuing needs of a transaction, stored or not yet. */
type Held = Pick<
  typeof portfolioTransactions.$inferSelect,
  'coinId' | 'coinSymbol' | 'coinName' | 'kind' | 'at' | 'quantity' | 'price' | 'fee' | 'currency' | 'usdRate'
>;

export const pnlOf = (r: Held & { id?: number }): PnlTx => ({
  seq: r.id,
  coin: r.coinId,
  kind: r.kind,
  at: r.at.toISOString(),
  quantity: r.quantity,
  price: r.price,
  fee: r.fee,
  currency: r.currency,
  usdRate: r.usdRate,
});

export async function valuation(db: Db, rows: readonly Held[], { currency, range, now = Date.now() }: ViewOptions) {
  const rate = await rateBook(db, now)(currency, now);
  const txs = rows.map(pnlOf);
  const ps = positions(txs);
  const ids = [...ps.keys()];
  const market = ids.length
    ? await db
        .select({ id: coins.id, price: coins.price, change24h: coins.change24h, updatedAt: coins.updatedAt })
        .from(coins)
        .where(inArray(coins.id, ids))
    : [];
  const byId = new Map(market.map((m) => [m.id, m]));
  const names = new Map(rows.map((r) => [r.coinId, { id: r.coinId, symbol: r.coinSymbol, name: r.coinName }]));
  const all = ids.map((id) => valued(ps.get(id)!, byId.get(id)));
  const sum = totals(all);
  const inCur = (v: ReturnType<typeof dec> | null) => plain(v === null ? null : v.times(rate), 12);
  const holdings = all
    .filter((v) => v.quantity.gt(0) || !v.realised.eq(0))
    .map((v) => ({
      coin: { ...names.get(v.coin)!, listed: byId.has(v.coin) },
      quantity: plain(v.quantity),
      averageCost: inCur(v.averageCost),
      price: byId.get(v.coin)?.price ? inCur(dec(byId.get(v.coin)!.price!)) : null,
      value: inCur(v.value),
      change24h: byId.get(v.coin)?.change24h ?? null,
      unrealised: inCur(v.unrealised),
      unrealisedPercent: v.unrealised && v.cost.gt(0) ? plain(v.unrealised.div(v.cost).times(100), 4) : null,
      realised: inCur(v.realised),
      allocation: v.value && sum.value.gt(0) ? plain(v.value.div(sum.value).times(100), 4) : null,
    }))
    .sort((a, b) => dec(b.value ?? '0').cmp(a.value ?? '0'));
  const asOf = market.reduce((t, m) => Math.max(t, m.updatedAt.getTime()), 0) || null;
  return {
    currency,
    asOf,
    totals: {
      value: inCur(sum.value),
      cost: inCur(sum.cost),
      realised: inCur(sum.realised),
      unrealised: inCur(sum.unrealised),
      change24h: plain(sum.change24h, 4),
    },
    holdings,
    history: await history(db, txs, ids, HISTORY_DAYS[range], now, (v) => v.times(rate)),
  };
}

/** Value at the end of each day of the range, from the stored daily closes (a day missing a held coin's close is left out). */
async function history(
  db: Db,
  txs: readonly PnlTx[],
  ids: readonly string[],
  days: number,
  now: number,
  convert: (v: ReturnType<typeof dec>) => ReturnType<typeof dec>,
) {
  if (ids.length === 0) return [];
  const start = Math.floor(now / DAY) * DAY - days * DAY;
  const closes = await db
    .select({ id: klines.coinId, t: klines.openTime, close: klines.close })
    .from(klines)
    .where(
      and(inArray(klines.coinId, [...ids]), eq(klines.interval, '1d'), sql`${klines.openTime} >= ${new Date(start)}`),
    )
    .orderBy(asc(klines.openTime));
  const dayOpens = [...new Set(closes.map((c) => c.t.getTime()))].sort((a, b) => a - b);
  const held = quantitiesAt(
    txs,
    dayOpens.map((t) => t + DAY - 1),
  );
  const price = new Map(closes.map((c) => [`${c.id}@${c.t.getTime()}`, c.close]));
  return dayOpens.flatMap((t, j) => {
    let v = dec(0);
    for (const [id, qs] of held) {
      if (!qs[j]!.gt(0)) continue;
      const close = price.get(`${id}@${t}`);
      if (!close) return [];
      v = v.plus(qs[j]!.times(close));
    }
    return [{ t, value: plain(convert(v), 8) }];
  });
}
