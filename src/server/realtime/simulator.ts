/**
 * The offline "simulated market" source: every interval it moves the prices of the top coins
 * (by rank) with a random walk scaled by each coin's daily `volatility`, and reports the 24-hour
 * change against the hourly candle of 24 hours ago. Lets live features be seen and tested
 * without a network.
 */
import { and, asc, gt, isNotNull } from 'drizzle-orm';
import type { Db } from '../db/index.ts';
import { coins } from '../db/schema/index.ts';
import { num } from '../db/numbers.ts';
import { r10 } from '../seed/decimal.ts';
import { DayAgoPrices } from './dayAgo.ts';
import { Repeat } from './repeat.ts';
import type { PriceSource, TickInput } from './types.ts';
import { carryChange, changePercent, DAY_MS, nextPrice, normal } from './walk.ts';

interface SimulatorOptions {
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
  readonly demo = true;
  private readonly dayAgo: DayAgoPrices;
  private rounds: Repeat | null = null;

  constructor(private readonly options: SimulatorOptions) {
    this.dayAgo = new DayAgoPrices(options.db);
  }

  /** The first round comes after one interval; then one interval after each round ends. */
  start(publish: (ticks: TickInput[]) => Promise<void>): void {
    if (this.rounds?.running) return;
    this.rounds = new Repeat(
      this.options.intervalMs,
      async () => publish(await this.nextRound()),
      this.options.onError ?? ((err) => console.error('[realtime] simulated market:', err)),
      { startNow: false },
    );
    this.rounds.start();
  }

  async stop(): Promise<void> {
    await this.rounds?.stop();
  }

  /** One round: the moved prices of the top coins (nothing is written or published). */
  async nextRound(): Promise<TickInput[]> {
    const { db, intervalMs } = this.options;
    const random = this.options.random ?? Math.random;
    const at = (this.options.now ?? Date.now)();
    const rows = await db
      .select({
        id: coins.id,
        price: coins.price,
        change24h: coins.change24h,
        volatility: coins.volatility,
        volume24h: coins.volume24h,
      })
      .from(coins)
      .where(and(isNotNull(coins.rank), gt(coins.price, '0')))
      .orderBy(asc(coins.rank))
      .limit(this.options.coins ?? 100);
    const references = await this.dayAgo.get(
      rows.map((r) => r.id),
      at,
    );
    return rows.map((r) => {
      const previous = num(r.price) as number;
      // Rounded as stored, so the streamed price is the one pages render.
      const price = r10(nextPrice(previous, num(r.volatility) ?? 0.03, intervalMs, normal(random)));
      const reference = references.get(r.id);
      const change24h = reference ? changePercent(price, reference) : carryChange(num(r.change24h), previous, price);
      const volume = (((num(r.volume24h) ?? 0) * intervalMs) / DAY_MS) * Math.exp(0.3 * normal(random));
      return { coinId: r.id, price, previous, change24h: change24h === null ? null : r10(change24h, 8), at, volume };
    });
  }
}
