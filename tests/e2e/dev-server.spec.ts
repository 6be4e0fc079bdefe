/**
 * `npm run dev` as a developer uses it: the dev server on a fresh data directory (with LIVE=auto
 * and market sources that do not answer, as on a machine without network), a page whose React is
 * mounted by our own scripts (the coin page: its chart, the header's quick search) hydrating
 * without a console error, a start log without a warning, and Ctrl-C stopping the embedded
 * PostgreSQL server too.
 *
 * It takes a minute or two (the first request creates, migrates and seeds PostgreSQL, and Vite
 * compiles every module on demand), so it is not part of `npm test`: `.ci/run` runs it alone,
 * `DEV_SERVER_CHECK=1 npx playwright test tests/e2e/dev-server.spec.ts`, without the built
 * server (playwright.config.ts).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';

const PORT = Number(process.env.DEV_CHECK_PORT ?? 4397);
const BASE = `http://127.0.0.1:${PORT}`;

/** A local port nothing listens on (the market sources' address: every request refused). */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Pids of the PostgreSQL processes running on this data directory. */
function postgresOn(dataDir: string): number[] {
  const pids: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let cmd = '';
    try {
      cmd = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8');
    } catch {
      continue;
    }
    if (cmd.includes('postgres') && cmd.includes(path.join(dataDir, 'pg'))) pids.push(Number(entry));
  }
  return pids;
}

async function until<T>(what: string, ms: number, probe: () => Promise<T | undefined>): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

test.skip(
  !process.env.DEV_SERVER_CHECK,
  'the dev-server check runs in .ci/run (DEV_SERVER_CHECK=1): it takes a minute or two',
);

test('npm run dev: islands hydrate without errors, the start log has no warning, Ctrl-C stops PostgreSQL', async ({
  page,
}) => {
  test.setTimeout(420_000);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'coinlens-dev-'));
  const down = `http://127.0.0.1:${await closedPort()}`;
  let log = '';
  let dev: ChildProcess | undefined;
  try {
    // `npm run dev` is `astro dev`; started as node directly so the signal reaches it, not npm.
    dev = spawn(
      process.execPath,
      ['node_modules/astro/astro.js', 'dev', '--port', String(PORT), '--host', '127.0.0.1'],
      {
        env: {
          ...process.env,
          DATA_DIR: dataDir,
          LIVE: 'auto',
          SOURCES_PROBE_MS: '3000',
          ...Object.fromEntries(
            ['BINANCE_URL', 'BINANCE_FUTURES_URL', 'OKX_URL', 'BYBIT_URL', 'KRAKEN_URL'].map((k) => [k, down]),
          ),
          FIAT_RATES_URL: '',
          LOG_LEVEL: 'info',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    dev.stdout!.on('data', (d: Buffer) => (log += d.toString()));
    dev.stderr!.on('data', (d: Buffer) => (log += d.toString()));
    const exited = new Promise<number | null>((resolve) =>
      dev!.on('exit', (code, signal) => resolve(code ?? (signal ? 128 : null))),
    );

    // The first request starts the app: the embedded PostgreSQL server, migrations, the seed.
    await until('the dev server and its database', 300_000, async () =>
      (await fetch(`${BASE}/api/health`)).ok ? true : undefined,
    );
    expect(postgresOn(dataDir).length, 'the embedded PostgreSQL server runs').toBeGreaterThan(0);

    const problems: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error' || m.type() === 'warning') problems.push(`${m.type()}: ${m.text()}`);
    });
    page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
    await page.goto(`${BASE}/coin/bitcoin`, { timeout: 240_000 });
    // The coin chart draws (mounted by features/market/klines/client/watchPriceCharts.ts)…
    await expect(page.locator('.kline-canvas canvas').first()).toBeVisible({ timeout: 120_000 });
    // …and the quick search answers (features/search/client/mount.tsx).
    await page.getByTestId('quick-search-input').fill('btc');
    await expect(page.getByTestId('quick-search-results').getByRole('option').first()).toBeVisible({
      timeout: 120_000,
    });
    expect(problems).toEqual([]);
    // The probe gave up on the sources (the path that printed MaxListenersExceededWarning).
    await until('the market probe to give up', 60_000, async () =>
      /no market source answered/.test(log) ? true : undefined,
    );

    // Ctrl-C: the dev server goes, and the database server it started with it, also while
    // requests keep arriving (an open page's event stream reconnecting): one of them used to start
    // the app again, and that new PostgreSQL server outlived the dev server.
    let stopped = false;
    const knocking = (async () => {
      while (!stopped) {
        await fetch(`${BASE}/api/health`).catch(() => undefined);
        await new Promise((r) => setTimeout(r, 25));
      }
    })();
    dev.kill('SIGINT');
    await Promise.race([
      exited,
      new Promise((_, reject) => setTimeout(() => reject(new Error('the dev server did not stop')), 60_000)),
    ]).finally(() => (stopped = true));
    await knocking;
    await until('PostgreSQL to stop', 30_000, async () => (postgresOn(dataDir).length === 0 ? true : undefined));
    expect(fs.existsSync(path.join(dataDir, 'pg', 'postmaster.pid')), 'postmaster.pid left behind').toBe(false);
    expect(log.split('\n').filter((l) => /warn|deprecat/i.test(l))).toEqual([]);
  } catch (e) {
    // In the failure's own message: CI shows the end of its output, where the summary repeats it.
    const pgLog = fs.existsSync(path.join(dataDir, 'postgres.log'))
      ? fs.readFileSync(path.join(dataDir, 'postgres.log'), 'utf8').slice(-3000)
      : '(none)';
    (e as Error).message += `\n--- dev server log (end) ---\n${log.slice(-4000)}\n--- postgres.log (end) ---\n${pgLog}`;
    throw e;
  } finally {
    if (dev && dev.exitCode === null && dev.signalCode === null) dev.kill('SIGKILL');
    for (const pid of postgresOn(dataDir)) process.kill(pid, 'SIGQUIT');
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
