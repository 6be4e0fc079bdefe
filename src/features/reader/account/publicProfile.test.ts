import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb } from '../../../../tests/setup/db.ts';
import type { DbHandle } from '../../../server/db/client.ts';
import { coins, comments, exchanges, offerings, users } from '../../../server/db/schema/index.ts';
import { publicProfile } from './publicProfile.server.ts';

describe('publicProfile', () => {
  let handle: DbHandle;
  let coinId: string;
  let exchange: { name: string; displayName: string };
  let offering: { slug: string; name: string };

  beforeAll(async () => {
    handle = await openTestDb();
    const { db } = handle;
    [{ id: coinId }] = (await db.select({ id: coins.id }).from(coins).limit(1)) as [{ id: string }];
    [exchange] = (await db
      .select({ name: exchanges.name, displayName: exchanges.displayName })
      .from(exchanges)
      .limit(1)) as [{ name: string; displayName: string }];
    [offering] = (await db.select({ slug: offerings.slug, name: offerings.name }).from(offerings).limit(1)) as [
      { slug: string; name: string },
    ];
    const [ann] = await db
      .insert(users)
      .values({
        username: 'Ann_Reviews',
        nickname: 'Ann',
        email: 'ann@example.com',
        phone: '+8613800138000',
        invitationCode: 'SECRETINV1',
        passwordHash: 'x',
        createdAt: new Date('2026-01-02T03:04:05Z'),
      })
      .returning({ id: users.id });
    const review = (
      targetType: 'coin' | 'exchange' | 'offering',
      targetId: string,
      anonymous: boolean,
      at: string,
      content: string,
    ) => ({
      userId: ann!.id,
      targetType,
      targetId,
      content,
      anonymous,
      ratings: {},
      overall: '4.5',
      createdAt: new Date(at),
    });
    await db
      .insert(comments)
      .values([
        review('coin', coinId, false, '2026-03-01T00:00:00Z', 'A public coin review, long enough.'),
        review('exchange', exchange.name, false, '2026-03-03T00:00:00Z', 'A public exchange review, newest.'),
        review('offering', offering.slug, false, '2026-03-02T00:00:00Z', 'A public offering review here.'),
        review('coin', 'no-such-coin', true, '2026-03-04T00:00:00Z', 'An anonymous review never shown.'),
      ]);
    await db.insert(users).values({ username: 'quiet_one', invitationCode: 'SECRETINV2', passwordHash: 'x' });
  });
  afterAll(async () => handle?.close());

  it('shows name, nickname, avatar, member since and the public reviews, newest first, with target names', async () => {
    const p = await publicProfile(handle.db, 'ann_reviews', { page: 1, size: 10 });
    expect(p).toMatchObject({
      userName: 'Ann_Reviews',
      nickname: 'Ann',
      avatar: null,
      memberSince: '2026-01-02T03:04:05.000Z',
    });
    expect(p!.reviews.total).toBe(3);
    expect(p!.reviews.list.map((r) => [r.targetType, r.targetName])).toEqual([
      ['exchange', exchange.displayName],
      ['offering', offering.name],
      ['coin', (await handle.db.select({ name: coins.name }).from(coins).where(eq(coins.id, coinId)))[0]!.name],
    ]);
    expect(p!.reviews.list[0]).toMatchObject({ targetId: exchange.name, overall: 4.5, label: 'great' });
  });

  it('never carries private data or anonymous reviews', async () => {
    const text = JSON.stringify(await publicProfile(handle.db, 'Ann_Reviews', { page: 1, size: 10 }));
    for (const secret of [
      'ann@example.com',
      '+8613800138000',
      'SECRETINV1',
      'anonymous review',
      'passwordHash',
      '"id":' + 'undefined',
    ])
      expect(text).not.toContain(secret);
    expect(Object.keys((await publicProfile(handle.db, 'Ann_Reviews', { page: 1, size: 10 }))!).sort()).toEqual([
      'avatar',
      'memberSince',
      'nickname',
      'reviews',
      'userName',
    ]);
  });

  it('pages the reviews', async () => {
    const p = await publicProfile(handle.db, 'Ann_Reviews', { page: 2, size: 2 });
    expect(p!.reviews).toMatchObject({ total: 3, page: 2, size: 2 });
    expect(p!.reviews.list.map((r) => r.targetType)).toEqual(['coin']);
  });

  it('answers a user without reviews with an empty list, and unknown or malformed names with null', async () => {
    expect((await publicProfile(handle.db, 'quiet_one', { page: 1, size: 10 }))!.reviews).toEqual({
      list: [],
      total: 0,
      page: 1,
      size: 10,
    });
    expect(await publicProfile(handle.db, 'nobody_here', { page: 1, size: 10 })).toBeNull();
    expect(await publicProfile(handle.db, "x' or 1=1 --", { page: 1, size: 10 })).toBeNull();
    expect(await publicProfile(handle.db, 'ab', { page: 1, size: 10 })).toBeNull();
  });
});
