import { describe, expect, it } from 'vitest';
import { shedAnswer } from './shed.ts';

describe('shedAnswer', () => {
  it('under /api: the envelope in the language of lan, then the locale cookie, then x-locale', () => {
    const msg = (url: string, headers: Record<string, string> = {}) =>
      JSON.parse(shedAnswer({ url, headers }, { status: 429, retryAfter: 7 }).body).msg as string;
    expect(msg('/api/v1/search?q=x')).toBe('Too many requests from your address. Please wait 7 s, then try again.');
    expect(msg('/api/v1/search?q=x&lan=zh-hk')).toContain('7 秒後');
    expect(msg('/api/v1/search?q=x', { cookie: 'theme=dark; locale=ko' })).toContain('7초');
    expect(msg('/api/v1/search?q=x', { 'x-locale': 'zh' })).toContain('7 秒后');
    const busy = shedAnswer(
      { url: '/api/v1/klines?coin=bitcoin&range=ALL', headers: {} },
      { status: 503, retryAfter: 2.2 },
    );
    expect(busy.status).toBe(503);
    expect(busy.headers['retry-after']).toBe('3');
    expect(JSON.parse(busy.body)).toEqual({
      code: 5030,
      data: null,
      msg: 'The server is busy right now. Please wait 3 s, then try again.',
    });
  });

  it('elsewhere: a page in the prefix language (else cookie), linking home, with the security headers', () => {
    const page = shedAnswer(
      { url: '/zh-hk/search?q=%3Cscript%3E', headers: { cookie: 'locale=ko' } },
      { status: 503, retryAfter: 2 },
    );
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.body).toContain('<html lang="zh-HK">');
    expect(page.body).toContain('href="/zh-hk/"');
    expect(page.body).not.toContain('<script');
    const unprefixed = shedAnswer(
      { url: '/search?q=x', headers: { cookie: 'locale=ko' } },
      { status: 429, retryAfter: 1 },
    );
    expect(unprefixed.body).toContain('<html lang="ko">');
    expect(unprefixed.body).toContain('href="/"');
  });
});
