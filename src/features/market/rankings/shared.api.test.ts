// The whole-universe values pages share instead of working them out per request (the expected
// ranks of SPEC §9, a coin's largest listings): they must say what the per-request statements
// they replaced said.
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { exchanges } from '../../../server/db/schema/index.ts';
import { expectedRanking, getExchange, listExchanges, volumePerVisit } from '../exchanges/exchanges.server.ts';
import { coinListings, getCoin } from '../coins/detail.server.ts';
import { apiHarness } from '../../../../tests/api/helpers.ts';

const { get, db } = apiHarness();

const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;

/** The expected ranks as the list statement computed them per request before they were shared. */
async function windowRanks(): Promise<Map<string, number | null>> {
  const perVisit = await volumePerVisit(db());
  const rows = rowsOf<{ name: string; expected_rank: string | null }>(
    await db().execute(sql`select name, case when monthly_visits > 0 then rank() over (
        order by least(${perVisit}::numeric * monthly_visits / 30, reported_volume_24h) desc nulls last) end as expected_rank
      from exchanges`),
  );
  return new Map(rows.map((r) => [r.name, r.expected_rank === null ? null : Number(r.expected_rank)]));
}

describe('shared expected ranks (SPEC §9)', () => {
  it('lists every exchange with the rank the whole-universe window gives, also when filtered by type', async () => {
    const expected = await windowRanks();
    expect([...expected.values()].some((r) => r !== null)).toBe(true);
    const seen = new Map<string, number | null>();
    for (let page = 1; page <= 2; page++) {
      const { body } = await get<{ list: { name: string; expectedRank: number | null }[] }>(
        `/api/v1/exchanges?size=100&page=${page}`,
      );
      for (const e of body.data.list) seen.set(e.name, e.expectedRank);
    }
    expect(seen).toEqual(expected);
    const { body: dex } = await get<{ list: { name: string; expectedRank: number | null }[] }>(
      '/api/v1/exchanges?type=DEX&size=50',
    );
    expect(dex.data.list.length).toBeGreaterThan(0);
    for (const e of dex.data.list) expect(e.expectedRank).toBe(expected.get(e.name));
    const name = dex.data.list[0]!.name;
    expect((await getExchange(db(), name)).expectedRank).toBe(expected.get(name));
  });

  it('ranks ties together, exchanges without visits unranked and those without an expected volume last', async () => {
    const [a, b, c, d] = (
      await db().select({ name: exchanges.name }).from(exchanges).orderBy(exchanges.rank).limit(4)
    ).map((r) => r.name);
    // Two exchanges with the same visits and volume tie; one has no visits; one no reported volume.
    await db()
      .update(exchanges)
      .set({ monthlyVisits: 90_000_000, reportedVolume24h: '5000000000' })
      .where(sql`${exchanges.name} in (${a}, ${b})`);
    await db().update(exchanges).set({ monthlyVisits: null }).where(eq(exchanges.name, c!));
    await db().update(exchanges).set({ monthlyVisits: 0 }).where(eq(exchanges.name, d!));
    const expected = await windowRanks();
    const { ranks, perVisit } = await expectedRanking(db());
    expect(perVisit).toBe(await volumePerVisit(db()));
    expect(ranks.get(a!)).toBe(ranks.get(b!));
    expect(ranks.has(c!)).toBe(false);
    expect(ranks.has(d!)).toBe(false);
    for (const [name, rank] of expected) expect(ranks.get(name) ?? null).toBe(rank);
  });

  it('pages in the default order (rank, then name) with the count of the type', async () => {
    const page = await listExchanges(db(), { page: 2, size: 7, type: 'CEX' });
    const rows = await db()
      .select({ name: exchanges.name })
      .from(exchanges)
      .where(eq(exchanges.type, 'CEX'))
      .orderBy(sql`${exchanges.rank} asc nulls last`, exchanges.name)
      .limit(7)
      .offset(7);
    expect(page.list.map((e) => e.name)).toEqual(rows.map((r) => r.name));
    const [n] = await db().select({ n: sql<number>`count(*)::int` }).from(exchanges).where(eq(exchanges.type, 'CEX'));
    expect(page.total).toBe(n!.n);
    // Past the last page the count is still there.
    expect((await listExchanges(db(), { page: 999, size: 100, type: 'CEX' })).total).toBe(n!.n);
  });
});

describe('shared coin listings', () => {
  it('are the largest exchanges by the coin’s summed volume, with the number of exchanges listing it', async () => {
    const expected = rowsOf<{ name: string; pairs: number; volume: string | null }>(
      await db().execute(sql`select e.name, count(*)::int as pairs, sum(tk.volume_24h)::text as volume
        from tickers tk join exchanges e on e.id = tk.exchange_id where tk.coin_id = 'bitcoin'
        group by e.name order by sum(tk.volume_24h) desc nulls last, e.name limit 10`),
    );
    const [count] = rowsOf<{ n: number }>(
      await db().execute(sql`select count(distinct exchange_id)::int as n from tickers where coin_id = 'bitcoin'`),
    );
    const coin = await getCoin(db(), 'bitcoin');
    expect(coin.listedExchanges.map((l) => [l.exchange, l.pairs, l.volume24h])).toEqual(
      expected.map((r) => [r.name, r.pairs, r.volume === null ? null : Number(r.volume)]),
    );
    expect(coin.exchangeCount).toBe(count!.n);
    const shares = coin.listedExchanges.reduce((s, l) => s + (l.share ?? 0), 0);
    expect(shares).toBeCloseTo(100, 6);
    expect(await coinListings(db(), 'no-such-coin', 10)).toEqual({ listings: [], exchangeCount: 0 });
  });
});
