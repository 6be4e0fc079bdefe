// Bounds on live-price streams: per client address, in all, and on what a client leaves unread.
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signature } from '../../src/lib/signature.ts';
import { createApi } from '../../src/server/api/app.ts';
import type { ApiEnv } from '../../src/server/api/env.ts';
import { requestContext } from '../../src/server/api/middleware/context.ts';
import { streamRoutes } from '../../src/server/realtime/routes.ts';
import { startRealtime, stopRealtime, type Realtime } from '../../src/server/realtime/index.ts';
import { apiHarness } from './helpers.ts';

const { handle } = apiHarness();
const api = createApi();
let hub: Realtime;

beforeAll(async () => {
  hub = await startRealtime({ handle: handle(), live: 'off', maxStreamsPerClient: 2, maxStreams: 3 });
});
afterAll(async () => {
  await stopRealtime();
});

async function open(ip: string, query = '', app: { request: typeof api.request } = api) {
  const t = await signature(Date.now(), 'coinlens');
  return app.request(`/api/stream/prices?symbols=bitcoin&t=${t}${query}`, {}, { clientAddress: ip });
}

describe('stream caps', () => {
  it('gives one address its share (then 429), the process its total (then 503), and frees a slot when a stream ends', async () => {
    const a1 = await open('203.0.113.1');
    const a2 = await open('203.0.113.1');
    expect([a1.status, a2.status]).toEqual([200, 200]);
    expect(hub.streamsOf('203.0.113.1')).toBe(2);

    const refused = await open('203.0.113.1', '&lan=zh');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('30');
    const body = await refused.json();
    expect(body).toMatchObject({ code: 4293, data: null });
    expect(body.msg).toMatch(/[\u4e00-\u9fff]/);

    // Another address is still served, up to the total of 3.
    const b1 = await open('203.0.113.2');
    expect(b1.status).toBe(200);
    const full = await open('203.0.113.3');
    expect(full.status).toBe(503);
    expect(full.headers.get('retry-after')).toBe('5');
    expect(await full.json()).toMatchObject({ code: 5031, data: null });
    expect(hub.connections).toBe(3);

    // A tab closes: its address may open another.
    await a1.body!.cancel();
    expect(hub.streamsOf('203.0.113.1')).toBe(1);
    const a3 = await open('203.0.113.1');
    expect(a3.status).toBe(200);
    for (const res of [a2, b1, a3]) await res.body!.cancel();
    expect(hub.connections).toBe(0);
    expect(hub.streamsOf('203.0.113.1')).toBe(0);
  });

  it('drops a client that does not read once its unread bytes pass the bound', async () => {
    const small = new Hono<ApiEnv>()
      .basePath('/api')
      .use('*', requestContext)
      .route('/', streamRoutes({ maxBytes: 4096, heartbeatMs: 0, realtime: () => hub }));
    const stalled = await open('198.51.100.9', '', small);
    expect(stalled.status).toBe(200);
    expect(hub.streamsOf('198.51.100.9')).toBe(1);
    // Ticks of ~100 bytes each, never read: the client goes before 4 KB of them wait.
    let published = 0;
    while (hub.streamsOf('198.51.100.9') > 0 && published < 200) {
      await hub.publish([{ coinId: 'bitcoin', price: 60_000 + published, change24h: 1, at: Date.now() }]);
      published++;
    }
    expect(hub.streamsOf('198.51.100.9')).toBe(0);
    expect(published).toBeGreaterThan(10);
    expect(published).toBeLessThan(60);
    await expect(stalled.body!.getReader().read()).rejects.toThrow(/slow/);
  });
});
