import { describe, expect, it } from 'vitest';
import { SourceError } from '../../sources/http.ts';
import { fakeHttp, recorded } from './fakeFetch.ts';
import { okx } from './okx.ts';

const PATH = '/api/v5/support/announcements';
const read = async (name: string, locale: 'en' | 'zh' = 'en') => {
  const { http, requests } = fakeHttp(okx, { [PATH]: recorded('okx', name) });
  return { items: await okx.read(http, locale), requests, http };
};

describe('okx announcements', () => {
  it('reads a normal answer: links, titles, dates, categories, newest first', async () => {
    const { items } = await read('en');
    expect(items).toHaveLength(7);
    expect(items[0]).toEqual({
      key: 'https://www.okx.com/help/okx-to-list-virtuals-protocol-virtual-for-spot-trading',
      link: 'https://www.okx.com/help/okx-to-list-virtuals-protocol-virtual-for-spot-trading',
      title: 'OKX to list Virtuals Protocol (VIRTUAL) for spot trading',
      html: '',
      text: '',
      summary: null,
      // businessPTime, the time the page shows, over pTime.
      publishedAt: new Date(1795521600000),
      locale: 'en',
      feedLocale: null,
      categories: ['listing'],
      exchange: 'okx',
      kind: 'announcements',
      origin: 'okx-announcements:en#1',
    });
    expect(items.map((i) => i.categories[0])).toEqual([
      'listing',
      'maintenance', // web3 type: "Upgrade" in the title
      'delisting',
      'maintenance',
      'activity',
      'other', // api type: no category word in the title
      'listing',
    ]);
    // Without businessPTime, pTime.
    expect(items[5]!.publishedAt).toEqual(new Date(1795305600000));
    const times = items.map((i) => i.publishedAt!.getTime());
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it('asks once, with the language in Accept-Language', async () => {
    const { requests } = await read('en');
    expect(requests).toHaveLength(1);
    expect(requests[0]!.url.origin + requests[0]!.url.pathname).toBe(`https://www.okx.com${PATH}`);
    expect(requests[0]!.headers['accept-language']).toBe('en-US');
    const zh = await read('zh', 'zh');
    expect(zh.requests[0]!.headers['accept-language']).toBe('zh-CN');
  });

  it('reads Chinese titles; every zh link is a /zh-hans/ page, distinct from the English key', async () => {
    const { items } = await read('zh', 'zh');
    // The row without a url is left out; the one with an unreadable time is kept, undated, last.
    expect(items.map((i) => i.title)).toEqual([
      '欧易将上线 Virtuals Protocol (VIRTUAL) 现货交易',
      '欧易关于下线 MEMEFI、RSS3 和 SWEAT 现货交易对的公告',
      '关于 TON 网络升级期间暂停充提的公告',
      '欧易 Web3 钱包用户协议更新',
    ]);
    expect(items.map((i) => i.link)).toEqual([
      'https://www.okx.com/zh-hans/help/okx-to-list-virtuals-protocol-virtual-for-spot-trading',
      'https://www.okx.com/zh-hans/help/okx-to-delist-memefi-rss3-and-sweat-spot-trading-pairs',
      'https://www.okx.com/zh-hans/help/temporary-suspension-of-ton-deposits-and-withdrawals-during-the-network-upgrade',
      'https://www.okx.com/zh-hans/help/okx-web3-wallet-terms-update',
    ]);
    expect(items.every((i) => i.locale === 'zh' && i.key === i.link)).toBe(true);
    // "others" maps to nothing: the Chinese title says 暂停 (suspended).
    expect(items.map((i) => i.categories[0])).toEqual(['listing', 'delisting', 'maintenance', 'other']);
    expect(items[3]!.publishedAt).toBeNull();
  });

  it('decodes entities and strips tags; hostile rows and links are left out', async () => {
    const { items } = await read('html');
    expect(items.map((i) => [i.title, i.link])).toEqual([
      [
        'Trade & Earn: share 100,000 USDT in the OKX "Winter Rally"',
        'https://www.okx.com/help/trade-and-earn-share-100000-usdt-in-the-okx-winter-rally',
      ],
      // Script, tracking pixel and handler gone; the fragment is not part of the key.
      ['OKX to list Pengu (PENGU)', 'https://www.okx.com/help/okx-to-list-pengu-pengu'],
    ]);
    expect(JSON.stringify(items)).not.toMatch(/script|onerror|javascript:|tracker\.example|phishing/);
  });

  it('a changed envelope, a body that is not JSON and rows without the fields are source errors', async () => {
    await expect(read('malformed')).rejects.toThrow(SourceError);
    await expect(read('malformed')).rejects.toThrow(/unexpected payload: data/);
    await expect(read('missing-fields')).rejects.toThrow(/none of 2 rows readable/);
    const { http } = fakeHttp(okx, { [PATH]: '<html><body>Access denied</body></html>' });
    await expect(okx.read(http, 'en')).rejects.toThrow(/malformed JSON/);
  });

  it('reports an error inside a 200 answer, after retrying a rate limit', async () => {
    const { http, requests } = fakeHttp(okx, { [PATH]: recorded('okx', 'error') }, { retries: 1 });
    await expect(okx.read(http, 'en')).rejects.toThrow('okx-announcements: code 50011: Too Many Requests');
    expect(requests).toHaveLength(2);
    // Our share of OKX's 5 requests per 2 s is spent by then: the next read waits for the window.
    await expect(okx.read(http, 'en')).rejects.toThrow(/request budget spent \(2 of 2 per 2 s\)/);
    expect(requests).toHaveLength(2);
  });

  it('refuses a locale OKX does not publish', async () => {
    const { http, requests } = fakeHttp(okx, { [PATH]: recorded('okx', 'en') });
    await expect(okx.read(http, 'ko')).rejects.toThrow(SourceError);
    expect(requests).toHaveLength(0);
  });
});
