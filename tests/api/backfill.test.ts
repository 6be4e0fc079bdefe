import { sql } from 'drizzle-orm';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { aggregate } from '../../src/server/ingest/aggregate.ts';
import { HistoryBackfill, planBackfill } from '../../src/server/ingest/backfill.ts';
import { backoffMs, LIMITED_PAUSE_MS, MAX_BACKOFF_MS } from '../../src/server/ingest/backfill/worker.ts';
import { LiveMarket } from '../../src/server/ingest/market.ts';
import type { SourceTicker, TickerSource } from '../../src/server/ingest/sources/types.ts';
import { type CandleUpstream, type Clock, fakeClock, startCandleUpstream } from './backfillUpstream.ts';
import { apiHarness } from './helpers.ts';

const { db, get } = apiHarness();
const MINUTE = 60_000;

/** The round's pairs: [source, instrument, base, quote, 24-hour volume in the quote]. */
type Pair = [string, string, string, string, number];
const PAIRS: Pair[] = [
  ['binance', 'XRPUSDT', 'XRP', 'USDT', 9e8],
  ['binance', 'BTCUSDT', 'BTC', 'USDT', 5e8],
  ['binance', 'ETHUSDT', 'ETH', 'USDT', 1e8],
  ['okx', 'SOL-USDT', 'SOL', 'USDT', 6e8],
  ['okx', 'DOGE-USDT', 'DOGE', 'USDT', 4e8],
  ['bybit', 'ADAUSDT', 'ADA', 'USDT', 3e8],
  // EUR at 0.5 per USD: 2 USD per EUR, 1e8 USD.
  ['kraken', 'XLTCZEUR', 'LTC', 'EUR', 5e7],
];

const ticker = (
  [source, instrument, base, quote, volume]: Pair,
  at: number,
  over: Partial<SourceTicker> = {},
): SourceTicker => ({
  source,
  exchange: source,
  instrument,
  base,
  quote,
  last: 100,
  market: 'spot',
  contractType: null,
  expiry: null,
  open24h: null,
  high24h: null,
  low24h: null,
  change24h: null,
  baseVolume24h: null,
  quoteVolume24h: volume,
  bid: null,
  ask: null,
  at,
  ...over,
});

const round = (pairs: Pair[], now: number, more: SourceTicker[] = []) =>
  aggregate({
    tickers: [...pairs.map((p) => ticker(p, now)), ...more],
    now,
    staleMs: MINUTE,
    fiatPerUsd: { EUR: 0.5 },
  });

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db().execute(query)) as unknown as { rows: T[] }).rows;
}

interface QueueRow {
  coin: string;
  source: string;
  instrument: string;
  done: string[];
  attempts: number;
  finished: boolean;
  error: string | null;
  wait: number | null;
}
const queue = async () =>
  rows<QueueRow>(sql`
    select coin_id as coin, source, instrument, done, attempts, finished_at is not null as finished,
      last_error as error, (extract(epoch from next_at - updated_at) * 1000)::int as wait
    from kline_backfill order by coin_id`);

/** Coin ids by symbol, from the seeded database. */
let bySymbol: Map<string, string>;
const id = (symbol: string) => bySymbol.get(symbol)!;

let clock: Clock;
let up: CandleUpstream;
let log: string[];
const running: HistoryBackfill[] = [];

function backfill(sources: TickerSource[], more: Partial<ConstructorParameters<typeof HistoryBackfill>[0]> = {}) {
  const b = new HistoryBackfill({
    db: db(),
    sources,
    now: () => clock.now(),
    sleep: (ms) => clock.sleep(ms),
    log: (l) => log.push(l),
    manual: true,
    ...more,
  });
  running.push(b);
  return b;
}

/** Requests as "source instrument interval limit", in order. */
const asked = (source?: string) =>
  up.asked.filter((a) => !source || a.source === source).map((a) => `${a.instrument} ${a.interval} ${a.limit}`);

beforeAll(async () => {
  const found = await rows<{ symbol: string; id: string }>(
    sql`select distinct on (symbol) symbol, id from coins where symbol = any(${sql.param(PAIRS.map((p) => p[2]))}::text[]) order by symbol, market_cap desc nulls last`,
  );
  bySymbol = new Map(found.map((r) => [r.symbol, r.id]));
  expect(bySymbol.size).toBe(PAIRS.length);
});

beforeEach(async () => {
  await db().execute(sql`delete from kline_backfill`);
  clock = fakeClock();
  up = await startCandleUpstream(clock);
  log = [];
});

afterEach(async () => {
  await Promise.all(running.splice(0).map((b) => b.stop()));
  await up.close();
});

describe('history backfill: the plan', () => {
  it('takes every coin with a usable spot pair on a source serving candles, largest volume first, busiest pair first', () => {
    const { binance, okx } = up.sources();
    const noCandles = { name: 'kraken', state: () => binance.state() } as unknown as TickerSource;
    const now = clock.now();
    const result = round(PAIRS, now, [
      // BTC also on OKX, busier there; on Binance's futures busier still, but futures are no history.
      ticker(['okx', 'BTC-USDT', 'BTC', 'USDT', 7e8], now),
      ticker(['binance', 'BTCUSDT-PERP', 'BTC', 'USDT', 9e9], now, { market: 'futures', contractType: 'PERPETUAL' }),
      // Stale: no pair.
      ticker(['okx', 'ETH-USDT', 'ETH', 'USDT', 9e9], now - 2 * MINUTE),
    ]);
    const plan = planBackfill({ sources: [binance, okx, noCandles], result, bySymbol });
    expect(plan.map((c) => [c.coinId, c.pairs.map((p) => `${p.source} ${p.instrument}`)])).toEqual([
      [id('BTC'), ['okx BTC-USDT', 'binance BTCUSDT']],
      [id('XRP'), ['binance XRPUSDT']],
      [id('SOL'), ['okx SOL-USDT']],
      [id('DOGE'), ['okx DOGE-USDT']],
      [id('ETH'), ['binance ETHUSDT']],
    ]);
    expect(planBackfill({ sources: [binance, okx], result, bySymbol, coins: 2 }).map((c) => c.coinId)).toEqual([
      id('BTC'),
      id('XRP'),
    ]);
    // Kraken's EUR pair: 2 USD per EUR.
    const withKraken = planBackfill({ sources: [up.sources().kraken], result, bySymbol });
    expect(withKraken[0]!.pairs[0]!.quoteUsd).toBe(2);
  });

  it('queues a round; a coin keeps its pair and progress while the pair is usable, and starts over on another when it goes', async () => {
    const { binance, okx } = up.sources();
    const b = backfill([binance, okx]);
    const btc = PAIRS[1]!;
    const btcOkx: Pair = ['okx', 'BTC-USDT', 'BTC', 'USDT', 1e8];
    await b.plan(round([btc, btcOkx], clock.now()), bySymbol);
    expect(await queue()).toEqual([
      {
        coin: id('BTC'),
        source: 'binance',
        instrument: 'BTCUSDT',
        done: [],
        attempts: 0,
        finished: false,
        error: null,
        wait: null,
      },
    ]);
    await db().execute(sql`update kline_backfill set done = '{1m}'`);
    // OKX is now the busier pair, but Binance's is still usable: nothing changes.
    await b.plan(round([btc, [...btcOkx.slice(0, 4), 9e8] as Pair], clock.now()), bySymbol);
    expect((await queue()).map((r) => [r.source, r.done])).toEqual([['binance', ['1m']]]);
    // Binance's pair went (no longer reported): OKX's, from the start.
    clock.advance(2 * MINUTE);
    await b.plan(round([btcOkx], clock.now(), [ticker(btc, clock.now() - 2 * MINUTE)]), bySymbol);
    expect((await queue()).map((r) => [r.source, r.instrument, r.done])).toEqual([['okx', 'BTC-USDT', []]]);
  });
});

describe('history backfill: the worker', () => {
  it('fetches each coin’s spans newest first, largest volume first, from every source’s own answer, in USD', async () => {
    const sources = Object.values(up.sources());
    const [oldDays] = await rows<{ n: number }>(
      sql`select count(*)::int as n from klines where coin_id = ${id('BTC')} and interval = '1d' and open_time < ${new Date(clock.now() - 5 * 86_400_000).toISOString()}::timestamptz`,
    );
    const b = backfill(sources);
    await b.plan(round(PAIRS, clock.now()), bySymbol);
    expect(await b.drain()).toBe(PAIRS.length * 3);
    // Each source at most its own page of candles a request (Binance 1,000, OKX 300; Kraken answers its window).
    expect(asked('binance')).toEqual(
      ['XRPUSDT', 'BTCUSDT', 'ETHUSDT'].flatMap((i) => [`${i} 1m 1000`, `${i} 1h 722`, `${i} 1d 367`]),
    );
    expect(asked('okx')).toEqual(
      ['SOL-USDT', 'DOGE-USDT'].flatMap((i) => [`${i} 1m 300`, `${i} 1h 300`, `${i} 1d 300`]),
    );
    expect(asked('bybit')).toEqual(['ADAUSDT 1m 1000', 'ADAUSDT 1h 722', 'ADAUSDT 1d 367']);
    expect(asked('kraken')).toEqual(['XLTCZEUR 1m null', 'XLTCZEUR 1h null', 'XLTCZEUR 1d null']);
    const q = await queue();
    expect(q.every((r) => r.finished && r.done.join() === '1m,1h,1d' && r.attempts === 0)).toBe(true);
    expect(q).toHaveLength(PAIRS.length);
    // The newest candles are the sources' (their recorded answers' last rows), in USD; volume in
    // USD is the base volume × the close (Binance: 389.00123 × 96512.34).
    const newest = async (coin: string, interval: string) =>
      (
        await rows<{ close: string; volume: string }>(
          sql`select close::text, volume::text from klines where coin_id = ${coin} and interval = ${interval}::kline_interval order by open_time desc limit 1`,
        )
      )[0];
    expect(await newest(id('BTC'), '1d')).toEqual({ close: '96512.34', volume: '37543418.97' });
    expect((await newest(id('SOL'), '1h'))!.close).toBe('97250.1');
    expect((await newest(id('ADA'), '1m'))!.close).toBe('97244.6');
    // Kraken's EUR candles at 2 USD per EUR: 94650.2 × 2, and 12.3456789 × 94650.2 × 2.
    expect(await newest(id('LTC'), '1h')).toEqual({ close: '189300.4', volume: '2337041.954' });
    // Older candles than the source's span stay.
    const [after] = await rows<{ n: number }>(
      sql`select count(*)::int as n from klines where coin_id = ${id('BTC')} and interval = '1d' and open_time < ${new Date(clock.now() - 5 * 86_400_000).toISOString()}::timestamptz`,
    );
    expect(after!.n).toBe(oldDays!.n);
  });

  it('pages back until a span is whole, and stops at a young pair’s first candle', async () => {
    up.history = 2000;
    const { binance, okx, bybit, kraken } = up.sources();
    const b = backfill([binance, okx, bybit, kraken]);
    await b.plan(round([PAIRS[1]!, PAIRS[3]!, PAIRS[5]!, PAIRS[6]!], clock.now()), bySymbol);
    expect(await b.drain()).toBe(12);
    // OKX answers 300 a request: a day of minutes (1,442) takes five, each page before the last's
    // oldest candle; Binance's and Bybit's 1,000 take two; Kraken cannot page back and is asked once.
    expect(asked('okx')).toEqual([
      ...['300', '300', '300', '300', '242'].map((n) => `SOL-USDT 1m ${n}`),
      ...['300', '300', '122'].map((n) => `SOL-USDT 1h ${n}`),
      ...['300', '67'].map((n) => `SOL-USDT 1d ${n}`),
    ]);
    // The first page ends at the minute it was asked in (the clock moves on as the limits wait).
    const minuteOf = (source: string) => {
      const first = up.asked.find((a) => a.source === source && a.interval === '1m');
      return Math.floor(first!.at / MINUTE) * MINUTE;
    };
    const last = minuteOf('okx');
    expect(up.asked.filter((a) => a.source === 'okx' && a.interval === '1m').map((a) => a.before)).toEqual([
      null,
      ...[299, 599, 899, 1199].map((n) => last - n * MINUTE),
    ]);
    expect(asked('binance')).toEqual(['BTCUSDT 1m 1000', 'BTCUSDT 1m 442', 'BTCUSDT 1h 722', 'BTCUSDT 1d 367']);
    expect(asked('bybit')).toEqual(['ADAUSDT 1m 1000', 'ADAUSDT 1m 442', 'ADAUSDT 1h 722', 'ADAUSDT 1d 367']);
    expect(up.asked.find((a) => a.source === 'bybit' && a.limit === 442)?.before).toBe(
      minuteOf('bybit') - 999 * MINUTE,
    );
    expect(asked('kraken')).toEqual(['XLTCZEUR 1m null', 'XLTCZEUR 1h null', 'XLTCZEUR 1d null']);
    // Every minute of the day is the source's (its recorded prices, near 97,000, not the seed's).
    const from = new Date(last - 1441 * MINUTE).toISOString();
    const [minutes] = await rows<{ n: number }>(
      sql`select count(*)::int as n from klines where coin_id = ${id('SOL')} and interval = '1m' and open_time >= ${from}::timestamptz and close > 10000`,
    );
    expect(minutes!.n).toBe(1442);

    // A pair listed 100 minutes ago: one short page, and the span is done with what there is.
    up.history = 100;
    up.asked.length = 0;
    await db().execute(sql`delete from kline_backfill`);
    await b.plan(round([PAIRS[3]!], clock.now()), bySymbol);
    expect(await b.drain()).toBe(3);
    expect(asked('okx')).toEqual(['SOL-USDT 1m 300', 'SOL-USDT 1h 300', 'SOL-USDT 1d 300']);
  });

  it('resumes after a restart with only the spans a failure left, keeping the stored candles meanwhile', async () => {
    const days = () =>
      rows<{ close: string }>(
        sql`select close::text from klines where coin_id = ${id('BTC')} and interval = '1d' order by open_time desc limit 4`,
      );
    // Marked, so the source's candles are told apart from whatever an earlier test wrote.
    await db().execute(
      sql`update klines set close = 1 where coin_id = ${id('BTC')} and interval = '1d' and open_time > ${new Date(clock.now() - 4 * 86_400_000).toISOString()}::timestamptz`,
    );
    const before = await days();
    expect(before.map((d) => d.close)).toEqual(['1', '1', '1', '1']);
    up.fail = (a) => (a.instrument === 'BTCUSDT' && a.interval === '1d' ? { status: 500, body: {} } : null);
    const first = backfill([up.sources().binance]);
    const binancePairs = PAIRS.filter((p) => p[0] === 'binance');
    await first.plan(round(binancePairs, clock.now()), bySymbol);
    expect(await first.drain()).toBe(8);
    await first.stop();
    const btc = (await queue()).find((r) => r.coin === id('BTC'))!;
    expect(btc).toMatchObject({
      done: ['1m', '1h'],
      attempts: 1,
      finished: false,
      error: 'binance: HTTP 500',
      wait: 60_000,
    });
    expect(await days()).toEqual(before);
    expect(
      log.some((l) => l.includes(`${id('BTC')} 1d from binance BTCUSDT: binance: HTTP 500; its stored history stays`)),
    ).toBe(true);

    // A new process: a new worker, new sources, the same database, after the coin's backoff.
    up.fail = () => null;
    up.asked.length = 0;
    clock.advance(61_000);
    const second = backfill([up.sources().binance]);
    await second.plan(round(binancePairs, clock.now()), bySymbol);
    expect(await second.drain()).toBe(1);
    expect(asked()).toEqual(['BTCUSDT 1d 367']);
    expect((await queue()).every((r) => r.finished)).toBe(true);
    expect((await days()).map((d) => d.close)).toEqual(['96512.34', '96180', '96398.77', '96104.2']);
  });

  it('keeps each source to its requests a minute on the clock, without sleeping', async () => {
    const b = backfill([up.sources().binance], { perMinute: { binance: 4 } });
    const start = clock.now();
    await b.plan(round(PAIRS.slice(0, 3), start), bySymbol);
    expect(await b.drain()).toBe(9);
    const at = up.asked.map((a) => a.at - start);
    expect(at).toHaveLength(9);
    // No 60 seconds hold more than four, and the minutes were waited on the clock.
    for (const t of at) expect(at.filter((u) => u >= t && u < t + MINUTE).length).toBeLessThanOrEqual(4);
    expect(at.map((t) => Math.floor(t / MINUTE))).toEqual([0, 0, 0, 0, 1, 1, 1, 1, 2]);
  });

  it('backs a coin off after a 429, doubling, while the rest of the queue goes on; /api/health shows the progress', async () => {
    const empty = await get<{ backfill: unknown }>('/api/health', { signed: false });
    expect(empty.body.data.backfill).toEqual({ queued: 0, done: 0, failed: 0, perSource: {} });
    // Binance's rest after its 429 ends only once OKX has asked for all its spans: were the
    // sources drained one after another, this would never end.
    let okxAsked!: () => void;
    const okxDone = new Promise<void>((resolve) => (okxAsked = resolve));
    up.fail = (a) => {
      if (up.asked.filter((x) => x.source === 'okx').length === 6) okxAsked();
      return a.instrument === 'XRPUSDT' ? { status: 429, body: { code: -1003, msg: 'Too many requests' } } : null;
    };
    const b = backfill(Object.values(up.sources()), {
      sleep: async (ms) => {
        if (ms >= LIMITED_PAUSE_MS) await okxDone;
        await clock.sleep(ms);
      },
    });
    await b.plan(round(PAIRS, clock.now()), bySymbol);
    expect(await b.drain()).toBe((PAIRS.length - 1) * 3);
    const xrp = () => queue().then((q) => q.find((r) => r.coin === id('XRP'))!);
    expect(await xrp()).toMatchObject({ done: [], attempts: 1, error: 'binance: HTTP 429', wait: 60_000 });
    // Binance's lane rested after the 429, then went on with the next coins.
    const binance = up.asked.filter((a) => a.source === 'binance');
    expect(binance.map((a) => a.instrument)).toEqual([
      'XRPUSDT',
      ...Array(3).fill('BTCUSDT'),
      ...Array(3).fill('ETHUSDT'),
    ]);
    expect(binance[1]!.at - binance[0]!.at).toBeGreaterThanOrEqual(LIMITED_PAUSE_MS);

    clock.advance(61_000);
    await b.plan(round(PAIRS, clock.now()), bySymbol);
    expect(await b.drain()).toBe(0);
    expect(await xrp()).toMatchObject({ attempts: 2, wait: 120_000 });
    expect([backoffMs(1), backoffMs(2), backoffMs(3), backoffMs(30)]).toEqual([
      60_000,
      120_000,
      240_000,
      MAX_BACKOFF_MS,
    ]);

    const health = await get<{ backfill: unknown }>('/api/health', { signed: false });
    expect(health.status).toBe(200);
    expect(health.body.data.backfill).toEqual({
      queued: 1,
      done: 6,
      failed: 1,
      perSource: {
        binance: { queued: 1, done: 2 },
        bybit: { queued: 0, done: 1 },
        kraken: { queued: 0, done: 1 },
        okx: { queued: 0, done: 2 },
      },
      lastError: { at: clock.now(), coin: id('XRP'), source: 'binance', message: 'binance: HTTP 429' },
    });
  });

  it('fetches a finished coin again when a start finds its history stopped, once', async () => {
    const b = backfill([up.sources().okx]);
    const okxPairs = PAIRS.filter((p) => p[0] === 'okx');
    await b.plan(round(okxPairs, clock.now()), bySymbol);
    await b.drain();
    // The same process, three hours on: the rounds kept the history, nothing is renewed.
    clock.advance(3 * 3_600_000);
    await b.plan(round(okxPairs, clock.now()), bySymbol);
    expect((await queue()).every((r) => r.finished)).toBe(true);
    // A new start finds the newest hourly candles three hours old: every span again.
    const after = backfill([up.sources().okx]);
    await after.plan(round(okxPairs, clock.now()), bySymbol);
    expect((await queue()).map((r) => [r.finished, r.done])).toEqual([
      [false, []],
      [false, []],
    ]);
    up.asked.length = 0;
    expect(await after.drain()).toBe(6);
    expect(asked()).toHaveLength(6);
  });
});

describe('history backfill: the live market', () => {
  it('queues every answered round and drains it in the background', async () => {
    const { binance } = up.sources();
    const pair = PAIRS[1]!;
    const source: TickerSource = {
      name: 'binance',
      exchange: binance.exchange,
      tickers: async () => [ticker(pair, Date.now())],
      candles: (...args) => binance.candles(...args),
      state: () => binance.state(),
    };
    const market = new LiveMarket({
      db: db(),
      sources: [source],
      intervalMs: 30_000,
      staleMs: MINUTE,
      backfill: {},
      log: (l) => log.push(l),
    });
    try {
      await market.round();
      await vi.waitFor(async () => expect((await queue()).map((r) => r.finished)).toEqual([true]), {
        timeout: 5000,
      });
      expect(asked()).toEqual(['BTCUSDT 1m 1000', 'BTCUSDT 1h 722', 'BTCUSDT 1d 367']);
      await vi.waitFor(() =>
        expect(log.some((l) => l.startsWith('[backfill] 3 spans of price history written'))).toBe(true),
      );
    } finally {
      await market.stop();
    }
  });
});
