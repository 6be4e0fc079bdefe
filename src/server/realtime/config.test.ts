import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '../config.ts';

describe('live-price settings', () => {
  it('default to trying the market sources that need no key, with the demo market every 3 s as the fallback', () => {
    const c = parseConfig({});
    expect(c.LIVE).toBe('auto');
    expect(c.SOURCES).toEqual(['binance', 'binance-futures', 'okx', 'bybit', 'kraken']);
    expect(c.LIVE_INTERVAL_MS).toBe(3000);
    expect(c.INGEST_INTERVAL_MS).toBe(30_000);
    expect(c.STALE_MS).toBe(300_000);
  });

  it('read SOURCES as a list and the base URLs of the sources', () => {
    const c = parseConfig({ LIVE: 'sources', SOURCES: ' OKX, kraken,okx ', OKX_URL: 'http://127.0.0.1:9/' });
    expect(c.LIVE).toBe('sources');
    expect(c.SOURCES).toEqual(['okx', 'kraken']);
    expect(c.OKX_URL).toBe('http://127.0.0.1:9/');
    expect(c.BINANCE_URL).toBe('https://data-api.binance.vision');
  });

  it('default to Binance streams every 2 s, every coin’s history backfilled and no CoinGecko; 0 turns streams and backfill off', () => {
    const c = parseConfig({});
    expect([c.STREAM_INTERVAL_MS, c.BACKFILL_COINS, c.COINGECKO_API_KEY, c.COINGECKO_INTERVAL_MS]).toEqual([
      2000,
      undefined,
      '',
      3_600_000,
    ]);
    expect(c.BINANCE_STREAM_URL).toBe('wss://stream.binance.com:9443/ws/!miniTicker@arr');
    const off = parseConfig({
      STREAM_INTERVAL_MS: '0',
      BACKFILL_COINS: '0',
      BINANCE_STREAM_URL: 'ws://127.0.0.1:9/ws',
    });
    expect([off.STREAM_INTERVAL_MS, off.BACKFILL_COINS, off.BINANCE_STREAM_URL]).toEqual([0, 0, 'ws://127.0.0.1:9/ws']);
    // The backfill's requests a minute, per source, over its defaults.
    expect(parseConfig({ BACKFILL_COINS: '500', BACKFILL_PER_MINUTE: ' okx=30, kraken = 6' })).toMatchObject({
      BACKFILL_COINS: 500,
      BACKFILL_PER_MINUTE: { okx: 30, kraken: 6 },
    });
    expect(c.BACKFILL_PER_MINUTE).toEqual({});
  });

  it('accept off and an interval in milliseconds', () => {
    const c = parseConfig({ LIVE: 'off', LIVE_INTERVAL_MS: '1000' });
    expect(c.LIVE).toBe('off');
    expect(c.LIVE_INTERVAL_MS).toBe(1000);
  });

  it.each([
    [{ LIVE: 'yes' }, /LIVE/],
    [{ SOURCES: 'binance,coinmarketcap' }, /SOURCES/],
    [{ KRAKEN_URL: 'ftp://kraken' }, /KRAKEN_URL/],
    [{ STALE_MS: '10' }, /STALE_MS/],
    [{ LIVE_INTERVAL_MS: '10' }, /LIVE_INTERVAL_MS/],
    [{ LIVE_INTERVAL_MS: 'soon' }, /LIVE_INTERVAL_MS/],
    [{ STREAM_INTERVAL_MS: '100' }, /STREAM_INTERVAL_MS/],
    [{ BINANCE_STREAM_URL: 'https://stream.binance.com' }, /BINANCE_STREAM_URL/],
    [{ BACKFILL_COINS: '-1' }, /BACKFILL_COINS/],
    [{ BACKFILL_PER_MINUTE: 'okx' }, /BACKFILL_PER_MINUTE/],
    [{ BACKFILL_PER_MINUTE: 'coinbase=10' }, /BACKFILL_PER_MINUTE/],
    [{ BACKFILL_PER_MINUTE: 'okx=0' }, /BACKFILL_PER_MINUTE/],
    [{ COINGECKO_INTERVAL_MS: '1000' }, /COINGECKO_INTERVAL_MS/],
  ])('reject %o naming the variable', (env, name) => {
    expect(() => parseConfig(env)).toThrow(ConfigError);
    expect(() => parseConfig(env)).toThrow(name);
  });
});
