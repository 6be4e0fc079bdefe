// `npm start` with a bad setting stops with the configuration's error, naming the variable, and
// nothing else (it used to blame the database after the ConfigError). No database is started.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 4399) + 72;

test('a bad configuration value stops the server with that value’s error', async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'coinlens-config-'));
  try {
    const child = spawn(process.execPath, ['scripts/start.mjs'], {
      env: {
        ...process.env,
        PORT: String(PORT),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LIVE: 'sim',
        SOURCES: 'binance,nasdaq',
        LOG_LEVEL: 'error',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout!.on('data', (d: Buffer) => void (out += d.toString()));
    child.stderr!.on('data', (d: Buffer) => void (out += d.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(1);
    expect(out).toContain('Coinlens could not start: Invalid configuration:');
    expect(out).toMatch(
      /SOURCES[.\d]*: must be a comma-separated list of binance, binance-futures, okx, bybit, kraken/,
    );
    expect(out).not.toMatch(/database/i);
    expect(out).not.toContain('[router]');
    // It stopped before opening anything: the data directory is as it was.
    expect(fs.readdirSync(dataDir)).toEqual([]);
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
