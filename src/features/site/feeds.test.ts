import { parseAtomFeed, parseRssFeed } from 'feedsmith';
import { describe, expect, it } from 'vitest';
import { atomXml, escapeXml, feedPath, parseFeedPath, plainSummary, rssXml, type FeedDoc } from './feeds.server.ts';

const doc: FeedDoc = {
  title: 'Coinlens news & "views"',
  description: 'Crypto <news>',
  link: 'https://example.com/en/news',
  self: 'https://example.com/feeds/en/news.xml',
  locale: 'en',
  updated: new Date('2026-11-20T10:00:00Z'),
  publisher: 'Coinlens',
  items: [
    {
      link: 'https://example.com/en/news/2',
      title: 'BTC < $100k? R&D\u0001 says "maybe"',
      summary: "It's <b>bold</b> & odd",
      published: new Date('2026-11-20T10:00:00Z'),
      categories: ['Binance', 'Listing & delisting'],
      locale: 'en',
    },
    {
      link: 'https://example.com/en/news/1',
      title: '以太坊升级',
      summary: '中文摘要',
      published: new Date('2026-11-19T08:30:00Z'),
      categories: [],
      locale: 'zh',
    },
  ],
};

describe('feed paths', () => {
  it.each([
    ['en/news.xml', { locale: 'en', kind: 'news', exchange: undefined, format: 'rss' }],
    ['zh-hk/lives.atom', { locale: 'zh-hk', kind: 'lives', exchange: undefined, format: 'atom' }],
    ['ko/announcements.xml', { locale: 'ko', kind: 'announcements', exchange: undefined, format: 'rss' }],
    ['zh/announcements/binance.atom', { locale: 'zh', kind: 'announcements', exchange: 'binance', format: 'atom' }],
  ])('reads %s and writes it back', (path, req) => {
    expect(parseFeedPath(path)).toEqual(req);
    expect(feedPath(req as never)).toBe(`/feeds/${path}`);
  });

  it.each([
    'fr/news.xml',
    'EN/news.xml',
    'en/news.rss',
    'en/news',
    'en/research.xml',
    'en/news/binance.xml',
    'en/announcements/bin ance.xml',
    'en/announcements/a/b.xml',
    '',
  ])('rejects %j', (path) => expect(parseFeedPath(path)).toBeNull());
});

describe('escaping', () => {
  it('escapes markup characters and drops characters XML cannot carry', () => {
    expect(escapeXml(`a & b < c > d "e" 'f'`)).toBe('a &amp; b &lt; c &gt; d &quot;e&quot; &apos;f&apos;');
    expect(escapeXml('x\u0000\u0008\u000Bz\uFFFE\tline\n')).toBe('xz\tline\n');
    expect(escapeXml('lone \uD800 surrogate, pair 😀')).toBe('lone  surrogate, pair 😀');
  });

  it('summarises bodies as plain text', () => {
    expect(plainSummary('<p>Hello <b>world</b></p><script>alert(1)</script>\n\n## Next')).toBe('Hello world Next');
    expect(plainSummary('a'.repeat(400), 10)).toBe(`${'a'.repeat(9)}…`);
  });
});

describe('RSS 2.0', () => {
  const xml = rssXml(doc);
  it('parses back with every item, escaped text intact', () => {
    const feed = parseRssFeed(xml);
    expect(feed.title).toBe(doc.title);
    expect(feed.link).toBe(doc.link);
    expect(feed.language).toBe('en');
    expect(new Date(feed.lastBuildDate!).toISOString()).toBe('2026-11-20T10:00:00.000Z');
    expect(feed.items).toHaveLength(2);
    const [first, second] = feed.items!;
    expect(first!.title).toBe('BTC < $100k? R&D says "maybe"');
    expect(first!.guid).toMatchObject({ value: 'https://example.com/en/news/2', isPermaLink: true });
    expect(first!.description).toBe("It's <b>bold</b> & odd");
    expect(first!.categories?.map((c) => c.name)).toEqual(['Binance', 'Listing & delisting']);
    expect(new Date(first!.pubDate!).toISOString()).toBe('2026-11-20T10:00:00.000Z');
    expect(second!.title).toBe('以太坊升级');
    expect(xml).toContain(
      '<atom:link href="https://example.com/feeds/en/news.xml" rel="self" type="application/rss+xml"/>',
    );
  });

  it('never lets raw markup through', () => {
    expect(xml).not.toContain('<b>');
    expect(xml).not.toMatch(/&(?!(amp|lt|gt|quot|apos);)/);
  });
});

describe('Atom 1.0', () => {
  it('parses back with ids, links and dates', () => {
    const feed = parseAtomFeed(atomXml({ ...doc, locale: 'zh-hk' }));
    expect(feed.id).toBe(doc.self);
    expect(feed.title?.value).toBe(doc.title);
    expect(feed.updated).toBe('2026-11-20T10:00:00.000Z');
    expect(feed.links?.map((l) => l.rel)).toEqual(['self', 'alternate']);
    expect(feed.authors?.[0]?.name).toBe('Coinlens');
    expect(feed.entries).toHaveLength(2);
    const entry = feed.entries![0]!;
    expect(entry.id).toBe('https://example.com/en/news/2');
    expect(entry.links?.[0]?.href).toBe('https://example.com/en/news/2');
    expect(entry.title?.value).toBe('BTC < $100k? R&D says "maybe"');
    expect(entry.summary?.value).toBe("It's <b>bold</b> & odd");
    expect(entry.categories?.map((c) => c.term)).toEqual(['Binance', 'Listing & delisting']);
  });

  it('declares the language tag of the locale', () => {
    expect(atomXml({ ...doc, locale: 'zh-hk' })).toContain('xml:lang="zh-HK"');
  });
});

describe('item languages', () => {
  it('RSS: an item in another language than the channel carries dc:language (Dublin Core, declared)', () => {
    const xml = rssXml(doc);
    expect(xml).toContain('xmlns:dc="http://purl.org/dc/elements/1.1/"');
    const items = xml.split('<item>').slice(1);
    expect(items[0]).not.toContain('dc:language');
    expect(items[1]).toContain('<dc:language>zh-Hans</dc:language>');
    // A Korean feed lists English rows: each says so.
    const ko = rssXml({ ...doc, locale: 'ko', items: [doc.items[0]!] });
    expect(ko).toContain('<language>ko</language>');
    expect(ko).toContain('<dc:language>en</dc:language>');
    expect(parseRssFeed(ko).items).toHaveLength(1);
  });

  it('Atom: an entry in another language than the feed carries xml:lang', () => {
    const xml = atomXml({ ...doc, locale: 'zh-hk' });
    expect(xml).toContain('<entry xml:lang="en">');
    expect(xml).toContain('<entry xml:lang="zh-Hans">');
    expect(atomXml(doc)).toContain('<entry><id>https://example.com/en/news/2</id>');
    expect(parseAtomFeed(xml).entries).toHaveLength(2);
  });
});
