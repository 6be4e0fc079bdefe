import { Hono } from 'hono';
import { z } from 'zod';
import { config } from '../config.ts';
import { currentRealtime, type Realtime } from './index.ts';
import { SseChannel, type SseChannelOptions } from './sse.ts';
import type { PriceTick } from './types.ts';
import type { ApiEnv } from '../api/env.ts';
import { fail, parseQuery } from '../api/respond.ts';
import { slug } from '../api/schemas.ts';
import { doc } from '../api/openapi.ts';
import { CACHE } from '../http/cachePolicy.mjs';

/** Most coins one stream may follow. */
const MAX_STREAM_COINS = 200;

const streamQuery = z.object({
  symbols: z
    .string({ required_error: 'is required' })
    .transform((s) => [
      ...new Set(
        s
          .split(',')
          .map((x) => x.trim())
          .filter(Boolean),
      ),
    ])
    .pipe(
      z
        .array(slug)
        .min(1, 'must name at least one coin id')
        .max(MAX_STREAM_COINS, `must name at most ${MAX_STREAM_COINS} coin ids`),
    ),
  /** For clients that cannot send the Last-Event-ID header. */
  lastEventId: z.string().optional(),
});

/** What every stream message carries: `{ type, ticks: [{ coinId, price, change24h, at, seq }] }`. */
const message = (type: 'snapshot' | 'tick', ticks: PriceTick[]) => ({ type, ticks });

interface StreamRouteOptions extends SseChannelOptions {
  /** Which live-price instance serves the stream; default the process's running one. */
  realtime?: () => Realtime | undefined;
}

/**
 * GET /api/stream/prices?symbols=bitcoin,ethereum: server-sent events. First a snapshot of the
 * coins' latest prices (or, with Last-Event-ID, the ticks missed since that id while they are
 * still in the replay buffer), then every tick of those coins; `id:` is the tick sequence
 * number; a comment line every 15 s keeps the connection alive. One client address may hold
 * SSE_MAX_PER_CLIENT streams (then 429) and the process SSE_MAX_STREAMS (then 503), both with
 * Retry-After; a client that leaves SSE_CLIENT_BUFFER_KB unread is dropped.
 */
export function streamRoutes(options: StreamRouteOptions = {}) {
  const resolve = options.realtime ?? currentRealtime;
  return new Hono<ApiEnv>().get(
    '/stream/prices',
    doc({
      tag: 'Market',
      summary: 'Live prices as server-sent events',
      query: streamQuery,
      produces: 'text/event-stream',
    }),
    async (c) => {
      const q = parseQuery(c, streamQuery);
      const hub = resolve();
      if (!hub) return fail(c, 503, 503, c.get('t')('live.unavailable'));
      const client = c.env?.clientAddress ?? 'unknown';
      const admission = hub.admit(client);
      if (admission !== 'ok') {
        // A full house frees up as people leave; a client over its own share must close a stream.
        c.header('Retry-After', admission === 'full' ? '5' : '30');
        return admission === 'full'
          ? fail(c, 503, 5031, c.get('t')('shed.streamsFull'))
          : fail(c, 429, 4293, c.get('t')('shed.streamsPerClient'));
      }
      const ids = new Set(q.symbols);
      const channel = new SseChannel({ maxBytes: config().SSE_CLIENT_BUFFER_KB * 1024, ...options });
      hub.track(channel, client);
      // Ticks published while the snapshot is read are held back, then sent in order.
      let held: PriceTick[][] | null = [];
      let sentUpTo = 0;
      const forward = (ticks: PriceTick[]) => {
        const mine = ticks.filter((t) => ids.has(t.coinId) && t.seq > sentUpTo);
        if (!mine.length) return;
        sentUpTo = mine[mine.length - 1]!.seq;
        channel.send(message('tick', mine), sentUpTo);
      };
      const unsubscribe = hub.bus.subscribe((ticks) => (held ? held.push(ticks) : forward(ticks)));
      channel.onClose(unsubscribe);
      c.req.raw.signal.addEventListener('abort', () => channel.close());

      const lastId = Number(c.req.header('last-event-id') ?? q.lastEventId ?? Number.NaN);
      const replay = Number.isFinite(lastId) ? hub.bus.since(lastId) : null;
      if (replay) {
        sentUpTo = lastId;
        forward(replay);
      } else {
        try {
          const snapshot = await hub.snapshot([...ids]);
          sentUpTo = hub.bus.lastSeq;
          channel.send(message('snapshot', snapshot), sentUpTo);
        } catch (e) {
          console.error('[realtime] snapshot failed', e);
          channel.close();
        }
      }
      for (const ticks of held) forward(ticks);
      held = null;

      // Strings, not bytes (sse.ts says why): the Node server writes them as they are.
      return new Response(channel.stream as unknown as ReadableStream<Uint8Array>, {
        headers: {
          'Content-Type': 'text/event-stream; charset=utf-8',
          'Cache-Control': CACHE.none,
          'X-Accel-Buffering': 'no',
        },
      });
    },
  );
}
