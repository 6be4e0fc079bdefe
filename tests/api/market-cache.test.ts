// The coin tables and details kept in memory per process (currentCoinList, currentCoin, src/server/db/cache.ts
// memoMarket) against a real PostgreSQL: kept while the market rows stand still, dropped in
// the writing process when a market write commits, in every other one when the NOTIFY sent with
// MARKET_WRITE_LOCK reaches its LISTEN connection, and not by a write that rolls back.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase } from '../../src/server/db/client.ts';
import { seedDemo } from '../../src/server/seed/index.ts';
import { MARKET_WRITE_LOCK, writeRound } from '../../src/server/realtime/persist.ts';
import { startRealtime, stopRealtime, type Realtime } from '../../src/server/realtime/index.ts';
import { apiHarness } from './helpers.ts';

const { get, db, handle } = apiHarness();
let hub: Realtime;

beforeAll(async () => {
  hub = await startRealtime({ handle: handle(), live: 'off' });
});
afterAll(async () => {
  await stopRealtime();
});

async function bitcoinPrice(): Promise<number> {
  const { status, body } = await get<{ list: { id: string; price: number }[] }>('/api/v1/coins?size=10');
  expect(status).toBe(200);
  return body.data.list.find((c) => c.id === 'bitcoin')!.price;
}

async function detailPrice(): Promise<number> {
  const { status, body } = await get<{ price: number }>('/api/v1/coins/bitcoin');
  expect(status).toBe(200);
  return body.data.price;
}

describe('the coin list and coin details kept in memory', () => {
  it('is read once while the market stands still, and again once a market write commits', async () => {
    const before = await bitcoinPrice();
    expect(await detailPrice()).toBe(before);
    // Written behind the app's back (no notification): the kept page is still served, which
    // proves the pages do not ask the database per request.
    await db().execute(sql`update coins set price = 11111 where id = 'bitcoin'`);
    expect(await bitcoinPrice()).toBe(before);
    expect(await detailPrice()).toBe(before);

    // A market write that rolls back announces nothing.
    await expect(
      db().transaction(async (tx) => {
        await tx.execute(MARKET_WRITE_LOCK);
        await tx.execute(sql`update coins set price = 22222 where id = 'bitcoin'`);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await new Promise((r) => setTimeout(r, 200));
    expect(await bitcoinPrice()).toBe(before);

    // A round of live prices written by another process (another pool: its own kept values):
    // this one hears the commit on its LISTEN connection.
    const other = openDatabase(handle().connection, { max: 1 });
    try {
      await writeRound(other.db, [{ coinId: 'bitcoin', price: 65_432.1, change24h: -2.5, at: Date.now() }], []);
    } finally {
      await other.close();
    }
    await vi.waitFor(async () => expect(await bitcoinPrice()).toBe(65_432.1), { timeout: 5_000, interval: 50 });
    expect(await detailPrice()).toBe(65_432.1);
  });

  it('is dropped at once in the process that wrote', async () => {
    await bitcoinPrice();
    await detailPrice();
    await hub.publish([{ coinId: 'bitcoin', price: 55_555.5, change24h: 1, at: Date.now() }]);
    // No wait: the writer's own kept values went when its transaction committed.
    expect(await bitcoinPrice()).toBe(55_555.5);
    expect(await detailPrice()).toBe(55_555.5);
  });

  it('does not keep an unknown coin', async () => {
    expect((await get('/api/v1/coins/not-yet-listed')).status).toBe(404);
    await db().execute(sql`insert into coins (id, symbol, name) values ('not-yet-listed', 'NYL', 'Not Yet Listed')`);
    expect((await get('/api/v1/coins/not-yet-listed')).status).toBe(200);
  });

  it('is dropped when the LISTEN connection comes back after a loss (a write may have been missed)', async () => {
    // A fresh page, so that its TTL (10 s) cannot be what drops it below.
    await hub.publish([{ coinId: 'bitcoin', price: 44_444, change24h: 1, at: Date.now() }]);
    await vi.waitFor(async () => expect(await bitcoinPrice()).toBe(44_444), { timeout: 5_000, interval: 50 });
    // The publish's own NOTIFY reaches the LISTEN connection a moment after the commit (later on
    // a slower server) and drops the page again: let it arrive, then keep a page from after it.
    await new Promise((r) => setTimeout(r, 500));
    expect(await bitcoinPrice()).toBe(44_444);
    await db().execute(sql`update coins set price = 33333 where id = 'bitcoin'`);
    expect(await bitcoinPrice()).toBe(44_444);
    // Cut the LISTEN connection from the server side, as a restart of PostgreSQL would.
    await db().execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'coinlens live prices' and datname = current_database()`,
    );
    await vi.waitFor(async () => expect(await bitcoinPrice()).toBe(33_333), { timeout: 4_000, interval: 100 });
  });

  it('is dropped when `npm run seed` rewrites the market beside the running server', async () => {
    await db().execute(sql`update coins set price = 77777 where id = 'bitcoin'`);
    await hub.publish([{ coinId: 'bitcoin', price: 77_777, change24h: 1, at: Date.now() }]);
    expect(await bitcoinPrice()).toBe(77_777);
    const other = openDatabase(handle().connection, { max: 2 });
    try {
      await seedDemo(other.db);
    } finally {
      await other.close();
    }
    await vi.waitFor(async () => expect(await bitcoinPrice()).not.toBe(77_777), { timeout: 5_000, interval: 50 });
  }, 60_000);
});
