/** HTTP helpers of the browser suites: raw requests and the signed-in reader's server state. */
import http from 'node:http';
import zlib from 'node:zlib';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { signature } from '../../src/lib/signature.ts';

export interface Raw {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The body as it came (compressed or not). */
  body: Buffer;
  /** The body decompressed and decoded. */
  text: string;
}

/** A request sent byte for byte as written (no URL normalisation or decompression), any method. */
export function raw(
  baseURL: string,
  target: string,
  options: { method?: string; headers?: Record<string, string> } = {},
): Promise<Raw> {
  const base = new URL(baseURL);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: base.hostname,
        port: base.port,
        path: target,
        method: options.method ?? 'GET',
        headers: options.headers ?? {},
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const body = Buffer.concat(chunks);
          const enc = res.headers['content-encoding'];
          const plain = enc === 'br' ? zlib.brotliDecompressSync(body) : enc === 'gzip' ? zlib.gunzipSync(body) : body;
          resolve({ status: res.statusCode!, headers: res.headers, body, text: plain.toString('utf8') });
        });
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/** The signed-in reader's favourites on the server, `TYPE:id` in order (through the page's own token). */
export async function serverFavourites(page: Page, request: APIRequestContext): Promise<string[]> {
  const jwt = (await page.context().cookies()).find((c) => c.name === 'jwt');
  expect(jwt, 'jwt cookie').toBeTruthy();
  const t = await signature(Date.now(), 'coinlens');
  const res = await request.get(`/api/new/v1/favorite/tickers/getIds?t=${t}&lan=en`, {
    headers: { Authorization: `Bearer ${decodeURIComponent(jwt!.value)}` },
  });
  const body = (await res.json()) as { code: number; data: { id: string; type: string }[] };
  expect(body.code).toBe(0);
  return body.data.map((e) => `${e.type}:${e.id}`);
}
