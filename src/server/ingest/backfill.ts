/**
 * Price history from the sources' candles for every coin with a spot pair on a source that serves
 * them: without it a live site would chart only what its rounds recorded since it started (or
 * the demo seeder's invented past). The live market (market.ts) hands each answered round here.
 *
 * - Queued (backfill/queue.ts, table kline_backfill): each round's coins, with the busiest usable
 *   spot pair quoted in a currency with a USD reference (backfill/plan.ts), are upserted into the
 *   queue. A coin keeps its pair, and the spans written from it, while that pair stays usable;
 *   when it goes (delisted, stale, an outlier) the coin takes its busiest pair then and starts
 *   over. A finished coin is not fetched again: the rounds keep its candles current (below),
 *   unless a worker starts to find its newest hourly candle more than two hours old (the site was
 *   down), then every span again. Coins no round prices any more keep their row and wait.
 * - Newest ranges first, coin by coin: a coin's minutes (a day, or as many as the source answers
 *   at once), then its hours (a month), then its days (a year), before the next coin, so the
 *   coins people look at most are whole first. Each span is written with its progress in one
 *   transaction, converted to USD at the quote's reference of the latest round, and replaces the
 *   stored candles of the span it covers, leaving older ones in place; after a restart a coin
 *   continues with its next span.
 * - Drained (backfill/worker.ts) in priority order, largest live volume first, one lane per
 *   source, the lanes in parallel, each at most its requests a minute (a small share of the
 *   source's documented limit, BACKFILL_PER_MINUTE to change it) and never while the rounds'
 *   budget is nearly spent. A failure backs that coin off (a minute, doubling to an hour; 429 and
 *   bans rest the lane too); its stored candles stay.
 * - Progress: /api/health `backfill` (backfill/progress.ts), read from the table.
 * - Kept current: the rounds' ticks write the open 1m, 1h and 1d candle of every coin they price
 *   (realtime/persist.ts), so after its backfill a coin's history goes on from the rounds. The
 *   5- and 15-minute, 4-hour and weekly charts are rolled up from these
 *   (src/features/market/klines/klines.server.ts), so they follow.
 */
import type { Db } from '../db/index.ts';
import type { AggregateResult } from './aggregate.ts';
import { planBackfill } from './backfill/plan.ts';
import { readBackfillProgress } from './backfill/progress.ts';
import { enqueue } from './backfill/queue.ts';
import { BackfillWorker, type WorkerOptions } from './backfill/worker.ts';

export { BACKFILL_SPANS, planBackfill } from './backfill/plan.ts';
export { readBackfillProgress, type BackfillProgress } from './backfill/progress.ts';

/** A drained queue looks again this often without a round (coins whose backoff ended). */
const IDLE_MS = 60_000;

export interface BackfillSettings {
  /** How many coins, largest live volume first; undefined: every one. */
  coins?: number;
  /** Requests a minute per source name, over the defaults (backfill/plan.ts). */
  perMinute?: Partial<Record<string, number>>;
  /** Tests: no background loop, the queue is drained by {@link HistoryBackfill.drain} alone. */
  manual?: boolean;
}

export class HistoryBackfill {
  private readonly worker: BackfillWorker;
  private latest: { result: AggregateResult; bySymbol: Map<string, string> } | null = null;
  private planning: Promise<void> = Promise.resolve();
  /** Whether this process has planned once (its first plan renews stopped histories). */
  private planned = false;
  private loop: Promise<void> | null = null;
  private abort = new AbortController();
  private woken = false;
  private wake: (() => void) | null = null;

  constructor(private readonly o: WorkerOptions & BackfillSettings) {
    this.worker = new BackfillWorker({ ...o, log: (line) => this.log(line) });
  }

  private log(line: string): void {
    (this.o.log ?? console.error)(line);
  }

  /**
   * Queues a round's coins and wakes the worker, in the background; resolves once queued. Rounds
   * arriving while one is being queued: only the latest is.
   */
  plan(result: AggregateResult, bySymbol: Map<string, string>): Promise<void> {
    this.latest = { result, bySymbol };
    this.planning = this.planning
      .then(async () => {
        const round = this.latest;
        if (!round) return;
        this.latest = null;
        const { db, sources, coins } = this.o;
        const plans = planBackfill({ sources, ...round, coins });
        const now = (this.o.now ?? Date.now)();
        this.worker.route(await enqueue(db, plans, { now, renewStale: !this.planned }));
        this.planned = true;
        this.kick();
      })
      .catch((e: unknown) => this.log(`[backfill] planning failed: ${messageOf(e)}`));
    return this.planning;
  }

  /** Drains what is due now and returns the spans written (tests; the loop does this in the background). */
  drain(): Promise<number> {
    return this.worker.drain(this.abort.signal);
  }

  private kick(): void {
    if (this.o.manual) return;
    this.woken = true;
    this.wake?.();
    this.loop ??= this.run(this.abort.signal);
  }

  private async run(signal: AbortSignal): Promise<void> {
    while (!signal.aborted) {
      this.woken = false;
      const written = await this.worker.drain(signal);
      if (written && !signal.aborted) await this.report(written, this.o.db);
      if (this.woken || signal.aborted) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, IDLE_MS);
        timer.unref?.();
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.wake = null;
    }
  }

  private async report(written: number, db: Db): Promise<void> {
    const p = await readBackfillProgress(db).catch(() => null);
    this.log(
      `[backfill] ${written} spans of price history written${p ? `; ${p.done} coins done, ${p.queued} queued (${p.failed} after a failure)` : ''}`,
    );
  }

  /** Stops after the requests in flight; the queue keeps the rest for the next start. */
  async stop(): Promise<void> {
    this.abort.abort();
    this.wake?.();
    await this.planning;
    await this.loop;
    this.loop = null;
    this.abort = new AbortController();
  }
}

function messageOf(e: unknown): string {
  return ((e as Error).cause as Error | undefined)?.message ?? (e as Error).message;
}
