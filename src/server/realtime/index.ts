/**
 * Live prices in this process: the price bus, its transport (PostgreSQL LISTEN/NOTIFY, the same
 * on the embedded server and on DATABASE_URL), the sources (the simulated market with LIVE=sim)
 * and the open SSE channels. Started by the boot module once the database is ready, stopped
 * before the database closes.
 */
import { inArray } from 'drizzle-orm';
import { config } from '../config.ts';
import type { DbHandle } from '../db/client.ts';
import { coins } from '../db/schema/index.ts';
import { marketChanged } from '../db/cache.ts';
import { num } from '../db/numbers.ts';
import { PriceBus } from './bus.ts';
import { TickWriter } from './persist.ts';
import { PgLink } from './pg.ts';
import { releaseAfterCloses } from './release.ts';
import { SimulatedMarket } from './simulator.ts';
import type { SseChannel } from './sse.ts';
import type { PriceSource, PriceTick, TickInput } from './types.ts';

export type { PriceSource, PriceTick, TickInput } from './types.ts';

interface RealtimeOptions {
  handle: DbHandle;
  /** `sim` runs the simulated market (in one process per database), `off` only relays. */
  live?: 'sim' | 'off';
  intervalMs?: number;
  /** Extra sources (real feeds); they run where the simulator would. */
  sources?: PriceSource[];
  /** How often a follower re-tries to become the leader, ms. */
  leaderRetryMs?: number;
  ringSize?: number;
  /** Most open streams of one client address (SSE_MAX_PER_CLIENT). */
  maxStreamsPerClient?: number;
  /** Most open streams in this process (SSE_MAX_STREAMS). */
  maxStreams?: number;
}

/** Whether a client may open one more stream: yes, not this client, or not anyone now. */
type StreamAdmission = 'ok' | 'client' | 'full';

export class Realtime {
  readonly bus: PriceBus;
  private readonly link: PgLink;
  private readonly sources: PriceSource[];
  private readonly channels = new Set<SseChannel>();
  /** Open streams per client address; an address leaves the map with its last stream. */
  private readonly perClient = new Map<string, number>();
  /** Gives memory back after a crowd of streams leaves (release.ts). */
  private readonly release = releaseAfterCloses();
  private readonly writer: TickWriter;
  private leaderTimer: ReturnType<typeof setInterval> | undefined;
  private leading = false;
  private stopped = false;
  /** Called with each round of a live (not simulated) source, in the process that runs it. */
  private readonly liveRound = new Set<(ticks: TickInput[]) => Promise<void>>();

  constructor(private readonly options: RealtimeOptions) {
    const { handle } = options;
    this.link = new PgLink({
      connection: handle.connection,
      db: handle.db,
      onLost: () => void this.stopSources(),
      onReconnected: () => this.bus.markGap(),
      onMarketChanged: () => marketChanged(handle.db),
      log: (m) => console.error(m),
    });
    this.writer = new TickWriter(handle.db);
    this.bus = new PriceBus({ transport: this.link, ringSize: options.ringSize });
    const live = options.live ?? 'off';
    this.sources = [
      ...(live === 'sim' ? [new SimulatedMarket({ db: handle.db, intervalMs: options.intervalMs ?? 3000 })] : []),
      ...(options.sources ?? []),
    ];
  }

  /** True when this process runs the sources. */
  get isLeader(): boolean {
    return this.leading;
  }

  async start(): Promise<void> {
    await this.bus.start();
    if (this.sources.length) await this.contend();
  }

  /** Tries to become the process that runs the sources now, and again every few seconds. */
  private async contend(): Promise<void> {
    const attempt = async () => {
      if (this.leading || this.stopped) return;
      try {
        if (await this.link.tryLead()) this.startSources();
      } catch (e) {
        console.error('[realtime] leader election failed:', (e as Error).message);
      }
    };
    await attempt();
    this.leaderTimer = setInterval(() => void attempt(), this.options.leaderRetryMs ?? 5000);
    this.leaderTimer.unref?.();
  }

  /**
   * Adds a source after start (LIVE=auto decides between the market sources and the simulated
   * market once the sources had a few seconds to answer); it runs at once if this process leads,
   * else when it becomes the leader.
   */
  async addSource(source: PriceSource): Promise<void> {
    if (this.stopped) return;
    this.sources.push(source);
    if (this.leading)
      void source.start(async (ticks) => {
        await this.publish(ticks, source.demo === true);
      });
    else if (!this.leaderTimer) await this.contend();
  }

  private startSources(): void {
    if (this.stopped || this.leading) return;
    this.leading = true;
    for (const source of this.sources)
      void source.start(async (ticks) => {
        await this.publish(ticks, source.demo === true);
      });
  }

  private async stopSources(): Promise<void> {
    if (!this.leading) return;
    this.leading = false;
    await Promise.all(this.sources.map((s) => s.stop()));
  }

  /**
   * Sends a round of ticks to every process, then writes it to the database (snapshots overlay
   * the latest ticks until the write lands).
   */
  async publish(ticks: TickInput[], demo = false): Promise<PriceTick[]> {
    if (!ticks.length || this.stopped) return [];
    const published = await this.bus.publish(ticks);
    await this.writer.write(ticks);
    if (!demo)
      for (const listener of this.liveRound)
        await listener(ticks).catch((e) => console.error('[realtime] round listener failed:', (e as Error).message));
    return published;
  }

  /**
   * Runs `listener` after each round of a live source (price alerts): only where the sources run,
   * so a round is seen once, and never for the simulated market's made-up prices.
   */
  onLiveRound(listener: (ticks: TickInput[]) => Promise<void>): () => void {
    this.liveRound.add(listener);
    return () => this.liveRound.delete(listener);
  }

  /** The latest known tick of each coin: this process's last tick, else the database row. */
  async snapshot(ids: string[]): Promise<PriceTick[]> {
    if (!ids.length) return [];
    const rows = await this.options.handle.db
      .select({ id: coins.id, price: coins.price, change24h: coins.change24h, updatedAt: coins.updatedAt })
      .from(coins)
      .where(inArray(coins.id, ids));
    const out: PriceTick[] = [];
    for (const r of rows) {
      const live = this.bus.latest(r.id);
      const at = r.updatedAt.getTime();
      if (live && live.at >= at) out.push(live);
      else if (num(r.price) !== null)
        out.push({ coinId: r.id, price: num(r.price) as number, change24h: num(r.change24h), at, seq: 0 });
    }
    return out;
  }

  /**
   * Whether `client` may open one more stream: each holds a socket, timers and a buffer, so
   * one address gets a few (a person's tabs), and the process a bounded number in all.
   */
  admit(client: string): StreamAdmission {
    if (this.channels.size >= (this.options.maxStreams ?? 10_000)) return 'full';
    if ((this.perClient.get(client) ?? 0) >= (this.options.maxStreamsPerClient ?? 20)) return 'client';
    return 'ok';
  }

  /** Keeps track of an open stream (of `client`) so stop() can end it and admit() count it. */
  track(channel: SseChannel, client = 'unknown'): void {
    if (this.stopped) {
      channel.close();
      return;
    }
    this.channels.add(channel);
    this.perClient.set(client, (this.perClient.get(client) ?? 0) + 1);
    channel.onClose(() => {
      this.release.closed();
      this.channels.delete(channel);
      const left = (this.perClient.get(client) ?? 1) - 1;
      if (left > 0) this.perClient.set(client, left);
      else this.perClient.delete(client);
    });
  }

  /** Open streams of one client address. */
  streamsOf(client: string): number {
    return this.perClient.get(client) ?? 0;
  }

  get connections(): number {
    return this.channels.size;
  }

  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    if (this.leaderTimer) clearInterval(this.leaderTimer);
    for (const channel of [...this.channels]) channel.close();
    this.release.stop();
    await this.stopSources();
    await this.bus.stop();
  }
}

const KEY = Symbol.for('coinlens.realtime');
type Slot = { hub?: Realtime; stop: () => Promise<void> };
// On globalThis so src/server/http/node/server.mjs (outside the bundle) can stop it, and a dev-server reload
// reuses the running one.
const slot: Slot = ((globalThis as Record<symbol, unknown>)[KEY] as Slot | undefined) ?? { stop: async () => {} };
(globalThis as Record<symbol, unknown>)[KEY] = slot;
slot.stop = stopRealtime;

/**
 * Starts live prices for a database (configured from LIVE and LIVE_INTERVAL_MS unless given);
 * replaces a running instance.
 * @example const rt = await startRealtime({ handle, live: 'off' }); await rt.publish([...])
 */
export async function startRealtime(options: RealtimeOptions): Promise<Realtime> {
  await stopRealtime();
  const { LIVE, LIVE_INTERVAL_MS, SSE_MAX_PER_CLIENT, SSE_MAX_STREAMS } = config();
  // auto and sources: the boot module decides and adds the market sources (addSource).
  const hub = new Realtime({
    live: LIVE === 'sim' ? 'sim' : 'off',
    intervalMs: LIVE_INTERVAL_MS,
    maxStreamsPerClient: SSE_MAX_PER_CLIENT,
    maxStreams: SSE_MAX_STREAMS,
    ...options,
  });
  slot.hub = hub;
  await hub.start();
  return hub;
}

/** The running instance, if any. */
export function currentRealtime(): Realtime | undefined {
  return slot.hub;
}

export async function stopRealtime(): Promise<void> {
  const hub = slot.hub;
  slot.hub = undefined;
  if (hub) await hub.stop();
}
