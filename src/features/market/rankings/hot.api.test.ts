import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { HotPage } from './hot.server.ts';
import { apiHarness } from '../../../../tests/api/helpers.ts';

const { get, db } = apiHarness();
const rowsOf = async <T>(query: ReturnType<typeof sql>) =>
  ((await db().execute(query)) as unknown as { rows: T[] }).rows;
const hot = (query = '') => get<HotPage>(`/api/v1/hot?${query}`);
const isSorted = (xs: number[], dir: 1 | -1) => xs.every((x, i) => i === 0 || dir * (x - (xs[i - 1] as number)) >= 0);

describe('GET /api/v1/hot', () => {
  it('ranks every liquid coin by hot score, positions continuing across pages', async () => {
    const { status, body } = await hot();
    expect(status).toBe(200);
    const [eligible] = await rowsOf<{ n: number }>(
      sql`select count(*)::int as n from coins where volume_24h >= 10000 and market_cap > 0 and price is not null`,
    );
    expect(body.data.total).toBe(eligible!.n);
    expect(body.data.list).toHaveLength(10);
    expect(
      isSorted(
        body.data.list.map((c) => c.score),
        -1,
      ),
    ).toBe(true);
    for (const c of body.data.list) {
      expect(c.score).toBeGreaterThanOrEqual(0);
      expect(c.score).toBeLessThanOrEqual(100);
    }
    const second = (await hot('page=2')).body.data;
    expect(second.list.map((c) => c.position)).toEqual([11, 12, 13, 14, 15, 16, 17, 18, 19, 20]);
    expect(second.list[0]!.score).toBeLessThanOrEqual(body.data.list[9]!.score);
  });

  it('reports the signals it scores: turnover and the 1-day inflow share of market cap', async () => {
    const { list } = (await hot('size=20')).body.data;
    for (const c of list) {
      expect(c.turnover).toBeCloseTo(((c.volume24h as number) / (c.marketCap as number)) * 100, 6);
      const [flow] = await rowsOf<{ net: number }>(
        sql`select netflow::float8 as net from coin_flows where coin_id = ${c.id} and "window" = '1d'`,
      );
      if (flow) expect(c.inflowShare).toBeCloseTo((flow.net / (c.marketCap as number)) * 100, 6);
      else expect(c.inflowShare).toBeNull();
    }
  });

  it('puts a coin that leads every signal at the top with a score of 100', async () => {
    const [pick] = await rowsOf<{ id: string; cap: number }>(
      sql`select id, market_cap::float8 as cap from coins where rank = 150`,
    );
    await db().execute(sql`update coins set volume_24h = market_cap * 50, change_24h = -95 where id = ${pick!.id}`);
    await db().execute(sql`insert into coin_flows (coin_id, "window", inflow, outflow, netflow)
      values (${pick!.id}, '1d', ${pick!.cap * 10}, 0, ${pick!.cap * 10})
      on conflict (coin_id, "window") do update set inflow = excluded.inflow, outflow = 0, netflow = excluded.netflow`);
    const top = (await hot('size=10')).body.data.list[0]!;
    expect(top.id).toBe(pick!.id);
    expect(top.score).toBe(100);
    expect(top.change24h).toBe(-95);
  });

  it.each([
    ['turnover', 'desc', 'turnover', -1],
    ['turnover', 'asc', 'turnover', 1],
    ['change24h', 'asc', 'change24h', 1],
    ['inflow', 'desc', 'inflowShare', -1],
  ] as const)('sorts by %s %s', async (sort, order, key, dir) => {
    const { body } = await hot(`sort=${sort}&order=${order}&size=50`);
    expect(body.data.sort).toBe(sort);
    const values = body.data.list.map((c) => c[key]).filter((x): x is number => x !== null);
    expect(values.length).toBeGreaterThan(10);
    expect(isSorted(values, dir)).toBe(true);
  });

  it('gives an empty list past the last page', async () => {
    const { status, body } = await hot('page=9999');
    expect(status).toBe(200);
    expect(body.data.list).toEqual([]);
    expect(body.data.total).toBeGreaterThan(0);
  });

  it.each([
    ['unknown sort', 'sort=views'],
    ['bad order', 'order=up'],
    ['bad size', 'size=7'],
    ['bad page', 'page=-1'],
  ])('rejects a %s with a 400 envelope', async (_name, query) => {
    const { status, body } = await hot(query);
    expect(status).toBe(400);
    expect(body.code).toBe(400);
    expect(body.msg).toEqual(expect.any(String));
  });
});
