import { describe, expect, it } from 'vitest';
import {
  apiLocale,
  checkRequest,
  isCleanJson,
  isCleanPath,
  isCleanQuery,
  isInputError,
  MAX_DEPTH,
  MAX_SEGMENT,
  splitTarget,
} from './edge.ts';

describe('the edge rule', () => {
  it('refuses paths that cannot name anything: NUL and other controls, bad UTF-8, encoded slashes, empty segments, overlong ids', () => {
    for (const bad of [
      '/coin/a%00b',
      '/coin/%0D%0A',
      '/coin/a%09b',
      '/coin/%7F',
      '/coin/%ff',
      '/coin/%E4%B8',
      '/coin/%ED%A0%80',
      '/coin/%3C%2F',
      '/zh//a%2Fb',
      '//evil.com',
      `/coin/${'a'.repeat(MAX_SEGMENT + 1)}`,
      `/${'a/'.repeat(600)}`,
      'coin',
    ]) {
      expect(isCleanPath(bad), bad).toBe(false);
      expect(checkRequest('GET', bad, ''), bad).toEqual({ status: 404, reason: 'path' });
    }
    for (const good of [
      '/',
      '/coin/bitcoin',
      '/zh/news/',
      '/baike/%E6%AF%94%E7%89%B9%E5%B8%81',
      '/search',
      `/coin/${'a'.repeat(MAX_SEGMENT)}`,
      '/coin/%3C',
    ]) {
      expect(isCleanPath(good), good).toBe(true);
    }
  });

  it('refuses queries with controls (tab aside) or bad UTF-8 in a name or value', () => {
    for (const bad of ['?q=a%00b', '?coin=%0A', '?platform=%ff', '?a%00=1', '?q=%E4', `?q=${'x'.repeat(20_000)}`]) {
      expect(isCleanQuery(bad), bad).toBe(false);
      expect(checkRequest('GET', '/baike', bad), bad).toEqual({ status: 400, reason: 'query' });
    }
    for (const good of ['', '?', '?q=a%09b', '?q=%E6%AF%94+%E7%89%B9', '?flag', '?q=<script>', '?q=a=b&&c=']) {
      expect(isCleanQuery(good), good).toBe(true);
    }
  });

  it('takes GET and HEAD for pages and also POST under /api; anything else is 405 with Allow', () => {
    expect(checkRequest('GET', '/news', '')).toBeNull();
    expect(checkRequest('HEAD', '/news', '')).toBeNull();
    expect(checkRequest('POST', '/api/v1/account/login', '')).toBeNull();
    expect(checkRequest('TRACE', '/news', '')).toEqual({ status: 405, reason: 'method', allow: 'GET, HEAD' });
    expect(checkRequest('POST', '/news', '')).toEqual({ status: 405, reason: 'method', allow: 'GET, HEAD' });
    expect(checkRequest('DELETE', '/api/health', '')).toEqual({
      status: 405,
      reason: 'method',
      allow: 'GET, HEAD, POST',
    });
    // The method is judged first: a TRACE of a broken path is still a 405.
    expect(checkRequest('TRACE', '/coin/%ff', '')?.status).toBe(405);
  });

  it('answers the API in the language of lan, the cookie or X-Locale, reading lan even from a broken query', () => {
    const none = () => null;
    expect(apiLocale('?q=%ff&lan=zh', none)).toBe('zh');
    expect(apiLocale('?lan=zh-hk', none)).toBe('zh-hk');
    expect(apiLocale('', (n) => (n === 'cookie' ? 'theme=dark; locale=ko' : null))).toBe('ko');
    expect(apiLocale('', (n) => (n === 'x-locale' ? 'zh' : null))).toBe('zh');
    expect(apiLocale('?lan=xx', none)).toBe('en');
  });

  it('splits a request target without normalising it', () => {
    expect(splitTarget('/a%2Fb?q=%00')).toEqual({ pathname: '/a%2Fb', search: '?q=%00' });
    expect(splitTarget('/a')).toEqual({ pathname: '/a', search: '' });
  });

  it("recognises PostgreSQL's refusals of input values, also wrapped (as Drizzle wraps them)", () => {
    for (const code of ['22021', '22003', '22008', '22P02', '22007', '22001', '22P05']) {
      expect(isInputError(Object.assign(new Error('x'), { code })), code).toBe(true);
      expect(isInputError(new Error('Failed query', { cause: Object.assign(new Error('x'), { code }) })), code).toBe(
        true,
      );
    }
    for (const other of [
      new Error('x'),
      Object.assign(new Error('x'), { code: '23505' }),
      Object.assign(new Error('x'), { code: '22012' }),
      null,
      'text',
    ]) {
      expect(isInputError(other)).toBe(false);
    }
  });

  it('takes JSON body text with lines and tabs, not with other controls, lone surrogates or absurd nesting', () => {
    expect(
      isCleanJson({ content: 'two\r\nlines\tand a tab', n: 1, ok: true, none: null, list: ['比特币', '😀'] }),
    ).toBe(true);
    expect(isCleanJson({ content: 'a\u0000b' })).toBe(false);
    expect(isCleanJson({ nested: { deeper: ['\u001b[31m'] } })).toBe(false);
    expect(isCleanJson({ 'key\u0000': 1 })).toBe(false);
    expect(isCleanJson(['\ud800'])).toBe(false);
    let deep: unknown = 'x';
    for (let i = 0; i < MAX_DEPTH + 1; i++) deep = [deep];
    expect(isCleanJson(deep)).toBe(false);
  });
});
