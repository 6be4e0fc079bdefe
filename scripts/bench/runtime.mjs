// Runtime benchmark: how smoothly the server process runs while the simulated market ticks,
// and how much memory it holds after a load run.
//
//   - Event-loop delay (perf_hooks.monitorEventLoopDelay inside the server process, see
//     server-child.mjs) while the simulator runs at its default interval under a light page
//     load: the target is p99 ≤ 10 ms. Two more rows tell where delay comes from: the simulator
//     with no page load, and the same light load with the simulator off.
//     Beside each phase, a control: an idle Node process measuring its own event loop the same
//     way. On a shared, oversubscribed machine a process waits for a core now and then; the
//     control shows that floor, so a high p99 of the server next to a low one of the control is
//     the server's own, and a high one of both is the machine's.
//   - RSS of the Node process after a heavy load run over many pages (target ≤ 200 MB), and the
//     embedded PostgreSQL server's memory beside it (its processes' PSS and RSS, from /proc).
//
// Knobs: BENCH_RUNTIME_DURATION (seconds per event-loop phase, default 30), BENCH_LIGHT_RATE
// (requests per second of the light load, default 10), BENCH_DURATION (seconds of the heavy
// load run, default 10), BENCH_CONNECTIONS (heavy load, default 10).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { ensureBuild } from '../ensure-build.mjs';
import { load, machine, mb, postgresMemory, startChild, verdict, writeResults } from './lib.mjs';

const PHASE = Number(process.env.BENCH_RUNTIME_DURATION ?? 30);
const LIGHT_RATE = Number(process.env.BENCH_LIGHT_RATE ?? 10);
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const PORT = 4720;
const ELD_TARGET_MS = 10;
const RSS_TARGET_MB = 200;

/** The light load: the five main pages in turn, one connection, a fixed rate. */
const LIGHT = ['/', '/coin/list_1', '/coin/bitcoin', '/news', '/kline/BTC'].map((p) => ({ method: 'GET', path: p }));
/** The heavy load: many distinct pages, so the micro-cache and the pool hold what a busy site holds. */
const HEAVY = [
  ...LIGHT.map((r) => r.path),
  ...Array.from({ length: 10 }, (_, i) => `/coin/list_${i + 1}`),
  ...['bitcoin', 'ethereum', 'tether', 'solana', 'dogecoin', 'cardano', 'chainlink', 'litecoin'].flatMap((c) => [
    `/coin/${c}`,
    `/coin/${c}/market`,
  ]),
  '/exchange/list_1',
  '/exchange/binance',
  '/pairs',
  '/futures',
  '/lives',
  '/rank?type=rise',
  '/hot',
  '/flow',
  '/search?q=bit',
  '/zh/coin/list_1',
  '/ko/',
].map((p) => ({ method: 'GET', path: p }));

async function lightLoad(url) {
  return load(url, { duration: PHASE, connections: 1, overallRate: LIGHT_RATE, requests: LIGHT });
}

/**
 * The control: an idle Node process with the same event-loop histogram as server-child.mjs,
 * printing its p99 and max (ms late) when stopped.
 */
function startControl() {
  const code = `
    const { monitorEventLoopDelay } = require('node:perf_hooks');
    const h = monitorEventLoopDelay({ resolution: 2 });
    h.enable();
    const late = (ns) => Math.max(0, Math.round((ns / 1e6 - 2) * 100) / 100);
    setInterval(() => {}, 1000);
    process.on('SIGTERM', () => { process.stdout.write(JSON.stringify({ p99: late(h.percentile(99)), max: late(h.max) })); process.exit(0); });`;
  const child = spawn(process.execPath, ['-e', code], { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  return {
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve(JSON.parse(out || '{}')));
        child.kill('SIGTERM');
      }),
  };
}

/** Runs one phase with the control beside it; returns the control's figures and the load average. */
async function phase(fn) {
  const control = startControl();
  await sleep(200);
  const result = await fn();
  const c = await control.stop();
  return { result, control: c, loadavg: os.loadavg()[0].toFixed(1) };
}

const row = (name, stats, ph, extra = {}) => ({
  phase: name,
  p50: stats.eventLoop.p50,
  p99: stats.eventLoop.p99,
  max: stats.eventLoop.max,
  mean: stats.eventLoop.mean,
  controlP99: ph.control.p99,
  controlMax: ph.control.max,
  loadavg: ph.loadavg,
  rss: mb(stats.rss),
  ...extra,
});

ensureBuild();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'coinlens-bench-runtime-'));
try {
  const rows = [];
  // Seed first, on its own: a first start spends its first seconds migrating and seeding.
  let app = await startChild({ port: PORT, dataDir, env: { LIVE: 'off' } });
  await app.stop();

  app = await startChild({ port: PORT, dataDir, env: { LIVE: 'sim' } });
  const interval = process.env.LIVE_INTERVAL_MS ? `${process.env.LIVE_INTERVAL_MS} ms` : '3000 ms, the default';
  await load(app.url, { duration: 3, connections: 1, requests: LIGHT });
  await app.stats({ reset: true });
  const simPhase = await phase(() => lightLoad(app.url));
  const simLoaded = await app.stats({ reset: true });
  rows.push(
    row(`simulator on (interval ${interval}) + light load (${LIGHT_RATE} req/s, 5 pages)`, simLoaded, simPhase, {
      rps: simPhase.result.requestsPerSecond,
      target: `p99 ≤ ${ELD_TARGET_MS} ms`,
      met: verdict(simLoaded.eventLoop.p99 <= ELD_TARGET_MS),
    }),
  );
  const idlePhase = await phase(() => sleep(PHASE * 1000));
  rows.push(row('simulator on, no page load', await app.stats({ reset: true }), idlePhase));

  // The heavy load run, then memory: right after, and after a few idle seconds.
  const before = await app.stats();
  const heavy = await load(app.url, { duration: DURATION, connections: CONNECTIONS, requests: HEAVY });
  const after = await app.stats();
  const pg = postgresMemory(dataDir);
  await sleep(5000);
  const settled = await app.stats();
  await app.stop();

  app = await startChild({ port: PORT, dataDir, env: { LIVE: 'off' } });
  await load(app.url, { duration: 3, connections: 1, requests: LIGHT });
  await app.stats({ reset: true });
  const offPhase = await phase(() => lightLoad(app.url));
  rows.push(
    row(`simulator off + the same light load`, await app.stats({ reset: true }), offPhase, {
      rps: offPhase.result.requestsPerSecond,
    }),
  );
  await app.stop();

  const memory = [
    { what: 'Node process, started and warmed (before the load run)', mb: mb(before.rss), heap: mb(before.heapUsed) },
    {
      what: `Node process right after the load run (${HEAVY.length} pages, ${CONNECTIONS} connections, ${DURATION} s, ${heavy.requestsPerSecond} req/s)`,
      mb: mb(after.rss),
      heap: mb(after.heapUsed),
      target: `≤ ${RSS_TARGET_MB} MB`,
      met: verdict(after.rss <= RSS_TARGET_MB * 2 ** 20),
    },
    {
      what: 'Node process 5 s later',
      mb: mb(settled.rss),
      heap: mb(settled.heapUsed),
      target: `≤ ${RSS_TARGET_MB} MB`,
      met: verdict(settled.rss <= RSS_TARGET_MB * 2 ** 20),
    },
    { what: `embedded PostgreSQL after the load run, PSS of ${pg?.processes ?? 0} processes`, mb: mb(pg?.pss) },
    { what: 'embedded PostgreSQL, RSS summed (counts shared buffers once per process)', mb: mb(pg?.rss) },
  ];

  writeResults(
    'runtime',
    {
      title: 'Runtime: event-loop delay while the simulated market runs, and memory after a load run',
      at: new Date().toISOString(),
      machine,
      note: [
        `Event-loop delay: perf_hooks.monitorEventLoopDelay (2 ms resolution) in the server process, reported as how late its timer fired (ms); ${PHASE} s per phase.`,
        'Light load: autocannon, 1 connection, the five main pages in turn at a fixed rate, default page micro-cache.',
        "control p99/max: an idle Node process measuring its own event loop during the same phase (the machine's scheduling floor); load avg: the 1-minute load average at the end of the phase (2 cores).",
      ].join('\n'),
      memory: { before, after, settled, postgres: pg },
    },
    [
      { key: 'phase', label: 'phase' },
      { key: 'rps', label: 'req/s' },
      { key: 'p50', label: 'p50 ms' },
      { key: 'p99', label: 'p99 ms' },
      { key: 'max', label: 'max ms' },
      { key: 'mean', label: 'mean ms' },
      { key: 'controlP99', label: 'control p99 ms' },
      { key: 'controlMax', label: 'control max ms' },
      { key: 'loadavg', label: 'load avg' },
      { key: 'target', label: 'target' },
      { key: 'met', label: 'met' },
    ],
    rows,
    [
      {
        key: 'memoryRows',
        title: 'Memory',
        header: [
          { key: 'what', label: 'process' },
          { key: 'mb', label: 'MB' },
          { key: 'heap', label: 'JS heap used MB' },
          { key: 'target', label: 'target' },
          { key: 'met', label: 'met' },
        ],
        rows: memory,
      },
    ],
  );
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}
