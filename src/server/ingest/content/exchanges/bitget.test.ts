import { describe, expect, it } from 'vitest';
import { SourceError } from '../../sources/http.ts';
import { bitget } from './bitget.ts';
import { fakeHttp, recorded } from './fakeFetch.ts';

const PATH = '/api/v2/public/annoucements';
const read = async (name: string, locale: 'en' | 'zh' = 'en') => {
  const { http, requests } = fakeHttp(bitget, { [PATH]: recorded('bitget', name) });
  return { items: await bitget.read(http, locale), requests };
};

describe('bitget announcements', () => {
  it('reads a normal answer: links, titles, dates, categories', async () => {
    const { items } = await read('en');
    expect(items).toHaveLength(6);
    expect(items[0]).toEqual({
      key: 'https://www.bitget.com/support/articles/12560603898211',
      link: 'https://www.bitget.com/support/articles/12560603898211',
      title: 'Bitget Will List Pudgy Penguins (PENGU) in the Innovation and Meme Zone',
      html: '',
      text: '',
      summary: null,
      publishedAt: new Date(1795521604000),
      locale: 'en',
      feedLocale: null,
      categories: ['listing'],
      exchange: 'bitget',
      kind: 'announcements',
      origin: 'bitget-announcements:en#1',
    });
    expect(items.map((i) => i.categories[0])).toEqual([
      'listing',
      'listing',
      'delisting',
      'maintenance',
      'activity', // latest_news: "Launchpool" in the title
      'other',
    ]);
    expect(items[4]!.text).toBe('Lock BGB and share 2,000,000 KAT.');
  });

  it('asks with the language parameter and Bitget’s largest page', async () => {
    const { requests } = await read('en');
    const url = requests[0]!.url;
    expect(url.origin + url.pathname).toBe(`https://api.bitget.com${PATH}`);
    expect(Object.fromEntries(url.searchParams)).toEqual({ language: 'en_US', limit: '10' });
    expect((await read('zh', 'zh')).requests[0]!.url.searchParams.get('language')).toBe('zh_CN');
  });

  it('reads Chinese titles; links get a language path; an English fallback row is left out', async () => {
    const { items } = await read('zh', 'zh');
    expect(items.map((i) => [i.title, i.link, i.categories[0]])).toEqual([
      [
        'Bitget 将在创新区和 Meme 区上线 Pudgy Penguins（PENGU）',
        'https://www.bitget.com/zh-CN/support/articles/12560603898211',
        'listing',
      ],
      [
        'Bitget 关于下架 SWEAT/USDT、MEMEFI/USDT 的公告',
        'https://www.bitget.com/zh-CN/support/articles/12560603898154',
        'delisting',
      ],
      [
        'Bitget Launchpool：锁仓 BGB 瓜分 2,000,000 KAT 奖池',
        'https://www.bitget.com/zh_CN/support/articles/12560603898098',
        'activity',
      ],
    ]);
    expect(items.every((i) => i.locale === 'zh')).toBe(true);
  });

  it('decodes titles twice escaped; hostile HTML and foreign links are gone', async () => {
    const { items } = await read('html');
    expect(items).toHaveLength(1);
    expect(items[0]!.title).toBe('Bitget & Pudgy Penguins: Share 1,000,000 PENGU 🐧');
    expect(items[0]!.html).toBe('<p>Deposit &amp; trade PENGU.</p>Claim');
    expect(items[0]!.text).toBe('Deposit & trade PENGU.\n\nClaim');
    expect(JSON.stringify(items)).not.toMatch(/ads\.example|evil|javascript|object|style/);
  });

  it('a changed envelope and a body that is not JSON are source errors; so is an error answer', async () => {
    await expect(read('malformed')).rejects.toThrow(SourceError);
    await expect(read('malformed')).rejects.toThrow(/unexpected payload: data/);
    const text = fakeHttp(bitget, { [PATH]: 'Service Unavailable' });
    await expect(bitget.read(text.http, 'en')).rejects.toThrow(/malformed JSON/);
    const error = fakeHttp(bitget, { [PATH]: recorded('bitget', 'error') });
    await expect(bitget.read(error.http, 'en')).rejects.toThrow(
      'bitget-announcements: code 40034: Parameter language is invalid',
    );
  });

  it('retries a 429 and reads the answer that follows', async () => {
    let calls = 0;
    const { http, requests } = fakeHttp(bitget, {
      [PATH]: () =>
        calls++ ? recorded('bitget', 'en') : { status: 429, body: '{"code":"429","msg":"Too Many Requests"}' },
    });
    expect(await bitget.read(http, 'en')).toHaveLength(6);
    expect(requests).toHaveLength(2);
  });
});
