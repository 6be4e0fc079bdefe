/**
 * Child Coinlens processes for the crash tests (durability, crash suite): start one of the
 * tests/setup/*-child.ts scripts, wait for its lines, and kill it, with or without its embedded
 * PostgreSQL server.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { processKind, readPostmasterFile } from '../../src/server/db/embeddedProcess.ts';

/** Signals the embedded PostgreSQL server of a data directory (its postmaster only), if it runs. */
export function killPostgres(dataDir: string, signal: NodeJS.Signals): void {
  const pm = readPostmasterFile(path.join(dataDir, 'pg'));
  if (pm && processKind(pm.pid) === 'postgres') process.kill(pm.pid, signal);
}

/** The pids of `pid`'s children (Linux /proc; none elsewhere). */
function childrenOf(pid: number): number[] {
  if (process.platform !== 'linux') return [];
  const out: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      // "<pid> (<comm>) <state> <ppid> …": comm may contain spaces, so count from the last ')'.
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === pid) out.push(Number(entry));
    } catch {
      /* gone meanwhile */
    }
  }
  return out;
}

/**
 * A power cut for the embedded server: SIGKILL to every process of the cluster at once, the
 * postmaster and its children (backends and background workers each run in a session of their
 * own, so a process group would not reach them, and left alone they would notice the
 * postmaster's death and finish what they were doing). Nothing gets to flush or clean up;
 * postmaster.pid stays behind.
 */
export function powerCutPostgres(dataDir: string): void {
  const pm = readPostmasterFile(path.join(dataDir, 'pg'));
  if (!pm || processKind(pm.pid) !== 'postgres') return;
  for (const pid of [pm.pid, ...childrenOf(pm.pid)]) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      /* already gone */
    }
  }
}

export interface Child {
  child: ChildProcess;
  /** Everything printed on stdout so far. */
  out(): string;
  err(): string;
  /** Resolves once stdout matches `pattern` (rejects if the process ends first, or after `ms`). */
  waitFor(pattern: RegExp, ms?: number): Promise<RegExpExecArray>;
  /** Resolves when the process has exited and its output has been read to the end. */
  closed: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Runs `node --import tsx <script> …args` with `env`, collecting its output. */
export function startChild(script: string, args: string[], env: NodeJS.ProcessEnv): Child {
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  const waiters = new Set<() => void>();
  child.stdout!.on('data', (c: Buffer) => {
    out += c.toString();
    for (const w of [...waiters]) w();
  });
  child.stderr!.on('data', (c: Buffer) => (err += c.toString()));
  let ended = false;
  const closed = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('close', (code, signal) => {
      ended = true;
      for (const w of [...waiters]) w();
      resolve({ code, signal });
    }),
  );
  const waitFor = (pattern: RegExp, ms = 120_000) =>
    new Promise<RegExpExecArray>((resolve, reject) => {
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(
          new Error(
            `${script}: no ${pattern} within ${ms} ms\nstdout: ${out.slice(-2000)}\nstderr: ${err.slice(-2000)}`,
          ),
        );
      }, ms);
      const check = () => {
        const m = pattern.exec(out);
        if (m || ended) {
          waiters.delete(check);
          clearTimeout(timer);
          if (m) resolve(m);
          else
            reject(
              new Error(
                `${script} ended (${child.exitCode ?? child.signalCode}) before ${pattern}\nstdout: ${out.slice(-2000)}\nstderr: ${err.slice(-2000)}`,
              ),
            );
        }
      };
      waiters.add(check);
      check();
    });
  return { child, out: () => out, err: () => err, waitFor, closed };
}
