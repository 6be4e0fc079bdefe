// The live market's WebSocket path: a Binance source against the fake upstream (REST) and a local
// WebSocket server standing in for `!miniTicker@arr`. Stream updates move the published prices
// between REST rounds, a dropped connection comes back, a bad message is counted, not thrown.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WebSocketServer, type WebSocket } from 'ws';
import { LiveMarket } from '../../src/server/ingest/market.ts';
import { BinanceSpot } from '../../src/server/ingest/sources/binance.ts';
import { Bybit } from '../../src/server/ingest/sources/bybit.ts';
import { Kraken } from '../../src/server/ingest/sources/kraken.ts';
import { Okx } from '../../src/server/ingest/sources/okx.ts';
import type { TickInput } from '../../src/server/realtime/types.ts';
import { fixture, startFakeUpstream, type FakeUpstream } from '../setup/fakeUpstream.ts';
import { apiHarness } from './helpers.ts';

const { db } = apiHarness();

type Ticker = { symbol: string; lastPrice: string; closeTime: number };
const mini = (c: string, E = Date.now()) => [
  { e: '24hrMiniTicker', E, s: 'BTCUSDT', c, o: '63000.00', h: '66000.00', l: '62000.00', v: '100.5', q: '6432000.00' },
];

let up: FakeUpstream;
let wss: WebSocketServer;
let sockets: WebSocket[];
let market: LiveMarket | undefined;

beforeEach(async () => {
  up = await startFakeUpstream({
    '/api/v3/exchangeInfo': { body: fixture('binance', 'exchangeInfo') },
    '/api/v3/ticker/24hr': () => ({
      body: fixture<Ticker[]>('binance', 'ticker-24hr')
        .filter((t) => t.symbol === 'BTCUSDT')
        .map((t) => ({ ...t, lastPrice: '64000.00', closeTime: Date.now() })),
    }),
  });
  sockets = [];
  wss = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  wss.on('connection', (ws) => sockets.push(ws));
  await new Promise((resolve) => wss.once('listening', resolve));
});

afterEach(async () => {
  await market?.stop();
  market = undefined;
  await new Promise((resolve) => wss.close(resolve));
  await up.close();
});

function start() {
  const url = `ws://127.0.0.1:${(wss.address() as { port: number }).port}/ws/!miniTicker@arr`;
  const source = new BinanceSpot({ baseUrl: up.url, streamUrl: url });
  const published: TickInput[][] = [];
  market = new LiveMarket({
    db: db(),
    sources: [source],
    intervalMs: 600_000,
    staleMs: 300_000,
    streamIntervalMs: 100,
    log: () => {},
  });
  market.start(async (ticks) => void published.push(ticks));
  const btc = () =>
    published
      .flat()
      .filter((t) => t.coinId === 'bitcoin')
      .map((t) => t.price);
  return { published, btc };
}

const connected = async (n: number) =>
  expect.poll(() => sockets.filter((s) => s.readyState === s.OPEN).length, { timeout: 10_000 }).toBe(n);

describe('stream ticks between REST rounds', () => {
  it('publishes the stream’s prices, only for coins that moved, without counting volume twice', async () => {
    const { btc, published } = start();
    await expect.poll(btc, { timeout: 10_000 }).toEqual([64000]);
    await connected(1);
    sockets[0]!.send(JSON.stringify(mini('65000.00')));
    await expect.poll(btc, { timeout: 5000 }).toEqual([64000, 65000]);
    const last = published.at(-1)!;
    expect(last).toEqual([expect.objectContaining({ coinId: 'bitcoin', price: 65000, volume: 0, ownTickers: true })]);
    // The same price again, and a pair the REST answer did not list: nothing to publish.
    sockets[0]!.send(JSON.stringify(mini('65000.00', Date.now() + 1)));
    sockets[0]!.send(JSON.stringify([{ ...mini('1.00')[0], s: 'NOTLISTED' }]));
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(btc()).toEqual([64000, 65000]);
    // A REST answer older than the stream's update keeps the stream's price (prices never go back).
    sockets[0]!.send(JSON.stringify(mini('65500.00', Date.now() + 60_000)));
    await expect.poll(btc, { timeout: 5000 }).toEqual([64000, 65000, 65500]);
    // Nothing in it is newer than the stream's figure, so the round does not price bitcoin again.
    await (market as unknown as { round(): Promise<TickInput[]> })
      .round()
      .then((ticks) => expect(ticks.filter((t) => t.coinId === 'bitcoin')).toEqual([]));
    expect(btc()).toEqual([64000, 65000, 65500]);
    // An update older than what the market holds is ignored.
    sockets[0]!.send(JSON.stringify(mini('1.00', Date.now() - 3_600_000)));
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(btc()).toEqual([64000, 65000, 65500]);
  });

  it('reconnects after the exchange drops the connection, and counts a message it cannot read', async () => {
    const { btc } = start();
    await expect.poll(btc, { timeout: 10_000 }).toEqual([64000]);
    await connected(1);
    sockets[0]!.send('{"not":"an array"');
    sockets[0]!.send(JSON.stringify({ result: null, id: 1 }));
    await expect
      .poll(() => market!.states()[0]!.stream, { timeout: 5000 })
      .toMatchObject({ connected: true, errors: 2, messages: 2 });
    sockets[0]!.terminate();
    await connected(1);
    expect(sockets).toHaveLength(2);
    sockets[1]!.send(JSON.stringify(mini('66000.00')));
    await expect.poll(btc, { timeout: 5000 }).toEqual([64000, 66000]);
    expect(market!.states()[0]).toMatchObject({
      name: 'binance',
      status: 'ok',
      stream: { connected: true, messages: 3 },
    });
  });

  it('OKX: subscribes once connected, keeps the connection with pings, and its pushes move the price', async () => {
    const received: string[] = [];
    wss.on('connection', (ws) =>
      ws.on('message', (m) => {
        received.push(m.toString());
        if (m.toString() === 'ping') ws.send('pong');
      }),
    );
    up.route('/api/v5/market/tickers', (q) => ({
      body: fixture('okx', `tickers-${q.get('instType')!.toLowerCase()}`),
    }));
    up.route('/api/v5/public/instruments', (q) => ({
      body: fixture('okx', `instruments-${q.get('instType')!.toLowerCase()}`),
    }));
    const url = `ws://127.0.0.1:${(wss.address() as { port: number }).port}/ws/v5/public`;
    const okx = new Okx({ baseUrl: up.url, streamUrl: url, pingMs: 100 });
    const published: TickInput[][] = [];
    // The fixtures' tickers are from April: a wide stale window keeps them in the price.
    market = new LiveMarket({
      db: db(),
      sources: [okx],
      intervalMs: 600_000,
      staleMs: 10 * 365 * 86_400_000,
      streamIntervalMs: 100,
      log: () => {},
    });
    market.start(async (ticks) => void published.push(ticks));
    await connected(1);
    await expect.poll(() => received.filter((m) => m === 'ping').length, { timeout: 5000 }).toBeGreaterThan(1);
    const subscribe = JSON.parse(received.find((m) => m.startsWith('{'))!) as {
      op: string;
      args: { instId: string }[];
    };
    expect(subscribe.op).toBe('subscribe');
    expect(subscribe.args).toContainEqual({ channel: 'tickers', instId: 'BTC-USDT' });
    sockets[0]!.send(
      JSON.stringify({ event: 'subscribe', arg: { channel: 'tickers', instId: 'BTC-USDT' }, connId: 'c1' }),
    );
    const spot = fixture<{ data: Record<string, string>[] }>('okx', 'tickers-spot').data.find(
      (t) => t.instId === 'BTC-USDT',
    )!;
    sockets[0]!.send(
      JSON.stringify({
        arg: { channel: 'tickers', instId: 'BTC-USDT' },
        data: [{ ...spot, last: '99999.9', ts: String(Date.now()) }],
      }),
    );
    await expect
      .poll(
        () =>
          published
            .flat()
            .some(
              (t) => t.coinId === 'bitcoin' && t.price !== published[0]!.find((x) => x.coinId === 'bitcoin')!.price,
            ),
        { timeout: 5000 },
      )
      .toBe(true);
    expect(market.states()[0]!.stream).toMatchObject({ connected: true, errors: 0 });
  });

  it('Bybit: subscribes ten topics at a time, pings in JSON, reads its pong, and its spot pushes move the price', async () => {
    const received: string[] = [];
    const spotSockets = new Set<WebSocket>();
    wss.on('connection', (ws, req) => {
      if (req.url === '/v5/public/spot') spotSockets.add(ws);
      ws.on('message', (m) => {
        received.push(m.toString());
        const op = JSON.parse(m.toString()) as { op: string };
        ws.send(
          JSON.stringify({
            success: true,
            ret_msg: op.op === 'ping' ? 'pong' : '',
            conn_id: 'c1',
            req_id: '',
            op: op.op,
          }),
        );
      });
    });
    up.route('/v5/market/tickers', (q) => ({ body: fixture('bybit', `tickers-${q.get('category')}`) }));
    up.route('/v5/market/instruments-info', (q) => {
      const category = q.get('category');
      if (category !== 'linear') return { body: fixture('bybit', `instruments-${category}`) };
      return { body: fixture('bybit', q.get('cursor') ? 'instruments-linear-2' : 'instruments-linear-1') };
    });
    const port = (wss.address() as { port: number }).port;
    const bybit = new Bybit({
      baseUrl: up.url,
      streamUrl: `ws://127.0.0.1:${port}/v5/public/spot`,
      futuresStreamUrl: `ws://127.0.0.1:${port}/v5/public/linear`,
      pingMs: 100,
    });
    const published: TickInput[][] = [];
    // The fixtures' tickers are from April: a wide stale window keeps them in the price.
    market = new LiveMarket({
      db: db(),
      sources: [bybit],
      intervalMs: 600_000,
      staleMs: 10 * 365 * 86_400_000,
      streamIntervalMs: 100,
      log: () => {},
    });
    market.start(async (ticks) => void published.push(ticks));
    // Two connections: spot and linear.
    await connected(2);
    await expect.poll(() => received.filter((m) => m === '{"op":"ping"}').length, { timeout: 5000 }).toBeGreaterThan(3);
    const subscriptions = received
      .filter((m) => m.includes('subscribe'))
      .map((m) => JSON.parse(m) as { op: string; args: string[] });
    expect(subscriptions.every((s) => s.op === 'subscribe' && s.args.length <= 10)).toBe(true);
    expect(subscriptions.flatMap((s) => s.args)).toContain('tickers.BTCUSDT');
    await expect.poll(() => published.flat().some((t) => t.coinId === 'bitcoin'), { timeout: 5000 }).toBe(true);
    const before = published.flat().find((t) => t.coinId === 'bitcoin')!.price;
    const spot = sockets.find((s) => spotSockets.has(s))!;
    spot.send(
      JSON.stringify({
        topic: 'tickers.BTCUSDT',
        ts: Date.now(),
        type: 'snapshot',
        cs: 1,
        data: {
          symbol: 'BTCUSDT',
          lastPrice: '123456.7',
          highPrice24h: '123456.7',
          lowPrice24h: '95000',
          prevPrice24h: '96000',
          volume24h: '10',
          turnover24h: '1000000',
          price24hPcnt: '0.02',
        },
      }),
    );
    await expect
      .poll(() => published.flat().some((t) => t.coinId === 'bitcoin' && t.price !== before), { timeout: 5000 })
      .toBe(true);
    // The pongs and acknowledgements were read, not counted as errors.
    expect(market.states()[0]!.stream).toMatchObject({ connected: true, errors: 0 });
  });

  it('Kraken: subscribes by v2 symbols, reads heartbeats, and its ticker pushes move the price', async () => {
    const received: string[] = [];
    wss.on('connection', (ws) =>
      ws.on('message', (m) => {
        received.push(m.toString());
        const req = JSON.parse(m.toString()) as { method: string; params: { symbol: string[] } };
        for (const symbol of req.params.symbol)
          ws.send(
            JSON.stringify({
              method: 'subscribe',
              result: { channel: 'ticker', snapshot: true, symbol },
              success: true,
              time_in: 'a',
              time_out: 'b',
            }),
          );
      }),
    );
    up.route('/0/public/AssetPairs', { body: fixture('kraken', 'AssetPairs') });
    up.route('/0/public/Ticker', { body: fixture('kraken', 'Ticker') });
    const url = `ws://127.0.0.1:${(wss.address() as { port: number }).port}/v2`;
    const kraken = new Kraken({ baseUrl: up.url, streamUrl: url });
    const published: TickInput[][] = [];
    market = new LiveMarket({
      db: db(),
      sources: [kraken],
      intervalMs: 600_000,
      staleMs: 300_000,
      streamIntervalMs: 100,
      log: () => {},
    });
    market.start(async (ticks) => void published.push(ticks));
    await connected(1);
    await expect.poll(() => received.length, { timeout: 5000 }).toBeGreaterThan(0);
    const subscribe = JSON.parse(received[0]!) as { method: string; params: { channel: string; symbol: string[] } };
    expect(subscribe).toMatchObject({ method: 'subscribe', params: { channel: 'ticker' } });
    expect(subscribe.params.symbol).toContain('BTC/USD');
    await expect.poll(() => published.flat().some((t) => t.coinId === 'bitcoin'), { timeout: 5000 }).toBe(true);
    const before = published.flat().find((t) => t.coinId === 'bitcoin')!.price;
    sockets[0]!.send(JSON.stringify({ channel: 'heartbeat' }));
    sockets[0]!.send(
      JSON.stringify({
        channel: 'ticker',
        type: 'update',
        data: [
          {
            symbol: 'BTC/USD',
            bid: 123456.6,
            bid_qty: 1,
            ask: 123456.7,
            ask_qty: 1,
            last: 123456.7,
            volume: 10,
            vwap: 120000,
            low: 94000,
            high: 123456.7,
            change: 2000,
            change_pct: 1.6,
          },
        ],
      }),
    );
    await expect
      .poll(() => published.flat().some((t) => t.coinId === 'bitcoin' && t.price !== before), { timeout: 5000 })
      .toBe(true);
    expect(market.states()[0]!.stream).toMatchObject({ connected: true, errors: 0 });
  });

  it('stops its streams with the market', async () => {
    const { btc } = start();
    await expect.poll(btc, { timeout: 10_000 }).toEqual([64000]);
    await connected(1);
    await market!.stop();
    await expect.poll(() => sockets.filter((s) => s.readyState === s.OPEN).length, { timeout: 5000 }).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(sockets).toHaveLength(1);
  });
});
