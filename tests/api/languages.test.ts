/**
 * Server messages in the reader's language (issue 22 §4). SPEC §7 has the browser send zh-hk as
 * lan=zh, so a Traditional Chinese page would get Simplified messages ("账号或密码错误。"):
 * lan=zh is told apart by the page's own X-Locale, the language prefix of the page it came from
 * (Referer), or the locale cookie. Any other lan is taken as it is.
 */
import { describe, expect, it } from 'vitest';
import { translator } from '../../src/server/i18n/index.ts';
import { apiHarness } from './helpers.ts';

const { get, call } = apiHarness();
const hk = translator('zh-hk');
const zh = translator('zh');
const en = translator('en');

/** A GET without the day signature: refused with api.badSignature, in the request's language. */
const unsigned = (query: string, headers: Record<string, string>) =>
  get(`/api/v1/coins?${query}`, { signed: false, headers });

describe('lan=zh from a Traditional Chinese page', () => {
  it('answers in Traditional Chinese when X-Locale, the Referer prefix or the locale cookie says zh-hk', async () => {
    for (const headers of [
      { 'x-locale': 'zh-hk' },
      { referer: 'http://test.local/zh-hk/coin/bitcoin' },
      { cookie: 'theme=dark; locale=zh-hk' },
    ] as Record<string, string>[]) {
      const res = await unsigned('lan=zh', headers);
      expect([res.status, res.body.msg], JSON.stringify(headers)).toEqual([400, hk('api.badSignature')]);
    }
    expect(hk('api.badSignature')).not.toBe(zh('api.badSignature'));
  });

  it('answers a wrong password in Traditional Chinese, as the /zh-hk login dialog shows it', async () => {
    const res = await call('POST', '/api/new/v1/login?lan=zh', {
      json: { account: 'nobody-here', password: 'wrong-password' },
      headers: { 'x-locale': 'zh-hk' },
    });
    expect(res.body.msg).toBe(hk('auth.loginFailed'));
    expect(res.body.msg).toBe('賬號或密碼錯誤。');
  });

  it('stays Simplified for a zh page, and lan other than zh is taken as it is', async () => {
    expect((await unsigned('lan=zh', {})).body.msg).toBe(zh('api.badSignature'));
    // The page's own header outranks a cookie left by another visit.
    expect((await unsigned('lan=zh', { 'x-locale': 'zh', cookie: 'locale=zh-hk' })).body.msg).toBe(
      zh('api.badSignature'),
    );
    expect((await unsigned('lan=zh', { referer: 'http://test.local/zh/news', cookie: 'locale=zh-hk' })).body.msg).toBe(
      zh('api.badSignature'),
    );
    expect((await unsigned('lan=zh', { cookie: 'locale=en' })).body.msg).toBe(zh('api.badSignature'));
    expect((await unsigned('lan=en', { 'x-locale': 'zh-hk', cookie: 'locale=zh-hk' })).body.msg).toBe(
      en('api.badSignature'),
    );
    expect((await unsigned('lan=zh', { 'x-locale': 'ko' })).body.msg).toBe(zh('api.badSignature'));
  });

  it('the edge rule answers in the same language', async () => {
    const res = await get('/api/v1/coins/a%00b?lan=zh', { headers: { referer: 'http://test.local/zh-hk/coin/a' } });
    expect([res.status, res.body.msg]).toEqual([404, hk('api.routeNotFound')]);
  });
});
