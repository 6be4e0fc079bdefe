import { describe, expect, it } from 'vitest';
import { parseCookies, renderInputs, splitLocalePrefix, variantKey } from './renderInputs.ts';

const inputs = (path: string, headers: Record<string, string> = {}, mobileOrigin?: string) => {
  const url = new URL(path, 'http://localhost');
  const get = (name: string) => headers[name] ?? null;
  const i = renderInputs(url, get, { mobileOrigin });
  return { i, key: variantKey('GET', url, i, get) };
};

describe('parseCookies', () => {
  it('reads cookies the way browsers send them, whatever the spacing', () => {
    expect(parseCookies('locale =zh; theme= dark ;currency=cny')).toEqual({
      locale: 'zh',
      theme: 'dark',
      currency: 'cny',
    });
    expect(parseCookies('a=1; a=2; b="q%20v"; broken; =x')).toEqual({ a: '1', b: 'q v' });
    expect(parseCookies('bad=%E0%A4%A')).toEqual({ bad: '%E0%A4%A' });
    expect(parseCookies(undefined)).toEqual({});
  });
});

describe('renderInputs and the page-cache key', () => {
  it('reads locale from the prefix, then the cookie, then x-locale', () => {
    expect(inputs('/zh/news', { cookie: 'locale=ko' }).i.locale).toBe('zh');
    expect(inputs('/news', { cookie: 'locale=ko', 'x-locale': 'zh' }).i.locale).toBe('ko');
    expect(inputs('/news', { 'x-locale': 'zh-HK' }).i.locale).toBe('zh-hk');
    expect(inputs('/news').i.locale).toBe('en');
    expect(splitLocalePrefix('/zh-hk/coin/bitcoin')).toEqual({ locale: 'zh-hk', rest: '/coin/bitcoin' });
  });

  it('gives two requests the same key only when they render the same', () => {
    const plain = inputs('/coin/list_1').key;
    // A cookie spelled with spaces is the same cookie: it must not land under the plain key.
    expect(inputs('/coin/list_1', { cookie: 'locale =zh' }).key).not.toBe(plain);
    expect(inputs('/coin/list_1', { cookie: 'locale =zh' }).key).toBe(
      inputs('/coin/list_1', { cookie: 'locale=zh' }).key,
    );
    expect(inputs('/coin/list_1', { cookie: 'theme =dark' }).key).not.toBe(plain);
    expect(inputs('/coin/list_1', { cookie: 'currency= cny' }).key).not.toBe(plain);
    // Each rise/fall scheme is its own render, in every language (the chosen one may be the default).
    const schemes = ['red-up', 'green-up', 'blue-orange'].map(
      (s) => inputs('/coin/list_1', { cookie: `colours= ${s}` }).key,
    );
    expect(new Set([plain, ...schemes]).size).toBe(4);
    expect(inputs('/zh/coin/list_1', { cookie: 'colours=red-up' }).key).not.toBe(inputs('/zh/coin/list_1').key);
    expect(inputs('/coin/list_1', { cookie: 'colours=Green-Up' }).i.colours).toBe('green-up');
    expect(inputs('/coin/list_1', { 'x-locale': 'ko' }).key).not.toBe(plain);
    expect(inputs('/coin/list_1', { 'x-forwarded-proto': 'https' }).key).not.toBe(plain);
    expect(inputs('/coin/list_1?sort=price').key).not.toBe(plain);
    // What the render ignores shares the entry: other cookies, an invalid setting.
    expect(inputs('/coin/list_1', { cookie: '_ga=1; locale=xx; currency=FOO; colours=purple' }).key).toBe(plain);
    // A signed-in reader's session cookies shape no page: one public entry for everyone, never one per session.
    expect(inputs('/coin/list_1', { cookie: 'jwt=a.b.c; csrf=x; device=1.y.z' }).key).toBe(plain);
    expect(inputs('/coin/list_1', { cookie: 'jwt=a.b.c; csrf=x' }).i.personal).toBe(false);
    // The prefix decides the language, so the locale cookie does not split prefixed pages.
    expect(inputs('/zh/news', { cookie: 'locale=en' }).key).toBe(inputs('/zh/news').key);
  });

  it('keeps API calls, credentials and phones sent to the mobile site out of the cache', () => {
    expect(inputs('/api/v1/coins').key).toBeNull();
    expect(inputs('/news', { authorization: 'Bearer x' }).key).toBeNull();
    const phone = { 'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile' };
    expect(inputs('/news', phone, 'https://m.example.com').key).toBeNull();
    expect(inputs('/news', phone).key).not.toBeNull();
    const url = new URL('http://localhost/news');
    expect(variantKey('POST', url, inputs('/news').i, () => null)).toBeNull();
  });

  it('says what the page varies on, and when it is personal', () => {
    expect(inputs('/news').i).toMatchObject({ vary: ['Cookie', 'X-Locale'], personal: false });
    expect(inputs('/zh/news').i).toMatchObject({ vary: ['Cookie'], personal: false });
    expect(inputs('/news', { cookie: 'theme=dark' }).i.personal).toBe(true);
    expect(inputs('/zh/news', { cookie: 'colours=green-up' }).i.personal).toBe(true);
    expect(inputs('/zh/news', { cookie: 'colours=purple' }).i.personal).toBe(false);
    expect(inputs('/zh/news', { cookie: 'locale=ko' }).i.personal).toBe(false);
    expect(inputs('/news', {}, 'https://m.example.com').i.vary).toEqual(['Cookie', 'X-Locale', 'User-Agent']);
  });

  // A list's remembered size (src/lib/pageSizes.ts) shapes only that list's pages, and only when
  // the URL names no size: other pages stay shared by everyone.
  it('keys a list page on the size remembered for it, unless the URL names one', () => {
    const cookie = 'sizes=coins:20|news:50';
    const list = inputs('/zh/coin/list_2', { cookie });
    expect(list.i).toMatchObject({ list: 'coins', pageSize: 20, personal: true });
    expect(list.key).not.toBe(inputs('/zh/coin/list_2').key);
    expect(inputs('/news', { cookie }).i.pageSize).toBe(50);
    // The URL wins: the cookie changes nothing.
    expect(inputs('/coin/list_1?size=30', { cookie })).toEqual(inputs('/coin/list_1?size=30'));
    // An invalid size in the URL falls back to the remembered one, as the page does.
    expect(inputs('/coin/list_1?size=7', { cookie }).i.pageSize).toBe(20);
    // Other pages, other lists, the list's own default: the shared render.
    expect(inputs('/coin/bitcoin', { cookie })).toEqual(inputs('/coin/bitcoin'));
    expect(inputs('/exchange/list_1', { cookie })).toEqual(inputs('/exchange/list_1'));
    expect(inputs('/coin/list_1', { cookie: 'sizes=coins:100' })).toEqual(inputs('/coin/list_1'));
    expect(inputs('/coin/list_1', { cookie: 'sizes=coins:7' })).toEqual(inputs('/coin/list_1'));
  });
});
