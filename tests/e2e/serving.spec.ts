/**
 * How the built server answers, at the HTTP level: the page micro-cache never serves a render
 * to a request with other inputs, compressed hits are the same page, shared caches are told what
 * a page varies on, coin icons become static files, and every answer carries the security headers.
 */
import net from 'node:net';
import { expect, test } from '@playwright/test';
import { raw as rawRequest, type Raw } from './http.ts';

/** A raw request (no automatic decompression), decoded here. */
const raw = (baseURL: string, path: string, headers: Record<string, string> = {}) =>
  rawRequest(baseURL, path, { headers });

const lang = (html: string) => /<html lang="([^"]+)"/.exec(html)?.[1];
/** A URL nobody else asked for, so the test starts with an empty cache entry. */
const fresh = (path: string) =>
  `${path}${path.includes('?') ? '&' : '?'}t=${Date.now()}-${Math.random().toString(36).slice(2)}`;

test.describe('the page micro-cache', () => {
  test('a cookie spelled with spaces cannot plant its page under the plain key', async ({ baseURL }) => {
    const url = fresh('/coin/list_1');
    const zh = await raw(baseURL!, url, { cookie: 'locale =zh' });
    expect(lang(zh.text)).toBe('zh-CN');
    const plain = await raw(baseURL!, url);
    expect(lang(plain.text)).toBe('en');
    for (const cookie of ['theme =dark', 'currency= CNY', 'colours= green-up']) {
      const other = await raw(baseURL!, url, { cookie });
      expect(other.text).not.toBe(plain.text);
    }
    expect((await raw(baseURL!, url)).text).toBe(plain.text);
  });

  test('renders once for a burst of requests and serves every encoding of that one render', async ({ baseURL }) => {
    const url = fresh('/coin/bitcoin');
    const burst = await Promise.all(
      ['br', 'gzip', '', 'br', 'gzip, br', ''].map((ae) => raw(baseURL!, url, ae ? { 'accept-encoding': ae } : {})),
    );
    expect(burst.map((r) => r.headers['x-page-cache']).filter((s) => s === 'miss')).toHaveLength(1);
    expect(new Set(burst.map((r) => r.text)).size).toBe(1);
    expect(burst.map((r) => r.headers['content-encoding'] ?? 'identity')).toEqual([
      'br',
      'gzip',
      'identity',
      'br',
      'br',
      'identity',
    ]);
    for (const r of burst) expect(Number(r.headers['content-length'])).toBe(r.body.length);
    expect(burst[0]!.body.length).toBeLessThan(burst[2]!.body.length / 3);
  });

  test('tells shared caches what a page varies on, and keeps settings-made pages private', async ({ baseURL }) => {
    // The test server sets MOBILE_ORIGIN, so pages with a mobile counterpart vary on User-Agent too.
    const plain = await raw(baseURL!, fresh('/coin/list_1'));
    expect(plain.headers.vary).toBe('Cookie, X-Locale, User-Agent, Accept-Encoding');
    expect(plain.headers['cache-control']).toMatch(/^public, s-maxage=\d+/);
    const prefixed = await raw(baseURL!, fresh('/zh/coin/list_1'));
    expect(prefixed.headers.vary).toBe('Cookie, User-Agent, Accept-Encoding');
    expect((await raw(baseURL!, fresh('/zh/pairs'))).headers.vary).toBe('Cookie, Accept-Encoding');
    const dark = await raw(baseURL!, fresh('/coin/list_1'), { cookie: 'theme=dark' });
    expect(dark.headers['cache-control']).toMatch(/^private/);
    const coloured = await raw(baseURL!, fresh('/zh/coin/list_1'), { cookie: 'colours=blue-orange' });
    expect(coloured.headers['cache-control']).toMatch(/^private/);
    expect(coloured.headers.vary).toBe('Cookie, User-Agent, Accept-Encoding');
    expect(dark.headers['cache-control']).not.toContain('s-maxage');
    // The server's own note to its cache never leaves it.
    expect(dark.headers['x-coinlens-private']).toBeUndefined();
  });
  test('serves every render only to requests with its inputs, whatever was cached first', async ({ baseURL }) => {
    const url = fresh('/coin/list_1');
    const shape = (r: Raw) => ({
      lang: lang(r.text),
      theme: /data-theme="([^"]+)"/.exec(r.text)?.[1],
      currency: /data-currency="([^"]+)"/.exec(r.text)?.[1],
      rise: /--color-rise: var\(--(\w+)\)/.exec(r.text)?.[1],
      hsts: r.headers['strict-transport-security'] !== undefined,
    });
    const plain = { lang: 'en', theme: 'light', currency: 'USD', rise: 'green', hsts: false };
    expect(shape(await raw(baseURL!, url))).toEqual(plain);
    const variants: [string, Record<string, string>, typeof plain][] = [
      [url, { cookie: 'locale=zh' }, { ...plain, lang: 'zh-CN', rise: 'red' }],
      [url, { 'x-locale': 'ko' }, { ...plain, lang: 'ko', rise: 'red' }],
      [`/zh-hk${url}`, {}, { ...plain, lang: 'zh-HK', rise: 'red' }],
      [url, { cookie: 'currency=CNY' }, { ...plain, currency: 'CNY' }],
      [url, { cookie: 'theme=dark' }, { ...plain, theme: 'dark' }],
      [url, { cookie: 'colours=red-up' }, { ...plain, rise: 'red' }],
      [url, { cookie: 'colours=blue-orange' }, { ...plain, rise: 'blue' }],
      // The choice beats the language: green rises on a Chinese page.
      [`/zh${url}`, { cookie: 'colours=green-up' }, { ...plain, lang: 'zh-CN', rise: 'green' }],
      // No proxy is trusted here (TRUST_PROXY unset): a client's forwarded protocol changes nothing.
      [url, { 'x-forwarded-proto': 'https' }, plain],
    ];
    for (const [path, headers, want] of variants) {
      expect(shape(await raw(baseURL!, path, headers)), JSON.stringify(headers) + path).toEqual(want);
      // …and what it rendered never comes back for the plain request.
      expect(shape(await raw(baseURL!, url))).toEqual(plain);
    }
    // Pages are the same for signed-in readers; a request with credentials is never served from or kept in the cache.
    const signed = await raw(baseURL!, url, { authorization: 'Bearer x' });
    expect(signed.headers['x-page-cache']).toBeUndefined();
  });
});

test('coin icons become static files with long caching after the first request', async ({ baseURL }) => {
  const first = await raw(baseURL!, '/icons/coins/ethereum.svg');
  expect(first.status).toBe(200);
  expect(first.text).toContain('<svg');
  const second = await raw(baseURL!, '/icons/coins/ethereum.svg');
  expect(second.text).toBe(first.text);
  expect(second.headers.etag).toBeTruthy();
  expect(second.headers['cache-control']).toContain('max-age=604800');
  expect(
    (await raw(baseURL!, '/icons/coins/ethereum.svg', { 'if-none-match': String(second.headers.etag) })).status,
  ).toBe(304);
  const unknown = await raw(baseURL!, '/icons/coins/no-such-coin-zz.svg');
  expect(unknown.status).toBe(404);
});

test('every answer carries the security headers: redirects, refusals, errors, static files and their 304s', async ({
  baseURL,
}) => {
  const home = await raw(baseURL!, '/');
  const asset = /\/_astro\/[^"]+\.js/.exec(home.text)?.[0];
  expect(asset, 'a script of the build').toBeTruthy();
  const phone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';
  const cases: [target: string, status: number, options?: { method?: string; headers?: Record<string, string> }][] = [
    // Astro's own trailing-slash redirects (made before the middleware runs; the page fuzz found them bare).
    ['/coin//', 301],
    ['//', 301],
    ['/zh/news//', 301],
    ['/coin//', 308, { method: 'HEAD' }],
    ['/coin//', 308, { method: 'POST' }],
    // Page redirects, legacy links, the mobile site.
    ['/coin/', 301],
    ['/zhibo', 301],
    ['/coindetails/bitcoin', 301],
    ['/coin/bitcoin', 302, { headers: { 'user-agent': phone } }],
    // Refusals and error pages.
    ['/no/such/page', 404],
    ['/', 405, { method: 'PUT' }],
    ['/forbidden', 403],
    ['/coin/%ff', 404],
    ['/api/v1/no-such-route', 400],
    ['/api/v1/coins', 405, { method: 'DELETE' }],
    [`/avatars/${'b'.repeat(64)}.jpg`, 404],
    // Static files, their revalidations and a missing one.
    [asset!, 200],
    ['/favicon.svg', 200],
    ['/_astro/no-such-file.js', 404],
  ];
  const fileTag = (await raw(baseURL!, asset!)).headers.etag;
  const iconTag = (await raw(baseURL!, '/favicon.svg')).headers.etag;
  cases.push(
    [asset!, 304, { headers: { 'if-none-match': String(fileTag) } }],
    ['/favicon.svg', 304, { headers: { 'if-none-match': String(iconTag) } }],
  );
  const missing: string[] = [];
  for (const [target, status, options] of cases) {
    const res = await rawRequest(baseURL!, target, options);
    const what = `${options?.method ?? 'GET'} ${target} → ${res.status}`;
    expect(res.status, what).toBe(status);
    for (const name of [
      'content-security-policy',
      'x-content-type-options',
      'x-frame-options',
      'referrer-policy',
      'permissions-policy',
    ])
      if (!res.headers[name]) missing.push(`${what}: no ${name}`);
  }
  // What Node answers before any handler runs: a request it cannot parse, headers over its limit.
  const { port } = new URL(baseURL!);
  for (const [bytes, status] of [
    ['NONSENSE\r\n\r\n', 400],
    [`GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`, 431],
  ] as const) {
    const reply = await rawSocket(Number(port), bytes);
    expect(reply.slice(0, 12)).toBe(`HTTP/1.1 ${status}`);
    const head = reply.split('\r\n\r\n')[0]!.toLowerCase();
    for (const name of ['content-security-policy', 'x-content-type-options', 'x-frame-options'])
      if (!head.includes(`\r\n${name}:`)) missing.push(`Node's ${status}: no ${name}`);
  }
  expect(missing).toEqual([]);
});

/** Bytes sent as written on a new connection; resolves with everything the server sent until it closed. */
function rawSocket(port: number, bytes: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.end(bytes));
    let reply = '';
    socket.on('data', (d) => (reply += d.toString('latin1')));
    socket.on('close', () => resolve(reply));
    socket.on('error', reject);
  });
}
