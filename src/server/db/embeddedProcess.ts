/**
 * The embedded PostgreSQL server's process as embedded.ts sees it: its `postmaster.pid`, what
 * process a pid is, connecting while it starts or recovers, signalling it, and its log's tail.
 */
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface PostmasterFile {
  pid: number;
  dataDir: string;
  socketDir: string;
  /** `starting`, `stopping`, `ready` or `standby` (PostgreSQL 10+). */
  status: string;
}

/** The contents of `postmaster.pid`, or null when there is none (or it is half-written). */
export function readPostmasterFile(pgDir: string): PostmasterFile | null {
  let text: string;
  try {
    text = fs.readFileSync(path.join(pgDir, 'postmaster.pid'), 'utf8');
  } catch {
    return null;
  }
  const lines = text.split('\n');
  const pid = Number(lines[0]);
  if (!Number.isInteger(pid) || pid <= 0) return { pid: 0, dataDir: '', socketDir: '', status: 'garbage' };
  return { pid, dataDir: lines[1] ?? '', socketDir: lines[4] ?? '', status: (lines[7] ?? '').trim() };
}

type ProcessKind = 'gone' | 'zombie' | 'postgres' | 'other';

/**
 * What process `pid` is. A zombie has exited (its parent has not reaped it): `kill(pid, 0)` still
 * succeeds for it, which is why a pid check alone would refuse a restart forever.
 */
export function processKind(pid: number): ProcessKind {
  if (!(pid > 0)) return 'gone';
  try {
    process.kill(pid, 0);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EPERM') return 'gone';
  }
  if (process.platform !== 'linux') return 'postgres'; // no /proc: trust the pid
  let stat: string;
  try {
    stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return 'gone';
  }
  // "<pid> (<comm>) <state> …": comm may contain spaces and parentheses, so take the last ')'.
  const close = stat.lastIndexOf(')');
  const comm = stat.slice(stat.indexOf('(') + 1, close);
  const state = stat.slice(close + 2, close + 3);
  if (state === 'Z' || state === 'X') return 'zombie';
  return comm === 'postgres' || comm.startsWith('postgres') ? 'postgres' : 'other';
}

export function isConnectionTrouble(e: unknown): boolean {
  const err = e as { code?: string; message?: string };
  // 57P01 admin shutdown, 57P03 cannot connect now (starting, stopping, recovering).
  return (
    ['ENOENT', 'ECONNREFUSED', 'ECONNRESET', 'EPIPE', '57P01', '57P02', '57P03', '08006', '08003'].includes(
      err.code ?? '',
    ) || /Connection terminated|terminating connection|the database system is/.test(err.message ?? '')
  );
}

export async function connectOnce(config: pg.ClientConfig): Promise<pg.Client> {
  const client = new pg.Client(config);
  client.on('error', () => {}); // a dropped connection is handled by whoever uses it
  try {
    await client.connect();
    return client;
  } catch (e) {
    await client.end().catch(() => {});
    throw e;
  }
}

/** Sends `signal` to `pid` and waits (up to `ms`) until it has gone; false on timeout. */
export async function signalAndWait(pid: number, signal: NodeJS.Signals, ms: number): Promise<boolean> {
  try {
    process.kill(pid, signal);
  } catch {
    return true;
  }
  const until = Date.now() + ms;
  while (Date.now() < until) {
    const kind = processKind(pid);
    if (kind === 'gone' || kind === 'zombie' || kind === 'other') return true;
    await sleep(50);
  }
  return false;
}

/** The log written since `from` (the failed start), at most 4 KB of it. */
export function logTail(file: string, from: number): string {
  try {
    const text = fs.readFileSync(file, 'utf8').slice(from);
    return text.length > 4096 ? `…${text.slice(-4096)}` : text.trim();
  } catch {
    return '';
  }
}
