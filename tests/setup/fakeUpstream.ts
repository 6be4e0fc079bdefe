/**
 * A local stand-in for the market-data sources (node:http on 127.0.0.1): adapters reach it
 * through their base URLs (BINANCE_URL…), so tests run offline against recorded payloads and
 * against the failures real sources produce (429 with Retry-After, 418, 500, timeouts, malformed
 * JSON, error envelopes). Routes are keyed by path; a list answers in turn, its last entry for
 * every request after.
 */
import { readFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

export interface FakeAnswer {
  status?: number;
  headers?: Record<string, string>;
  /** A string is sent as is (malformed JSON, HTML); anything else as JSON. */
  body?: unknown;
  /** Wait this long before answering (timeouts). */
  delayMs?: number;
}

export type FakeRoute =
  | FakeAnswer
  | FakeAnswer[]
  | ((query: URLSearchParams, headers: IncomingHttpHeaders) => FakeAnswer);

export interface FakeUpstream {
  url: string;
  /** Every request received, in order, with its headers (lower-case names) to check API keys. */
  requests: { path: string; query: URLSearchParams; headers: IncomingHttpHeaders }[];
  /** Replaces (or adds) the answer of a path. */
  route(path: string, answer: FakeRoute): void;
  close(): Promise<void>;
}

const FIXTURES = path.resolve(import.meta.dirname, '../fixtures/sources');

/** A recorded payload: tests/fixtures/sources/<source>/<name>.json, parsed. */
export function fixture<T = unknown>(source: string, name: string): T {
  return JSON.parse(readFileSync(path.join(FIXTURES, source, `${name}.json`), 'utf8')) as T;
}

export async function startFakeUpstream(routes: Record<string, FakeRoute> = {}): Promise<FakeUpstream> {
  const table = new Map<string, FakeRoute>(Object.entries(routes));
  const served = new Map<string, number>();
  const requests: FakeUpstream['requests'] = [];
  const server = createServer((req: IncomingMessage, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    requests.push({ path: url.pathname, query: url.searchParams, headers: req.headers });
    const route = table.get(url.pathname);
    let answer: FakeAnswer;
    if (!route) answer = { status: 404, body: { error: `no fake route for ${url.pathname}` } };
    else if (typeof route === 'function') answer = route(url.searchParams, req.headers);
    else if (Array.isArray(route)) {
      const n = served.get(url.pathname) ?? 0;
      served.set(url.pathname, n + 1);
      answer = route[Math.min(n, route.length - 1)]!;
    } else answer = route;
    const send = () => {
      if (res.destroyed) return;
      const body = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body ?? null);
      res.writeHead(answer.status ?? 200, { 'content-type': 'application/json', ...answer.headers });
      res.end(body);
    };
    if (answer.delayMs) setTimeout(send, answer.delayMs).unref();
    else send();
  });
  server.keepAliveTimeout = 1000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    route(p, answer) {
      table.set(p, answer);
      served.delete(p);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
