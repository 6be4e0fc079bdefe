import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb } from '../../../tests/setup/db.ts';
import type { DbHandle } from '../db/client.ts';
import { coins, klines, tickers } from '../db/schema/index.ts';
import { TickWriter } from './persist.ts';
import { SimulatedMarket } from './simulator.ts';

let handle: DbHandle;
beforeAll(async () => {
  handle = await openTestDb();
});
afterAll(async () => {
  await handle?.close();
});

const coin = async (id: string) => (await handle.db.select().from(coins).where(eq(coins.id, id)))[0]!;
const candle = async (id: string, interval: '1m' | '1h' | '1d', at: number) =>
  (
    await handle.db
      .select()
      .from(klines)
      .where(and(eq(klines.coinId, id), eq(klines.interval, interval), eq(klines.openTime, new Date(at))))
  )[0];

describe('TickWriter', () => {
  it('updates the coin, scales its tickers and upserts 1m/1h/1d candles', async () => {
    const db = handle.db;
    const before = await coin('ethereum');
    const oldPrice = Number(before.price);
    const pairsBefore = await db.select().from(tickers).where(eq(tickers.coinId, 'ethereum'));
    expect(pairsBefore.length).toBeGreaterThan(0);
    const at = Date.UTC(2031, 0, 2, 3, 4, 5); // a minute no seeded candle has
    const price = Math.round(oldPrice * 1.02 * 100) / 100;
    const writer = new TickWriter(db, { tickerSlices: 1 });
    await writer.write([{ coinId: 'ethereum', price, previous: oldPrice, change24h: 4.5, at, volume: 1000 }]);

    const after = await coin('ethereum');
    expect(Number(after.price)).toBe(price);
    expect(Number(after.change24h)).toBe(4.5);
    expect(Number(after.marketCap)).toBeCloseTo(price * Number(after.circulatingSupply), 0);
    expect(after.updatedAt.getTime()).toBe(at);
    const pairsAfter = await db.select().from(tickers).where(eq(tickers.coinId, 'ethereum'));
    for (const p of pairsAfter) {
      const old = pairsBefore.find((x) => x.id === p.id)!;
      if (old.price === null) continue;
      expect(Number(p.price) / Number(old.price)).toBeCloseTo(price / oldPrice, 8);
      expect(p.price!.replace(/^0\.0*|\./g, '').length).toBeLessThanOrEqual(10);
    }

    const minute = Date.UTC(2031, 0, 2, 3, 4);
    expect(await candle('ethereum', '1m', minute)).toMatchObject({
      open: String(oldPrice),
      close: String(price),
      volume: '1000',
    });
    // A second and third tick in the same minute: open stays, high/low extend, close = last, volume adds.
    await writer.write([
      { coinId: 'ethereum', price: price * 1.01, change24h: 5, at: at + 10_000, volume: 200 },
      { coinId: 'bitcoin', price: 50_000, change24h: null, at: at + 10_000, volume: 1 },
    ]);
    await writer.write([{ coinId: 'ethereum', price: price * 0.97, change24h: 1, at: at + 20_000, volume: 300 }]);
    for (const [interval, openTime] of [
      ['1m', minute],
      ['1h', Date.UTC(2031, 0, 2, 3)],
      ['1d', Date.UTC(2031, 0, 2)],
    ] as const) {
      const k = (await candle('ethereum', interval, openTime))!;
      expect(Number(k.open)).toBe(oldPrice);
      expect(Number(k.high)).toBeCloseTo(price * 1.01, 6);
      expect(Number(k.low)).toBeCloseTo(Math.min(oldPrice, price * 0.97), 6);
      expect(Number(k.close)).toBeCloseTo(price * 0.97, 6);
      expect(Number(k.volume)).toBe(1500);
    }
    // A tick without a change keeps the stored one.
    const btc = await coin('bitcoin');
    expect(Number(btc.price)).toBe(50_000);
    expect(btc.change24h).not.toBeNull();
  });

  it("rescales one slice of the coins' tickers per round, by the move since their last scaling", async () => {
    const db = handle.db;
    const ids = ['cardano', 'dogecoin']; // sorted: cardano is slice 0, dogecoin slice 1
    const prices = async () =>
      new Map(
        (
          await db.select({ id: tickers.id, price: tickers.price }).from(tickers).where(inArray(tickers.coinId, ids))
        ).map((r) => [r.id, Number(r.price)]),
      );
    const owner = new Map(
      (
        await db.select({ id: tickers.id, coinId: tickers.coinId }).from(tickers).where(inArray(tickers.coinId, ids))
      ).map((r) => [r.id, r.coinId]),
    );
    const base = Object.fromEntries(
      await Promise.all(ids.map(async (id) => [id, Number((await coin(id)).price)] as const)),
    );
    const start = await prices();
    const writer = new TickWriter(db, { tickerSlices: 2 });
    const at = Date.UTC(2031, 1, 1);
    const tick = (id: string, f: number, n: number) => ({
      coinId: id,
      price: base[id]! * f,
      previous: base[id]!,
      change24h: null,
      at: at + n * 1000,
    });
    const ratio = (now: Map<number, number>, id: string) => {
      const rs = [...now].filter(([t]) => owner.get(t) === id && start.get(t)! > 0).map(([t, p]) => p / start.get(t)!);
      expect(rs.length).toBeGreaterThan(0);
      return rs;
    };
    await writer.write([tick('cardano', 1.1, 0), tick('dogecoin', 1.2, 0)]);
    let now = await prices();
    for (const r of ratio(now, 'cardano')) expect(r).toBeCloseTo(1.1, 8);
    for (const r of ratio(now, 'dogecoin')) expect(r).toBe(1);
    await writer.write([tick('cardano', 1.3, 1), tick('dogecoin', 1.4, 1)]);
    now = await prices();
    for (const r of ratio(now, 'cardano')) expect(r).toBeCloseTo(1.1, 8);
    for (const r of ratio(now, 'dogecoin')) expect(r).toBeCloseTo(1.4, 8);
    await writer.write([tick('cardano', 1.3, 2), tick('dogecoin', 1.4, 2)]);
    now = await prices();
    for (const r of ratio(now, 'cardano')) expect(r).toBeCloseTo(1.3, 8);
  });
});

describe('SimulatedMarket', () => {
  it('moves the top coins by rank within a few sigma and reports the 24-hour change', async () => {
    const top = await handle.db.select({ id: coins.id, rank: coins.rank }).from(coins).orderBy(coins.rank).limit(5);
    const sim = new SimulatedMarket({ db: handle.db, intervalMs: 3000, coins: 5, random: Math.random });
    const ticks = await sim.nextRound();
    expect(ticks.map((t) => t.coinId)).toEqual(top.map((t) => t.id));
    const rows = await handle.db
      .select()
      .from(coins)
      .where(
        inArray(
          coins.id,
          top.map((t) => t.id),
        ),
      );
    for (const t of ticks) {
      const row = rows.find((r) => r.id === t.coinId)!;
      expect(t.previous).toBe(Number(row.price));
      const sigma = Number(row.volatility) * Math.sqrt(3000 / 86_400_000);
      expect(Math.abs(Math.log(t.price / t.previous!))).toBeLessThanOrEqual(4 * sigma + 1e-12);
      expect(t.change24h === null || Number.isFinite(t.change24h)).toBe(true);
      expect(t.volume).toBeGreaterThan(0);
    }
  });

  it('publishes rounds on its interval until stopped', async () => {
    const sim = new SimulatedMarket({ db: handle.db, intervalMs: 200, coins: 3 });
    const rounds: number[] = [];
    sim.start(async (ticks) => {
      rounds.push(ticks.length);
    });
    await expect.poll(() => rounds.length, { timeout: 5000 }).toBeGreaterThanOrEqual(2);
    await sim.stop();
    const n = rounds.length;
    await new Promise((r) => setTimeout(r, 500));
    expect(rounds.length).toBe(n);
    expect(rounds.every((x) => x === 3)).toBe(true);
  });
});
