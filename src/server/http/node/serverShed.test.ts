// The server entry with a stand-in for Astro's handler: load shedding, the page cache's key
// bound and the timeouts, as a client sees them over HTTP.
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { publishShedAnswer } from '../shed.ts';
import { compress } from './compress.mjs';
import { createPageCache } from './pageCache.mjs';
import { createSiteServer } from './server.mjs';
import { serverTimeouts } from './settings.mjs';

type Res = {
  writeHead: (s: number, h?: Record<string, string>) => void;
  end: (b?: string) => void;
  write: (b: string) => boolean;
};
type Handler = (req: http.IncomingMessage, res: Res) => unknown;

const servers: http.Server[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) {
    s.closeAllConnections();
    await new Promise((r) => s.close(r));
  }
});

beforeAll(() => publishShedAnswer());

const shed = { burst: 3, perSecond: 1 / 60, concurrency: 4, maxWaitMs: 2000 };

async function serve(handler: Handler, opts: Partial<Parameters<typeof createSiteServer>[0]> = {}) {
  const server = createSiteServer({ handler: handler as never, trustProxy: true, shed, ...opts });
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const get = async (path: string, ip = '198.51.100.1', headers: Record<string, string> = {}) => {
    const res = await fetch(base + path, { headers: { 'x-forwarded-for': ip, ...headers } });
    return { status: res.status, headers: res.headers, text: await res.text() };
  };
  return { server, base, get };
}

/** Answers JSON under /api (health included) and an HTML page elsewhere, counting renders. */
function app() {
  const renders: string[] = [];
  const handler: Handler = (req, res) => {
    renders.push(req.url!);
    if (req.url!.startsWith('/api/')) {
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
      res.end(JSON.stringify({ code: 0, data: req.url, msg: 'success' }));
    } else {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(`<p>${req.url}</p>`);
    }
  };
  return { renders, handler };
}

describe('per-client limits on expensive work', () => {
  it('answers 429 with Retry-After and the envelope after the burst, while another client is served', async () => {
    const { get } = await serve(app().handler);
    for (let i = 0; i < 3; i++) expect((await get(`/api/v1/search?q=a${i}`)).status).toBe(200);
    const refused = await get('/api/v1/search?q=a3&lan=zh');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(refused.headers.get('cache-control')).toBe('no-store');
    const body = JSON.parse(refused.text);
    expect(body.code).toBe(4290);
    expect(body.data).toBeNull();
    expect(body.msg).toMatch(/[\u4e00-\u9fff]/);
    // Another address has its own bucket; cheap work is not limited at all.
    expect((await get('/api/v1/search?q=b', '198.51.100.2')).status).toBe(200);
    expect((await get('/api/v1/coins')).status).toBe(200);
    expect((await get('/api/health')).status).toBe(200);
  });

  it('answers pages with a page in the visitor language', async () => {
    const { get } = await serve(app().handler);
    for (let i = 0; i < 3; i++) await get(`/ko/search?q=${i}`);
    const refused = await get('/ko/search?q=x');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('content-type')).toMatch(/text\/html/);
    expect(refused.headers.get('content-security-policy')).toBeTruthy();
    expect(refused.text).toContain('<html lang="ko">');
    expect(refused.text).toContain('href="/ko/"');
    expect(refused.text).toMatch(/[\uac00-\ud7a3]/);
  });

  it('does not limit answers from the page cache', async () => {
    const { renders, handler } = app();
    const pages = createPageCache({ ttlMs: 60_000, compress });
    const { get } = await serve(handler, { pages, keyOf: (req) => req.url ?? null });
    for (let i = 0; i < 20; i++) {
      const res = await get('/search?q=popular');
      expect(res.status).toBe(200);
    }
    expect(renders).toEqual(['/search?q=popular']);
    // The bucket was charged once: two more misses fit, the next does not.
    expect((await get('/search?q=1')).status).toBe(200);
    expect((await get('/search?q=2')).status).toBe(200);
    expect((await get('/search?q=3')).status).toBe(429);
    expect((await get('/search?q=popular')).status).toBe(200);
    pages.close();
  });

  it('does not cache a render for an absurdly long key', async () => {
    const { renders, handler } = app();
    const pages = createPageCache({ ttlMs: 60_000, compress });
    const { get } = await serve(handler, { pages, keyOf: (req) => req.url ?? null, shed: { ...shed, burst: 100 } });
    const long = `/news?x=${'y'.repeat(4000)}`;
    expect((await get(long)).status).toBe(200);
    expect((await get(long)).status).toBe(200);
    expect(renders).toHaveLength(2);
    expect(pages.stats().entries).toBe(0);
    pages.close();
  });
});

describe('bound on concurrent expensive work', () => {
  /** Expensive requests wait on a gate the test opens; everything else answers at once. */
  function gated() {
    const gates: (() => void)[] = [];
    const started: string[] = [];
    const handler: Handler = (req, res) => {
      const answer = () => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ code: 0, data: req.url }));
      };
      if (!req.url!.startsWith('/api/v1/search')) return answer();
      started.push(req.url!);
      return new Promise<void>((resolve) => gates.push(() => resolve(answer())));
    };
    return { handler, gates, started };
  }

  it('lets the next one wait for a slot while the health check answers at once', async () => {
    const { handler, gates, started } = gated();
    const { get } = await serve(handler, { shed: { burst: 100, perSecond: 1, concurrency: 2, maxWaitMs: 60_000 } });
    const first = [get('/api/v1/search?q=1', '10.1.0.1'), get('/api/v1/search?q=2', '10.1.0.2')];
    await expect.poll(() => started.length).toBe(2);
    let thirdDone = false;
    const third = get('/api/v1/search?q=3', '10.1.0.3').then((r) => ((thirdDone = true), r));
    // Both slots busy and one waiting: the probe and cheap pages still answer.
    for (let i = 0; i < 5; i++) expect((await get('/api/health')).status).toBe(200);
    expect((await get('/api/v1/coins')).status).toBe(200);
    expect(started).toHaveLength(2);
    expect(thirdDone).toBe(false);
    gates.shift()!();
    await expect.poll(() => started.length).toBe(3);
    for (const g of gates.splice(0)) g();
    expect((await Promise.all(first)).map((r) => r.status)).toEqual([200, 200]);
    expect((await third).status).toBe(200);
  });

  it('answers 503 with Retry-After when no slot frees up in time', async () => {
    const { handler, gates, started } = gated();
    const { get } = await serve(handler, { shed: { burst: 100, perSecond: 1, concurrency: 1, maxWaitMs: 50 } });
    const held = get('/api/v1/search?q=1', '10.2.0.1');
    await expect.poll(() => started.length).toBe(1);
    const refused = await get('/api/v1/search?q=2&lan=zh-hk', '10.2.0.2');
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('1');
    expect(JSON.parse(refused.text)).toMatchObject({ code: 5030, data: null });
    expect(JSON.parse(refused.text).msg).toMatch(/[\u4e00-\u9fff]/);
    expect((await get('/api/health')).status).toBe(200);
    expect(started).toHaveLength(1);
    gates.shift()!();
    expect((await held).status).toBe(200);
    // The slot is free again.
    const next = get('/api/v1/search?q=3', '10.2.0.3');
    await expect.poll(() => started.length).toBe(2);
    gates.shift()!();
    expect((await next).status).toBe(200);
  });
});

describe('work queue and departed clients', () => {
  it('does not start the work of a client that left while it waited', async () => {
    const gates: (() => void)[] = [];
    const started: string[] = [];
    const handler: Handler = (req, res) => {
      started.push(req.url!);
      return new Promise<void>((resolve) =>
        gates.push(() => {
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end('{"code":0}');
          resolve();
        }),
      );
    };
    const { server, base } = await serve(handler, {
      shed: { burst: 100, perSecond: 1, concurrency: 1, maxWaitMs: 60_000 },
    });
    const connections = () => new Promise<number>((r) => server.getConnections((_e, n) => r(n)));
    const held = fetch(`${base}/api/v1/search?q=held`);
    await expect.poll(() => started.length).toBe(1);
    const leaving = http.get(`${base}/api/v1/search?q=left`);
    leaving.on('error', () => {});
    await expect
      .poll(() => (server as unknown as { shedStats: () => { waiting: number } }).shedStats().waiting)
      .toBe(1);
    const before = await connections();
    leaving.destroy();
    await expect.poll(connections).toBe(before - 1);
    gates.shift()!();
    expect((await held).status).toBe(200);
    const next = fetch(`${base}/api/v1/search?q=next`);
    await expect.poll(() => started.length).toBe(2);
    gates.shift()!();
    expect((await next).status).toBe(200);
    expect(started).toEqual(['/api/v1/search?q=held', '/api/v1/search?q=next']);
  });
});

describe('server timeouts', () => {
  it('sets header, request and keep-alive timeouts (the request one was 0)', async () => {
    const { server } = await serve(app().handler, { timeouts: serverTimeouts() });
    expect(server.headersTimeout).toBe(20_000);
    expect(server.requestTimeout).toBe(60_000);
    expect(server.keepAliveTimeout).toBe(65_000);
    expect(server.headersTimeout).toBeLessThanOrEqual(server.requestTimeout);
  });

  it('reads them from the environment', () => {
    const saved = { ...process.env };
    try {
      Object.assign(process.env, {
        HTTP_HEADERS_TIMEOUT_MS: '9000',
        HTTP_REQUEST_TIMEOUT_MS: '5000',
        HTTP_KEEPALIVE_TIMEOUT_MS: '7000',
      });
      expect(serverTimeouts()).toEqual({ headersTimeout: 5000, requestTimeout: 5000, keepAliveTimeout: 7000 });
      process.env.HTTP_REQUEST_TIMEOUT_MS = '0';
      expect(() => serverTimeouts()).toThrow(/HTTP_REQUEST_TIMEOUT_MS/);
    } finally {
      process.env = saved;
    }
  });

  it('drops a client that trickles its body, and keeps an event stream open past the request timeout', async () => {
    const stream: Handler = (req, res) => {
      // Like Astro, the app reads the whole body before it answers.
      if (!req.url!.startsWith('/api/stream/'))
        return new Promise((r) => req.resume().on('end', () => r(app().handler(req, res))));
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      let n = 0;
      const timer = setInterval(() => {
        res.write(`data: ${n}\n\n`);
        if (++n === 6) {
          clearInterval(timer);
          res.end();
        }
      }, 300);
      return undefined;
    };
    const { base } = await serve(stream, {
      timeouts: {
        headersTimeout: 1000,
        requestTimeout: 1000,
        keepAliveTimeout: 5000,
        connectionsCheckingInterval: 100,
      },
    });
    const { port } = new URL(base);

    // A body announced as 100 bytes, of which 10 ever come.
    const socket = net.connect(Number(port), '127.0.0.1');
    let reply = '';
    socket.on('data', (d) => (reply += d));
    const closed = new Promise((r) => socket.on('close', r));
    socket.write(
      'POST /api/v1/anything HTTP/1.1\r\nHost: x\r\ncontent-type: text/plain\r\ncontent-length: 100\r\n\r\n0123456789',
    );
    await closed;
    expect(reply).toMatch(/^HTTP\/1\.1 408/);

    // The stream lasts about twice the request timeout and arrives whole.
    const text = await (await fetch(`${base}/api/stream/prices`)).text();
    expect(text.match(/^data: \d+$/gm)).toHaveLength(6);
  });
});
