/**
 * One server-sent-events connection as a web ReadableStream. Its queue of unsent events is
 * bounded in bytes: a client that stops reading (a stalled tab, a slow link) is dropped, and its
 * EventSource reconnects later with Last-Event-ID, instead of being buffered forever.
 *
 * The stream carries strings, not bytes. Astro hands each chunk to Node's `res.write`, which
 * takes strings and writes short ones from the stack; encoding every event to a Uint8Array
 * instead cost a malloc'd buffer per event per client, and with thousands of clients those
 * buffers spread glibc's heap in a way it never gives back (scripts/bench/load.mjs: 80 MB kept
 * after 5,000 streams had closed; 10 MB with strings). Readers in the same process (tests) take
 * strings too: tests/api/sse.ts.
 */

/** The default bound on a client's unread bytes. */
export const DEFAULT_MAX_BYTES = 128 * 1024;

export interface SseChannelOptions {
  /**
   * Most bytes waiting to be read before the client is dropped (SSE_CLIENT_BUFFER_KB, default
   * 128 KB; src/server/http/node/server.mjs bounds what waits in the socket the same way).
   */
  maxBytes?: number;
  /** A comment line this often keeps proxies from closing an idle stream. 0: none. */
  heartbeatMs?: number;
  /** The reconnection delay the browser should use, ms. */
  retryMs?: number;
}

/** Formats one event: `id:` line (when given) and the data, split on newlines. */
export function formatEvent(data: string, id?: number | string): string {
  const lines = data.split(/\r?\n/).map((l) => `data: ${l}`);
  return `${id !== undefined ? `id: ${id}\n` : ''}${lines.join('\n')}\n\n`;
}

export class SseChannel {
  readonly stream: ReadableStream<string>;
  private controller!: ReadableStreamDefaultController<string>;
  private heartbeat: ReturnType<typeof setInterval> | undefined;
  private closeHandlers: (() => void)[] = [];
  closed = false;
  /** Why the channel closed: the client left, it fell behind, or the server stopped. */
  reason: 'client' | 'slow' | 'server' | undefined;

  constructor(options: SseChannelOptions = {}) {
    const { maxBytes = DEFAULT_MAX_BYTES, heartbeatMs = 15_000, retryMs = 3000 } = options;
    this.stream = new ReadableStream<string>(
      {
        start: (controller) => {
          this.controller = controller;
        },
        cancel: () => this.finish('client'),
      },
      { highWaterMark: maxBytes, size: (chunk) => Buffer.byteLength(chunk ?? '') },
    );
    this.write(`retry: ${retryMs}\n\n`);
    if (heartbeatMs > 0) {
      this.heartbeat = setInterval(() => this.write(': heartbeat\n\n'), heartbeatMs);
      this.heartbeat.unref?.();
    }
  }

  /** Queues raw SSE text; drops the client when it would not fit. Returns false once closed. */
  write(text: string): boolean {
    if (this.closed) return false;
    const room = this.controller.desiredSize;
    if (room !== null && Buffer.byteLength(text) > room) {
      this.close('slow');
      return false;
    }
    this.controller.enqueue(text);
    return true;
  }

  send(data: unknown, id?: number): boolean {
    return this.write(formatEvent(JSON.stringify(data), id));
  }

  onClose(handler: () => void): void {
    if (this.closed) handler();
    else this.closeHandlers.push(handler);
  }

  /** Ends the stream from the server side. */
  close(reason: 'slow' | 'server' = 'server'): void {
    if (this.closed) return;
    try {
      // A dropped client's backlog is discarded at once rather than flushed.
      if (reason === 'slow') this.controller.error(new Error('client too slow'));
      else this.controller.close();
    } catch {
      /* already errored or cancelled */
    }
    this.finish(reason);
  }

  private finish(reason: 'client' | 'slow' | 'server'): void {
    if (this.closed) return;
    this.closed = true;
    this.reason = reason;
    if (this.heartbeat) clearInterval(this.heartbeat);
    for (const h of this.closeHandlers.splice(0)) h();
  }
}
