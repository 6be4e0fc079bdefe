import http from 'node:http';
import type { AddressInfo } from 'node:net';
import compression from 'compression';
import { afterEach, describe, expect, it } from 'vitest';
import { createPageCache, variantKey } from './page-cache.mjs';

type Req = { method?: string; url?: string; headers: Record<string, string> };
const req = (over: Partial<Req> = {}): Req => ({ method: 'GET', url: '/coin/list_1', headers: {}, ...over });

describe('variantKey', () => {
  it('varies by URL, the locale/currency/theme cookies, x-locale and phone vs desktop', () => {
    const base = variantKey(req());
    expect(variantKey(req({ url: '/coin/list_2' }))).not.toBe(base);
    expect(variantKey(req({ headers: { cookie: 'locale=zh' } }))).not.toBe(base);
    expect(variantKey(req({ headers: { cookie: 'currency=CNY' } }))).not.toBe(base);
    expect(variantKey(req({ headers: { cookie: 'theme=dark' } }))).not.toBe(base);
    expect(variantKey(req({ headers: { 'x-locale': 'ko' } }))).not.toBe(base);
    expect(variantKey(req({ headers: { 'user-agent': 'Mozilla/5.0 (iPhone)' } }))).not.toBe(base);
    // Cookies the pages do not render differently for share the entry.
    expect(variantKey(req({ headers: { cookie: '_ga=1; locale=' } }))).toBe(base);
  });

  it('never caches API calls, non-GETs or authorised requests', () => {
    expect(variantKey(req({ url: '/api/v1/coins' }))).toBeNull();
    expect(variantKey(req({ method: 'POST' }))).toBeNull();
    expect(variantKey(req({ headers: { authorization: 'Bearer x' } }))).toBeNull();
  });
});

describe('createPageCache', () => {
  let server: http.Server | undefined;
  afterEach(() => new Promise<void>((r) => (server ? server.close(() => r()) : r())));

  async function serve(ttl: number, respond: (res: http.ServerResponse, n: number) => void) {
    const cache = createPageCache(ttl);
    const compress = compression({ threshold: 0 });
    let renders = 0;
    server = http.createServer((rq, rs) => compress(rq as never, rs as never, () => cache.handle(rq, rs) || respond(rs, ++renders)));
    await new Promise<void>((r) => server!.listen(0, '127.0.0.1', () => r()));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return { url, renders: () => renders };
  }

  const html = (res: http.ServerResponse, n: number, extra: Record<string, string> = {}) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', ...extra });
    res.write(`<p>render `);
    res.end(`${n}</p>`);
  };

  it('renders once within the TTL and serves the same bytes, compressed or not', async () => {
    const s = await serve(60_000, (res, n) => html(res, n));
    const first = await fetch(`${s.url}/a`);
    const second = await fetch(`${s.url}/a`, { headers: { 'accept-encoding': 'gzip' } });
    expect(await first.text()).toBe('<p>render 1</p>');
    expect(second.headers.get('x-page-cache')).toBe('hit');
    expect(await second.text()).toBe('<p>render 1</p>');
    expect((await fetch(`${s.url}/b`).then((r) => r.text()))).toBe('<p>render 2</p>');
    expect(s.renders()).toBe(2);
  });

  it('stores nothing with TTL 0, Set-Cookie, no-store, errors or non-HTML', async () => {
    for (const [ttl, respond] of [
      [0, (res: http.ServerResponse, n: number) => html(res, n)],
      [60_000, (res: http.ServerResponse, n: number) => html(res, n, { 'set-cookie': 'a=1' })],
      [60_000, (res: http.ServerResponse, n: number) => html(res, n, { 'cache-control': 'no-store' })],
      [60_000, (res: http.ServerResponse, n: number) => res.writeHead(404, { 'content-type': 'text/html' }).end(`nf ${n}`)],
      [60_000, (res: http.ServerResponse, n: number) => res.writeHead(200, { 'content-type': 'application/json' }).end(`${n}`)],
    ] as const) {
      const s = await serve(ttl, respond);
      await fetch(`${s.url}/x`).then((r) => r.text());
      await fetch(`${s.url}/x`).then((r) => r.text());
      expect(s.renders()).toBe(2);
      await new Promise<void>((r) => server!.close(() => r()));
      server = undefined;
    }
  });
});
