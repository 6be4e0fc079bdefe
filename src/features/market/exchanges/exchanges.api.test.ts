import { beforeAll, describe, expect, it } from 'vitest';
import { comments, exchanges, users } from '../../../server/db/schema/index.ts';
import { volumeEstimate } from './exchanges.server.ts';
import { apiHarness } from '../../../../tests/api/helpers.ts';

const { get, db } = apiHarness();

interface Detail {
  name: string;
  displayName: string;
  type: string;
  rank: number | null;
  monthlyVisits: number | null;
  reportedVolume24h: number | null;
  expectedVolume24h: number | null;
  volumePerVisit: number;
  volumeEstimate: { perVisit: number; dailyVisits: number; uncapped: number; expected: number; capped: boolean } | null;
  [key: string]: unknown;
}

interface ReviewPage {
  list: {
    id: number;
    author: string | null;
    anonymous: boolean;
    content: string;
    overall: number;
    label: string;
    ratings: Record<string, number>;
    createdAt: string;
  }[];
  total: number;
  page: number;
  size: number;
  summary: {
    count: number;
    overall: number | null;
    label: string | null;
    dimensions: { key: string; average: number | null }[];
    distribution: { label: string; count: number }[];
  };
}

describe('GET /api/v1/exchanges/:name', () => {
  it('returns every SPEC §3 exchange field', async () => {
    const { status, body } = await get<Detail>('/api/v1/exchanges/binance');
    expect(status).toBe(200);
    for (const key of [
      'name',
      'displayName',
      'type',
      'country',
      'foundedOn',
      'rank',
      'makerFee',
      'takerFee',
      'expectedVolume24h',
      'reportedVolume24h',
      'expectedRank',
      'features',
      'coinCount',
      'pairCount',
      'monthlyVisits',
      'followers',
      'apiDelayMs',
      'webDelayMs',
      'starRating',
      'reviewed',
    ])
      expect(body.data, key).toHaveProperty(key);
    expect(Object.keys(body.data.features as object).sort()).toEqual([
      'fiat',
      'futures',
      'leverage',
      'miningIncentive',
      'spot',
    ]);
    expect(['CEX', 'DEX']).toContain(body.data.type);
  });

  it('explains the expected volume with the same figures (perVisit × visits / 30, capped)', async () => {
    const { body } = await get<Detail>('/api/v1/exchanges/binance');
    const d = body.data;
    expect(d.volumeEstimate).not.toBeNull();
    expect(d.volumeEstimate).toEqual(volumeEstimate(d.volumePerVisit, d.monthlyVisits, d.reportedVolume24h));
    expect(d.volumeEstimate!.dailyVisits).toBeCloseTo(d.monthlyVisits! / 30, 6);
    expect(d.expectedVolume24h).toBeCloseTo(Math.min(d.volumeEstimate!.uncapped, d.reportedVolume24h!), 2);
    expect(d.expectedVolume24h!).toBeLessThanOrEqual(d.reportedVolume24h!);
  });

  it('404s an unknown exchange and 400s an invalid name', async () => {
    const missing = await get('/api/v1/exchanges/no-such-exchange');
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe(404);
    const bad = await get('/api/v1/exchanges/%24%24bad');
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe(400);
  });
});

describe('GET /api/v1/exchanges/:name/comments', () => {
  const day = 86_400_000;
  const base = Date.UTC(2026, 0, 10);
  beforeAll(async () => {
    // Our own exchanges, so seeded demo reviews cannot change the expected figures.
    await db()
      .insert(exchanges)
      .values([
        { name: 'review-test-ex', displayName: 'Review Test', type: 'CEX' },
        { name: 'quiet-test-ex', displayName: 'Quiet Test', type: 'DEX' },
      ]);
    const made = await db()
      .insert(users)
      .values(
        ['ada', 'bob', 'cyd', 'dee'].map((u, i) => ({
          username: `review-test-${u}`,
          nickname: i === 0 ? 'Ada L.' : null,
          invitationCode: `REVIEW${i}`,
          passwordHash: 'x',
        })),
      )
      .returning({ id: users.id });
    const scores: Record<string, number>[] = [
      { safety: 5, reputation: 5, speed: 4, support: 5, welfare: 4, experience: 5 },
      { safety: 2, reputation: 3, speed: 2, support: 1, welfare: 2, experience: 2 },
      { safety: 4, reputation: 4, speed: 4, support: 3, welfare: 3, experience: 4, bogus: 5 },
    ];
    await db()
      .insert(comments)
      .values([
        {
          userId: made[0]!.id,
          targetType: 'exchange',
          targetId: 'review-test-ex',
          content: 'Fast withdrawals and good support overall.',
          anonymous: false,
          ratings: scores[0]!,
          overall: '4.8',
          createdAt: new Date(base),
        },
        {
          userId: made[1]!.id,
          targetType: 'exchange',
          targetId: 'review-test-ex',
          content: 'Support never answered my ticket at all.',
          anonymous: true,
          ratings: scores[1]!,
          overall: '2',
          createdAt: new Date(base + day),
        },
        {
          userId: made[2]!.id,
          targetType: 'exchange',
          targetId: 'review-test-ex',
          content: 'Solid exchange, fees could be lower though.',
          anonymous: false,
          ratings: scores[2]!,
          overall: '3.7',
          createdAt: new Date(base + 2 * day),
        },
        // another target and another kind must not leak in
        {
          userId: made[3]!.id,
          targetType: 'exchange',
          targetId: 'quiet-test-exx',
          content: 'Different exchange, must not be listed.',
          ratings: scores[0]!,
          overall: '1',
        },
        {
          userId: made[3]!.id,
          targetType: 'coin',
          targetId: 'review-test-ex',
          content: 'A coin review with the same target id.',
          ratings: {},
          overall: '1',
        },
      ]);
  });

  it('lists reviews newest first with author, label and dimension ratings', async () => {
    const { status, body } = await get<ReviewPage>('/api/v1/exchanges/review-test-ex/comments');
    expect(status).toBe(200);
    const { list, total, summary } = body.data;
    expect(total).toBe(3);
    expect(list.map((r) => r.content.slice(0, 5))).toEqual(['Solid', 'Suppo', 'Fast ']);
    expect(list[0]).toMatchObject({ author: 'review-test-cyd', overall: 3.7, label: 'veryGood', anonymous: false });
    expect(list[2]).toMatchObject({ author: 'Ada L.', label: 'great' });
    expect(Object.keys(list[0]!.ratings)).not.toContain('bogus');
    expect(list[0]!.ratings.safety).toBe(4);
    expect(summary.count).toBe(3);
    expect(summary.overall).toBeCloseTo((4.8 + 2 + 3.7) / 3, 6);
    expect(summary.dimensions.map((d) => d.key)).toEqual([
      'safety',
      'reputation',
      'speed',
      'support',
      'welfare',
      'experience',
    ]);
    expect(summary.dimensions.find((d) => d.key === 'support')!.average).toBeCloseTo(3, 6);
    expect(Object.fromEntries(summary.distribution.map((d) => [d.label, d.count]))).toEqual({
      bad: 0,
      general: 1,
      good: 0,
      veryGood: 1,
      great: 1,
    });
  });

  it('never reveals who wrote an anonymous review', async () => {
    const { body } = await get<ReviewPage>('/api/v1/exchanges/review-test-ex/comments');
    const anon = body.data.list.find((r) => r.anonymous)!;
    expect(anon.author).toBeNull();
    expect(JSON.stringify(body.data)).not.toContain('review-test-bob');
  });

  it('pages the list', async () => {
    const { body } = await get<ReviewPage>('/api/v1/exchanges/review-test-ex/comments?page=2&size=10');
    expect(body.data.page).toBe(2);
    expect(body.data.list).toEqual([]);
    expect(body.data.total).toBe(3);
  });

  it('answers an exchange without reviews with an empty page and an empty summary', async () => {
    const { body } = await get<ReviewPage>('/api/v1/exchanges/quiet-test-ex/comments');
    expect(body.data.total).toBe(0);
    expect(body.data.summary).toMatchObject({ count: 0, overall: null, label: null });
  });

  it.each([
    ['page=0', 400],
    ['size=15', 400],
    ['page=abc', 400],
  ])('rejects %s with a 400 envelope', async (qs, status) => {
    const res = await get(`/api/v1/exchanges/review-test-ex/comments?${qs}`);
    expect(res.status).toBe(status);
    expect(res.body.code).toBe(400);
  });

  it('404s an unknown exchange', async () => {
    const res = await get('/api/v1/exchanges/no-such-exchange/comments');
    expect(res.status).toBe(404);
    expect(res.body.code).toBe(404);
  });
});
