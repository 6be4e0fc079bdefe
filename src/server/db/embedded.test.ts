/**
 * The embedded PostgreSQL server: private (socket only), durable, one server per data
 * directory, and a restart that always works after a crash, whatever the crash left behind.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { DataDirLockedError } from './errors.ts';
import { startEmbeddedPostgres, type EmbeddedPostgres } from './embedded.ts';
import { firstUnreachable } from './embeddedCluster.ts';
import { processKind, readPostmasterFile } from './embeddedProcess.ts';

const dirs: string[] = [];
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c().catch(() => {});
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'coinlens-pg-'));
  dirs.push(dir);
  return dir;
}

async function start(
  dataDir: string,
  role: 'server' | 'tool' = 'server',
  durability: 'durable' | 'scratch' = 'scratch',
): Promise<EmbeddedPostgres> {
  const server = await startEmbeddedPostgres({ dataDir, role, durability, log: () => {} });
  cleanups.push(() => server.stop());
  return server;
}

async function query<T extends pg.QueryResultRow>(server: EmbeddedPostgres, text: string): Promise<T[]> {
  const client = new pg.Client(server.connection);
  await client.connect();
  try {
    return (await client.query<T>(text)).rows;
  } finally {
    await client.end();
  }
}

/** A zombie: the background sleep ends after the shell became `sleep 30`, which never reaps it (ending at once, the shell could reap it before the exec). */
function zombie(): Promise<{ pid: number; parent: ChildProcess }> {
  return new Promise((resolve) => {
    const parent = spawn('sh', ['-c', 'sleep 0.3 & echo $!; exec sleep 30'], { stdio: ['ignore', 'pipe', 'ignore'] });
    parent.stdout!.once('data', async (chunk: Buffer) => {
      const pid = Number(chunk.toString().trim());
      for (let i = 0; i < 100 && processKind(pid) !== 'zombie'; i++) await new Promise((r) => setTimeout(r, 20));
      resolve({ pid, parent });
    });
  });
}

/** A Coinlens server process (tests/setup/boot-child.ts) on a data directory. */
function serverProcess(dataDir: string, env: Record<string, string> = {}) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/setup/boot-child.ts'], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LIVE: 'off', SEED: 'off', LOG_LEVEL: 'error', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout!.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (err += c.toString()));
  const ready = new Promise<{ adopted: boolean; pid: number }>((resolve, reject) => {
    const check = () => {
      const m = /READY (.*)\n/.exec(out);
      if (m) resolve(JSON.parse(m[1]!));
    };
    child.stdout!.on('data', check);
    child.once('exit', (code) => reject(new Error(`exited with ${code}: ${err.trim()}`)));
  });
  ready.catch(() => {}); // a test that expects the process to fail awaits `exited` instead
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, ready, exited, stderr: () => err };
}

// CI's external-server stage (TEST_DATABASE_URL) would only repeat these: they start servers of their own.
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('the embedded PostgreSQL server', () => {
  it('listens on a private socket only, syncs to disk, and stops cleanly', async () => {
    const dir = tempDir();
    const server = await startEmbeddedPostgres({ dataDir: dir, role: 'server', log: () => {} });
    try {
      const rows = await query<{ listen: string; fsync: string; sync: string; tz: string; db: string }>(
        server,
        `select current_setting('listen_addresses') as listen, current_setting('fsync') as fsync,
                current_setting('synchronous_commit') as sync, current_setting('TimeZone') as tz, current_database() as db`,
      );
      expect(rows[0]).toEqual({ listen: '', fsync: 'on', sync: 'on', tz: 'UTC', db: 'coinlens' });
      expect(server.socketDir).toBe(path.join(dir, 'run'));
      expect(fs.statSync(server.socketDir).mode & 0o777).toBe(0o700);
      expect(fs.statSync(path.join(dir, 'pg')).mode & 0o777).toBe(0o700);
      expect(
        fs
          .readFileSync(path.join(dir, 'pg', 'pg_hba.conf'), 'utf8')
          .split('\n')
          .filter((l) => l && !l.startsWith('#')),
      ).toEqual(['local all all trust']);
      expect(server.adopted).toBe(false);
    } finally {
      await server.stop();
    }
    expect(readPostmasterFile(path.join(dir, 'pg'))).toBeNull();
    expect(fs.existsSync(path.join(dir, 'run', '.s.PGSQL.5432'))).toBe(false);
  });

  it('refuses a second server on the same data directory, naming the first; tools may join', async () => {
    const dir = tempDir();
    const first = await start(dir);
    const second = startEmbeddedPostgres({ dataDir: dir, role: 'server', log: () => {} });
    await expect(second).rejects.toBeInstanceOf(DataDirLockedError);
    await expect(second).rejects.toThrow(new RegExp(`in use by another Coinlens server \\(pid ${process.pid}\\)`));
    // A command-line tool runs beside the server; the cluster outlives whichever leaves first.
    const tool = await start(dir, 'tool');
    await first.stop();
    expect((await query<{ one: number }>(tool, 'select 1 as one'))[0]!.one).toBe(1);
    // …and a server may start again beside the tool.
    const again = await start(dir);
    expect(again.adopted).toBe(true);
    await tool.stop();
    expect((await query<{ one: number }>(again, 'select 1 as one'))[0]!.one).toBe(1);
    await again.stop();
    expect(readPostmasterFile(path.join(dir, 'pg'))).toBeNull();
  });

  it('refuses a second Coinlens server process with a clear message', async () => {
    const dir = tempDir();
    const a = serverProcess(dir);
    cleanups.push(async () => {
      a.child.kill('SIGTERM');
      await a.exited;
    });
    await a.ready;
    const b = serverProcess(dir);
    expect(await b.exited).toBe(3);
    expect(b.stderr()).toContain(
      `FAILED DataDirLockedError: The data directory ${dir} is in use by another Coinlens server (pid ${a.child.pid}).`,
    );
    a.child.kill('SIGTERM');
    expect(await a.exited).toBe(0);
    expect(readPostmasterFile(path.join(dir, 'pg'))).toBeNull();
  });

  it('takes over the server of a process killed with SIGKILL', async () => {
    const dir = tempDir();
    const a = serverProcess(dir);
    const { pid } = await a.ready;
    a.child.kill('SIGKILL');
    await a.exited;
    expect(processKind(pid)).toBe('postgres'); // still running, orphaned
    const server = await start(dir);
    expect(server.adopted).toBe(true);
    expect(server.pid()).toBe(pid);
    await server.stop();
    expect(['gone', 'zombie']).toContain(processKind(pid));
  });

  it('starts over a stale postmaster.pid: a dead process, a zombie, or a pid reused by another program', async () => {
    const dir = tempDir();
    const pgDir = path.join(dir, 'pg');
    const first = await start(dir);
    const pmFile = fs.readFileSync(path.join(pgDir, 'postmaster.pid'), 'utf8');
    await first.stop();
    const stale = (pid: number) =>
      fs.writeFileSync(path.join(pgDir, 'postmaster.pid'), pmFile.replace(/^\d+/, String(pid)));

    const { pid: zombiePid, parent } = await zombie();
    expect(processKind(zombiePid)).toBe('zombie');
    const other = spawn('sleep', ['30']);
    for (const pid of [2 ** 22 + 12345, zombiePid, other.pid!]) {
      stale(pid);
      const server = await start(dir);
      expect(server.adopted).toBe(false);
      expect((await query<{ one: number }>(server, 'select 1 as one'))[0]!.one).toBe(1);
      await server.stop();
    }
    parent.kill();
    other.kill();
  });

  it('recovers after the server itself is killed, keeping committed rows', async () => {
    const dir = tempDir();
    const server = await startEmbeddedPostgres({ dataDir: dir, role: 'server', durability: 'durable', log: () => {} });
    await query(server, 'create table kept (n int)');
    await query(server, 'insert into kept select generate_series(1, 1000)');
    process.kill(server.pid()!, 'SIGKILL');
    // The watch connection notices and brings the server back by itself.
    let n = 0;
    for (let i = 0; i < 200 && !n; i++) {
      await new Promise((r) => setTimeout(r, 100));
      n = await query<{ n: number }>(server, 'select count(*)::int as n from kept').then(
        (r) => r[0]!.n,
        () => 0,
      );
    }
    expect(n).toBe(1000);
    await server.stop();
    expect(readPostmasterFile(path.join(dir, 'pg'))).toBeNull();
  });
});

describe('processKind', () => {
  it('tells live PostgreSQL servers from other programs, zombies and the dead', async () => {
    expect(processKind(process.pid)).toBe('other');
    expect(processKind(2 ** 22 + 54321)).toBe('gone');
    const { pid, parent } = await zombie();
    expect(processKind(pid)).toBe('zombie');
    parent.kill();
  });
});

describe('firstUnreachable', () => {
  it('names the first directory a user cannot enter', () => {
    const dir = tempDir(); // mkdtemp: 0700
    const inner = path.join(dir, 'a', 'b');
    fs.mkdirSync(inner, { recursive: true });
    fs.chmodSync(path.join(dir, 'a'), 0o700);
    const stranger = { uid: 65534, gid: 65534 };
    expect(firstUnreachable(inner, stranger)).toBe(dir);
    fs.chmodSync(dir, 0o711);
    expect(firstUnreachable(inner, stranger)).toBe(path.join(dir, 'a'));
    fs.chmodSync(path.join(dir, 'a'), 0o711);
    expect(firstUnreachable(inner, stranger)).toBeUndefined();
    // Its own directories are always reachable to their owner.
    fs.chownSync(path.join(dir, 'a'), 65534, 65534);
    fs.chmodSync(path.join(dir, 'a'), 0o700);
    expect(firstUnreachable(inner, stranger)).toBeUndefined();
  });
});
