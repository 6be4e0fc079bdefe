import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 4399);
// Servers started by the suite (this config's and the specs' own, which inherit the environment)
// never reach the real content sources; the content spec points CONTENT_SOURCES at a local fake.
process.env.CONTENT ??= 'off';
/** Point the suite at a server that is already running (a dev server, say) instead of starting one. */
const EXTERNAL = process.env.E2E_BASE_URL;
/** tests/e2e/dev-server.spec.ts alone (.ci/run): it starts `astro dev` itself and needs no built server. */
const DEV_CHECK = !!process.env.DEV_SERVER_CHECK;
export const MOBILE_ORIGIN = 'http://m.coinlens.test';

/** Browser tests against the built server on a fresh data directory, in Debian's chromium. */
export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: process.env.CI ? 2 : 3,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: EXTERNAL ?? `http://127.0.0.1:${PORT}`,
    trace: 'off',
    screenshot: 'only-on-failure',
    ...devices['Desktop Chrome'],
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-dev-shm-usage',
      ],
    },
  },
  webServer:
    EXTERNAL || DEV_CHECK
      ? undefined
      : {
          command: 'node tests/e2e/server.mjs',
          url: `http://127.0.0.1:${PORT}/api/health`,
          timeout: 180_000,
          reuseExistingServer: false,
          // SIGTERM lets tests/e2e/server.mjs stop its PostgreSQL server (which runs in a session of its
          // own) and remove the data directory; Playwright's default SIGKILL left both behind every run.
          gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
          stdout: 'pipe',
          stderr: 'pipe',
          // NOTIFY_INTERVAL_MS and PUSH_LOOPBACK: the push spec's fake push service on 127.0.0.1 gets its notification within a second or two.
          env: {
            PORT: String(PORT),
            HOST: '127.0.0.1',
            LIVE: 'sim',
            MOBILE_ORIGIN,
            LOG_LEVEL: 'error',
            LIVE_INTERVAL_MS: '2000',
            NOTIFY_INTERVAL_MS: '1000',
            PUSH_LOOPBACK: '1',
          },
        },
});
