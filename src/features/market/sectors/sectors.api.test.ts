// The sectors' figures are summed and their leaders found by the database (sectors.server.ts);
// sectorStats and leadersOf say in code what they must be. Here every sector the API gives is
// held against those definitions applied to its members as stored, after members are given the
// awkward values the SQL must treat the same way: no market cap, a zero cap, no change, equal caps.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  currentSector,
  currentSectors,
  leadersOf,
  sectorStats,
  type MemberInput,
  type Sector,
  type SectorDetail,
} from './sectors.server.ts';
import { marketChanged } from '../../../server/db/cache.ts';
import { apiHarness } from '../../../../tests/api/helpers.ts';

const { get, db } = apiHarness();
const rowsOf = async <T>(query: ReturnType<typeof sql>) =>
  ((await db().execute(query)) as unknown as { rows: T[] }).rows;

type Member = MemberInput & { slug: string };

/** Every sector's members as stored, numbers as the API reads them. */
const members = () =>
  rowsOf<Member>(sql`
    select k.slug, c.id, c.market_cap::float8 as "marketCap", c.change_24h::float8 as "change24h",
           c.volume_24h::float8 as "volume24h"
    from coin_concepts cc join concepts k on k.id = cc.concept_id join coins c on c.id = cc.coin_id`);

/** The same figures, within floating-point summation order. */
function expectFigures(s: Sector, of: MemberInput[]) {
  const want = sectorStats(of);
  expect({ coins: s.coins, rising: s.rising, falling: s.falling }, s.slug).toEqual({
    coins: want.coins,
    rising: want.rising,
    falling: want.falling,
  });
  expect(s.marketCap, s.slug).toBeCloseTo(want.marketCap, -Math.floor(Math.log10(Math.max(want.marketCap, 1))) + 6);
  expect(s.volume24h, s.slug).toBeCloseTo(want.volume24h, -Math.floor(Math.log10(Math.max(want.volume24h, 1))) + 6);
  if (want.change24h === null) expect(s.change24h, s.slug).toBeNull();
  else expect(s.change24h!, s.slug).toBeCloseTo(want.change24h, 6);
  expect(
    s.leaders.map((l) => l.id),
    s.slug,
  ).toEqual(leadersOf(of).map((m) => m.id));
}

let d = '';
let e = '';
beforeAll(async () => {
  // A sector of its own whose members carry every awkward value, two of them tied on cap.
  const [edge] = await rowsOf<{ id: number }>(
    sql`insert into concepts (slug, name) values ('edge-cases', 'Edge cases') returning id`,
  );
  const picked = await rowsOf<{ id: string }>(sql`select id from coins order by rank nulls last limit 6 offset 40`);
  const [a, b, c, , , f] = picked.map((r) => r.id);
  [d, e] = [picked[3]!.id, picked[4]!.id];
  await db().execute(sql`update coins set market_cap = null where id = ${a}`);
  await db().execute(sql`update coins set market_cap = 0, change_24h = 80 where id = ${b}`);
  await db().execute(sql`update coins set change_24h = null where id = ${c}`);
  await db().execute(sql`update coins set market_cap = 1e15, change_24h = 0 where id in (${d}, ${e})`);
  await db().execute(sql`update coins set volume_24h = null where id = ${f}`);
  for (const id of [a, b, c, d, e, f])
    await db().execute(sql`insert into coin_concepts (coin_id, concept_id) values (${id}, ${edge!.id})`);
});

describe('sector figures against their definitions', () => {
  it('every sector of /api/v1/concepts: count, summed cap and volume, weighted change, risers, fallers, leaders', async () => {
    const { status, body } = await get<Sector[]>('/api/v1/concepts');
    expect(status).toBe(200);
    const all = await members();
    expect(body.data.length).toBeGreaterThan(5);
    for (const s of body.data)
      expectFigures(
        s,
        all.filter((m) => m.slug === s.slug),
      );
    const edge = body.data.find((s) => s.slug === 'edge-cases')!;
    expect(edge.coins).toBe(6);
    // The two tied at the largest cap lead, by id; the coin with no cap never leads here.
    expect(edge.leaders.slice(0, 2).map((l) => l.id)).toEqual([d, e].sort());
  });

  it('one sector of /api/v1/concepts/{slug}: the same figures as in the list', async () => {
    const { status, body } = await get<SectorDetail>('/api/v1/concepts/edge-cases?size=20');
    expect(status).toBe(200);
    expectFigures(
      body.data,
      (await members()).filter((m) => m.slug === 'edge-cases'),
    );
    expect(body.data.list).toHaveLength(6);
  });

  it('a sector with no members: zero sums, no change, no leaders', async () => {
    await db().execute(sql`insert into concepts (slug, name) values ('empty-sector', 'Empty')`);
    const s = (await get<SectorDetail>('/api/v1/concepts/empty-sector')).body.data;
    expect({ coins: s.coins, marketCap: s.marketCap, volume24h: s.volume24h, change24h: s.change24h }).toEqual({
      coins: 0,
      marketCap: 0,
      volume24h: 0,
      change24h: null,
    });
    expect(s.leaders).toEqual([]);
    expect(s.list).toEqual([]);
  });
});

describe("the pages' kept copy", () => {
  it('currentSectors and currentSector keep their read until the market changes; the API reads fresh', async () => {
    const q = { page: 1, size: 20 };
    const list = await currentSectors(db());
    const one = await currentSector(db(), 'edge-cases', q);
    expect(await currentSectors(db())).toBe(list);
    expect(await currentSector(db(), 'edge-cases', q)).toBe(one);
    expect((await currentSectors(db(), { sort: 'name' })).map((s) => s.slug)).not.toEqual(list.map((s) => s.slug));
    // A flat member starts rising: the API sees it at once, the pages once the market has changed.
    await db().execute(sql`update coins set change_24h = 55 where id = ${d}`);
    const api = (await get<SectorDetail>('/api/v1/concepts/edge-cases?size=20')).body.data;
    expect(api.rising).toBe(one.rising + 1);
    expect(await currentSector(db(), 'edge-cases', q)).toBe(one);
    marketChanged(db());
    expect((await currentSector(db(), 'edge-cases', q)).rising).toBe(api.rising);
    expect((await currentSectors(db())).find((s) => s.slug === 'edge-cases')?.rising).toBe(api.rising);
  });
});
