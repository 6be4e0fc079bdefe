/**
 * What the API tells caches. Answers speak the request's language; only `lan` puts it in the
 * URL, so an answer whose language came from the locale cookie or x-locale must never be stored
 * by a shared cache under the bare URL, and an answer to a signed-in request stays private.
 */
import { describe, expect, it } from 'vitest';
import { apiHarness } from './helpers.ts';
import { signedInUser } from './users.ts';

const { get, db } = apiHarness();
const PATH = '/api/new/v2/content/page?page=1&size=10';

describe('API cache headers', () => {
  it('lets shared caches keep an answer whose language is in the URL', async () => {
    const res = await get(`${PATH}&lan=zh`, { headers: { cookie: 'locale=ko' } });
    expect(res.body.msg).toBe('success');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toMatch(/^public, max-age=\d+/);
    expect(res.headers.get('vary')).toBeNull();
  });

  it('keys a default-language answer on the headers that could change it', async () => {
    const res = await get(PATH);
    expect(res.headers.get('cache-control')).toMatch(/^public, max-age=\d+/);
    expect(res.headers.get('vary')).toMatch(/^Cookie, X-Locale$/);
  });

  it('keeps an answer whose language came from the reader’s cookie or header in their browser', async () => {
    for (const headers of [{ cookie: 'locale=zh' }, { 'x-locale': 'ko' }] as Record<string, string>[]) {
      const res = await get(PATH, { headers });
      expect(res.headers.get('cache-control')).toMatch(/^private, max-age=\d+/);
      expect(res.headers.get('vary')).toMatch(/^Cookie, X-Locale$/);
    }
  });

  it('never lets a shared cache keep an answer to a signed-in request', async () => {
    const { token } = await signedInUser(db());
    const res = await get(`${PATH}&lan=en`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.headers.get('cache-control')).toMatch(/^private/);
  });
});
