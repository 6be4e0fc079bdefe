import { describe, expect, it } from 'vitest';
import { SourceError } from '../../sources/http.ts';
import { fakeHttp, recorded } from './fakeFetch.ts';
import { kucoin } from './kucoin.ts';

const PATH = '/api/v3/announcements';
type Locale = 'en' | 'zh-hk' | 'ko';
const read = async (name: string, locale: Locale = 'en') => {
  const { http, requests } = fakeHttp(kucoin, { [PATH]: recorded('kucoin', name) });
  return { items: await kucoin.read(http, locale), requests, http };
};

describe('kucoin announcements', () => {
  it('reads a normal answer: links, titles, descriptions, dates, categories', async () => {
    const { items } = await read('en');
    expect(items).toHaveLength(6);
    expect(items[0]).toEqual({
      key: 'https://www.kucoin.com/announcement/kucoin-isolated-margin-adds-pengu?lang=en_US',
      link: 'https://www.kucoin.com/announcement/kucoin-isolated-margin-adds-pengu?lang=en_US',
      title: 'KuCoin Isolated Margin Adds the Pudgy Penguins (PENGU) Trading Pair',
      html: '<p>To enrich the variety of assets available, KuCoin’s Isolated Margin Trading platform has added the Pudgy Penguins (PENGU) asset and trading pair.</p>',
      text: 'To enrich the variety of assets available, KuCoin’s Isolated Margin Trading platform has added the Pudgy Penguins (PENGU) asset and trading pair.',
      summary: null,
      publishedAt: new Date(1795521604000),
      locale: 'en',
      feedLocale: null,
      categories: ['listing'], // "latest-announcements" only: "Adds … Trading Pair" in the title
      exchange: 'kucoin',
      kind: 'announcements',
      origin: 'kucoin-announcements:en#1',
    });
    expect(items.map((i) => i.categories[0])).toEqual([
      'listing',
      'activity',
      'listing',
      'delisting',
      'maintenance',
      'other',
    ]);
    // The zero-width space KuCoin leaves at a title's end is gone.
    expect(items[1]!.title).toBe('PENGU-30D Fixed Promotion, Enjoy an APR of 120%!');
    expect(items[5]!.text).toBe('');
  });

  it('asks for the main list in the language asked: en_US, zh_HK, ko_KR', async () => {
    const { requests } = await read('en');
    expect(requests).toHaveLength(1);
    const url = requests[0]!.url;
    expect(url.origin + url.pathname).toBe(`https://api.kucoin.com${PATH}`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      currentPage: '1',
      pageSize: '20',
      annType: 'latest-announcements',
      lang: 'en_US',
    });
    expect((await read('ko', 'ko')).requests[0]!.url.searchParams.get('lang')).toBe('ko_KR');
    const zh = await read('zh-hk', 'zh-hk');
    expect(zh.requests[0]!.url.searchParams.get('lang')).toBe('zh_HK');
    expect(zh.items.map((i) => [i.title, i.locale, i.categories[0]])).toEqual([
      ['KAT (KAT) 全球首發上線 KuCoin！', 'zh-hk', 'listing'],
    ]);
  });

  it('reads Korean titles; a row in another language is left out', async () => {
    const { items } = await read('ko', 'ko');
    expect(items.map((i) => [i.title, i.categories[0]])).toEqual([
      ['KAT(KAT), KuCoin 상장! 세계 최초!', 'listing'],
      ['KuCoin 일부 프로젝트 상장 폐지 안내', 'delisting'],
      ['TON 네트워크 업그레이드에 따른 지갑 점검 안내', 'maintenance'], // no type: 점검 in the title
      ['KuCoin 트레이딩 이벤트: 50,000 USDT 상금을 나눠 가지세요', 'activity'],
    ]);
    expect(items.every((i) => i.locale === 'ko' && i.key.endsWith('lang=ko_KR'))).toBe(true);
    expect(items[2]!.text).toBe('2026년 11월 22일 08:00 (UTC)부터 TON 입출금이 일시 중단됩니다.');
  });

  it('sanitises the description; hostile HTML and links are gone, tag-only titles left out', async () => {
    const { items } = await read('html');
    expect(items).toHaveLength(1);
    expect(items[0]!.title).toBe('KuCoin & Pudgy Penguins: Trade to Share 1,000,000 PENGU');
    expect(items[0]!.html).toBe(
      '<p>Trade PENGU &amp; share <strong>1,000,000 PENGU</strong>.Claim <a href="https://www.kucoin.com/land/pengu" rel="nofollow noopener noreferrer">Event page</a></p>',
    );
    expect(items[0]!.text).toBe('Trade PENGU & share 1,000,000 PENGU.Claim Event page');
    expect(JSON.stringify(items)).not.toMatch(/iframe|evil|google-analytics|javascript:|onmouseover|svg|vbscript/);
  });

  it('a changed envelope is a source error; so is an error answer, not retried', async () => {
    await expect(read('malformed')).rejects.toThrow(SourceError);
    await expect(read('malformed')).rejects.toThrow(/unexpected payload: data/);
    const error = fakeHttp(kucoin, { [PATH]: recorded('kucoin', 'error') });
    await expect(kucoin.read(error.http, 'en')).rejects.toThrow(
      'kucoin-announcements: code 400100: The value of lang is invalid',
    );
    expect(error.requests).toHaveLength(1);
  });

  it('counts the endpoint’s weight against the budget', async () => {
    const { http } = await read('en');
    expect(http.state().budget).toEqual({ used: 20, limit: 1000, windowMs: 30_000 });
  });
});
