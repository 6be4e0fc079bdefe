// Scale benchmark: does the cost of a list's first page stay flat as the coin universe grows?
// Seeds one data directory per size with the demo seeder's SEED_COINS option (1k, 5k and 20k
// coins by default, exchanges and tickers in proportion, see src/server/seed/scale.ts), runs
// the three servers side by side and measures each URL uncached (PAGE_CACHE_MS=0) on all sizes
// back to back, so the machine's load drifts as little as possible between the sizes compared.
// Each cost is reported relative to the smallest size: flat = ratio ≈ 1.
//
// Then it finds the queries that grow: with log_min_duration_statement=0 switched on for a
// moment (ALTER SYSTEM over the embedded server's socket, DATA_DIR/run), it fetches each URL
// once per size, reads the statements and their parameters from DATA_DIR/postgres.log, and runs
// EXPLAIN ANALYZE on each read statement on every size, naming the plan node that handles the
// most rows.
//
// Knobs: BENCH_SCALE_SIZES (default 1000,5000,20000), BENCH_SCALE_DURATION (seconds per run,
// default 5), BENCH_SCALE_CONNECTIONS (default 4: at 20k some pages take a second, and ten
// queued requests would measure the queue rather than the page), BENCH_SCALE_DATA_DIRS (one
// data directory per size, comma-separated, already seeded with that SEED_COINS, e.g. by
// `DATA_DIR=… SEED_COINS=20000 npx tsx scripts/seed.ts`: used as they are and kept, which saves
// the 20k seed's quarter of an hour), BENCH_SCALE_PAGES=families (every page family as well).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { ensureBuild } from '../ensure-build.mjs';
import { familyPages, load, machine, signature, startChild, writeResults } from './lib.mjs';

const SIZES = (process.env.BENCH_SCALE_SIZES ?? '1000,5000,20000').split(',').map(Number);
const GIVEN_DIRS = process.env.BENCH_SCALE_DATA_DIRS?.split(',').filter(Boolean) ?? [];
if (GIVEN_DIRS.length && GIVEN_DIRS.length !== SIZES.length)
  throw new Error('BENCH_SCALE_DATA_DIRS needs one data directory per size of BENCH_SCALE_SIZES');
const DURATION = Number(process.env.BENCH_SCALE_DURATION ?? 5);
const CONNECTIONS = Number(process.env.BENCH_SCALE_CONNECTIONS ?? 4);
const WARMUP = 2;
const FIRST_PORT = 4750;
/** A query "grows" when it takes this many times longer on the largest size and at least GROWS_MS there. */
const GROWS_FACTOR = 2;
const GROWS_MS = 1;

const t = await signature();
const URLS = [
  '/coin/list_1',
  '/exchange/list_1',
  '/pairs',
  '/futures',
  '/',
  '/coin/bitcoin',
  `/api/v1/coins?page=1&size=100&t=${t}&lan=en`,
  `/api/v1/exchanges?page=1&size=100&t=${t}&lan=en`,
  `/api/v1/tickers?page=1&size=100&t=${t}&lan=en`,
  // Search (issue 25): every section of a query, a Chinese one, the quick-search list and the
  // box's server search, and the page.
  `/api/v1/search?q=bit&t=${t}&lan=en`,
  `/api/v1/search?q=${encodeURIComponent('比特币')}&t=${t}&lan=zh`,
  `/api/v1/quick_search/coin?t=${t}&lan=en`,
  `/api/v1/quick_search/find?q=bit&t=${t}&lan=en`,
  '/search?q=bit',
];
const label = (u) => u.replace(/[?&]t=[0-9a-f]+/, '').replace(/&lan=en/, '');

/** node-postgres settings for the embedded server of a data directory (src/server/db/embedded.ts). */
const socket = (dataDir) => ({ host: path.join(dataDir, 'run'), port: 5432, user: 'coinlens', database: 'coinlens' });

async function withClient(dataDir, fn) {
  const client = new pg.Client(socket(dataDir));
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

async function setStatementLog(dataDir, on) {
  await withClient(dataDir, async (c) => {
    await c.query(
      on ? 'alter system set log_min_duration_statement = 0' : 'alter system reset log_min_duration_statement',
    );
    await c.query('select pg_reload_conf()');
  });
  await sleep(300);
}

/** Parses `LOG:  duration: … ms  execute …: <sql>` entries (with their DETAIL parameters) from a log slice. */
function parseStatements(text) {
  const entries = text.split(/\n(?=\d{4}-\d\d-\d\d \d\d:\d\d:\d\d)/);
  const out = [];
  for (let i = 0; i < entries.length; i++) {
    const m = /LOG:\s+duration: ([\d.]+) ms\s+(?:execute [^:]*|statement): ([\s\S]*)$/.exec(entries[i]);
    if (!m) continue;
    const sql = m[2].trim();
    let params = [];
    const detail = /DETAIL:\s+Parameters: ([\s\S]*)$/.exec(entries[i + 1] ?? '');
    if (detail) {
      params = [...detail[1].matchAll(/\$\d+ = (NULL|'((?:[^']|'')*)')/g)].map((p) =>
        p[1] === 'NULL' ? null : p[2].replace(/''/g, "'"),
      );
    }
    out.push({ ms: Number(m[1]), sql, params });
  }
  return out;
}

/** The plan node handling the most rows (actual rows × loops), e.g. "Seq Scan on tickers (425,000 rows)". */
function heaviestNode(plan) {
  let best = null;
  const walk = (node) => {
    const rows =
      (node['Actual Rows'] ?? 0) * (node['Actual Loops'] ?? 1) +
      (node['Rows Removed by Filter'] ?? 0) * (node['Actual Loops'] ?? 1);
    if (!best || rows > best.rows)
      best = { rows, type: node['Node Type'], relation: node['Relation Name'], index: node['Index Name'] };
    for (const child of node.Plans ?? []) walk(child);
  };
  walk(plan);
  if (!best) return '';
  const on = best.relation ? ` on ${best.relation}` : '';
  const via = best.index ? ` using ${best.index}` : '';
  return `${best.type}${on}${via} (${Math.round(best.rows).toLocaleString('en-US')} rows)`;
}

/**
 * EXPLAIN ANALYZE of a read statement on an open connection, in a read-only transaction that is
 * rolled back (EXPLAIN ANALYZE executes). Run twice and the faster kept: the first run on a
 * connection pays for catalog lookups and cold buffers that a pooled server connection does not.
 */
async function explain(client, sql, params) {
  let best = null;
  for (let i = 0; i < 2; i++) {
    await client.query('begin read only');
    try {
      const res = await client.query(`explain (analyze, buffers, format json) ${sql}`, params);
      const [doc] = res.rows[0]['QUERY PLAN'];
      const ms = doc['Execution Time'] + (doc['Planning Time'] ?? 0);
      if (!best || ms < best.ms) best = { ms, node: heaviestNode(doc.Plan) };
    } finally {
      await client.query('rollback');
    }
  }
  return best;
}

/** A statement for the table: a long list of plain columns elided, the rest cut at 240 characters. */
function shortSql(sql) {
  const s = sql
    .replace(/\s+/g, ' ')
    .replace(/\bselect ((?:"[^"]+"(?:\."[^"]+")?, ){3,}"[^"]+"(?:\."[^"]+")?) from /gi, 'select … from ');
  return s.length > 240 ? `${s.slice(0, 240)}…` : s;
}

ensureBuild();
const servers = [];
/** The data directory of each size, and those made here (removed at the end). */
const dataDirs = [];
const dirs = [];
try {
  // Seed each size (the first start of a data directory seeds it), then restart it uncached.
  const seeded = [];
  for (const [i, size] of SIZES.entries()) {
    const given = GIVEN_DIRS[i];
    const dataDir = given ?? fs.mkdtempSync(path.join(os.tmpdir(), `coinlens-bench-scale-${size}-`));
    dataDirs.push(dataDir);
    if (!given) dirs.push(dataDir);
    const started = Date.now();
    const seeding = await startChild({ port: FIRST_PORT + i, dataDir, env: { LIVE: 'off', SEED_COINS: String(size) } });
    const seedMs = Date.now() - started;
    const counts = await withClient(dataDir, async (c) => {
      // What autovacuum would do in the first minutes after a bulk load (set hint bits and the
      // visibility map, fresh statistics), done now so it does not run during the measurements
      // and every size is measured in the settled state a running site is in.
      await c.query('vacuum (analyze)');
      const r = await c.query(
        'select (select count(*) from coins)::int as coins, (select count(*) from exchanges)::int as exchanges, (select count(*) from tickers)::int as tickers',
      );
      return r.rows[0];
    });
    await seeding.stop();
    seeded.push({ size, seedSeconds: (seedMs / 1000).toFixed(1), ...counts });
    console.log(`seeded ${size} coins in ${(seedMs / 1000).toFixed(1)} s:`, counts);
  }
  for (const [i, size] of SIZES.entries()) {
    servers.push({
      size,
      dataDir: dataDirs[i],
      app: await startChild({
        port: FIRST_PORT + i,
        dataDir: dataDirs[i],
        // Searches are expensive work, limited per client (src/server/http/node/shed.mjs): the
        // benchmark is one client measuring their cost, not the limiter.
        env: {
          LIVE: 'off',
          PAGE_CACHE_MS: '0',
          EXPENSIVE_BURST: '1000000',
          EXPENSIVE_PER_MINUTE: '1000000',
          EXPENSIVE_CONCURRENCY: String(CONNECTIONS),
        },
      }),
    });
  }

  // BENCH_SCALE_PAGES=families: one page of every page family too (the list pages at their
  // default sizes, without the browser tests' ?size=20), the detail pages found on the smallest.
  if (process.env.BENCH_SCALE_PAGES === 'families') {
    for (const p of await familyPages(servers[0].app.url)) {
      const page = p.replace(/[?&]size=20$/, '');
      if (!URLS.includes(page)) URLS.push(page);
    }
  }

  // Throughput per URL, the sizes back to back.
  const rows = [];
  for (const u of URLS) {
    const results = [];
    for (const s of servers) {
      await load(s.app.url + u, { duration: WARMUP, connections: CONNECTIONS });
      results.push(await load(s.app.url + u, { duration: DURATION, connections: CONNECTIONS }));
    }
    const base = results[0];
    const row = { url: label(u), bytes: (await (await fetch(servers.at(-1).app.url + u)).arrayBuffer()).byteLength };
    results.forEach((r, i) => {
      row[`rps${i}`] = r.rate.toFixed(1);
      row[`mean${i}`] = r.rate ? Math.round(r.latencyMeanMs) : `> ${DURATION * 1000}`;
      // Cost per request = 1 / rate at a fixed concurrency; no completed request: off the scale.
      row[`ratio${i}`] = r.rate ? (base.rate / r.rate).toFixed(2) : '∞';
    });
    rows.push(row);
    console.log(label(u), results.map((r) => r.rate.toFixed(1)).join(' / '), 'req/s');
  }

  // The statements behind each URL, and how each grows.
  const clients = [];
  for (const s of servers) {
    const client = new pg.Client(socket(s.dataDir));
    await client.connect();
    clients.push(client);
  }
  const perUrl = [];
  for (const u of URLS) {
    const statements = [];
    for (const [i, s] of servers.entries()) {
      await fetch(s.app.url + u).then((r) => r.arrayBuffer()); // warm: caches of totals etc. filled
      // What a committed market write sends: the coin lists and details the server keeps until
      // then are read again, so their statements are in the log (src/server/db/cache.ts).
      await clients[i].query(`select pg_notify('coinlens_market', '')`);
      await sleep(100);
      await setStatementLog(s.dataDir, true);
      const logFile = path.join(s.dataDir, 'postgres.log');
      const from = fs.statSync(logFile).size;
      await fetch(s.app.url + u).then((r) => r.arrayBuffer());
      await sleep(300);
      await setStatementLog(s.dataDir, false);
      const text = fs.readFileSync(logFile, 'utf8').slice(from);
      statements.push(parseStatements(text).filter((x) => !/pg_reload_conf|alter system/i.test(x.sql)));
    }
    // Statements are matched across sizes by their text; parameters come from the largest size.
    const seen = new Set();
    for (const st of statements.at(-1)) {
      if (seen.has(st.sql) || !/^\s*(select|with)\b/i.test(st.sql)) continue;
      seen.add(st.sql);
      const timings = [];
      for (const c of clients)
        timings.push(
          await explain(c, st.sql, st.params).catch((e) => ({ ms: NaN, node: `EXPLAIN failed: ${e.message}` })),
        );
      perUrl.push({ url: label(u), sql: st.sql, timings });
    }
  }
  for (const c of clients) await c.end();
  const queries = perUrl
    .map((q) => {
      const first = q.timings[0].ms;
      const last = q.timings.at(-1).ms;
      return {
        url: q.url,
        sql: shortSql(q.sql),
        ...Object.fromEntries(q.timings.map((x, i) => [`ms${i}`, x.ms.toFixed(2)])),
        growth: (last / first).toFixed(1),
        grows: last / first >= GROWS_FACTOR && last >= GROWS_MS ? '**grows**' : '',
        plan: q.timings.at(-1).node,
        fullSql: q.sql,
      };
    })
    .sort((a, b) => Number(b[`ms${SIZES.length - 1}`]) - Number(a[`ms${SIZES.length - 1}`]));

  const sizeCols = SIZES.flatMap((n, i) => [
    { key: `rps${i}`, label: `${n / 1000}k req/s` },
    { key: `mean${i}`, label: `${n / 1000}k mean ms` },
    ...(i ? [{ key: `ratio${i}`, label: `${n / 1000}k cost ÷ ${SIZES[0] / 1000}k` }] : []),
  ]);
  writeResults(
    'scale',
    {
      title: `Scale: uncached list pages and API at ${SIZES.map((n) => `${n / 1000}k`).join(', ')} coins`,
      at: new Date().toISOString(),
      machine,
      note: [
        `SEED_COINS per size, VACUUM ANALYZE after the seed, LIVE=off, PAGE_CACHE_MS=0; autocannon ${CONNECTIONS} connections, ${DURATION} s per run after ${WARMUP} s warm-up, the sizes back to back per URL.`,
        `cost ÷ ${SIZES[0] / 1000}k = req/s at ${SIZES[0] / 1000}k ÷ req/s at that size (completed requests ÷ seconds): 1 is flat, 2 means a request costs twice as much. bytes: the response at the largest size.`,
        `Seeded: ${seeded.map((s) => `${s.coins} coins, ${s.exchanges} exchanges, ${s.tickers} tickers in ${s.seedSeconds} s`).join('; ')}.`,
      ].join('\n'),
      seeded,
    },
    [{ key: 'url', label: 'URL (uncached)' }, { key: 'bytes', label: 'bytes' }, ...sizeCols],
    rows,
    [
      {
        key: 'queries',
        title: 'Queries behind each URL (EXPLAIN ANALYZE, planning + execution ms), largest first',
        note: `A query **grows** when it takes ${GROWS_FACTOR}× or more at ${SIZES.at(-1) / 1000}k than at ${SIZES[0] / 1000}k and at least ${GROWS_MS} ms. plan: the node handling the most rows at ${SIZES.at(-1) / 1000}k.`,
        header: [
          { key: 'url', label: 'URL' },
          ...SIZES.map((n, i) => ({ key: `ms${i}`, label: `${n / 1000}k ms` })),
          { key: 'growth', label: '×' },
          { key: 'grows', label: '' },
          { key: 'plan', label: 'plan (largest size)' },
          { key: 'sql', label: 'statement' },
        ],
        rows: queries,
      },
    ],
  );
} finally {
  for (const s of servers) await s.app.stop().catch(() => {});
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
}
