/**
 * Several processes on one PostgreSQL server, as docs/operations.md sets them up: two web
 * processes with live sources off and an `npm run ingest` worker on a local fake exchange. A tick
 * from the worker reaches the stream clients of both web processes and the coin both of them
 * keep; a favourite written through one is read through the other; when the worker is killed, a
 * second one takes over. It needs a PostgreSQL server (TEST_DATABASE_URL) and the build, and runs
 * in CI (.ci/run, CLUSTER_CHECK=1) beside the suites on Debian's PostgreSQL.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocketServer } from 'ws';
import { signature } from '../../src/lib/signature.ts';
import { startSession } from '../../src/server/auth/tokens.ts';
import { openDatabase, type DbHandle } from '../../src/server/db/client.ts';
import { users } from '../../src/server/db/schema/index.ts';
import { sseReader } from '../api/sse.ts';
import { fixture, startFakeUpstream, type FakeUpstream } from '../setup/fakeUpstream.ts';
import { ensureBuild } from '../../scripts/ensure-build.mjs';

const SERVER = process.env.TEST_DATABASE_URL;
const ENABLED = process.env.CLUSTER_CHECK === '1' && !!SERVER;
const ROOT = path.resolve(import.meta.dirname, '../..');
const BASE_PORT = Number(process.env.CLUSTER_PORT ?? 4600);
const TICKERS = '/api/v3/ticker/24hr';

type Ticker = { symbol: string; lastPrice: string; closeTime: number; openTime: number };
/** The fake Binance's prices, changed by the tests; values no demo walk lands on exactly. */
const prices: Record<string, string> = { BTCUSDT: '43210.5', ETHUSDT: '2345.67' };
const tickers = () => {
  const now = Date.now();
  return fixture<Ticker[]>('binance', 'ticker-24hr')
    .filter((t) => t.symbol in prices)
    .map((t) => ({ ...t, lastPrice: prices[t.symbol]!, closeTime: now, openTime: now - 86_400_000 }));
};

interface Proc {
  child: ChildProcess;
  log: () => string;
}

function start(name: string, args: string[], env: Record<string, string>): Proc {
  let log = '';
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (d: Buffer) => {
    log += d.toString();
    if (log.length > 200_000) log = log.slice(-100_000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  child.on('exit', (code, signal) => keep(Buffer.from(`\n[${name} exited: ${code ?? signal}]\n`)));
  return { child, log: () => log };
}

const exited = (p: Proc) => p.child.exitCode !== null || p.child.signalCode !== null;
async function stop(p: Proc | undefined, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (!p || exited(p)) return;
  const gone = new Promise((resolve) => p.child.once('exit', resolve));
  p.child.kill(signal);
  await Promise.race([gone, new Promise((r) => setTimeout(r, 15_000))]);
  if (!exited(p)) p.child.kill('SIGKILL');
}

/** Waits for `check` to hold, naming the processes' logs when it never does. */
async function until<T>(what: string, check: () => Promise<T | undefined>, ms: number, logs: Proc[]): Promise<T> {
  const deadline = Date.now() + ms;
  let last: unknown;
  while (Date.now() < deadline) {
    try {
      const value = await check();
      if (value !== undefined) return value;
    } catch (e) {
      last = e;
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(
    `${what} did not happen in ${ms} ms (${String(last ?? 'no error')})\n${logs.map((p) => p.log().slice(-2500)).join('\n---\n')}`,
  );
}

describe.skipIf(!ENABLED)('several processes on one PostgreSQL server', () => {
  const dbName = `coinlens_cluster_${process.pid}`;
  let databaseUrl = '';
  let admin: pg.Client;
  let up: FakeUpstream;
  let wss: WebSocketServer;
  let db: DbHandle;
  const web: Proc[] = [];
  const workers: Proc[] = [];
  const dirs: string[] = [];
  const urls = [0, 1].map((i) => `http://127.0.0.1:${BASE_PORT + i}`);
  const all = () => [...web, ...workers];

  const signed = async (url: string) => {
    const u = new URL(url);
    u.searchParams.set('t', await signature(Date.now(), 'coinlens'));
    return u.href;
  };
  const bitcoinPrice = async (base: string) => {
    const res = await fetch(await signed(`${base}/api/v1/coins/bitcoin`));
    const body = (await res.json()) as { code: number; data?: { price?: number | string } };
    return body.code === 0 ? Number(body.data?.price) : undefined;
  };
  /** Bitcoin's price in the first page of the coin list. */
  const listedPrice = async (base: string) => {
    const res = await fetch(await signed(`${base}/api/v1/coins?page=1&size=20`));
    const body = (await res.json()) as { code: number; data?: { list: { id: string; price: number | string }[] } };
    const row = body.data?.list.find((c) => c.id === 'bitcoin');
    return row ? Number(row.price) : undefined;
  };
  const worker = (i: number) =>
    start(`worker ${i}`, ['--import', 'tsx', 'scripts/ingest.ts'], {
      DATABASE_URL: databaseUrl,
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), `coinlens-cluster-worker-${i}-`)),
      SOURCES: 'binance',
      BINANCE_URL: up.url,
      BINANCE_STREAM_URL: `ws://127.0.0.1:${(wss.address() as { port: number }).port}/ws/!miniTicker@arr`,
      COINGECKO_URL: up.url,
      FIAT_RATES_URL: '',
      INGEST_INTERVAL_MS: '1000',
      STREAM_INTERVAL_MS: '500',
    });

  beforeAll(async () => {
    const server = new URL(SERVER!);
    admin = new pg.Client({ connectionString: server.href });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${dbName}`);
    await admin.query(`CREATE DATABASE ${dbName}`);
    server.pathname = `/${dbName}`;
    databaseUrl = server.href;

    up = await startFakeUpstream({
      '/api/v3/exchangeInfo': { body: fixture('binance', 'exchangeInfo') },
      [TICKERS]: () => ({ body: tickers() }),
      '/coins/markets': { body: fixture('coingecko', 'markets') },
      '/exchanges': { body: fixture('coingecko', 'exchanges') },
      '/global': { body: fixture('coingecko', 'global') },
    });
    // Binance's stream stands by and says nothing: the worker's prices come from its REST rounds.
    wss = new WebSocketServer({ host: '127.0.0.1', port: 0 });
    await new Promise((resolve) => wss.once('listening', resolve));

    // Built here, once: two web processes that each found the build stale would build into the
    // same dist/ at once, and one would start on the other's half-written files.
    ensureBuild();
    for (const i of [0, 1]) {
      dirs.push(fs.mkdtempSync(path.join(os.tmpdir(), `coinlens-cluster-${i}-`)));
      web.push(
        start(`web ${i}`, ['scripts/start.mjs'], {
          DATABASE_URL: databaseUrl,
          DATA_DIR: dirs[i]!,
          PORT: String(BASE_PORT + i),
          HOST: '127.0.0.1',
          LIVE: 'off',
          // One client (this test) reads through both processes' caches in quick succession.
          PAGE_CACHE_MS: '0',
          SSE_MAX_PER_CLIENT: '100',
        }),
      );
    }
    for (const url of urls)
      await until(
        `${url} ready`,
        async () => ((await fetch(`${url}/api/health`)).ok ? true : undefined),
        180_000,
        all(),
      );
    workers.push(worker(1));
    await until(
      'the worker running the sources',
      async () => (workers[0]!.log().includes('[ingest] running the sources') ? true : undefined),
      120_000,
      all(),
    );
    db = openDatabase({ connectionString: databaseUrl }, { max: 2 });
  }, 420_000);

  afterAll(async () => {
    await Promise.all(all().map((p) => stop(p)));
    await db?.close();
    wss?.close();
    await up?.close();
    await admin?.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => {});
    await admin?.end();
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  it('relays a tick from the worker to the stream clients of both web processes, and both drop the coin they kept', async () => {
    // Both processes keep bitcoin and the coin list (read once, before the change).
    for (const url of urls) {
      await until(`bitcoin on ${url}`, () => bitcoinPrice(url), 60_000, all());
      await until(`the coin list on ${url}`, () => listedPrice(url), 60_000, all());
    }
    const streams = await Promise.all(
      urls.map(async (url) => {
        const res = await fetch(await signed(`${url}/api/stream/prices?symbols=bitcoin`));
        expect(res.status).toBe(200);
        return sseReader(res);
      }),
    );
    try {
      prices.BTCUSDT = '43333.25';
      await Promise.all(
        streams.map(async (s, i) => {
          const deadline = Date.now() + 60_000;
          for (;;) {
            const { data } = await s.json(Math.max(1, deadline - Date.now())).catch((e: Error) => {
              throw new Error(
                `web ${i}: ${e.message}\n${all()
                  .map((p) => p.log().slice(-2000))
                  .join('\n---\n')}`,
              );
            });
            if (data.ticks?.some((t) => t.coinId === 'bitcoin' && t.price === 43333.25)) return;
          }
        }),
      );
    } finally {
      for (const s of streams) await s.close();
    }
    for (const url of urls)
      await until(
        `the new price on ${url}`,
        async () =>
          (await bitcoinPrice(url)) === 43333.25 && (await listedPrice(url)) === 43333.25 ? true : undefined,
        10_000,
        all(),
      );
  }, 120_000);

  it('reads a favourite written through one web process through the other', async () => {
    const [row] = await db.db
      .insert(users)
      .values({ username: 'cluster_reader', invitationCode: 'CLUSTER1', passwordHash: '!test' })
      .returning({ id: users.id });
    const token = await startSession(db.db, row!.id);
    const call = async (url: string, method: string, body?: unknown) => {
      const res = await fetch(await signed(url), {
        method,
        headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      return (await res.json()) as { code: number; data: unknown };
    };
    const saved = await call(`${urls[0]}/api/new/v1/favorite/coin/saveMore`, 'POST', { ids: ['ethereum'] });
    expect(saved.code).toBe(0);
    const read = await call(`${urls[1]}/api/new/v1/favorite/tickers/getIds`, 'GET');
    expect(read.code).toBe(0);
    expect(JSON.stringify(read.data)).toContain('ethereum');
  }, 60_000);

  it('lets a second worker take over when the first is killed', async () => {
    workers.push(worker(2));
    await until(
      'the second worker waiting',
      async () => (workers[1]!.log().includes('waiting to take over') ? true : undefined),
      120_000,
      all(),
    );
    await stop(workers[0], 'SIGKILL');
    prices.BTCUSDT = '43444.75';
    for (const url of urls)
      await until(
        `the second worker's price on ${url}`,
        async () => ((await bitcoinPrice(url)) === 43444.75 ? true : undefined),
        90_000,
        all(),
      );
  }, 240_000);
});
