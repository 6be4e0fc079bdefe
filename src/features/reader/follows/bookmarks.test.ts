import { and, desc, eq, isNull } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { announcements, articles, contentBookmarks, flashNews } from '../../../server/db/schema/index.ts';
import { apiHarness } from '../../../../tests/api/helpers.ts';
import { signedInUser } from '../../../../tests/api/users.ts';

const { call, db } = apiHarness();
const V1 = '/api/v1';

type User = { id: number; token: string };
type Bookmark = {
  kind: string;
  id: number;
  title: string;
  link: string;
  label: string | null;
  publishedAt: string;
  bookmarkedAt: string;
  locale: string;
};
type Page = { list: Bookmark[]; total: number; page: number; size: number };

const get = <T = unknown>(path: string, token?: string) => call<T>('GET', `${V1}/${path}`, { token });
const append = (u: User, kind: string, id: number | string) =>
  get<boolean>(`favorite/page/append?kind=${kind}&id=${id}`, u.token);
const stored = (u: User) =>
  db()
    .select()
    .from(contentBookmarks)
    .where(eq(contentBookmarks.userId, u.id))
    .orderBy(contentBookmarks.kind, contentBookmarks.targetId);

type Row = { id: number; title: string; locale: string };
let news: Row;
let research: Row;
let flash: Row;
let notice: Row;
beforeAll(async () => {
  const pick = (kind: 'news' | 'research') =>
    db()
      .select({ id: articles.id, title: articles.title, locale: articles.locale })
      .from(articles)
      .where(and(eq(articles.kind, kind), isNull(articles.deletedAt)))
      .orderBy(desc(articles.id))
      .limit(1);
  [[news], [research]] = (await Promise.all([pick('news'), pick('research')])) as [[typeof news], [typeof research]];
  [flash] = (await db()
    .select({ id: flashNews.id, title: flashNews.title, locale: flashNews.locale })
    .from(flashNews)
    .limit(1)) as [typeof flash];
  [notice] = (await db()
    .select({ id: announcements.id, title: announcements.title, locale: announcements.locale })
    .from(announcements)
    .limit(1)) as [typeof notice];
});

describe('content bookmarks', () => {
  it('need a Bearer token on every path', async () => {
    for (const path of [
      'favorite/page',
      `favorite/page/append?kind=article&id=1`,
      `favorite/page/deleteOne?kind=article&id=1`,
    ]) {
      const res = await get(path);
      expect([path, res.status, res.body.code]).toEqual([path, 401, 401]);
    }
  });

  it('bookmark articles, flash news and announcements; list them newest first with titles and links', async () => {
    const u = await signedInUser(db());
    expect((await append(u, 'article', news.id)).body).toMatchObject({ code: 0, data: true });
    await append(u, 'flash', flash.id);
    await append(u, 'announcement', notice.id);
    await append(u, 'article', research.id);
    // A repeat changes nothing (no second row, the first time stays).
    expect((await append(u, 'article', news.id)).body).toMatchObject({ code: 0, data: true });
    const res = await get<Page>('favorite/page', u.token);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.body.data.total).toBe(4);
    expect(res.body.data.list.map((b) => [b.kind, b.id, b.title, b.link])).toEqual([
      ['article', research.id, research.title, `/research/${research.id}`],
      ['announcement', notice.id, notice.title, `/announcement/${notice.id}`],
      ['flash', flash.id, flash.title, `/lives/${flash.id}`],
      ['article', news.id, news.title, `/news/${news.id}`],
    ]);
    // Each with its language, so the user centre can tag one in another language than the page.
    expect(res.body.data.list.map((b) => b.locale)).toEqual([
      research.locale,
      notice.locale,
      flash.locale,
      news.locale,
    ]);
    expect(res.body.data.list[0]!.label).toBe('research');
    expect(res.body.data.list[1]!.label).toEqual(expect.any(String));
    const page2 = await get<Page>('favorite/page?page=2&size=10', u.token);
    expect(page2.body.data).toMatchObject({ list: [], total: 4, page: 2 });

    expect((await get<boolean>(`favorite/page/deleteOne?kind=flash&id=${flash.id}`, u.token)).body).toMatchObject({
      code: 0,
      data: false,
    });
    expect((await get<boolean>(`favorite/page/deleteOne?kind=flash&id=${flash.id}`, u.token)).body).toMatchObject({
      code: 0,
      data: false,
    });
    expect((await get<Page>('favorite/page', u.token)).body.data.list.map((b) => b.kind)).toEqual([
      'article',
      'announcement',
      'article',
    ]);
  });

  it('refuses unknown or removed content (404, the message of a missing article) and bad kinds or ids (400), saving nothing', async () => {
    const u = await signedInUser(db());
    for (const [kind, id] of [
      ['article', 99999999],
      ['flash', 99999999],
      ['announcement', 99999999],
    ] as const) {
      const res = await append(u, kind, id);
      expect([kind, res.status, res.body.msg]).toEqual([kind, 404, 'Content does not exist or has been removed']);
    }
    for (const path of [
      'favorite/page/append?kind=video&id=1',
      'favorite/page/append?kind=article&id=abc',
      'favorite/page/append?kind=article',
      'favorite/page/append?id=1',
      'favorite/page/deleteOne?kind=x&id=1',
      'favorite/page?size=7',
    ]) {
      const res = await get(path, u.token);
      expect([path, res.status]).toEqual([path, 400]);
    }
    // A removed article cannot be bookmarked, and one bookmarked before drops out of the list.
    const [gone] = await db()
      .select({ id: articles.id })
      .from(articles)
      .where(isNull(articles.deletedAt))
      .orderBy(articles.id)
      .limit(1);
    await append(u, 'article', gone!.id);
    expect((await get<Page>('favorite/page', u.token)).body.data.total).toBe(1);
    await db().update(articles).set({ deletedAt: new Date() }).where(eq(articles.id, gone!.id));
    try {
      expect((await get<Page>('favorite/page', u.token)).body.data).toMatchObject({ list: [], total: 0 });
      expect((await append(u, 'article', gone!.id)).status).toBe(404);
    } finally {
      await db().update(articles).set({ deletedAt: null }).where(eq(articles.id, gone!.id));
    }
    expect(await stored(u)).toHaveLength(1);
  });

  it('caps bookmarks at 500', async () => {
    const u = await signedInUser(db());
    await db()
      .insert(contentBookmarks)
      .values(
        Array.from({ length: 500 }, (_, i) => ({ userId: u.id, kind: 'flash' as const, targetId: 10_000_000 + i })),
      );
    const res = await append(u, 'article', news.id);
    expect([res.status, res.body.msg]).toEqual([
      400,
      'You can bookmark at most 500 items. Remove some before adding more.',
    ]);
    expect(await stored(u)).toHaveLength(500);
  });

  it("keep users apart: another user's deleteOne does not touch my bookmarks", async () => {
    const a = await signedInUser(db());
    const b = await signedInUser(db());
    await append(a, 'article', news.id);
    await get(`favorite/page/deleteOne?kind=article&id=${news.id}`, b.token);
    expect((await get<Page>('favorite/page', b.token)).body.data.total).toBe(0);
    expect((await get<Page>('favorite/page', a.token)).body.data.list.map((x) => x.id)).toEqual([news.id]);
  });

  it('mine answers which of the asked items of one kind the user bookmarked, and only theirs', async () => {
    const a = await signedInUser(db());
    const b = await signedInUser(db());
    expect((await get(`favorite/page/mine?kind=article&ids=${news.id}`)).status).toBe(401);
    await append(a, 'article', news.id);
    await append(a, 'flash', flash.id);
    const mine = await get<number[]>(
      `favorite/page/mine?kind=article&ids=${research.id},${news.id},${news.id}`,
      a.token,
    );
    expect(mine.headers.get('cache-control')).toBe('no-store');
    expect(mine.body).toMatchObject({ code: 0, data: [news.id] });
    // The same number under another kind is another item.
    expect(
      (await get<number[]>(`favorite/page/mine?kind=flash&ids=${flash.id},${news.id}`, a.token)).body.data,
    ).toEqual([flash.id]);
    expect((await get<number[]>(`favorite/page/mine?kind=announcement&ids=${notice.id}`, a.token)).body.data).toEqual(
      [],
    );
    expect((await get<number[]>(`favorite/page/mine?kind=article&ids=`, a.token)).body.data).toEqual([]);
    expect((await get<number[]>(`favorite/page/mine?kind=article&ids=${news.id}`, b.token)).body.data).toEqual([]);
    const many = Array.from({ length: 101 }, (_, i) => i + 1).join(',');
    for (const path of [
      'favorite/page/mine?kind=article',
      `favorite/page/mine?kind=video&ids=1`,
      'favorite/page/mine?kind=article&ids=1,x',
      'favorite/page/mine?kind=article&ids=0',
      `favorite/page/mine?kind=article&ids=${many}`,
    ]) {
      const res = await get(path, a.token);
      expect([path, res.status]).toEqual([path, 400]);
    }
  });
});
