import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaticFiles } from './static.mjs';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'coinlens-static-'));
const client = path.join(dir, 'client');
const icons = path.join(dir, 'icons');
let server: http.Server;
let base = '';
let fallthrough = 0;

beforeAll(async () => {
  fs.mkdirSync(path.join(client, '_astro'), { recursive: true });
  fs.mkdirSync(icons);
  fs.writeFileSync(path.join(client, '_astro', 'app.1234.js'), `console.log(${JSON.stringify('x'.repeat(4000))});`);
  fs.writeFileSync(path.join(client, 'favicon.svg'), '<svg/>');
  fs.writeFileSync(path.join(dir, 'secret.txt'), 'no');
  const statics = createStaticFiles({ clientDir: client, iconsDir: icons });
  server = http.createServer((req, res) => {
    const pathname = (req.url ?? '/').split('?')[0]!;
    const done = statics.candidate(req, pathname) ? statics.serve(req, res, pathname) : Promise.resolve(false);
    void done.then((served: boolean) => {
      if (!served) {
        fallthrough++;
        res.writeHead(404).end('app');
      }
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((r) => server.close(r));
  fs.rmSync(dir, { recursive: true, force: true });
});

function get(p: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http
      .get(base + p, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

describe('static files', () => {
  it('serves hashed assets immutable, compressed for the client, with an ETag that answers 304', async () => {
    const plain = await get('/_astro/app.1234.js');
    expect(plain.status).toBe(200);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(plain.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(plain.headers['x-content-type-options']).toBe('nosniff');
    expect(plain.headers.vary).toBe('Accept-Encoding');
    const br = await get('/_astro/app.1234.js', { 'accept-encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
    expect(Number(br.headers['content-length'])).toBe(br.body.length);
    const again = await get('/_astro/app.1234.js', { 'if-none-match': String(plain.headers.etag) });
    expect(again.status).toBe(304);
    expect((await get('/favicon.svg')).headers['cache-control']).toBe('public, max-age=3600');
  });

  it('serves coin icon files the app wrote, and leaves other paths to the app', async () => {
    expect((await get('/icons/coins/bitcoin.svg')).status).toBe(404);
    expect(fallthrough).toBe(1);
    fs.writeFileSync(path.join(icons, 'bitcoin.svg'), '<svg>btc</svg>');
    const icon = await get('/icons/coins/bitcoin.svg');
    expect(icon.status).toBe(200);
    expect(icon.body.toString()).toBe('<svg>btc</svg>');
    expect(icon.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(icon.headers['cache-control']).toContain('max-age=604800');
    for (const p of [
      '/icons/coins/..%2Fsecret.txt',
      '/icons/coins/../secret.txt',
      '/secret.txt',
      '/icons/coins/a b.svg',
      '/',
    ]) {
      const before = fallthrough;
      await get(p);
      expect(fallthrough, p).toBe(before + 1);
    }
  });
});
