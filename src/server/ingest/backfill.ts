/**
 * Price history from the sources' candles, for the coins that matter most, once the live market
 * has its first answers: without it a fresh live site would draw its charts from the demo seeder's
 * invented history. For each of the `coins` largest coins by live volume, the busiest spot pair
 * quoted in a currency with a USD reference, on a source that serves candles, gives minute (the
 * last 12 hours, or as many as the source answers at once: OKX 5 hours), hourly (a week) and daily
 * (a year) candles, converted to USD at the quote's current reference; they replace the stored
 * candles of the span they cover, leaving older ones in place. The 5- and 15-minute, 4-hour and
 * weekly charts are rolled up from these (src/features/market/klines/klines.server.ts), so they follow.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/index.ts';
import { dec } from '../seed/decimal.ts';
import { marketWrite } from '../realtime/persist.ts';
import type { AggregateResult } from './aggregate.ts';
import type { CandleInterval, SourceCandle, TickerSource } from './sources/types.ts';

/**
 * A week of hours and a year of days, and two more of each: the newest candle is the one still
 * open, and the 7-day and 1-year changes (figures.ts) need the candle that opened a full week or
 * year ago.
 */
const BACKFILL_SPANS: { interval: CandleInterval; limit: number; ms: number }[] = [
  { interval: '1m', limit: 720, ms: 60_000 },
  { interval: '1h', limit: 170, ms: 3_600_000 },
  { interval: '1d', limit: 367, ms: 86_400_000 },
];

interface BackfillOptions {
  db: Db;
  sources: TickerSource[];
  result: AggregateResult;
  bySymbol: Map<string, string>;
  /** How many coins, largest live volume first. */
  coins: number;
  log?: (line: string) => void;
}

interface BackfillPlan {
  coinId: string;
  source: TickerSource;
  instrument: string;
  /** USD per unit of the pair's quote, now. */
  quoteUsd: number;
}

/** The busiest usable pair of each of the top coins (pure, for tests). */
export function planBackfill(o: Pick<BackfillOptions, 'sources' | 'result' | 'bySymbol' | 'coins'>): BackfillPlan[] {
  const withCandles = new Map(o.sources.filter((s) => typeof s.candles === 'function').map((s) => [s.name, s]));
  const best = new Map<string, { plan: BackfillPlan; volume: number }>();
  for (const r of o.result.tickers) {
    const t = r.ticker;
    const source = withCandles.get(t.source);
    const coinId = o.bySymbol.get(t.base);
    const quoteUsd = o.result.quoteUsd[t.quote];
    if (!source || !coinId || r.excluded || t.market !== 'spot' || !quoteUsd || !(r.volumeUsd && r.volumeUsd > 0))
      continue;
    const seen = best.get(coinId);
    if (!seen || r.volumeUsd > seen.volume)
      best.set(coinId, { plan: { coinId, source, instrument: t.instrument, quoteUsd }, volume: r.volumeUsd });
  }
  const volumeOf = new Map([...o.result.coins.values()].map((c) => [o.bySymbol.get(c.symbol), c.volumeUsd]));
  return [...best.values()]
    .sort(
      (a, b) =>
        (volumeOf.get(b.plan.coinId) ?? 0) - (volumeOf.get(a.plan.coinId) ?? 0) ||
        a.plan.coinId.localeCompare(b.plan.coinId),
    )
    .slice(0, o.coins)
    .map((b) => b.plan);
}

/** Fetches and writes the history; a coin whose source fails keeps its stored candles. Returns the coins written. */
export async function backfillHistory(o: BackfillOptions): Promise<number> {
  let written = 0;
  for (const plan of planBackfill(o)) {
    try {
      const spans: { interval: CandleInterval; candles: SourceCandle[] }[] = [];
      for (const span of BACKFILL_SPANS)
        spans.push({
          interval: span.interval,
          candles: await plan.source.candles!(plan.instrument, span.interval, span.limit),
        });
      await writeHistory(o.db, plan, spans);
      written++;
    } catch (e) {
      o.log?.(
        `[backfill] ${plan.coinId} from ${plan.source.name} ${plan.instrument}: ${(e as Error).message}; its stored history stays`,
      );
    }
  }
  return written;
}

async function writeHistory(
  db: Db,
  plan: BackfillPlan,
  spans: { interval: CandleInterval; candles: SourceCandle[] }[],
): Promise<void> {
  const p = (values: unknown[]) => sql.param(values);
  const k = plan.quoteUsd;
  await marketWrite(db, async (tx) => {
    for (const { interval, candles } of spans) {
      const rows = candles.filter(
        (c) =>
          [c.open, c.high, c.low, c.close].every((x) => Number.isFinite(x) && x > 0) &&
          Number.isFinite(c.volume) &&
          c.volume >= 0,
      );
      if (!rows.length) continue;
      const from = new Date(rows[0]!.openTime).toISOString();
      const to = new Date(rows.at(-1)!.openTime).toISOString();
      // The span the source covers is the source's: the seeder's candles in it go.
      await tx.execute(
        sql`delete from klines where coin_id = ${plan.coinId} and interval = ${interval}::kline_interval and open_time between ${from}::timestamptz and ${to}::timestamptz`,
      );
      await tx.execute(sql`
        insert into klines (coin_id, interval, open_time, open, high, low, close, volume)
        select ${plan.coinId}, ${interval}::kline_interval, v.t, v.o, v.h, v.l, v.c, v.vol
        from unnest(${p(rows.map((c) => new Date(c.openTime).toISOString()))}::timestamptz[], ${p(rows.map((c) => dec(c.open * k)))}::numeric[],
                    ${p(rows.map((c) => dec(c.high * k)))}::numeric[], ${p(rows.map((c) => dec(c.low * k)))}::numeric[],
                    ${p(rows.map((c) => dec(c.close * k)))}::numeric[], ${p(rows.map((c) => dec(c.volume * c.close * k)))}::numeric[]) as v(t, o, h, l, c, vol)
        on conflict (coin_id, interval, open_time) do update set open = excluded.open, high = excluded.high, low = excluded.low, close = excluded.close, volume = excluded.volume`);
    }
  });
}
