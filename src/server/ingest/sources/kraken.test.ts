import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fixture, startFakeUpstream, type FakeUpstream } from '../../../../tests/setup/fakeUpstream.ts';
import { SourceError } from './http.ts';
import { Kraken, krakenAsset, type KrakenOptions } from './kraken.ts';

const PAIRS = '/0/public/AssetPairs';
const TICKER = '/0/public/Ticker';
const OHLC = '/0/public/OHLC';
const NOW = 1736467512000;

let up: FakeUpstream;
let clock: number;
const options = (): KrakenOptions => ({ baseUrl: up.url, now: () => clock, sleep: async () => {}, timeoutMs: 2000 });
const hits = (path: string) => up.requests.filter((r) => r.path === path).length;

beforeEach(async () => {
  clock = NOW;
  up = await startFakeUpstream({
    [PAIRS]: { body: fixture('kraken', 'AssetPairs') },
    [TICKER]: { body: fixture('kraken', 'Ticker') },
    [OHLC]: { body: fixture('kraken', 'OHLC') },
  });
});
afterEach(() => up.close());

describe('krakenAsset', () => {
  it('drops the class prefix of legacy codes only and renames XBT and XDG', () => {
    const codes = ['XXBT', 'XBT', 'XETH', 'ZUSD', 'ZEUR', 'XXDG', 'XDG', 'XXRP', 'XTZ', 'ZEUS', 'USDT', 'sol'];
    expect(codes.map(krakenAsset)).toEqual([
      'BTC',
      'BTC',
      'ETH',
      'USD',
      'EUR',
      'DOGE',
      'DOGE',
      'XRP',
      'XTZ',
      'ZEUS',
      'USDT',
      'SOL',
    ]);
  });
});

describe('Kraken tickers', () => {
  it('maps a ticker exactly; no 24 h open or change, because Kraken only has the UTC day open', async () => {
    const tickers = await new Kraken(options()).tickers();
    expect(tickers.find((t) => t.instrument === 'XXBTZUSD')).toEqual({
      source: 'kraken',
      exchange: 'kraken',
      instrument: 'XXBTZUSD',
      base: 'BTC',
      quote: 'USD',
      market: 'spot',
      contractType: null,
      expiry: null,
      last: 96512.4,
      open24h: null,
      high24h: 97120.5,
      low24h: 94850.1,
      change24h: null,
      baseVolume24h: 3456.78901234,
      quoteVolume24h: 3456.78901234 * 95876.54321,
      bid: 96512.3,
      ask: 96512.4,
      at: NOW,
    });
  });

  it('normalises base and quote from wsname, drops untradeable and unknown pairs, and passes a zero price on', async () => {
    const tickers = await new Kraken(options()).tickers();
    const pairs = Object.fromEntries(tickers.map((t) => [t.instrument, `${t.base}/${t.quote}`]));
    // LUNAUSD is cancel_only, ADAUSD is not in AssetPairs. PENGUUSD has never traded: its last
    // price 0 is passed on, for the aggregation to reject as invalid.
    expect(pairs).toEqual({
      XETHXXBT: 'ETH/BTC',
      XETHZUSD: 'ETH/USD',
      XXBTZEUR: 'BTC/EUR',
      XXBTZUSD: 'BTC/USD',
      XDGUSD: 'DOGE/USD',
      SOLUSD: 'SOL/USD',
      XTZUSD: 'XTZ/USD',
      USDTZUSD: 'USDT/USD',
      PENGUUSD: 'PENGU/USD',
    });
    expect(tickers.find((t) => t.instrument === 'PENGUUSD')!.last).toBe(0);
    const doge = tickers.find((t) => t.instrument === 'XDGUSD')!;
    expect([doge.last, doge.baseVolume24h, doge.quoteVolume24h]).toEqual([
      0.33214,
      98441212.10230012,
      98441212.10230012 * 0.3270455,
    ]);
  });

  it('falls back to the legacy base and quote codes when a pair has no wsname', async () => {
    const body = fixture<{ result: Record<string, Record<string, unknown>> }>('kraken', 'AssetPairs');
    delete body.result.XXBTZEUR!.wsname;
    up.route(PAIRS, { body });
    const btc = (await new Kraken(options()).tickers()).find((t) => t.instrument === 'XXBTZEUR')!;
    expect([btc.base, btc.quote]).toEqual(['BTC', 'EUR']);
  });

  it('reads AssetPairs once an hour and keeps the last good list when a refresh fails', async () => {
    const kraken = new Kraken(options());
    await kraken.tickers();
    await kraken.tickers();
    expect([hits(PAIRS), hits(TICKER)]).toEqual([1, 2]);
    clock += 3_600_001;
    up.route(PAIRS, { status: 503 });
    expect(await kraken.tickers()).toHaveLength(9);
    expect(hits(PAIRS)).toBe(4);
  });
});

describe('Kraken errors', () => {
  it('retries "EGeneral:Too many requests" sent with HTTP 200', async () => {
    up.route(TICKER, [{ body: { error: ['EGeneral:Too many requests'] } }, { body: fixture('kraken', 'Ticker') }]);
    expect(await new Kraken(options()).tickers()).toHaveLength(9);
    expect(hits(TICKER)).toBe(2);
  });

  it('fails at once on "EQuery:Unknown asset pair" and reports it in the state', async () => {
    up.route(OHLC, { body: { error: ['EQuery:Unknown asset pair'] } });
    const kraken = new Kraken(options());
    const error = await kraken.candles('NOPEUSD', '1h', 10).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SourceError);
    expect((error as SourceError).message).toBe('kraken: EQuery:Unknown asset pair');
    expect(hits(OHLC)).toBe(1);
    expect(kraken.state()).toMatchObject({
      name: 'kraken',
      status: 'failing',
      lastError: { message: 'kraken: EQuery:Unknown asset pair' },
    });
  });

  it('accepts warnings beside a result', async () => {
    up.route(TICKER, { body: { ...fixture<object>('kraken', 'Ticker'), error: ['WGeneral:Deprecated field'] } });
    expect(await new Kraken(options()).tickers()).toHaveLength(9);
  });

  it('reads the fields it uses and accepts the rest: a pair without its last trade is left out, numbers are read', async () => {
    const body = fixture<{ result: Record<string, Record<string, unknown>> }>('kraken', 'Ticker');
    delete body.result.XXBTZUSD!.c;
    body.result.SOLUSD!.v = [88120.4, 201334.9];
    delete body.result.XETHZUSD!.b;
    delete body.result.XETHZUSD!.a;
    up.route(TICKER, { body });
    const tickers = await new Kraken(options()).tickers();
    expect(tickers.map((t) => t.instrument)).not.toContain('XXBTZUSD');
    expect(tickers.find((t) => t.instrument === 'SOLUSD')!.baseVolume24h).toBe(201334.9);
    expect(tickers.find((t) => t.instrument === 'XETHZUSD')).toMatchObject({ bid: null, ask: null });
    expect(tickers).toHaveLength(8);
  });

  it('turns a changed payload (no pair readable) into a SourceError', async () => {
    const body = fixture<{ result: Record<string, Record<string, unknown>> }>('kraken', 'Ticker');
    for (const t of Object.values(body.result)) delete t.c;
    up.route(TICKER, { body });
    await expect(new Kraken(options()).tickers()).rejects.toThrow(
      /kraken: unexpected payload: none of 11 rows readable/,
    );
  });

  it('treats an answer with neither errors nor a result as an error', async () => {
    up.route(TICKER, { body: { error: [] } });
    await expect(new Kraken(options()).tickers()).rejects.toThrow('kraken: answer without a result');
  });
});

describe('Kraken candles', () => {
  it('asks for the interval in minutes and maps the last rows, oldest first', async () => {
    const candles = await new Kraken(options()).candles('XXBTZUSD', '1h', 2);
    const asked = up.requests.find((r) => r.path === OHLC)!.query;
    expect([asked.get('pair'), asked.get('interval')]).toEqual(['XXBTZUSD', '60']);
    expect(candles).toEqual([
      { openTime: 1736463600000, open: 94512.3, high: 94700, low: 94400.1, close: 94650.2, volume: 12.3456789 },
      { openTime: 1736467200000, open: 94650.2, high: 94710, low: 94601, close: 94688.8, volume: 3.100221 },
    ]);
  });

  it('reads the rows under whatever key Kraken files the pair', async () => {
    const candles = await new Kraken(options()).candles('XBTUSD', '1d', 720);
    expect(up.requests.at(-1)!.query.get('interval')).toBe('1440');
    expect(candles.map((c) => c.openTime / 1000)).toEqual([1736452800, 1736456400, 1736460000, 1736463600, 1736467200]);
  });
});

it('keeps to half of Kraken’s one request a second', () => {
  expect(new Kraken({ baseUrl: 'http://127.0.0.1:9' }).state()).toEqual({
    name: 'kraken',
    status: 'idle',
    lastSuccessAt: null,
    lastError: null,
    budget: { used: 0, limit: 30, windowMs: 60_000 },
  });
});

describe('Kraken stream (WebSocket v2 ticker channel)', () => {
  const push = (symbol: string, last: number, type = 'update') => ({
    channel: 'ticker',
    type,
    data: [
      {
        symbol,
        bid: last - 0.1,
        bid_qty: 0.5,
        ask: last,
        ask_qty: 1.2,
        last,
        volume: 120.5,
        vwap: 96000,
        low: 94000,
        high: 99000,
        change: 1200,
        change_pct: 1.25,
      },
    ],
  });

  it('subscribes to the busiest pairs of the last answer by their v2 symbols, fifty to a request', async () => {
    const kraken = new Kraken({ ...options(), streamInstruments: 2 });
    expect(kraken.stream.subscribe()).toEqual([]);
    const tickers = await kraken.tickers();
    const busiest = [...tickers]
      .sort((a, b) => b.quoteVolume24h! - a.quoteVolume24h!)
      .map((t) => `${t.base}/${t.quote}`);
    expect(kraken.stream.subscribe()).toEqual([
      { method: 'subscribe', params: { channel: 'ticker', symbol: busiest.slice(0, 2) } },
    ]);
    // XBT and XDG are BTC and DOGE in v2.
    expect(busiest).toContain('BTC/USD');
    expect(busiest.some((s) => s.includes('XBT') || s.includes('XDG'))).toBe(false);
    const batches = new Kraken({ ...options(), streamInstruments: 1000 });
    await batches.tickers();
    const sent = batches.stream.subscribe() as { params: { symbol: string[] } }[];
    expect(sent.flatMap((b) => b.params.symbol).sort()).toEqual([...busiest].sort());
    expect(sent.every((b) => b.params.symbol.length <= 50)).toBe(true);
    expect(kraken.stream.url).toBe('wss://ws.kraken.com/v2');
  });

  it('reads a push under the REST pair key, as of its arrival; heartbeats and answers are empty, refusals throw', async () => {
    const kraken = new Kraken(options());
    const rest = (await kraken.tickers()).find((t) => t.instrument === 'XXBTZUSD')!;
    clock = NOW + 5000;
    // The same pair as the REST answer's (its key, BTC/USD), every figure from the push.
    expect(rest).toMatchObject({ base: 'BTC', quote: 'USD' });
    expect(kraken.fromStream(push('BTC/USD', 97000.5))).toEqual([
      {
        ...rest,
        last: 97000.5,
        open24h: null,
        high24h: 99000,
        low24h: 94000,
        change24h: null,
        baseVolume24h: 120.5,
        quoteVolume24h: 120.5 * 96000,
        bid: 97000.5 - 0.1,
        ask: 97000.5,
        at: NOW + 5000,
      },
    ]);
    expect(kraken.fromStream(push('NOT/LISTED', 1))).toEqual([]);
    expect(kraken.fromStream({ channel: 'heartbeat' })).toEqual([]);
    expect(
      kraken.fromStream({
        channel: 'status',
        type: 'update',
        data: [{ system: 'online', api_version: 'v2', connection_id: 1, version: '2.0.9' }],
      }),
    ).toEqual([]);
    expect(
      kraken.fromStream({
        method: 'subscribe',
        result: { channel: 'ticker', snapshot: true, symbol: 'BTC/USD' },
        success: true,
        time_in: 'a',
        time_out: 'b',
      }),
    ).toEqual([]);
    expect(() =>
      kraken.fromStream({
        method: 'subscribe',
        success: false,
        error: 'Currency pair not supported NOPE/USD',
        symbol: 'NOPE/USD',
      }),
    ).toThrow('kraken: stream subscribe refused: Currency pair not supported NOPE/USD');
    expect(() =>
      kraken.fromStream({ channel: 'ticker', type: 'update', data: [{ symbol: 'BTC/USD', last: '97000.5' }] }),
    ).toThrow(SourceError);
    expect(() => kraken.fromStream([1, { c: ['1'] }, 'ticker', 'XBT/USD'])).toThrow(SourceError);
  });
});
