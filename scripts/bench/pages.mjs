// Page benchmark: the cost of rendering one page of each family baseline.mjs covers, against a
// plain template baseline (baseline.mjs: the same rows and the same bytes, <main> rendered per
// request with template literals by node:http), and the cost of serving a micro-cache hit with
// and without compression. Only ratios measured in this same run mean anything: the machine is shared.
//
//   1. Uncached renders (PAGE_CACHE_MS=0, every request rendered), product and baseline run
//      back to back per page (A/B interleaved, BENCH_ROUNDS times, median ratio reported).
//      Targets: /coin/list_1 ≥ 0.25 of the baseline, every page ≥ 0.15.
//   2. Micro-cache hits (default PAGE_CACHE_MS) with Accept-Encoding br, gzip and none.
//      Target: br hits ≥ 0.8 of identity hits.
//
// Knobs: BENCH_DURATION (seconds per run, default 5), BENCH_CONNECTIONS (default 10),
// BENCH_ROUNDS (default 3: the machine is shared, and one unlucky run can halve either side),
// BENCH_PAGES (a comma list of pages, as in BASELINE_PAGES, to measure only those while working on them).
// LIVE=off throughout: a moving market would change the pages.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureBuild } from '../ensure-build.mjs';
import { BASELINE_PAGES, captureBaseline, createBaselineServer, renderBaseline } from './baseline.mjs';
import { load, machine, mb, median, postgresMemory, startChild, verdict, writeResults } from './lib.mjs';

const DURATION = Number(process.env.BENCH_DURATION ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));
const WARMUP = 2;
const PORT = 4710;
const BASE_PORT = 4711;
/** Uncached render targets (issue "5. Benchmarks"): product req/s ÷ baseline req/s. */
const RENDER_TARGET = { '/coin/list_1': 0.25 };
const RENDER_TARGET_ANY = 0.15;
const CACHED_PAGES = ['/coin/list_1', '/coin/bitcoin'];
const ENCODINGS = [
  ['identity', undefined],
  ['br', 'br'],
  ['gzip', 'gzip'],
];
const BR_TARGET = 0.8;
const ONLY = process.env.BENCH_PAGES?.split(',')
  .map((p) => p.trim())
  .filter(Boolean);

ensureBuild();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'coinlens-bench-pages-'));
const env = { LIVE: 'off' };
let baseline;
/** The running server, if any: a run that throws stops it too (it used to stay on PORT). */
let app;
const stopApp = async () => {
  const running = app;
  app = undefined;
  await running?.stop();
};
try {
  // The first start seeds the data directory; the rows and chrome are captured from it.
  app = await startChild({ port: PORT, dataDir, env });
  const captured = await captureBaseline(app.url);
  // The pages' paths, placeholders filled in (the newest article, flash news item and announcement,
  // the first columnist); BENCH_PAGES names either form.
  const chosen = (p, i) => !ONLY || ONLY.includes(p) || ONLY.includes(BASELINE_PAGES[i]);
  const PAGES = captured.paths.filter(chosen);
  if (!PAGES.length) throw new Error(`pages: BENCH_PAGES names no page of ${BASELINE_PAGES.join(', ')}`);
  const productBytes = {};
  for (const p of PAGES) productBytes[p] = Buffer.byteLength(await (await fetch(app.url + p)).text());
  await stopApp();

  baseline = createBaselineServer(captured);
  await new Promise((resolve) => baseline.listen(BASE_PORT, '127.0.0.1', () => resolve(undefined)));
  const baseUrl = `http://127.0.0.1:${BASE_PORT}`;

  // 1. Uncached renders, product and baseline interleaved page by page.
  // One address sends every request here: the per-address limits of the expensive pages (/search)
  // would answer 429 at once; they are measured by shed.mjs, not here.
  const unlimited = { EXPENSIVE_BURST: '1000000', EXPENSIVE_PER_MINUTE: '1000000', EXPENSIVE_CONCURRENCY: '100000' };
  app = await startChild({ port: PORT, dataDir, env: { ...env, ...unlimited, PAGE_CACHE_MS: '0' } });
  const runs = Object.fromEntries(PAGES.map((p) => [p, []]));
  for (let round = 0; round < ROUNDS; round++) {
    for (const p of PAGES) {
      await load(app.url + p, { duration: WARMUP, connections: CONNECTIONS });
      const product = await load(app.url + p, { duration: DURATION, connections: CONNECTIONS });
      await load(baseUrl + p, { duration: WARMUP, connections: CONNECTIONS });
      const base = await load(baseUrl + p, { duration: DURATION, connections: CONNECTIONS });
      runs[p].push({ product, base, ratio: product.requestsPerSecond / base.requestsPerSecond });
      console.log(`${p} round ${round + 1}: ${product.requestsPerSecond} vs ${base.requestsPerSecond} req/s`);
    }
  }
  const afterRenders = await app.stats();
  const pgAfterRenders = postgresMemory(dataDir);
  await stopApp();

  const renderRows = PAGES.map((p) => {
    // The round with the median ratio gives every column, so the row is one real measurement.
    const sorted = [...runs[p]].sort((a, b) => a.ratio - b.ratio);
    const mid = sorted[Math.floor((sorted.length - 1) / 2)];
    const target = RENDER_TARGET[p] ?? RENDER_TARGET_ANY;
    return {
      path: p,
      bytes: productBytes[p],
      baseBytes: Buffer.byteLength(renderBaseline(captured, p)),
      rps: mid.product.requestsPerSecond,
      p50: mid.product.latencyP50Ms,
      p99: mid.product.latencyP99Ms,
      baseRps: mid.base.requestsPerSecond,
      baseP50: mid.base.latencyP50Ms,
      baseP99: mid.base.latencyP99Ms,
      ratio: Number(median(runs[p].map((r) => r.ratio)).toFixed(3)),
      ratios: runs[p].map((r) => r.ratio.toFixed(3)).join(', '),
      target: `≥ ${target}`,
      met: verdict(median(runs[p].map((r) => r.ratio)) >= target),
    };
  });

  // 2. Micro-cache hits by encoding.
  app = await startChild({ port: PORT, dataDir, env });
  const cachedRows = [];
  for (const p of CACHED_PAGES.filter((p) => PAGES.includes(p))) {
    const headersOf = (value) => (value ? { 'accept-encoding': value } : undefined);
    // A first warm-up of every encoding: the first seconds after a start are JIT and cold caches.
    for (const [, value] of ENCODINGS)
      await load(app.url + p, { duration: WARMUP, connections: CONNECTIONS, headers: headersOf(value) });
    // Rounds of the three encodings back to back; each round gives its own ratios.
    const rounds = [];
    for (let round = 0; round < ROUNDS; round++) {
      const byEncoding = {};
      for (const [name, value] of ENCODINGS) {
        await load(app.url + p, { duration: 1, connections: CONNECTIONS, headers: headersOf(value) });
        byEncoding[name] = await load(app.url + p, {
          duration: DURATION,
          connections: CONNECTIONS,
          headers: headersOf(value),
        });
      }
      rounds.push(byEncoding);
    }
    // Every row of the page comes from one round, the one with the median br ratio, so the
    // columns of a row belong together; the ratios of all rounds are listed beside it.
    const ratiosOf = (name) => rounds.map((r) => r[name].requestsPerSecond / r.identity.requestsPerSecond);
    const br = ratiosOf('br');
    const mid = rounds[br.indexOf([...br].sort((a, b) => a - b)[Math.floor((br.length - 1) / 2)])];
    for (const [name] of ENCODINGS) {
      const r = mid[name];
      const ratio = r.requestsPerSecond / mid.identity.requestsPerSecond;
      cachedRows.push({
        path: p,
        encoding: name,
        wireBytes: r.bytesPerRequest,
        rps: r.requestsPerSecond,
        p50: r.latencyP50Ms,
        p99: r.latencyP99Ms,
        ratio: name === 'identity' ? '1' : ratio.toFixed(3),
        ratios:
          name === 'identity'
            ? ''
            : ratiosOf(name)
                .map((x) => x.toFixed(3))
                .join(', '),
        target: name === 'br' ? `≥ ${BR_TARGET}` : '',
        met: name === 'br' ? verdict(ratio >= BR_TARGET) : '',
      });
    }
  }
  const afterHits = await app.stats();
  await stopApp();

  writeResults(
    'pages',
    {
      title: 'Pages: uncached renders against a plain template baseline, and micro-cache hits by encoding',
      at: new Date().toISOString(),
      machine,
      note: [
        `autocannon, ${CONNECTIONS} connections, ${DURATION} s per run after a ${WARMUP} s warm-up, ${ROUNDS} round(s) with product and baseline interleaved page by page; LIVE=off.`,
        'Uncached: PAGE_CACHE_MS=0, so every request is rendered; no Accept-Encoding. Baseline: node:http rendering <main> from the same rows with template',
        "literals inside the product's own chrome (scripts/bench/baseline.mjs); bytes = page size of each. ratio = product req/s ÷ baseline req/s, the median over rounds; the other columns come from that round.",
        `Node RSS after the uncached runs ${mb(afterRenders.rss)} MB, after the cached runs ${mb(afterHits.rss)} MB; embedded PostgreSQL PSS ${mb(pgAfterRenders?.pss)} MB (${pgAfterRenders?.processes ?? 0} processes).`,
      ].join('\n'),
      memory: { afterRenders, afterHits, postgres: pgAfterRenders },
    },
    [
      { key: 'path', label: 'page (uncached)' },
      { key: 'bytes', label: 'bytes' },
      { key: 'baseBytes', label: 'baseline bytes' },
      { key: 'rps', label: 'req/s' },
      { key: 'p50', label: 'p50 ms' },
      { key: 'p99', label: 'p99 ms' },
      { key: 'baseRps', label: 'baseline req/s' },
      { key: 'baseP50', label: 'baseline p50 ms' },
      { key: 'baseP99', label: 'baseline p99 ms' },
      { key: 'ratio', label: 'ratio' },
      { key: 'ratios', label: 'ratio per round' },
      { key: 'target', label: 'target' },
      { key: 'met', label: 'met' },
    ],
    renderRows,
    [
      {
        key: 'cached',
        title: 'Micro-cache hits by Accept-Encoding',
        note: `Default PAGE_CACHE_MS; ${ROUNDS} round(s) of the three encodings back to back; each page's rows come from the round with the median br ratio. wire bytes = bytes read per response (headers included). ÷ identity = req/s ÷ identity req/s in the same round. Target: br ≥ 0.8.`,
        header: [
          { key: 'path', label: 'page (cached)' },
          { key: 'encoding', label: 'encoding' },
          { key: 'wireBytes', label: 'wire bytes' },
          { key: 'rps', label: 'req/s' },
          { key: 'p50', label: 'p50 ms' },
          { key: 'p99', label: 'p99 ms' },
          { key: 'ratio', label: '÷ identity' },
          { key: 'ratios', label: '÷ identity per round' },
          { key: 'target', label: 'target' },
          { key: 'met', label: 'met' },
        ],
        rows: cachedRows,
      },
    ],
  );
} finally {
  await stopApp();
  baseline?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
