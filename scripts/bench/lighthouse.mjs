// Lighthouse (the `lighthouse` npm package, pinned to 12.x: 13 needs Node 22) on Debian's
// Chromium against the built server: the home page, the coin list, a coin, an article and the
// kline page, with the mobile (Lighthouse's default: throttled, phone-sized) and desktop
// presets, BENCH_LH_RUNS times each (default 3), the median score per category reported with
// the audits that failed in any run. The goal is 100 in all four categories.
//
//   node scripts/bench/lighthouse.mjs                   builds if needed, own server on a temp data dir
//   node scripts/bench/lighthouse.mjs http://host:port  measures a running server
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './jsbudget.mjs';
import { familyPages, machine, median, onServer, signature, writeResults } from './lib.mjs';

const PORT = 4740;
const DEBUG_PORT = 4741;
/** BENCH_LH_PAGES=families: every page family, mobile only, one run each unless BENCH_LH_RUNS says. */
const FAMILIES_MODE = process.env.BENCH_LH_PAGES === 'families';
const RUNS = Math.max(1, Number(process.env.BENCH_LH_RUNS ?? (FAMILIES_MODE ? 1 : 3)));
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const SHORT = { performance: 'perf', accessibility: 'a11y', 'best-practices': 'bp', seo: 'seo' };
const PRESETS = [
  ['mobile', undefined],
  ['desktop', desktopConfig],
];

/** Debian's Chromium with a DevTools port for Lighthouse to drive (it opens its own tabs). */
async function launchChromium() {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'coinlens-lh-profile-'));
  const proc = spawn(
    CHROMIUM_PATH,
    [
      ...CHROMIUM_ARGS,
      `--remote-debugging-port=${DEBUG_PORT}`,
      `--user-data-dir=${profile}`,
      '--no-first-run',
      'about:blank',
    ],
    {
      stdio: 'ignore',
    },
  );
  for (let i = 0; i < 100; i++) {
    try {
      const res = await fetch(`http://127.0.0.1:${DEBUG_PORT}/json/version`);
      if (res.ok) break;
    } catch {
      // Not listening yet.
    }
    await sleep(100);
  }
  return {
    close: async () => {
      proc.kill('SIGTERM');
      await new Promise((r) => (proc.exitCode === null ? proc.once('exit', r) : r(undefined)));
      fs.rmSync(profile, { recursive: true, force: true });
    },
  };
}

async function articlePath(url) {
  const res = await fetch(`${url}/api/new/v2/content/news?page=1&size=10&t=${await signature()}&lan=en`);
  const id = (await res.json()).data?.list?.[0]?.id;
  if (!id) throw new Error('lighthouse: no article to audit');
  return `/news/${id}`;
}

/** The median run's main-thread tasks of 50 ms or more, as "script: ms" (what makes the TBT). */
function longTasks(runs) {
  const sorted = [...runs].sort(
    (a, b) =>
      (a.audits['total-blocking-time']?.numericValue ?? 0) - (b.audits['total-blocking-time']?.numericValue ?? 0),
  );
  const items = sorted[Math.floor((sorted.length - 1) / 2)].audits['long-tasks']?.details?.items ?? [];
  return (
    items
      .map(
        (t) =>
          `${
            String(t.url)
              .replace(/^https?:\/\/[^/]+/, '')
              .slice(-40) || '(page)'
          }: ${Math.round(t.duration)}`,
      )
      .join(', ') || '—'
  );
}

export async function runLighthouse(url) {
  const pages = FAMILIES_MODE
    ? await familyPages(url)
    : ['/', '/coin/list_1', '/coin/bitcoin', await articlePath(url), '/kline/BTC'];
  const chrome = await launchChromium();
  const rows = [];
  try {
    for (const p of pages) {
      for (const [preset, config] of FAMILIES_MODE ? PRESETS.slice(0, 1) : PRESETS) {
        const runs = [];
        for (let i = 0; i < RUNS; i++) {
          const result = await lighthouse(
            url + p,
            { port: DEBUG_PORT, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES },
            config,
          );
          const lhr = result?.lhr;
          if (!lhr) throw new Error(`lighthouse: no report for ${p}`);
          if (lhr.runtimeError) throw new Error(`lighthouse: ${p}: ${lhr.runtimeError.message}`);
          runs.push(lhr);
        }
        const score = (cat) => Math.round(median(runs.map((r) => (r.categories[cat]?.score ?? 0) * 100)));
        // Failing: a scored audit below 0.9 in any run (Lighthouse shows those as failed or
        // average), counted over runs; informative and manual audits have no score.
        const failing = new Map();
        for (const r of runs) {
          for (const cat of CATEGORIES) {
            for (const ref of r.categories[cat]?.auditRefs ?? []) {
              const audit = r.audits[ref.id];
              const key = `${SHORT[cat]}:${ref.id}`;
              if (ref.weight > 0 && audit && audit.score !== null && audit.score < 0.9)
                failing.set(key, (failing.get(key) ?? 0) + 1);
            }
          }
        }
        const metric = (id) => median(runs.map((r) => r.audits[id]?.numericValue ?? NaN));
        rows.push({
          page: p,
          preset,
          performance: score('performance'),
          accessibility: score('accessibility'),
          bestPractices: score('best-practices'),
          seo: score('seo'),
          fcpMs: Math.round(metric('first-contentful-paint')),
          lcpMs: Math.round(metric('largest-contentful-paint')),
          tbtMs: Math.round(metric('total-blocking-time')),
          cls: metric('cumulative-layout-shift').toFixed(3),
          failing: [...failing].map(([id, n]) => (RUNS > 1 ? `${id} (${n}/${RUNS})` : id)).join(', ') || '—',
          longTasks: longTasks(runs),
        });
        console.log(`${p} ${preset}: ${CATEGORIES.map((c) => score(c)).join(' / ')}`);
      }
    }
  } finally {
    await chrome.close();
  }
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const rows = await onServer(process.argv[2], { port: PORT, prefix: 'coinlens-bench-lh-' }, runLighthouse);
  writeResults(
    FAMILIES_MODE ? 'lighthouse-families' : 'lighthouse',
    {
      title: FAMILIES_MODE
        ? 'Lighthouse scores of every page family, mobile (goal: 100 in all four categories)'
        : 'Lighthouse scores (goal: 100 in all four categories)',
      at: new Date().toISOString(),
      machine,
      note: [
        `Lighthouse ${JSON.parse(fs.readFileSync(new URL('../../node_modules/lighthouse/package.json', import.meta.url), 'utf8')).version} on ${CHROMIUM_PATH}, median of ${RUNS} run(s) per page and preset; LIVE=off, localhost.`,
        'mobile = Lighthouse default (phone viewport, simulated slow 4G and 4× CPU slowdown); desktop = its desktop preset. Timings are simulated (lantern) and say little on a shared machine;',
        'failing = weighted audits scoring below 0.9 in any run, as category:audit-id (n/runs): what stands between a page and 100.',
      ].join('\n'),
    },
    [
      { key: 'page', label: 'page' },
      { key: 'preset', label: 'preset' },
      { key: 'performance', label: 'perf' },
      { key: 'accessibility', label: 'a11y' },
      { key: 'bestPractices', label: 'best pr.' },
      { key: 'seo', label: 'SEO' },
      { key: 'fcpMs', label: 'FCP ms' },
      { key: 'lcpMs', label: 'LCP ms' },
      { key: 'tbtMs', label: 'TBT ms' },
      { key: 'cls', label: 'CLS' },
      { key: 'failing', label: 'failing audits' },
      { key: 'longTasks', label: 'long tasks ms (simulated)' },
    ],
    rows,
  );
}
