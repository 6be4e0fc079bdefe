// Temporary: screenshots of the market pages on live data from a fake Binance (not committed).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { fixture, startFakeUpstream } from './tests/setup/fakeUpstream.ts';

const started = Date.now();
type T = { symbol: string; lastPrice: string; closeTime: number };
const up = await startFakeUpstream({
  '/api/v3/exchangeInfo': { body: fixture('binance', 'exchangeInfo') },
  '/api/v3/ticker/24hr': () => ({
    body: fixture<T[]>('binance', 'ticker-24hr')
      .filter((t) => ['BTCUSDT', 'ETHUSDT', 'SOLUSDT', 'BTCFDUSD'].includes(t.symbol))
      // Ether's figures stop at the start: after STALE_MS it is stale.
      .map((t) => ({ ...t, closeTime: t.symbol === 'ETHUSDT' ? started : Date.now() })),
  }),
});
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'coinlens-shots-'));
const server = spawn(process.execPath, ['scripts/start.mjs'], {
  env: { ...process.env, PORT: '4411', HOST: '127.0.0.1', DATA_DIR: dataDir, LIVE: 'sources', SOURCES: 'binance', BINANCE_URL: up.url, BINANCE_STREAM_URL: 'ws://127.0.0.1:9/none', INGEST_INTERVAL_MS: '1000', STALE_MS: '5000', FIAT_RATES_URL: '', COINGECKO_API_KEY: '', BACKFILL_COINS: '0', LOG_LEVEL: 'error' },
  stdio: ['ignore', 'inherit', 'inherit'],
});
try {
  for (let i = 0; i < 240; i++) {
    const ok = await fetch('http://127.0.0.1:4411/api/health').then((r) => r.ok).catch(() => false);
    if (ok) break;
    await new Promise((r) => setTimeout(r, 1000));
  }
  await new Promise((r) => setTimeout(r, 9000));
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'] });
  for (const [w, h] of [[1440, 1000], [390, 844]] as const) {
    const page = await browser.newPage({ viewport: { width: w, height: h } });
    for (const prefix of ['/en', '/zh']) {
      for (const [name, p] of [['list', '/coin/list_1'], ['coin', '/coin/ethereum'], ['home', '/'], ['btc', '/coin/bitcoin']] as const) {
        await page.goto(`http://127.0.0.1:4411${prefix}${p === '/' ? '' : p}`);
        await page.screenshot({ path: `/tmp/market-shots/${name}-${prefix.slice(1)}-${w}.png`, fullPage: name === 'list' });
      }
    }
    await page.close();
  }
  await browser.close();
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  await up.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
