import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { aggregate } from '../../src/server/ingest/aggregate.ts';
import { backfillHistory, planBackfill } from '../../src/server/ingest/backfill.ts';
import { LiveMarket } from '../../src/server/ingest/market.ts';
import type {
  CandleInterval,
  SourceCandle,
  SourceState,
  SourceTicker,
  TickerSource,
} from '../../src/server/ingest/sources/types.ts';
import { apiHarness } from './helpers.ts';

const { db } = apiHarness();
const DAY = 86_400_000;
const HOUR = 3_600_000;
const MINUTE = 60_000;

const ticker = (
  over: Partial<SourceTicker> & Pick<SourceTicker, 'source' | 'instrument' | 'base' | 'quote' | 'last'>,
): SourceTicker => ({
  exchange: over.source,
  market: 'spot',
  contractType: null,
  expiry: null,
  open24h: null,
  high24h: null,
  low24h: null,
  change24h: null,
  baseVolume24h: null,
  quoteVolume24h: 1_000_000,
  bid: null,
  ask: null,
  at: Date.now(),
  ...over,
});

class CandleSource implements TickerSource {
  readonly exchange;
  answer: SourceTicker[] = [];
  asked: string[] = [];
  fail = false;
  constructor(readonly name: string) {
    this.exchange = { name, displayName: name, website: `https://${name}.example`, hasFutures: false };
  }
  async tickers() {
    return this.answer;
  }
  async candles(instrument: string, interval: CandleInterval, limit: number): Promise<SourceCandle[]> {
    this.asked.push(`${instrument} ${interval} ${limit}`);
    if (this.fail) throw new Error(`${this.name}: HTTP 500`);
    const step = interval === '1d' ? DAY : interval === '1h' ? HOUR : MINUTE;
    const last = Math.floor(Date.now() / step) * step;
    return [2, 1, 0].map((n) => ({
      openTime: last - n * step,
      open: 100 + n,
      high: 110 + n,
      low: 90 + n,
      close: 105 + n,
      volume: 10,
    }));
  }
  state(): SourceState {
    return {
      name: this.name,
      status: 'ok',
      lastSuccessAt: null,
      lastError: null,
      budget: { used: 0, limit: 1, windowMs: 1 },
    };
  }
}

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db().execute(query)) as unknown as { rows: T[] }).rows;
}

const bySymbol = new Map([
  ['BTC', 'bitcoin'],
  ['ETH', 'ethereum'],
  ['SOL', 'solana'],
]);

describe('history backfill', () => {
  it('plans the busiest usable spot pair of each top coin', () => {
    const a = new CandleSource('a');
    const b = new CandleSource('b');
    const noCandles = { ...new CandleSource('c'), candles: undefined, name: 'c' } as unknown as TickerSource;
    const tickers = [
      ticker({ source: 'a', instrument: 'BTCUSDT', base: 'BTC', quote: 'USDT', last: 64_000, quoteVolume24h: 5e6 }),
      ticker({ source: 'b', instrument: 'XBTEUR', base: 'BTC', quote: 'EUR', last: 59_000, quoteVolume24h: 9e6 }),
      ticker({ source: 'c', instrument: 'BTC-USD', base: 'BTC', quote: 'USD', last: 64_000, quoteVolume24h: 9e9 }),
      ticker({
        source: 'a',
        instrument: 'BTCUSDT-PERP',
        base: 'BTC',
        quote: 'USDT',
        last: 64_000,
        market: 'futures',
        contractType: 'PERPETUAL',
        quoteVolume24h: 9e9,
      }),
      ticker({ source: 'a', instrument: 'ETHUSDT', base: 'ETH', quote: 'USDT', last: 3000, quoteVolume24h: 1e6 }),
      ticker({ source: 'a', instrument: 'SOLUSDT', base: 'SOL', quote: 'USDT', last: 150, quoteVolume24h: 2e6 }),
    ];
    const result = aggregate({ tickers, now: Date.now(), staleMs: 60_000, fiatPerUsd: { EUR: 0.92 } });
    const plan = planBackfill({ sources: [a, b, noCandles], result, bySymbol, coins: 2 });
    expect(plan.map((p) => [p.coinId, p.source.name, p.instrument])).toEqual([
      ['bitcoin', 'b', 'XBTEUR'],
      ['solana', 'a', 'SOLUSDT'],
    ]);
    expect(plan[0]!.quoteUsd).toBeCloseTo(1 / 0.92, 10);
  });

  it('replaces the stored candles of the span with the source’s, in USD, and keeps older ones', async () => {
    const [older] = await rows<{ n: number }>(
      sql`select count(*)::int as n from klines where coin_id = 'bitcoin' and interval = '1d' and open_time < now() - interval '3 days'`,
    );
    expect(older!.n).toBeGreaterThan(0);
    const src = new CandleSource('b');
    const result = aggregate({
      tickers: [ticker({ source: 'b', instrument: 'XBTEUR', base: 'BTC', quote: 'EUR', last: 59_000 })],
      now: Date.now(),
      staleMs: 60_000,
      fiatPerUsd: { EUR: 0.5 },
    });
    expect(await backfillHistory({ db: db(), sources: [src], result, bySymbol, coins: 5 })).toBe(1);
    expect(src.asked).toEqual(['XBTEUR 1m 720', 'XBTEUR 1h 170', 'XBTEUR 1d 367']);
    // The minutes too, on their own interval: the last three are the source's.
    const minutes = await rows<{ close: string }>(
      sql`select close::text from klines where coin_id = 'bitcoin' and interval = '1m' and open_time >= ${new Date(Math.floor(Date.now() / MINUTE) * MINUTE - 2 * MINUTE).toISOString()}::timestamptz order by open_time`,
    );
    expect(minutes).toEqual([{ close: '214' }, { close: '212' }, { close: '210' }]);
    const days = await rows<{ open: string; close: string; volume: string }>(
      sql`select open::text, close::text, volume::text from klines where coin_id = 'bitcoin' and interval = '1d' and open_time >= ${new Date(Math.floor(Date.now() / DAY) * DAY - 2 * DAY).toISOString()}::timestamptz order by open_time`,
    );
    // EUR at 0.5 per USD: 2 USD per EUR.
    expect(days).toEqual([
      { open: '204', close: '214', volume: '2140' },
      { open: '202', close: '212', volume: '2120' },
      { open: '200', close: '210', volume: '2100' },
    ]);
    const [after] = await rows<{ n: number }>(
      sql`select count(*)::int as n from klines where coin_id = 'bitcoin' and interval = '1d' and open_time < now() - interval '3 days'`,
    );
    expect(after!.n).toBe(older!.n);
  });

  it('leaves a coin’s history alone when its source fails', async () => {
    const before = await rows<{ close: string }>(
      sql`select close::text from klines where coin_id = 'ethereum' and interval = '1h' order by open_time desc limit 3`,
    );
    const src = new CandleSource('a');
    src.fail = true;
    const lines: string[] = [];
    const result = aggregate({
      tickers: [ticker({ source: 'a', instrument: 'ETHUSDT', base: 'ETH', quote: 'USDT', last: 3000 })],
      now: Date.now(),
      staleMs: 60_000,
      fiatPerUsd: {},
    });
    expect(
      await backfillHistory({ db: db(), sources: [src], result, bySymbol, coins: 5, log: (l) => lines.push(l) }),
    ).toBe(0);
    expect(lines).toEqual(['[backfill] ethereum from a ETHUSDT: a: HTTP 500; its stored history stays']);
    expect(
      await rows(
        sql`select close::text from klines where coin_id = 'ethereum' and interval = '1h' order by open_time desc limit 3`,
      ),
    ).toEqual(before);
  });

  it('runs once, after the live market’s first answered round', async () => {
    const src = new CandleSource('a');
    src.answer = [ticker({ source: 'a', instrument: 'SOLUSDT', base: 'SOL', quote: 'USDT', last: 150 })];
    const market = new LiveMarket({
      db: db(),
      sources: [src],
      intervalMs: 30_000,
      staleMs: 60_000,
      backfillCoins: 3,
      log: () => {},
    });
    await market.round();
    await market.round();
    await market.stop();
    expect(src.asked).toEqual(['SOLUSDT 1m 720', 'SOLUSDT 1h 170', 'SOLUSDT 1d 367']);
    const [last] = await rows<{ close: string }>(
      sql`select close::text from klines where coin_id = 'solana' and interval = '1h' order by open_time desc limit 1`,
    );
    expect(last!.close).toBe('105');
  });
});
