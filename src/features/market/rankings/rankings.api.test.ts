import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { RANK_KINDS, type Ranking } from './rankings.server.ts';
import { apiHarness } from '../../../../tests/api/helpers.ts';

const { get, db } = apiHarness();
const rowsOf = async <T>(query: ReturnType<typeof sql>) =>
  ((await db().execute(query)) as unknown as { rows: T[] }).rows;
const rank = (query: string) => get<Ranking>(`/api/v1/rank?${query}`);
type Row = Record<string, unknown>;
const values = (r: Ranking, key: string) => r.list.map((x) => (x as unknown as Row)[key] as number);
const sortedDesc = (xs: number[]) => xs.every((x, i) => i === 0 || (xs[i - 1] as number) >= x);
const sortedAsc = (xs: number[]) => xs.every((x, i) => i === 0 || (xs[i - 1] as number) <= x);

describe('GET /api/v1/rank', () => {
  it.each(RANK_KINDS)('answers %s with a full first page from the seed', async (kind) => {
    const { status, body } = await rank(`type=${kind}`);
    expect(status).toBe(200);
    expect(body.data.kind).toBe(kind);
    expect(body.data.list).toHaveLength(10);
    expect(body.data.total).toBeGreaterThan(10);
    expect(body.data.list.map((r) => r.position)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it('orders gainers and losers by the chosen period and keeps dust out', async () => {
    const rise = (await rank('type=rise&period=7d&size=50')).body.data;
    const fall = (await rank('type=fall&period=7d&size=50')).body.data;
    expect(rise.period).toBe('7d');
    expect(sortedDesc(values(rise, 'value'))).toBe(true);
    expect(sortedAsc(values(fall, 'value'))).toBe(true);
    expect(values(rise, 'value')[0]).toBeGreaterThan(values(fall, 'value')[0] as number);
    // The 7d change of the top gainer is the coin's stored 7d change.
    const top = rise.list[0] as unknown as Row;
    const [stored] = await rowsOf<{ c: number }>(
      sql`select change_7d::float8 as c from coins where id = ${top.id as string}`,
    );
    expect(top.value).toBeCloseTo(stored!.c, 6);
    for (const r of [...rise.list, ...fall.list])
      expect((r as unknown as Row).volume24h as number).toBeGreaterThanOrEqual(10_000);
  });

  it('limits coins to the top 100 by market cap on request', async () => {
    const all = (await rank('type=volume&scope=top100&size=100&page=1')).body.data;
    expect(all.total).toBeLessThanOrEqual(100);
    for (const r of all.list) expect((r as unknown as Row).rank as number).toBeLessThanOrEqual(100);
    expect(sortedDesc(values(all, 'value'))).toBe(true);
  });

  it('computes turnover as volume over market cap', async () => {
    const { list } = (await rank('type=turnover&size=20')).body.data;
    expect(sortedDesc(values({ list } as Ranking, 'value'))).toBe(true);
    for (const r of list as unknown as Row[]) {
      expect(r.value as number).toBeCloseTo(((r.volume24h as number) / (r.marketCap as number)) * 100, 4);
    }
  });

  it('ranks coin and exchange flows by net inflow or outflow within a window', async () => {
    const inflow = (await rank('type=coin-flow&window=1h&size=20')).body.data;
    const outflow = (await rank('type=coin-flow&window=1h&direction=out&size=20')).body.data;
    expect(sortedDesc(values(inflow, 'netflow'))).toBe(true);
    expect(sortedAsc(values(outflow, 'netflow'))).toBe(true);
    for (const r of inflow.list as unknown as Row[])
      expect(r.netflow as number).toBeCloseTo((r.inflow as number) - (r.outflow as number), 2);
    const ex = (await rank('type=exchange-flow&window=7d')).body.data;
    expect(ex.window).toBe('7d');
    expect(sortedDesc(values(ex, 'netflow'))).toBe(true);
    expect((ex.list[0] as unknown as Row).displayName).toEqual(expect.any(String));
  });

  it('ranks repositories by stars and by commits in 30 days', async () => {
    expect(sortedDesc(values((await rank('type=repo-stars&size=30')).body.data, 'stars'))).toBe(true);
    expect(sortedDesc(values((await rank('type=repo-activity&size=30')).body.data, 'commits30d'))).toBe(true);
  });

  it('counts distinct listing exchanges per coin', async () => {
    const { list } = (await rank('type=exchange-count&size=10')).body.data;
    const top = list[0] as unknown as Row;
    const [row] = await rowsOf<{ n: number }>(
      sql`select count(distinct exchange_id)::int as n from tickers where coin_id = ${top.id as string}`,
    );
    expect(top.value).toBe(row!.n);
    expect(sortedDesc(values({ list } as Ranking, 'value'))).toBe(true);
  });

  it('ranks offerings by ROI multiple once offerings exist', async () => {
    const before = (await rank('type=offering-roi')).body.data;
    await db().execute(sql`insert into offerings (slug, kind, name, symbol, status, roi, price) values
      ('rk-a', 'IEO', 'Alpha', 'ALP', 'traded', 12.5, 0.1), ('rk-b', 'ICO', 'Beta', 'BET', 'finished', 3, 1), ('rk-c', 'ICO', 'Gamma', 'GAM', 'ongoing', null, 1)`);
    const after = (await rank('type=offering-roi&size=100')).body.data;
    expect(after.total).toBe(before.total + 2);
    const ours = (after.list as unknown as Row[]).filter((r) => String(r.slug).startsWith('rk-'));
    expect(ours.map((r) => [r.slug, r.roi])).toEqual([
      ['rk-a', 12.5],
      ['rk-b', 3],
    ]);
    // Linked to a traded coin, the multiple follows the coin's current price.
    await db().execute(sql`update coins set price = 2 where id = 'dogecoin'`);
    await db().execute(sql`update offerings set coin_id = 'dogecoin' where slug = 'rk-c'`);
    const linked = (await rank('type=offering-roi&size=100')).body.data.list as unknown as Row[];
    expect(linked.find((r) => r.slug === 'rk-c')?.roi).toBeCloseTo(2, 9);
    expect(linked.map((r) => r.slug).filter((x) => String(x).startsWith('rk-'))).toEqual(['rk-a', 'rk-b', 'rk-c']);
  });

  it('gives an empty list past the last page', async () => {
    const { status, body } = await rank('type=repo-stars&page=9999');
    expect(status).toBe(200);
    expect(body.data.list).toEqual([]);
    expect(body.data.total).toBeGreaterThan(0);
  });

  it.each([
    ['unknown kind', 'type=best'],
    ['bad period', 'type=rise&period=2d'],
    ['bad window', 'type=coin-flow&window=5m'],
    ['bad scope', 'type=volume&scope=top7'],
    ['bad size', 'type=rise&size=15'],
    ['bad page', 'type=rise&page=0'],
  ])('rejects a %s with a 400 envelope', async (_name, query) => {
    const { status, body } = await rank(query);
    expect(status).toBe(400);
    expect(body.code).toBe(400);
    expect(body.msg).toEqual(expect.any(String));
  });
});
