import { beforeAll, describe, expect, it } from 'vitest';
import { generateDemoData, type DemoData } from './generate.ts';
import { extraCoinCount, extraExchangeCount, MAX_SEED_COINS } from './scale.ts';

const NOW = new Date('2026-11-20T12:34:56Z');
const COINS = 1500;

describe('SEED_COINS scale option', () => {
  let base: DemoData;
  let scaled: DemoData;
  let real: number;

  beforeAll(() => {
    base = generateDemoData(NOW);
    scaled = generateDemoData(NOW, { coins: COINS });
    real = base.coins.length;
  }, 120_000);

  it('counts the coins and exchanges to add', () => {
    expect(extraCoinCount(572, undefined)).toBe(0);
    expect(extraCoinCount(572, 572)).toBe(0);
    expect(extraCoinCount(572, 20_000)).toBe(19_428);
    expect(() => extraCoinCount(572, 100)).toThrow(/SEED_COINS must be a whole number from 572/);
    expect(() => extraCoinCount(572, 1000.5)).toThrow(/SEED_COINS/);
    expect(() => extraCoinCount(572, MAX_SEED_COINS + 1)).toThrow(/SEED_COINS/);
    expect(extraExchangeCount(572, 120, 0)).toBe(0);
    expect(extraExchangeCount(572, 120, 1)).toBe(1);
    expect(extraExchangeCount(572, 120, 20_000 - 572)).toBe(Math.round((120 * 20_000) / 572) - 120);
  });

  it('leaves the default data set as it is', () => {
    expect(generateDemoData(NOW, { coins: undefined }).coins).toEqual(base.coins);
    expect(generateDemoData(NOW, { coins: real }).tickers).toEqual(base.tickers);
  }, 60_000);

  it('writes that many coins, the real ones first and unchanged', () => {
    expect(scaled.coins).toHaveLength(COINS);
    expect(scaled.coins.slice(0, real)).toEqual(base.coins);
    const generated = scaled.coins.slice(real);
    expect(
      generated.every(
        (c) =>
          /^gen-coin-\d+$/.test(c.id) && c.name === `Gen Coin ${c.id.slice(9)}` && c.symbol === `GEN${c.id.slice(9)}`,
      ),
    ).toBe(true);
    expect(new Set(scaled.coins.map((c) => c.id)).size).toBe(COINS);
    expect(scaled.coins.map((c) => c.rank)).toEqual(scaled.coins.map((_, i) => i + 1));
    // Every coin has candles; depth and reviews stay with the real top coins.
    expect(scaled.history.count).toBe((base.history.count / real) * COINS);
    expect(scaled.coinHolders.length).toBe(base.coinHolders.length);
    expect(scaled.coinFlows.length).toBe(4 * COINS);
  });

  it('gives generated coins consistent figures and a week of sparkline', () => {
    for (const c of scaled.coins.slice(real)) {
      const price = Number(c.price);
      expect(c.sparkline7d).toHaveLength(168);
      expect(c.sparkline7d?.[167]).toBe(price);
      expect(Number(c.high24h)).toBeGreaterThanOrEqual(price);
      expect(Number(c.low24h)).toBeLessThanOrEqual(price);
      expect(Number(c.ath)).toBeGreaterThanOrEqual(price);
      expect(Number(c.atl)).toBeLessThanOrEqual(price);
      expect(Number(c.volume24h)).toBeGreaterThan(0);
      expect(Number(c.totalSupply)).toBeGreaterThanOrEqual(Number(c.circulatingSupply));
      expect((c.athAt as Date).getTime()).toBeLessThanOrEqual(NOW.getTime());
    }
  });

  it("walks a generated coin's candles on demand, the same each time, ending at its price", () => {
    const coin = scaled.coins[COINS - 1];
    if (!coin) throw new Error('no coin');
    const rows = scaled.history.rowsOf(coin.id);
    expect(rows).toEqual(scaled.history.rowsOf(coin.id));
    expect(rows).toHaveLength(scaled.history.count / COINS);
    const hourly = rows.filter((r) => r.interval === '1h');
    expect(hourly.at(-1)?.close).toBe(coin.price);
    expect(hourly.slice(-168).map((r) => Number(r.close))).toEqual(coin.sparkline7d);
  });

  it('adds exchanges and tickers in proportion, generated coins on generated venues only', () => {
    expect(scaled.exchanges).toHaveLength(Math.round((120 * COINS) / real));
    const byRank = [...scaled.exchanges].sort((a, b) => (a.rank ?? 0) - (b.rank ?? 0));
    expect(byRank.slice(0, 120).every((e) => !e.name.startsWith('gen-exchange-'))).toBe(true);
    const perCoin = scaled.tickers.length / COINS;
    expect(perCoin).toBeGreaterThan(15);
    expect(perCoin).toBeLessThan(40);
    const volume = new Map<string, number>();
    for (const t of scaled.tickers) {
      if (t.coinId.startsWith('gen-')) expect(t.exchange.startsWith('gen-exchange-')).toBe(true);
      volume.set(t.coinId, (volume.get(t.coinId) ?? 0) + Number(t.volume24h));
    }
    for (const c of scaled.coins)
      expect(Math.abs((volume.get(c.id) ?? 0) / Number(c.volume24h) - 1)).toBeLessThan(0.001);
    const pairs = new Set(scaled.tickers.map((t) => `${t.exchange} ${t.pair}`));
    expect(pairs.size).toBe(scaled.tickers.length);
    for (const e of scaled.exchanges)
      expect(e.pairCount).toBe(scaled.tickers.filter((t) => t.exchange === e.name).length);
  });

  it('is deterministic', () => {
    const again = generateDemoData(NOW, { coins: COINS });
    expect(again.coins).toEqual(scaled.coins);
    expect(again.tickers).toEqual(scaled.tickers);
    expect(again.exchanges).toEqual(scaled.exchanges);
  }, 60_000);
});
