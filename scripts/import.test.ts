/** The import command as an operator runs it: exit codes and messages. */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres } from '../src/server/db/embedded.ts';

const run = promisify(execFile);
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

async function importCmd(args: string[], env: Record<string, string> = {}) {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', 'scripts/import.ts', ...args], {
      env: { ...process.env, LANG: 'en_US.UTF-8', ...env },
    });
    return { code: 0, stdout, stderr };
  } catch (e) {
    const err = e as { code: number; stdout: string; stderr: string };
    return { code: err.code, stdout: err.stdout, stderr: err.stderr };
  }
}

describe('npm run import', () => {
  it('imports beside a running server on the same embedded database, and leaves it running', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'coinlens-import-'));
    dirs.push(dir);
    const server = await startEmbeddedPostgres({ dataDir: dir, role: 'server', durability: 'scratch', log: () => {} });
    try {
      const r = await importCmd(['tests/fixtures/feeds', '--kind', 'news'], {
        DATA_DIR: dir,
        DATABASE_URL: '',
        SEED: 'off',
        LOG_LEVEL: 'error',
      });
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
      const client = new pg.Client(server.connection);
      await client.connect();
      const { rows } = await client.query<{ n: number }>('select count(*)::int as n from articles');
      await client.end();
      expect(rows[0]!.n).toBeGreaterThan(0);
    } finally {
      await server.stop();
    }
    // The server was the last user: its stop shut the cluster down.
    expect(fs.existsSync(path.join(dir, 'pg', 'postmaster.pid'))).toBe(false);
  });

  it('explains bad arguments with exit code 2, and checks a source in a dry run', async () => {
    const bad = await importCmd(['--kind', 'blog', 'x']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('Invalid arguments: --kind must be one of news, research, lives, announcements');
    expect(bad.stderr).toContain('Usage: npm run import -- <source> [options]');
    const dry = await importCmd(['tests/fixtures/feeds', '--dry-run', '--lang', 'zh']);
    expect(dry.code).toBe(0);
    expect(dry.stdout).toContain('试运行：从 8 个文档读取 15 个条目；未写入任何数据。');
    const missing = await importCmd(['tests/fixtures/none', '--dry-run']);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('Cannot read the source: tests/fixtures/none: no such file or directory');
  });
});
