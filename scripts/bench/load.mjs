// Load benchmark (issue 11, "Suites: Load"): 1,000 server-sent-events clients on
// /api/stream/prices while the simulated market ticks, plus a steady open-loop mix of page and
// API requests and /api/health probes. It reports errors (must be 0), 429s on their own, p50/p99
// of every request class and of the health check, the SSE clients still connected at the end
// and the ticks they received, all as ratios against baselines measured in the same run on the
// same server process:
//
//   idle   health probes alone (no mix, no streams): the health check's own floor;
//   bare   the same mix and probes without the streams;
//   loaded the same mix and probes with the streams open.
//
// Open loop: every class sends at a fixed rate whatever the server answers, and a request's
// latency is counted from the moment the schedule said to send it, so a slow server cannot
// slow the generator down and hide its own slowness (no coordinated omission). The streams run
// in a worker thread so their bursts of 1,000 events do not delay the generator's timers; the
// generator reports its own event-loop delay and how late it sent, so a busy generator shows.
// The generator is in load-drive.mjs, the streams' worker in load-streams.mjs.
//
//   node scripts/bench/load.mjs                   builds if needed, starts the server on a temp data dir
//   node scripts/bench/load.mjs http://host:port  loads a running server (its own LIVE settings)
//
// Knobs: LOAD_SECONDS (seconds of the bare and loaded phases each, default 60 as in the issue;
// 15 is a quick check), LOAD_IDLE_SECONDS (idle health phase, default 20: a p99 needs some 100
// probes), LOAD_SSE_CLIENTS (default 1000), LOAD_RATE (page and API requests per second,
// default 40), LOAD_SEARCH_RATE (searches per second, default 2), LOAD_HEALTH_MS (probe
// interval, default 200), LOAD_TICK_MS (the market's tick interval, default 1000).
import { setTimeout as sleep } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';
import { machine, mb, onServer, signature, verdict, writeResults } from './lib.mjs';
import { drive, HEALTH, HEALTH_MS, pooled } from './load-drive.mjs';
import { startStreams } from './load-streams.mjs';

const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
const IDLE_SECONDS = Number(process.env.LOAD_IDLE_SECONDS ?? 20);
const CLIENTS = Number(process.env.LOAD_SSE_CLIENTS ?? 1000);
const RATE = Number(process.env.LOAD_RATE ?? 40);
// Search is one of the expensive paths that gets a per-client rate limit; every request here
// comes from 127.0.0.1 and the server ignores X-Forwarded-For unless TRUST_PROXY, so the rate
// stays modest rather than pretending to be many clients.
const SEARCH_RATE = Number(process.env.LOAD_SEARCH_RATE ?? 2);
const TICK_MS = Number(process.env.LOAD_TICK_MS ?? 1000);
const WARMUP_SECONDS = 5;
const COINS_PER_CLIENT = 20;
const PORT = 4765;
const RSS_TARGET_MB = 200;

const CACHED = ['/', '/coin/list_1', '/coin/bitcoin', '/news'];
const KLINES = [
  'coin=bitcoin&interval=1h&range=1W',
  'coin=ethereum&interval=15m&range=1D',
  'coin=solana&interval=1d&range=1M',
];
const SEARCHES = ['bit', 'eth', 'sol', 'doge', 'usd', 'chain', 'bin', 'swap'];

/**
 * The request classes: name, share of LOAD_RATE (or a rate of their own), and the path of their
 * n-th request. API paths carry the day signature `t` like the site's own client.
 */
function classes(t) {
  let unique = 0;
  return [
    { name: 'cached pages', rate: RATE * 0.4, path: (n) => CACHED[n % CACHED.length] },
    // A query string the page cache has never seen: every one is rendered.
    {
      name: 'uncached pages',
      rate: RATE * 0.1,
      path: (n) => `${CACHED[n % CACHED.length]}?load=${Date.now().toString(36)}-${++unique}`,
    },
    {
      name: 'API reads',
      rate: RATE * 0.5,
      path: (n) =>
        [
          `/api/v1/coins?page=${1 + (n % 3)}&size=50&t=${t}`,
          `/api/v1/tickers?page=${1 + (n % 2)}&size=50&t=${t}`,
          `/api/v1/klines?${KLINES[n % KLINES.length]}&t=${t}`,
        ][n % 3],
    },
    { name: 'search', rate: SEARCH_RATE, path: (n) => `/api/v1/search?q=${SEARCHES[n % SEARCHES.length]}&t=${t}` },
  ];
}

const ms = (v) => (v == null ? '--' : v < 10 ? v.toFixed(2) : v.toFixed(1));
const ratio = (a, b) => (a == null || b == null || b <= 0 ? 'n/a' : (a / b).toFixed(2));

async function topCoinIds(base, t) {
  const res = await fetch(`${base}/api/v1/coins?page=1&size=100&t=${t}`);
  const list = (await res.json())?.data?.list;
  if (!Array.isArray(list) || !list.length) throw new Error(`could not list coins from ${base}`);
  return list.map((c) => c.id);
}

/** The server child's event-loop delay since the last call, and its memory now. */
async function serverStats(app) {
  if (!app) return null;
  return app.stats({ reset: true });
}

async function measure(base, app, given) {
  const t = await signature();
  const ids = await topCoinIds(base, t);
  const mix = classes(t);
  const urls = Array.from({ length: CLIENTS }, (_, i) => {
    const from = (i * 7) % Math.max(1, ids.length - COINS_PER_CLIENT + 1);
    return `${base}/api/stream/prices?symbols=${ids.slice(from, from + COINS_PER_CLIENT).join(',')}&t=${t}`;
  });

  console.log(`warm-up ${WARMUP_SECONDS} s`);
  await drive(base, [...mix, HEALTH], WARMUP_SECONDS);
  const warmServer = await serverStats(app);

  // The baselines bracket the loaded phase, half before and half after, pooled: the machine is
  // shared, and a slow drift in what else runs on it would otherwise land on one side only.
  const halfIdle = IDLE_SECONDS / 2;
  const halfBare = SECONDS / 2;
  console.log(`idle 1/2: health probes alone, ${halfIdle} s`);
  const idle1 = await drive(base, [HEALTH], halfIdle);
  const idle1Server = await serverStats(app);

  console.log(`bare 1/2: the mix without streams, ${halfBare} s`);
  const bare1 = await drive(base, [...mix, HEALTH], halfBare);
  const bare1Server = await serverStats(app);

  console.log(`opening ${CLIENTS} streams`);
  const streams = startStreams(urls);
  const opened = await streams.open();
  console.log(`${opened.connected} connected in ${opened.connectMs} ms (${opened.failed} failed)`);
  // The snapshots go out, and a first tick reaches everyone, before the clock starts.
  await sleep(Math.max(2000, TICK_MS * 2));
  const openedServer = await serverStats(app);
  streams.count();
  console.log(`loaded: the mix with ${opened.connected} streams, ${SECONDS} s`);
  const loaded = await drive(base, [...mix, HEALTH], SECONDS);
  const loadedServer = await serverStats(app);
  const closed = await streams.stop();
  // Let the server notice the closed streams before the second baseline half.
  await sleep(2000);
  const closedServer = await serverStats(app);

  console.log(`bare 2/2: the mix without streams, ${halfBare} s`);
  const bare2 = await drive(base, [...mix, HEALTH], halfBare);
  const bare2Server = await serverStats(app);

  console.log(`idle 2/2: health probes alone, ${halfIdle} s`);
  const idle2 = await drive(base, [HEALTH], halfIdle);
  const idle2Server = await serverStats(app);

  const bare = pooled(bare1, bare2);
  const idle = pooled(idle1, idle2);

  const rows = [...mix, HEALTH].map((cls) => {
    const b = bare.classes[cls.name];
    const l = loaded.classes[cls.name];
    return {
      class: cls.name,
      rate: cls.rate.toFixed(cls.rate < 10 ? 1 : 0),
      sent: `${b.sent} / ${l.sent}`,
      errors: b.errors + l.errors,
      errorDetail: Object.entries({ ...b.reasons, ...l.reasons })
        .map(([k, v]) => `${k} ×${v}`)
        .join(', '),
      limited: `${b.limited} / ${l.limited}`,
      bareP50: ms(b.p50),
      bareP99: ms(b.p99),
      bareHalvesP99: `${ms(bare1.classes[cls.name].p99)} / ${ms(bare2.classes[cls.name].p99)}`,
      p50: ms(l.p50),
      p99: ms(l.p99),
      max: ms(l.max),
      ratioP50: ratio(l.p50, b.p50),
      ratioP99: ratio(l.p99, b.p99),
    };
  });
  const errors = rows.reduce((sum, r) => sum + r.errors, 0) + idle.classes.health.errors;
  const h = { idle: idle.classes.health, bare: bare.classes.health, loaded: loaded.classes.health };
  const healthRows = Object.entries(h).map(([phase, c]) => ({
    phase,
    probes: c.sent,
    errors: c.errors,
    p50: ms(c.p50),
    p99: ms(c.p99),
    max: ms(c.max),
    ratioP50: phase === 'idle' ? '1' : ratio(c.p50, h.idle.p50),
    ratioP99: phase === 'idle' ? '1' : ratio(c.p99, h.idle.p99),
  }));
  const phaseRows = [
    ['idle 1/2', idle1, idle1Server],
    ['bare 1/2', bare1, bare1Server],
    ['loaded', loaded, loadedServer],
    ['bare 2/2', bare2, bare2Server],
    ['idle 2/2', idle2, idle2Server],
  ].map(([phase, r, server]) => ({
    phase,
    serverP99: ms(server?.eventLoop.p99),
    serverMax: ms(server?.eventLoop.max),
    genP99: ms(r.generator.eventLoopP99),
    genMax: ms(r.generator.eventLoopMax),
    sendLateP99: ms(r.generator.sendLateP99),
    sendLateMax: ms(r.generator.sendLateMax),
    genCpu: r.generator.cpuPercent.toFixed(1),
  }));
  const streamRow = {
    clients: CLIENTS,
    connected: opened.connected,
    connectMs: opened.connectMs,
    failed: closed.failed,
    open: closed.open,
    ticks: closed.ticks,
    perClientPerSecond: closed.open ? (closed.ticks / closed.open / SECONDS).toFixed(2) : '0',
    tickP50: closed.tickP50 ?? '--',
    tickP99: closed.tickP99 ?? '--',
    met: verdict(closed.open === CLIENTS),
  };
  const mixRate = mix.reduce((sum, c) => sum + c.rate, 0);
  // Memory (issue 25): RSS is what the machine pays; heap and external say where it is held, and
  // RSS well above heap total + external is memory freed but not returned to the system.
  const underTarget = (s) => s != null && s.rss <= RSS_TARGET_MB * 2 ** 20;
  const memoryRows = [
    ['warmed up', warmServer],
    ['after bare 1/2', bare1Server],
    [`${opened.connected} streams open, before the loaded phase`, openedServer],
    ['end of the loaded phase, streams open', loadedServer],
    ['2 s after the streams closed', closedServer, true],
    ['after bare 2/2', bare2Server],
    ['end of the run (after idle 2/2)', idle2Server, true],
  ].map(([when, s, target]) => ({
    when,
    rss: mb(s?.rss),
    heapUsed: mb(s?.heapUsed),
    heapTotal: mb(s?.heapTotal),
    external: mb(s?.external),
    target: target ? `≤ ${RSS_TARGET_MB} MB` : '',
    met: target && s ? verdict(underTarget(s)) : '',
  }));
  const memoryMet = underTarget(closedServer) && underTarget(idle2Server);

  writeResults(
    'load',
    {
      title: `Load: ${CLIENTS.toLocaleString('en-US')} live-price streams plus a steady mix of pages and API requests`,
      at: new Date().toISOString(),
      machine,
      note: [
        `**Errors: ${errors}** (${verdict(errors === 0)}; target 0). ` +
          (app
            ? `**Server RSS: ${mb(closedServer.rss)} MB when the streams had closed, ${mb(idle2Server.rss)} MB at the end** (${verdict(memoryMet)}; target ≤ ${RSS_TARGET_MB} MB each, see Memory). `
            : '') +
          `${CLIENTS} SSE clients on /api/stream/prices (${COINS_PER_CLIENT} coins each, a worker thread of the load generator), ` +
          `${given ? `the server at ${given} with its own LIVE settings` : `LIVE=sim with a market tick every ${TICK_MS} ms, fresh data directory`}. ` +
          `Open loop: ${mixRate.toFixed(0)} requests/s of pages and API plus ${(1000 / HEALTH_MS).toFixed(1)} health probes/s, each class at a fixed rate, latency counted from the scheduled send time to the end of the body (Accept-Encoding br, gzip; keep-alive, 64 sockets, probes on their own 4).`,
        `Phases on the same server process, in this order after a ${WARMUP_SECONDS} s warm-up: idle 1/2 (health probes alone, ${halfIdle} s), bare 1/2 (the mix without streams, ${halfBare} s), loaded (the mix with the streams open, ${SECONDS} s), bare 2/2, idle 2/2. ` +
          "The halves of each baseline bracket the loaded phase and are pooled (p50/p99 over both halves' samples), so a drift in the machine's other load does not land on one side only. ratio = loaded ÷ bare; health ratio = phase ÷ idle.",
        'errors = network errors, timeouts (10 s) and statuses ≥ 400 other than 429; 429 = rate-limited answers, counted apart: every request comes from 127.0.0.1 and the server ignores X-Forwarded-For unless TRUST_PROXY, so searches stay at a modest rate rather than posing as many clients.',
        'The machine is shared (2 cores, other builds and test runs at the same time; see the load average): only the ratios of this run mean anything, and ratios of p50s of a few ms are jumpy.',
      ].join('\n'),
      errors,
      memoryMet: app ? memoryMet : null,
      streams: streamRow,
    },
    [
      { key: 'class', label: 'class' },
      { key: 'rate', label: 'req/s' },
      { key: 'sent', label: 'sent bare / loaded' },
      { key: 'errors', label: 'errors' },
      { key: 'errorDetail', label: 'error detail' },
      { key: 'limited', label: '429 bare / loaded' },
      { key: 'bareP50', label: 'bare p50 ms' },
      { key: 'bareP99', label: 'bare p99 ms' },
      { key: 'bareHalvesP99', label: 'bare p99 ms before / after' },
      { key: 'p50', label: 'loaded p50 ms' },
      { key: 'p99', label: 'loaded p99 ms' },
      { key: 'max', label: 'loaded max ms' },
      { key: 'ratioP50', label: 'p50 ratio' },
      { key: 'ratioP99', label: 'p99 ratio' },
    ],
    rows,
    [
      {
        key: 'health',
        title: 'Health check against the idle server',
        note: `/api/health every ${HEALTH_MS} ms on its own keep-alive sockets. ratio = the phase ÷ idle.`,
        header: [
          { key: 'phase', label: 'phase' },
          { key: 'probes', label: 'probes' },
          { key: 'errors', label: 'errors' },
          { key: 'p50', label: 'p50 ms' },
          { key: 'p99', label: 'p99 ms' },
          { key: 'max', label: 'max ms' },
          { key: 'ratioP50', label: 'p50 ratio' },
          { key: 'ratioP99', label: 'p99 ratio' },
        ],
        rows: healthRows,
      },
      {
        key: 'streamRows',
        title: 'Streams',
        note: `connected = answered 200 when opened; still open = not ended by the server at the end of the loaded phase (target: all); ticks = tick events received during the loaded phase; tick latency = receive time − the tick's \`at\` (compare sse.md, which measures it without the request mix).`,
        header: [
          { key: 'clients', label: 'clients' },
          { key: 'connected', label: 'connected' },
          { key: 'connectMs', label: 'connect ms' },
          { key: 'failed', label: 'failed' },
          { key: 'open', label: 'still open' },
          { key: 'met', label: 'all open' },
          { key: 'ticks', label: 'ticks' },
          { key: 'perClientPerSecond', label: 'ticks/client/s' },
          { key: 'tickP50', label: 'tick p50 ms' },
          { key: 'tickP99', label: 'tick p99 ms' },
        ],
        rows: [streamRow],
      },
      {
        key: 'phases',
        title: 'Event loops: server and load generator',
        note: "How late a 2 ms timer fired (monitorEventLoopDelay), in the server process (when the benchmark started it) and in the generator; send late = how long after its scheduled time the generator sent a request; generator CPU = its main thread and stream worker together, % of one core. A generator that sends on time with a small delay is not the bottleneck; a delay of the generator while it uses a few % of a core is the machine's (other processes holding both cores), and weighs on the server the same way.",
        header: [
          { key: 'phase', label: 'phase' },
          { key: 'serverP99', label: 'server loop p99 ms' },
          { key: 'serverMax', label: 'server loop max ms' },
          { key: 'genP99', label: 'generator loop p99 ms' },
          { key: 'genMax', label: 'generator loop max ms' },
          { key: 'sendLateP99', label: 'send late p99 ms' },
          { key: 'sendLateMax', label: 'send late max ms' },
          { key: 'genCpu', label: 'generator CPU %' },
        ],
        rows: phaseRows,
      },
      {
        key: 'memory',
        title: 'Memory of the server process',
        note: `process.memoryUsage() of the server process (when the benchmark started it) at the end of each phase, MB. Target (issue 25): RSS ≤ ${RSS_TARGET_MB} MB once the streams have closed and at the end of the run; with the streams open it is reported, not judged.`,
        header: [
          { key: 'when', label: 'when' },
          { key: 'rss', label: 'RSS MB' },
          { key: 'heapUsed', label: 'JS heap used MB' },
          { key: 'heapTotal', label: 'JS heap total MB' },
          { key: 'external', label: 'external MB' },
          { key: 'target', label: 'target' },
          { key: 'met', label: 'met' },
        ],
        rows: memoryRows,
      },
    ],
  );
  return errors;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const given = process.argv[2];
  // Every stream and request comes from this one address: lift the per-address caps (the
  // stream cap and the search rate limit), or the benchmark would measure its own refusals.
  const env = {
    LIVE: 'sim',
    LIVE_INTERVAL_MS: String(TICK_MS),
    SSE_MAX_PER_CLIENT: String(CLIENTS + 10),
    EXPENSIVE_BURST: '100000',
    EXPENSIVE_PER_MINUTE: '100000',
  };
  onServer(given, { port: PORT, prefix: 'coinlens-bench-load-', env }, (base, app) => measure(base, app, given)).then(
    // Errors must be 0: a run with any makes `npm run bench` report this benchmark as failed.
    (errors) => process.exit(errors === 0 ? 0 : 1),
    (e) => {
      console.error(e);
      process.exit(1);
    },
  );
}
