import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Page } from '../../../server/db/numbers.ts';
import type { ArticleDetail } from './article.server.ts';
import { listArticles, type ArticleSummary } from './news.server.ts';
import { columnistArticles } from './listing.ts';
import { DELETED_ARTICLE_IDS } from '../../../server/seed/content/articles.ts';
import { apiHarness } from '../../../../tests/api/helpers.ts';

const { get, db } = apiHarness();
const rowsOf = async <T>(query: ReturnType<typeof sql>) =>
  ((await db().execute(query)) as unknown as { rows: T[] }).rows;
const list = (path: string) => get<Page<ArticleSummary>>(path);
const MISSING_EN = 'Content does not exist or has been removed';
const newestFirst = (xs: ArticleSummary[]) =>
  xs.every((x, i) => i === 0 || x.publishedAt <= (xs[i - 1] as ArticleSummary).publishedAt);

async function visibleCount(where: ReturnType<typeof sql>) {
  const [row] = await rowsOf<{ n: number }>(
    sql`select count(*)::int as n from articles where deleted_at is null and ${where}`,
  );
  return row!.n;
}

describe('GET /api/new/v2/content/page', () => {
  it('pages the visible articles of the request language, newest first, 10 by default', async () => {
    const { status, body } = await list('/api/new/v2/content/page');
    expect(status).toBe(200);
    expect(body.code).toBe(0);
    expect(body.data.size).toBe(10);
    expect(body.data.page).toBe(1);
    expect(body.data.list).toHaveLength(10);
    expect(body.data.total).toBe(await visibleCount(sql`locale = 'en'`));
    expect(body.data.list.every((a) => a.locale === 'en')).toBe(true);
    expect(newestFirst(body.data.list)).toBe(true);
    const second = (await list('/api/new/v2/content/page?page=2')).body.data.list;
    expect(second[0]!.publishedAt <= body.data.list[9]!.publishedAt).toBe(true);
    expect(second.map((a) => a.id)).not.toContain(body.data.list[0]!.id);
  });

  it('serves Chinese content for lan=zh (zh-hk is sent as zh) and English for lan=ko', async () => {
    const zh = (await list('/api/new/v2/content/page?lan=zh&size=50')).body.data;
    expect(zh.total).toBe(await visibleCount(sql`locale = 'zh'`));
    expect(zh.list.every((a) => a.locale === 'zh' && /[\u4e00-\u9fff]/.test(a.title))).toBe(true);
    const ko = (await list('/api/new/v2/content/page?lan=ko')).body.data;
    expect(ko.list.every((a) => a.locale === 'en')).toBe(true);
  });

  it('filters by kind, coin and columnist', async () => {
    const research = (await list('/api/new/v2/content/page?kind=research&size=50')).body.data;
    expect(research.total).toBe(await visibleCount(sql`locale = 'en' and kind = 'research'`));
    expect(research.list.every((a) => a.kind === 'research')).toBe(true);

    const btc = (await list('/api/new/v2/content/page?coin=bitcoin&size=100')).body.data;
    expect(btc.total).toBeGreaterThan(3);
    expect(btc.list.every((a) => a.coins.some((c) => c.id === 'bitcoin'))).toBe(true);
    const chip = btc.list[0]!.coins.find((c) => c.id === 'bitcoin')!;
    expect(chip).toMatchObject({ symbol: 'BTC', name: 'Bitcoin', icon: expect.stringContaining('bitcoin') });
    expect(chip.price).toBeGreaterThan(0);

    const [writer] = await rowsOf<{ id: number; n: number }>(sql`
      select columnist_id as id, count(*)::int as n from articles
      where deleted_at is null and locale = 'en' and columnist_id is not null group by 1 order by 2 desc, 1 limit 1`);
    const mine = (await list(`/api/new/v2/content/page?columnist=${writer!.id}&size=100`)).body.data;
    expect(mine.total).toBe(writer!.n);
    expect(mine.list.every((a) => a.columnist?.id === writer!.id && a.columnist.name.length > 0)).toBe(true);
  });

  it("a columnist page's articles are read once per 2 s for every render, every language, newest first", async () => {
    const [writer] = await rowsOf<{ id: number; n: number }>(sql`
      select columnist_id as id, count(*)::int as n from articles
      where deleted_at is null and columnist_id is not null group by 1 order by 2 desc, 1 limit 1`);
    const first = columnistArticles(db(), writer!.id, 1, 10);
    expect(columnistArticles(db(), writer!.id, 1, 10)).toBe(first);
    expect(columnistArticles(db(), writer!.id, 2, 10)).not.toBe(first);
    const page = await first;
    expect(page.total).toBe(writer!.n);
    expect(page.list.map((a) => a.id)).toEqual(
      (await listArticles(db(), { columnist: writer!.id, page: 1, size: 10 })).list.map((a) => a.id),
    );
    expect(newestFirst(page.list)).toBe(true);
  });

  it('never lists removed articles', async () => {
    const all = (await list('/api/new/v2/content/page?size=100')).body.data;
    const pages = Math.ceil(all.total / 100);
    const ids = [...all.list.map((a) => a.id)];
    for (let p = 2; p <= pages; p++)
      ids.push(...(await list(`/api/new/v2/content/page?size=100&page=${p}`)).body.data.list.map((a) => a.id));
    const zh = (await list('/api/new/v2/content/page?size=100&lan=zh')).body.data;
    ids.push(...zh.list.map((a) => a.id));
    for (const id of DELETED_ARTICLE_IDS) expect(ids).not.toContain(id);
  });

  it('gives an empty list past the last page', async () => {
    const { status, body } = await list('/api/new/v2/content/page?page=500');
    expect(status).toBe(200);
    expect(body.data.list).toEqual([]);
    expect(body.data.total).toBeGreaterThan(0);
  });

  it.each([
    ['page 0', 'page=0', 400],
    ['page not a number', 'page=abc', 400],
    ['negative page', 'page=-2', 400],
    ['size not offered', 'size=7', 400],
    ['oversize size', 'size=101', 400],
    ['huge size', 'size=100000', 400],
    ['unknown kind', 'kind=video', 400],
    ['columnist not a number', 'columnist=abc', 400],
    ['malformed coin', 'coin=%20drop%20table', 400],
    ['unknown coin', 'coin=no-such-coin', 404],
    ['unknown columnist', 'columnist=99999', 404],
  ])('rejects %s (%s) with a %i envelope', async (_name, query, code) => {
    const { status, body } = await list(`/api/new/v2/content/page?${query}`);
    expect(status).toBe(code);
    expect(body.code).toBe(code);
    expect(body.data).toBeNull();
    expect(body.msg.length).toBeGreaterThan(3);
  });
});

describe('GET /api/new/v2/content/news', () => {
  it('lists only news, newest first, optionally about one coin', async () => {
    const { status, body } = await list('/api/new/v2/content/news?size=20');
    expect(status).toBe(200);
    expect(body.data.total).toBe(await visibleCount(sql`locale = 'en' and kind = 'news'`));
    expect(body.data.list).toHaveLength(20);
    expect(body.data.list.every((a) => a.kind === 'news')).toBe(true);
    expect(newestFirst(body.data.list)).toBe(true);
    const eth = (await list('/api/new/v2/content/news?coin=ethereum&lan=zh')).body.data;
    expect(
      eth.list.every((a) => a.kind === 'news' && a.locale === 'zh' && a.coins.some((c) => c.id === 'ethereum')),
    ).toBe(true);
  });

  it.each([
    ['oversize size', 'size=200', 400],
    ['bad page', 'page=1.5', 400],
    ['unknown coin', 'coin=nothing-here', 404],
  ])('rejects %s', async (_name, query, code) => {
    const { status, body } = await list(`/api/new/v2/content/news?${query}`);
    expect(status).toBe(code);
    expect(body.code).toBe(code);
  });
});

describe('GET /api/v1/page/detail', () => {
  it('returns one article with its body, related coins and neighbours', async () => {
    const first = (await list('/api/new/v2/content/news?page=2')).body.data.list[0]!;
    const { status, body } = await get<ArticleDetail>(`/api/v1/page/detail?id=${first.id}&kind=news`);
    expect(status).toBe(200);
    const a = body.data;
    expect(a).toMatchObject({
      id: first.id,
      kind: 'news',
      title: first.title,
      summary: first.summary,
      publishedAt: first.publishedAt,
    });
    expect(a.body.split('\n\n').length).toBeGreaterThanOrEqual(3);
    expect(a.coins.map((c) => c.id)).toEqual(first.coins.map((c) => c.id));
    expect(a.coins.length).toBeGreaterThan(0);
    // Page 2 of a newest-first list: there is a newer and an older neighbour of the same kind and language.
    expect(a.next && a.next.publishedAt >= a.publishedAt && a.next.kind === 'news').toBe(true);
    expect(a.previous && a.previous.publishedAt <= a.publishedAt).toBe(true);
    expect(a.related.length).toBeGreaterThan(0);
    expect(a.related.map((r) => r.id)).not.toContain(a.id);
  });

  it('answers without a kind, and for research', async () => {
    const report = (await list('/api/new/v2/content/page?kind=research&lan=zh')).body.data.list[0]!;
    const { status, body } = await get<ArticleDetail>(`/api/v1/page/detail?id=${report.id}`);
    expect(status).toBe(200);
    expect(body.data.kind).toBe('research');
    expect(body.data.body).toContain('## ');
  });

  it('says "Content does not exist or has been removed" (404) for removed, unknown or other-kind ids', async () => {
    const [deleted] = await rowsOf<{ ids: number[] }>(
      sql`select array_agg(id order by id) as ids from articles where deleted_at is not null`,
    );
    expect(deleted!.ids).toEqual([...DELETED_ARTICLE_IDS]);
    const research = (await list('/api/new/v2/content/page?kind=research')).body.data.list[0]!;
    for (const query of [
      `id=${DELETED_ARTICLE_IDS[0]}`,
      `id=${DELETED_ARTICLE_IDS[1]}`,
      'id=999999',
      `id=${research.id}&kind=news`,
    ]) {
      const { status, body } = await get(`/api/v1/page/detail?${query}`);
      expect([query, status, body.code, body.msg]).toEqual([query, 404, 404, MISSING_EN]);
    }
    const zh = await get(`/api/v1/page/detail?id=${DELETED_ARTICLE_IDS[0]}&lan=zh`);
    expect(zh.body.msg).toBe('内容不存在或已被删除');
  });

  it.each([
    ['no id', ''],
    ['id not a number', 'id=abc'],
    ['id zero', 'id=0'],
    ['id too large', 'id=99999999999'],
    ['unknown kind', 'id=1&kind=blog'],
  ])('rejects %s with 400', async (_name, query) => {
    const { status, body } = await get(`/api/v1/page/detail?${query}`);
    expect(status).toBe(400);
    expect(body.code).toBe(400);
  });
});

describe('GET /api/v1/page/recommend/latest', () => {
  it('lists the latest articles of both kinds, and the same with or without Authorization', async () => {
    const { status, body } = await list('/api/v1/page/recommend/latest?size=50');
    expect(status).toBe(200);
    expect(body.data.total).toBe(await visibleCount(sql`locale = 'en'`));
    expect(newestFirst(body.data.list)).toBe(true);
    expect(new Set(body.data.list.map((a) => a.kind))).toEqual(new Set(['news', 'research']));
    const withAuth = await get<Page<ArticleSummary>>('/api/v1/page/recommend/latest?size=50', {
      headers: { Authorization: 'Bearer not-a-real-token' },
    });
    expect(withAuth.status).toBe(200);
    expect(withAuth.body.data.list.map((a) => a.id)).toEqual(body.data.list.map((a) => a.id));
    const research = (await list('/api/v1/page/recommend/latest?kind=research')).body.data;
    expect(research.list.every((a) => a.kind === 'research')).toBe(true);
  });

  it.each(['size=500', 'page=x', 'kind=all'])('rejects %s with 400', async (query) => {
    const { status, body } = await list(`/api/v1/page/recommend/latest?${query}`);
    expect(status).toBe(400);
    expect(body.code).toBe(400);
  });
});
