/** The site's own pages' data: latest reviews across targets (/review) and the price widget (/widget). */
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { comments, offerings, users } from '../../server/db/schema/index.ts';
import { latestReviews, widgetCoins } from './site.server.ts';
import { apiHarness } from '../../../tests/api/helpers.ts';

const { db } = apiHarness();
const rowsOf = async <T>(query: ReturnType<typeof sql>) =>
  ((await db().execute(query)) as unknown as { rows: T[] }).rows;
const at = (minutes: number) => new Date(Date.UTC(2099, 0, 1, 0, minutes));

beforeAll(async () => {
  const [user] = await db()
    .insert(users)
    .values({ username: 'site_reviewer', nickname: 'Site Reviewer', invitationCode: 'SITE-TEST-1', passwordHash: 'x' })
    .returning({ id: users.id });
  await db().insert(offerings).values({
    slug: 'site-test-offering',
    kind: 'IEO',
    name: 'Site Test Offering',
    symbol: 'STO',
    status: 'fundraising',
  });
  const [exchange] = await rowsOf<{ name: string }>(sql`select name from exchanges order by rank nulls last limit 1`);
  await db()
    .insert(comments)
    .values([
      {
        userId: user!.id,
        targetType: 'offering',
        targetId: 'site-test-offering',
        content: 'Clear roadmap and a known team.',
        ratings: { team: 5, product: 4, bogus: 9 },
        overall: '4.5',
        createdAt: at(3),
      },
      {
        userId: user!.id,
        targetType: 'coin',
        targetId: 'bitcoin',
        content: 'Still the most liquid market.',
        anonymous: true,
        ratings: { team: 4 },
        overall: '4',
        createdAt: at(2),
      },
      {
        userId: user!.id,
        targetType: 'exchange',
        targetId: exchange!.name,
        content: 'Fast withdrawals, decent support.',
        ratings: { speed: 5 },
        overall: '3.2',
        createdAt: at(1),
      },
      {
        userId: user!.id,
        targetType: 'coin',
        targetId: 'no-such-coin',
        content: 'A review of a coin that is gone.',
        ratings: {},
        overall: '1',
        createdAt: at(4),
      },
    ]);
});

describe('latest reviews', () => {
  it('lists the newest reviews of every kind with their targets, leaving orphans out', async () => {
    const page = await latestReviews(db(), { page: 1, size: 10 });
    const [{ n }] = (await rowsOf<{ n: number }>(sql`select count(*)::int as n from comments c
      where (c.target_type = 'coin' and exists (select 1 from coins where id = c.target_id))
         or (c.target_type = 'exchange' and exists (select 1 from exchanges where name = c.target_id))
         or (c.target_type = 'offering' and exists (select 1 from offerings o where o.slug = c.target_id))`)) as [
      { n: number },
    ];
    expect(page.total).toBe(n);
    expect(page.list).toHaveLength(10);
    const [offering, coin, exchange] = page.list;
    expect(offering).toMatchObject({
      content: 'Clear roadmap and a known team.',
      author: 'Site Reviewer',
      overall: 4.5,
      label: 'great',
      ratings: { team: 5, product: 4 },
      target: {
        type: 'offering',
        id: 'site-test-offering',
        name: 'Site Test Offering',
        symbol: 'STO',
        path: '/ieo/site-test-offering',
        reviewsPath: '/ieo/site-test-offering/comment',
      },
    });
    expect(coin).toMatchObject({
      author: null,
      anonymous: true,
      target: { type: 'coin', id: 'bitcoin', name: 'Bitcoin', symbol: 'BTC', path: '/coin/bitcoin' },
    });
    expect(exchange!.target).toMatchObject({
      type: 'exchange',
      path: `/exchange/${exchange!.target.id}`,
      reviewsPath: `/exchange/${exchange!.target.id}/comment`,
    });
    expect(page.list.some((r) => r.target.id === 'no-such-coin')).toBe(false);
    const times = page.list.map((r) => r.createdAt);
    expect(times).toEqual([...times].sort().reverse());
  });

  it('filters by kind and pages on', async () => {
    const coins = await latestReviews(db(), { page: 1, size: 20, type: 'coin' });
    expect(coins.list.every((r) => r.target.type === 'coin')).toBe(true);
    const second = await latestReviews(db(), { page: 2, size: 20, type: 'coin' });
    expect(second.total).toBe(coins.total);
    if (coins.total > 20) expect(second.list[0]!.id).not.toBe(coins.list[0]!.id);
    const offeringsOnly = await latestReviews(db(), { page: 1, size: 10, type: 'offering' });
    expect(offeringsOnly.list.map((r) => r.target.name)).toContain('Site Test Offering');
    const beyond = await latestReviews(db(), { page: 9999, size: 10 });
    expect(beyond.list).toEqual([]);
  });
});

describe('widget coins', () => {
  it('keeps the requested order and names unknown ids', async () => {
    const data = await widgetCoins(db(), ['ethereum', 'nope-coin', 'bitcoin']);
    expect(data.coins.map((c) => c.id)).toEqual(['ethereum', 'bitcoin']);
    expect(data.unknown).toEqual(['nope-coin']);
    expect(data.coins[0]!.price).toBeGreaterThan(0);
    expect(data.coins[0]!.icon).toBe('/icons/coins/ethereum.svg');
    expect(data.updatedAt).toMatch(/^\d{4}-/);
  });

  it('shows the top five by market-cap rank by default', async () => {
    const data = await widgetCoins(db(), []);
    const top = await rowsOf<{ id: string }>(sql`select id from coins where rank is not null order by rank limit 5`);
    expect(data.coins.map((c) => c.id)).toEqual(top.map((r) => r.id));
  });
});
