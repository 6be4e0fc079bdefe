import { and, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { articles, columnistFollows, columnists } from '../../../server/db/schema/index.ts';
import { apiHarness } from '../../../../tests/api/helpers.ts';
import { signedInUser } from '../../../../tests/api/users.ts';

const { call, db } = apiHarness();

type User = { id: number; token: string };
type Followed = {
  _id: number;
  name: string;
  avatar: string | null;
  bio: string | null;
  followers: number;
  followedAt: string;
};
type ArticlePage = {
  list: { id: number; publishedAt: string; columnist: { id: number } | null }[];
  total: number;
  page: number;
  size: number;
};

const save = (u: User, _id: unknown) =>
  call<boolean>('POST', '/api/new/v1/columnist/save', { json: { _id }, token: u.token });
const remove = (u: User, _id: unknown) =>
  call<boolean>('POST', '/api/new/v1/columnist/delete', { json: { _id }, token: u.token });
const list = (u: User, size?: number) =>
  call<Followed[]>('GET', `/api/new/v1/columnist/list${size === undefined ? '' : `?size=${size}`}`, { token: u.token });
const follows = (u: User) => db().select().from(columnistFollows).where(eq(columnistFollows.userId, u.id));
const followersOf = async (id: number) =>
  (await db().select({ n: columnists.followers }).from(columnists).where(eq(columnists.id, id)))[0]!.n;

/** Columnists with visible articles, most articles first. */
let writers: number[] = [];
beforeAll(async () => {
  const rows = await db()
    .select({ id: articles.columnistId })
    .from(articles)
    .where(and(isNotNull(articles.columnistId), isNull(articles.deletedAt)))
    .groupBy(articles.columnistId)
    .orderBy(desc(sql`count(*)`));
  writers = rows.map((r) => r.id!);
  expect(writers.length).toBeGreaterThanOrEqual(3);
});

describe('columnist follows', () => {
  it('need a Bearer token on every path', async () => {
    for (const [method, path] of [
      ['POST', '/api/new/v1/columnist/save'],
      ['POST', '/api/new/v1/columnist/delete'],
      ['GET', '/api/new/v1/columnist/list'],
      ['GET', '/api/new/v2/content/follow'],
    ] as const) {
      const res = await call(method, path, { json: method === 'POST' ? { _id: writers[0] } : undefined });
      expect([path, res.status, res.body.code]).toEqual([path, 401, 401]);
    }
  });

  it('save answers true, delete false; repeats change nothing; followers move once', async () => {
    const u = await signedInUser(db());
    const id = writers[0]!;
    const before = await followersOf(id);
    expect((await save(u, id)).body).toMatchObject({ code: 0, data: true });
    expect((await save(u, String(id))).body).toMatchObject({ code: 0, data: true });
    expect(await followersOf(id)).toBe(before + 1);
    expect(await follows(u)).toHaveLength(1);
    const listed = await list(u);
    expect(listed.headers.get('cache-control')).toBe('no-store');
    expect(listed.body.data).toEqual([
      expect.objectContaining({ _id: id, name: expect.any(String), followers: before + 1 }),
    ]);
    expect((await remove(u, id)).body).toMatchObject({ code: 0, data: false });
    expect((await remove(u, id)).body).toMatchObject({ code: 0, data: false });
    expect(await followersOf(id)).toBe(before);
    expect((await list(u)).body.data).toEqual([]);
  });

  it('lists latest followed first; size limits, 0 means all', async () => {
    const u = await signedInUser(db());
    for (const id of writers.slice(0, 3)) await save(u, id);
    expect((await list(u, 0)).body.data.map((c) => c._id)).toEqual(writers.slice(0, 3).reverse());
    expect((await list(u)).body.data).toHaveLength(3);
    expect((await list(u, 2)).body.data.map((c) => c._id)).toEqual([writers[2], writers[1]]);
    for (const size of ['-1', 'x', '1.5', '501']) {
      const res = await call('GET', `/api/new/v1/columnist/list?size=${size}`, { token: u.token });
      expect([size, res.status]).toEqual([size, 400]);
    }
  });

  it('refuses unknown columnists (404) and bad _id (400), changing nothing', async () => {
    const u = await signedInUser(db());
    await save(u, writers[0]);
    const before = await follows(u);
    const unknown = await save(u, 99999999);
    expect([unknown.status, unknown.body.msg]).toEqual([404, 'No columnist with this id.']);
    expect((await remove(u, 99999999)).status).toBe(404);
    for (const bad of [undefined, null, '', 'abc', -1, 0, 1.5, '1e3', [writers[0]], 99999999999]) {
      const res = await save(u, bad);
      expect([JSON.stringify(bad), res.status, res.body.msg]).toEqual([
        JSON.stringify(bad),
        400,
        'Say which columnist with its _id.',
      ]);
      expect((await remove(u, bad)).status).toBe(400);
    }
    const raw = await call('POST', '/api/new/v1/columnist/save', { raw: 'nope', token: u.token });
    expect(raw.status).toBe(400);
    expect(await follows(u)).toEqual(before);
  });

  it("keeps users apart: another user's delete does not unfollow me", async () => {
    const a = await signedInUser(db());
    const b = await signedInUser(db());
    await save(a, writers[0]);
    expect((await remove(b, writers[0])).body.data).toBe(false);
    expect((await list(a)).body.data.map((c) => c._id)).toEqual([writers[0]]);
    expect((await list(b)).body.data).toEqual([]);
  });
});

describe('GET /api/new/v2/content/follow', () => {
  it('lists the articles of followed columnists only, newest first, paginated', async () => {
    const u = await signedInUser(db());
    const empty = await call<ArticlePage>('GET', '/api/new/v2/content/follow', { token: u.token });
    expect(empty.body.data).toMatchObject({ list: [], total: 0 });
    const chosen = writers.slice(0, 2);
    for (const id of chosen) await save(u, id);
    const [expected] = await db()
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(articles)
      .where(
        and(
          sql`${articles.columnistId} in (${sql.join(
            chosen.map((id) => sql`${id}`),
            sql`, `,
          )})`,
          isNull(articles.deletedAt),
        ),
      );
    const page1 = await call<ArticlePage>('GET', '/api/new/v2/content/follow?size=10', { token: u.token });
    expect(page1.status).toBe(200);
    expect(page1.headers.get('cache-control')).toBe('no-store');
    expect(page1.body.data.total).toBe(expected!.n);
    expect(page1.body.data.list.length).toBe(Math.min(10, expected!.n));
    for (const a of page1.body.data.list) expect(chosen).toContain(a.columnist!.id);
    const times = page1.body.data.list.map((a) => a.publishedAt);
    expect([...times].sort().reverse()).toEqual(times);
    if (expected!.n > 10) {
      const page2 = await call<ArticlePage>('GET', '/api/new/v2/content/follow?page=2&size=10', { token: u.token });
      expect(page2.body.data.list[0]!.publishedAt <= times.at(-1)!).toBe(true);
      expect(page2.body.data.list.map((a) => a.id)).not.toContain(page1.body.data.list[0]!.id);
    }
    // Another user's follows are not mine.
    const other = await signedInUser(db());
    await save(other, writers[2]);
    expect((await call<ArticlePage>('GET', '/api/new/v2/content/follow', { token: u.token })).body.data.total).toBe(
      expected!.n,
    );
    expect((await call('GET', '/api/new/v2/content/follow?size=7', { token: u.token })).status).toBe(400);
  });
});
