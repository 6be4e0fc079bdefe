import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  announcements,
  articles,
  coinNames,
  coins,
  exchanges,
  flashNews,
  questions,
  tickers,
  wikiEntries,
} from '../../server/db/schema/index.ts';
import {
  CONTENT_KINDS,
  MAX_QUERY_LENGTH,
  SEARCH_KINDS,
  TOTAL_CAP,
  type ContentHit,
  type SearchSection,
} from './query.server.ts';
import { bestMatch, currentSearch, QUICK_SEARCH_BYTES, search } from './search.server.ts';
import {
  QUICK_SEARCH_COINS,
  QUICK_SEARCH_EXCHANGES,
  QUICK_SEARCH_HITS,
  type QuickSearchItem,
} from '../../lib/search.ts';
import { apiHarness } from '../../../tests/api/helpers.ts';

const { get, db } = apiHarness();

interface Results {
  query: string;
  kind: string | null;
  sections: SearchSection[];
}
const section = <K extends SearchSection['kind']>(r: Results, kind: K) =>
  r.sections.find((s) => s.kind === kind) as Extract<SearchSection, { kind: K }>;

// A family of made-up coins whose ranking rules are known: "zqx" is an exact symbol for one,
// a prefix for two (one better ranked), a substring for one, and an exact name for another.
beforeAll(async () => {
  await db()
    .insert(coins)
    .values([
      { id: 'alpha-zqx-coin', symbol: 'AZQXA', name: 'Alpha Zqx Coin', rank: 2001 },
      { id: 'zqx-prefix-low', symbol: 'ZQXL', name: 'Zqx Low', rank: 2005 },
      { id: 'zqx-prefix-high', symbol: 'ZQXH', name: 'Zqx High', rank: 2002 },
      { id: 'zqx-exact', symbol: 'ZQX', name: 'Exact Token', rank: 2010 },
      { id: 'percent-coin', symbol: 'PCT', name: '100% Coin', rank: 2020 },
      { id: 'underscore-coin', symbol: 'UND', name: 'Under_Score', rank: 2021 },
      // Far below the quick-search list's cap: only the server finds it.
      { id: 'farquill-coin', symbol: 'FQLX', name: 'Farquill Network', rank: 3000 },
    ]);
  await db().insert(coinNames).values({ coinId: 'farquill-coin', locale: 'zh', name: '远羽链' });
  const [ex] = await db()
    .insert(exchanges)
    .values({ name: 'zqx-exchange', displayName: 'ZQX Exchange', type: 'CEX', rank: 999 })
    .returning({ id: exchanges.id });
  await db()
    .insert(tickers)
    .values([
      {
        exchangeId: ex!.id,
        coinId: 'zqx-exact',
        pair: 'ZQX/USDT',
        baseSymbol: 'ZQX',
        quoteSymbol: 'USDT',
        volume24h: '100',
      },
      {
        exchangeId: ex!.id,
        coinId: 'zqx-exact',
        pair: 'ZQX/BTC',
        baseSymbol: 'ZQX',
        quoteSymbol: 'BTC',
        volume24h: '900',
      },
      {
        exchangeId: ex!.id,
        coinId: 'zqx-prefix-high',
        pair: 'ZQXH/USDT',
        baseSymbol: 'ZQXH',
        quoteSymbol: 'USDT',
        volume24h: '5000',
      },
    ]);
});

describe('search ranking (domain)', () => {
  it('puts the exact symbol first, then prefixes by rank, then substrings', async () => {
    const r = await search(db(), { q: 'zqx', kind: 'coin', size: 10 });
    const ids = section(r, 'coin').list.map((c) => c.id);
    expect(ids).toEqual(['zqx-exact', 'zqx-prefix-high', 'zqx-prefix-low', 'alpha-zqx-coin']);
    expect(section(r, 'coin').list.map((c) => c.tier)).toEqual([0, 1, 1, 2]);
    expect(section(r, 'coin').total).toBe(4);
  });

  it('matches case-insensitively on symbol, name and id', async () => {
    for (const q of ['ZQX', 'Zqx', 'zqx-exact', 'exact token']) {
      const r = await search(db(), { q, kind: 'coin', size: 10 });
      expect(section(r, 'coin').list.map((c) => c.id)).toContain('zqx-exact');
    }
  });

  it('takes % and _ literally (LIKE wildcards are escaped)', async () => {
    expect(section(await search(db(), { q: '%', kind: 'coin', size: 10 }), 'coin').list.map((c) => c.id)).toEqual([
      'percent-coin',
    ]);
    expect(section(await search(db(), { q: '_', kind: 'coin', size: 10 }), 'coin').list.map((c) => c.id)).toEqual([
      'underscore-coin',
    ]);
    expect(section(await search(db(), { q: 'nd_r', kind: 'coin', size: 10 }), 'coin').total).toBe(0);
  });

  it('finds pairs by base, ranking the exact base above a longer base, then by volume', async () => {
    const r = await search(db(), { q: 'zqx', kind: 'pair', size: 10 });
    expect(section(r, 'pair').list.map((p) => p.pair)).toEqual(['ZQX/BTC', 'ZQX/USDT', 'ZQXH/USDT']);
    const slash = await search(db(), { q: 'zqx/usdt', kind: 'pair', size: 10 });
    expect(section(slash, 'pair').list.map((p) => p.pair)).toEqual(['ZQX/USDT', 'ZQXH/USDT']);
  });

  it('pages a section and still counts every kind', async () => {
    const first = await search(db(), { q: 'zqx', kind: 'coin', page: 1, size: 10 });
    const r = await search(db(), { q: 'zqx', kind: 'coin', page: 2, size: 10 });
    expect(section(r, 'coin').list).toEqual([]);
    expect(section(r, 'coin').total).toBe(section(first, 'coin').total);
    expect(section(r, 'exchange').total).toBe(1);
    expect(section(r, 'exchange').list).toEqual([]); // only the asked kind is listed
  });

  it('jumps to exact matches only', async () => {
    expect(await bestMatch(db(), 'BTC')).toEqual({ kind: 'coin', id: 'bitcoin' });
    expect(await bestMatch(db(), 'zqx')).toEqual({ kind: 'coin', id: 'zqx-exact' });
    expect(await bestMatch(db(), 'binance')).toEqual({ kind: 'exchange', name: 'binance' });
    expect(await bestMatch(db(), 'zqx exchange')).toEqual({ kind: 'exchange', name: 'zqx-exchange' });
    expect(await bestMatch(db(), 'bitc')).toBeNull();
    expect(await bestMatch(db(), '')).toBeNull();
  });
});

describe('GET /api/v1/search', () => {
  it('finds Bitcoin first for "btc", with exchanges and pairs grouped and counted', async () => {
    const { status, body } = await get<Results>('/api/v1/search?q=btc');
    expect(status).toBe(200);
    expect(body.code).toBe(0);
    expect(body.data.kind).toBeNull();
    expect(body.data.sections.map((s) => s.kind)).toEqual([
      'coin',
      'exchange',
      'pair',
      'news',
      'research',
      'lives',
      'announcement',
      'wiki',
      'question',
    ]);
    const coin = section(body.data, 'coin');
    expect(coin.list[0]).toMatchObject({ id: 'bitcoin', symbol: 'BTC', tier: 0 });
    expect(coin.total).toBeGreaterThanOrEqual(coin.list.length);
    for (const c of coin.list) expect(`${c.symbol} ${c.name} ${c.id}`.toLowerCase()).toContain('btc');
    const pair = section(body.data, 'pair');
    expect(pair.list[0]!.baseSymbol).toBe('BTC');
    const volumes = pair.list.filter((p) => p.tier === 0).map((p) => p.volume24h ?? 0);
    expect(volumes).toEqual([...volumes].sort((a, b) => b - a));
  });

  it('finds exchanges by display name and lists one kind page by page', async () => {
    const { body } = await get<Results>('/api/v1/search?q=Binance&kind=exchange&size=10');
    const ex = section(body.data, 'exchange');
    expect(ex.list[0]!.name).toBe('binance');
    expect(ex.list.every((e) => e.displayName.toLowerCase().includes('binance') || e.name.includes('binance'))).toBe(
      true,
    );
    const p1 = section((await get<Results>('/api/v1/search?q=eth&kind=pair&size=10&page=1')).body.data, 'pair');
    const p2 = section((await get<Results>('/api/v1/search?q=eth&kind=pair&size=10&page=2')).body.data, 'pair');
    expect(p2.page).toBe(2);
    expect(p1.list.map((p) => p.id)).not.toEqual(expect.arrayContaining(p2.list.map((p) => p.id)));
    expect(p1.total).toBe(p2.total);
  });

  it('answers an unknown string with empty sections', async () => {
    const { status, body } = await get<Results>('/api/v1/search?q=qqqzzzxxx');
    expect(status).toBe(200);
    expect(body.data.sections.every((s) => s.total === 0 && s.list.length === 0)).toBe(true);
  });

  it.each([
    ['missing q', ''],
    ['blank q', 'q=%20%20'],
    ['too long q', `q=${'a'.repeat(MAX_QUERY_LENGTH + 1)}`],
    ['unknown kind', 'q=btc&kind=nft'],
    ['page 0', 'q=btc&page=0'],
    ['size 7', 'q=btc&size=7'],
  ])('rejects %s with a 400 envelope', async (_name, qs) => {
    const { status, body } = await get(`/api/v1/search?${qs}`);
    expect(status).toBe(400);
    expect(body.code).toBe(400);
    expect(body.data).toBeNull();
    expect(body.msg).toMatch(/q|kind|page|size/);
  });

  it('accepts a query of exactly the maximum length', async () => {
    const { status } = await get(`/api/v1/search?q=${'a'.repeat(MAX_QUERY_LENGTH)}`);
    expect(status).toBe(200);
  });
});

// Content of made-up words, so the seeded demo content (whatever it holds) cannot interfere.
describe('content search', () => {
  const ids: Record<string, number> = {};
  const at = (days: number) => new Date(Date.UTC(2026, 10, 20 - days, 8));
  beforeAll(async () => {
    const ins = async (values: typeof articles.$inferInsert) =>
      (await db().insert(articles).values(values).returning({ id: articles.id }))[0]!.id;
    ids.title = await ins({
      kind: 'news',
      title: 'Qorvex halving lands early',
      summary: 's',
      body: 'Miners said the event went smoothly.',
      locale: 'en',
      publishedAt: at(5),
    });
    ids.body = await ins({
      kind: 'news',
      title: 'Miners adapt to lower rewards',
      body: `Text before. ${'Filler sentence about markets. '.repeat(12)}The qorvex halving cut the subsidy, and zentrik fees rose.`,
      locale: 'en',
      publishedAt: at(1),
    });
    ids.words = await ins({
      kind: 'news',
      title: 'Zentrik and the halving of Qorvex',
      body: 'Both words in the title, far apart.',
      locale: 'en',
      publishedAt: at(9),
    });
    ids.deleted = await ins({
      kind: 'news',
      title: 'Qorvex story that was removed',
      body: 'gone',
      locale: 'en',
      publishedAt: at(2),
      deletedAt: at(1),
    });
    ids.research = await ins({
      kind: 'research',
      title: 'Qorvex tokenomics report',
      body: 'A research report on supply.',
      locale: 'en',
      publishedAt: at(3),
    });
    ids.zhNews = await ins({
      kind: 'news',
      title: '紫晶链主网上线',
      body: '紫晶链今日完成主网上线，Qorvex 团队表示……',
      locale: 'zh',
      publishedAt: at(2),
    });
    for (let i = 0; i < 12; i++)
      await ins({
        kind: 'news',
        title: `Plovrim market wrap ${i + 1}`,
        body: 'Daily wrap.',
        locale: 'en',
        publishedAt: at(20 + i),
      });
    const [flash] = await db()
      .insert(flashNews)
      .values({
        title: '快讯：紫晶链完成升级',
        body: '紫晶链 (ZJL) 升级完成，交易已恢复。',
        important: true,
        locale: 'zh-hk',
        publishedAt: at(0),
      })
      .returning({ id: flashNews.id });
    ids.flash = flash!.id;
    const [ex] = await db().select({ id: exchanges.id }).from(exchanges).where(eq(exchanges.name, 'binance'));
    const [ann] = await db()
      .insert(announcements)
      // The newest announcement: one a visitor may read (visitors find those of the newest 30 only).
      .values({
        exchangeId: ex!.id,
        title: 'Binance will list Qorvex (QRV)',
        category: 'listing',
        body: 'Trading opens at 12:00 UTC.',
        url: 'https://www.binance.com/en/support/announcement/qorvex-test',
        locale: 'en',
        publishedAt: new Date(Date.UTC(2099, 0, 1)),
      })
      .returning({ id: announcements.id });
    ids.announcement = ann!.id;
    const [wiki] = await db()
      .insert(wikiEntries)
      .values({
        kind: 'baike',
        slug: 'qorvex-halving',
        title: 'Qorvex halving',
        summary: 'What the Qorvex halving is.',
        body: 'Every four years the reward halves.',
        locale: 'en',
        updatedAt: at(6),
      })
      .returning({ id: wikiEntries.id });
    ids.wiki = wiki!.id;
    const [question] = await db()
      .insert(questions)
      .values({
        title: 'When is the next Qorvex halving?',
        body: 'Asking for a friend.',
        author: 'tester',
        locale: 'en',
        createdAt: at(7),
      })
      .returning({ id: questions.id });
    ids.question = question!.id;
  });

  const contentSection = (r: Results, kind: (typeof CONTENT_KINDS)[number]) =>
    r.sections.find((s) => s.kind === kind)!.list as ContentHit[];

  it('finds titles before bodies, and skips deleted articles', async () => {
    const r = await search(db(), { q: 'qorvex halving', kind: 'news', size: 10 });
    const news = contentSection(r, 'news');
    expect(news.map((h) => h.id)).toEqual([ids.title, ids.words, ids.body]);
    expect(news.map((h) => h.tier)).toEqual([0, 1, 2]);
    expect(news[0]).toMatchObject({
      kind: 'news',
      path: `/news/${ids.title}`,
      locale: 'en',
      important: false,
      exchange: null,
    });
    expect(news.every((h) => h.id !== ids.deleted)).toBe(true);
  });

  it('cuts the snippet around the match in a long body', async () => {
    const r = await search(db(), { q: 'zentrik', kind: 'news', size: 10 });
    const hit = contentSection(r, 'news').find((h) => h.id === ids.body)!;
    expect(hit.snippet).toMatch(/^….*qorvex halving cut the subsidy, and zentrik fees rose\.$/);
  });

  it('uses full-text operators: exclusions and "or"', async () => {
    const minus = contentSection(await search(db(), { q: 'qorvex -zentrik', kind: 'news', size: 10 }), 'news').map(
      (h) => h.id,
    );
    expect(minus).toContain(ids.title);
    expect(minus).not.toContain(ids.words);
    expect(minus).not.toContain(ids.body);
    const either = contentSection(await search(db(), { q: 'plovrim or zentrik', kind: 'news', size: 20 }), 'news');
    expect(either.length).toBe(14);
  });

  it('lists research, flash news and announcements with their own links and details', async () => {
    const r = await search(db(), { q: 'qorvex' });
    expect(contentSection(r, 'research').map((h) => h.path)).toEqual([`/research/${ids.research}`]);
    const ann = contentSection(r, 'announcement');
    expect(ann[0]).toMatchObject({
      id: ids.announcement,
      path: `/announcement/${ids.announcement}`,
      category: 'listing',
      exchange: { name: 'binance' },
    });
  });

  it('finds encyclopedia entries by slug path and questions by id', async () => {
    const r = await search(db(), { q: 'qorvex halving' });
    expect(contentSection(r, 'wiki')[0]).toMatchObject({
      id: ids.wiki,
      path: '/baike/qorvex-halving',
      category: 'baike',
      tier: 0,
    });
    expect(contentSection(r, 'question')[0]).toMatchObject({ id: ids.question, path: `/question/${ids.question}` });
  });

  it("finds Chinese text by substring, in the reader's content languages only", async () => {
    const zh = await search(db(), { q: '紫晶链', locale: 'zh' });
    expect(contentSection(zh, 'news').map((h) => h.id)).toEqual([ids.zhNews]);
    expect(contentSection(zh, 'lives')[0]).toMatchObject({
      id: ids.flash,
      path: `/lives/${ids.flash}`,
      important: true,
      locale: 'zh-hk',
    });
    const en = await search(db(), { q: '紫晶链', locale: 'en' });
    expect(en.sections.every((s) => s.total === 0)).toBe(true);
    // English readers do not get the Chinese article that mentions Qorvex either.
    expect(
      contentSection(await search(db(), { q: 'qorvex', kind: 'news', size: 50 }), 'news').map((h) => h.id),
    ).not.toContain(ids.zhNews);
  });

  it('pages a content section', async () => {
    const p1 = await search(db(), { q: 'plovrim', kind: 'news', page: 1, size: 10 });
    const p2 = await search(db(), { q: 'plovrim', kind: 'news', page: 2, size: 10 });
    expect(p1.sections.find((s) => s.kind === 'news')!.total).toBe(12);
    expect(contentSection(p1, 'news')).toHaveLength(10);
    expect(contentSection(p2, 'news').map((h) => h.title)).toEqual([
      'Plovrim market wrap 11',
      'Plovrim market wrap 12',
    ]);
  });

  it('serves GET /api/v1/search/content in the request language', async () => {
    const { status, body } = await get<Results>(`/api/v1/search/content?q=${encodeURIComponent('紫晶链')}&lan=zh`);
    expect(status).toBe(200);
    expect(body.data.sections.map((s) => s.kind)).toEqual([...CONTENT_KINDS]);
    expect(contentSection(body.data, 'lives').map((h) => h.id)).toEqual([ids.flash]);
    const en = await get<Results>(`/api/v1/search/content?q=${encodeURIComponent('紫晶链')}&lan=en`);
    expect(en.body.data.sections.every((s) => s.total === 0)).toBe(true);
    const paged = await get<Results>('/api/v1/search/content?q=plovrim&kind=news&page=2&size=10');
    expect(contentSection(paged.body.data, 'news')).toHaveLength(2);
    const all = await get<Results>('/api/v1/search?q=qorvex&kind=announcement');
    expect(all.body.data.sections.map((s) => s.kind)).toEqual([...SEARCH_KINDS]);
    expect(contentSection(all.body.data, 'announcement')[0]!.id).toBe(ids.announcement);
  });

  it('takes LIKE wildcards literally in content too', async () => {
    // Unescaped, "qorv_x" and "qorv%" would match "Qorvex".
    for (const q of ['qorv_x', 'qorv%x'])
      expect((await search(db(), { q, kind: 'news', size: 10 })).sections.find((s) => s.kind === 'news')!.total).toBe(
        0,
      );
  });

  it.each([
    ['missing q', ''],
    ['market kind', 'q=btc&kind=coin'],
    ['page 0', 'q=btc&page=0'],
    ['size 500', 'q=btc&size=500'],
    ['too long q', `q=${'b'.repeat(MAX_QUERY_LENGTH + 1)}`],
  ])('GET /api/v1/search/content rejects %s with a 400 envelope', async (_name, qs) => {
    const { status, body } = await get(`/api/v1/search/content?${qs}`);
    expect(status).toBe(400);
    expect(body).toMatchObject({ code: 400, data: null });
    expect(body.msg).toMatch(/q|kind|page|size/);
  });
});

describe('search that scales', () => {
  it('counts a section up to the cap and says there are more', async () => {
    // Most seeded pairs are quoted in USDT: thousands of matches.
    const { body } = await get<Results>('/api/v1/search?q=usdt');
    const pair = section(body.data, 'pair');
    expect(pair).toMatchObject({ total: TOTAL_CAP, capped: true, searched: true });
    expect(pair.list).toHaveLength(10);
    expect(section(body.data, 'coin')).toMatchObject({ capped: false });
    // The last page the cap reaches is full; past it, nothing (the pager never links there).
    const last = section(
      (await get<Results>(`/api/v1/search?q=usdt&kind=pair&size=10&page=${TOTAL_CAP / 10}`)).body.data,
      'pair',
    );
    expect(last.list).toHaveLength(10);
    expect(last).toMatchObject({ total: TOTAL_CAP, capped: true });
    const past = await get<Results>(`/api/v1/search?q=usdt&kind=pair&size=10&page=${TOTAL_CAP / 10 + 1}`);
    expect(section(past.body.data, 'pair').list).toEqual([]);
  });

  it('lists pairs of a tier by volume across its pages, each pair once', async () => {
    const pages = await Promise.all(
      [1, 2, 3].map(
        async (p) =>
          section((await get<Results>(`/api/v1/search?q=btc&kind=pair&size=20&page=${p}`)).body.data, 'pair').list,
      ),
    );
    const all = pages.flat();
    expect(new Set(all.map((p) => p.id)).size).toBe(all.length);
    const tiers = all.map((p) => p.tier);
    expect(tiers).toEqual([...tiers].sort());
    const exact = all.filter((p) => p.tier === 0).map((p) => p.volume24h ?? 0);
    expect(exact).toEqual([...exact].sort((a, b) => b - a));
  });

  it('does not search content for a query too short to mean anything in a text', async () => {
    const { body } = await get<Results>('/api/v1/search?q=op');
    for (const kind of CONTENT_KINDS) expect(section(body.data, kind)).toMatchObject({ total: 0, searched: false });
    expect(section(body.data, 'coin').searched).toBe(true);
    const zh = await get<Results>(`/api/v1/search?q=${encodeURIComponent('比特')}&lan=zh`);
    expect(section(zh.body.data, 'news').searched).toBe(true);
  });

  it('sends the top coins only, by rank, within the byte budget', async () => {
    const res = await get<QuickSearchItem[]>('/api/v1/quick_search/coin');
    const list = res.body.data;
    expect(list.length).toBeGreaterThan(0);
    expect(list.length).toBeLessThanOrEqual(QUICK_SEARCH_COINS);
    expect(Buffer.byteLength(JSON.stringify(res.body))).toBeLessThanOrEqual(QUICK_SEARCH_BYTES.coin);
    const top = await db()
      .select({ id: coins.id })
      .from(coins)
      .orderBy(sql`${coins.rank} asc nulls last`, coins.id)
      .limit(list.length);
    expect(list.map((c) => c.id)).toEqual(top.map((c) => c.id));
    expect(list[0]).toMatchObject({ id: 'bitcoin', symbol: 'BTC', names: { zh: '比特币' } });
    expect(list.some((c) => c.id === 'farquill-coin')).toBe(false);
    const exchanges = await get<QuickSearchItem[]>('/api/v1/quick_search/exchange');
    expect(exchanges.body.data.length).toBeLessThanOrEqual(QUICK_SEARCH_EXCHANGES);
    expect(exchanges.body.data[0]!.id).toBe('binance');
    expect(Buffer.byteLength(JSON.stringify(exchanges.body))).toBeLessThanOrEqual(QUICK_SEARCH_BYTES.exchange);
    // Both lists together: at most 50 KB before compression.
    expect(QUICK_SEARCH_BYTES.coin + QUICK_SEARCH_BYTES.exchange).toBeLessThanOrEqual(50_000);
  });

  it.each([
    ['its symbol', 'fqlx'],
    ['its name', 'Farquill'],
    ['part of its name', 'quill net'],
    ['its Chinese name', '远羽链'],
  ])('finds a coin beyond the quick list by %s', async (_what, q) => {
    const { status, body } = await get<{ coins: QuickSearchItem[]; exchanges: QuickSearchItem[] }>(
      `/api/v1/quick_search/find?q=${encodeURIComponent(q)}`,
    );
    expect(status).toBe(200);
    expect(body.data.coins[0]).toEqual({
      id: 'farquill-coin',
      symbol: 'FQLX',
      name: 'Farquill Network',
      keys: ['FarquillNetwork'],
      names: { zh: '远羽链' },
    });
    expect(body.data.coins.length).toBeLessThanOrEqual(QUICK_SEARCH_HITS.coin);
  });

  it('finds exchanges and the best coins first', async () => {
    const { body } = await get<{ coins: QuickSearchItem[]; exchanges: QuickSearchItem[] }>(
      '/api/v1/quick_search/find?q=btc',
    );
    expect(body.data.coins[0]!.id).toBe('bitcoin');
    const ex = await get<{ coins: QuickSearchItem[]; exchanges: QuickSearchItem[] }>(
      '/api/v1/quick_search/find?q=zqx%20exch',
    );
    expect(ex.body.data.exchanges).toEqual([
      { id: 'zqx-exchange', symbol: 'ZQX Exchange', name: 'ZQX Exchange', keys: ['ZQXExchange', 'CEX'] },
    ]);
  });

  it.each([
    ['missing q', ''],
    ['blank q', 'q=%20'],
    ['too long q', `q=${'z'.repeat(MAX_QUERY_LENGTH + 1)}`],
  ])('GET /api/v1/quick_search/find rejects %s with a 400 envelope', async (_name, qs) => {
    const { status, body } = await get(`/api/v1/quick_search/find?${qs}`);
    expect(status).toBe(400);
    expect(body).toMatchObject({ code: 400, data: null });
    expect(body.msg).toMatch(/q/);
  });

  it('refuses an unsigned request like its neighbours', async () => {
    const { status } = await get('/api/v1/quick_search/find?q=btc', { signed: false });
    expect(status).toBe(400);
  });
});

describe("the page's kept results", () => {
  it('currentSearch gives the same results to the same query for 2 s, per query and language; search reads each time', async () => {
    const kept = await currentSearch(db(), { q: 'zqx' });
    expect(await currentSearch(db(), { q: ' zqx ' })).toBe(kept);
    expect(await currentSearch(db(), { q: 'zqx', locale: 'zh' })).not.toBe(kept);
    expect(await currentSearch(db(), { q: 'zqx', kind: 'coin' })).not.toBe(kept);
    expect(await currentSearch(db(), { q: 'zqx', signedIn: true })).not.toBe(kept);
    expect(await search(db(), { q: 'zqx' })).not.toBe(await search(db(), { q: 'zqx' }));
    expect(await search(db(), { q: 'zqx' })).toEqual(kept);
  });
});
