/**
 * The live market: every INGEST_INTERVAL_MS a round asks every configured exchange source for its
 * tickers, aggregates the latest answer of each (see aggregate.ts and /methodology) and writes, in
 * one transaction (write.ts), the exchanges, their tickers with provenance (source, instrument,
 * expiry, exclusion) and each repriced coin's volume and sources. The coins' prices then go out as
 * ticks on the price bus (SSE) and through the tick writer (prices, market caps, candles), exactly
 * like the simulated market's.
 *
 * Sources do not wait for each other: a round waits at most ANSWER_WAIT_MS for the answers it asked
 * for, and a source still answering an earlier round's question (a hang, retries) is not asked
 * again nor waited for; its answer joins the round after it arrives.
 *
 * A coin's price changes only when a source gives a new figure for it (a pair reported at a later
 * time than the figures its price was computed from): the sources of an outage go stale one round
 * apart, and re-aggregating whoever is left would move the price with no new data. A coin whose
 * sources have all gone quiet keeps its last price, with the time of its newest figure
 * (`coins.price_at`), so the pages mark it stale.
 *
 * A source that fails keeps its last good tickers in memory and in the database: its pairs age,
 * become `stale` after STALE_MS and leave the prices, but no page goes blank. Each round stores
 * every source's state in site_meta (`source_states`), so /api/health answers it in every
 * process, including web processes that only relay an `npm run ingest` worker's ticks.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/index.ts';
import { rates } from '../db/schema/index.ts';
import { isFiat } from '../rates/rates.ts';
import type { PriceSource, TickInput } from '../realtime/types.ts';
import { aggregate } from './aggregate.ts';
import { CoinSymbols } from './coinSymbols.ts';
import { Repricing } from './repricing.ts';
import { relabel } from './sources/contracts.ts';
import { SourceStream, type StreamState } from './stream.ts';
import { HistoryBackfill, type BackfillSettings } from './backfill.ts';
import { Repeat } from '../realtime/repeat.ts';
import { exchangesOf, type SourceState, type SourceTicker, type TickerSource } from './sources/types.ts';
import { writeMarket } from './write.ts';

export { demoMarketPending, keepDemoMarket, pairName } from './write.ts';

/** Longest a round waits for the answers it asked for (the first round waits for all). */
const ANSWER_WAIT_MS = 5_000;

export interface LiveMarketOptions {
  db: Db;
  sources: TickerSource[];
  intervalMs: number;
  staleMs: number;
  now?: () => number;
  log?: (line: string) => void;
  /**
   * Between the REST rounds, the sources' WebSocket updates (those that have one) move the
   * prices: merged into the last answers, aggregated and published at most this often. 0: off.
   */
  streamIntervalMs?: number;
  /** Every answered round queues its coins' history from the sources' candles (backfill.ts); absent: off. */
  backfill?: BackfillSettings;
  /**
   * Answers already asked for, per source name (LIVE=auto's probe): the first round takes them
   * instead of asking again, and asks only when one failed.
   */
  asked?: Map<string, Promise<SourceTicker[]>>;
  /**
   * Longest a round after the first waits for the answers it asked for (default: ANSWER_WAIT_MS,
   * at most half the interval); later answers join the next round.
   */
  answerWaitMs?: number;
  /**
   * The demo market seeded on first run is still there ({@link demoMarketPending}): the first
   * round a source answers removes it (see {@link replaceDemoMarket}), so a first start with
   * network shows the sources' universe only. Only while nobody has signed up: people's data
   * may refer to its rows.
   */
  replaceDemo?: boolean;
}

export class LiveMarket implements PriceSource {
  readonly name = 'sources';
  private rounds: Repeat | null = null;
  private readonly lastGood = new Map<string, SourceTicker[]>();
  private readonly repricing: Repricing;
  private readonly symbols: CoinSymbols;
  private streams: SourceStream[] = [];
  private streamsStarted = false;
  /** The history backfill, planned from every answered round. */
  private readonly backfill: HistoryBackfill | null;
  private streamTimer: ReturnType<typeof setInterval> | undefined;
  /** Stream updates arrived since the last stream tick. */
  private dirty = false;
  private queue: Promise<unknown> = Promise.resolve();
  /** The price last published per coin: a stream tick sends only the coins that moved. */
  private readonly published = new Map<string, number>();
  /** The questions still out, per source: a source is asked again only once it has answered. */
  private readonly inflight = new Map<string, Promise<void>>();
  /** Sources that answered since the last round: whether each answer was new (TickerSource.refreshed). */
  private readonly arrived = new Map<string, boolean>();
  /** Cancels the questions still out when the market stops. */
  private abort = new AbortController();
  /** Rounds begun: the first waits for every answer. */
  private roundsBegun = 0;
  /** Whether the demo market is no longer to be replaced: done, or too late (see keepDemo). */
  private demoSettled = false;
  private roundDone!: () => void;
  /** Settles when the first round has written (a start that replaces the demo market waits for it). */
  readonly firstRound = new Promise<void>((resolve) => (this.roundDone = resolve));

  constructor(private readonly o: LiveMarketOptions) {
    this.repricing = new Repricing(o.db);
    this.symbols = new CoinSymbols(o);
    this.backfill = o.backfill
      ? new HistoryBackfill({ ...o.backfill, db: o.db, sources: o.sources, log: o.log })
      : null;
  }

  private now(): number {
    return (this.o.now ?? Date.now)();
  }

  /** From now on the demo market stays (pages are being served: people may refer to its rows). */
  keepDemo(): void {
    this.demoSettled = true;
  }

  start(publish: (ticks: TickInput[]) => Promise<void>): void {
    if (this.rounds?.running) return;
    this.streamsStarted = false;
    if (this.abort.signal.aborted) this.abort = new AbortController();
    this.rounds = new Repeat(
      this.o.intervalMs,
      async () => {
        try {
          // The questions outside the queue: stream ticks go on while the sources answer.
          await this.gather();
          await this.exclusive(() => this.settle().then((ticks) => publish(ticks)));
        } finally {
          this.roundDone();
        }
        // After the first round: subscriptions name the instruments its answers listed.
        if (!this.streamsStarted && this.rounds?.running) {
          this.streamsStarted = true;
          this.startStreams(publish);
        }
      },
      // The database's own words, not Drizzle's "Failed query" with the whole statement.
      (e) =>
        (this.o.log ?? console.error)(
          `[ingest] round failed: ${((e as Error).cause as Error | undefined)?.message ?? (e as Error).message}`,
        ),
    );
    this.rounds.start();
  }

  async stop(): Promise<void> {
    // Stopped first, so a round ending meanwhile starts no streams.
    const rounds = this.rounds?.stop();
    if (this.streamTimer) clearInterval(this.streamTimer);
    this.abort.abort();
    await Promise.all(this.streams.map((s) => s.stop()));
    this.streams = [];
    await rounds;
    await Promise.all(this.inflight.values());
    await this.queue;
    await this.backfill?.stop();
  }

  /** Rounds and stream ticks one at a time: both aggregate the same answers and publish. */
  private exclusive<T>(work: () => Promise<T>): Promise<T> {
    const run = this.queue.then(work, work);
    this.queue = run.then(
      () => undefined,
      () => undefined,
    );
    return run;
  }

  private startStreams(publish: (ticks: TickInput[]) => Promise<void>): void {
    const every = this.o.streamIntervalMs ?? 0;
    if (!every) return;
    for (const source of this.o.sources) {
      for (const spec of source.streams ?? []) {
        const stream = new SourceStream({
          name: source.name,
          url: spec.url,
          parse: (m) => spec.parse(m),
          subscribe: spec.subscribe ? () => spec.subscribe!() : undefined,
          keepAlive: spec.keepAlive,
          onTickers: (tickers) => this.merge(source.name, tickers),
          log: this.o.log ?? console.error,
        });
        this.streams.push(stream);
        stream.start();
      }
    }
    if (!this.streams.length) return;
    this.streamTimer = setInterval(() => {
      if (!this.dirty || !this.rounds?.running) return;
      this.dirty = false;
      void this.exclusive(() => this.streamTick().then((ticks) => publish(ticks))).catch((e) =>
        (this.o.log ?? console.error)(`[ingest] stream tick failed: ${(e as Error).message}`),
      );
    }, every);
    this.streamTimer.unref?.();
  }

  /**
   * A REST answer, keeping any pair the stream reported more recently than the answer did (a
   * REST snapshot can be a second or two older than the stream's latest): prices never go back.
   */
  private newest(source: string, answer: SourceTicker[]): SourceTicker[] {
    const known = this.lastGood.get(source);
    if (!known || !this.streams.length) return answer;
    const key = (t: SourceTicker) => `${t.market}\u0000${t.instrument}`;
    const before = new Map(known.map((t) => [key(t), t]));
    return answer.map((t) => {
      const b = before.get(key(t));
      return b && b.at > t.at ? { ...t, last: b.last, at: b.at } : t;
    });
  }

  /** A stream's updates replace the price fields of the pairs the last REST answer listed. */
  private merge(source: string, updates: SourceTicker[]): void {
    const known = this.lastGood.get(source);
    if (!known) return;
    const key = (t: SourceTicker) => `${t.market}\u0000${t.instrument}`;
    const fresh = new Map(updates.map((u) => [key(u), u]));
    let changed = false;
    const merged = known.map((t) => {
      const u = fresh.get(key(t));
      if (!u || u.at <= t.at) return t;
      changed = true;
      return {
        ...t,
        last: u.last,
        at: u.at,
        open24h: u.open24h ?? t.open24h,
        high24h: u.high24h ?? t.high24h,
        low24h: u.low24h ?? t.low24h,
        change24h: u.change24h ?? t.change24h,
        baseVolume24h: u.baseVolume24h ?? t.baseVolume24h,
        quoteVolume24h: u.quoteVolume24h ?? t.quoteVolume24h,
        bid: u.bid ?? t.bid,
        ask: u.ask ?? t.ask,
      };
    });
    if (!changed) return;
    this.lastGood.set(source, merged);
    this.dirty = true;
  }

  /**
   * The coins whose aggregated price moved since the last publication, from the merged answers;
   * nothing is written but the ticks (pairs and volumes are the REST rounds'), and no volume is
   * counted, since the rounds count the whole interval's.
   */
  async streamTick(): Promise<TickInput[]> {
    const now = this.now();
    const result = aggregate({
      tickers: relabel([...this.lastGood.values()].flat(), now),
      now,
      staleMs: this.o.staleMs,
      fiatPerUsd: await fiatPerUsd(this.o.db),
    });
    const repriced = this.repricing.withNewFigures(result);
    const moved = (await this.repricing.ticksOf(repriced.coins, await this.symbols.coinsBySymbol(now), now, 0)).filter(
      (t) => this.published.get(t.coinId) !== t.price,
    );
    repriced.commit();
    for (const t of moved) this.published.set(t.coinId, t.price);
    return moved;
  }

  /** Each source's state, with its stream's when it has one running. */
  states(): SourceState[] {
    // A source with several streams (Bybit: spot and futures) reports them as one: connected
    // when all are, their messages and errors added up, the latest message's time.
    const streams = new Map<string, StreamState[]>();
    for (const stream of this.streams) {
      const state = stream.state();
      streams.set(state.name, [...(streams.get(state.name) ?? []), state]);
    }
    return this.o.sources.map((s) => {
      const own = streams.get(s.name);
      if (!own) return s.state();
      const last = own.map((x) => x.lastMessageAt).filter((t): t is number => t !== null);
      return {
        ...s.state(),
        stream: {
          connected: own.every((x) => x.connected),
          messages: own.reduce((n, x) => n + x.messages, 0),
          errors: own.reduce((n, x) => n + x.errors, 0),
          lastMessageAt: last.length ? Math.max(...last) : null,
        },
      };
    });
  }

  /**
   * One round: ask every source not still answering, wait for those answers (the first round for
   * all, later ones at most `answerWaitMs`), aggregate each source's latest answer, write; returns
   * the ticks of the coins with new figures (not yet published).
   */
  async round(): Promise<TickInput[]> {
    await this.gather();
    return this.settle();
  }

  /** A round's questions: every source not still answering is asked; waits as {@link round} says. */
  private async gather(): Promise<void> {
    const asked = this.o.sources.filter((s) => !this.inflight.has(s.name)).map((s) => this.ask(s));
    const first = this.roundsBegun++ === 0;
    const wait = Math.min(this.o.answerWaitMs ?? ANSWER_WAIT_MS, this.o.intervalMs / 2);
    if (first) await Promise.all(asked);
    else {
      let timer: ReturnType<typeof setTimeout> | undefined;
      await Promise.race([Promise.all(asked), new Promise<void>((resolve) => (timer = setTimeout(resolve, wait)))]);
      clearTimeout(timer);
    }
  }

  /** The rest of a round, on the answers there are: aggregate, write; returns the ticks. */
  private async settle(): Promise<TickInput[]> {
    const { db, sources, staleMs } = this.o;
    // The answers and who gave them, taken together: one arriving later belongs to the next round.
    const tickers = [...this.lastGood.values()].flat();
    const arrived = [...this.arrived];
    this.arrived.clear();
    const now = this.now();
    const result = aggregate({ tickers: relabel(tickers, now), now, staleMs, fiatPerUsd: await fiatPerUsd(db) });
    const bySymbol = await this.symbols.withNewCoins(result, await this.symbols.coinsBySymbol(now), now);
    const answered = sources.filter((s) => arrived.some(([name]) => name === s.name)).map((s) => s.name);
    // Of those, the ones whose answer is new: only they make the data fresh (CoinGecko's markets
    // answer most rounds from memory).
    const renewed = sources.filter((s) => arrived.some(([name, fresh]) => name === s.name && fresh)).map((s) => s.name);
    const repriced = this.repricing.withNewFigures(result);
    const replaceDemo = !!this.o.replaceDemo && !this.demoSettled && answered.length > 0 && result.tickers.length > 0;
    const replaced = await writeMarket(db, { ...result, coins: repriced.coins }, bySymbol, {
      now,
      states: this.states(),
      answered,
      renewed,
      exchanges: sources.flatMap(exchangesOf),
      replaceDemo,
    });
    if (replaceDemo) this.demoSettled = true;
    if (replaced) {
      // The coins that went must not be looked up (and written to) again.
      this.symbols.forget();
      (this.o.log ?? console.error)(
        `[ingest] first start on the sources: the demo market is gone, ${result.coins.size} coins from ${answered.join(', ')}`,
      );
    }
    // In the background: the rounds go on while the candles load.
    if (answered.length) void this.backfill?.plan(result, bySymbol);
    const ticks = await this.repricing.ticksOf(repriced.coins, bySymbol, now, this.o.intervalMs);
    repriced.commit();
    for (const t of ticks) this.published.set(t.coinId, t.price);
    return ticks;
  }

  /**
   * Asks a source for its tickers (or takes the answer the probe asked for); its answer, when it
   * comes, becomes the source's latest (`lastGood`), a failure is logged and the last good one
   * stays. One question per source at a time.
   */
  private ask(source: TickerSource): Promise<void> {
    const signal = this.abort.signal;
    const probed = this.takeAsked(source.name);
    const answer = probed ? probed.catch(() => source.tickers(signal)) : source.tickers(signal);
    const done = answer
      .then(
        (tickers) => {
          if (signal.aborted) return;
          this.lastGood.set(source.name, this.newest(source.name, tickers));
          this.arrived.set(source.name, source.refreshed?.() ?? true);
        },
        (e: unknown) => {
          if (!signal.aborted) (this.o.log ?? console.error)(`[ingest] ${(e as Error).message}`);
        },
      )
      .finally(() => this.inflight.delete(source.name));
    this.inflight.set(source.name, done);
    return done;
  }

  /** A source's answer asked for before the first round, once. */
  private takeAsked(name: string): Promise<SourceTicker[]> | undefined {
    const answer = this.o.asked?.get(name);
    this.o.asked?.delete(name);
    return answer;
  }
}

/** Fiat units per USD from the rates table (the aggregation converts EUR, KRW… quotes with it). */
async function fiatPerUsd(db: Db): Promise<Record<string, number>> {
  const rows = await db.select({ symbol: rates.symbol, rate: sql<number>`${rates.rate}::float8` }).from(rates);
  return Object.fromEntries(rows.filter((r) => isFiat(r.symbol) && r.rate > 0).map((r) => [r.symbol, r.rate]));
}
