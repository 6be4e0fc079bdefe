/**
 * What the history backfill fetches, and for which coins (pure): the spans, each source's request
 * rate, and the usable pairs of every coin a live round priced. The queue (queue.ts) keeps the
 * work, the worker (worker.ts) does it; the module comment of ../backfill.ts says why.
 */
import type { AggregateResult } from '../aggregate.ts';
import type { CandleInterval, TickerSource } from '../sources/types.ts';

/**
 * The spans of each coin, in the order they are fetched: newest ranges first. A day of minutes,
 * a month of hours (the demo history's 720) and a year of days, each two more: the newest candle
 * is the one still open, and the 30-day and 1-year changes (figures.ts) need the candle that
 * opened a full month or year ago. A source answers at most its own page of candles per request
 * (Binance and Bybit 1,000, Kraken 720, OKX 300): the worker pages back until the span is whole
 * (two requests for Binance's day of minutes, five for OKX's), except on Kraken, which serves its
 * last 720 and nothing older (12 hours of minutes, 30 days of hours, two years of days); the
 * rounds' own candles join them from then on.
 */
export const BACKFILL_SPANS: readonly { interval: CandleInterval; limit: number }[] = [
  { interval: '1m', limit: 1442 },
  { interval: '1h', limit: 722 },
  { interval: '1d', limit: 367 },
];

/**
 * Candle requests a minute the backfill makes of each source by default: a small share of what
 * the source documents per address, since the live rounds spend the same budget (and SourceHttp
 * refuses what would pass half of it):
 * - binance: 6,000 weight a minute, klines weigh 2: 120 requests are 240 (4 %), beside the
 *   rounds' ~200;
 * - binance-futures: 2,400 a minute, klines of 1,000 rows and more weigh 10: 30 are 300 (its
 *   pairs are futures, so only a coin with no spot pair elsewhere could come to it);
 * - okx: 40 candle requests per 2 seconds: 60 a minute (2.5 %);
 * - bybit: 600 requests per 5 seconds: 120 a minute (1.7 %);
 * - kraken: about one public request a second, on a decaying counter: 12 a minute (a fifth),
 *   beside the rounds' two to four.
 * BACKFILL_PER_MINUTE overrides them per source.
 */
export const DEFAULT_PER_MINUTE: Readonly<Record<string, number>> = {
  binance: 120,
  'binance-futures': 30,
  okx: 60,
  bybit: 120,
  kraken: 12,
};

/** A source without a default: a tenth of its own request budget per minute, 1 to 60. */
export function perMinuteOf(source: TickerSource, overrides: Readonly<Partial<Record<string, number>>> = {}): number {
  const own = overrides[source.name] ?? DEFAULT_PER_MINUTE[source.name];
  if (own !== undefined) return own;
  const { limit, windowMs } = source.state().budget;
  const perMinute = windowMs > 0 ? (limit * 60_000) / windowMs : 0;
  return Math.max(1, Math.min(60, Math.floor(perMinute / 10)));
}

/** A spot pair the backfill may read a coin's history from. */
export interface BackfillPair {
  source: string;
  instrument: string;
  /** USD per unit of the pair's quote, now. */
  quoteUsd: number;
}

export interface CoinPlan {
  coinId: string;
  /** Its usable pairs, busiest first: the first is taken when the coin has none yet (queue.ts). */
  pairs: BackfillPair[];
}

/**
 * The coins of a round with a spot pair on a source that serves candles, largest live volume
 * first (at most `coins` of them; undefined: all), each with its usable pairs: included (not
 * stale, not an outlier), quoted in a currency with a USD reference, with a volume.
 */
export function planBackfill(o: {
  sources: TickerSource[];
  result: AggregateResult;
  bySymbol: Map<string, string>;
  coins?: number;
}): CoinPlan[] {
  const withCandles = new Set(o.sources.filter((s) => typeof s.candles === 'function').map((s) => s.name));
  const pairs = new Map<string, (BackfillPair & { volume: number })[]>();
  for (const r of o.result.tickers) {
    const t = r.ticker;
    const coinId = o.bySymbol.get(t.base);
    const quoteUsd = o.result.quoteUsd[t.quote];
    if (!withCandles.has(t.source) || !coinId || r.excluded || t.market !== 'spot' || !quoteUsd) continue;
    if (!(r.volumeUsd && r.volumeUsd > 0)) continue;
    const own = pairs.get(coinId) ?? pairs.set(coinId, []).get(coinId)!;
    own.push({ source: t.source, instrument: t.instrument, quoteUsd, volume: r.volumeUsd });
  }
  const volumeOf = new Map([...o.result.coins.values()].map((c) => [o.bySymbol.get(c.symbol), c.volumeUsd]));
  return [...pairs]
    .map(([coinId, own]) => ({
      coinId,
      pairs: own
        .sort((a, b) => b.volume - a.volume || a.source.localeCompare(b.source))
        .map((p) => ({ source: p.source, instrument: p.instrument, quoteUsd: p.quoteUsd })),
    }))
    .sort((a, b) => (volumeOf.get(b.coinId) ?? 0) - (volumeOf.get(a.coinId) ?? 0) || a.coinId.localeCompare(b.coinId))
    .slice(0, o.coins ?? Number.POSITIVE_INFINITY);
}
