/**
 * The price bus: sources publish batches of ticks, subscribers (SSE connections) receive them.
 * A transport carries published batches to every process: PostgreSQL LISTEN/NOTIFY (pg.ts), or
 * in-process for unit tests. Every process keeps the latest
 * tick per coin and a bounded ring of recent ticks to replay after a reconnect.
 */
import { RingBuffer } from './ring.ts';
import type { PriceTick, TickInput } from './types.ts';

/** Carries published batches to the bus of every process (including the publisher's). */
export interface Transport {
  start(deliver: (ticks: PriceTick[]) => void): Promise<void>;
  send(ticks: PriceTick[]): Promise<void>;
  stop(): Promise<void>;
}

/** Delivers batches to this process only (unit tests of the bus). */
function localTransport(): Transport {
  let deliver: ((ticks: PriceTick[]) => void) | undefined;
  return {
    start: async (d) => {
      deliver = d;
    },
    send: async (ticks) => deliver?.(ticks),
    stop: async () => {
      deliver = undefined;
    },
  };
}

interface BusOptions {
  transport?: Transport;
  /** How many recent ticks are kept for Last-Event-ID replay. */
  ringSize?: number;
  now?: () => number;
}

type Listener = (ticks: PriceTick[]) => void;

export class PriceBus {
  private readonly listeners = new Set<Listener>();
  private readonly latestByCoin = new Map<string, PriceTick>();
  private readonly ring: RingBuffer<PriceTick>;
  private readonly transport: Transport;
  private readonly now: () => number;
  private seq = 0;
  /** The ring holds every tick with a sequence number above this. */
  private coveredAfter: number;
  private started = false;

  constructor(options: BusOptions = {}) {
    this.transport = options.transport ?? localTransport();
    this.ring = new RingBuffer(options.ringSize ?? 5000);
    this.now = options.now ?? Date.now;
    // Ticks published before this process started are unknown to it.
    this.coveredAfter = this.now() * 1000;
  }

  async start(): Promise<void> {
    if (this.started) return;
    this.started = true;
    await this.transport.start((ticks) => this.deliver(ticks));
  }

  async stop(): Promise<void> {
    this.started = false;
    this.listeners.clear();
    await this.transport.stop();
  }

  /**
   * Numbers a batch and sends it to every process. Sequence numbers are microseconds since the
   * epoch (bumped to stay increasing), so they grow across publishers and restarts alike.
   */
  async publish(batch: TickInput[]): Promise<PriceTick[]> {
    const ticks = batch.map((t) => {
      this.seq = Math.max(this.seq + 1, this.now() * 1000);
      return { coinId: t.coinId, price: t.price, change24h: t.change24h, at: t.at, seq: this.seq };
    });
    if (ticks.length) await this.transport.send(ticks);
    return ticks;
  }

  /** Receives a batch from the transport. */
  deliver(ticks: PriceTick[]): void {
    const fresh: PriceTick[] = [];
    for (const tick of ticks) {
      if (tick.seq <= this.lastSeq && this.latestByCoin.get(tick.coinId)?.seq === tick.seq) continue;
      fresh.push(tick);
      this.seq = Math.max(this.seq, tick.seq);
      const prev = this.latestByCoin.get(tick.coinId);
      if (!prev || prev.seq < tick.seq) this.latestByCoin.set(tick.coinId, tick);
      const evicted = this.ring.push(tick);
      if (evicted) this.coveredAfter = Math.max(this.coveredAfter, evicted.seq);
    }
    if (!fresh.length) return;
    for (const listener of this.listeners) {
      try {
        listener(fresh);
      } catch (e) {
        console.error('[realtime] listener failed', e);
      }
    }
  }

  /** Ticks may have been missed (a lost LISTEN connection): nothing before now is replayed. */
  markGap(): void {
    this.coveredAfter = Math.max(this.coveredAfter, this.seq, this.now() * 1000);
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  get subscribers(): number {
    return this.listeners.size;
  }

  /** The highest sequence number seen (0 before the first tick). */
  get lastSeq(): number {
    return this.ring.size ? this.seq : 0;
  }

  latest(coinId: string): PriceTick | undefined {
    return this.latestByCoin.get(coinId);
  }

  /**
   * Every tick after `seq`, oldest first, or null when some of them are no longer (or were
   * never) in the ring, or `seq` is from the future: the caller sends a snapshot instead.
   */
  since(seq: number): PriceTick[] | null {
    if (!Number.isFinite(seq) || seq < this.coveredAfter || seq > this.seq) return null;
    return this.ring.filter((t) => t.seq > seq);
  }
}
