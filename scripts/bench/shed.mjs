// Load-shedding benchmark: the health probe's latency while uncached searches arrive faster than
// the process can render them (the probe of issue 11 saw p50 1.4 s at ~20 searches/s).
//
// Two servers on the same data directory, one with shedding on (the defaults), one with its
// limits and bound lifted (what the site did before); on each, health checked every 100 ms in:
//   - idle: nothing else (the baseline that server's ratios divide by);
//   - floods of unique searches, each from its own address (TRUST_PROXY=1 and X-Forwarded-For),
//     so per-client limits do not help and the bound on concurrent work must;
//   - with shedding on, the first flood from one address: the per-client limit answers most 429.
// Requests go out at a fixed rate whatever the answers (an open loop, like real visitors).
//
// BENCH_SHED_RATES (searches per second, comma-separated, default 20,60), BENCH_SHED_DURATION
// (seconds per phase, default 15).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureBuild } from '../ensure-build.mjs';
import { machine, startChild, verdict, writeResults } from './lib.mjs';

const RATES = String(process.env.BENCH_SHED_RATES ?? '20,60')
  .split(',')
  .map(Number)
  .filter((n) => n > 0);
const DURATION = Number(process.env.BENCH_SHED_DURATION ?? 15);
const PORT = 4770;
/** Health p50 under the flood with shedding on, at most this many times its idle p50. */
const TARGET_RATIO = 10;

const percentile = (values, p) => {
  if (!values.length) return NaN;
  const v = [...values].sort((a, b) => a - b);
  return v[Math.min(v.length - 1, Math.floor((p / 100) * v.length))];
};

async function timed(url, headers) {
  const t0 = performance.now();
  try {
    const res = await fetch(url, { headers });
    await res.arrayBuffer();
    return { status: res.status, ms: performance.now() - t0 };
  } catch {
    return { status: 0, ms: performance.now() - t0 };
  }
}

/** One phase: health every 100 ms, and `rate` searches a second (0: none) for DURATION s. */
async function phase(base, label, { rate, sameAddress = false, seconds = DURATION }) {
  const health = [];
  const searches = [];
  const pending = [];
  const started = Date.now();
  let n = 0;
  const probe = setInterval(() => pending.push(timed(`${base}/api/health`).then((r) => health.push(r))), 100);
  const flood = rate
    ? setInterval(() => {
        const i = n++;
        const ip = sameAddress ? '198.18.0.1' : `198.18.${(i >> 8) & 255}.${i & 255}`;
        pending.push(
          timed(`${base}/search?q=shed${started}x${i}`, { 'x-forwarded-for': ip }).then((r) => searches.push(r)),
        );
      }, 1000 / rate)
    : null;
  await new Promise((r) => setTimeout(r, seconds * 1000));
  clearInterval(probe);
  if (flood) clearInterval(flood);
  await Promise.all(pending);
  const count = (pred) => searches.filter(pred).length;
  const ok = searches.filter((r) => r.status === 200).map((r) => r.ms);
  return {
    phase: label,
    healthN: health.length,
    healthP50: percentile(
      health.map((r) => r.ms),
      50,
    ).toFixed(1),
    healthP99: percentile(
      health.map((r) => r.ms),
      99,
    ).toFixed(1),
    healthErrors: health.filter((r) => r.status !== 200).length,
    searches: searches.length,
    s200: count((r) => r.status === 200),
    s429: count((r) => r.status === 429),
    s503: count((r) => r.status === 503),
    sOther: count((r) => ![200, 429, 503].includes(r.status)),
    searchP50: ok.length ? percentile(ok, 50).toFixed(0) : '--',
  };
}

/** The phases of one server configuration, each ratio against that server's own idle p50. */
async function run(dataDir, label, env) {
  const app = await startChild({ port: PORT, dataDir, env: { LIVE: 'off', TRUST_PROXY: '1', ...env } });
  const rows = [];
  try {
    // Warm up (compiled code, pools, PostgreSQL's caches) with a short flood first.
    const warm = DURATION;
    await phase(app.url, 'warm-up', { rate: RATES[0], seconds: Math.min(5, warm) });
    const idle = await phase(app.url, `idle, ${label}`, { rate: 0 });
    rows.push(idle);
    for (const rate of RATES) rows.push(await phase(app.url, `${rate}/s, many addresses, ${label}`, { rate }));
    if (!env.EXPENSIVE_BURST)
      rows.push(await phase(app.url, `${RATES[0]}/s, one address, ${label}`, { rate: RATES[0], sameAddress: true }));
    const base = Number(idle.healthP50);
    for (const row of rows) row.ratio = base > 0 ? (Number(row.healthP50) / base).toFixed(1) : 'n/a';
  } finally {
    await app.stop();
  }
  return rows;
}

async function main() {
  ensureBuild();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'coinlens-bench-shed-'));
  const rows = [];
  try {
    rows.push(...(await run(dataDir, 'shedding on', {})));
    rows.push(
      ...(await run(dataDir, 'shedding off', {
        EXPENSIVE_BURST: '1000000',
        EXPENSIVE_PER_MINUTE: '1000000',
        EXPENSIVE_CONCURRENCY: '100000',
      })),
    );
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  const heaviest = rows.find((r) => r.phase === `${RATES[RATES.length - 1]}/s, many addresses, shedding on`);
  writeResults(
    'shed',
    {
      title: 'Load shedding: the health probe under a flood of uncached searches',
      at: new Date().toISOString(),
      machine,
      note:
        `Unique /search?q=… at ${RATES.join(' and ')} per second for ${DURATION} s per phase, sent at a fixed rate whatever the answers; /api/health every 100 ms. ` +
        `ratio = health p50 ÷ the same server's idle health p50; target: ≤ ${TARGET_RATIO} at ${RATES[RATES.length - 1]}/s with shedding on, no health errors: ` +
        `${verdict(Number(heaviest?.ratio) <= TARGET_RATIO && heaviest?.healthErrors === 0)}. ` +
        'Shedding off lifts the per-client limit and the bound on concurrent work (what the site did before). Each server warms up with a short flood first.',
    },
    [
      { key: 'phase', label: 'phase' },
      { key: 'healthN', label: 'health checks' },
      { key: 'healthP50', label: 'health p50 ms' },
      { key: 'healthP99', label: 'health p99 ms' },
      { key: 'ratio', label: 'p50 ratio' },
      { key: 'healthErrors', label: 'health errors' },
      { key: 'searches', label: 'searches' },
      { key: 's200', label: '200' },
      { key: 's429', label: '429' },
      { key: 's503', label: '503' },
      { key: 'sOther', label: 'other' },
      { key: 'searchP50', label: 'search p50 ms (200s)' },
    ],
    rows,
  );
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
