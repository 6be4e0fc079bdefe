/**
 * Feeds, sitemaps and robots.txt through their Astro endpoint handlers, against this file's copy
 * of the seeded database, every document parsed back (feedsmith for RSS/Atom semantics, the strict
 * checker in ./xml.ts for well-formedness).
 */
import type { APIContext } from 'astro';
import { sql } from 'drizzle-orm';
import { parseAtomFeed, parseRssFeed } from 'feedsmith';
import { beforeAll, describe, expect, it } from 'vitest';
import * as feedRoute from '../../pages/feeds/[locale]/[...path].ts';
import * as robotsRoute from '../../pages/robots.txt.ts';
import * as indexRoute from '../../pages/sitemap.xml.ts';
import * as childRoute from '../../pages/sitemaps/[file].ts';
import { announcements, articles, exchanges, flashNews, offerings, wikiEntries } from '../../server/db/schema/index.ts';
import { VISITOR_ANNOUNCEMENT_LIMIT } from '../content/announcements/announcements.server.ts';
import { FEED_SIZE } from './feeds.server.ts';
import { translator } from '../../server/i18n/index.ts';
import { apiHarness } from '../../../tests/api/helpers.ts';
import { childrenOf, parseXml, textOf, type XmlElement } from '../../../tests/api/xml.ts';

const ORIGIN = 'https://coins.example';
// Absolute links come from SITE_URL (read once, on first use), never from the request.
process.env.SITE_URL = ORIGIN;
const { db } = apiHarness();
const en = translator('en');
const rowsOf = async <T>(query: ReturnType<typeof sql>) =>
  ((await db().execute(query)) as unknown as { rows: T[] }).rows;

type Route = { GET: (ctx: APIContext) => Response | Promise<Response> };
async function call(
  route: Route,
  path: string,
  params: Record<string, string | undefined>,
  headers: Record<string, string> = {},
) {
  const url = new URL(path, ORIGIN);
  const ctx = {
    params,
    url,
    request: new Request(url, { headers }),
    locals: { locale: 'en' },
  } as unknown as APIContext;
  const res = await route.GET(ctx);
  return { res, body: res.status === 304 ? '' : await res.text() };
}
const feed = (locale: string, path: string, headers?: Record<string, string>) =>
  call(feedRoute, `/feeds/${locale}/${path}`, { locale, path }, headers);

// Rows of our own, newer than anything seeded, so they head their feeds.
const future = (minutes: number) => new Date(Date.UTC(2099, 0, 1, 0, minutes));
const ids = { enNews: 0, zhNews: 0, deletedNews: 0, research: 0, life: 0, zhLife: 0, ann: 0, otherAnn: 0 };
let exchange: { id: number; name: string; displayName: string };
let other: { id: number; name: string };

beforeAll(async () => {
  const [a, b] = await db()
    .select({ id: exchanges.id, name: exchanges.name, displayName: exchanges.displayName })
    .from(exchanges)
    .orderBy(exchanges.rank)
    .limit(2);
  exchange = a!;
  other = b!;
  const news = await db()
    .insert(articles)
    .values([
      {
        kind: 'news',
        title: 'ETF <inflows> & "records" \u0007',
        summary: 'Funds took in 1 < 2 & more',
        body: '<p>x</p>',
        locale: 'en',
        publishedAt: future(30),
      },
      {
        kind: 'news',
        title: '比特币现货 ETF 资金流入创新高',
        body: '<p>正文 <b>加粗</b></p>',
        locale: 'zh',
        publishedAt: future(20),
      },
      {
        kind: 'news',
        title: 'Removed story',
        body: 'gone',
        locale: 'en',
        publishedAt: future(40),
        deletedAt: future(41),
      },
      { kind: 'research', title: 'Research, not news', body: 'deep', locale: 'en', publishedAt: future(50) },
    ])
    .returning({ id: articles.id });
  [ids.enNews, ids.zhNews, ids.deletedNews, ids.research] = news.map((r) => r.id) as [number, number, number, number];
  const lives = await db()
    .insert(flashNews)
    .values([
      { title: 'Important flash', body: 'Something moved.', important: true, locale: 'en', publishedAt: future(10) },
      { title: '重要快讯', body: '市场出现波动。', important: false, locale: 'zh', publishedAt: future(11) },
    ])
    .returning({ id: flashNews.id });
  [ids.life, ids.zhLife] = lives.map((r) => r.id) as [number, number];
  const anns = await db()
    .insert(announcements)
    .values([
      {
        exchangeId: exchange.id,
        title: 'Will list FOO & BAR',
        category: 'listing',
        url: 'https://example.com/ann/test-1',
        locale: 'en',
        publishedAt: future(5),
      },
      {
        exchangeId: other.id,
        title: 'Maintenance window',
        category: 'maintenance',
        url: 'https://example.com/ann/test-2',
        locale: 'en',
        publishedAt: future(6),
      },
    ])
    .returning({ id: announcements.id });
  [ids.ann, ids.otherAnn] = anns.map((r) => r.id) as [number, number];
  await db()
    .insert(wikiEntries)
    .values([
      { kind: 'baike', slug: 'site-test-both', title: 'Both', body: 'x', locale: 'en', updatedAt: future(1) },
      { kind: 'baike', slug: 'site-test-both', title: '两者', body: 'x', locale: 'zh', updatedAt: future(2) },
      { kind: 'baike', slug: 'site-test-en', title: 'English only', body: 'x', locale: 'en', updatedAt: future(3) },
    ]);
  await db()
    .insert(offerings)
    .values({ slug: 'site-test-offering', kind: 'ICO', name: 'Site Test', symbol: 'STT', status: 'upcoming' });
});

describe('RSS and Atom feeds', () => {
  it('serves English news as RSS 2.0: newest first, absolute locale links, escaped, deleted and research left out', async () => {
    const { res, body } = await feed('en', 'news.xml');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/rss+xml; charset=utf-8');
    expect(res.headers.get('cache-control')).toMatch(/max-age=\d+/);
    expect(res.headers.get('last-modified')).toBe(future(30).toUTCString());
    const root = parseXml(body);
    expect(root.name).toBe('rss');
    const channel = childrenOf(root, 'channel')[0]!;
    expect(textOf(channel, 'lastBuildDate')).toBe(future(30).toUTCString());
    expect(textOf(channel, 'language')).toBe('en');

    const parsed = parseRssFeed(body);
    expect(parsed.link).toBe(`${ORIGIN}/en/news`);
    const items = parsed.items!;
    expect(items.length).toBeGreaterThan(0);
    expect(items.length).toBeLessThanOrEqual(FEED_SIZE);
    expect(items[0]!.title).toBe('ETF <inflows> & "records"');
    expect(items[0]!.description).toBe('Funds took in 1 < 2 & more');
    expect(items[0]!.link).toBe(`${ORIGIN}/en/news/${ids.enNews}`);
    expect(items[0]!.guid?.value).toBe(`${ORIGIN}/en/news/${ids.enNews}`);
    const linked = items.map((i) => Number(/\/en\/news\/(\d+)$/.exec(i.link!)?.[1]));
    expect(linked).not.toContain(ids.deletedNews);
    expect(linked).not.toContain(ids.research);
    expect(linked).not.toContain(ids.zhNews);
    const expected = await rowsOf<{ id: number }>(
      sql`select id from articles where kind = 'news' and deleted_at is null and locale = 'en' order by published_at desc, id desc limit ${FEED_SIZE}`,
    );
    expect(linked).toEqual(expected.map((r) => r.id));
    const dates = items.map((i) => new Date(i.pubDate!).getTime());
    expect(dates).toEqual([...dates].sort((x, y) => y - x));
  });

  it('answers 304 to a client that holds the current version', async () => {
    const first = await feed('en', 'news.xml');
    const again = await feed('en', 'news.xml', { 'If-None-Match': first.res.headers.get('etag')! });
    expect(again.res.status).toBe(304);
    expect((await feed('en', 'news.xml', { 'If-None-Match': '"stale"' })).res.status).toBe(200);
  });

  it('gives zh and zh-hk the Chinese rows, ko the English ones', async () => {
    for (const locale of ['zh', 'zh-hk']) {
      const { body } = await feed(locale, 'news.atom');
      const parsed = parseAtomFeed(body);
      parseXml(body);
      expect(parsed.entries![0]!.id).toBe(`${ORIGIN}/${locale}/news/${ids.zhNews}`);
      expect(parsed.entries![0]!.title?.value).toBe('比特币现货 ETF 资金流入创新高');
      expect(parsed.entries![0]!.summary?.value).toBe('正文 加粗');
      expect(parsed.entries!.some((e) => e.id!.endsWith(`/news/${ids.enNews}`))).toBe(false);
    }
    const ko = parseRssFeed((await feed('ko', 'news.xml')).body);
    expect(ko.language).toBe('ko');
    expect(ko.items![0]!.link).toBe(`${ORIGIN}/ko/news/${ids.enNews}`);
  });

  it('says which items are in another language than the feed (RSS dc:language, Atom xml:lang)', async () => {
    // The ko feed lists English rows, the zh-hk feed Simplified ones.
    const ko = (await feed('ko', 'news.xml')).body;
    parseXml(ko);
    const item = ko.split('<item>')[1]!;
    expect(item).toContain(`/ko/news/${ids.enNews}`);
    expect(item).toContain('<dc:language>en</dc:language>');
    const hk = (await feed('zh-hk', 'news.atom')).body;
    parseXml(hk);
    expect(hk).toContain(`<entry xml:lang="zh-Hans"><id>${ORIGIN}/zh-hk/news/${ids.zhNews}</id>`);
    // An English feed of English rows says nothing more.
    expect((await feed('en', 'news.xml')).body).not.toContain('<dc:language>');
  });

  it('serves flash news as Atom with the importance as a category', async () => {
    const { res, body } = await feed('en', 'lives.atom');
    expect(res.headers.get('content-type')).toBe('application/atom+xml; charset=utf-8');
    const root = parseXml(body);
    expect(root.name).toBe('feed');
    expect(root.attrs.xmlns).toBe('http://www.w3.org/2005/Atom');
    const parsed = parseAtomFeed(body);
    expect(parsed.updated).toBe(future(10).toISOString());
    expect(parsed.links?.find((l) => l.rel === 'self')?.href).toBe(`${ORIGIN}/feeds/en/lives.atom`);
    const first = parsed.entries![0]!;
    expect(first.id).toBe(`${ORIGIN}/en/lives/${ids.life}`);
    expect(first.categories?.map((c) => c.term)).toEqual([en('pages.feeds.important')]);
    const zh = parseAtomFeed((await feed('zh', 'lives.atom')).body);
    expect(zh.entries![0]!.id).toBe(`${ORIGIN}/zh/lives/${ids.zhLife}`);
    expect(zh.entries![0]!.categories ?? []).toEqual([]);
  });

  it('serves announcements of all exchanges and of one exchange', async () => {
    const all = parseRssFeed((await feed('en', 'announcements.xml')).body);
    expect(all.items!.slice(0, 2).map((i) => i.link)).toEqual([
      `${ORIGIN}/en/announcement/${ids.otherAnn}`,
      `${ORIGIN}/en/announcement/${ids.ann}`,
    ]);
    // The feed is public: what visitors may read of the list (SPEC §6), not more.
    expect(all.items).toHaveLength(VISITOR_ANNOUNCEMENT_LIMIT);
    const { res, body } = await feed('en', `announcements/${exchange.name}.xml`);
    expect(res.status).toBe(200);
    parseXml(body);
    const one = parseRssFeed(body);
    expect(one.title).toBe(en('pages.feeds.exchangeTitle', { exchange: exchange.displayName, site: en('site.name') }));
    expect(one.link).toBe(`${ORIGIN}/en/announcements/${exchange.name}`);
    expect(one.items![0]!.title).toBe('Will list FOO & BAR');
    expect(one.items![0]!.categories?.map((c) => c.name)).toEqual([exchange.displayName, 'listing']);
    // This exchange's rows of the visitors' window (the newest 30 in English), as its list shows a visitor.
    const onlyThis = await rowsOf<{ id: number }>(sql`
      select id from (select id, exchange_id from announcements where locale = 'en' order by published_at desc, id desc limit ${VISITOR_ANNOUNCEMENT_LIMIT}) w
      where exchange_id = ${exchange.id}`);
    expect(one.items!.map((i) => i.link)).toEqual(onlyThis.map((r) => `${ORIGIN}/en/announcement/${r.id}`));
    expect(one.items!.some((i) => i.link!.endsWith(`/${ids.otherAnn}`))).toBe(false);
  });

  it.each([
    ['fr', 'news.xml'],
    ['en', 'news.rss'],
    ['en', 'research.xml'],
    ['en', 'announcements/no-such-exchange.xml'],
    ['en', 'lives/binance.xml'],
    ['en', 'announcements/../../etc.xml'],
  ])('answers 404 in plain text for /feeds/%s/%s', async (locale, path) => {
    const { res, body } = await feed(locale, path);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(body.trim()).toBe(en('pages.feeds.notFound'));
  });
});

describe('sitemaps', () => {
  let index: XmlElement;
  const children = new Map<string, XmlElement>();

  beforeAll(async () => {
    const { res, body } = await call(indexRoute, '/sitemap.xml', {});
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    index = parseXml(body);
    for (const sm of childrenOf(index, 'sitemap')) {
      const loc = textOf(sm, 'loc')!;
      const file = loc.slice(`${ORIGIN}/sitemaps/`.length);
      const child = await call(childRoute, new URL(loc).pathname, { file });
      expect(child.res.status, loc).toBe(200);
      children.set(file, parseXml(child.body));
    }
  });

  const urlsOf = (file: string) => childrenOf(children.get(file)!, 'url');
  const alternates = (url: XmlElement) =>
    Object.fromEntries(childrenOf(url, 'xhtml:link').map((l) => [l.attrs.hreflang, l.attrs.href]));

  it('is an index of absolute child URLs, each a well-formed urlset within the limits', () => {
    expect(index.name).toBe('sitemapindex');
    expect(index.attrs.xmlns).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
    expect([...children.keys()]).toEqual(
      expect.arrayContaining([
        'static-1.xml',
        'coins-1.xml',
        'exchanges-1.xml',
        'news-1.xml',
        'lives-1.xml',
        'announcements-1.xml',
      ]),
    );
    for (const [file, root] of children) {
      expect(root.name, file).toBe('urlset');
      expect(root.attrs['xmlns:xhtml']).toBe('http://www.w3.org/1999/xhtml');
      const urls = childrenOf(root, 'url');
      expect(urls.length, file).toBeGreaterThan(0);
      expect(urls.length, file).toBeLessThanOrEqual(50_000);
      for (const u of urls) expect(textOf(u, 'loc')!.startsWith(`${ORIGIN}/`)).toBe(true);
    }
  });

  it('lists every coin in all four locales with hreflang alternates and x-default', async () => {
    const [{ n }] = (await rowsOf<{ n: number }>(sql`select count(*)::int as n from coins`)) as [{ n: number }];
    const coinFiles = [...children.keys()].filter((f) => f.startsWith('coins-'));
    const urls = coinFiles.flatMap(urlsOf);
    expect(urls).toHaveLength(n * 4);
    const btc = urls.find((u) => textOf(u, 'loc') === `${ORIGIN}/zh/coin/bitcoin`)!;
    expect(alternates(btc)).toEqual({
      en: `${ORIGIN}/en/coin/bitcoin`,
      'zh-CN': `${ORIGIN}/zh/coin/bitcoin`,
      'zh-HK': `${ORIGIN}/zh-hk/coin/bitcoin`,
      ko: `${ORIGIN}/ko/coin/bitcoin`,
      'x-default': `${ORIGIN}/en/coin/bitcoin`,
    });
    expect(textOf(btc, 'lastmod')).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
  });

  it('lists content under the locales that show its language, with lastmod, and leaves deleted rows out', () => {
    const news = urlsOf('news-1.xml');
    const locs = news.map((u) => textOf(u, 'loc'));
    expect(locs).toContain(`${ORIGIN}/zh/news/${ids.zhNews}`);
    expect(locs).toContain(`${ORIGIN}/zh-hk/news/${ids.zhNews}`);
    expect(locs).not.toContain(`${ORIGIN}/en/news/${ids.zhNews}`);
    expect(locs).toContain(`${ORIGIN}/ko/news/${ids.enNews}`);
    expect(locs.some((l) => l!.endsWith(`/news/${ids.deletedNews}`))).toBe(false);
    expect(locs.some((l) => l!.endsWith(`/news/${ids.research}`))).toBe(false);
    const zh = news.find((u) => textOf(u, 'loc') === `${ORIGIN}/zh/news/${ids.zhNews}`)!;
    expect(alternates(zh)).toEqual({
      'zh-CN': `${ORIGIN}/zh/news/${ids.zhNews}`,
      'zh-HK': `${ORIGIN}/zh-hk/news/${ids.zhNews}`,
    });
    expect(textOf(zh, 'lastmod')).toBe('2099-01-01T00:20:00Z');
    expect(urlsOf('research-1.xml').map((u) => textOf(u, 'loc'))).toContain(`${ORIGIN}/en/research/${ids.research}`);
    expect(urlsOf('announcements-1.xml').map((u) => textOf(u, 'loc'))).toContain(
      `${ORIGIN}/en/announcement/${ids.ann}`,
    );
  });

  it('lists the announcements a visitor may open, and no others (the newest 30 of each page language)', async () => {
    const open = await rowsOf<{ id: number }>(sql`
      select id from (select id from announcements where locale = 'en' order by published_at desc, id desc limit ${VISITOR_ANNOUNCEMENT_LIMIT}) en
      union select id from (select id from announcements where locale in ('ko', 'en') order by published_at desc, id desc limit ${VISITOR_ANNOUNCEMENT_LIMIT}) ko
      union select id from (select id from announcements where locale in ('zh', 'zh-hk') order by published_at desc, id desc limit ${VISITOR_ANNOUNCEMENT_LIMIT}) zh`);
    const listed = new Set(
      [...children.keys()]
        .filter((f) => f.startsWith('announcements-'))
        .flatMap(urlsOf)
        .map((u) => Number(/\/announcement\/(\d+)$/.exec(textOf(u, 'loc')!)![1])),
    );
    expect([...listed].sort((a, b) => a - b)).toEqual(open.map((r) => r.id).sort((a, b) => a - b));
  });

  it('lists an encyclopedia slug once per locale that has its own version, offerings by slug', () => {
    const baike = [...children.keys()].filter((f) => f.startsWith('baike-')).flatMap(urlsOf);
    const both = baike.find((u) => textOf(u, 'loc') === `${ORIGIN}/en/baike/site-test-both`)!;
    expect(Object.keys(alternates(both))).toEqual(['en', 'zh-CN', 'zh-HK', 'ko', 'x-default']);
    expect(textOf(both, 'lastmod')).toBe('2099-01-01T00:02:00Z');
    const enOnly = baike.filter((u) => textOf(u, 'loc')!.endsWith('/baike/site-test-en')).map((u) => textOf(u, 'loc'));
    expect(enOnly).toEqual([`${ORIGIN}/en/baike/site-test-en`, `${ORIGIN}/ko/baike/site-test-en`]);
    const offers = [...children.keys()]
      .filter((f) => f.startsWith('offerings-'))
      .flatMap(urlsOf)
      .map((u) => textOf(u, 'loc'));
    expect(offers).toContain(`${ORIGIN}/zh/ieo/site-test-offering`);
  });

  it('includes the static pages, the home page as the bare locale prefix', () => {
    const locs = urlsOf('static-1.xml').map((u) => textOf(u, 'loc'));
    expect(locs).toEqual(
      expect.arrayContaining([
        `${ORIGIN}/en`,
        `${ORIGIN}/zh-hk`,
        `${ORIGIN}/ko/review`,
        `${ORIGIN}/zh/app`,
        `${ORIGIN}/en/privacy`,
      ]),
    );
  });

  it.each(['coins-99.xml', 'nope-1.xml', 'coins.xml'])('answers 404 for /sitemaps/%s', async (file) => {
    expect((await call(childRoute, `/sitemaps/${file}`, { file })).res.status).toBe(404);
  });

  it('robots.txt points at the sitemap with an absolute URL and keeps crawlers off /api/', async () => {
    const { res, body } = await call(robotsRoute, '/robots.txt', {});
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(body).toMatch(/^Sitemap: https:\/\/coins\.example\/sitemap\.xml$/m);
    expect(body).toMatch(/^Disallow: \/api\/$/m);
  });

  it('takes its absolute links from SITE_URL, not from the host a request names', async () => {
    const url = new URL('/robots.txt', 'https://attacker.example');
    const ctx = {
      params: {},
      url,
      request: new Request(url, { headers: { host: 'attacker.example' } }),
      locals: { locale: 'en' },
    } as unknown as APIContext;
    const body = await (await robotsRoute.GET(ctx)).text();
    expect(body).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
    expect(body).not.toContain('attacker.example');
  });
});

describe('the XML checker', () => {
  it.each([
    '<a><b></a></b>',
    '<a>x & y</a>',
    '<a b=1/>',
    '<a b="1" b="2"/>',
    '<a>&nbsp;</a>',
    '<a/><b/>',
    '<a>\u0001</a>',
    '<a>',
  ])('rejects %j', (xml) => expect(() => parseXml(xml)).toThrow(SyntaxError));

  it('decodes entities and keeps structure', () => {
    const el = parseXml('<?xml version="1.0"?>\n<a x="&quot;1&quot;"><b>R&amp;D &#x4e2d;&#25991;</b><c/></a>\n');
    expect(el.attrs.x).toBe('"1"');
    expect(textOf(el, 'b')).toBe('R&D 中文');
    expect(el.children.map((c) => c.name)).toEqual(['b', 'c']);
  });
});
