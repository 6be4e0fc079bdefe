/**
 * People's data survives a crash: a registration answered with code 0 is still there after the
 * server process and its embedded PostgreSQL are both killed with SIGKILL right after the
 * answer (what a power cut does to the processes; fsync is on, so the commit is on disk).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { DB_NAME, DB_USER } from '../../../server/db/embeddedCluster.ts';
import { killPostgres } from '../../../../tests/setup/processes.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'coinlens-durable-'));
// No demo data: an account needs none, and the seed would be most of the test's time.
const env = { ...process.env, DATA_DIR: dir, DATABASE_URL: '', LIVE: 'off', SEED: 'off', LOG_LEVEL: 'error' };

afterAll(() => {
  killPostgres(dir, 'SIGQUIT');
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Runs the child until it prints `until`, then SIGKILLs it (and its database server). */
function runAndKill(args: string[], until: RegExp, childEnv: NodeJS.ProcessEnv = env): Promise<string> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/setup/register-child.ts', ...args], {
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (c: Buffer) => {
      out += c.toString();
      if (until.test(out)) {
        child.kill('SIGKILL');
        if (childEnv === env) killPostgres(dir, 'SIGKILL');
        child.once('exit', () => resolve(out));
      }
    });
    child.stderr.on('data', (c: Buffer) => (err += c.toString()));
    child.once('exit', (code) => {
      if (!until.test(out)) reject(new Error(`child exited with ${code}: ${out} ${err}`));
    });
  });
}

const external = process.env.TEST_DATABASE_URL;
// The external-server stage runs the variant below; this one would only repeat npm test's.
describe.skipIf(Boolean(external))('a registration answered with code 0', () => {
  it('survives kill -9 of the server and its PostgreSQL right after the answer', async () => {
    const names = ['durable_one', 'durable_two', 'durable_three'];
    for (const name of names) {
      const out = await runAndKill([name, `${name}@example.com`], /ACK|NACK/);
      expect(out).toContain('ACK');
      expect(out).not.toContain('NACK');
    }
    // A clean start recovers the database; every acknowledged account is there.
    const start = spawn(process.execPath, ['--import', 'tsx', 'tests/setup/boot-child.ts'], {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    await new Promise<void>((resolve, reject) => {
      let out = '';
      start.stdout.on('data', (c: Buffer) => {
        out += c.toString();
        if (out.includes('READY')) resolve();
      });
      start.once('exit', (code) => reject(new Error(`exited ${code}`)));
    });
    const client = new pg.Client({ host: path.join(dir, 'run'), port: 5432, user: DB_USER, database: DB_NAME });
    await client.connect();
    const { rows } = await client.query<{ username: string }>(
      'select username from users where username like $1 order by id',
      ['durable\\_%'],
    );
    await client.end();
    expect(rows.map((r) => r.username)).toEqual(names);
    const exited = new Promise((r) => start.once('exit', r));
    start.kill('SIGTERM');
    await exited;
  }, 300_000);
});

// CI's PostgreSQL stage: the same promise on an external server (only the Node process dies;
// the server is shared, so it is not ours to kill).
describe.runIf(Boolean(external))('a registration answered with code 0, on an external PostgreSQL', () => {
  it('survives kill -9 of the server process right after the answer', async () => {
    const name = `coinlens_durable_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: external });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(external!);
    url.pathname = `/${name}`;
    try {
      const childEnv = {
        ...env,
        DATABASE_URL: url.toString(),
        DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'coinlens-durable-ext-')),
      };
      const out = await runAndKill(['durable_ext', 'durable_ext@example.com'], /ACK|NACK/, childEnv);
      expect(out).not.toContain('NACK');
      const client = new pg.Client({ connectionString: url.toString() });
      await client.connect();
      const { rows } = await client.query<{ username: string }>(
        "select username from users where username = 'durable_ext'",
      );
      await client.end();
      expect(rows).toHaveLength(1);
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  }, 300_000);
});
