import { and, asc, eq, like } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { coins, comments, exchanges, offerings, users } from '../../../server/db/schema/index.ts';
import { apiHarness } from '../../../../tests/api/helpers.ts';
import { signedInUser } from '../../../../tests/api/users.ts';

const { call, get, db } = apiHarness();

type User = { id: number; token: string };
type Summary = { count: number; overall: number | null; label: string | null };
type Review = {
  id: number;
  author: string | null;
  anonymous: boolean;
  content: string;
  overall: number;
  label: string;
  ratings: Record<string, number>;
};

const save = (json: unknown, u?: User, lan = 'en') =>
  call<{ review: Review; summary: Summary }>('POST', `/api/new/v1/comment/save?lan=${lan}`, { json, token: u?.token });
const remove = (json: unknown, u?: User, lan = 'en') =>
  call<{ summary: Summary }>('POST', `/api/new/v1/comment/delete?lan=${lan}`, { json, token: u?.token });
const allComments = () =>
  db()
    .select({ id: comments.id, userId: comments.userId, content: comments.content })
    .from(comments)
    .orderBy(asc(comments.id));

const coinRatings = { team: 4, business: 3, product: 5, community: 4, technology: 5 };
const exchangeRatings = { safety: 5, reputation: 4, speed: 4, support: 3, welfare: 2, experience: 4 };

let coin = '';
let exchange = '';
let offering = { id: 0, slug: '' };
beforeAll(async () => {
  coin = (await db().select({ id: coins.id }).from(coins).orderBy(asc(coins.rank)).limit(1))[0]!.id;
  exchange = (await db().select({ name: exchanges.name }).from(exchanges).orderBy(asc(exchanges.name)).limit(1))[0]!
    .name;
  offering = (
    await db().select({ id: offerings.id, slug: offerings.slug }).from(offerings).orderBy(asc(offerings.id)).limit(1)
  )[0]!;
});

const coinReview = (over: Record<string, unknown> = {}) => ({
  targetType: 'coin',
  targetId: coin,
  content: 'A solid project with a real team.',
  anonymous: false,
  ratings: coinRatings,
  overall: 4,
  ...over,
});

describe('auth', () => {
  it('refuses every path without a valid token (401), and changes nothing', async () => {
    const before = await allComments();
    for (const token of [undefined, 'not.a.valid-token-at-all-xxxxxxxx']) {
      const u = token ? { id: 0, token } : undefined;
      expect((await save(coinReview(), u)).status).toBe(401);
      expect((await remove({ id: before[0]!.id }, u)).status).toBe(401);
      expect((await call('GET', `/api/v1/comment/mine?targetType=coin&targetId=${coin}`, { token })).status).toBe(401);
    }
    expect(await allComments()).toEqual(before);
  });
});

describe('save', () => {
  it('saves a coin review, answers "Review Success!" with the fresh summary, and the read side shows it at once', async () => {
    const u = await signedInUser(db());
    const ratingsBefore = await get<{ summary: { count: number } }>(`/api/v1/coins/${coin}/ratings`);
    const res = await save(coinReview(), u);
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(0);
    expect(res.body.msg).toBe('Review Success!');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.body.data.review).toMatchObject({
      content: 'A solid project with a real team.',
      overall: 4,
      label: 'veryGood',
      ratings: coinRatings,
      anonymous: false,
    });
    const after = await get<{ summary: { count: number }; reviews: { list: Review[] } }>(
      `/api/v1/coins/${coin}/ratings`,
    );
    expect(after.body.data.summary.count).toBe(ratingsBefore.body.data.summary.count + 1);
    expect(res.body.data.summary.count).toBe(after.body.data.summary.count);
    expect(after.body.data.reviews.list[0]!.id).toBe(res.body.data.review.id);
    expect(after.headers.get('cache-control')).toBeNull();

    const mine = await call<Review | null>('GET', `/api/v1/comment/mine?targetType=coin&targetId=${coin}`, {
      token: u.token,
    });
    expect(mine.body.data?.id).toBe(res.body.data.review.id);
    const other = await signedInUser(db());
    expect(
      (await call('GET', `/api/v1/comment/mine?targetType=coin&targetId=${coin}`, { token: other.token })).body.data,
    ).toBeNull();
  });

  it('refuses a second review of the same target: "You have already commented" (409), nothing stored', async () => {
    const u = await signedInUser(db());
    expect((await save(coinReview(), u)).status).toBe(200);
    const before = await allComments();
    const again = await save(coinReview({ content: 'Changed my mind entirely.' }), u);
    expect([again.status, again.body.msg]).toEqual([409, 'You have already commented']);
    expect(again.body.code).not.toBe(0);
    expect((await save(coinReview(), u, 'zh')).body.msg).toBe('您已经评论过了');
    // Two at once: the unique index lets one through.
    const v = await signedInUser(db());
    const both = await Promise.all([save(coinReview(), v), save(coinReview(), v)]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    expect((await allComments()).length).toBe(before.length + 1);
  });

  it('answers every incomplete form with "Please improve the comment information!" and stores nothing', async () => {
    const u = await signedInUser(db());
    const before = await allComments();
    const { team: _t, ...missingTeam } = coinRatings;
    const bad = [
      coinReview({ content: 'short' }),
      coinReview({ content: '  1234567  ' }),
      coinReview({ content: 42 }),
      coinReview({ content: undefined }),
      coinReview({ ratings: missingTeam }),
      coinReview({ ratings: { ...coinRatings, team: 0 } }),
      coinReview({ ratings: { ...coinRatings, team: 6 } }),
      coinReview({ ratings: { ...coinRatings, team: 2.5 } }),
      coinReview({ ratings: { ...coinRatings, team: '4' } }),
      coinReview({ ratings: { ...coinRatings, safety: 4 } }),
      coinReview({ ratings: null }),
      coinReview({ overall: undefined }),
      coinReview({ overall: 0 }),
      coinReview({ overall: 6 }),
      coinReview({ anonymous: 'yes' }),
      {
        targetType: 'exchange',
        targetId: exchange,
        content: 'Fast withdrawals here.',
        ratings: coinRatings,
        overall: 4,
      },
    ];
    for (const json of bad) {
      const res = await save(json, u);
      expect([JSON.stringify(json), res.status, res.body.msg]).toEqual([
        JSON.stringify(json),
        400,
        'Please improve the comment information!',
      ]);
      expect(res.body.code).not.toBe(0);
    }
    const raw = await call('POST', '/api/new/v1/comment/save', { raw: '{not json', token: u.token });
    expect([raw.status, raw.body.msg]).toEqual([400, 'Please improve the comment information!']);
    expect((await save(coinReview({ content: 'short' }), u, 'zh')).body.msg).toBe('请完善评论信息！');
    expect((await save(coinReview({ content: 'x'.repeat(2001) }), u)).status).toBe(400);
    expect((await save(coinReview({ targetType: 'article' }), u)).status).toBe(400);
    expect(await allComments()).toEqual(before);
  });

  it('counts characters, not bytes: eight Chinese characters are enough', async () => {
    const u = await signedInUser(db());
    expect((await save(coinReview({ content: '这个项目团队很强大' }), u)).status).toBe(200);
  });

  it('refuses an unknown target with 404', async () => {
    const u = await signedInUser(db());
    const before = await allComments();
    for (const json of [
      coinReview({ targetId: 'no-such-coin-xyz' }),
      {
        targetType: 'exchange',
        targetId: 'no-such-exchange',
        content: 'Fast withdrawals here.',
        ratings: exchangeRatings,
        overall: 4,
      },
      {
        targetType: 'offering',
        targetId: 'no-such-offering',
        content: 'A promising offering.',
        ratings: coinRatings,
        overall: 4,
      },
    ]) {
      const res = await save(json, u);
      expect(res.status).toBe(404);
      expect(res.body.code).not.toBe(0);
    }
    expect(
      (await call('GET', '/api/v1/comment/mine?targetType=coin&targetId=no-such-coin-xyz', { token: u.token })).status,
    ).toBe(404);
    expect(await allComments()).toEqual(before);
  });

  it('reviews an exchange and an offering (by slug or by id), and the read sides follow', async () => {
    const u = await signedInUser(db());
    const before = await get<{ total: number; summary: Summary }>(`/api/v1/exchanges/${exchange}/comments`);
    const ex = await save(
      {
        targetType: 'exchange',
        targetId: exchange,
        content: 'Fast withdrawals here.',
        ratings: exchangeRatings,
        overall: 5,
      },
      u,
    );
    expect(ex.status).toBe(200);
    const after = await get<{ total: number; summary: Summary }>(`/api/v1/exchanges/${exchange}/comments`);
    expect(after.body.data.total).toBe(before.body.data.total + 1);
    expect(after.body.data.summary.count).toBe(before.body.data.summary.count + 1);
    expect(after.headers.get('cache-control')).toBeNull();

    const off = await save(
      {
        targetType: 'offering',
        targetId: String(offering.id),
        content: 'A promising offering.',
        ratings: coinRatings,
        overall: 3,
      },
      u,
    );
    expect(off.status).toBe(200);
    const [stored] = await db().select().from(comments).where(eq(comments.id, off.body.data.review.id));
    expect(stored!.targetId).toBe(offering.slug);
    const dup = await save(
      {
        targetType: 'offering',
        targetId: offering.slug,
        content: 'A promising offering.',
        ratings: coinRatings,
        overall: 3,
      },
      u,
    );
    expect(dup.status).toBe(409);
  });

  it('never names the author of an anonymous review in the read APIs', async () => {
    const u = await signedInUser(db());
    const [row] = await db().select({ username: users.username }).from(users).where(eq(users.id, u.id));
    await db()
      .update(users)
      .set({ nickname: `nick_${u.id}` })
      .where(eq(users.id, u.id));
    const res = await save(
      {
        targetType: 'exchange',
        targetId: exchange,
        content: 'Anonymous but honest.',
        anonymous: true,
        ratings: exchangeRatings,
        overall: 2,
      },
      u,
    );
    expect(res.status).toBe(200);
    const list = await get(`/api/v1/exchanges/${exchange}/comments?size=100`);
    const text = JSON.stringify(list.body);
    expect(text).toContain('Anonymous but honest.');
    expect(text).not.toContain(row!.username);
    expect(text).not.toContain(`nick_${u.id}`);
    const mine = list.body.data as { list: Review[] };
    expect(mine.list.find((r) => r.id === res.body.data.review.id)).toMatchObject({
      author: null,
      anonymous: true,
      label: 'general',
    });
  });
});

describe('delete', () => {
  it('deletes one\'s own review ("Success"); another user\'s or a missing one is 404 "Fail" and nothing is deleted', async () => {
    const owner = await signedInUser(db());
    const other = await signedInUser(db());
    const saved = await save(coinReview(), owner);
    const id = saved.body.data.review.id;
    const before = await allComments();

    const theirs = await remove({ id }, other);
    expect([theirs.status, theirs.body.msg]).toEqual([404, 'Fail']);
    expect((await remove({ id: 2_000_000_000 }, owner)).status).toBe(404);
    for (const json of [{}, { id: 'abc' }, { id: -1 }, { id: 1.5 }, []]) {
      const res = await remove(json, owner);
      expect([JSON.stringify(json), res.status, res.body.msg]).toEqual([JSON.stringify(json), 400, 'Fail']);
    }
    expect((await remove({ id }, other, 'zh')).body.msg).toBe('失败');
    expect(await allComments()).toEqual(before);

    const count = (await get<{ summary: { count: number } }>(`/api/v1/coins/${coin}/ratings`)).body.data.summary.count;
    const ok = await remove({ id: String(id) }, owner);
    expect([ok.status, ok.body.code, ok.body.msg]).toEqual([200, 0, 'Success']);
    expect(ok.body.data).toMatchObject({ targetType: 'coin', targetId: coin });
    expect((await get<{ summary: { count: number } }>(`/api/v1/coins/${coin}/ratings`)).body.data.summary.count).toBe(
      count - 1,
    );
    expect(
      (
        await db()
          .select()
          .from(comments)
          .where(and(eq(comments.id, id)))
      ).length,
    ).toBe(0);
    // Deleted: the user may review again, and a second delete fails.
    expect((await remove({ id }, owner)).status).toBe(404);
    expect((await save(coinReview(), owner)).status).toBe(200);
  });
});

describe('rate limit', () => {
  it('stops a user after 30 new reviews in an hour (429), storing nothing more', async () => {
    const u = await signedInUser(db());
    const ids = (
      await db().select({ id: coins.id }).from(coins).where(like(coins.id, '%')).orderBy(asc(coins.id)).limit(31)
    ).map((r) => r.id);
    for (const id of ids.slice(0, 30)) expect((await save(coinReview({ targetId: id }), u)).status).toBe(200);
    const before = await allComments();
    const res = await save(coinReview({ targetId: ids[30] }), u);
    expect(res.status).toBe(429);
    expect(await allComments()).toEqual(before);
  });
});
