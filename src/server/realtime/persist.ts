/**
 * Writes rounds of ticks to the database, one transaction and at most one statement per table
 * per round: coin prices (with market cap = price × circulating supply), the USD prices of the
 * coins' tickers (scaled by the coin's move) and the 1m, 1h and 1d candles.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/index.ts';
import { marketChanged } from '../db/cache.ts';
import { dec } from '../seed/decimal.ts';
import { rollUp } from './candles.ts';
import { MARKET_CHANNEL } from './pg.ts';
import type { TickInput } from './types.ts';

/** The last tick of each coin in a round (ticks in time order). */
function lastPerCoin(ticks: TickInput[]): TickInput[] {
  const last = new Map<string, TickInput>();
  for (const t of ticks) last.set(t.coinId, t);
  return [...last.values()];
}

/** Rounds a numeric SQL expression to 10 significant digits (prices stay short decimals). */
const sig10 = (x: ReturnType<typeof sql>) =>
  sql`case when ${x} > 0 then round(${x}, greatest(0, least(30, 9 - floor(log(${x}))::int))) else ${x} end`;

interface WriterOptions {
  /**
   * Tickers are many (about 12,000 pairs for the top 100 coins in the demo data) and updating
   * them all every round costs about a second: each round rescales the tickers of one slice
   * of the coins, so every coin's tickers follow its price every `tickerSlices` rounds.
   */
  tickerSlices?: number;
}

/**
 * Persists rounds of ticks. Stateful only for the tickers: it remembers the coin price each
 * coin's tickers were last scaled to.
 */
export class TickWriter {
  private readonly tickerBase = new Map<string, number>();
  private readonly latest = new Map<string, number>();
  private round = 0;

  constructor(
    private readonly db: Db,
    private readonly options: WriterOptions = {},
  ) {}

  async write(ticks: TickInput[]): Promise<void> {
    const valid = ticks.filter((t) => Number.isFinite(t.price) && t.price > 0);
    if (!valid.length) return;
    for (const t of valid) {
      if (t.ownTickers) continue;
      if (!this.tickerBase.has(t.coinId)) this.tickerBase.set(t.coinId, t.previous ?? t.price);
      this.latest.set(t.coinId, t.price);
    }
    const slices = Math.max(1, this.options.tickerSlices ?? 20);
    const slice = this.round++ % slices;
    const ids = [...this.latest.keys()].sort();
    const scale = ids
      .filter((_, i) => i % slices === slice)
      .map((coinId) => ({
        coinId,
        ratio: (this.latest.get(coinId) as number) / (this.tickerBase.get(coinId) as number),
      }))
      .filter((s) => Number.isFinite(s.ratio) && s.ratio > 0 && s.ratio !== 1);
    await writeRound(this.db, valid, scale);
    for (const s of scale) this.tickerBase.set(s.coinId, this.latest.get(s.coinId) as number);
  }
}

/**
 * Taken first by every transaction that writes market rows (through {@link marketWrite}: the
 * rounds here, the live market's pairs and exchanges, the CoinGecko facts and coin details, the
 * history backfill): each updates many coins in its own order, and two at once could deadlock.
 * Held to the end of the transaction. It also announces the write on MARKET_CHANNEL: PostgreSQL
 * delivers the notification when the transaction commits (never if it rolls back), and every
 * process then drops the market values it keeps (src/server/db/cache.ts `memoMarket`).
 */
export const MARKET_WRITE_LOCK = sql`select pg_advisory_xact_lock(hashtext('coinlens:market-write')), pg_notify(${MARKET_CHANNEL}, '')`;

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * One market write: a transaction that takes {@link MARKET_WRITE_LOCK} first. Once it commits,
 * this process's kept market values go at once (the other processes' when the NOTIFY reaches
 * them; a process without a LISTEN connection, a tool or a test, hears nothing else).
 */
export async function marketWrite<T>(db: Db, write: (tx: Tx) => Promise<T>): Promise<T> {
  const out = await db.transaction(async (tx) => {
    await tx.execute(MARKET_WRITE_LOCK);
    return write(tx);
  });
  marketChanged(db);
  return out;
}

/**
 * Writes one round in a transaction: the coins' prices, the candles, and the tickers of the
 * coins in `scale` multiplied by their ratio. Each statement takes whole columns as array
 * parameters (unnest): a round of 100 coins and 300 candles is three short statements with a
 * dozen parameters, cheap to build on the event loop (built value by value through the query
 * builder, a round took ~25 ms of it).
 */
export async function writeRound(
  db: Db,
  ticks: TickInput[],
  scale: { coinId: string; ratio: number }[],
): Promise<void> {
  const latest = lastPerCoin(ticks);
  const candles = rollUp(ticks);
  const at = new Date(latest[latest.length - 1]!.at).toISOString();
  const change = (t: TickInput) => (t.change24h === null || !Number.isFinite(t.change24h) ? null : dec(t.change24h, 8));
  const p = (values: unknown[]) => sql.param(values);
  await marketWrite(db, async (tx) => {
    if (scale.length) {
      await tx.execute(sql`
        update tickers t set
          price = ${sig10(sql`t.price * v.ratio`)},
          price_quote = ${sig10(sql`t.price_quote * v.ratio`)},
          best_bid = ${sig10(sql`t.best_bid * v.ratio`)},
          best_ask = ${sig10(sql`t.best_ask * v.ratio`)},
          updated_at = ${at}::timestamptz
        from unnest(${p(scale.map((s) => s.coinId))}::text[], ${p(scale.map((s) => s.ratio.toPrecision(15)))}::numeric[]) as v(id, ratio)
        where t.coin_id = v.id`);
    }
    await tx.execute(sql`
      update coins c set
        price = v.price,
        change_24h = coalesce(v.change, c.change_24h),
        market_cap = v.price * c.circulating_supply,
        -- Unknown stays unknown: a live coin's high and low come from a day of history (ingest/figures.ts).
        high_24h = case when c.high_24h is null then null else greatest(c.high_24h, v.price) end,
        low_24h = case when c.low_24h is null then null else least(c.low_24h, v.price) end,
        updated_at = v.at,
        price_at = v.data_at
      from unnest(${p(latest.map((t) => t.coinId))}::text[], ${p(latest.map((t) => dec(t.price)))}::numeric[],
                  ${p(latest.map(change))}::numeric[], ${p(latest.map((t) => new Date(t.at).toISOString()))}::timestamptz[],
                  ${p(latest.map((t) => new Date(t.dataAt ?? t.at).toISOString()))}::timestamptz[]) as v(id, price, change, at, data_at)
      where c.id = v.id`);
    await tx.execute(sql`
      insert into klines (coin_id, interval, open_time, open, high, low, close, volume)
      select * from unnest(${p(candles.map((k) => k.coinId))}::text[], ${p(candles.map((k) => k.interval))}::kline_interval[],
                           ${p(candles.map((k) => new Date(k.openTime).toISOString()))}::timestamptz[],
                           ${p(candles.map((k) => dec(k.open)))}::numeric[], ${p(candles.map((k) => dec(k.high)))}::numeric[],
                           ${p(candles.map((k) => dec(k.low)))}::numeric[], ${p(candles.map((k) => dec(k.close)))}::numeric[],
                           ${p(candles.map((k) => dec(k.volume)))}::numeric[])
      on conflict (coin_id, interval, open_time) do update set
        high = greatest(klines.high, excluded.high),
        low = least(klines.low, excluded.low),
        close = excluded.close,
        volume = klines.volume + excluded.volume`);
  });
}
