/**
 * The offline "simulated market" source: every interval it moves the prices of the top coins
 * (by rank) with a random walk scaled by each coin's daily `volatility`, and reports the 24-hour
 * change against the hourly candle of 24 hours ago. Lets live features be seen and tested
 * without a network.
 */
import { and, asc, eq, gt, inArray, isNotNull } from 'drizzle-orm';
import type { Db } from '../db/index.ts';
import { coins, klines } from '../db/schema/index.ts';
import { num } from '../domain/numbers.ts';
import { r10 } from '../seed/decimal.ts';
import { openTimeOf } from './candles.ts';
import type { PriceSource, TickInput } from './types.ts';
import { carryChange, changePercent, DAY_MS, nextPrice, normal } from './walk.ts';

export interface SimulatorOptions {
  db: Db;
  /** Milliseconds between rounds. */
  intervalMs: number;
  /** How many coins move, from rank 1. */
  coins?: number;
  random?: () => number;
  now?: () => number;
  onError?: (e: unknown) => void;
}

export class SimulatedMarket implements PriceSource {
  readonly name = 'sim';
  private timer: ReturnType<typeof setTimeout> | undefined;
  private running = false;
  private current: Promise<void> = Promise.resolve();
  private references = { hour: Number.NaN, prices: new Map<string, number>() };

  constructor(private readonly options: SimulatorOptions) {}

  start(publish: (ticks: TickInput[]) => Promise<void>): void {
    if (this.running) return;
    this.running = true;
    const loop = () => {
      if (!this.running) return;
      this.current = this.nextRound()
        .then((ticks) => publish(ticks))
        .catch((e) => (this.options.onError ?? ((err) => console.error('[realtime] simulated market:', err)))(e))
        .finally(() => {
          if (this.running) this.schedule(loop);
        });
    };
    this.schedule(loop);
  }

  /** The next round; the timer alone never keeps the process alive. */
  private schedule(loop: () => void): void {
    this.timer = setTimeout(loop, this.options.intervalMs);
    this.timer.unref?.();
  }

  async stop(): Promise<void> {
    this.running = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await this.current;
  }

  /** One round: the moved prices of the top coins (nothing is written or published). */
  async nextRound(): Promise<TickInput[]> {
    const { db, intervalMs } = this.options;
    const random = this.options.random ?? Math.random;
    const at = (this.options.now ?? Date.now)();
    const rows = await db
      .select({ id: coins.id, price: coins.price, change24h: coins.change24h, volatility: coins.volatility, volume24h: coins.volume24h })
      .from(coins)
      .where(and(isNotNull(coins.rank), gt(coins.price, '0')))
      .orderBy(asc(coins.rank))
      .limit(this.options.coins ?? 100);
    const references = await this.referencePrices(
      rows.map((r) => r.id),
      at,
    );
    return rows.map((r) => {
      const previous = num(r.price) as number;
      // Rounded as stored, so the streamed price is the one pages render.
      const price = r10(nextPrice(previous, num(r.volatility) ?? 0.03, intervalMs, normal(random)));
      const reference = references.get(r.id);
      const change24h = reference ? changePercent(price, reference) : carryChange(num(r.change24h), previous, price);
      const volume = ((num(r.volume24h) ?? 0) * intervalMs) / DAY_MS * Math.exp(0.3 * normal(random));
      return { coinId: r.id, price, previous, change24h: change24h === null ? null : r10(change24h, 8), at, volume };
    });
  }

  /** The price 24 hours ago: the open of the hourly candle then, cached for the hour. */
  private async referencePrices(ids: string[], at: number): Promise<Map<string, number>> {
    const hour = openTimeOf(at - DAY_MS, '1h');
    if (hour !== this.references.hour) this.references = { hour, prices: new Map() };
    const want = ids.filter((id) => !this.references.prices.has(id));
    if (want.length) {
      const found = await this.options.db
        .select({ id: klines.coinId, open: klines.open })
        .from(klines)
        .where(and(eq(klines.interval, '1h'), eq(klines.openTime, new Date(hour)), inArray(klines.coinId, want)));
      for (const id of want) this.references.prices.set(id, 0);
      for (const k of found) this.references.prices.set(k.id, num(k.open) ?? 0);
    }
    return this.references.prices;
  }
}

