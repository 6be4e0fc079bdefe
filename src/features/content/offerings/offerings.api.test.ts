import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { offeringStatusAt, PHASES, type OfferingDetail, type OfferingPage } from './offerings.server.ts';
import { platformRoiStats, type PlatformRoi } from './platforms.server.ts';
import type { Ranking } from '../../market/rankings/rankings.server.ts';
import { translator } from '../../../server/i18n/index.ts';
import en from '../../../../locales/offerings/en.json';
import zh from '../../../../locales/offerings/zh.json';
import { apiHarness } from '../../../../tests/api/helpers.ts';

const { get, db } = apiHarness();
const rowsOf = async <T>(query: ReturnType<typeof sql>) =>
  ((await db().execute(query)) as unknown as { rows: T[] }).rows;
const list = (query = '') => get<OfferingPage>(`/api/v1/offerings?${query}`);
const isSorted = (xs: number[], dir: 1 | -1) => xs.every((x, i) => i === 0 || dir * (x - (xs[i - 1] as number)) >= 0);
const date = (s: string | null) => (s ? new Date(s) : null);

describe('GET /api/v1/offerings', () => {
  it('lists every seeded offering, newest start first, ten per page', async () => {
    const { status, body } = await list();
    expect(status).toBe(200);
    expect(body.code).toBe(0);
    const [count] = await rowsOf<{ n: number }>(sql`select count(*)::int as n from offerings`);
    expect(count!.n).toBeGreaterThanOrEqual(100);
    expect(body.data.total).toBe(count!.n);
    expect(body.data.list).toHaveLength(10);
    expect(
      isSorted(
        body.data.list.map((o) => Date.parse(o.startAt!)),
        -1,
      ),
    ).toBe(true);
    const second = (await list('page=2')).body.data.list;
    expect(second.map((o) => o.slug)).not.toContain(body.data.list[0]!.slug);
  });

  it('seeds both kinds in every phase, with the status its dates give now', async () => {
    const all = (await list('size=100')).body.data;
    const rest = (await list('size=100&page=2')).body.data;
    const rows = [...all.list, ...rest.list];
    expect(rows).toHaveLength(all.total);
    for (const kind of ['ICO', 'IEO'] as const)
      for (const status of PHASES[kind])
        expect(
          rows.some((o) => o.kind === kind && o.status === status),
          `${kind} ${status}`,
        ).toBe(true);
    const now = new Date();
    for (const o of rows) {
      const listed = o.coin !== null || o.roi !== null;
      expect(o.status).toBe(
        offeringStatusAt({ kind: o.kind, startAt: date(o.startAt), endAt: date(o.endAt), listed }, now),
      );
    }
  });

  it('filters by kind, status and platform', async () => {
    const ieo = (await list('kind=IEO&size=50')).body.data;
    expect(ieo.total).toBeGreaterThan(20);
    expect(ieo.list.every((o) => o.kind === 'IEO')).toBe(true);
    const raising = (await list('kind=IEO&status=fundraising')).body.data;
    expect(raising.total).toBeGreaterThan(0);
    for (const o of raising.list) {
      expect(o.status).toBe('fundraising');
      expect(Date.parse(o.startAt!)).toBeLessThanOrEqual(Date.now());
      expect(Date.parse(o.endAt!)).toBeGreaterThan(Date.now());
      expect(o.roi).toBeNull();
    }
    const binance = (await list('platform=binance%20launchpad&size=50')).body.data;
    expect(binance.total).toBeGreaterThan(5);
    for (const o of binance.list) {
      expect(o.platform).toBe('Binance Launchpad');
      expect(o.exchange?.displayName).toBe('Binance');
    }
    expect((await list('platform=No%20Such%20Pad')).body.data).toMatchObject({ total: 0, list: [] });
  });

  it.each([
    ['roi', 'desc', -1],
    ['price', 'asc', 1],
    ['goal', 'desc', -1],
    ['end', 'asc', 1],
  ] as const)('sorts by %s %s, missing values last', async (sort, order, dir) => {
    const { body } = await list(`sort=${sort}&order=${order}&size=100`);
    expect(body.data).toMatchObject({ sort, order });
    const key = (o: OfferingPage['list'][number]) =>
      sort === 'end' ? (o.endAt ? Date.parse(o.endAt) : null) : o[sort];
    const values = body.data.list.map(key);
    const firstMissing = values.indexOf(null);
    if (firstMissing >= 0) expect(values.slice(firstMissing).every((x) => x === null)).toBe(true);
    expect(
      isSorted(
        values.filter((x): x is number => x !== null),
        dir,
      ),
    ).toBe(true);
  });

  it('gives an empty list past the last page', async () => {
    const { status, body } = await list('page=9999');
    expect(status).toBe(200);
    expect(body.data.list).toEqual([]);
    expect(body.data.total).toBeGreaterThan(0);
  });

  it.each([
    ['unknown kind', 'kind=STO'],
    ['unknown status', 'status=sold_out'],
    ['status of the other kind', 'kind=ICO&status=preheating'],
    ['unknown sort', 'sort=views'],
    ['bad order', 'order=up'],
    ['oversize page size', 'size=500'],
    ['bad page', 'page=0'],
    ['overlong platform', `platform=${'x'.repeat(81)}`],
  ])('rejects an %s with a 400 envelope', async (_name, query) => {
    const { status, body } = await list(query);
    expect(status).toBe(400);
    expect(body.code).toBe(400);
    expect(body.data).toBeNull();
    expect(body.msg).toEqual(expect.any(String));
  });

  it('requires the request signature', async () => {
    const { status } = await get('/api/v1/offerings', { signed: false });
    expect(status).toBeGreaterThanOrEqual(400);
    expect(status).toBeLessThan(500);
  });
});

describe('GET /api/v1/offerings/roi', () => {
  it('ranks offerings whose token trades by ROI, agreeing with /rank offering-roi', async () => {
    const { status, body } = await get<OfferingPage>('/api/v1/offerings/roi?size=20');
    expect(status).toBe(200);
    expect(body.data.total).toBeGreaterThan(30);
    const rois = body.data.list.map((o) => o.roi as number);
    expect(rois.every((r) => typeof r === 'number' && r > 0)).toBe(true);
    expect(isSorted(rois, -1)).toBe(true);
    const rank = (await get<Ranking>('/api/v1/rank?type=offering-roi&size=20')).body;
    expect(rank.code).toBe(0);
    expect(rank.data.total).toBe(body.data.total);
    const ranked = rank.data.list.map((r) => (r.type === 'offering' ? r.roi : null));
    ranked.forEach((r, i) => expect(r).toBeCloseTo(rois[i]!, 6));
  });

  it("computes a linked offering's ROI from its coin price, and stores the same multiple", async () => {
    const linked = await rowsOf<{ slug: string; price: number; coin_price: number; roi: number }>(
      sql`select o.slug, o.price::float8 as price, c.price::float8 as coin_price, o.roi::float8 as roi
          from offerings o join coins c on c.id = o.coin_id where c.price is not null`,
    );
    expect(linked.length).toBeGreaterThan(5);
    const eth = linked.find((r) => r.slug === 'ethereum-eth');
    expect(eth).toBeDefined();
    const { body } = await get<OfferingDetail>(`/api/v1/offerings/ethereum-eth`);
    expect(body.data.roi).toBeCloseTo(eth!.coin_price / eth!.price, 6);
    // The stored multiple was written from the same rule (same seeded price).
    expect(eth!.roi).toBeCloseTo(eth!.coin_price / eth!.price, 2);
  });

  it('follows the coin price when it moves', async () => {
    await db().execute(
      sql`update coins set price = price * 2 where id = (select coin_id from offerings where slug = 'solana-sol')`,
    );
    const { body } = await get<OfferingDetail>('/api/v1/offerings/solana-sol');
    expect(body.data.roi).toBeCloseTo(body.data.coin!.price! / body.data.price!, 6);
  });

  it('filters by kind and rejects bad input', async () => {
    const ieo = (await get<OfferingPage>('/api/v1/offerings/roi?kind=IEO&size=50')).body.data;
    expect(ieo.list.every((o) => o.kind === 'IEO' && o.roi !== null)).toBe(true);
    expect((await get('/api/v1/offerings/roi?kind=x')).status).toBe(400);
    expect((await get('/api/v1/offerings/roi?size=7')).status).toBe(400);
  });
});

describe('GET /api/v1/offerings/platforms-roi', () => {
  it('aggregates IEO platforms by default, matching the pure aggregation of the list', async () => {
    const { status, body } = await get<{ kind: string; list: PlatformRoi[] }>('/api/v1/offerings/platforms-roi');
    expect(status).toBe(200);
    expect(body.data.kind).toBe('IEO');
    expect(body.data.list.length).toBeGreaterThan(5);
    const names = body.data.list.map((p) => p.platform);
    expect(names).toContain('Binance Launchpad');
    expect(
      isSorted(
        body.data.list.map((p) => p.offerings),
        -1,
      ),
    ).toBe(true);
    const ieo = [...(await list('kind=IEO&size=100')).body.data.list];
    const expected = platformRoiStats(
      ieo.map((o) => ({
        platform: o.platform,
        exchange: o.exchange,
        slug: o.slug,
        name: o.name,
        symbol: o.symbol,
        roi: o.roi,
        goal: o.goal,
      })),
    );
    expect(body.data.list.map((p) => [p.platform, p.offerings, p.withRoi, p.aboveOne])).toEqual(
      expected.map((p) => [p.platform, p.offerings, p.withRoi, p.aboveOne]),
    );
    body.data.list.forEach((p, i) => {
      if (p.median !== null) expect(p.median).toBeCloseTo(expected[i]!.median!, 6);
    });
    const binance = body.data.list.find((p) => p.platform === 'Binance Launchpad')!;
    expect(binance.exchange?.name).toEqual(expect.any(String));
    expect(binance.best!.roi).toBeGreaterThanOrEqual(binance.median!);
  });

  it('groups ICOs by chain and sorts by the figure asked for', async () => {
    const { body } = await get<{ kind: string; list: PlatformRoi[] }>(
      '/api/v1/offerings/platforms-roi?kind=ICO&sort=median&order=asc',
    );
    expect(body.data.kind).toBe('ICO');
    expect(body.data.list.map((p) => p.platform)).toContain('Ethereum (ERC-20)');
    const medians = body.data.list.map((p) => p.median).filter((m): m is number => m !== null);
    expect(isSorted(medians, 1)).toBe(true);
  });

  it.each([['sort=roi'], ['kind=ieo'], ['order=down']])('rejects %s with a 400', async (query) => {
    const { status, body } = await get(`/api/v1/offerings/platforms-roi?${query}`);
    expect(status).toBe(400);
    expect(body.code).toBe(400);
  });
});

describe('GET /api/v1/offerings/:id', () => {
  it('returns every SPEC §3 field of an offering by slug', async () => {
    const { status, body } = await get<OfferingDetail>('/api/v1/offerings/ethereum-eth');
    expect(status).toBe(200);
    const o = body.data;
    expect(o).toMatchObject({
      slug: 'ethereum-eth',
      kind: 'ICO',
      name: 'Ethereum',
      symbol: 'ETH',
      status: 'traded',
      acceptCoin: 'BTC',
      price: 0.311,
    });
    for (const field of ['supply', 'goal', 'softCap', 'hardCap'] as const) expect(o[field]).toBeGreaterThan(0);
    expect(o.softCap!).toBeLessThan(o.hardCap!);
    expect(o.startAt! < o.endAt!).toBe(true);
    expect(o.country).toBe('Switzerland');
    expect(typeof o.additionalIssue).toBe('boolean');
    expect(o.team.map((m) => m.name)).toContain('Vitalik Buterin');
    expect(o.roadmap.length).toBeGreaterThan(2);
    expect(o.phases).toEqual(PHASES.ICO);
    expect(o.coin?.id).toBe('ethereum');
    expect(o.description).toMatch(/Ethereum/);
  });

  it('fills the fields of invented offerings too, IEOs on a seeded exchange', async () => {
    const [row] = await rowsOf<{ slug: string }>(
      sql`select slug from offerings where kind = 'IEO' order by id desc limit 1`,
    );
    const o = (await get<OfferingDetail>(`/api/v1/offerings/${row!.slug}`)).body.data;
    expect(o.exchange).not.toBeNull();
    expect(o.team.length).toBeGreaterThanOrEqual(3);
    expect(o.advisers.length).toBeGreaterThan(0);
    expect(o.partners.length).toBeGreaterThan(0);
    expect(o.investors.length).toBeGreaterThan(0);
    expect(o.ratingAgencies.length).toBeGreaterThan(0);
    expect(o.phases).toEqual(PHASES.IEO);
  });

  it('accepts the numeric id', async () => {
    const [row] = await rowsOf<{ id: number; slug: string }>(
      sql`select id, slug from offerings order by id desc limit 1`,
    );
    const { status, body } = await get<OfferingDetail>(`/api/v1/offerings/${row!.id}`);
    expect(status).toBe(200);
    expect(body.data.slug).toBe(row!.slug);
  });

  it.each([
    ['unknown slug', 'no-such-offering'],
    ['unknown number', '999999'],
    ['malformed id', '%20bad%20id'],
  ])('answers an %s with a 404 envelope and the content message', async (_name, id) => {
    const { status, body } = await get(`/api/v1/offerings/${id}`);
    expect(status).toBe(404);
    expect(body.code).toBe(404);
    expect(body.msg).toBe(translator('en')('ieo.gone'));
  });

  it('answers in the request language', async () => {
    const { body } = await get('/api/v1/offerings/no-such-offering?lan=zh');
    expect(body.msg).toBe(translator('zh')('ieo.gone'));
  });

  it('uses SPEC §8 wording for missing content', () => {
    // The translator sees area locale files only where import.meta.glob is transformed (Astro);
    // the files themselves must carry the SPEC text.
    expect(en.ieo.gone).toBe('Content does not exist or has been removed');
    expect(zh.ieo.gone).toBe('内容不存在或已被删除');
  });
});
