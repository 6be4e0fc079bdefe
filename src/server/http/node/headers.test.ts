// Every answer of the server entry carries the security headers, including those the app does not
// make: a bare redirect (Astro's trailing-slash one), a static file's 304, a failed render's 500,
// and the 400/408/431 Node sends before any handler runs.
import fs from 'node:fs';
import type http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { nodeSecurityHeaders } from '../headers.ts';
import { createStaticFiles } from './static.mjs';
import { loggablePath } from './answers.mjs';
import { createSiteServer } from './server.mjs';

type Res = { writeHead: (s: number, h?: Record<string, string>) => Res; end: (b?: string) => void };
type Handler = (req: http.IncomingMessage, res: Res) => unknown;

const servers: http.Server[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) {
    s.closeAllConnections();
    await new Promise((r) => s.close(r));
  }
});

const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'coinlens-headers-'));
fs.writeFileSync(path.join(clientDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
afterAll(() => fs.rmSync(clientDir, { recursive: true, force: true }));

/** The app's handler stand-in: answers as Astro does before our middleware runs (no headers). */
const handler: Handler = async (req, res) => {
  // Like Astro, the app reads the whole body before it answers.
  await new Promise((r) => req.resume().on('end', r));
  if (req.url === '/coin//') return res.writeHead(301, { location: '/coin/' }).end();
  if (req.url?.startsWith('/boom')) throw new Error('render failed');
  if (req.url === '/widget')
    return res
      .writeHead(200, { 'content-type': 'text/html', 'content-security-policy': 'frame-ancestors *' })
      .end('<p>widget</p>');
  return res.writeHead(200, { 'content-type': 'text/html' }).end('<p>page</p>');
};

async function serve(timeouts?: Parameters<typeof createSiteServer>[0]['timeouts']) {
  const server = createSiteServer({
    handler: handler as never,
    statics: createStaticFiles({ clientDir }),
    securityHeaders: nodeSecurityHeaders,
    ...(timeouts ? { timeouts } : {}),
  });
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return (server.address() as AddressInfo).port;
}

/** Sends bytes as written and resolves with the whole reply (the server closes the connection). */
function rawExchange(port: number, bytes: string, { end = true } = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => (end ? socket.end(bytes) : socket.write(bytes)));
    let reply = '';
    socket.on('data', (d) => (reply += d.toString('latin1')));
    socket.on('close', () => resolve(reply));
    socket.on('error', reject);
  });
}

/** Header names of a raw reply, lower-cased. */
const headerNames = (reply: string) =>
  reply
    .split('\r\n\r\n')[0]!
    .split('\r\n')
    .slice(1)
    .map((l) => l.slice(0, l.indexOf(':')).toLowerCase());

const SECURITY = [
  'content-security-policy',
  'x-content-type-options',
  'x-frame-options',
  'referrer-policy',
  'permissions-policy',
];

describe('security headers on every answer of the server entry', () => {
  it('on redirects, pages, static files and their 304s, and a failed render', async () => {
    const port = await serve();
    const base = `http://127.0.0.1:${port}`;
    const answers = {
      redirect: await fetch(`${base}/coin//`, { redirect: 'manual' }),
      page: await fetch(`${base}/news`),
      file: await fetch(`${base}/favicon.svg`),
      failed: await fetch(`${base}/boom`),
    };
    const etag = answers.file.headers.get('etag')!;
    const notModified = await fetch(`${base}/favicon.svg`, { headers: { 'if-none-match': etag } });
    const statuses = {
      ...Object.fromEntries(Object.entries(answers).map(([k, r]) => [k, r.status])),
      notModified: notModified.status,
    };
    expect(statuses).toEqual({ redirect: 301, page: 200, file: 200, failed: 500, notModified: 304 });
    for (const [what, res] of [...Object.entries(answers), ['notModified', notModified] as const]) {
      for (const name of SECURITY) expect(res.headers.get(name), `${what}: ${name}`).toBeTruthy();
      expect(res.headers.get('x-content-type-options'), what).toBe('nosniff');
    }
    expect(answers.redirect.headers.get('location')).toBe('/coin/');
  });

  it('a failed render is logged by its path: never the query (reset tokens, codes) nor a private feed token', async () => {
    const port = await serve();
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      expect(
        (await fetch(`http://127.0.0.1:${port}/boom/user/reset?token=s3cr3t-link&email=ann%40example.com`)).status,
      ).toBe(500);
      const line = logged.mock.calls.map((args) => args.filter((a) => typeof a === 'string').join(' ')).join('\n');
      expect(line).toContain('/boom/user/reset');
      expect(line).not.toMatch(/s3cr3t|ann/);
    } finally {
      logged.mockRestore();
    }
    expect(loggablePath('/feeds/private/0123abcd.xml')).toBe('/feeds/private/…');
  });

  it('the app’s own headers win (the price widget may be framed)', async () => {
    const port = await serve();
    const res = await fetch(`http://127.0.0.1:${port}/widget`);
    expect(res.headers.get('content-security-policy')).toBe('frame-ancestors *');
    expect(res.headers.get('x-frame-options')).toBeNull();
  });

  it('on the 400, 431 and 408 Node answers before any handler', async () => {
    const port = await serve({
      headersTimeout: 1000,
      requestTimeout: 1000,
      keepAliveTimeout: 5000,
      connectionsCheckingInterval: 100,
    });
    const bad = await rawExchange(port, 'NONSENSE\r\n\r\n');
    const large = await rawExchange(port, `GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    // Headers never finished, and a body announced and never sent: the timeouts answer.
    const [slowHeaders, slowBody] = await Promise.all([
      rawExchange(port, 'GET / HTTP/1.1\r\nHost: x\r\n', { end: false }),
      rawExchange(port, 'POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 10\r\n\r\n01234', { end: false }),
    ]);
    const replies = [bad, large, slowHeaders, slowBody];
    expect(replies.map((r) => r.slice(0, 12))).toEqual([
      'HTTP/1.1 400',
      'HTTP/1.1 431',
      'HTTP/1.1 408',
      'HTTP/1.1 408',
    ]);
    for (const reply of replies) expect(headerNames(reply)).toEqual(expect.arrayContaining(SECURITY));
  });
});
