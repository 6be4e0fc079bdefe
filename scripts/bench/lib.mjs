// Shared pieces of the benchmarks: a Coinlens server in a child process, autocannon runs,
// and writing results as JSON plus a Markdown table under bench/results/.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { ensureBuild } from '../ensure-build.mjs';
import { SERVER_ENV, SERVER_NODE_FLAGS } from '../../src/server/http/node/runtimeEnv.mjs';

export const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');

export const machine = `${os.cpus().length} CPU, ${Math.round(os.totalmem() / 2 ** 30)} GiB`;

/** The SPEC §7 day signature `t` that API requests carry (src/lib/signature.ts). */
export async function signature(now = Date.now(), salt = process.env.SIGN_SALT ?? 'coinlens') {
  const day = Math.floor(now / 86_400_000) * 86_400_000;
  return createHash('sha256').update(`${day}:${salt}`).digest('hex').slice(0, 16);
}

/**
 * Starts the built server in its own process (so the load generator does not share its event
 * loop) and resolves once it answers /api/health. `env` is added to the child's environment.
 * `stats({ reset })` asks the child over IPC for its event-loop delay since the last reset and
 * its memory (server-child.mjs measures them in-process, so the product needs no hook).
 */
export async function startChild({ port, dataDir, env = {}, execArgv = [] }) {
  const child = spawn(
    process.execPath,
    [...SERVER_NODE_FLAGS, ...execArgv, path.join(root, 'scripts/bench/server-child.mjs')],
    {
      env: {
        ...process.env,
        ...SERVER_ENV,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'error',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
    },
  );
  let asked = 0;
  const waiting = new Map();
  child.on('message', (msg) => {
    waiting.get(msg?.id)?.(msg);
    waiting.delete(msg?.id);
  });
  await new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
      if (out.includes('READY')) resolve(undefined);
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code} before it was ready`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid,
    dataDir,
    /** { eventLoop: { p50, p99, max, mean } in ms, rss, heapUsed in bytes }; `reset` restarts the histogram. */
    stats: ({ reset = false } = {}) =>
      new Promise((resolve) => {
        const id = ++asked;
        waiting.set(id, resolve);
        child.send({ type: 'stats', id, reset });
      }),
    stop: () =>
      new Promise((resolve) => {
        // A server that already died would never emit 'exit' again.
        if (child.exitCode !== null || child.signalCode !== null) return resolve(undefined);
        child.once('exit', () => resolve(undefined));
        child.kill('SIGTERM');
      }),
  };
}

/**
 * Runs `measure(url, app)` against `external` when given (a server someone else runs; `app` is
 * null), else against the built app started on a throwaway data directory (LIVE=off unless `env`
 * says otherwise), stopped and removed after; `app` is startChild's handle (its `stats()`).
 */
export async function onServer(external, { port, prefix, env = {} }, measure) {
  if (external) return measure(external.replace(/\/$/, ''), null);
  ensureBuild();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  let app;
  try {
    app = await startChild({ port, dataDir, env: { LIVE: 'off', ...env } });
    return await measure(app.url, app);
  } finally {
    await app?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * autocannon appends every body chunk to a string (`body += chunk`), a UTF-8 decode that no
 * benchmark here reads. On compressed bodies, which are not text, that decode is slow: a
 * 31 KB br page cost the client 0.4 ms per response, five times the server's cost of a cache
 * hit, so the br rate measured the load generator (2,300 req/s, 11,500 without the decode).
 * Bytes are still counted (autocannon counts them from the socket, not from this string).
 */
function keepNoBodies(client) {
  client.pipelinedRequests.addBody = () => {};
}

/**
 * One autocannon run; returns requests/s and latency percentiles in ms. `headers` go with every
 * request, `requests` (autocannon's) cycles through several paths, `overallRate` caps the rate.
 */
export async function load(url, { duration = 10, connections = 10, headers, requests, overallRate } = {}) {
  const result = await autocannon({
    url,
    duration,
    connections,
    pipelining: 1,
    headers,
    requests,
    overallRate,
    setupClient: keepNoBodies,
  });
  if (result.non2xx > 0) throw new Error(`${url}: ${result.non2xx} non-2xx responses`);
  return {
    requestsPerSecond: Math.round(result.requests.average),
    /** Unrounded: completed requests ÷ seconds (slow pages complete a handful per run). */
    rate: result.requests.total / result.duration,
    latencyMeanMs: result.latency.average,
    bytesPerRequest: result.requests.total ? Math.round(result.throughput.total / result.requests.total) : 0,
    latencyP50Ms: result.latency.p50,
    latencyP97_5Ms: result.latency.p97_5,
    latencyP99Ms: result.latency.p99,
    errors: result.errors,
  };
}

/** Median of numbers (the middle one, or the mean of the two middle ones). */
export function median(values) {
  const v = [...values].sort((a, b) => a - b);
  if (!v.length) return NaN;
  const mid = Math.floor(v.length / 2);
  return v.length % 2 ? v[mid] : (v[mid - 1] + v[mid]) / 2;
}

/** "met" / "missed" for the results tables. */
export const verdict = (ok) => (ok ? 'met' : '**missed**');

/**
 * Memory of the embedded PostgreSQL server of a data directory: its postmaster (from
 * DATA_DIR/pg/postmaster.pid) and every child process, from /proc. RSS counts the shared
 * buffers once per process that touched them, so the sum overstates; PSS splits shared pages
 * between their processes and is the fair total. Null when not on Linux or not running.
 */
export function postgresMemory(dataDir) {
  try {
    const pid = Number(fs.readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);
    const pids = [pid];
    for (const entry of fs.readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
        const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
        if (ppid === pid) pids.push(Number(entry));
      } catch {
        // The process ended while we looked.
      }
    }
    let rss = 0;
    let pss = 0;
    for (const p of pids) {
      try {
        const rollup = fs.readFileSync(`/proc/${p}/smaps_rollup`, 'utf8');
        rss += Number(/^Rss:\s+(\d+)/m.exec(rollup)?.[1] ?? 0) * 1024;
        pss += Number(/^Pss:\s+(\d+)/m.exec(rollup)?.[1] ?? 0) * 1024;
      } catch {
        // Gone, or not readable.
      }
    }
    return { processes: pids.length, rss, pss };
  } catch {
    return null;
  }
}

export const mb = (bytes) => (bytes == null ? '--' : (bytes / 2 ** 20).toFixed(1));

/** Writes `<name>.json` and `<name>.md` into bench/results and prints the table. */
export function writeResults(name, meta, header, rows, more = []) {
  const dir = path.join(root, 'bench/results');
  fs.mkdirSync(dir, { recursive: true });
  const record = { ...meta, loadavg: os.loadavg(), rows, ...Object.fromEntries(more.map((m) => [m.key, m.rows])) };
  fs.writeFileSync(path.join(dir, `${name}.json`), `${JSON.stringify(record, null, 2)}\n`);
  // Cells may hold SQL: a pipe would end the cell, a newline the row.
  const cell = (v) =>
    String(v ?? '')
      .replace(/\|/g, '\\|')
      .replace(/\n/g, ' ');
  const table = (h, r) => [
    `| ${h.map((x) => x.label).join(' | ')} |`,
    `| ${h.map(() => '---').join(' | ')} |`,
    ...r.map((row) => `| ${h.map((x) => cell(row[x.key])).join(' | ')} |`),
  ];
  const md = [
    `# ${meta.title}`,
    '',
    // The machine is shared: its load when the results were written says how much to trust them.
    `Run ${meta.at} on Node ${process.version}, ${meta.machine}; load average ${os
      .loadavg()
      .map((x) => x.toFixed(1))
      .join(' / ')} (1, 5, 15 min) when written.`,
    '',
    meta.note ?? '',
    '',
    ...table(header, rows),
    '',
    // Further tables: { key (JSON field), title, header, rows, note }.
    ...more.flatMap((m) => [`## ${m.title}`, '', ...(m.note ? [m.note, ''] : []), ...table(m.header, m.rows), '']),
  ].join('\n');
  fs.writeFileSync(path.join(dir, `${name}.md`), md);
  console.log(`\n${md}`);
}

/**
 * One page of every page family (tests/e2e/families.ts, the list the accessibility scans visit),
 * without the error pages (they are measured by their own tests, and Lighthouse's SEO category
 * fails any page that is not a 200 by design).
 * A detail family's page is the first matching link of its list page's <main>.
 */
export async function familyPages(url) {
  const { tsImport } = await import('tsx/esm/api');
  const { FAMILIES } = await tsImport('../../tests/e2e/families.ts', import.meta.url);
  const pages = [];
  for (const f of FAMILIES) {
    if (f.status || f.theme) continue;
    if (f.path) {
      pages.push(f.path);
      continue;
    }
    const html = await (await fetch(url + f.list)).text();
    const main = html.slice(html.indexOf('<main'));
    const found = [...main.matchAll(/href="([^"?#]+)/g)].map((m) => m[1]).find((h) => f.detail.test(h));
    if (!found) throw new Error(`no link matching ${f.detail} on ${f.list}`);
    pages.push(found + (f.suffix ?? ''));
  }
  return pages;
}
