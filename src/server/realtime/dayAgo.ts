/**
 * The price of coins 24 hours ago, from the stored history: the open of the hourly candle then.
 * Live sources (simulated or real) report the 24-hour change against it, so the change on
 * screen agrees with the chart. Cached for the hour; 0 when the history has no such candle.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/index.ts';
import { klines } from '../db/schema/index.ts';
import { num } from '../db/numbers.ts';
import { openTimeOf } from './candles.ts';
import { DAY_MS } from './walk.ts';

export class DayAgoPrices {
  private hour = Number.NaN;
  private prices = new Map<string, number>();

  constructor(private readonly db: Db) {}

  async get(ids: string[], at: number): Promise<Map<string, number>> {
    const hour = openTimeOf(at - DAY_MS, '1h');
    if (hour !== this.hour) {
      this.hour = hour;
      this.prices = new Map();
    }
    const want = ids.filter((id) => !this.prices.has(id));
    if (want.length) {
      const found = await this.db
        .select({ id: klines.coinId, open: klines.open })
        .from(klines)
        .where(and(eq(klines.interval, '1h'), eq(klines.openTime, new Date(hour)), inArray(klines.coinId, want)));
      for (const id of want) this.prices.set(id, 0);
      for (const k of found) this.prices.set(k.id, num(k.open) ?? 0);
    }
    return this.prices;
  }
}
