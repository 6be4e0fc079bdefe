import { describe, expect, it } from 'vitest';
import { guessCategory } from '../import.ts';
import {
  fitsLocale,
  isoDate,
  MAX_ITEMS,
  msDate,
  plainTitle,
  shortText,
  siteLink,
  toItems,
  withLocaleSegment,
  type Announcement,
} from './common.ts';

describe('plainTitle', () => {
  it('strips tags, decodes entities, escaped HTML too, on one line', () => {
    expect(plainTitle('Trade &amp; Earn <b>now</b>')).toBe('Trade & Earn now');
    expect(plainTitle('<script>alert(1)</script>New\n  listing<img src=x onerror=alert(1)>')).toBe('New listing');
    expect(plainTitle('&lt;script&gt;alert(1)&lt;/script&gt;&lt;i&gt;Hi&lt;/i&gt;')).toBe('Hi');
    expect(plainTitle('BTC < 100k &amp;&amp; ETH > 5k')).toBe('BTC < 100k && ETH > 5k');
    expect(plainTitle('APR of 120%!\u200b')).toBe('APR of 120%!');
    expect(plainTitle('<img src=x>')).toBe('');
  });
});

describe('shortText', () => {
  it('keeps plain text as paragraphs and line breaks, escaped', () => {
    expect(shortText('Price < 100 & rising\nfast\n\nFour')).toEqual({
      html: '<p>Price &lt; 100 &amp; rising<br>fast</p><p>Four</p>',
      text: 'Price < 100 & rising\nfast\n\nFour',
    });
    expect(shortText('  ')).toEqual({ html: '', text: '' });
    expect(shortText(null)).toEqual({ html: '', text: '' });
  });

  it('sanitises HTML, resolving relative links on the item’s page; inline HTML is one paragraph', () => {
    expect(
      shortText('See <a href="/rules" onclick="x()">rules</a><script>x()</script>', 'https://a.example/n/1'),
    ).toEqual({
      html: '<p>See <a href="https://a.example/rules" rel="nofollow noopener noreferrer">rules</a></p>',
      text: 'See rules',
    });
    expect(shortText('Fish &amp; chips').html).toBe('<p>Fish &amp; chips</p>');
  });
});

describe('links', () => {
  it('keeps http(s) links on the exchange’s hosts, without the fragment', () => {
    const hosts = ['okx.com'];
    expect(siteLink('https://www.okx.com/help/a#top', hosts)).toBe('https://www.okx.com/help/a');
    expect(siteLink(' https://okx.com/help/a ', hosts)).toBe('https://okx.com/help/a');
    expect(siteLink('https://okx.com.evil.example/help', hosts)).toBeNull();
    expect(siteLink('https://evilokx.com/help', hosts)).toBeNull();
    expect(siteLink('https://user:pw@www.okx.com/help', hosts)).toBeNull();
    expect(siteLink('javascript:alert(1)', hosts)).toBeNull();
    expect(siteLink('java\tscript:alert(1)', hosts)).toBeNull();
    expect(siteLink('/help/a', hosts)).toBeNull();
    expect(siteLink('/help/a', hosts, 'https://www.okx.com/')).toBe('https://www.okx.com/help/a');
  });

  it('adds a language segment only where the path has none', () => {
    expect(withLocaleSegment('https://www.okx.com/help/a', 'zh-hans')).toBe('https://www.okx.com/zh-hans/help/a');
    expect(withLocaleSegment('https://www.okx.com/zh-hans/help/a', 'zh-hans')).toBe(
      'https://www.okx.com/zh-hans/help/a',
    );
    expect(withLocaleSegment('https://www.bitget.com/zh_CN/support/articles/1', 'zh-CN')).toBe(
      'https://www.bitget.com/zh_CN/support/articles/1',
    );
    expect(withLocaleSegment('https://www.bitget.com/en/support/articles/1?x=1', 'zh-CN')).toBe(
      'https://www.bitget.com/en/support/articles/1?x=1',
    );
  });
});

describe('times and languages', () => {
  it('reads Unix ms as numbers or digit strings, and ISO 8601; anything implausible is null', () => {
    expect(msDate(1795521604821)).toEqual(new Date(1795521604821));
    expect(msDate('1795521604821')).toEqual(new Date(1795521604821));
    expect(msDate(1795521604)).toBeNull(); // seconds
    expect(msDate('')).toBeNull();
    expect(msDate('17955e9')).toBeNull();
    expect(msDate(null)).toBeNull();
    expect(isoDate('2026-11-24T09:41:07.318Z')).toEqual(new Date(Date.UTC(2026, 10, 24, 9, 41, 7, 318)));
    expect(isoDate('2014-05-17T22:00:00.000-06:00')).toEqual(new Date(Date.UTC(2014, 4, 18, 4)));
    expect(isoDate('yesterday')).toBeNull();
    expect(isoDate(null)).toBeNull();
  });

  it('a row’s own language fits the locale asked for, or is unknown', () => {
    expect(fitsLocale('zh_HK', 'zh-hk')).toBe(true);
    expect(fitsLocale('ko_KR', 'ko')).toBe(true);
    expect(fitsLocale('en_US', 'ko')).toBe(false);
    expect(fitsLocale(undefined, 'ko')).toBe(true);
    expect(fitsLocale('ja_JP', 'en')).toBe(true);
  });
});

describe('toItems', () => {
  const a = (n: number, at: number | null, link = `https://x.example/${n}`): Announcement => ({
    n,
    link,
    title: `Notice ${n}`,
    html: '',
    text: '',
    publishedAt: at === null ? null : new Date(at),
    category: null,
  });

  it('one item per link, newest first, undated last, at most MAX_ITEMS', () => {
    const items = toItems({ id: 's', exchange: 'okx' }, 'en', [
      a(1, 1000),
      a(2, null),
      a(3, 3000),
      a(4, 2000, 'https://x.example/1'),
    ]);
    expect(items.map((i) => i.origin)).toEqual(['s:en#3', 's:en#1', 's:en#2']);
    expect(items[0]!.categories).toEqual(['other']);
    const many = toItems(
      { id: 's', exchange: 'okx' },
      'en',
      Array.from({ length: 80 }, (_, i) => a(i + 1, 1000 + i)),
    );
    expect(many).toHaveLength(MAX_ITEMS);
  });
});

describe('guessCategory on exchange titles', () => {
  it.each([
    ['OKX to list Virtuals Protocol (VIRTUAL) for spot trading', 'listing'],
    ['KAT (KAT) Gets Listed on KuCoin! World Premiere!', 'listing'],
    ['KuCoin Isolated Margin Adds the Pudgy Penguins (PENGU) Trading Pair', 'listing'],
    ['Bitget Spot Cross Margin Adds KAT/USDT', 'listing'],
    ['Bybit 合約交易推出 KAT/USDT 永續合約', 'listing'],
    ['新幣上架：PENGU', 'listing'],
    ['OKX to delist MEMEFI, RSS3 and SWEAT spot trading pairs', 'delisting'],
    ['업비트 거래 지원 종료 안내', 'delisting'],
    ['Temporary suspension of TON deposits and withdrawals', 'maintenance'],
    ['Resumption of TON deposits and withdrawals', 'maintenance'],
    ['关于恢复 TON 充提的公告', 'maintenance'],
    ['TON 네트워크 업그레이드에 따른 지갑 점검 안내', 'maintenance'],
    ['Bybit Launchpool: Stake MNT and USDT to Share 5,000,000 KAT', 'activity'],
    ['Bitget Launchpool：锁仓 BGB 瓜分 2,000,000 KAT 奖池', 'activity'],
    ['KuCoin Updates Its Terms of Use', 'other'],
    ['Changes to the maximum page size of the order history endpoints', 'other'],
  ])('%s → %s', (title, category) => {
    expect(guessCategory(title)).toBe(category);
  });
});
