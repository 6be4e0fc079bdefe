import { describe, expect, it } from 'vitest';
import {
  parseSitemapFile,
  PAGES_PER_FILE,
  robotsTxt,
  sitemapFilePath,
  sitemapIndexXml,
  urlsetXml,
} from './sitemap.server.ts';
import { SECTIONS, STATIC_PATHS } from './sitemapSections.server.ts';

const origin = 'https://coins.example';

describe('child sitemap names', () => {
  it('reads what it writes, for every section', () => {
    for (const s of SECTIONS) {
      const path = sitemapFilePath({ section: s.name, n: 3 });
      expect(parseSitemapFile(path.slice('/sitemaps/'.length))).toEqual({ section: s.name, n: 3 });
    }
  });

  it.each(['coins.xml', 'coins-0.xml', 'coins-01.xml', 'nope-1.xml', 'coins-1.txt', '../coins-1.xml', 'Coins-1.xml'])(
    'rejects %j',
    (f) => expect(parseSitemapFile(f)).toBeNull(),
  );

  it('keeps each file within the protocol limit of 50,000 URLs', () => {
    expect(PAGES_PER_FILE * 4).toBeLessThanOrEqual(50_000);
  });
});

describe('URLs', () => {
  it('lists the static pages once', () => {
    expect(new Set(STATIC_PATHS).size).toBe(STATIC_PATHS.length);
    expect(STATIC_PATHS).toContain('/');
  });
});

describe('urlset', () => {
  const xml = urlsetXml(origin, [
    { path: '/coin/a&b', locales: ['en', 'zh', 'zh-hk', 'ko'], lastmod: new Date('2026-11-01T12:34:56.789Z') },
    { path: '/news/7', locales: ['zh', 'zh-hk'] },
  ]);

  it('lists every page once per locale with escaped URLs and lastmod', () => {
    const locs = [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual([
      'https://coins.example/en/coin/a&amp;b',
      'https://coins.example/zh/coin/a&amp;b',
      'https://coins.example/zh-hk/coin/a&amp;b',
      'https://coins.example/ko/coin/a&amp;b',
      'https://coins.example/zh/news/7',
      'https://coins.example/zh-hk/news/7',
    ]);
    expect(xml.match(/<lastmod>2026-11-01T12:34:56Z<\/lastmod>/g)).toHaveLength(4);
  });

  it('gives each URL its hreflang siblings, x-default only for pages in every locale', () => {
    const urls = xml.split('<url>').slice(1);
    expect(urls[0]!.match(/hreflang="([^"]+)"/g)).toEqual([
      'hreflang="en"',
      'hreflang="zh-CN"',
      'hreflang="zh-HK"',
      'hreflang="ko"',
      'hreflang="x-default"',
    ]);
    expect(urls[0]).toContain('hreflang="x-default" href="https://coins.example/en/coin/a&amp;b"');
    expect(urls[4]!.match(/hreflang="([^"]+)"/g)).toEqual(['hreflang="zh-CN"', 'hreflang="zh-HK"']);
  });

  it('refuses more than 50,000 URLs in one file', () => {
    const pages = Array.from({ length: 12_501 }, (_, i) => ({
      path: `/coin/${i}`,
      locales: ['en', 'zh', 'zh-hk', 'ko'] as const,
    }));
    expect(() => urlsetXml(origin, pages)).toThrow(RangeError);
  });
});

describe('index and robots', () => {
  it('points at the children with absolute URLs', () => {
    const xml = sitemapIndexXml(origin, [
      { section: 'static', n: 1, lastmod: null },
      { section: 'coins', n: 2, lastmod: new Date('2026-11-02T00:00:00Z') },
    ]);
    expect(xml).toContain('<sitemap><loc>https://coins.example/sitemaps/static-1.xml</loc></sitemap>');
    expect(xml).toContain(
      '<sitemap><loc>https://coins.example/sitemaps/coins-2.xml</loc><lastmod>2026-11-02T00:00:00Z</lastmod></sitemap>',
    );
  });

  it('robots.txt names the sitemap and keeps crawlers off the API', () => {
    const txt = robotsTxt(origin);
    expect(txt).toMatch(/^User-agent: \*$/m);
    expect(txt).toMatch(/^Disallow: \/api\/$/m);
    expect(txt).toMatch(/^Sitemap: https:\/\/coins\.example\/sitemap\.xml$/m);
  });
});
