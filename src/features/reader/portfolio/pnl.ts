/**
 * A portfolio's arithmetic, in exact decimals (big.js): no amount ever passes through a double.
 *
 * Every amount is carried in US dollars: a transaction's price and fee are in its own currency
 * and divide by `usdRate` (units of that currency per dollar on the transaction's day). Cost is
 * the average-cost method:
 * - buy: the quantity joins at its price; the fee joins the cost.
 * - sell: leaves at the holding's average cost; realised = proceeds − fee − that cost.
 * - transfer in / out: moves coins without buying or selling. In: at the price given, else at the
 *   holding's average cost (nothing, for a holding that has none). Out: leaves at the average
 *   cost. A transfer's fee is a realised loss.
 * Transactions apply in time order (then by id, then in the order given); a sell or transfer out of more than
 * is held at that moment is refused, naming the transaction.
 */
import BigBase, { type Big } from 'big.js';
import type { TxKind } from './input.ts';

/** Its own constructor: 30 places for the divisions (the averages), rounding half-even. */
const D = BigBase();
D.DP = 30;
D.RM = D.roundHalfEven;

/** One transaction as stored: amounts are decimal strings. */
export interface PnlTx {
  coin: string;
  kind: TxKind;
  /** ISO time. */
  at: string;
  quantity: string;
  /** Per coin, in `currency`; null for a transfer without one. */
  price: string | null;
  fee: string;
  currency: string;
  /** Units of `currency` per US dollar at `at`. */
  usdRate: string;
  /** Order among transactions of the same time (the stored id); else the order given, after stored ones. */
  seq?: number;
}

export interface Position {
  coin: string;
  quantity: Big;
  /** What the coins held cost, fees included (USD). */
  cost: Big;
  realised: Big;
  /** Everything paid in fees (USD), for the record: already inside cost and realised. */
  fees: Big;
}

/** A sell or transfer out of more than was held: `index` is its place in the list given. */
export class Oversold extends Error {
  constructor(
    readonly index: number,
    readonly coin: string,
    readonly held: string,
  ) {
    super(`transaction ${index} takes more ${coin} than the ${held} held`);
  }
}

export const dec = (v: string | number): Big => new D(v);
const ZERO = dec(0);

/** The transactions' indexes in the order they apply: time, then id (as stored), then as given. */
function order(txs: readonly PnlTx[]): number[] {
  return txs
    .map((t, i) => [Date.parse(t.at), t.seq ?? 2 ** 40 + i, i] as const)
    .sort((a, b) => a[0] - b[0] || a[1] - b[1])
    .map(([, , i]) => i);
}

/** Each coin's position after all of `txs`; throws {@link Oversold}. */
export function positions(txs: readonly PnlTx[]): Map<string, Position> {
  const out = new Map<string, Position>();
  for (const i of order(txs)) {
    const t = txs[i]!;
    const p = out.get(t.coin) ?? { coin: t.coin, quantity: ZERO, cost: ZERO, realised: ZERO, fees: ZERO };
    const rate = dec(t.usdRate);
    const q = dec(t.quantity);
    const fee = dec(t.fee).div(rate);
    const usd = (x: string) => dec(x).times(q).div(rate);
    p.fees = p.fees.plus(fee);
    if (t.kind === 'BUY' || t.kind === 'TRANSFER_IN') {
      const at = t.price !== null ? usd(t.price) : p.quantity.gt(0) ? p.cost.times(q).div(p.quantity) : ZERO;
      p.cost = p.cost.plus(at);
      if (t.kind === 'BUY') p.cost = p.cost.plus(fee);
      else p.realised = p.realised.minus(fee);
      p.quantity = p.quantity.plus(q);
    } else {
      if (q.gt(p.quantity)) throw new Oversold(i, t.coin, p.quantity.toFixed());
      // All of it leaves at exactly its cost: no rounding residue stays behind.
      const out_ = q.eq(p.quantity) ? p.cost : p.cost.times(q).div(p.quantity);
      if (t.kind === 'SELL')
        p.realised = p.realised
          .plus(usd(t.price ?? '0'))
          .minus(fee)
          .minus(out_);
      else p.realised = p.realised.minus(fee);
      p.cost = p.cost.minus(out_);
      p.quantity = p.quantity.minus(q);
    }
    out.set(t.coin, p);
  }
  return out;
}

/** A coin's market: its price in USD and 24h change (percent), as the coin list has them. */
export interface Market {
  price: string | number | null;
  change24h: string | number | null;
}

export interface Valued {
  coin: string;
  quantity: Big;
  cost: Big;
  /** Cost per coin held; null when none is held. */
  averageCost: Big | null;
  realised: Big;
  /** Null without a price. */
  value: Big | null;
  unrealised: Big | null;
  /** The value 24 hours ago at today's quantity; null without a change. */
  valueDayAgo: Big | null;
}

/** A position at its coin's market. */
export function valued(p: Position, m: Market | undefined): Valued {
  const price = m?.price === null || m?.price === undefined ? null : dec(m.price);
  const value = price ? price.times(p.quantity) : null;
  const change = m?.change24h === null || m?.change24h === undefined ? null : dec(m.change24h);
  return {
    coin: p.coin,
    quantity: p.quantity,
    cost: p.cost,
    averageCost: p.quantity.gt(0) ? p.cost.div(p.quantity) : null,
    realised: p.realised,
    value,
    unrealised: value ? value.minus(p.cost) : null,
    valueDayAgo: value && change?.gt(-100) ? value.div(change.div(100).plus(1)) : null,
  };
}

export interface Totals {
  value: Big;
  cost: Big;
  realised: Big;
  unrealised: Big;
  /** Percent; null when nothing has a 24h change. */
  change24h: Big | null;
}

/** The sums of the valued positions (those without a price count at cost). */
export function totals(rows: readonly Valued[]): Totals {
  let value = ZERO;
  let cost = ZERO;
  let realised = ZERO;
  let unrealised = ZERO;
  let now = ZERO;
  let before = ZERO;
  for (const r of rows) {
    value = value.plus(r.value ?? r.cost);
    cost = cost.plus(r.cost);
    realised = realised.plus(r.realised);
    unrealised = unrealised.plus(r.unrealised ?? ZERO);
    if (r.value && r.valueDayAgo) {
      now = now.plus(r.value);
      before = before.plus(r.valueDayAgo);
    }
  }
  return {
    value,
    cost,
    realised,
    unrealised,
    change24h: before.gt(0) ? now.minus(before).div(before).times(100) : null,
  };
}

/** Each coin's quantity at each of `times` (ms, ascending): the value-over-time series' holdings. */
export function quantitiesAt(txs: readonly PnlTx[], times: readonly number[]): Map<string, Big[]> {
  const out = new Map<string, Big[]>();
  const held = new Map<string, Big>();
  const sorted = order(txs);
  let k = 0;
  for (const [j, time] of times.entries()) {
    while (k < sorted.length && Date.parse(txs[sorted[k]!]!.at) <= time) {
      const t = txs[sorted[k]!]!;
      const q = dec(t.quantity);
      const before = held.get(t.coin) ?? ZERO;
      held.set(t.coin, t.kind === 'BUY' || t.kind === 'TRANSFER_IN' ? before.plus(q) : before.minus(q));
      k++;
    }
    for (const [coin, q] of held) {
      let row = out.get(coin);
      if (!row) out.set(coin, (row = times.map(() => ZERO)));
      row[j] = q;
    }
  }
  return out;
}

/** A decimal as the API sends it: plain digits, at most `places` after the point, no trailing zeros. */
export function plain(v: Big | null, places = 18): string | null {
  if (v === null) return null;
  const s = v.round(places, D.roundHalfEven).toFixed();
  return s === '-0' ? '0' : s;
}
