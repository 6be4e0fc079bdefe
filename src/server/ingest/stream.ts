/**
 * A source's WebSocket of price updates (Binance `!miniTicker@arr`), kept open: reconnects with
 * jittered exponential backoff after a close, an error or a silent connection (no message for
 * `idleMs`: half-open sockets never say they died), and after the exchange's own daily cut.
 * Messages go through the source's parser; a message that does not parse is counted and logged
 * once per connection, never thrown. Node 20 has no WebSocket client of its own, hence `ws`.
 */
import WebSocket from 'ws';
import type { SourceStreamSpec, SourceTicker } from './sources/types.ts';

interface StreamOptions extends Omit<SourceStreamSpec, 'parse'> {
  name: string;
  parse: (message: unknown) => SourceTicker[];
  onTickers: (tickers: SourceTicker[]) => void;
  log?: (line: string) => void;
  /** The first reconnect delay; doubles per failed attempt up to `maxBackoffMs`. */
  backoffMs?: number;
  maxBackoffMs?: number;
  /** No message for this long: the connection is dropped and made again. */
  idleMs?: number;
  random?: () => number;
}

export interface StreamState {
  name: string;
  connected: boolean;
  messages: number;
  errors: number;
  lastMessageAt: number | null;
}

/** Messages are a few hundred KB at most (every symbol's mini ticker); anything larger is not ours. */
const MAX_PAYLOAD = 8 * 2 ** 20;

export class SourceStream {
  private ws: WebSocket | null = null;
  private stopped = true;
  private attempt = 0;
  private reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  private idleTimer: ReturnType<typeof setTimeout> | undefined;
  private keepAliveTimer: ReturnType<typeof setInterval> | undefined;
  private complained = false;
  private readonly counts = { messages: 0, errors: 0, lastMessageAt: null as number | null };

  constructor(private readonly o: StreamOptions) {}

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.connect();
  }

  state(): StreamState {
    return { name: this.o.name, connected: this.ws?.readyState === WebSocket.OPEN, ...this.counts };
  }

  private connect(): void {
    if (this.stopped) return;
    const ws = new WebSocket(this.o.url, { handshakeTimeout: 10_000, maxPayload: MAX_PAYLOAD });
    this.ws = ws;
    this.complained = false;
    this.touch();
    ws.on('open', () => {
      this.attempt = 0;
      const subscriptions = this.o.subscribe?.() ?? [];
      for (const m of subscriptions) ws.send(JSON.stringify(m));
      this.o.log?.(
        `[stream] ${this.o.name}: connected${subscriptions.length ? ` (${subscriptions.length} subscription messages)` : ''}`,
      );
      const keepAlive = this.o.keepAlive;
      if (keepAlive) {
        this.keepAliveTimer = setInterval(
          () => ws.readyState === WebSocket.OPEN && ws.send(keepAlive.message),
          keepAlive.everyMs,
        );
        this.keepAliveTimer.unref?.();
      }
    });
    ws.on('message', (data) => {
      this.touch();
      const text = data.toString();
      if (this.o.keepAlive?.reply !== undefined && text === this.o.keepAlive.reply) return;
      this.counts.messages++;
      this.counts.lastMessageAt = Date.now();
      let tickers: SourceTicker[];
      try {
        tickers = this.o.parse(JSON.parse(text));
      } catch (e) {
        this.counts.errors++;
        if (!this.complained)
          this.o.log?.(
            `[stream] ${this.o.name}: ${(e as Error).message} (further errors on this connection are counted, not logged)`,
          );
        this.complained = true;
        return;
      }
      if (tickers.length) this.o.onTickers(tickers);
    });
    // Exchanges ping a quiet connection (ws answers the pong itself): alive, too.
    ws.on('ping', () => this.touch());
    // 'close' always follows; the error says why.
    ws.on('error', (e) => this.o.log?.(`[stream] ${this.o.name}: ${e.message}`));
    ws.on('close', () => {
      if (this.ws === ws) this.ws = null;
      clearTimeout(this.idleTimer);
      clearInterval(this.keepAliveTimer);
      if (!this.stopped) this.scheduleReconnect();
    });
  }

  private touch(): void {
    clearTimeout(this.idleTimer);
    const ws = this.ws;
    this.idleTimer = setTimeout(() => ws?.terminate(), this.o.idleMs ?? 30_000);
    this.idleTimer.unref?.();
  }

  private scheduleReconnect(): void {
    const base = Math.min(this.o.maxBackoffMs ?? 60_000, (this.o.backoffMs ?? 1000) * 2 ** this.attempt);
    this.attempt++;
    const delay = base * (0.5 + (this.o.random ?? Math.random)());
    this.reconnectTimer = setTimeout(() => this.connect(), delay);
    this.reconnectTimer.unref?.();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.reconnectTimer);
    clearTimeout(this.idleTimer);
    clearInterval(this.keepAliveTimer);
    const ws = this.ws;
    this.ws = null;
    if (!ws || ws.readyState === WebSocket.CLOSED) return;
    await new Promise<void>((resolve) => {
      ws.once('close', () => resolve());
      ws.terminate();
    });
  }
}
