/**
 * For the adapters' tests: a `fetch` that answers by path with recorded answers
 * (tests/fixtures/announcements/<exchange>/<name>.json) and keeps every request it was asked.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { announcementHttp } from './index.ts';
import type { AnnouncementAdapter } from './types.ts';

const FIXTURES = path.resolve(import.meta.dirname, '../../../../../tests/fixtures/announcements');

/** A recorded answer as the source sent it (text, so malformed ones stay malformed). */
export const recorded = (exchange: string, name: string) =>
  readFileSync(path.join(FIXTURES, exchange, `${name}.json`), 'utf8');

export interface FakeReply {
  status?: number;
  body: string;
  headers?: Record<string, string>;
}
type Route = string | FakeReply | ((url: URL) => string | FakeReply);

/** A fetch answering `routes` (keyed by path; a string is a 200 body), and the requests it saw. */
export function fakeFetch(routes: Record<string, Route>) {
  const requests: { url: URL; headers: Record<string, string> }[] = [];
  const fake = async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const headers = Object.fromEntries(
      Object.entries((init?.headers ?? {}) as Record<string, string>).map(([k, v]) => [k.toLowerCase(), v]),
    );
    requests.push({ url, headers });
    const route = routes[url.pathname];
    const reply = typeof route === 'function' ? route(url) : route;
    if (reply === undefined) return new Response('{"error":"no route"}', { status: 404 });
    const r = typeof reply === 'string' ? { body: reply } : reply;
    return new Response(r.body, {
      status: r.status ?? 200,
      headers: { 'content-type': 'application/json', ...r.headers },
    });
  };
  return { fetch: fake as typeof fetch, requests };
}

/** The adapter's own SourceHttp over a fake fetch: no waiting between retries. */
export function fakeHttp(
  adapter: AnnouncementAdapter,
  routes: Record<string, Route>,
  options: Parameters<typeof announcementHttp>[1] = {},
) {
  const { fetch, requests } = fakeFetch(routes);
  const http = announcementHttp(adapter, { fetch, sleep: async () => {}, random: () => 0.5, ...options });
  return { http, requests };
}
