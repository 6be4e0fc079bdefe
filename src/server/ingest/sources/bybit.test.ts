import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  fixture,
  startFakeUpstream,
  type FakeAnswer,
  type FakeUpstream,
} from '../../../../tests/setup/fakeUpstream.ts';
import { Bybit, type BybitOptions } from './bybit.ts';
import { SourceError } from './http.ts';

const TICKERS = '/v5/market/tickers';
const INSTRUMENTS = '/v5/market/instruments-info';
const KLINE = '/v5/market/kline';
/** Wednesday 8 April 2026, 12:00 UTC. */
const NOW = Date.UTC(2026, 3, 8, 12);
const CURSOR = 'first%3D1000PEPEUSDT%26last%3DBTCUSDT-17APR26';

let up: FakeUpstream;
/** Linear (USDT/USDC-margined) or inverse, as Bybit's instrument names tell them apart. */
const bybitCategory = (t: { quote: string }) => (t.quote === 'USD' ? 'inverse' : 'linear');
let clock: number;
const options = (): BybitOptions => ({
  baseUrl: up.url,
  now: () => clock,
  sleep: async (ms) => void (clock += ms),
  timeoutMs: 2000,
});
const requests = (path: string, category?: string) =>
  up.requests.filter((r) => r.path === path && (!category || r.query.get('category') === category));
const tickers = (q: URLSearchParams): FakeAnswer => ({ body: fixture('bybit', `tickers-${q.get('category')}`) });
const instruments = (q: URLSearchParams): FakeAnswer => {
  const category = q.get('category');
  if (category !== 'linear') return { body: fixture('bybit', `instruments-${category}`) };
  return { body: fixture('bybit', q.get('cursor') === CURSOR ? 'instruments-linear-2' : 'instruments-linear-1') };
};
const error = (retCode: number, retMsg: string) => ({
  body: { retCode, retMsg, result: {}, retExtInfo: {}, time: NOW },
});

beforeEach(async () => {
  clock = NOW;
  up = await startFakeUpstream({
    [TICKERS]: tickers,
    [INSTRUMENTS]: instruments,
    [KLINE]: { body: fixture('bybit', 'kline') },
  });
});
afterEach(() => up.close());

describe('Bybit tickers', () => {
  it('maps a spot ticker exactly: price24hPcnt is a fraction, volume24h base, turnover24h quote', async () => {
    const all = await new Bybit(options()).tickers();
    const btc = all.find((t) => t.market === 'spot' && t.instrument === 'BTCUSDT');
    expect(btc).toEqual({
      source: 'bybit',
      exchange: 'bybit',
      instrument: 'BTCUSDT',
      base: 'BTC',
      quote: 'USDT',
      market: 'spot',
      contractType: null,
      expiry: null,
      last: 97244.6,
      open24h: 95982.1,
      high24h: 97470.9,
      low24h: 95601.2,
      change24h: 0.0132 * 100,
      baseVolume24h: 12877.442911,
      quoteVolume24h: 1241876543.221045, // the nearest double to the answer's "1241876543.2210451"
      bid: 97244.5,
      ask: 97244.6,
      at: NOW,
    });
    expect(btc!.change24h).toBeCloseTo(1.32, 10);
    const spot = all.filter((t) => t.market === 'spot');
    // NEWUSDT: pre-launch, no price.
    expect(spot.map((t) => `${t.instrument} ${t.base}/${t.quote} ${t.change24h?.toFixed(2)}`)).toEqual([
      'BTCUSDT BTC/USDT 1.32',
      'ETHUSDT ETH/USDT -1.95',
      'ETHBTC ETH/BTC -3.15',
      'SOLUSDC SOL/USDC 3.97',
      'MNTUSDT MNT/USDT 0.00',
    ]);
  });

  it('maps perpetuals; inverse volumes are the other way round (volume24h in USD, turnover24h in the coin)', async () => {
    const perps = (await new Bybit(options()).tickers()).filter((t) => t.contractType === 'PERPETUAL');
    expect(perps.find((t) => t.instrument === 'BTCUSD')).toEqual({
      source: 'bybit',
      exchange: 'bybit',
      instrument: 'BTCUSD',
      base: 'BTC',
      quote: 'USD',
      market: 'futures',
      contractType: 'PERPETUAL',
      expiry: null,
      last: 97219.5,
      open24h: 95971,
      high24h: 97452.5,
      low24h: 95581,
      change24h: 0.013009 * 100,
      baseVolume24h: 6341.88210332,
      quoteVolume24h: 612345678,
      bid: 97219,
      ask: 97219.5,
      at: NOW + 7,
    });
    const rows = Object.fromEntries(
      perps.map((t) => [t.instrument, `${t.base}/${t.quote} ${t.baseVolume24h} ${t.quoteVolume24h}`]),
    );
    expect(rows).toEqual({
      BTCUSDT: 'BTC/USDT 98211.337 9501234987.4412',
      ETHUSDT: 'ETH/USDT 2011876.44 7081234556.2201',
      '1000PEPEUSDT': '1000PEPE/USDT 91234567800 1068812345.61',
      BTCPERP: 'BTC/USDC 1201.877 116712345.09',
      BTCUSD: 'BTC/USD 6341.88210332 612345678',
      ETHUSD: 'ETH/USD 27981.5521 98123456',
    });
  });

  it('derives dated futures types from delivery times among the same base, linear and inverse together', async () => {
    const dated = (await new Bybit(options()).tickers()).filter((t) => t.expiry !== null);
    const labels = Object.fromEntries(
      dated.map((t) => [
        t.instrument,
        [t.base, t.quote, t.contractType, new Date(t.expiry!).toISOString().slice(0, 16)],
      ]),
    );
    expect(labels).toEqual({
      'BTCUSDT-10APR26': ['BTC', 'USDT', 'WEEKLY', '2026-04-10T08:00'],
      'BTCUSDT-17APR26': ['BTC', 'USDT', 'BIWEEKLY', '2026-04-17T08:00'],
      'BTCUSDT-24APR26': ['BTC', 'USDT', 'MONTHLY', '2026-04-24T08:00'],
      'BTCUSDT-26JUN26': ['BTC', 'USDT', 'QUARTERLY', '2026-06-26T08:00'],
      'BTCUSDT-25SEP26': ['BTC', 'USDT', 'BIQUARTERLY', '2026-09-25T08:00'],
      'BTC-10APR26': ['BTC', 'USDC', 'WEEKLY', '2026-04-10T08:00'],
      'ETHUSDT-26JUN26': ['ETH', 'USDT', 'QUARTERLY', '2026-06-26T08:00'],
      BTCUSDM26: ['BTC', 'USD', 'QUARTERLY', '2026-06-26T08:00'],
      BTCUSDU26: ['BTC', 'USD', 'BIQUARTERLY', '2026-09-25T08:00'],
    });
  });

  it('relabels on every call as expiries pass, without reloading instruments', async () => {
    clock = Date.UTC(2026, 3, 10, 7, 50);
    const bybit = new Bybit(options());
    await bybit.tickers();
    clock = Date.UTC(2026, 3, 10, 8, 30); // the 10 April weeklies have delivered, within the instruments' hour
    const dated = (await bybit.tickers()).filter((t) => t.expiry !== null && t.base === 'BTC' && t.quote === 'USDT');
    expect(Object.fromEntries(dated.map((t) => [t.instrument, t.contractType]))).toEqual({
      'BTCUSDT-17APR26': 'WEEKLY',
      'BTCUSDT-24APR26': 'MONTHLY',
      'BTCUSDT-26JUN26': 'QUARTERLY',
      'BTCUSDT-25SEP26': 'BIQUARTERLY',
    });
    expect(requests(INSTRUMENTS, 'spot')).toHaveLength(1);
  });

  it('follows nextPageCursor for instruments, 1000 a page, and reads them once an hour', async () => {
    const bybit = new Bybit(options());
    const first = (await bybit.tickers()).length;
    await bybit.tickers();
    const linear = requests(INSTRUMENTS, 'linear');
    expect(linear.map((r) => Object.fromEntries(r.query))).toEqual([
      { category: 'linear', limit: '1000' },
      { category: 'linear', limit: '1000', cursor: CURSOR },
    ]);
    expect([requests(INSTRUMENTS).length, requests(TICKERS).length]).toEqual([4, 6]);
    clock += 3_600_001;
    up.route(INSTRUMENTS, { status: 500 });
    expect((await bybit.tickers()).length).toBe(first); // the last good instruments outlive a failed reload
    up.route(INSTRUMENTS, instruments);
    await bybit.tickers();
    expect(requests(INSTRUMENTS, 'linear').length).toBe(2 + 3 + 2);
  });

  it('returns [] for empty lists', async () => {
    const empty = (q: URLSearchParams): FakeAnswer => ({
      body: {
        retCode: 0,
        retMsg: 'OK',
        result: { category: q.get('category'), list: [], nextPageCursor: '' },
        retExtInfo: {},
        time: NOW,
      },
    });
    up.route(TICKERS, empty);
    up.route(INSTRUMENTS, empty);
    expect(await new Bybit(options()).tickers()).toEqual([]);
  });

  it('fails on retCode 10001 without retrying', async () => {
    up.route(TICKERS, error(10001, 'params error: category is invalid'));
    const bybit = new Bybit(options());
    const e = await bybit.tickers().catch((x: unknown) => x);
    expect(e).toBeInstanceOf(SourceError);
    expect((e as SourceError).message).toBe('bybit: retCode 10001: params error: category is invalid');
    expect(
      requests(TICKERS)
        .map((r) => r.query.get('category'))
        .sort(),
    ).toEqual(['inverse', 'linear', 'spot']);
    expect(bybit.state().status).toBe('failing');
  });

  it('retries "Too many visits!" (retCode 10006) inside HTTP 200', async () => {
    up.route(KLINE, [
      error(10006, 'Too many visits!'),
      error(10006, 'Too many visits!'),
      { body: fixture('bybit', 'kline') },
    ]);
    expect(await new Bybit(options()).candles('BTCUSDT', '1h', 4)).toHaveLength(4);
    expect(requests(KLINE)).toHaveLength(3);
  });

  it('never retries a 403 and rests until its Retry-After', async () => {
    up.route(TICKERS, { status: 403, headers: { 'retry-after': '1800' }, body: 'Forbidden' });
    const bybit = new Bybit(options());
    const e = await bybit.tickers().catch((x: unknown) => x);
    expect((e as SourceError).status).toBe(403);
    const hits = requests(TICKERS).length;
    expect(hits).toBeLessThanOrEqual(3); // one per category at most, none retried
    clock += 1_700_000;
    await expect(bybit.tickers()).rejects.toThrow(/resting/);
    expect(requests(TICKERS)).toHaveLength(hits);
  });

  it('reads the fields it uses and accepts the rest: a null cursor, no book, numbers, an odd row left out', async () => {
    // The last page's cursor as null (Bybit sends "" or leaves it out too).
    up.route(INSTRUMENTS, (q) => {
      const answer = instruments(q);
      const body = answer.body as { result: { nextPageCursor?: unknown } };
      return q.get('category') === 'linear' && q.get('cursor') !== CURSOR
        ? answer
        : { body: { ...body, result: { ...body.result, nextPageCursor: null } } };
    });
    const spot = fixture<{ result: { list: Record<string, unknown>[] } }>('bybit', 'tickers-spot');
    const [btc, eth, ...rest] = spot.result.list;
    const { bid1Price: _b, ask1Price: _a, ...noBook } = btc!;
    const { lastPrice: _l, ...noPrice } = eth!;
    up.route(TICKERS, (q) =>
      q.get('category') === 'spot'
        ? {
            body: {
              ...spot,
              result: {
                ...spot.result,
                list: [{ ...noBook, lastPrice: 97244.6, turnover24h: null }, noPrice, ...rest],
              },
            },
          }
        : tickers(q),
    );
    const all = await new Bybit(options()).tickers();
    expect(all.find((t) => t.market === 'spot' && t.instrument === 'BTCUSDT')).toMatchObject({
      last: 97244.6,
      bid: null,
      ask: null,
      quoteVolume24h: null,
    });
    expect(all.some((t) => t.market === 'spot' && t.instrument === 'ETHUSDT')).toBe(false);
    expect(all.some((t) => t.contractType === 'PERPETUAL')).toBe(true);
  });

  it('keeps spot and inverse when linear fails, and linear’s last good answer', async () => {
    const bybit = new Bybit(options());
    const before = await bybit.tickers();
    const linear = before.filter((t) => t.market === 'futures' && t.quote !== 'USD');
    expect(linear.length).toBeGreaterThan(0);
    up.route(TICKERS, (q) => (q.get('category') === 'linear' ? { status: 502 } : tickers(q)));
    clock += 30_000;
    const after = await bybit.tickers();
    expect(after.filter((t) => t.market === 'spot')).toEqual(before.filter((t) => t.market === 'spot'));
    // Kept as answered, with their time: they go stale in the aggregation, and are not dropped as delisted.
    expect(after.filter((t) => t.market === 'futures' && t.quote !== 'USD')).toEqual(linear);
    expect(bybit.state()).toMatchObject({ status: 'failing', lastError: { message: 'bybit: linear: HTTP 502' } });
    // Linear's instruments failing on a first start: spot and inverse all the same.
    up.route(INSTRUMENTS, (q) => (q.get('category') === 'linear' ? { status: 503 } : instruments(q)));
    const first = await new Bybit(options()).tickers();
    expect(first.some((t) => t.market === 'spot')).toBe(true);
    expect(first.some((t) => t.market === 'futures' && t.quote === 'USD')).toBe(true);
    expect(first.some((t) => t.market === 'futures' && t.quote !== 'USD')).toBe(false);
  });

  it('turns a changed payload into a SourceError', async () => {
    const spot = fixture<{ result: { list: Record<string, unknown>[] } }>('bybit', 'tickers-spot');
    const { lastPrice: _dropped, ...noPrice } = spot.result.list[0]!;
    const bodies = [
      { ...spot, result: { category: 'spot', list: [noPrice] } },
      { ...spot, result: { category: 'spot' } },
      { ...spot, retCode: '0' },
      '{"retCode":0,"retMsg":"OK","result":{"list":[',
    ];
    for (const body of bodies) {
      up.route(TICKERS, { body });
      await expect(new Bybit(options()).tickers()).rejects.toThrow(/^bybit: (unexpected payload|malformed JSON)/);
    }
  });
});

describe('Bybit candles', () => {
  it('returns klines oldest first; BTCUSDT (spot and linear) is read as spot', async () => {
    const candles = await new Bybit(options()).candles('BTCUSDT', '1h', 4);
    expect(candles.map((c) => c.openTime)).toEqual([NOW - 3 * 3_600_000, NOW - 2 * 3_600_000, NOW - 3_600_000, NOW]);
    expect(candles[0]).toEqual({
      openTime: NOW - 3 * 3_600_000,
      open: 96799.9,
      high: 96851.2,
      low: 96588,
      close: 96705,
      volume: 198.5533,
    });
    expect(Object.fromEntries(requests(KLINE)[0]!.query)).toEqual({
      category: 'spot',
      symbol: 'BTCUSDT',
      interval: '60',
      limit: '4',
    });
  });

  it('asks the category the symbol trades in, takes inverse volume from turnover, caps the limit at 1000', async () => {
    const bybit = new Bybit(options());
    await bybit.candles('BTCUSDT-26JUN26', '1d', 5000);
    const inverse = await bybit.candles('BTCUSD', '1w', 2);
    expect(inverse.at(-1)!.volume).toBe(9548812.33);
    expect(requests(KLINE).map((r) => Object.fromEntries(r.query))).toEqual([
      { category: 'linear', symbol: 'BTCUSDT-26JUN26', interval: 'D', limit: '1000' },
      { category: 'inverse', symbol: 'BTCUSD', interval: 'W', limit: '2' },
    ]);
  });
});

describe('Bybit state', () => {
  it('reports a budget of half of 600 requests per 5 s', async () => {
    const bybit = new Bybit(options());
    expect(bybit.state()).toMatchObject({
      name: 'bybit',
      status: 'idle',
      budget: { used: 0, limit: 300, windowMs: 5000 },
    });
    await bybit.tickers();
    expect(bybit.state()).toMatchObject({ status: 'ok', lastSuccessAt: NOW, budget: { used: 7 } });
  });
});

describe('Bybit stream (spot tickers topics)', () => {
  const push = (symbol: string, lastPrice: string, ts = NOW + 1000) => ({
    topic: `tickers.${symbol}`,
    ts,
    type: 'snapshot',
    cs: 2588407389,
    data: {
      symbol,
      lastPrice,
      highPrice24h: '98000',
      lowPrice24h: '95000',
      prevPrice24h: '96000',
      volume24h: '10.5',
      turnover24h: '1000000',
      price24hPcnt: '0.0125',
      usdIndexPrice: lastPrice,
    },
  });

  it('subscribes to the busiest spot pairs of the last answer, ten topics to a request, and pings in JSON', async () => {
    const bybit = new Bybit({ ...options(), streamInstruments: 2 });
    expect(bybit.stream.subscribe()).toEqual([]);
    const all = await bybit.tickers();
    const spot = all.filter((t) => t.market === 'spot').sort((a, b) => b.quoteVolume24h! - a.quoteVolume24h!);
    expect(bybit.stream.subscribe()).toEqual([
      { op: 'subscribe', args: spot.slice(0, 2).map((t) => `tickers.${t.instrument}`) },
    ]);
    const every = new Bybit({ ...options(), streamInstruments: 1000 });
    await every.tickers();
    const batches = every.stream.subscribe() as { args: string[] }[];
    expect(batches.flatMap((b) => b.args).sort()).toEqual(spot.map((t) => `tickers.${t.instrument}`).sort());
    expect(batches.every((b) => b.args.length <= 10)).toBe(true);
    expect(bybit.stream.keepAlive).toEqual({ message: '{"op":"ping"}', everyMs: 20_000 });
    expect(bybit.stream.url).toBe('wss://stream.bybit.com/v5/public/spot');
    // The linear stream follows the busiest USDT/USDC contracts; inverse ones only move at the rounds.
    const linear = all
      .filter((t) => t.market === 'futures' && bybitCategory(t) === 'linear')
      .sort((a, b) => b.quoteVolume24h! - a.quoteVolume24h!);
    expect(linear.length).toBeGreaterThan(0);
    expect(bybit.futuresStream.subscribe()).toEqual([
      { op: 'subscribe', args: linear.slice(0, 2).map((t) => `tickers.${t.instrument}`) },
    ]);
    expect(bybit.futuresStream.url).toBe('wss://stream.bybit.com/v5/public/linear');
    expect(bybit.streams).toEqual([bybit.stream, bybit.futuresStream]);
  });

  it('reads the linear stream: a snapshot, then deltas, of which those without a last price change nothing', async () => {
    const bybit = new Bybit(options());
    const all = await bybit.tickers();
    const perp = all.find((t) => t.contractType === 'PERPETUAL' && t.instrument === 'BTCUSDT')!;
    const delta = (data: Record<string, string>) => ({
      topic: 'tickers.BTCUSDT',
      type: 'delta',
      cs: 1,
      ts: NOW + 2000,
      data: { symbol: 'BTCUSDT', ...data },
    });
    expect(
      bybit.fromStream(
        delta({ lastPrice: '98100.5', bid1Price: '98100', ask1Price: '98100.5', fundingRate: '0.0001' }),
        'linear',
      ),
    ).toEqual([
      expect.objectContaining({
        instrument: 'BTCUSDT',
        market: 'futures',
        contractType: 'PERPETUAL',
        last: 98100.5,
        bid: 98100,
        ask: 98100.5,
        change24h: null,
        quoteVolume24h: null,
        at: NOW + 2000,
      }),
    ]);
    expect(perp.market).toBe('futures');
    expect(bybit.fromStream(delta({ markPrice: '98090.1', openInterest: '68744.761' }), 'linear')).toEqual([]);
    // The same symbol on the spot stream is the spot pair.
    expect(bybit.fromStream(delta({ lastPrice: '98000' }))).toEqual([
      expect.objectContaining({ market: 'spot', instrument: 'BTCUSDT', last: 98000 }),
    ]);
  });

  it('reads a push for a listed spot pair like the REST ticker, without the book; answers are empty, refusals throw', async () => {
    const bybit = new Bybit(options());
    const rest = (await bybit.tickers()).find((t) => t.market === 'spot' && t.instrument === 'BTCUSDT')!;
    // The same pair as the REST answer's; every figure from the push, the book unknown.
    expect(bybit.fromStream(push('BTCUSDT', '98000.5'))).toEqual([
      {
        ...rest,
        last: 98000.5,
        open24h: 96000,
        high24h: 98000,
        low24h: 95000,
        change24h: 1.25,
        baseVolume24h: 10.5,
        quoteVolume24h: 1000000,
        bid: null,
        ask: null,
        at: NOW + 1000,
      },
    ]);
    expect(bybit.fromStream(push('NOTLISTED', '1'))).toEqual([]);
    expect(
      bybit.fromStream({ success: true, ret_msg: 'subscribe', conn_id: 'd3f1b2c4', req_id: '', op: 'subscribe' }),
    ).toEqual([]);
    expect(bybit.fromStream({ success: true, ret_msg: 'pong', conn_id: 'd3f1b2c4', req_id: '', op: 'ping' })).toEqual(
      [],
    );
    expect(() =>
      bybit.fromStream({
        success: false,
        ret_msg: 'Invalid topic: tickers.NOPE',
        conn_id: 'd3f1b2c4',
        op: 'subscribe',
      }),
    ).toThrow('bybit: stream subscribe refused: Invalid topic: tickers.NOPE');
    expect(() =>
      bybit.fromStream({
        topic: 'tickers.BTCUSDT',
        ts: NOW,
        type: 'snapshot',
        data: { symbol: 'BTCUSDT', lastPrice: 98000 },
      }),
    ).toThrow(SourceError);
    expect(() => bybit.fromStream({ topic: 'tickers.BTCUSDT', data: [] })).toThrow(SourceError);
  });
});
