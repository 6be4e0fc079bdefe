import { describe, expect, it } from 'vitest';
import { aggregate, type AggregateInput } from './aggregate.ts';
import type { SourceTicker } from './sources/types.ts';

const NOW = 1_760_000_000_000;
const STALE = 300_000;

let seq = 0;
/**
 * A fresh spot ticker; every figure not given is unknown. Each is a pair of its own (an exchange
 * and instrument of its own) unless told otherwise.
 */
function tk(base: string, quote: string, last: number, more: Partial<SourceTicker> = {}): SourceTicker {
  const source = more.source ?? 'binance';
  return {
    source,
    exchange: `${source}-${++seq}`,
    instrument: `${base}${quote}-${seq}`,
    base,
    quote,
    market: 'spot',
    contractType: null,
    expiry: null,
    last,
    open24h: null,
    high24h: null,
    low24h: null,
    change24h: null,
    baseVolume24h: null,
    quoteVolume24h: null,
    bid: null,
    ask: null,
    at: NOW - 1_000,
    ...more,
  };
}

const run = (tickers: SourceTicker[], more: Partial<AggregateInput> = {}) =>
  aggregate({ tickers, now: NOW, staleMs: STALE, ...more });
const resultOf = (r: ReturnType<typeof run>, t: SourceTicker) => r.tickers.find((x) => x.ticker === t)!;

describe('aggregate', () => {
  it('lists a price its source flags but never counts it, nor uses it as a quote reference', () => {
    const a = tk('BTC', 'USD', 100, { quoteVolume24h: 1000, source: 'kraken' });
    const flagged = tk('BTC', 'USD', 130, { quoteVolume24h: 5000, source: 'coingecko', flagged: true });
    const usdt = tk('USDT', 'USD', 0.5, { quoteVolume24h: 1e9, source: 'coingecko', flagged: true });
    const quoted = tk('ETH', 'USDT', 10, { quoteVolume24h: 10, source: 'okx' });
    const r = run([a, flagged, usdt, quoted]);
    expect(resultOf(r, flagged)).toMatchObject({ excluded: 'flagged', priceUsd: 130, volumeUsd: 5000 });
    expect(r.coins.get('BTC')).toMatchObject({
      priceUsd: 100,
      volumeUsd: 1000,
      included: 1,
      excluded: 1,
      sources: ['kraken'],
    });
    // USDT's only USD pair is flagged: it holds its peg, not the flagged 0.5.
    expect(r.quoteUsd.USDT).toBe(1);
    expect(r.coins.get('ETH')!.priceUsd).toBe(10);
    expect(r.coins.has('USDT')).toBe(false);
    // Stale comes first: a flagged pair that is also old reads as stale.
    const old = tk('BTC', 'USD', 100, { flagged: true, at: NOW - STALE - 1 });
    expect(resultOf(run([old]), old).excluded).toBe('stale');
  });

  it('excludes a price far from the median (MAD rule) and averages the rest by volume', () => {
    const a = tk('BTC', 'USD', 100, { quoteVolume24h: 1000, source: 'kraken' });
    const b = tk('BTC', 'USD', 101, { quoteVolume24h: 2000, source: 'okx' });
    const c = tk('BTC', 'USD', 99, { quoteVolume24h: 1000, source: 'bybit' });
    const far = tk('BTC', 'USD', 150, { quoteVolume24h: 9000, source: 'binance' });
    const r = run([a, b, c, far]);
    // median 100.5, MAD 1, limit max(5 × 1.4826 × 1, 1.005) = 7.413: 150 is out.
    expect(resultOf(r, far)).toMatchObject({ excluded: 'outlier', priceUsd: 150, volumeUsd: 9000 });
    expect([a, b, c].map((t) => resultOf(r, t).excluded)).toEqual([null, null, null]);
    const btc = r.coins.get('BTC')!;
    expect(btc.priceUsd).toBeCloseTo(100.25, 10); // (100·1000 + 101·2000 + 99·1000) / 4000
    expect(btc.volumeUsd).toBe(4000);
    expect(btc).toMatchObject({ included: 3, excluded: 1, sources: ['bybit', 'kraken', 'okx'] });
  });

  it('keeps differences within the 1 % floor when the prices are nearly identical', () => {
    const same = [100, 100, 100].map((p) => tk('ETH', 'USD', p));
    const near = tk('ETH', 'USD', 100.9);
    const off = tk('ETH', 'USD', 101.5);
    const r = run([...same, near, off]);
    expect(resultOf(r, near).excluded).toBeNull();
    expect(resultOf(r, off).excluded).toBe('outlier');
    expect(r.coins.get('ETH')).toMatchObject({ included: 4, excluded: 1 });
  });

  it('leaves out tickers older than the stale threshold, keeping one exactly at it', () => {
    const old = tk('SOL', 'USD', 300, { at: NOW - STALE - 1, quoteVolume24h: 5000 });
    const edge = tk('SOL', 'USD', 150, { at: NOW - STALE, quoteVolume24h: 1000 });
    const r = run([old, edge]);
    expect(resultOf(r, old)).toMatchObject({ excluded: 'stale', priceUsd: 300 });
    expect(r.coins.get('SOL')).toMatchObject({ priceUsd: 150, volumeUsd: 1000, included: 1, excluded: 1 });
  });

  it('takes one ticker as it is', () => {
    const only = tk('ADA', 'USD', 0.5, { baseVolume24h: 2_000_000, change24h: -3.25, source: 'kraken' });
    const r = run([only]);
    expect(r.coins.get('ADA')).toEqual({
      symbol: 'ADA',
      priceUsd: 0.5,
      volumeUsd: 1_000_000,
      change24h: -3.25,
      sources: ['kraken'],
      included: 1,
      excluded: 0,
      at: NOW - 1_000,
    });
  });

  it('leaves a coin without an included ticker out, and rejects unusable prices as invalid (not stale)', () => {
    expect(run([]).coins.size).toBe(0);
    const r = run([
      tk('DOGE', 'USD', 0.1, { at: NOW - STALE - 1 }),
      tk('DOGE', 'USD', 0),
      tk('DOGE', 'USD', Number.NaN),
      tk('DOGE', 'USD', -1),
    ]);
    expect(r.coins.has('DOGE')).toBe(false);
    expect(r.tickers.map((t) => [t.ticker.last, t.excluded, t.priceUsd, t.volumeUsd])).toEqual([
      [0.1, 'stale', 0.1, null],
      [0, 'invalid-price', null, null],
      [Number.NaN, 'invalid-price', null, null],
      [-1, 'invalid-price', null, null],
    ]);
    // A zero price references nothing: USDT keeps its peg.
    expect(run([tk('USDT', 'USD', 0, { quoteVolume24h: 1e9 })]).quoteUsd.USDT).toBe(1);
  });

  it('runs no outlier test on two tickers, however far apart', () => {
    const r = run([tk('XRP', 'USD', 100, { quoteVolume24h: 1000 }), tk('XRP', 'USD', 200, { quoteVolume24h: 3000 })]);
    expect(r.coins.get('XRP')).toMatchObject({ priceUsd: 175, volumeUsd: 4000, included: 2, excluded: 0 });
  });

  it('takes the median price and change when no ticker has a volume', () => {
    const r = run([
      tk('DOT', 'USD', 10, { quoteVolume24h: 0, change24h: 1 }),
      tk('DOT', 'USD', 12.5, { change24h: 4 }),
      tk('DOT', 'USD', 11, { baseVolume24h: 0 }),
    ]);
    expect(r.coins.get('DOT')).toMatchObject({ priceUsd: 11, volumeUsd: 0, change24h: 2.5, included: 3 });
  });

  it('weights the 24 h change by volume over the tickers that report one', () => {
    const r = run([
      tk('LTC', 'USD', 80, { quoteVolume24h: 1000, change24h: 2 }),
      tk('LTC', 'USD', 80, { quoteVolume24h: 3000, change24h: 6 }),
      tk('LTC', 'USD', 80, { quoteVolume24h: 9000 }),
    ]);
    expect(r.coins.get('LTC')!.change24h).toBe(5);
    expect(run([tk('LTC', 'USD', 80)]).coins.get('LTC')!.change24h).toBeNull();
  });

  it('prices USDT from its USD pairs, and assumes the peg without them', () => {
    const pair = tk('BTC', 'USDT', 50_000, { quoteVolume24h: 1_000_000 });
    const priced = run([pair, tk('USDT', 'USD', 0.998, { source: 'kraken', quoteVolume24h: 10 })]);
    expect(priced.quoteUsd.USDT).toBe(0.998);
    expect(resultOf(priced, pair)).toMatchObject({ priceUsd: 50_000 * 0.998, volumeUsd: 1_000_000 * 0.998 });
    expect(priced.coins.get('BTC')!.priceUsd).toBeCloseTo(49_900, 8);
    expect(priced.coins.get('USDT')!.priceUsd).toBe(0.998);

    const pegged = run([pair]);
    expect(pegged.quoteUsd.USDT).toBe(1);
    expect(pegged.coins.get('BTC')).toMatchObject({ priceUsd: 50_000, volumeUsd: 1_000_000 });
  });

  it('converts a BTC-quoted pair through the BTC price', () => {
    const ethBtc = tk('ETH', 'BTC', 0.05, { quoteVolume24h: 10 });
    const ethBase = tk('ETH', 'BTC', 0.05, { baseVolume24h: 100, source: 'okx' });
    const r = run([tk('BTC', 'USDT', 60_000, { quoteVolume24h: 1 }), ethBtc, ethBase]);
    expect(r.quoteUsd.BTC).toBe(60_000);
    expect(resultOf(r, ethBtc)).toMatchObject({ priceUsd: 3000, volumeUsd: 600_000, excluded: null });
    expect(resultOf(r, ethBase)).toMatchObject({ priceUsd: 3000, volumeUsd: 300_000 });
    expect(r.coins.get('ETH')).toMatchObject({ priceUsd: 3000, volumeUsd: 900_000, sources: ['binance', 'okx'] });
  });

  it('converts a EUR pair through the fiat rate', () => {
    const eur = tk('BTC', 'EUR', 46_000, { quoteVolume24h: 920 });
    const r = run([eur], { fiatPerUsd: { EUR: 0.92, USDT: 2 } });
    expect(r.quoteUsd.EUR).toBe(1 / 0.92);
    expect(r.quoteUsd.USDT).toBe(1); // a stablecoin is never taken from the fiat table
    expect(resultOf(r, eur).priceUsd).toBeCloseTo(50_000, 8);
    expect(resultOf(r, eur).volumeUsd).toBeCloseTo(1000, 10);
    expect(r.coins.get('BTC')!.priceUsd).toBeCloseTo(50_000, 8);
  });

  it('marks a pair whose quote has no USD reference', () => {
    const orphan = tk('PEPE', 'FOO', 3);
    const staleQuote = tk('ABC', 'XYZ', 2);
    const r = run([orphan, staleQuote, tk('XYZ', 'USD', 5, { at: NOW - STALE - 1 })]);
    expect(resultOf(r, orphan)).toMatchObject({ excluded: 'no-reference', priceUsd: null, volumeUsd: null });
    expect(resultOf(r, staleQuote).excluded).toBe('no-reference');
    expect(r.quoteUsd).not.toHaveProperty('FOO');
    expect(r.quoteUsd).not.toHaveProperty('XYZ');
    expect(r.coins.has('PEPE')).toBe(false);
    expect(r.coins.has('ABC')).toBe(false);
  });

  it('leaves futures out of the price but converts them for the market tab', () => {
    const perp = tk('BTC', 'USDT', 50_050, {
      market: 'futures',
      contractType: 'PERPETUAL',
      source: 'binance-futures',
      quoteVolume24h: 2e9,
    });
    const r = run([tk('BTC', 'USDT', 50_000, { quoteVolume24h: 1e9 }), perp]);
    expect(resultOf(r, perp)).toMatchObject({ excluded: 'futures', priceUsd: 50_050, volumeUsd: 2e9 });
    expect(r.coins.get('BTC')).toEqual({
      symbol: 'BTC',
      priceUsd: 50_000,
      volumeUsd: 1e9,
      change24h: null,
      sources: ['binance'],
      included: 1,
      excluded: 0,
      at: NOW - 1_000,
    });
  });

  it('lists the distinct sources of the included tickers, sorted', () => {
    const r = run([
      tk('BNB', 'USD', 600, { source: 'okx' }),
      tk('BNB', 'USD', 601, { source: 'binance' }),
      tk('BNB', 'USD', 599, { source: 'okx' }),
      tk('BNB', 'USD', 900, { source: 'kraken' }),
      tk('BNB', 'USD', 600, { source: 'bybit', at: NOW - STALE - 1 }),
    ]);
    expect(r.coins.get('BNB')!.sources).toEqual(['binance', 'okx']);
  });

  it('counts a pair reported twice in one answer once, as the market tab lists it once', () => {
    // Bybit's answer listed BTCUSDT twice; OKX reports the same pair under two instruments.
    const once = { source: 'bybit', exchange: 'bybit', instrument: 'BTCUSDT', quoteVolume24h: 1_000 };
    const older = tk('BTC', 'USDT', 100, { ...once, at: NOW - 5_000 });
    const newer = tk('BTC', 'USDT', 102, { ...once, at: NOW - 2_000 });
    const okxQuiet = tk('BTC', 'USD', 90, {
      source: 'okx',
      exchange: 'okx',
      instrument: 'BTC-USD',
      quoteVolume24h: 10,
    });
    const okxBusy = tk('BTC', 'USD', 104, {
      source: 'okx',
      exchange: 'okx',
      instrument: 'BTC-USD-OLD',
      quoteVolume24h: 3_000,
    });
    for (const input of [
      [older, newer, okxQuiet, okxBusy],
      [newer, older, okxBusy, okxQuiet, newer],
    ]) {
      const r = run(input);
      expect(r.tickers.map((t) => t.ticker)).toEqual([newer, okxBusy]);
      expect(r.coins.get('BTC')).toMatchObject({
        priceUsd: (102 * 1_000 + 104 * 3_000) / 4_000,
        volumeUsd: 4_000,
        included: 2,
        excluded: 0,
        at: NOW - 1_000,
      });
    }
    // A valid price wins over an invalid one of the same pair, however busy.
    const zero = tk('BTC', 'USD', 0, { source: 'okx', exchange: 'okx', instrument: 'BTC-USD-Z', quoteVolume24h: 1e9 });
    expect(run([okxQuiet, zero]).tickers.map((t) => t.ticker)).toEqual([okxQuiet]);
  });

  it('gives the same answer whatever the order of the tickers', () => {
    const tickers = [
      tk('BTC', 'USDT', 60_000, { quoteVolume24h: 3e8, change24h: 1.5 }),
      tk('BTC', 'USD', 60_100, { quoteVolume24h: 1e8, source: 'kraken', change24h: 1.2 }),
      tk('BTC', 'EUR', 55_000, { baseVolume24h: 120.5, source: 'kraken' }),
      tk('BTC', 'USDC', 59_990, { quoteVolume24h: 2.5e7, source: 'okx' }),
      tk('USDT', 'USD', 1.0004, { quoteVolume24h: 5e6, source: 'kraken' }),
      tk('ETH', 'BTC', 0.0512, { quoteVolume24h: 900.25, source: 'okx' }),
      tk('ETH', 'USDT', 3070.1, { quoteVolume24h: 2e8, change24h: -0.7 }),
      tk('ETH', 'USDT', 3300, { quoteVolume24h: 1, source: 'bybit' }),
      tk('ETH', 'USDT', 3069.5, { quoteVolume24h: 7.5e7, source: 'okx', change24h: -0.9 }),
      tk('SOL', 'ETH', 0.05, { quoteVolume24h: 12, source: 'okx' }),
      tk('BTC', 'USDT', 60_200, { market: 'futures', contractType: 'QUARTERLY', expiry: NOW + 8.64e7 }),
    ];
    const base = run(tickers, { fiatPerUsd: { EUR: 0.917 } });
    const plain = (r: ReturnType<typeof run>) => ({
      coins: [...r.coins],
      tickers: r.tickers.map((t) => ({ ...t, ticker: t.ticker.instrument })),
      quoteUsd: r.quoteUsd,
    });
    for (let i = 0; i < 5; i++) {
      const shuffled = [...tickers].sort(() => (i % 2 ? 1 : -1) * (Math.random() - 0.3));
      expect(plain(run(shuffled, { fiatPerUsd: { EUR: 0.917 } }))).toEqual(plain(base));
    }
    expect(plain(run([...tickers].reverse(), { fiatPerUsd: { EUR: 0.917 } }))).toEqual(plain(base));
  });
});
