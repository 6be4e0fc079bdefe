// Ingest benchmark: one round of the live market over 5,000 exchange tickers (fetch from five
// in-process sources, aggregate, write exchanges, pairs, volumes, provenance, then the coins'
// prices and candles through the realtime writer), against one round of the simulated market in
// the same process on the same database: the time of a round and the longest event-loop stall
// while it runs, and their ratios. The sources are synthetic (no network): what is measured is
// Coinlens's own work on their answers.
//
// Knobs: BENCH_INGEST_TICKERS (default 5000), BENCH_INGEST_ROUNDS (measured rounds, default 10).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { machine, root, writeResults } from './lib.mjs';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'coinlens-bench-ingest-'));
try {
  const r = spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'scripts/bench/ingest-child.ts')], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'error', LIVE: 'off' },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const line = r.stdout.trim().split('\n').at(-1) ?? '';
  if (r.status !== 0 || !line.startsWith('{')) {
    console.error(r.stdout);
    throw new Error(`the ingest benchmark's process failed (exit ${r.status})`);
  }
  const m = JSON.parse(line);
  const f = (x) => x.toFixed(1);
  const ratio = (a, b) => (b > 0 ? (a / b).toFixed(2) : 'n/a');
  const row = (name, x, base) => ({
    market: name,
    median: f(x.medianMs),
    max: f(x.maxMs),
    stall: f(x.medianStallMs),
    maxStall: f(x.maxStallMs),
    ratio: base ? ratio(x.medianMs, base.medianMs) : '1.00',
    stallRatio: base ? ratio(x.medianStallMs, base.medianStallMs) : '1.00',
  });
  writeResults(
    'ingest',
    {
      title: 'Ingest: a live-market round against a simulated-market round',
      at: new Date().toISOString(),
      machine,
      note:
        `${m.tickers} synthetic spot tickers from five sources over ${m.coins} coins; ${m.rounds} measured rounds after two warm-up rounds, ` +
        'each round with its database writes. Times in ms (median and max of the rounds); stall = the longest event-loop delay ' +
        '(monitorEventLoopDelay, 1 ms resolution) while a round ran. ratio = live ÷ simulated (which moves the top 100 coins).',
    },
    [
      { key: 'market', label: 'market' },
      { key: 'median', label: 'round median (ms)' },
      { key: 'max', label: 'round max (ms)' },
      { key: 'stall', label: 'stall median (ms)' },
      { key: 'maxStall', label: 'stall max (ms)' },
      { key: 'ratio', label: 'ratio (time)' },
      { key: 'stallRatio', label: 'ratio (stall)' },
    ],
    [row(`live sources (${m.tickers} tickers)`, m.live, m.sim), row('simulated (100 coins)', m.sim)],
  );
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}
