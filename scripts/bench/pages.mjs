// Page-serving benchmark: autocannon against the built server for /coin/list_1 and
// /coin/bitcoin, cold (straight after a fresh start) and warm (after a warm-up run), next to a
// bare node:http server answering the very same bytes; and with the page micro-cache off
// (`off`: every request rendered). The ratio (Coinlens ÷ bare) is what to
// watch: the machines are shared and noisy, absolute numbers are not comparable between runs.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { ensureBuild } from '../ensure-build.mjs';
import { load, startChild, writeResults } from './lib.mjs';

const PATHS = ['/coin/list_1', '/coin/bitcoin'];
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const PORT = 4610;
const BARE_PORT = 4611;

ensureBuild();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'coinlens-bench-'));
// The simulated market would change the pages between runs; benchmarks read a still market.
const env = { LIVE: 'off' };
try {
  // First start seeds the data directory; later starts reuse it, like a restarted production server.
  let app = await startChild({ port: PORT, dataDir, env });
  const bodies = {};
  for (const p of PATHS) {
    const res = await fetch(app.url + p);
    if (!res.ok) throw new Error(`${p}: HTTP ${res.status}`);
    bodies[p] = { type: res.headers.get('content-type') ?? 'text/html', body: Buffer.from(await res.arrayBuffer()) };
  }
  await app.stop();

  const bare = http.createServer((req, res) => {
    const hit = bodies[req.url ?? ''];
    if (!hit) return res.writeHead(404).end();
    res.writeHead(200, { 'content-type': hit.type, 'content-length': hit.body.length }).end(hit.body);
  });
  await new Promise((r) => bare.listen(BARE_PORT, '127.0.0.1', () => r(undefined)));

  const rows = [];
  for (const p of PATHS) {
    app = await startChild({ port: PORT, dataDir, env });
    const cold = await load(app.url + p, { duration: Math.max(2, Math.round(DURATION / 2)), connections: CONNECTIONS });
    await load(app.url + p, { duration: 3, connections: CONNECTIONS });
    const warm = await load(app.url + p, { duration: DURATION, connections: CONNECTIONS });
    await app.stop();
    // Without the page micro-cache every request is rendered: the cost of a render itself.
    app = await startChild({ port: PORT, dataDir, env: { ...env, PAGE_CACHE_MS: '0' } });
    await load(app.url + p, { duration: 3, connections: CONNECTIONS });
    const rendered = await load(app.url + p, { duration: DURATION, connections: CONNECTIONS });
    await app.stop();
    const base = await load(`http://127.0.0.1:${BARE_PORT}${p}`, { duration: DURATION, connections: CONNECTIONS });
    for (const [cache, r] of [['cold', cold], ['warm', warm], ['off', rendered]]) {
      rows.push({
        path: p,
        cache,
        bytes: bodies[p].body.length,
        rps: r.requestsPerSecond,
        p50: r.latencyP50Ms,
        p99: r.latencyP99Ms,
        bareRps: base.requestsPerSecond,
        bareP50: base.latencyP50Ms,
        ratio: (r.requestsPerSecond / base.requestsPerSecond).toFixed(3),
      });
    }
  }
  bare.close();
  writeResults(
    'pages',
    {
      title: 'Page serving: Coinlens vs a bare node:http server with the same bytes',
      at: new Date().toISOString(),
      machine: `${os.cpus().length} CPU, ${Math.round(os.totalmem() / 2 ** 30)} GiB`,
      note: `autocannon, ${CONNECTIONS} connections, ${DURATION} s per warm run (cold: the first ${Math.max(2, Math.round(DURATION / 2))} s after a fresh start). ratio = Coinlens req/s ÷ bare req/s.`,
    },
    [
      { key: 'path', label: 'path' },
      { key: 'cache', label: 'cache' },
      { key: 'bytes', label: 'bytes' },
      { key: 'rps', label: 'req/s' },
      { key: 'p50', label: 'p50 ms' },
      { key: 'p99', label: 'p99 ms' },
      { key: 'bareRps', label: 'bare req/s' },
      { key: 'bareP50', label: 'bare p50 ms' },
      { key: 'ratio', label: 'ratio' },
    ],
    rows,
  );
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}
