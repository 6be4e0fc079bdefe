// Live-price streaming benchmark: many server-sent-events clients on /api/stream/prices while
// the simulated market ticks, measuring tick-to-receive latency (the tick's `at`, set when the
// round's prices are computed, to the moment a client has the event) next to a bare node:http
// server that broadcasts the same number of events to the same number of clients. The ratio is
// what to watch: the machines are shared and noisy.
//
//   node scripts/bench/sse.mjs                   builds if needed, starts the server on a temp data dir
//   node scripts/bench/sse.mjs http://host:port  measures a running server (its own LIVE settings)
//
// BENCH_SSE_CLIENTS (default 1000), BENCH_SSE_DURATION (seconds, default 20),
// BENCH_SSE_INTERVAL_MS (the market's tick interval, default 1000), BENCH_SSE_COINS (coins
// per client, default 20, taken from the top 100).
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { startChild, writeResults } from './lib.mjs';

const CLIENTS = Number(process.env.BENCH_SSE_CLIENTS ?? 1000);
const DURATION = Number(process.env.BENCH_SSE_DURATION ?? 20);
const INTERVAL = Number(process.env.BENCH_SSE_INTERVAL_MS ?? 1000);
const COINS = Number(process.env.BENCH_SSE_COINS ?? 20);
const SALT = process.env.SIGN_SALT ?? 'coinlens';
const PORT = 4760;
const BARE_PORT = 4761;

/** The SPEC §7 day signature. */
function signature(now = Date.now()) {
  const day = Math.floor(now / 86_400_000) * 86_400_000;
  return createHash('sha256').update(`${day}:${SALT}`).digest('hex').slice(0, 16);
}

function percentile(sorted, p) {
  if (!sorted.length) return null;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });

/**
 * Opens one SSE client; every data event's latency (receive time − newest tick `at`) goes into
 * `sink.latencies` while `sink.recording` is on.
 */
function openClient(url, sink) {
  return new Promise((resolve) => {
    const client = { ok: false, ended: false, req: null };
    const req = http.get(url, { agent, headers: { accept: 'text/event-stream' } }, (res) => {
      if (res.statusCode !== 200) {
        res.resume();
        sink.failed++;
        return resolve(client);
      }
      client.ok = true;
      res.setEncoding('utf8');
      let buffer = '';
      res.on('data', (chunk) => {
        const now = Date.now();
        buffer += chunk;
        let cut;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const line = block.split('\n').find((l) => l.startsWith('data: '));
          if (!line) continue;
          let msg;
          try {
            msg = JSON.parse(line.slice(6));
          } catch {
            sink.bad++;
            continue;
          }
          if (msg.type !== 'tick' || !sink.recording) continue;
          const at = Math.max(...msg.ticks.map((t) => t.at));
          sink.latencies.push(now - at);
          sink.messages++;
        }
      });
      res.on('end', () => {
        client.ended = true;
        if (sink.recording) sink.dropped++;
      });
      res.on('error', () => {});
      resolve(client);
    });
    req.on('error', () => {
      sink.failed++;
      client.ended = true;
      resolve(client);
    });
    client.req = req;
  });
}

/** Opens `count` clients in batches (a burst of 1000 SYNs would overflow the listen backlog). */
async function openClients(count, urlFor, sink) {
  const clients = [];
  for (let i = 0; i < count; i += 50) {
    const batch = [];
    for (let j = i; j < Math.min(count, i + 50); j++) batch.push(openClient(urlFor(j), sink));
    clients.push(...(await Promise.all(batch)));
  }
  return clients;
}

async function measure(label, urlFor) {
  const sink = { latencies: [], messages: 0, failed: 0, dropped: 0, bad: 0, recording: false };
  const started = Date.now();
  const clients = await openClients(CLIENTS, urlFor, sink);
  const connectMs = Date.now() - started;
  // Let the snapshots go out and the first ticks settle before recording.
  await new Promise((r) => setTimeout(r, 2000));
  sink.recording = true;
  await new Promise((r) => setTimeout(r, DURATION * 1000));
  sink.recording = false;
  for (const c of clients) c.req?.destroy();
  const sorted = sink.latencies.sort((a, b) => a - b);
  const connected = clients.filter((c) => c.ok).length;
  return {
    server: label,
    clients: CLIENTS,
    connected,
    connectMs,
    messages: sink.messages,
    perClientPerSecond: connected ? (sink.messages / connected / DURATION).toFixed(2) : '0',
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted.length ? sorted[sorted.length - 1] : null,
    dropped: sink.dropped,
    failed: sink.failed,
  };
}

/** A bare node:http SSE broadcaster: the same clients, an event with `at` every interval. */
async function bareServer() {
  const clients = new Set();
  const server = http.createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store' });
    res.write('retry: 3000\n\n');
    clients.add(res);
    req.on('close', () => clients.delete(res));
  });
  let seq = 0;
  const timer = setInterval(() => {
    const at = Date.now();
    const ticks = Array.from({ length: COINS }, (_, i) => ({
      coinId: `coin-${i}`,
      price: 100 + Math.random(),
      change24h: 1.5,
      at,
      seq: ++seq,
    }));
    const text = `id: ${seq}\ndata: ${JSON.stringify({ type: 'tick', ticks })}\n\n`;
    for (const res of clients) res.write(text);
  }, INTERVAL);
  await new Promise((r) => server.listen(BARE_PORT, '127.0.0.1', () => r(undefined)));
  return {
    url: `http://127.0.0.1:${BARE_PORT}/`,
    close: () => {
      clearInterval(timer);
      for (const res of clients) res.destroy();
      return new Promise((r) => server.close(() => r(undefined)));
    },
  };
}

async function topCoinIds(base) {
  const res = await fetch(`${base}/api/v1/coins?page=1&size=100&t=${signature()}`);
  const body = await res.json();
  const list = body?.data?.list;
  if (!Array.isArray(list) || !list.length)
    throw new Error(`could not list coins: ${JSON.stringify(body).slice(0, 200)}`);
  return list.map((c) => c.id);
}

async function main() {
  const given = process.argv[2];
  let app;
  let dataDir;
  if (given) {
    app = { url: given.replace(/\/$/, ''), stop: async () => {} };
  } else {
    const { ensureBuild } = await import('../ensure-build.mjs');
    ensureBuild();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'coinlens-bench-sse-'));
    // All the clients come from one address here: lift the per-address stream cap for them.
    app = await startChild({
      port: PORT,
      dataDir,
      env: { LIVE: 'sim', LIVE_INTERVAL_MS: String(INTERVAL), SSE_MAX_PER_CLIENT: String(CLIENTS + 10) },
    });
  }
  try {
    const ids = await topCoinIds(app.url);
    // Each client follows COINS coins, a different window of the top 100 (like different pages).
    const urlFor = (i) => {
      const start = (i * 7) % Math.max(1, ids.length - COINS + 1);
      const symbols = ids.slice(start, start + COINS).join(',');
      return `${app.url}/api/stream/prices?symbols=${symbols}&t=${signature()}`;
    };
    const coinlens = await measure('Coinlens /api/stream/prices', urlFor);
    await app.stop();
    app = null;
    const bare = await bareServer();
    const baseline = await measure('bare node:http broadcaster', () => bare.url);
    await bare.close();
    const rows = [coinlens, baseline].map((r) => ({ ...r, ratioP50: '', ratioP95: '' }));
    rows[0].ratioP50 = baseline.p50 ? (coinlens.p50 / Math.max(1, baseline.p50)).toFixed(2) : 'n/a';
    rows[0].ratioP95 = baseline.p95 ? (coinlens.p95 / Math.max(1, baseline.p95)).toFixed(2) : 'n/a';
    writeResults(
      'sse',
      {
        title: 'Live prices: tick-to-receive latency of server-sent events',
        at: new Date().toISOString(),
        machine: `${os.cpus().length} CPU, ${Math.round(os.totalmem() / 2 ** 30)} GiB`,
        note:
          `${CLIENTS} clients (node:http, same machine), ${COINS} coins each, ${DURATION} s recorded, ${given ? "the server's own market interval" : `market tick every ${INTERVAL} ms`} (bare: every ${INTERVAL} ms)` +
          `${given ? ` (server at ${given}, its own LIVE settings)` : ''}. Latency = receive time − tick \`at\`: the round's database read, ` +
          'the fan-out, and whatever else holds the event loop. ratio = Coinlens ÷ bare broadcaster. ' +
          'dropped = streams the server ended while recording.',
      },
      [
        { key: 'server', label: 'server' },
        { key: 'connected', label: 'clients' },
        { key: 'connectMs', label: 'connect ms' },
        { key: 'messages', label: 'events' },
        { key: 'perClientPerSecond', label: 'events/client/s' },
        { key: 'p50', label: 'p50 ms' },
        { key: 'p95', label: 'p95 ms' },
        { key: 'p99', label: 'p99 ms' },
        { key: 'max', label: 'max ms' },
        { key: 'dropped', label: 'dropped' },
        { key: 'failed', label: 'failed' },
        { key: 'ratioP50', label: 'p50 ratio' },
        { key: 'ratioP95', label: 'p95 ratio' },
      ],
      rows,
    );
  } finally {
    await app?.stop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().then(
    () => process.exit(0),
    (e) => {
      console.error(e);
      process.exit(1);
    },
  );
}
