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
    if (opts.signed !== false && !url.searchParams.has('t')) url.searchParams.set('t', await signature(Date.now(), 'coinlens'));
    const res = await api.request(url.pathname + url.search, { headers: opts.headers ?? {} });
    return { status: res.status, body: (await res.json()) as Envelope<T>, headers: res.headers };
  }

  return { get, db: () => state.handle!.db, handle: () => state.handle! };
}
