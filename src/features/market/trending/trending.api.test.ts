import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { HotPage } from '../rankings/hot.server.ts';
import type { NewCoin } from './newCoins.server.ts';
import type { TrendingPage } from './trending.server.ts';
import { utcDay } from '../../views/index.ts';
import type { Page } from '../../../server/db/numbers.ts';
import { apiHarness } from '../../../../tests/api/helpers.ts';

const { get, call, db } = apiHarness();
const rowsOf = async <T>(query: ReturnType<typeof sql>) =>
  ((await db().execute(query)) as unknown as { rows: T[] }).rows;

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';
let nextIp = 1;
/** One reader's view of `path` through the real beacon: each from an address of its own. */
async function view(path: string, times = 1): Promise<void> {
  for (let i = 0; i < times; i++) {
    const n = nextIp++;
    const res = await call<{ counted: boolean }>('POST', '/api/new/v1/pv', {
      json: { path },
      ip: `10.77.${n >> 8}.${n & 255}`,
      headers: { 'user-agent': BROWSER },
    });
    expect([res.status, res.body.data.counted]).toEqual([200, true]);
  }
}
const trending = (query = '') => get<TrendingPage>(`/api/v1/trending?${query}`);
const newCoins = (query = '') => get<Page<NewCoin>>(`/api/v1/new-coins?${query}`);

/** Six coins far from the top of the market, so no tie-break by rank decides for them. */
async function pickCoins(): Promise<string[]> {
  const rows = await rowsOf<{ id: string }>(sql`select id from coins where rank between 101 and 106 order by rank`);
  expect(rows).toHaveLength(6);
  return rows.map((r) => r.id);
}

describe('GET /api/v1/trending', () => {
  it('with too few visits says so and ranks by the hot score of /hot, inventing no views', async () => {
    const { status, body } = await trending('size=10');
    expect(status).toBe(200);
    const t = body.data;
    expect([t.basis, t.totalViews, t.coinsViewed]).toEqual(['market', 0, 0]);
    const hot = (await get<HotPage>('/api/v1/hot?size=10')).body.data;
    expect(t.list.map((c) => [c.id, c.position, c.hotScore, c.views])).toEqual(
      hot.list.map((c) => [c.id, c.position, c.score, null]),
    );
    expect(t.total).toBe(hot.total);
  });

  it('ranks by views counted through the beacon, and follows new views', async () => {
    const [a, b, c, d, e, f] = await pickCoins();
    // Every page of a coin counts for it, in any language; other /coin/ paths count for none.
    await view(`/coin/${a}`, 3);
    await view(`/zh/coin/${a}/market`, 3);
    await view(`/ko/coin/${a}/news`, 2);
    for (const id of [b, c, d, e, f]) await view(`/coin/${id}`, 3);
    await view('/coin/list_2', 5);
    await view('/coin/no-such-coin', 5);
    await view(`/coin/${b}/no-such-tab`, 5);

    let t = (await trending('size=10')).body.data;
    expect(t.basis).toBe('views');
    expect([t.totalViews, t.coinsViewed, t.total]).toEqual([23, 6, 6]);
    expect(t.list.map((r) => [r.id, r.views, r.position])).toEqual([
      [a, 8, 1],
      // Equal views: the better market-cap rank first.
      [b, 3, 2],
      [c, 3, 3],
      [d, 3, 4],
      [e, 3, 5],
      [f, 3, 6],
    ]);
    expect(t.list[0]!.hotScore).toBeNull();
    expect(t.list[0]!.price).not.toBeNull();

    // Readers turn to f: it overtakes a.
    await view(`/coin/${f}/overview`, 6);
    t = (await trending('size=10')).body.data;
    expect(t.list.slice(0, 2).map((r) => [r.id, r.views])).toEqual([
      [f, 9],
      [a, 8],
    ]);
    // Pages continue the positions.
    const second = (await trending('size=10&page=2')).body.data;
    expect([second.list, second.total]).toEqual([[], 6]);
  });

  it("adds yesterday's views weighted by the share of today not yet elapsed", async () => {
    const [, , c] = await pickCoins();
    const yesterday = utcDay(Date.now() - 86_400_000);
    await db().execute(sql`insert into page_views (path, day, n) values (${`/coin/${c}`}, ${yesterday}, 100)
      on conflict (path, day) do update set n = excluded.n`);
    const t = (await trending('size=10')).body.data;
    const row = t.list.find((r) => r.id === c)!;
    expect(t.yesterdayWeight).toBeGreaterThan(0);
    expect(t.yesterdayWeight).toBeLessThanOrEqual(1);
    expect(row.views).toBeCloseTo(3 + 100 * t.yesterdayWeight, 0);
  });

  it('refuses bad input with 400 and a translated message, and unsigned calls', async () => {
    for (const q of ['size=7', 'size=0', 'page=0', 'page=abc', 'page=1.5', 'size=1000']) {
      const res = await trending(q);
      expect([q, res.status]).toEqual([q, 400]);
      expect(res.body.code).not.toBe(0);
    }
    const zh = await trending('size=7&lan=zh');
    expect(zh.body.msg).toMatch(/[\u4e00-\u9fff]/);
    expect((await get('/api/v1/trending', { signed: false })).status).toBeGreaterThanOrEqual(400);
  });
});

describe('GET /api/v1/new-coins', () => {
  it('lists coins by first-seen date, newest first, with the first exchange, page after page', async () => {
    const first = (await newCoins('size=20')).body.data;
    const [counted] = await rowsOf<{ n: number }>(
      sql`select count(*)::int as n from coins where coalesce(first_listed_at, listed_on::timestamp) is not null`,
    );
    expect(first.total).toBe(counted!.n);
    expect(first.list.map((c) => c.position)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    const times = first.list.map((c) => Date.parse(c.addedAt));
    expect(times.every((x, i) => i === 0 || x <= times[i - 1]!)).toBe(true);
    const second = (await newCoins('size=20&page=2')).body.data;
    expect(second.list[0]!.position).toBe(21);
    expect(Date.parse(second.list[0]!.addedAt)).toBeLessThanOrEqual(times[19]!);
    // The seeder names a first exchange the site has a page for.
    const named = first.list.find((c) => c.firstExchange?.name);
    expect(named).toBeDefined();
    const [exchange] = await rowsOf<{ display_name: string }>(
      sql`select display_name from exchanges where name = ${named!.firstExchange!.name}`,
    );
    expect(exchange!.display_name).toBe(named!.firstExchange!.displayName);
  });

  it('puts a coin first seen just now at the top; what the data does not say stays empty', async () => {
    const [fresh, dayOnly] = await pickCoins();
    await db().execute(sql`update coins set first_listed_at = now(), first_exchange = null where id = ${fresh}`);
    await db().execute(
      sql`update coins set first_listed_at = null, listed_on = (now() at time zone 'utc')::date, first_exchange = null where id = ${dayOnly}`,
    );
    const list = (await newCoins('size=10')).body.data.list;
    expect(list.slice(0, 2).map((c) => [c.id, c.addedPrecision, c.firstExchange])).toEqual([
      [fresh, 'time', null],
      // Today's listing day, at its first hour.
      [dayOnly, 'day', null],
    ]);
    expect(list[1]!.addedAt.slice(11)).toBe('00:00:00.000Z');
  });

  it('refuses bad input with 400', async () => {
    for (const q of ['size=3', 'page=-1', 'page=x']) expect((await newCoins(q)).status).toBe(400);
  });
});
