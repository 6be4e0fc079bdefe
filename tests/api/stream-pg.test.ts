/**
 * Live prices across processes on one PostgreSQL database: two app instances, each with its
 * own connection pool, LISTEN connection and price bus (the embedded server and CI's Debian
 * PostgreSQL alike).
 */
import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signature } from '../../src/lib/signature.ts';
import type { ApiEnv } from '../../src/server/api/env.ts';
import { requestContext } from '../../src/server/api/middleware/context.ts';
import { streamRoutes } from '../../src/server/realtime/routes.ts';
import { openDatabase, type DbHandle } from '../../src/server/db/client.ts';
import { Realtime } from '../../src/server/realtime/index.ts';
import { apiHarness } from './helpers.ts';
import { sseReader } from './sse.ts';

describe('live prices over PostgreSQL LISTEN/NOTIFY', () => {
  const { handle } = apiHarness();
  let second: DbHandle;
  let a: Realtime;
  let b: Realtime;

  /** One "process": its own stream endpoint served by its own live-price instance. */
  const appFor = (hub: () => Realtime) =>
    new Hono<ApiEnv>()
      .basePath('/api')
      .use('*', requestContext)
      .route('/', streamRoutes({ realtime: hub }));
  const appA = appFor(() => a);
  const appB = appFor(() => b);

  async function open(app: Hono<ApiEnv>, symbols: string) {
    const t = await signature(Date.now(), 'coinlens');
    const res = await app.request(`/api/stream/prices?symbols=${symbols}&t=${t}`);
    expect(res.status).toBe(200);
    return sseReader(res);
  }

  beforeAll(async () => {
    second = openDatabase(handle().connection);
    a = new Realtime({ handle: handle(), live: 'sim', intervalMs: 400, leaderRetryMs: 300 });
    await a.start();
    b = new Realtime({ handle: second, live: 'sim', intervalMs: 400, leaderRetryMs: 300 });
    await b.start();
  });
  afterAll(async () => {
    await a?.stop();
    await b?.stop();
    await second?.close();
  });

  it('runs the simulated market in one process only', () => {
    expect(a.isLeader).toBe(true);
    expect(b.isLeader).toBe(false);
  });

  it('delivers a tick published by one instance to an SSE client of the other', async () => {
    // A coin the simulator never moves (it moves the top 100): a stream never sends a tick older
    // than one it has sent, and a simulated tick could overtake ours on the way (NOTIFY of
    // another connection).
    const quiet = (
      (await handle().db.execute(
        sql`select id from coins where rank is not null order by rank offset 150 limit 1`,
      )) as unknown as { rows: { id: string }[] }
    ).rows[0]!.id;
    const events = await open(appB, quiet);
    expect((await events.json()).data.type).toBe('snapshot');
    const [tick] = await a.publish([{ coinId: quiet, price: 70_001, change24h: 3, at: Date.now() }]);
    const ev = await events.json(10_000);
    expect(ev.data.ticks).toEqual([tick]);
    await events.close();
  });

  it('streams the simulated market to both instances with the same sequence numbers', async () => {
    const [ea, eb] = await Promise.all([open(appA, 'bitcoin,ethereum'), open(appB, 'bitcoin,ethereum')]);
    await Promise.all([ea.json(), eb.json()]); // snapshots
    // Either may have seen a round more before its snapshot: line the two streams up.
    let ta = await ea.json(5000);
    let tb = await eb.json(5000);
    for (let i = 0; i < 20 && ta.id !== tb.id; i++) {
      if (Number(tb.id) < Number(ta.id)) tb = await eb.json(5000);
      else ta = await ea.json(5000);
    }
    expect(tb.id).toBe(ta.id);
    expect(tb.data).toEqual(ta.data);
    expect(ta.data.ticks.map((t) => t.coinId).sort()).toEqual(['bitcoin', 'ethereum']);
    await Promise.all([ea.close(), eb.close()]);
  });

  it('hands the simulator over when the leading process stops', async () => {
    await a.stop();
    await expect.poll(() => b.isLeader, { timeout: 5000 }).toBe(true);
    const events = await open(appB, 'bitcoin');
    await events.json(); // snapshot
    expect((await events.json(5000)).data.type).toBe('tick');
    await events.close();
  });
});
