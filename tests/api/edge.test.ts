/**
 * The edge rule under /api (src/server/http/edge.ts, applied by the app's edgeGuard): input that
 * PostgreSQL would refuse (NUL bytes, invalid UTF-8), broken paths and foreign methods are 4xx in
 * the envelope with a non-zero code and a message in the request's language, never a 5xx.
 */
import { describe, expect, it } from 'vitest';
import { asc } from 'drizzle-orm';
import { signature } from '../../src/lib/signature.ts';
import { coins } from '../../src/server/db/schema/index.ts';
import { apiHarness } from './helpers.ts';
import { signedInUser } from './users.ts';

const harness = apiHarness();
const { call, db } = harness;

/**
 * Signed here, not by the harness: its URLSearchParams would re-encode the query and turn the
 * bytes under test (%ff) into something valid.
 */
async function get(path: string, opts: { headers?: Record<string, string> } = {}) {
  return harness.get(`${path}${path.includes('?') ? '&' : '?'}t=${await signature(Date.now(), 'coinlens')}`, opts);
}

const EN = {
  badRequest: 'The request is invalid.',
  routeNotFound: 'There is no API endpoint at this path.',
  methodNotAllowed: 'This method is not allowed here.',
};
/** Han characters: the zh/zh-hk messages are Chinese. */
const CHINESE = /[\u4e00-\u9fff]/;
const HANGUL = /[\uac00-\ud7af]/;

const BAD_TEXT = ['a%00b', '%ff', '%0D%0A', 'a%1Bb', '%E4%B8'];

describe('the edge rule under /api', () => {
  it('answers a NUL byte or invalid UTF-8 in a text parameter with 400, not a PostgreSQL 500', async () => {
    for (const value of BAD_TEXT) {
      for (const path of [
        `/api/v1/wiki?q=${value}`,
        `/api/v1/offerings?platform=${value}`,
        `/api/new/v2/content/news?coin=${value}`,
        `/api/v1/quick_search/coin?keyword=${value}`,
        `/api/v1/coins?q=${value}`,
      ]) {
        const res = await get(path);
        expect(res.status, path).toBe(400);
        expect(res.body, path).toMatchObject({ code: 400, data: null, msg: EN.badRequest });
        expect(res.headers.get('cache-control')).toBe('no-store');
      }
    }
  });

  it('answers a broken id or slug in a path with 404 for every kind of detail', async () => {
    const ids = ['a%00b', '%ff', '%0D%0A', '%3C%2F', 'a%2Fb', 'x'.repeat(201)];
    const families = [
      '/api/v1/coins/',
      '/api/v1/exchanges/',
      '/api/v1/offerings/',
      '/api/v1/lives/',
      '/api/v1/calendar/',
      '/api/v1/concepts/',
      '/api/v1/topics/',
      '/api/v1/questions/',
      '/api/v1/dynamics/',
      '/api/v1/social/',
      '/api/announcements/',
      '/api/v1/wiki/baike/',
      '/api/v1/coins/{id}/tickers',
    ];
    for (const family of families) {
      for (const id of ids) {
        const path = family.includes('{id}') ? family.replace('{id}', id) : family + id;
        const res = await get(path);
        expect(res.status, path).toBe(404);
        expect(res.body.code, path).toBe(404);
        expect(res.body.msg, path).toBe(EN.routeNotFound);
      }
    }
    // An empty segment inside the path is no route either.
    expect((await get('/api/v1//coins')).status).toBe(404);
  });

  it('answers in the language of lan, the locale cookie or X-Locale', async () => {
    const zh = await get('/api/v1/wiki?q=a%00b&lan=zh');
    expect(zh.status).toBe(400);
    expect(zh.body.msg).toMatch(CHINESE);
    const hk = await get('/api/v1/coins/a%00b', { headers: { cookie: 'locale=zh-hk' } });
    expect(hk.status).toBe(404);
    expect(hk.body.msg).toMatch(CHINESE);
    const ko = await get('/api/v1/offerings?platform=%ff', { headers: { 'x-locale': 'ko' } });
    expect(ko.body.msg).toMatch(HANGUL);
    expect(ko.body.code).toBe(400);
  });

  it('refuses methods the API does not take with 405 and Allow', async () => {
    for (const method of ['PUT', 'DELETE', 'PATCH', 'OPTIONS', 'PROPFIND']) {
      const res = await call(method, '/api/health?lan=zh');
      expect(res.status, method).toBe(405);
      expect(res.headers.get('allow')).toBe('GET, HEAD, POST');
      expect(res.body.code).toBe(405);
      expect(res.body.msg).toMatch(CHINESE);
    }
  });

  it('refuses kline times outside 1970 to 9999 instead of failing in PostgreSQL', async () => {
    for (const q of [
      'to=999999999999999',
      'from=1969-12-31T00:00:00Z',
      'to=+275760-09-13T00:00:00Z',
      'from=10000-01-01',
    ]) {
      const res = await get(`/api/v1/klines?coin=bitcoin&interval=1d&${q}`);
      expect(res.status, q).toBe(400);
      expect(res.body.code).toBe(400);
    }
    const ok = await get('/api/v1/klines?coin=bitcoin&interval=1d&from=2020-01-01&to=9999-12-31T00:00:00Z');
    expect(ok.status).toBe(200);
  });

  it('answers a NUL byte in JSON body text with 4xx, also where a route turns its own failures into 500s', async () => {
    const u = await signedInUser(db());
    const coin = (await db().select({ id: coins.id }).from(coins).orderBy(asc(coins.rank)).limit(1))[0]!.id;
    const ratings = { team: 4, business: 3, product: 5, community: 4, technology: 5 };
    const review = await call('POST', '/api/new/v1/comment/save?lan=zh', {
      json: {
        targetType: 'coin',
        targetId: coin,
        content: 'A solid project\u0000 with a real team.',
        anonymous: false,
        ratings,
        overall: 4,
      },
      token: u.token,
    });
    expect(review.status).toBeGreaterThanOrEqual(400);
    expect(review.status).toBeLessThan(500);
    expect(review.body.code).not.toBe(0);
    expect(review.body.msg).toMatch(CHINESE);
    const view = await call('POST', '/api/new/v1/pv?lan=zh', {
      json: { path: '/news/1\u0000' },
      headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/120.0 Safari/537.36' },
    });
    expect(view.status).toBeLessThan(500);
  });
});
