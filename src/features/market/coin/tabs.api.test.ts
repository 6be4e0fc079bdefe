import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiHarness } from '../../../../tests/api/helpers.ts';
import { coinContentTab } from './content.server.ts';

const { get, db } = apiHarness();

async function one<T = Record<string, unknown>>(query: ReturnType<typeof sql>): Promise<T> {
  const r = (await db().execute(query)) as unknown as { rows: T[] };
  return r.rows[0]!;
}

type Paged<T> = { list: T[]; total: number; page: number; size: number };

describe('coin tab endpoints: errors', () => {
  const paths = [
    'tickers',
    'flows',
    'holders',
    'transfers',
    'chain',
    'exchange-balances',
    'exchanges',
    'ratings',
    'milestones',
    'repo',
    'analysis',
    'content?kind=news',
  ];
  it.each(paths)('/api/v1/coins/no-such-coin/%s → 404 envelope', async (p) => {
    const { status, body } = await get(`/api/v1/coins/no-such-coin/${p}`);
    expect(status).toBe(404);
    expect(body.code).toBe(404);
    expect(body.data).toBeNull();
    expect(body.msg.length).toBeGreaterThan(0);
  });

  it.each([
    'tickers?size=7',
    'tickers?sort=bogus',
    'tickers?market=options',
    'holders?page=0',
    'holders?page=101',
    'transfers?size=abc',
    'chain?range=2Y',
    'exchanges?page=-1',
    'ratings?size=1000',
    'milestones?kind=future',
    'repo?range=1D',
    'analysis?range=all',
    'content?kind=tweets',
    'content',
  ])('/api/v1/coins/bitcoin/%s → 400', async (p) => {
    const { status, body } = await get(`/api/v1/coins/bitcoin/${p}`);
    expect(status).toBe(400);
    expect(body.code).toBe(400);
  });

  it('rejects a malformed coin id with 400', async () => {
    expect((await get('/api/v1/coins/%24bad%24/flows')).status).toBe(400);
  });
});

describe('coin tab endpoints: data', () => {
  it('tickers: every market pair of the coin, paginated and sortable by spread', async () => {
    const { status, body } = await get<
      Paged<{ coinId: string; spread: number | null; depthPlus1: number | null; pair: string }>
    >('/api/v1/coins/bitcoin/tickers?size=20&sort=spread&order=asc');
    expect(status).toBe(200);
    const row = await one<{ n: number }>(sql`select count(*)::int as n from tickers where coin_id = 'bitcoin'`);
    expect(body.data.total).toBe(Number(row.n));
    expect(body.data.list).toHaveLength(20);
    expect(body.data.list.every((t) => t.coinId === 'bitcoin')).toBe(true);
    const spreads = body.data.list.map((t) => t.spread!);
    expect(spreads).toEqual([...spreads].sort((a, b) => a - b));
    expect(body.data.list[0]!.depthPlus1).toBeGreaterThan(0);
    const futures = await get<Paged<{ pair: string }>>('/api/v1/coins/bitcoin/tickers?market=futures');
    expect(futures.body.data.list.every((t) => t.pair.includes('-'))).toBe(true);
  });

  it('flows: the four windows with net = in − out', async () => {
    const { body } = await get<{ windows: { window: string; inflow: number; outflow: number; netflow: number }[] }>(
      '/api/v1/coins/ethereum/flows',
    );
    expect(body.data.windows.map((w) => w.window)).toEqual(['30m', '1h', '1d', '7d']);
    for (const w of body.data.windows) expect(w.netflow).toBeCloseTo(w.inflow - w.outflow, 2);
    const stored = await one<{ inflow: string }>(
      sql`select inflow from coin_flows where coin_id = 'ethereum' and "window" = '1d'`,
    );
    expect(body.data.windows[2]!.inflow).toBeCloseTo(Number(stored.inflow), 2);
  });

  it('holders: ranked pages and top 10/20/50/100 group shares of the supply', async () => {
    const { body } = await get<
      Paged<{ rank: number; balance: number; share: number }> & {
        distribution: { groups: { top: number; share: number; balance: number }[]; circulatingSupply: number };
      }
    >('/api/v1/coins/bitcoin/holders?page=2&size=20');
    expect(body.data.total).toBe(100);
    expect(body.data.list.map((h) => h.rank)).toEqual(Array.from({ length: 20 }, (_, i) => 21 + i));
    const groups = body.data.distribution.groups;
    expect(groups.map((g) => g.top)).toEqual([10, 20, 50, 100]);
    const sum = await one<{
      top10: string;
      supply: string;
    }>(sql`select (select sum(balance) from coin_holders where coin_id = 'bitcoin' and rank <= 10) as top10,
      (select circulating_supply from coins where id = 'bitcoin') as supply`);
    expect(groups[0]!.share).toBeCloseTo((Number(sum.top10) / Number(sum.supply)) * 100, 6);
    for (let i = 1; i < groups.length; i++) expect(groups[i]!.share).toBeGreaterThan(groups[i - 1]!.share);
    expect(groups[3]!.share).toBeLessThan(100);
  });

  it('transfers: newest first, each at least 100,000 USD', async () => {
    const { body } = await get<Paged<{ at: string; valueUsd: number }>>('/api/v1/coins/bitcoin/transfers?size=30');
    expect(body.data.total).toBeGreaterThan(0);
    const times = body.data.list.map((t) => t.at);
    expect(times).toEqual([...times].sort().reverse());
    expect(body.data.list.every((t) => t.valueUsd >= 100_000)).toBe(true);
  });

  it('chain: daily activity within the range', async () => {
    const week = await get<{ days: { day: string; transactions: number }[]; totals: { transactions: number } }>(
      '/api/v1/coins/bitcoin/chain?range=1W',
    );
    const month = await get<{ days: unknown[] }>('/api/v1/coins/bitcoin/chain?range=1M');
    expect(week.body.data.days.length).toBeGreaterThanOrEqual(6);
    expect(week.body.data.days.length).toBeLessThanOrEqual(8);
    expect(month.body.data.days.length).toBeGreaterThan(week.body.data.days.length);
    expect(week.body.data.totals.transactions).toBe(week.body.data.days.reduce((a, d) => a + d.transactions, 0));
  });

  it('exchange balances: exchanges listing the coin with shares adding to 100 %', async () => {
    const { body } = await get<{ list: { share: number; balance: number }[]; total: number; supplyShare: number }>(
      '/api/v1/coins/bitcoin/exchange-balances',
    );
    expect(body.data.list.length).toBeGreaterThan(3);
    expect(body.data.list.reduce((a, r) => a + r.share, 0)).toBeCloseTo(100, 6);
    expect(body.data.supplyShare).toBeGreaterThan(0);
    expect(body.data.supplyShare).toBeLessThan(100);
  });

  it('exchanges: the venues listing the coin by volume', async () => {
    const { body } = await get<Paged<{ exchange: string; volume24h: number; pairs: number }>>(
      '/api/v1/coins/bitcoin/exchanges?size=50',
    );
    const row = await one<{ n: number }>(
      sql`select count(distinct exchange_id)::int as n from tickers where coin_id = 'bitcoin'`,
    );
    expect(body.data.total).toBe(Number(row.n));
    const vols = body.data.list.map((e) => e.volume24h);
    expect(vols).toEqual([...vols].sort((a, b) => b - a));
  });

  it('ratings: per-dimension averages, overall label and the reviews', async () => {
    const { body } = await get<{
      summary: { count: number; overall: number; label: string; dimensions: { key: string; average: number }[] };
      reviews: Paged<{ overall: number }>;
    }>('/api/v1/coins/bitcoin/ratings');
    const row = await one<{ n: number; avg: string }>(
      sql`select count(*)::int as n, avg(overall) as avg from comments where target_type = 'coin' and target_id = 'bitcoin'`,
    );
    expect(body.data.summary.count).toBe(Number(row.n));
    expect(body.data.summary.count).toBeGreaterThan(0);
    expect(body.data.summary.overall).toBeCloseTo(Number(row.avg), 6);
    expect(body.data.summary.dimensions.map((d) => d.key)).toEqual([
      'team',
      'business',
      'product',
      'community',
      'technology',
    ]);
    expect(['bad', 'general', 'good', 'veryGood', 'great']).toContain(body.data.summary.label);
    expect(body.data.reviews.total).toBe(Number(row.n));
    const none = await get<{ summary: { count: number; overall: null } }>('/api/v1/coins/aave/ratings');
    expect(none.status).toBe(200);
  });

  it('milestones: roadmap and process', async () => {
    const road = await get<{ at: string; done: boolean }[]>('/api/v1/coins/bitcoin/milestones?kind=roadmap');
    const proc = await get<{ at: string; done: boolean }[]>('/api/v1/coins/bitcoin/milestones?kind=process');
    expect(road.body.data.some((m) => !m.done)).toBe(true);
    expect(proc.body.data.length).toBeGreaterThan(2);
    expect(proc.body.data.every((m) => m.done)).toBe(true);
  });

  it('repo: weekly commits for the range, null for a coin without a repository', async () => {
    const year = await get<{ weeks: { commits: number }[]; stars: number; commitsInRange: number }>(
      '/api/v1/coins/bitcoin/repo?range=1Y',
    );
    expect(year.body.data.weeks).toHaveLength(52);
    expect(year.body.data.commitsInRange).toBe(year.body.data.weeks.reduce((a, w) => a + w.commits, 0));
    const quarter = await get<{ weeks: unknown[] }>('/api/v1/coins/bitcoin/repo?range=3M');
    expect(quarter.body.data.weeks).toHaveLength(13);
    const without = await one<{ id: string }>(
      sql`select id from coins c where not exists (select 1 from coin_repos r where r.coin_id = c.id) order by rank limit 1`,
    );
    const none = await get(`/api/v1/coins/${without.id}/repo`);
    expect(none.status).toBe(200);
    expect(none.body.data).toBeNull();
  });

  it('analysis: volatility, returns and correlation to bitcoin from daily klines', async () => {
    const { body } = await get<{
      correlationBtc: number;
      volatility1y: number;
      returns: { range: string; change: number | null }[];
      chart: unknown[];
    }>('/api/v1/coins/ethereum/analysis?range=3M');
    expect(body.data.correlationBtc).toBeGreaterThanOrEqual(-1);
    expect(body.data.correlationBtc).toBeLessThanOrEqual(1);
    expect(body.data.volatility1y).toBeGreaterThan(0);
    expect(body.data.returns.map((r) => r.range)).toEqual(['1W', '1M', '3M', '6M', '1Y', 'YTD']);
    expect(body.data.chart.length).toBeGreaterThan(80);
    // Every seeded coin has history; one whose candles are gone has no analysis (this file's own database).
    const tail = await one<{ id: string }>(sql`select id from coins order by rank desc limit 1`);
    expect((await get(`/api/v1/coins/${tail.id}/analysis`)).body.data).not.toBeNull();
    await db().execute(sql`delete from klines where coin_id = ${tail.id}`);
    expect((await get(`/api/v1/coins/${tail.id}/analysis?range=1M`)).body.data).toBeNull();
  });

  it('content: each kind answers a page (possibly empty) and hot a list', async () => {
    for (const kind of ['announcements', 'lives', 'news', 'calendar']) {
      const { status, body } = await get<Paged<unknown>>(`/api/v1/coins/bitcoin/content?kind=${kind}`);
      expect(status).toBe(200);
      expect(body.data.total).toBeGreaterThanOrEqual(body.data.list.length);
    }
    const hot = await get<{ list: { kind: string; at: string }[] }>('/api/v1/coins/bitcoin/content?kind=hot');
    expect(hot.body.data.list.length).toBeGreaterThan(0);
    // Events further than a week ahead are not "hot" yet.
    const horizon = Date.now() + 7 * 86_400_000;
    expect(hot.body.data.list.every((i) => Date.parse(i.at) <= horizon)).toBe(true);
    expect(hot.body.data.list.some((i) => i.kind !== 'calendar')).toBe(true);
  });

  it('content tab of the page: read once per 2 s for every render of it, the rows the API sends', async () => {
    for (const kind of ['news', 'hot'] as const) {
      const first = coinContentTab(db(), 'bitcoin', kind, 1, 10, ['en']);
      expect(coinContentTab(db(), 'bitcoin', kind, 1, 10, ['en']), kind).toBe(first);
      expect(coinContentTab(db(), 'bitcoin', kind, 1, 10, ['zh', 'zh-hk']), kind).not.toBe(first);
      const api = await get<{ list: { kind: string; id: number }[] }>(
        `/api/v1/coins/bitcoin/content?kind=${kind}&size=10`,
      );
      const ids = (list: { kind: string; id: number }[]) => list.map((i) => `${i.kind}:${i.id}`);
      expect(ids((await first).list), kind).toEqual(ids(api.body.data.list));
      expect((await first).list.length, kind).toBeGreaterThan(0);
    }
  });

  it('content: the total beside a page agrees with the count of a page past the end, and an unknown coin is a 404 for every kind', async () => {
    for (const kind of ['announcements', 'lives', 'news', 'calendar']) {
      const first = await get<Paged<unknown>>(`/api/v1/coins/bitcoin/content?kind=${kind}&size=10`);
      const past = await get<Paged<unknown>>(`/api/v1/coins/bitcoin/content?kind=${kind}&size=10&page=500`);
      expect(first.body.data.list.length, kind).toBe(Math.min(10, first.body.data.total));
      expect(past.body.data.list, kind).toEqual([]);
      expect(past.body.data.total, kind).toBe(first.body.data.total);
      expect((await get(`/api/v1/coins/no-such-coin/content?kind=${kind}&page=500`)).status, kind).toBe(404);
    }
    const news = await one<{ n: string }>(
      sql`select count(*) as n from article_coins ac join articles a on a.id = ac.article_id
          where ac.coin_id = 'bitcoin' and a.kind = 'news' and a.deleted_at is null and a.locale = 'en'`,
    );
    const { body } = await get<Paged<unknown>>('/api/v1/coins/bitcoin/content?kind=news');
    expect(body.data.total).toBe(Number(news.n));
  });

  it("content: lists the rows of the reader's content languages only", async () => {
    const tables = { news: 'articles', lives: 'flash_news', announcements: 'announcements' } as const;
    for (const [kind, table] of Object.entries(tables)) {
      for (const [lan, expected] of [
        ['en', ['en']],
        ['zh', ['zh', 'zh-hk']],
      ] as const) {
        const { body } = await get<Paged<{ id: number }>>(
          `/api/v1/coins/bitcoin/content?kind=${kind}&size=50&lan=${lan}`,
        );
        expect(body.data.list.length, `${kind} ${lan}`).toBeGreaterThan(0);
        const ids = body.data.list.map((i) => i.id).join(',');
        const r = await one<{ locales: string[] }>(
          sql.raw(`select array_agg(distinct locale::text) as locales from ${table} where id in (${ids})`),
        );
        expect(
          r.locales.every((l) => (expected as readonly string[]).includes(l)),
          `${kind} ${lan}: ${r.locales}`,
        ).toBe(true);
      }
    }
  });
});
