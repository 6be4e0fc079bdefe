import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signature } from '../../src/lib/signature.ts';
import { createApi } from '../../src/server/api/app.ts';
import { coins } from '../../src/server/db/schema/index.ts';
import { startRealtime, stopRealtime, type Realtime } from '../../src/server/realtime/index.ts';
import { apiHarness } from './helpers.ts';
import { sseReader } from './sse.ts';

const { get, db, handle } = apiHarness();
const api = createApi();
let hub: Realtime;

beforeAll(async () => {
  hub = await startRealtime({ handle: handle(), live: 'off' });
});
afterAll(async () => {
  await stopRealtime();
});

async function open(symbols: string, headers: Record<string, string> = {}) {
  const t = await signature(Date.now(), 'coinlens');
  const res = await api.request(`/api/stream/prices?symbols=${encodeURIComponent(symbols)}&t=${t}`, { headers });
  return { res, events: sseReader(res) };
}

describe('GET /api/stream/prices', () => {
  it.each([
    ['missing symbols', ''],
    ['an empty list', '?symbols=,,'],
    ['a bad id', '?symbols=bitcoin,not%20an%20id!'],
    ['too many ids', `?symbols=${Array.from({ length: 201 }, (_, i) => `coin${i}`).join(',')}`],
  ])('answers %s with a 400 envelope', async (_name, query) => {
    const { status, body, headers } = await get(`/api/stream/prices${query}`);
    expect(status).toBe(400);
    expect(body.code).toBe(400);
    expect(body.msg).toMatch(/symbols/);
    expect(headers.get('content-type')).toMatch(/json/);
  });

  it('requires the signature', async () => {
    const { status, body } = await get('/api/stream/prices?symbols=bitcoin', { signed: false });
    expect(status).toBe(400);
    expect(body.code).not.toBe(0);
  });

  it('sends a snapshot first, then the ticks of the requested coins only', async () => {
    const { res, events } = await open('bitcoin,ethereum,no-such-coin');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const first = await events.json();
    expect(first.data.type).toBe('snapshot');
    const [btc] = await db().select().from(coins).where(eq(coins.id, 'bitcoin'));
    expect(first.data.ticks.map((t) => t.coinId).sort()).toEqual(['bitcoin', 'ethereum']);
    expect(first.data.ticks.find((t) => t.coinId === 'bitcoin')!.price).toBe(Number(btc!.price));

    const at = Date.now();
    await hub.publish([{ coinId: 'solana', price: 123.45, change24h: 1, at }]);
    const [tick] = await hub.publish([{ coinId: 'bitcoin', price: 65_432.1, change24h: -2.5, at }]);
    const second = await events.json();
    expect(second.data).toEqual({ type: 'tick', ticks: [tick] });
    expect(second.id).toBe(String(tick!.seq));
    // Published ticks are written to the database too.
    const [after] = await db().select().from(coins).where(eq(coins.id, 'bitcoin'));
    expect(Number(after!.price)).toBe(65_432.1);
    // A new connection's snapshot has the live price.
    const again = await open('bitcoin');
    expect((await again.events.json()).data.ticks[0]).toMatchObject({
      coinId: 'bitcoin',
      price: 65_432.1,
      change24h: -2.5,
    });
    await again.events.close();
    await events.close();
  });

  it('replays the ticks missed since Last-Event-ID, else sends a snapshot', async () => {
    const at = Date.now();
    const [first] = await hub.publish([{ coinId: 'ethereum', price: 3001, change24h: 1, at }]);
    const missed = await hub.publish([
      { coinId: 'ethereum', price: 3002, change24h: 1.1, at: at + 1 },
      { coinId: 'bitcoin', price: 66_000, change24h: 0.5, at: at + 1 },
    ]);
    const { events } = await open('ethereum', { 'Last-Event-ID': String(first!.seq) });
    const replay = await events.json();
    expect(replay.data).toEqual({ type: 'tick', ticks: [missed[0]] });
    expect(replay.id).toBe(String(missed[0]!.seq));
    await events.close();

    // An id the buffer does not cover (or garbage) gets a fresh snapshot.
    for (const id of ['1', 'garbage']) {
      const s = await open('ethereum', { 'Last-Event-ID': id });
      const ev = await s.events.json();
      expect(ev.data.type).toBe('snapshot');
      expect(ev.data.ticks[0]).toMatchObject({ coinId: 'ethereum', price: 3002 });
      await s.events.close();
    }
  });

  it('stops streaming to clients when live prices stop', async () => {
    const { events } = await open('bitcoin');
    await events.json();
    expect(hub.connections).toBeGreaterThan(0);
    await hub.stop();
    await expect(events.next(2000)).rejects.toThrow(/ended/);
    hub = await startRealtime({ handle: handle(), live: 'off' });
  });
});
