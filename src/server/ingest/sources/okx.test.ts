import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  fixture,
  startFakeUpstream,
  type FakeAnswer,
  type FakeUpstream,
} from '../../../../tests/setup/fakeUpstream.ts';
import { SourceError } from './http.ts';
import { Okx, type OkxOptions } from './okx.ts';

const TICKERS = '/api/v5/market/tickers';
const INSTRUMENTS = '/api/v5/public/instruments';
const CANDLES = '/api/v5/market/candles';
/** Wednesday 8 April 2026, 12:00 UTC: the fixtures' this_week contract delivers on Friday the 10th. */
const NOW = Date.UTC(2026, 3, 8, 12);
const APR_10 = Date.UTC(2026, 3, 10, 8);

type Envelope = { code: string; msg: string; data: Record<string, unknown>[] };
let up: FakeUpstream;
let clock: number;
const options = (): OkxOptions => ({
  baseUrl: up.url,
  now: () => clock,
  sleep: async (ms) => void (clock += ms),
  timeoutMs: 2000,
});
const requests = (path: string, instType?: string) =>
  up.requests.filter((r) => r.path === path && (!instType || r.query.get('instType') === instType));
const byType =
  (prefix: string) =>
  (q: URLSearchParams): FakeAnswer => ({ body: fixture('okx', `${prefix}-${q.get('instType')!.toLowerCase()}`) });

beforeEach(async () => {
  clock = NOW;
  up = await startFakeUpstream({
    [TICKERS]: byType('tickers'),
    [INSTRUMENTS]: byType('instruments'),
    [CANDLES]: { body: fixture('okx', 'candles') },
  });
});
afterEach(() => up.close());

describe('Okx tickers', () => {
  it('maps a spot ticker exactly: vol24h is base, volCcy24h is quote, change from open24h', async () => {
    const tickers = await new Okx(options()).tickers();
    expect(tickers.find((t) => t.instrument === 'BTC-USDT')).toEqual({
      source: 'okx',
      exchange: 'okx',
      instrument: 'BTC-USDT',
      base: 'BTC',
      quote: 'USDT',
      market: 'spot',
      contractType: null,
      expiry: null,
      last: 97250.1,
      open24h: 96000,
      high24h: 97480,
      low24h: 95611.3,
      change24h: (97250.1 / 96000 - 1) * 100,
      baseVolume24h: 15884.94327413,
      quoteVolume24h: 1532987412.5861418, // the nearest double to the answer's "1532987412.58614172"
      bid: 97250.1,
      ask: 97250.2,
      at: NOW - 203,
    });
    expect(tickers.find((t) => t.instrument === 'BTC-USDT')!.change24h).toBeCloseTo(1.30219, 5);
    const eth = tickers.find((t) => t.instrument === 'ETH-BTC')!;
    expect([eth.base, eth.quote, eth.last, eth.baseVolume24h, eth.quoteVolume24h]).toEqual([
      'ETH',
      'BTC',
      0.03618,
      12494.3,
      452.11831,
    ]);
    expect(eth.change24h).toBeCloseTo(-3.1844, 4);
  });

  it('keeps live spot instruments with a price; no open price means no change, not -100 %', async () => {
    const spot = (await new Okx(options()).tickers()).filter((t) => t.market === 'spot');
    // NEWT-USDT: preopen, no trade yet; LUNC-USDT: suspended; FRESH-USDT: not in the instruments.
    expect(spot.map((t) => t.instrument)).toEqual(['BTC-USDT', 'ETH-USDT', 'ETH-BTC', 'SOL-USDC', 'OKB-USDT']);
    const okb = spot.find((t) => t.instrument === 'OKB-USDT')!;
    expect([okb.last, okb.open24h, okb.change24h]).toEqual([52.37, null, null]);
  });

  it('maps perpetuals: base volume is volCcy24h (vol24h counts contracts), quote from the instId', async () => {
    const swaps = (await new Okx(options()).tickers()).filter((t) => t.contractType === 'PERPETUAL');
    expect(swaps.find((t) => t.instrument === 'BTC-USDT-SWAP')).toEqual({
      source: 'okx',
      exchange: 'okx',
      instrument: 'BTC-USDT-SWAP',
      base: 'BTC',
      quote: 'USDT',
      market: 'futures',
      contractType: 'PERPETUAL',
      expiry: null,
      last: 97231.5,
      open24h: 95987.1,
      high24h: 97466.2,
      low24h: 95590,
      change24h: (97231.5 / 95987.1 - 1) * 100,
      baseVolume24h: 118234.51,
      quoteVolume24h: 118234.51 * 97231.5,
      bid: 97231.5,
      ask: 97231.6,
      at: NOW - 95,
    });
    const pairs = Object.fromEntries(swaps.map((t) => [t.instrument, `${t.base}/${t.quote} ${t.baseVolume24h}`]));
    expect(pairs).toEqual({
      'BTC-USDT-SWAP': 'BTC/USDT 118234.51',
      'ETH-USDT-SWAP': 'ETH/USDT 2512387.4',
      // Inverse: 30,013,318 contracts of 100 USD; volCcy24h is still in BTC.
      'BTC-USD-SWAP': 'BTC/USD 30871.2247',
      'BTC-USDC-SWAP': 'BTC/USDC 1822.4567',
      'BTC-USD_UM-SWAP': 'BTC/USD 412.8833',
    });
  });

  it('maps dated futures: alias to contract type, expTime to expiry; aliases without a slot stay null', async () => {
    const futures = (await new Okx(options()).tickers()).filter(
      (t) => t.market === 'futures' && t.contractType !== 'PERPETUAL',
    );
    const labels = Object.fromEntries(
      futures.map((t) => [
        t.instrument,
        [t.base, t.quote, t.contractType, new Date(t.expiry!).toISOString().slice(0, 16)],
      ]),
    );
    expect(labels).toEqual({
      'BTC-USD-260410': ['BTC', 'USD', 'WEEKLY', '2026-04-10T08:00'],
      'BTC-USD-260417': ['BTC', 'USD', 'BIWEEKLY', '2026-04-17T08:00'],
      'BTC-USD-260424': ['BTC', 'USD', 'MONTHLY', '2026-04-24T08:00'],
      'BTC-USD-260529': ['BTC', 'USD', null, '2026-05-29T08:00'],
      'BTC-USD-260626': ['BTC', 'USD', 'QUARTERLY', '2026-06-26T08:00'],
      'BTC-USD-260925': ['BTC', 'USD', 'BIQUARTERLY', '2026-09-25T08:00'],
      'BTC-USDT-260410': ['BTC', 'USDT', 'WEEKLY', '2026-04-10T08:00'],
      'BTC-USDT-260626': ['BTC', 'USDT', 'QUARTERLY', '2026-06-26T08:00'],
      'ETH-USD-260626': ['ETH', 'USD', 'QUARTERLY', '2026-06-26T08:00'],
    });
    const q = futures.find((t) => t.instrument === 'BTC-USD-260626')!;
    expect([q.expiry, q.last, q.baseVolume24h, q.quoteVolume24h]).toEqual([
      Date.UTC(2026, 5, 26, 8),
      98105.7,
      5871.4419,
      5871.4419 * 98105.7,
    ]);
    expect(futures.find((t) => t.instrument === 'BTC-USD-260410')!.expiry).toBe(APR_10);
    // SOL-USD-260410 has a ticker but no instrument yet: no expiry, so it waits for the next load.
    expect(Object.keys(labels)).not.toContain('SOL-USD-260410');
    expect(requests(INSTRUMENTS, 'FUTURES').map((r) => r.query.get('instFamily'))).toEqual([null]);
    expect(requests(INSTRUMENTS, 'SWAP')).toHaveLength(0);
  });

  it('asks per instrument family, paced inside the budget, when OKX wants instFamily', async () => {
    const all = fixture<Envelope>('okx', 'instruments-futures').data;
    const many = Array.from({ length: 12 }, (_, i) => ({
      ...fixture<Envelope>('okx', 'tickers-futures').data[0],
      instId: `C${i}-USD-260410`,
    }));
    const real = fixture<Envelope>('okx', 'tickers-futures').data;
    up.route(TICKERS, (q) =>
      q.get('instType') === 'FUTURES'
        ? { body: { code: '0', msg: '', data: [...real, ...many] } }
        : byType('tickers')(q),
    );
    up.route(INSTRUMENTS, (q) => {
      if (q.get('instType') !== 'FUTURES')
        return { body: fixture('okx', `instruments-${q.get('instType')!.toLowerCase()}`) };
      const family = q.get('instFamily');
      if (!family) return { body: { code: '51000', msg: 'Parameter instFamily error', data: [] } };
      return { body: { code: '0', msg: '', data: all.filter((i) => i.instFamily === family) } };
    });
    const tickers = await new Okx(options()).tickers();
    const families = requests(INSTRUMENTS, 'FUTURES').map((r) => r.query.get('instFamily'));
    expect(families.slice(0, 5)).toEqual([null, 'BTC-USD', 'BTC-USDT', 'ETH-USD', 'SOL-USD']);
    expect(families).toHaveLength(1 + 4 + 12);
    expect(clock).toBeGreaterThan(NOW); // it waited for the budget window instead of failing
    expect(tickers.find((t) => t.instrument === 'BTC-USD-260417')).toMatchObject({
      contractType: 'BIWEEKLY',
      expiry: Date.UTC(2026, 3, 17, 8),
    });
  });

  it('reads instruments once an hour, again right after an expiry, and keeps them when a reload fails', async () => {
    const okx = new Okx(options());
    await okx.tickers();
    clock += 299_000;
    await okx.tickers();
    expect([
      requests(INSTRUMENTS, 'SPOT').length,
      requests(INSTRUMENTS, 'FUTURES').length,
      requests(TICKERS).length,
    ]).toEqual([1, 1, 6]);
    clock = NOW + 3_600_001;
    await okx.tickers();
    expect([requests(INSTRUMENTS, 'SPOT').length, requests(INSTRUMENTS, 'FUTURES').length]).toEqual([2, 2]);

    clock = APR_10 - 1_800_000;
    const near = new Okx(options());
    await near.tickers();
    clock = APR_10 + 61_000;
    up.route(INSTRUMENTS, { status: 503 });
    const after = await near.tickers();
    expect(requests(INSTRUMENTS, 'FUTURES').length).toBe(3 + 3); // reloaded after delivery, 503 retried twice
    // The delivered contracts are gone even though the failed reload left their aliases behind.
    expect(after.filter((t) => t.instrument.endsWith('-260410'))).toEqual([]);
    expect(after.find((t) => t.instrument === 'BTC-USD-260417')).toMatchObject({ expiry: Date.UTC(2026, 3, 17, 8) });
  });

  it('returns [] for empty lists', async () => {
    up.route(TICKERS, { body: { code: '0', msg: '', data: [] } });
    up.route(INSTRUMENTS, { body: { code: '0', msg: '', data: [] } });
    expect(await new Okx(options()).tickers()).toEqual([]);
  });

  it('retries code 50011 (rate limit) inside HTTP 200 and inside a 429', async () => {
    const limited = { code: '50011', msg: 'Too Many Requests', data: [] };
    up.route(CANDLES, [{ body: limited }, { status: 429, body: limited }, { body: fixture('okx', 'candles') }]);
    expect(await new Okx(options()).candles('BTC-USDT', '1h', 4)).toHaveLength(4);
    expect(requests(CANDLES)).toHaveLength(3);
  });

  it('fails on code 51001 (no such instrument) without retrying', async () => {
    up.route(CANDLES, { body: { code: '51001', msg: "Instrument ID doesn't exist.", data: [] } });
    const okx = new Okx(options());
    const error = await okx.candles('NOPE-USDT', '1h', 10).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SourceError);
    expect((error as SourceError).message).toBe("okx: code 51001: Instrument ID doesn't exist.");
    expect(requests(CANDLES)).toHaveLength(1);
    expect(okx.state()).toMatchObject({
      status: 'failing',
      lastError: { at: NOW, message: "okx: code 51001: Instrument ID doesn't exist." },
    });
  });

  it('reads the fields it uses and accepts the rest: no book, numbers, an odd row left out', async () => {
    const spot = fixture<Envelope>('okx', 'tickers-spot');
    const [btc, eth, ...rest] = spot.data as Record<string, unknown>[];
    const { askPx: _a, bidPx: _b, ...noBook } = btc!;
    const { ts: _ts, ...noTime } = eth!;
    up.route(TICKERS, (q) =>
      q.get('instType') === 'SPOT'
        ? { body: { ...spot, data: [{ ...noBook, last: 97250.1, vol24h: null }, noTime, ...rest] } }
        : byType('tickers')(q),
    );
    const tickers = await new Okx(options()).tickers();
    expect(tickers.find((t) => t.instrument === 'BTC-USDT')).toMatchObject({
      last: 97250.1,
      bid: null,
      ask: null,
      baseVolume24h: null,
    });
    expect(tickers.map((t) => t.instrument)).not.toContain('ETH-USDT');
    expect(tickers.filter((t) => t.market === 'futures').length).toBeGreaterThan(0);
  });

  it('keeps its other markets when one fails, and that market’s last good answer', async () => {
    const okx = new Okx(options());
    const before = await okx.tickers();
    const perpetuals = before.filter((t) => t.contractType === 'PERPETUAL');
    up.route(TICKERS, (q) => (q.get('instType') === 'SWAP' ? { status: 500 } : byType('tickers')(q)));
    clock += 30_000;
    const after = await okx.tickers();
    // Spot and dated futures as answered; the perpetuals as last answered, with their time (they go stale).
    expect(after.filter((t) => t.market === 'spot')).toEqual(before.filter((t) => t.market === 'spot'));
    expect(after.filter((t) => t.contractType === 'PERPETUAL')).toEqual(perpetuals);
    expect(okx.state()).toMatchObject({ status: 'failing', lastError: { message: 'okx: SWAP: HTTP 500' } });
    // A first answer without that market: the others alone.
    const fresh = new Okx(options());
    const first = await fresh.tickers();
    expect(first.some((t) => t.contractType === 'PERPETUAL')).toBe(false);
    expect(first.some((t) => t.market === 'spot')).toBe(true);
  });

  it('turns a changed payload into a SourceError', async () => {
    const spot = fixture<Envelope>('okx', 'tickers-spot');
    const { last: _dropped, ...noLast } = spot.data[0]!;
    const bodies = [
      { ...spot, data: [noLast] },
      { ...spot, data: { instId: 'BTC-USDT' } },
      { code: 0, msg: '', data: spot.data },
      '<html>Service Unavailable</html>',
    ];
    for (const body of bodies) {
      up.route(TICKERS, { body });
      await expect(new Okx(options()).tickers()).rejects.toThrow(/^okx: (unexpected payload|malformed JSON)/);
    }
  });
});

describe('Okx candles', () => {
  it('returns candles oldest first, with OKX bar names', async () => {
    const candles = await new Okx(options()).candles('BTC-USDT', '1h', 4);
    expect(candles.map((c) => c.openTime)).toEqual([NOW - 3 * 3_600_000, NOW - 2 * 3_600_000, NOW - 3_600_000, NOW]);
    expect(candles[0]).toEqual({
      openTime: NOW - 3 * 3_600_000,
      open: 96801.2,
      high: 96850,
      low: 96590.4,
      close: 96710.5,
      volume: 241.05573,
    });
    expect(Object.fromEntries(requests(CANDLES)[0]!.query)).toEqual({ instId: 'BTC-USDT', bar: '1H', limit: '4' });
  });

  it('takes a derivative volume from volCcy (base), asks UTC days, and caps the limit at 300', async () => {
    const candles = await new Okx(options()).candles('BTC-USD-SWAP', '1d', 1000);
    expect(candles.at(-1)!.volume).toBe(10936512.883);
    expect(Object.fromEntries(requests(CANDLES)[0]!.query)).toEqual({
      instId: 'BTC-USD-SWAP',
      bar: '1Dutc',
      limit: '300',
    });
  });

  it('fails on a candle that is not a number', async () => {
    const { data } = fixture<{ data: string[][] }>('okx', 'candles');
    up.route(CANDLES, { body: { code: '0', msg: '', data: [data[0], [data[1]![0], 'NaN', ...data[1]!.slice(2)]] } });
    await expect(new Okx(options()).candles('BTC-USDT', '1h', 2)).rejects.toThrow(
      /unexpected payload: data\.1\.1: not a decimal/,
    );
  });
});

describe('Okx state', () => {
  it('reports a budget of half of 20 requests per 2 s', async () => {
    const okx = new Okx(options());
    expect(okx.state()).toMatchObject({ name: 'okx', status: 'idle', budget: { used: 0, limit: 10, windowMs: 2000 } });
    await okx.tickers();
    expect(okx.state()).toMatchObject({ status: 'ok', lastSuccessAt: NOW, budget: { used: 5 } });
  });
});

describe('Okx stream (tickers channel)', () => {
  const push = (instId: string, last: string, ts = NOW + 1000) => ({
    arg: { channel: 'tickers', instId },
    data: [
      {
        instType: 'SPOT',
        instId,
        last,
        lastSz: '0.1',
        askPx: last,
        askSz: '1',
        bidPx: last,
        bidSz: '1',
        open24h: '96000',
        high24h: '98000',
        low24h: '95000',
        sodUtc0: '96500',
        sodUtc8: '96400',
        volCcy24h: '1000000',
        vol24h: '10.5',
        ts: String(ts),
      },
    ],
  });

  it('subscribes to the busiest instruments of the last answer, 100 to a message, and pings', async () => {
    const okx = new Okx({ ...options(), streamInstruments: 3 });
    expect(okx.stream.subscribe()).toEqual([]);
    const tickers = await okx.tickers();
    const busiest = [...tickers]
      .sort((a, b) => b.quoteVolume24h! - a.quoteVolume24h!)
      .slice(0, 3)
      .map((t) => t.instrument);
    expect(okx.stream.subscribe()).toEqual([
      { op: 'subscribe', args: busiest.map((instId) => ({ channel: 'tickers', instId })) },
    ]);
    const all = new Okx({ ...options(), streamInstruments: 1000 });
    await all.tickers();
    const batches = all.stream.subscribe() as { args: unknown[] }[];
    expect(batches.map((b) => b.args.length).reduce((a, b) => a + b, 0)).toBe(tickers.length);
    expect(batches.every((b) => b.args.length <= 100)).toBe(true);
    expect(okx.stream.keepAlive).toEqual({ message: 'ping', reply: 'pong', everyMs: 20_000 });
    expect(okx.stream.url).toBe('wss://ws.okx.com:8443/ws/v5/public');
  });

  it('reads pushes for listed instruments like the REST tickers; acknowledgements are empty, errors throw', async () => {
    const okx = new Okx(options());
    await okx.tickers();
    expect(okx.fromStream(push('BTC-USDT', '98000.5'))).toEqual([
      expect.objectContaining({
        source: 'okx',
        instrument: 'BTC-USDT',
        base: 'BTC',
        quote: 'USDT',
        market: 'spot',
        last: 98000.5,
        at: NOW + 1000,
        quoteVolume24h: 1000000,
      }),
    ]);
    expect(okx.fromStream(push('NOT-LISTED', '1'))).toEqual([]);
    expect(
      okx.fromStream({ event: 'subscribe', arg: { channel: 'tickers', instId: 'BTC-USDT' }, connId: 'a4d3ae55' }),
    ).toEqual([]);
    expect(() => okx.fromStream({ event: 'error', code: '60012', msg: 'Invalid request', connId: 'a4d3ae55' })).toThrow(
      'okx: stream error 60012: Invalid request',
    );
    expect(() =>
      okx.fromStream({ arg: { channel: 'tickers', instId: 'BTC-USDT' }, data: [{ instId: 'BTC-USDT', last: 1 }] }),
    ).toThrow(SourceError);
  });
});
