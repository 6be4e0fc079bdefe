import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Sector, SectorDetail } from '../../market/sectors/sectors.server.ts';
import { wikiIndex, type WikiEntry, type WikiPage } from './knowledge.server.ts';
import type { TopicDetail, TopicSummary } from './topics.server.ts';
import type { Page } from '../../../server/db/numbers.ts';
import { apiHarness } from '../../../../tests/api/helpers.ts';

const { get, db } = apiHarness();
const rowsOf = async <T>(query: ReturnType<typeof sql>) =>
  ((await db().execute(query)) as unknown as { rows: T[] }).rows;
const MISSING = 'Content does not exist or has been removed';
const hasCjk = (s: string) => /[\u4e00-\u9fff]/.test(s);

describe('GET /api/v1/wiki', () => {
  it('lists encyclopedia entries of the request language, by title, with categories', async () => {
    const { status, body } = await get<WikiPage>('/api/v1/wiki?kind=baike&size=20');
    expect(status).toBe(200);
    const [n] = await rowsOf<{ n: number }>(
      sql`select count(*)::int as n from wiki_entries where kind = 'baike' and locale = 'en'`,
    );
    expect(n!.n).toBeGreaterThanOrEqual(50);
    expect(body.data.total).toBe(n!.n);
    expect(body.data.list).toHaveLength(20);
    const titles = body.data.list.map((e) => e.title);
    const lower = titles.map((x) => x.toLowerCase());
    expect(lower).toEqual([...lower].sort());
    expect(titles.some(hasCjk)).toBe(false);
    expect(body.data.categories.reduce((s, c) => s + c.count, 0)).toBe(n!.n);
    expect(body.data.categories.map((c) => c.category)).toContain('defi');
  });

  it('answers zh and zh-hk callers with the Chinese entries, sharing slugs with English', async () => {
    const en = (await get<WikiPage>('/api/v1/wiki?kind=baike&size=100')).body.data;
    for (const locale of ['zh', 'zh-hk']) {
      const zh = (await get<WikiPage>('/api/v1/wiki?kind=baike&size=100', { headers: { 'x-locale': locale } })).body
        .data;
      expect(zh.total).toBe(en.total);
      expect(zh.list.every((e) => hasCjk(e.title) || hasCjk(e.summary ?? ''))).toBe(true);
      expect(new Set(zh.list.map((e) => e.slug))).toEqual(new Set(en.list.map((e) => e.slug)));
    }
    const explicit = (await get<WikiPage>('/api/v1/wiki?kind=baike&lan=zh')).body.data;
    expect(hasCjk(explicit.list[0]!.summary ?? '')).toBe(true);
  });

  it('filters by title and by category', async () => {
    const { body } = await get<WikiPage>('/api/v1/wiki?kind=baike&q=STAK');
    expect(body.data.list.map((e) => e.slug)).toEqual(expect.arrayContaining(['liquid-staking', 'staking']));
    expect(body.data.list.every((e) => /stak/i.test(e.title) || /stak/i.test(e.slug))).toBe(true);
    expect(body.data.list.map((e) => e.slug)).not.toContain('gas');
    const defi = (await get<WikiPage>('/api/v1/wiki?kind=baike&category=defi&size=50')).body.data;
    expect(defi.total).toBeGreaterThan(5);
    expect(defi.list.every((e) => e.category === 'defi')).toBe(true);
    const none = (await get<WikiPage>('/api/v1/wiki?kind=baike&q=%25_nothing')).body.data;
    expect(none).toMatchObject({ total: 0, list: [] });
  });

  it('lists project entries by coin rank with their coin figures', async () => {
    const { body } = await get<WikiPage>('/api/v1/wiki?kind=bitwiki&size=50');
    expect(body.data.total).toBe(80);
    const ranks = body.data.list.map((e) => e.coin!.rank!);
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    expect(body.data.list[0]).toMatchObject({ slug: 'bitcoin', coin: { id: 'bitcoin', symbol: 'BTC', rank: 1 } });
    const [btc] = await rowsOf<{ price: number }>(sql`select price::float8 as price from coins where id = 'bitcoin'`);
    expect(body.data.list[0]!.coin!.price).toBeCloseTo(btc!.price, 6);
    const bySymbol = (await get<WikiPage>('/api/v1/wiki?kind=bitwiki&q=eth')).body.data;
    expect(bySymbol.list.map((e) => e.slug)).toContain('ethereum');
  });

  it.each([
    ['unknown kind', 'kind=blog'],
    ['bad size', 'size=7'],
    ['bad page', 'page=0'],
    ['oversize filter', `q=${'x'.repeat(61)}`],
    ['bad category', 'category=%20'],
  ])('rejects a %s with a 400 envelope', async (_name, query) => {
    const { status, body } = await get(`/api/v1/wiki?${query}`);
    expect(status).toBe(400);
    expect(body.code).toBe(400);
    expect(body.msg).toEqual(expect.any(String));
  });
});

describe('the /baike index', () => {
  it("lists a language's every entry in the API's order, and filters as the API does", async () => {
    for (const locale of ['en', 'zh'] as const) {
      const api = (await get<WikiPage>('/api/v1/wiki?kind=baike&size=100', { headers: { 'x-locale': locale } })).body
        .data;
      const index = await wikiIndex(db(), locale);
      expect(index).toHaveLength(api.total);
      expect(index.slice(0, 100)).toEqual(
        api.list.map(({ slug, title, category, summary }) => ({ slug, title, category, summary })),
      );
    }
    const stak = (await get<WikiPage>('/api/v1/wiki?kind=baike&q=STAK&size=100')).body.data.list;
    expect(stak.length).toBeGreaterThan(1);
    expect((await wikiIndex(db(), 'en', 'STAK')).map((e) => e.slug)).toEqual(stak.map((e) => e.slug));
    // The filter's own wildcards are literal, in the prepared statement as in the API.
    expect(await wikiIndex(db(), 'en', '%_nothing')).toEqual([]);
  });
});

describe('GET /api/v1/wiki/{kind}/{slug}', () => {
  it('gives an entry with its body blocks and related entries of the same category', async () => {
    const { status, body } = await get<WikiEntry>('/api/v1/wiki/baike/staking');
    expect(status).toBe(200);
    expect(body.data).toMatchObject({
      kind: 'baike',
      slug: 'staking',
      locale: 'en',
      category: 'mining-staking',
      languages: ['zh'],
      coin: null,
    });
    expect(body.data.blocks.filter((b) => b.type === 'h').length).toBeGreaterThanOrEqual(2);
    expect(body.data.related.length).toBeGreaterThan(0);
    expect(body.data.related.every((r) => r.category === 'mining-staking' && r.slug !== 'staking')).toBe(true);
    const zh = (await get<WikiEntry>('/api/v1/wiki/baike/staking', { headers: { 'x-locale': 'zh' } })).body.data;
    expect(zh.locale).toBe('zh');
    expect(hasCjk(zh.title)).toBe(true);
  });

  it('falls back to English when an entry has no translation', async () => {
    await db().execute(sql`delete from wiki_entries where kind = 'baike' and slug = 'gas' and locale = 'zh'`);
    const { status, body } = await get<WikiEntry>('/api/v1/wiki/baike/gas?lan=zh');
    expect(status).toBe(200);
    expect(body.data.locale).toBe('en');
  });

  it('gives a project entry with the linked coin key facts', async () => {
    const { body } = await get<WikiEntry>('/api/v1/wiki/bitwiki/ethereum');
    const [eth] = await rowsOf<{ cap: number; max: number | null }>(
      sql`select market_cap::float8 as cap, max_supply::float8 as max from coins where id = 'ethereum'`,
    );
    expect(body.data.coin).toMatchObject({ id: 'ethereum', symbol: 'ETH' });
    expect(body.data.coin!.marketCap).toBeCloseTo(eth!.cap, 0);
    expect(body.data.body).toContain('proof of stake');
  });

  it('answers a missing entry with 404 "Content does not exist or has been removed"', async () => {
    for (const path of [
      '/api/v1/wiki/baike/no-such-term',
      '/api/v1/wiki/bitwiki/staking',
      '/api/v1/wiki/baike/bitcoin',
    ]) {
      const { status, body } = await get(path);
      expect(status).toBe(404);
      expect(body).toMatchObject({ code: 404, msg: MISSING });
    }
  });

  it('rejects a bad kind or slug with 400', async () => {
    expect((await get('/api/v1/wiki/blog/staking')).status).toBe(400);
    expect((await get('/api/v1/wiki/baike/%24%24')).status).toBe(400);
  });
});

describe('GET /api/v1/concepts', () => {
  it('gives every sector with summed market cap and cap-weighted change recomputed from its coins', async () => {
    const { status, body } = await get<Sector[]>('/api/v1/concepts');
    expect(status).toBe(200);
    const [n] = await rowsOf<{ n: number }>(sql`select count(*)::int as n from concepts`);
    expect(body.data).toHaveLength(n!.n);
    const caps = body.data.map((s) => s.marketCap);
    expect(caps).toEqual([...caps].sort((a, b) => b - a));
    const defi = body.data.find((s) => s.slug === 'defi')!;
    const [agg] = await rowsOf<{ n: number; cap: number; wchange: number }>(sql`
      select count(*)::int as n, coalesce(sum(c.market_cap), 0)::float8 as cap,
        (sum(c.market_cap * c.change_24h) filter (where c.market_cap > 0 and c.change_24h is not null)
          / sum(c.market_cap) filter (where c.market_cap > 0 and c.change_24h is not null))::float8 as wchange
      from coin_concepts cc join concepts k on k.id = cc.concept_id join coins c on c.id = cc.coin_id where k.slug = 'defi'`);
    expect(defi.coins).toBe(agg!.n);
    expect(defi.marketCap / agg!.cap).toBeCloseTo(1, 9);
    expect(defi.change24h!).toBeCloseTo(agg!.wchange, 6);
    expect(defi.leaders).toHaveLength(3);
    expect(defi.rising + defi.falling).toBeLessThanOrEqual(defi.coins);
  });

  it('follows a change in a member coin', async () => {
    const before = (await get<Sector[]>('/api/v1/concepts')).body.data.find((s) => s.slug === 'stablecoins')!;
    await db().execute(sql`update coins set change_24h = 50 where id = 'tether'`);
    const after = (await get<Sector[]>('/api/v1/concepts')).body.data.find((s) => s.slug === 'stablecoins')!;
    expect(after.change24h!).toBeGreaterThan(before.change24h! + 10);
  });

  it('sorts by change and by name', async () => {
    const byChange = (await get<Sector[]>('/api/v1/concepts?sort=change24h&order=asc')).body.data.map(
      (s) => s.change24h!,
    );
    expect(byChange).toEqual([...byChange].sort((a, b) => a - b));
    const byName = (await get<Sector[]>('/api/v1/concepts?sort=name')).body.data.map((s) => s.name.toLowerCase());
    expect(byName).toEqual([...byName].sort());
  });

  it('rejects an unknown sort with 400', async () => {
    expect((await get('/api/v1/concepts?sort=views')).status).toBe(400);
    expect((await get('/api/v1/concepts?order=up')).status).toBe(400);
  });
});

describe('GET /api/v1/concepts/{id}', () => {
  it('gives a sector with a page of its coins, by slug or id', async () => {
    const { status, body } = await get<SectorDetail>('/api/v1/concepts/layer-1?size=20');
    expect(status).toBe(200);
    expect(body.data.list).toHaveLength(20);
    expect(body.data.total).toBe(body.data.coins);
    const ranks = body.data.list.map((c) => c.rank!);
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    const members = await rowsOf<{ id: string }>(
      sql`select cc.coin_id as id from coin_concepts cc join concepts k on k.id = cc.concept_id where k.slug = 'layer-1'`,
    );
    const ids = new Set(members.map((m) => m.id));
    expect(body.data.list.every((c) => ids.has(c.id))).toBe(true);
    const byId = (await get<SectorDetail>(`/api/v1/concepts/${body.data.id}`)).body.data;
    expect(byId.slug).toBe('layer-1');
    const sorted = (await get<SectorDetail>('/api/v1/concepts/layer-1?sort=change24h&order=desc&page=2')).body.data;
    const changes = sorted.list.map((c) => c.change24h!);
    expect(changes).toEqual([...changes].sort((a, b) => b - a));
  });

  it('404s an unknown sector and 400s bad paging', async () => {
    const missing = await get('/api/v1/concepts/no-such-sector');
    expect(missing.status).toBe(404);
    expect(missing.body.msg).toBe(MISSING);
    expect((await get('/api/v1/concepts/defi?size=1000')).status).toBe(400);
    expect((await get('/api/v1/concepts/defi?sort=hot')).status).toBe(400);
  });
});

describe('GET /api/v1/topics', () => {
  it('lists topics of the request language with live article counts', async () => {
    const { status, body } = await get<Page<TopicSummary>>('/api/v1/topics?size=20');
    expect(status).toBe(200);
    expect(body.data.total).toBeGreaterThanOrEqual(10);
    expect(body.data.list.every((t) => t.locale === 'en')).toBe(true);
    for (const topic of body.data.list.slice(0, 4)) {
      const [n] = await rowsOf<{ n: number }>(
        sql`select count(*)::int as n from topic_articles ta join articles a on a.id = ta.article_id where ta.topic_id = ${topic.id} and a.deleted_at is null`,
      );
      expect(topic.articleCount).toBe(n!.n);
    }
    const zh = (await get<Page<TopicSummary>>('/api/v1/topics', { headers: { 'x-locale': 'zh-hk' } })).body.data;
    expect(zh.list.every((t) => t.locale === 'zh' && hasCjk(t.title))).toBe(true);
  });

  it('rejects bad paging with 400', async () => {
    expect((await get('/api/v1/topics?page=abc')).status).toBe(400);
    expect((await get('/api/v1/topics?size=11')).status).toBe(400);
  });
});

describe('GET /api/v1/topics/{id}', () => {
  it('pages a topic’s articles newest first, linking by kind, without removed articles', async () => {
    const [topic] = await rowsOf<{ id: number; slug: string }>(
      sql`select t.id, t.slug from topics t join topic_articles ta on ta.topic_id = t.id group by t.id order by count(*) desc limit 1`,
    );
    const { status, body } = await get<TopicDetail>(`/api/v1/topics/${topic!.id}?size=10`);
    expect(status).toBe(200);
    const list = body.data.articles.list;
    expect(list.length).toBeGreaterThan(0);
    const times = list.map((a) => Date.parse(a.publishedAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    for (const a of list) expect(a.path).toBe(`/${a.kind}/${a.id}`);
    const bySlug = (await get<TopicDetail>(`/api/v1/topics/${topic!.slug}`)).body.data;
    expect(bySlug.id).toBe(topic!.id);

    const removed = list[0]!;
    await db().execute(sql`update articles set deleted_at = now() where id = ${removed.id}`);
    const after = (await get<TopicDetail>(`/api/v1/topics/${topic!.id}?size=100`)).body.data;
    expect(after.articleCount).toBe(body.data.articleCount - 1);
    expect(after.articles.list.map((a) => a.id)).not.toContain(removed.id);
  });

  it('404s a missing topic and 400s a bad id', async () => {
    const missing = await get('/api/v1/topics/99999');
    expect(missing.status).toBe(404);
    expect(missing.body.msg).toBe(MISSING);
    expect((await get('/api/v1/topics/%3Cscript%3E')).status).toBe(400);
    expect((await get('/api/v1/topics/1?page=-2')).status).toBe(400);
  });
});
