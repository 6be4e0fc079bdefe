/**
 * Crash-only start-up: a Coinlens server killed with SIGKILL while the simulated market writes,
 * twenty times over (every fourth time its PostgreSQL server with it, leaving a stale
 * postmaster.pid and a crash recovery to do), always starts again, keeps every committed
 * round, and finally stops cleanly.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { DB_NAME, DB_USER } from './db/embeddedCluster.ts';
import { processKind, readPostmasterFile } from './db/embeddedProcess.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'coinlens-crash-'));
const children = new Set<ReturnType<typeof spawn>>();
afterAll(() => {
  for (const c of children) c.kill('SIGKILL');
  const pm = readPostmasterFile(path.join(dir, 'pg'));
  if (pm && processKind(pm.pid) === 'postgres') process.kill(pm.pid, 'SIGQUIT');
  fs.rmSync(dir, { recursive: true, force: true });
});

function startServer(): Promise<{ child: ReturnType<typeof spawn>; adopted: boolean }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/setup/boot-child.ts'], {
    env: {
      ...process.env,
      DATA_DIR: dir,
      DATABASE_URL: '',
      LIVE: 'sim',
      LIVE_INTERVAL_MS: '200',
      SEED: 'auto',
      LOG_LEVEL: 'error',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  child.once('exit', () => children.delete(child));
  let out = '';
  let err = '';
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (c: Buffer) => {
      out += c.toString();
      const m = /READY (.*)\n/.exec(out);
      if (m) resolve({ child, adopted: (JSON.parse(m[1]!) as { adopted: boolean }).adopted });
    });
    child.stderr!.on('data', (c: Buffer) => (err += c.toString()));
    child.once('exit', (code) => reject(new Error(`server exited with ${code} before it was ready: ${err}`)));
  });
}

async function read<T extends pg.QueryResultRow>(text: string): Promise<T> {
  const client = new pg.Client({ host: path.join(dir, 'run'), port: 5432, user: DB_USER, database: DB_NAME });
  await client.connect();
  try {
    return (await client.query<T>(text)).rows[0]!;
  } finally {
    await client.end();
  }
}

const lastRound = () =>
  read<{ at: Date | null }>('select max(updated_at) as at from coins').then((r) => r.at?.getTime() ?? 0);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// CI's external-server stage (TEST_DATABASE_URL) would only repeat this: it uses an embedded server of its own.
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('kill -9 during simulator writes', () => {
  it('restarts twenty times and keeps every committed round', async () => {
    let committed = 0;
    let adoptions = 0;
    for (let round = 1; round <= 20; round++) {
      const { child, adopted } = await startServer();
      if (adopted) adoptions++;
      // Nothing acknowledged before the crash is lost.
      expect(await lastRound()).toBeGreaterThanOrEqual(committed);
      // Let the simulator write a few rounds, then crash in the middle of one.
      const before = await lastRound();
      for (let i = 0; i < 50 && (await lastRound()) <= before; i++) await sleep(100);
      committed = await lastRound();
      expect(committed).toBeGreaterThan(before);
      await sleep(50 + ((round * 137) % 300));
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGKILL');
      await exited;
      if (round % 4 === 0) {
        // The database server dies too: a stale postmaster.pid and a crash recovery.
        const pm = readPostmasterFile(path.join(dir, 'pg'));
        if (pm && processKind(pm.pid) === 'postgres') process.kill(pm.pid, 'SIGKILL');
      }
    }
    // Most restarts took over the server the killed process left running.
    expect(adoptions).toBeGreaterThanOrEqual(10);
    const { child } = await startServer();
    expect(await lastRound()).toBeGreaterThanOrEqual(committed);
    const integrity = await read<{ coins: number; bad: number; dupes: number }>(
      `select (select count(*)::int from coins) as coins,
              (select count(*)::int from coins where rank <= 100 and not (price > 0)) as bad,
              (select count(*)::int from (select 1 from klines group by coin_id, interval, open_time having count(*) > 1) d) as dupes`,
    );
    expect(integrity.coins).toBeGreaterThan(500);
    expect(integrity.bad).toBe(0);
    expect(integrity.dupes).toBe(0);
    const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    // A clean stop leaves no server and no postmaster.pid behind.
    expect(readPostmasterFile(path.join(dir, 'pg'))).toBeNull();
  }, 600_000);
});
