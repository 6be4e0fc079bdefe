/**
 * A fake upstream answering candles as Binance, OKX, Bybit and Kraken do (their recorded answers
 * under tests/fixtures/sources, re-stamped to the newest candles of the interval asked at the
 * test's clock), and the real adapters pointed at it: the backfill reads them through the same
 * code as in production. Every candle request is recorded with the clock's time; `fail` turns
 * chosen requests into another answer (a 429, a 500). With `history` set, a pair has that many
 * candles of every interval and each answer is a whole page of them, before the time asked
 * (Binance's endTime, OKX's after, Bybit's end); without it, the four newest.
 */
import { BinanceSpot } from '../../src/server/ingest/sources/binance.ts';
import { Bybit } from '../../src/server/ingest/sources/bybit.ts';
import { Kraken } from '../../src/server/ingest/sources/kraken.ts';
import { Okx } from '../../src/server/ingest/sources/okx.ts';
import type { CandleInterval } from '../../src/server/ingest/sources/types.ts';
import { type FakeAnswer, type FakeUpstream, fixture, startFakeUpstream } from '../setup/fakeUpstream.ts';

const STEP: Partial<Record<CandleInterval, number>> = { '1m': 60_000, '1h': 3_600_000, '1d': 86_400_000 };
const OKX_BARS: Record<string, CandleInterval> = { '1m': '1m', '1H': '1h', '1Dutc': '1d' };
const BYBIT_INTERVALS: Record<string, CandleInterval> = { '1': '1m', '60': '1h', D: '1d' };
const KRAKEN_MINUTES: Record<string, CandleInterval> = { '1': '1m', '60': '1h', '1440': '1d' };

export interface CandleAsk {
  source: 'binance' | 'okx' | 'bybit' | 'kraken';
  instrument: string;
  interval: CandleInterval;
  limit: number | null;
  /** The page asked for: candles that opened before this time (ms). */
  before: number | null;
  /** The test clock's time of the request. */
  at: number;
}

export interface Clock {
  now(): number;
  sleep(ms: number): Promise<void>;
  /** Moves the clock on (a test's "later"). */
  advance(ms: number): void;
}

/** A clock that moves only when something waits on it: nothing really sleeps. */
export function fakeClock(start = Date.now()): Clock {
  let t = start;
  return {
    now: () => t,
    sleep: async (ms) => {
      t += ms;
    },
    advance: (ms) => {
      t += ms;
    },
  };
}

export interface CandleUpstream {
  upstream: FakeUpstream;
  asked: CandleAsk[];
  /** Another answer for the requests it matches (null: the candles). */
  fail: (ask: CandleAsk) => FakeAnswer | null;
  /** Candles each pair has (null: every answer is the four newest). */
  history: number | null;
  /** The real adapters on the fake, on the test's clock, retrying nothing. */
  sources(): { binance: BinanceSpot; okx: Okx; bybit: Bybit; kraken: Kraken };
  close(): Promise<void>;
}

/** Opening times of the `n` newest candles of `interval` opened before `end`, oldest first. */
function times(interval: CandleInterval, n: number, end: number): number[] {
  const step = STEP[interval]!;
  const last = Math.floor((end - 1) / step) * step;
  return Array.from({ length: n }, (_, i) => last - (n - 1 - i) * step);
}

export async function startCandleUpstream(clock: Clock): Promise<CandleUpstream> {
  const asked: CandleAsk[] = [];
  const state: CandleUpstream = {} as CandleUpstream;
  const answer = (ask: Omit<CandleAsk, 'at'>, body: (at: number[]) => unknown): FakeAnswer => {
    const full = { ...ask, at: clock.now() };
    asked.push(full);
    const now = clock.now() + 1; // the open candle too
    if (state.history === null) return state.fail(full) ?? { body: body(times(ask.interval, 4, now)) };
    // The pair's first candle, and how many of its candles opened before the page's end.
    const step = STEP[ask.interval]!;
    const end = Math.min(ask.before ?? now, now);
    const first = (Math.floor((now - 1) / step) - state.history + 1) * step;
    const available = Math.max(0, Math.ceil((end - first) / step));
    return state.fail(full) ?? { body: body(times(ask.interval, Math.min(ask.limit ?? 720, available), end)) };
  };
  /** A fixture row for the i-th candle of an answer longer than the fixture. */
  const cycle = <T>(rows: T[], i: number) => rows[i % rows.length]!;
  const optional = (v: string | null, shift = 0) => (v === null ? null : Number(v) + shift);
  const binance = fixture<unknown[][]>('binance', 'klines');
  const okx = fixture<{ data: string[][] }>('okx', 'candles');
  const bybit = fixture<{ result: { list: string[][] } }>('bybit', 'kline');
  const kraken = fixture<{ result: Record<string, unknown[][]> }>('kraken', 'OHLC');
  const krakenRows = kraken.result.XXBTZUSD!;
  const upstream = await startFakeUpstream({
    '/api/v3/klines': (q) =>
      answer(
        {
          source: 'binance',
          instrument: q.get('symbol')!,
          interval: q.get('interval') as CandleInterval,
          limit: Number(q.get('limit')),
          before: optional(q.get('endTime'), 1),
        },
        (at) =>
          at.map((t, i) => [
            t,
            ...cycle(binance, i).slice(1, 6),
            t + STEP[q.get('interval') as CandleInterval]! - 1,
            ...cycle(binance, i).slice(7),
          ]),
      ),
    // OKX and Bybit answer newest first.
    '/api/v5/market/candles': (q) =>
      answer(
        {
          source: 'okx',
          instrument: q.get('instId')!,
          interval: OKX_BARS[q.get('bar')!]!,
          limit: Number(q.get('limit')),
          before: optional(q.get('after')),
        },
        (at) => ({ ...okx, data: at.map((_, i) => [String(at[at.length - 1 - i]), ...cycle(okx.data, i).slice(1)]) }),
      ),
    '/v5/market/kline': (q) =>
      answer(
        {
          source: 'bybit',
          instrument: q.get('symbol')!,
          interval: BYBIT_INTERVALS[q.get('interval')!]!,
          limit: Number(q.get('limit')),
          before: optional(q.get('end'), 1),
        },
        (at) => ({
          ...bybit,
          result: {
            ...bybit.result,
            symbol: q.get('symbol'),
            list: at.map((_, i) => [String(at[at.length - 1 - i]), ...cycle(bybit.result.list, i).slice(1)]),
          },
        }),
      ),
    '/v5/market/instruments-info': (q) => {
      const category = q.get('category');
      const name =
        category === 'linear'
          ? q.get('cursor')
            ? 'instruments-linear-2'
            : 'instruments-linear-1'
          : `instruments-${category}`;
      return { body: fixture('bybit', name) };
    },
    // Kraken answers its whole window, oldest first, in seconds, under its own key for the pair.
    '/0/public/OHLC': (q) =>
      answer(
        {
          source: 'kraken',
          instrument: q.get('pair')!,
          interval: KRAKEN_MINUTES[q.get('interval')!]!,
          limit: null,
          before: null,
        },
        (at) => ({
          error: [],
          result: {
            [q.get('pair')!]: at.map((t, i) => [t / 1000, ...cycle(krakenRows, i).slice(1)]),
            last: at.at(-2)! / 1000,
          },
        }),
      ),
  });
  const options = { baseUrl: upstream.url, retries: 0, sleep: async () => {}, now: () => clock.now() };
  Object.assign(state, {
    upstream,
    asked,
    fail: () => null,
    history: null,
    sources: () => ({
      binance: new BinanceSpot(options),
      okx: new Okx(options),
      bybit: new Bybit(options),
      kraken: new Kraken(options),
    }),
    close: () => upstream.close(),
  } satisfies CandleUpstream);
  return state;
}
