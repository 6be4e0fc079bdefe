import { describe, expect, it } from 'vitest';
import { LOCALES } from './i18n/index.ts';
import { canonicalUrl, hreflangAlternates, localeUrl } from './seo.ts';

const origin = 'https://coins.example';

describe('seo URLs', () => {
  it('prefixes paths, the home page without a trailing slash', () => {
    expect(localeUrl(origin, 'zh', '/')).toBe('https://coins.example/zh');
    expect(localeUrl(origin, 'zh-hk', '/news/3')).toBe('https://coins.example/zh-hk/news/3');
    expect(localeUrl(origin, null, '/')).toBe('https://coins.example/');
  });

  it('lists every locale and x-default at the English URL for a page shown in all of them', () => {
    expect(hreflangAlternates(origin, '/coin/bitcoin')).toEqual([
      { hreflang: 'en', href: 'https://coins.example/en/coin/bitcoin' },
      { hreflang: 'zh-CN', href: 'https://coins.example/zh/coin/bitcoin' },
      { hreflang: 'zh-HK', href: 'https://coins.example/zh-hk/coin/bitcoin' },
      { hreflang: 'ko', href: 'https://coins.example/ko/coin/bitcoin' },
      { hreflang: 'x-default', href: 'https://coins.example/en/coin/bitcoin' },
    ]);
    expect(hreflangAlternates(origin, '/news/7', ['zh', 'zh-hk']).map((a) => a.hreflang)).toEqual(['zh-CN', 'zh-HK']);
  });

  it.each(['/', '/news', '/coin/bitcoin/market'])('agrees with itself from every URL of %s', (path) => {
    const alternates = hreflangAlternates(origin, path);
    const hrefs = alternates.map((a) => a.href);
    for (const locale of LOCALES) {
      // Each page's canonical is in the set, under its own language.
      const canonical = canonicalUrl(origin, locale, path);
      expect(alternates.filter((a) => a.href === canonical && a.hreflang !== 'x-default')).toHaveLength(1);
    }
    // The unprefixed URL renders the cookie language and declares a prefixed canonical, so it
    // must not be in the set ("canonical points to another hreflang location").
    expect(hrefs).not.toContain(localeUrl(origin, null, path));
    // x-default is one of the language versions, not a page of its own.
    expect(hrefs.filter((h) => h === alternates.at(-1)!.href)).toHaveLength(2);
  });
});
