import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installCookieJar } from '../../tests/setup/cookieJar.ts';
import { ApiError, apiGet, apiPost, configureAuth } from './api.ts';

type Sent = { url: URL; method: string; headers: Headers; body: unknown };
let sent: Sent[] = [];
let answers: (() => Response)[] = [];
let uninstall = () => {};

const json = (status: number, body: unknown) => () =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  sent = [];
  answers = [];
  const jar = installCookieJar();
  uninstall = jar.uninstall;
  (globalThis.document as unknown as Record<string, unknown>).documentElement = {
    dataset: { locale: 'zh-hk', signSalt: 'coinlens' },
  };
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const request = new Request(
      new URL(String(input instanceof Request ? input.url : input), 'http://site.test'),
      init,
    );
    sent.push({
      url: new URL(request.url),
      method: request.method,
      headers: request.headers,
      body: init.body === undefined ? undefined : init.body instanceof FormData ? init.body : String(init.body),
    });
    const next = answers.shift();
    if (!next) throw new TypeError('Failed to fetch');
    return next();
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  uninstall();
  configureAuth({ unauthorized: () => {} });
});

describe('the browser API client', () => {
  it('signs every call with t and lan, names the page language, and resolves to data', async () => {
    answers.push(json(200, { code: 0, msg: 'ok', data: [1, 2] }));
    await expect(apiGet('/v1/coins', { page: 2, size: undefined })).resolves.toEqual([1, 2]);
    const [call] = sent;
    expect(call!.url.pathname).toBe('/api/v1/coins');
    expect(call!.url.searchParams.get('page')).toBe('2');
    expect(call!.url.searchParams.has('size')).toBe(false);
    expect(call!.url.searchParams.get('t')).toMatch(/^[0-9a-f]{16}$/);
    expect(call!.url.searchParams.get('lan')).toBe('zh');
    expect(call!.headers.get('x-locale')).toBe('zh-hk');
  });

  it('tries a GET once more after a gateway failure, and never sends a POST twice', async () => {
    answers.push(json(503, { code: 503, msg: 'busy', data: null }), json(200, { code: 0, msg: 'ok', data: 'again' }));
    await expect(apiGet('/v1/coins')).resolves.toBe('again');
    expect(sent).toHaveLength(2);
    sent = [];
    answers.push(json(503, { code: 503, msg: '繁忙', data: null }), json(200, { code: 0, msg: 'ok', data: 'twice' }));
    const failed = await apiPost('/new/v1/favorite/coin/saveMore', { ids: ['bitcoin'] }).catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(ApiError);
    expect(failed).toMatchObject({ code: 503, status: 503, message: '繁忙' });
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toBe('{"ids":["bitcoin"]}');
    expect(sent[0]!.headers.get('content-type')).toContain('application/json');
  });

  it("rejects with the server's message on a refusal, and reports a refused session once", async () => {
    const refused: string[] = [];
    configureAuth({ unauthorized: (csrf) => refused.push(csrf) });
    (globalThis.document as unknown as { cookie: string }).cookie = 'csrf=token1; path=/';
    answers.push(json(401, { code: 401, msg: '請先登入', data: null }));
    await expect(apiGet('/new/v1/getUser')).rejects.toMatchObject({ code: 401, message: '請先登入' });
    expect(sent[0]!.headers.get('x-csrf-token')).toBe('token1');
    expect(refused).toEqual(['token1']);
  });

  it('rejects with the network error itself when there is no answer', async () => {
    await expect(apiGet('/v1/coins')).rejects.toThrow(/Failed to fetch/);
    expect(sent).toHaveLength(2);
  });
});
