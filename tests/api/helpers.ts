import { afterAll, beforeAll } from 'vitest';
import { createApi } from '../../src/server/api/app.ts';
import { useDatabase, closeDatabase, type DbHandle } from '../../src/server/db/index.ts';
import { signature } from '../../src/lib/signature.ts';
import { openTestDb } from '../setup/db.ts';

export interface Envelope<T = unknown> {
  code: number;
  data: T;
  msg: string;
}

/**
 * Gives a test file its own copy of the seeded database and an in-process API client
 * (`app.request`, no port). Every request is signed unless `signed: false`.
 */
export function apiHarness() {
  const api = createApi();
  const state: { handle?: DbHandle } = {};
  beforeAll(async () => {
    state.handle = await openTestDb();
    useDatabase(state.handle);
  });
  afterAll(async () => {
    await closeDatabase();
  });

  async function get<T = unknown>(
    path: string,
    opts: { signed?: boolean; headers?: Record<string, string> } = {},
  ): Promise<{ status: number; body: Envelope<T>; headers: Headers }> {
    const url = new URL(path, 'http://test.local');
    if (opts.signed !== false && !url.searchParams.has('t'))
      url.searchParams.set('t', await signature(Date.now(), 'coinlens'));
    const res = await api.request(url.pathname + url.search, { headers: opts.headers ?? {} });
    return { status: res.status, body: (await res.json()) as Envelope<T>, headers: res.headers };
  }

  /**
   * Any method, with a JSON body (`json`) or a multipart one (`form`); `ip` stands for the
   * peer address the server would see (Astro's clientAddress).
   */
  async function call<T = unknown>(
    method: string,
    path: string,
    opts: {
      json?: unknown;
      form?: FormData;
      raw?: string;
      token?: string;
      ip?: string;
      signed?: boolean;
      headers?: Record<string, string>;
    } = {},
  ): Promise<{ status: number; body: Envelope<T>; headers: Headers }> {
    const url = new URL(path, 'http://test.local');
    if (opts.signed !== false && !url.searchParams.has('t'))
      url.searchParams.set('t', await signature(Date.now(), 'coinlens'));
    const headers: Record<string, string> = { ...(opts.headers ?? {}) };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    let body: BodyInit | undefined;
    if (opts.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(opts.json);
    } else if (opts.raw !== undefined) {
      headers['content-type'] ??= 'application/json';
      body = opts.raw;
    } else if (opts.form) body = opts.form;
    const res = await api.request(
      url.pathname + url.search,
      { method, headers, body },
      { clientAddress: opts.ip ?? '127.0.0.1' },
    );
    return { status: res.status, body: (await res.json()) as Envelope<T>, headers: res.headers };
  }

  return { get, call, db: () => state.handle!.db, handle: () => state.handle! };
}
