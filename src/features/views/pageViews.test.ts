import { describe, expect, it } from 'vitest';
import { normalisePagePath, tokenBuckets, utcDay } from './pageViews.server.ts';

describe('normalisePagePath', () => {
  it('drops the locale prefix, query, hash and trailing slash', () => {
    expect(normalisePagePath('/coin/bitcoin')).toBe('/coin/bitcoin');
    expect(normalisePagePath('/zh/coin/bitcoin?tab=1#x')).toBe('/coin/bitcoin');
    expect(normalisePagePath('/zh-hk/news/12/')).toBe('/news/12');
    expect(normalisePagePath('/ko')).toBe('/');
    expect(normalisePagePath('/en/')).toBe('/');
    expect(normalisePagePath('/')).toBe('/');
    expect(normalisePagePath('/?a=1')).toBe('/');
    // Only a whole first segment is a locale.
    expect(normalisePagePath('/zhx/page')).toBe('/zhx/page');
    expect(normalisePagePath('/english')).toBe('/english');
  });
  it('refuses what is not a page path of the site', () => {
    for (const bad of [
      '',
      'coin/bitcoin',
      'https://example.com/',
      '//example.com/x',
      '/a b',
      '/a\nb',
      '/x\\y',
      '/api/v1/coins',
      '/_astro/x.js',
      `/${'a'.repeat(200)}`,
      42,
      null,
      undefined,
    ]) {
      expect(normalisePagePath(bad)).toBeUndefined();
    }
    expect(normalisePagePath(`/${'a'.repeat(199)}`)).toHaveLength(200);
  });
});

describe('tokenBuckets', () => {
  it('allows a burst, then one per refill period, per key', () => {
    let now = 0;
    const b = tokenBuckets({ burst: 3, refillMs: 1000, now: () => now });
    expect([b.take('a'), b.take('a'), b.take('a'), b.take('a')]).toEqual([true, true, true, false]);
    expect(b.take('b')).toBe(true);
    now += 999;
    expect(b.take('a')).toBe(false);
    now += 1;
    expect([b.take('a'), b.take('a')]).toEqual([true, false]);
    now += 2000;
    expect([b.take('a'), b.take('a'), b.take('a')]).toEqual([true, true, false]);
  });
  it('stays bounded, forgetting the least recently seen key', () => {
    const b = tokenBuckets({ burst: 1, maxKeys: 2, now: () => 0 });
    b.take('a');
    b.take('b');
    b.take('c');
    expect(b.size).toBe(2);
    expect(b.take('a')).toBe(true); // forgotten, so a fresh bucket
  });
});

it('utcDay is the UTC date', () => {
  expect(utcDay(Date.UTC(2026, 10, 24, 23, 59))).toBe('2026-11-24');
});
