// The open-loop generator of the load benchmark (load.mjs): the health probes' class, and
// drive(), which sends every request class at its fixed rate and times each request from its
// scheduled send; summary() and pooled() pool the samples of several runs.
import http from 'node:http';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';

export const HEALTH_MS = Number(process.env.LOAD_HEALTH_MS ?? 200);
const TIMEOUT_MS = 10_000;

export const HEALTH = { name: 'health', rate: 1000 / HEALTH_MS, path: () => '/api/health' };

export function percentile(sorted, p) {
  if (!sorted.length) return null;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

// ---------------------------------------------------------------------------------------------
// The open-loop generator.

/**
 * Sends every class at its rate for `seconds`: a 5 ms timer sends whatever the schedule says is
 * due. Returns per class the sorted latencies (ms from scheduled time to the end of the body),
 * errors (network, timeout, status ≥ 400 other than 429) with their first reasons, and 429s;
 * and for the generator itself its event-loop delay, how late it sent, and its CPU time.
 */
export async function drive(base, list, seconds) {
  // Pages and API share a pool, as a browser-ish client would; probes have their own sockets,
  // like a load balancer's, so a queue of page requests never delays a probe in the client.
  const pool = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const probes = new http.Agent({ keepAlive: true, maxSockets: 4 });
  const stats = new Map(
    list.map((c) => [c.name, { latencies: [], errors: 0, limited: 0, reasons: new Map(), sent: 0 }]),
  );
  const late = [];
  const eld = monitorEventLoopDelay({ resolution: 2 });
  eld.enable();
  const cpu = process.cpuUsage();
  const inFlight = new Set();
  const start = performance.now();
  const end = start + seconds * 1000;
  const due = list.map(() => start);
  const counts = list.map(() => 0);

  const send = (cls, scheduled) => {
    const s = stats.get(cls.name);
    const n = s.sent++;
    late.push(performance.now() - scheduled);
    const fail = (reason) => {
      s.errors++;
      s.reasons.set(reason, (s.reasons.get(reason) ?? 0) + 1);
    };
    const target = cls.path(n);
    const accept = target.startsWith('/api/') ? 'application/json' : 'text/html';
    const done = new Promise((resolve) => {
      const req = http.get(
        `${base}${target}`,
        {
          agent: cls === HEALTH ? probes : pool,
          headers: { 'accept-encoding': 'br, gzip', accept },
          timeout: TIMEOUT_MS,
        },
        (res) => {
          res.on('data', () => {});
          res.on('end', () => {
            const took = performance.now() - scheduled;
            if (res.statusCode === 429) s.limited++;
            else if (res.statusCode >= 400) fail(`HTTP ${res.statusCode}`);
            else s.latencies.push(took);
            resolve();
          });
          res.on('error', (e) => {
            fail(e.code ?? e.message);
            resolve();
          });
        },
      );
      req.on('timeout', () => req.destroy(new Error('timeout')));
      req.on('error', (e) => {
        fail(e.code ?? e.message);
        resolve();
      });
    });
    inFlight.add(done);
    done.then(() => inFlight.delete(done));
  };

  await new Promise((resolve) => {
    const timer = setInterval(() => {
      const now = performance.now();
      const until = Math.min(now, end);
      list.forEach((cls, i) => {
        while (due[i] <= until) {
          send(cls, due[i]);
          counts[i]++;
          due[i] = start + (counts[i] * 1000) / cls.rate;
        }
      });
      if (now >= end) {
        clearInterval(timer);
        resolve();
      }
    }, 5);
  });
  await Promise.all(inFlight);
  eld.disable();
  const used = process.cpuUsage(cpu);
  pool.destroy();
  probes.destroy();
  late.sort((a, b) => a - b);
  const lateOf = (ns) => Math.max(0, ns / 1e6 - 2);
  return {
    classes: Object.fromEntries(
      [...stats].map(([name, s]) => [name, summary([{ ...s, reasons: Object.fromEntries(s.reasons) }])]),
    ),
    generator: {
      eventLoopP99: lateOf(eld.percentile(99)),
      eventLoopMax: lateOf(eld.max),
      sendLateP99: percentile(late, 99),
      sendLateMax: late.length ? late[late.length - 1] : null,
      cpuPercent: ((used.user + used.system) / 1e3 / (seconds * 1000)) * 100,
    },
  };
}

/**
 * One class over one or more runs, their samples pooled: the baseline halves before and after
 * the loaded phase count as one baseline. `raw` keeps the samples for pooling again.
 */
function summary(runs) {
  const sorted = runs.flatMap((r) => r.raw ?? r.latencies).sort((a, b) => a - b);
  const reasons = {};
  for (const r of runs) for (const [k, v] of Object.entries(r.reasons)) reasons[k] = (reasons[k] ?? 0) + v;
  const sum = (key) => runs.reduce((total, r) => total + r[key], 0);
  return {
    sent: sum('sent'),
    errors: sum('errors'),
    limited: sum('limited'),
    reasons,
    raw: sorted,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    max: sorted.length ? sorted[sorted.length - 1] : null,
  };
}

/** The classes of several drive() results pooled. */
export const pooled = (...results) => ({
  classes: Object.fromEntries(
    Object.keys(results[0].classes).map((name) => [name, summary(results.map((r) => r.classes[name]))]),
  ),
});
