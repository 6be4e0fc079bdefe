import { describe, expect, it } from 'vitest';
import { SourceError } from '../../sources/http.ts';
import { bybit } from './bybit.ts';
import { fakeHttp, recorded } from './fakeFetch.ts';

const PATH = '/v5/announcements/index';
const read = async (name: string, locale: 'en' | 'zh-hk' = 'en') => {
  const { http, requests } = fakeHttp(bybit, { [PATH]: recorded('bybit', name) });
  return { items: await bybit.read(http, locale), requests };
};

describe('bybit announcements', () => {
  it('reads a normal answer: links, titles, descriptions, dates, categories', async () => {
    const { items } = await read('en');
    expect(items).toHaveLength(6);
    const first = items[0]!;
    expect(first).toMatchObject({
      key: 'https://announcements.bybit.com/en-US/article/new-listing-pudgy-penguins-pengu-deposit-trade-and-stake-pengu-to-share-a-400-000-usdt-prize-pool--blt6c1f2a9d0e3b4c75/',
      title: 'New Listing: Pudgy Penguins (PENGU) — Deposit, Trade and Stake PENGU to Share a 400,000 USDT Prize Pool!',
      html: '<p>Bybit is excited to announce the listing of PENGU on our trading platform!</p>',
      text: 'Bybit is excited to announce the listing of PENGU on our trading platform!',
      summary: null,
      // publishTime, when it went out, over the author's dateTimestamp.
      publishedAt: new Date(1795521611000),
      locale: 'en',
      feedLocale: null,
      exchange: 'bybit',
      kind: 'announcements',
      origin: 'bybit-announcements:en#1',
    });
    expect(first.link).toBe(first.key);
    // The type decides where it names a category; product updates go by the title.
    expect(items.map((i) => i.categories)).toEqual([
      ['listing'],
      ['delisting'],
      ['maintenance'],
      ['activity'],
      ['other'],
      ['listing'],
    ]);
    // No publishTime: the author's time.
    expect(items[3]!.publishedAt).toEqual(new Date(1795345200000));
    // Plain text keeps its paragraphs; an empty description gives no text.
    expect(items[2]!.html).toBe(
      '<p>Bybit will undergo a scheduled system upgrade on Nov 25, 2026, from 2AM to 3AM UTC.</p><p>Deposits and withdrawals will be unavailable during the upgrade.</p>',
    );
    expect(items[2]!.text).toContain('UTC.\n\nDeposits');
    expect([items[4]!.html, items[4]!.text]).toEqual(['', '']);
  });

  it('asks with the locale parameter: en-US, and zh-TW for our zh-hk', async () => {
    const en = await read('en');
    expect(en.requests).toHaveLength(1);
    const url = en.requests[0]!.url;
    expect(url.origin + url.pathname).toBe(`https://api.bybit.com${PATH}`);
    expect(Object.fromEntries(url.searchParams)).toEqual({ locale: 'en-US', page: '1', limit: '20' });
    const zh = await read('zh-hk', 'zh-hk');
    expect(zh.requests[0]!.url.searchParams.get('locale')).toBe('zh-TW');
  });

  it('reads Traditional Chinese titles as zh-hk', async () => {
    const { items } = await read('zh-hk', 'zh-hk');
    expect(items.map((i) => [i.title, i.categories[0]])).toEqual([
      ['新幣上線：Pudgy Penguins (PENGU)——充值、交易並質押 PENGU，瓜分 400,000 USDT 獎池！', 'listing'],
      ['關於下架 SWEATUSDT 和 MEMEFIUSDT 現貨交易對的公告', 'delisting'],
      ['系統維護通知（2026 年 11 月 25 日）', 'maintenance'],
      ['Bybit 合約交易推出 KAT/USDT 永續合約', 'listing'], // type "other": 推出…永續合約 (launches a perpetual)
    ]);
    expect(items.every((i) => i.locale === 'zh-hk' && i.key.startsWith('https://announcements.bybit.com/zh-TW/'))).toBe(
      true,
    );
    expect(items[0]!.text).toBe('Bybit 很高興宣佈 PENGU 即將上線！');
  });

  it('sanitises the description; hostile HTML, foreign links and escaped tags in titles are gone', async () => {
    const { items } = await read('html');
    expect(items.map((i) => i.title)).toEqual([
      'Trade & Win: Share 50,000 USDT — Bybit "Winter Cup"',
      'Bybit Card: New Cashback Tiers',
    ]);
    const cup = items[0]!;
    expect(cup.html).toBe(
      '<p>Join the <strong>Winter Cup</strong> &amp; trade to win.</p><p>Rules: claim · <a href="https://announcements.bybit.com/en-US/article/winter-cup-rules/" rel="nofollow noopener noreferrer">full rules</a> · </p>',
    );
    expect(cup.text).toBe('Join the Winter Cup & trade to win.\n\nRules: claim · full rules ·');
    expect(items[1]!.text).toBe('Bybit Card holders earn up to 10% cashback from Dec 1 – see the new tiers.');
    expect(JSON.stringify(items)).not.toMatch(/script|onerror|onclick|javascript:|tracker|evil|bybit-rewards|<img/);
  });

  it('a changed envelope and a body that is not JSON are source errors; so is an error answer', async () => {
    await expect(read('malformed')).rejects.toThrow(SourceError);
    await expect(read('malformed')).rejects.toThrow(/unexpected payload: result\.list/);
    const html = fakeHttp(bybit, { [PATH]: '<!DOCTYPE html><title>403 Forbidden</title>' });
    await expect(bybit.read(html.http, 'en')).rejects.toThrow(/malformed JSON/);
    const error = fakeHttp(bybit, { [PATH]: recorded('bybit', 'error') });
    await expect(bybit.read(error.http, 'en')).rejects.toThrow(
      'bybit-announcements: retCode 10001: params error: locale invalid',
    );
    expect(error.requests).toHaveLength(1); // a parameter error is not retried
  });

  it('a 403 is a ban: not retried, and the source rests', async () => {
    const { http, requests } = fakeHttp(bybit, { [PATH]: { status: 403, body: 'access too frequent' } });
    await expect(bybit.read(http, 'en')).rejects.toThrow(/banned \(HTTP 403\)/);
    await expect(bybit.read(http, 'en')).rejects.toThrow(/resting/);
    expect(requests).toHaveLength(1);
  });

  it('refuses a locale Bybit does not publish', async () => {
    const { http } = fakeHttp(bybit, { [PATH]: recorded('bybit', 'en') });
    await expect(bybit.read(http, 'ko')).rejects.toThrow(/no ko announcements/);
  });
});
