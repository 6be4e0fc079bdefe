import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fixture, startFakeUpstream, type FakeUpstream } from '../../../../tests/setup/fakeUpstream.ts';
import { BinanceFutures, BinanceSpot, binanceContract, type BinanceOptions } from './binance.ts';
import { SourceError } from './http.ts';

const SPOT = { info: '/api/v3/exchangeInfo', tickers: '/api/v3/ticker/24hr', klines: '/api/v3/klines' };
const FUT = { info: '/fapi/v1/exchangeInfo', tickers: '/fapi/v1/ticker/24hr', klines: '/fapi/v1/klines' };
const NOW = 1795521600000;

let up: FakeUpstream;
let clock: number;
const options = (): BinanceOptions => ({ baseUrl: up.url, now: () => clock, sleep: async () => {}, timeoutMs: 2000 });
const hits = (path: string) => up.requests.filter((r) => r.path === path).length;

beforeEach(async () => {
  clock = NOW;
  up = await startFakeUpstream({
    [SPOT.info]: { body: fixture('binance', 'exchangeInfo') },
    [SPOT.tickers]: { body: fixture('binance', 'ticker-24hr'), headers: { 'x-mbx-used-weight-1m': '120' } },
    [SPOT.klines]: { body: fixture('binance', 'klines') },
    [FUT.info]: { body: fixture('binance', 'futures-exchangeInfo') },
    [FUT.tickers]: { body: fixture('binance', 'futures-ticker-24hr') },
    [FUT.klines]: { body: fixture('binance', 'klines') },
  });
});
afterEach(() => up.close());

describe('BinanceSpot', () => {
  it('maps the 24-hour tickers with base and quote from exchangeInfo', async () => {
    const tickers = await new BinanceSpot(options()).tickers();
    expect(tickers.find((t) => t.instrument === 'BTCUSDT')).toEqual({
      source: 'binance',
      exchange: 'binance',
      instrument: 'BTCUSDT',
      base: 'BTC',
      quote: 'USDT',
      market: 'spot',
      contractType: null,
      expiry: null,
      last: 96512.34,
      open24h: 94210,
      high24h: 97100,
      low24h: 93850.01,
      change24h: 2.444,
      baseVolume24h: 18734.5219,
      quoteVolume24h: 1786912345.6789124, // the nearest double to the answer's "1786912345.6789123"
      bid: 96512.33,
      ask: 96512.34,
      at: NOW - 412,
    });
    const pairs = Object.fromEntries(tickers.map((t) => [t.instrument, `${t.base}/${t.quote}`]));
    expect(pairs).toEqual({
      ETHBTC: 'ETH/BTC',
      BTCUSDT: 'BTC/USDT',
      ETHUSDT: 'ETH/USDT',
      SOLUSDT: 'SOL/USDT',
      USDCUSDT: 'USDC/USDT',
      BTCFDUSD: 'BTC/FDUSD',
      // Never traded: its zero price is passed on, for the aggregation to reject as invalid.
      MITOUSDT: 'MITO/USDT',
    });
    const eth = tickers.find((t) => t.instrument === 'ETHBTC')!;
    expect([eth.last, eth.change24h, eth.baseVolume24h, eth.quoteVolume24h]).toEqual([
      0.03545, -4.576, 52341.8765, 1883.45678901,
    ]);
    expect(up.requests.find((r) => r.path === SPOT.tickers)!.query.toString()).toBe('');
  });

  it('skips symbols that do not trade (BREAK) or are not in exchangeInfo, and passes a zero price on as reported', async () => {
    const raw = fixture<Record<string, unknown>[]>('binance', 'ticker-24hr');
    up.route(SPOT.tickers, { body: [...raw, { ...raw[1], symbol: 'NEWCOINUSDT' }] });
    const tickers = await new BinanceSpot(options()).tickers();
    const instruments = tickers.map((t) => t.instrument);
    expect(instruments).not.toContain('WAVESUSDT');
    expect(instruments).not.toContain('NEWCOINUSDT');
    expect(instruments).toHaveLength(7);
    expect(tickers.find((t) => t.instrument === 'MITOUSDT')!.last).toBe(0);
  });

  it('reads exchangeInfo once an hour, and keeps the last list when a refresh fails', async () => {
    const spot = new BinanceSpot(options());
    await spot.tickers();
    await spot.tickers();
    expect([hits(SPOT.info), hits(SPOT.tickers)]).toEqual([1, 2]);
    clock += 3_600_001;
    up.route(SPOT.info, { status: 503 });
    expect(await spot.tickers()).toHaveLength(7);
    expect(hits(SPOT.info)).toBe(4);
    up.route(SPOT.info, { body: fixture('binance', 'exchangeInfo') });
    await spot.tickers();
    expect(hits(SPOT.info)).toBe(5);
  });

  it('returns klines oldest first as numbers', async () => {
    const rows = fixture<unknown[]>('binance', 'klines');
    up.route(SPOT.klines, { body: [...rows].reverse() });
    const candles = await new BinanceSpot(options()).candles('BTCUSDT', '1h', 4);
    expect(candles.map((c) => c.openTime)).toEqual([1795507200000, 1795510800000, 1795514400000, 1795518000000]);
    expect(candles[0]).toEqual({
      openTime: 1795507200000,
      open: 95980,
      high: 96210.55,
      low: 95874.12,
      close: 96104.2,
      volume: 512.33019,
    });
    expect(Object.fromEntries(up.requests.at(-1)!.query)).toEqual({ symbol: 'BTCUSDT', interval: '1h', limit: '4' });
  });

  it('caps klines at 1000 rows a request', async () => {
    await new BinanceSpot(options()).candles('ETHUSDT', '1d', 5000);
    expect(up.requests.at(-1)!.query.get('limit')).toBe('1000');
  });

  it('fails on a kline that is not a number', async () => {
    const rows = fixture<unknown[][]>('binance', 'klines');
    up.route(SPOT.klines, { body: [rows[0], [rows[1]![0], 'NaN', ...rows[1]!.slice(2)]] });
    await expect(new BinanceSpot(options()).candles('BTCUSDT', '1h', 2)).rejects.toThrow(
      /unexpected payload: 1\.1: not a decimal/,
    );
  });

  it('never retries a 418 and rests until its Retry-After', async () => {
    up.route(SPOT.tickers, {
      status: 418,
      headers: { 'retry-after': '300' },
      body: { code: -1003, msg: 'Way too many requests; IP banned.' },
    });
    const spot = new BinanceSpot(options());
    const error = await spot.tickers().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SourceError);
    expect((error as SourceError).status).toBe(418);
    expect(hits(SPOT.tickers)).toBe(1);
    clock += 299_000;
    await expect(spot.tickers()).rejects.toThrow(/resting/);
    expect(hits(SPOT.tickers)).toBe(1);
    expect(spot.state().status).toBe('failing');
  });

  it('reads the fields it uses and accepts the rest: a missing book, a time as a string, an odd row left out', async () => {
    const raw = fixture<Record<string, unknown>[]>('binance', 'ticker-24hr');
    const row = (symbol: string) => raw.find((t) => t.symbol === symbol)!;
    const { bidPrice: _bid, askPrice: _ask, ...noBook } = row('BTCUSDT');
    const { lastPrice: _last, ...noPrice } = row('SOLUSDT');
    up.route(SPOT.tickers, {
      body: [
        { ...noBook, closeTime: String(row('BTCUSDT').closeTime), quoteVolume: null, count: 'many' },
        { ...row('ETHUSDT'), lastPrice: 3421.57, extra: { nested: true } },
        noPrice,
      ],
    });
    const tickers = await new BinanceSpot(options()).tickers();
    expect(tickers.map((t) => t.instrument)).toEqual(['BTCUSDT', 'ETHUSDT']);
    expect(tickers[0]).toMatchObject({
      last: 96512.34,
      bid: null,
      ask: null,
      quoteVolume24h: null,
      baseVolume24h: 18734.5219,
      at: NOW - 412,
    });
    expect(tickers[1]!.last).toBe(3421.57);
  });

  it('turns a changed ticker payload into a SourceError: no row readable, or no list', async () => {
    const raw = fixture<Record<string, unknown>[]>('binance', 'ticker-24hr');
    const { lastPrice: _dropped, ...noPrice } = raw[1]!;
    for (const body of [
      [noPrice],
      [{ ...raw[1], closeTime: 'soon' }],
      { code: 0, msg: 'This endpoint is deprecated.' },
    ]) {
      up.route(SPOT.tickers, { body });
      await expect(new BinanceSpot(options()).tickers()).rejects.toThrow(/binance: unexpected payload/);
    }
  });

  it('reports its budget and the weight Binance counts', async () => {
    const spot = new BinanceSpot(options());
    expect(spot.state()).toMatchObject({
      name: 'binance',
      status: 'idle',
      budget: { used: 0, limit: 3000, windowMs: 60_000 },
    });
    await spot.tickers();
    expect(spot.state()).toMatchObject({ status: 'ok', lastSuccessAt: NOW, budget: { used: 120 } });
  });
});

describe('Binance mini-ticker stream', () => {
  it('maps a message for the instruments the last tickers() listed', async () => {
    const spot = new BinanceSpot(options());
    expect(spot.fromMiniTickers(fixture('binance', 'miniTicker-arr'))).toEqual([]);
    await spot.tickers();
    const ticks = spot.fromMiniTickers(fixture('binance', 'miniTicker-arr'));
    expect(ticks.map((t) => t.instrument)).toEqual(['BTCUSDT', 'ETHBTC']);
    expect(ticks[0]).toEqual({
      source: 'binance',
      exchange: 'binance',
      instrument: 'BTCUSDT',
      base: 'BTC',
      quote: 'USDT',
      market: 'spot',
      contractType: null,
      expiry: null,
      last: 96530.01,
      open24h: 94210,
      high24h: 97100,
      low24h: 93850.01,
      change24h: expect.closeTo(2.46259, 5),
      baseVolume24h: 18735.1023,
      quoteVolume24h: 1786968512.440123,
      bid: null,
      ask: null,
      at: 1795521601000,
    });
    expect(spot.streamUrl).toBe('wss://stream.binance.com:9443/ws/!miniTicker@arr');
  });

  it('rejects a changed message', () => {
    const spot = new BinanceSpot(options());
    expect(() => spot.fromMiniTickers({ result: null, id: 1 })).toThrow(SourceError);
    expect(() => spot.fromMiniTickers([{ e: '24hrTicker', E: 1, s: 'BTCUSDT' }])).toThrow(
      /binance: unexpected stream message/,
    );
  });
});

describe('BinanceFutures', () => {
  it('maps perpetuals and quarterlies with contract types and expiries', async () => {
    const tickers = await new BinanceFutures(options()).tickers();
    expect(tickers.find((t) => t.instrument === 'BTCUSDT_261225')).toEqual({
      source: 'binance-futures',
      exchange: 'binance',
      instrument: 'BTCUSDT_261225',
      base: 'BTC',
      quote: 'USDT',
      market: 'futures',
      contractType: 'QUARTERLY',
      expiry: 1798185600000,
      namedByExchange: true,
      last: 97612.5,
      open24h: 95301.2,
      high24h: 98190,
      low24h: 94880.1,
      change24h: 2.425,
      baseVolume24h: 1834.512,
      quoteVolume24h: 177234567.89,
      bid: null,
      ask: null,
      at: NOW - 1874,
    });
    const contracts = Object.fromEntries(
      tickers.map((t) => [t.instrument, [t.base, t.quote, t.contractType, t.expiry, t.last]]),
    );
    expect(contracts).toEqual({
      BTCUSDT: ['BTC', 'USDT', 'PERPETUAL', null, 96480.1],
      ETHUSDT: ['ETH', 'USDT', 'PERPETUAL', null, 3420.11],
      BTCUSDT_261225: ['BTC', 'USDT', 'QUARTERLY', 1798185600000, 97612.5],
      BTCUSDT_270326: ['BTC', 'USDT', 'BIQUARTERLY', 1806048000000, 99105],
      XAUUSDT: ['XAU', 'USDT', 'PERPETUAL', null, 2712.45],
    });
  });

  it('keeps a contract without a SPEC slot, with its delivery date', async () => {
    const info = fixture<{ symbols: Record<string, unknown>[] }>('binance', 'futures-exchangeInfo');
    info.symbols[3] = { ...info.symbols[3], contractType: 'NEXT_MONTH' };
    up.route(FUT.info, { body: info });
    const t = (await new BinanceFutures(options()).tickers()).find((x) => x.instrument === 'BTCUSDT_270326');
    expect([t?.contractType, t?.expiry]).toEqual([null, 1806048000000]);
  });

  it('reloads the contract list right after a delivery, so types roll over', async () => {
    const delivery = 1798185600000;
    clock = delivery - 600_000;
    const futures = new BinanceFutures(options());
    await futures.tickers();
    clock = delivery + 30_000;
    await futures.tickers();
    expect(hits(FUT.info)).toBe(1);
    clock = delivery + 61_000;
    await futures.tickers();
    expect(hits(FUT.info)).toBe(2);
  });

  it('charges futures klines by size', async () => {
    const futures = new BinanceFutures(options());
    await futures.candles('BTCUSDT', '1h', 99);
    expect(futures.state().budget.used).toBe(1);
    await futures.candles('BTCUSDT', '1h', 1500);
    expect(futures.state().budget).toEqual({ used: 11, limit: 1200, windowMs: 60_000 });
    expect(up.requests.map((r) => r.path)).toEqual([FUT.klines, FUT.klines]);
  });

  it('never retries a 418', async () => {
    up.route(FUT.tickers, { status: 418, headers: { 'retry-after': '120' } });
    await expect(new BinanceFutures(options()).tickers()).rejects.toThrow(/binance-futures: banned \(HTTP 418\)/);
    expect(hits(FUT.tickers)).toBe(1);
  });
});

describe('binanceContract', () => {
  const DEC = 1798185600000;
  it.each([
    ['PERPETUAL', 4133404800000, 'PERPETUAL', null],
    ['TRADIFI_PERPETUAL', 4133404800000, 'PERPETUAL', null],
    ['PERPETUAL DELIVERING', DEC, 'PERPETUAL', null],
    ['CURRENT_MONTH', DEC, 'MONTHLY', DEC],
    ['CURRENT_QUARTER', DEC, 'QUARTERLY', DEC],
    ['CURRENT_QUARTER DELIVERING', DEC, 'QUARTERLY', DEC],
    ['NEXT_QUARTER', DEC, 'BIQUARTERLY', DEC],
    ['NEXT_MONTH', DEC, null, DEC],
    ['', DEC, null, DEC],
    ['SOMETHING_NEW', 4133404800000, null, null],
  ])('%s → %s', (raw, delivery, contractType, expiry) => {
    expect(binanceContract(raw, delivery)).toEqual({ contractType, expiry });
  });
});
