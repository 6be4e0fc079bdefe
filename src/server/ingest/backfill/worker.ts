/**
 * Drains the backfill's queue: one lane per source, the lanes in parallel, each taking its coins
 * one span at a time in the latest round's order (largest volume first) at most its requests a
 * minute (plan.ts). A failed span backs its coin off (a minute, doubling to an hour) and the lane
 * goes on with the next coin; a rate-limit answer also rests the lane for a while.
 */
import type { Db } from '../../db/index.ts';
import { defaultSleep, SourceError } from '../sources/http.ts';
import type { CandleInterval, SourceCandle, TickerSource } from '../sources/types.ts';
import { BACKFILL_SPANS, perMinuteOf } from './plan.ts';
import { nextDue, recordFailure, type Route, writeSpan } from './queue.ts';

/** A coin's first retry waits this long; each failure after doubles it, up to MAX_BACKOFF_MS. */
export const BACKOFF_MS = 60_000;
export const MAX_BACKOFF_MS = 3_600_000;
/** How long a lane rests after its source said it is asked too often (429, a ban, a spent budget). */
export const LIMITED_PAUSE_MS = 30_000;
/** Requests for one span at the most: OKX's 300 a page take five for a day of minutes. */
const MAX_PAGES = 6;
/** A lane waits while the source's own budget (rounds included) is this full: the rounds come first. */
const HEADROOM = 0.8;

export const backoffMs = (attempts: number) => Math.min(MAX_BACKOFF_MS, BACKOFF_MS * 2 ** Math.max(0, attempts - 1));

type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

export interface WorkerOptions {
  db: Db;
  sources: TickerSource[];
  /** Requests a minute per source name, over plan.ts's defaults. */
  perMinute?: Partial<Record<string, number>>;
  /** Tests: a clock, and a wait that moves it (nothing really sleeps). */
  now?: () => number;
  sleep?: Sleep;
  log?: (line: string) => void;
}

/** At most `perMinute` requests in any 60 seconds, and none while the source's budget is nearly spent. */
class RequestLimiter {
  private readonly sent: number[] = [];
  private restUntil = 0;

  constructor(
    private readonly perMinute: number,
    private readonly now: () => number,
    private readonly sleep: Sleep,
  ) {}

  rest(until: number): void {
    this.restUntil = Math.max(this.restUntil, until);
  }

  /** Waits for a request's turn and counts it; false when cancelled. */
  async take(source: TickerSource, signal?: AbortSignal): Promise<boolean> {
    while (!signal?.aborted) {
      const now = this.now();
      while (this.sent.length && this.sent[0]! <= now - 60_000) this.sent.shift();
      const budget = source.state().budget;
      const wait =
        now < this.restUntil
          ? this.restUntil - now
          : this.sent.length >= this.perMinute
            ? this.sent[0]! + 60_000 - now
            : budget.limit > 0 && budget.used >= budget.limit * HEADROOM
              ? Math.max(250, budget.windowMs / 4)
              : 0;
      if (wait <= 0) {
        this.sent.push(now);
        return true;
      }
      try {
        await this.sleep(wait, signal);
      } catch {
        return false;
      }
    }
    return false;
  }
}

/** A source saying it is asked too often: 429, Binance's 418 ban, Bybit's 403, a spent budget. */
function rateLimited(e: unknown): boolean {
  return (
    e instanceof SourceError &&
    ([429, 418, 403].includes(e.status ?? 0) || /resting|budget spent|rate limit|too many requests/i.test(e.message))
  );
}

export class BackfillWorker {
  /** Per source, its coins in the latest round's order, with their pair. */
  private routes = new Map<string, (Route & { coinId: string })[]>();
  private readonly limiters = new Map<string, RequestLimiter>();
  private readonly now: () => number;
  private readonly sleep: Sleep;

  constructor(private readonly o: WorkerOptions) {
    this.now = o.now ?? Date.now;
    this.sleep = o.sleep ?? defaultSleep;
  }

  /** The pairs of the latest plan (queue.ts `enqueue`), in its order. */
  route(routes: Map<string, Route>): void {
    const next = new Map<string, (Route & { coinId: string })[]>();
    for (const [coinId, route] of routes) {
      const own = next.get(route.source) ?? next.set(route.source, []).get(route.source)!;
      own.push({ coinId, ...route });
    }
    this.routes = next;
  }

  /** Fetches every span due now, the sources in parallel; resolves when none is left. Returns the spans written. */
  async drain(signal?: AbortSignal): Promise<number> {
    const lanes = this.o.sources.filter((s) => typeof s.candles === 'function' && this.routes.has(s.name));
    const settled = await Promise.allSettled(lanes.map((s) => this.lane(s, signal)));
    let written = 0;
    settled.forEach((r, i) => {
      if (r.status === 'fulfilled') written += r.value;
      else this.o.log?.(`[backfill] ${lanes[i]!.name}: ${messageOf(r.reason)}`);
    });
    return written;
  }

  private limiterOf(source: TickerSource): RequestLimiter {
    let limiter = this.limiters.get(source.name);
    if (!limiter) {
      limiter = new RequestLimiter(perMinuteOf(source, this.o.perMinute), this.now, this.sleep);
      this.limiters.set(source.name, limiter);
    }
    return limiter;
  }

  private async lane(source: TickerSource, signal?: AbortSignal): Promise<number> {
    const { db } = this.o;
    const limiter = this.limiterOf(source);
    let written = 0;
    while (!signal?.aborted) {
      // Read again each time: a round may have planned meanwhile.
      const order = this.routes.get(source.name) ?? [];
      const row = await nextDue(db, source.name, order, this.now());
      const route = row && order.find((r) => r.coinId === row.coinId);
      const span = row && BACKFILL_SPANS.find((s) => !row.done.includes(s.interval));
      if (!row || !route || !span) break;
      try {
        const candles = await fetchSpan(source, limiter, row.instrument, span, signal);
        if (!candles) break;
        if (await writeSpan(db, row, span.interval, candles, route.quoteUsd, this.now())) written++;
      } catch (e) {
        if (signal?.aborted) break;
        const now = this.now();
        const wait = backoffMs(row.attempts + 1);
        const message = messageOf(e);
        await recordFailure(db, row, message, { now, nextAt: now + wait });
        if (rateLimited(e)) limiter.rest(now + LIMITED_PAUSE_MS);
        this.o.log?.(
          `[backfill] ${row.coinId} ${span.interval} from ${source.name} ${row.instrument}: ${message}; its stored history stays, next try in ${Math.round(wait / 1000)} s`,
        );
      }
    }
    return written;
  }
}

/**
 * One span of a coin's candles, page by page back from the newest (a source answers at most its
 * `candlePage`: OKX 300, Binance and Bybit 1,000; one without it is asked once), each request
 * taking its turn; null when cancelled. It stops at the span's length, at a page shorter than
 * asked (the pair's first candle is in it) or after MAX_PAGES.
 */
async function fetchSpan(
  source: TickerSource,
  limiter: RequestLimiter,
  instrument: string,
  span: { interval: CandleInterval; limit: number },
  signal?: AbortSignal,
): Promise<SourceCandle[] | null> {
  let candles: SourceCandle[] = [];
  for (let page = 0; page < MAX_PAGES && candles.length < span.limit; page++) {
    if (!(await limiter.take(source, signal))) return null;
    const oldest = candles[0]?.openTime;
    const ask = span.limit - candles.length;
    const got = await source.candles!(instrument, span.interval, ask, signal, oldest);
    const older = oldest === undefined ? got : got.filter((c) => c.openTime < oldest);
    candles = [...older, ...candles];
    if (!source.candlePage || older.length < Math.min(ask, source.candlePage)) break;
  }
  return candles.slice(-span.limit);
}

/** The database's own words, not Drizzle's "Failed query" with the whole statement. */
function messageOf(e: unknown): string {
  return ((e as Error).cause as Error | undefined)?.message ?? (e as Error).message;
}
