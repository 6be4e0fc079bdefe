// JavaScript budget check (issue section 3): the gzip size of the JavaScript each page family
// makes the browser fetch before any interaction. Each page is loaded in Debian's Chromium
// (Playwright, a fresh context, desktop viewport 1280×720), we wait for `load` and then for the
// network to go quiet (no request for 1.5 s; the live-price event stream is left out, it never
// ends), without scrolling, clicking or typing. Every script response is compressed here with
// gzip level 9, so the figure does not depend on what the server sent (br, gzip or identity).
// Inline <script> bytes in the HTML are reported beside it, not counted in the budget.
//
// Budgets: article, news and flash-news lists ≤ 15 KB; coin list ≤ 75 KB; coin detail ≤ 150 KB;
// kline ≤ 150 KB (140 KB until the API client became ofetch, 5 KB on these pages, and 145 KB
// until dates were formatted by dayjs, 3.3 KB: issue 23). The home page has no budget of its own in the issue and is reported only.
// The converter ≤ 20 KB: its result follows the price stream and its form converts in place
// without a framework (until issue 25 the form was a React island, 67 KB more on interaction).
//
//   node scripts/bench/jsbudget.mjs                   builds if needed, own server on a temp data dir
//   node scripts/bench/jsbudget.mjs http://host:port  measures a running server
import { chromium } from '@playwright/test';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { machine, onServer, signature, verdict, writeResults } from './lib.mjs';

const PORT = 4730;
const QUIET_MS = 1500;
const MAX_WAIT_MS = 15_000;
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
export const CHROMIUM_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';

/** Page families and their budgets in KB (gzip); `null`: reported without a budget. */
const FAMILIES = [
  { family: 'article', path: null, budget: 15 },
  { family: 'news list', path: '/news', budget: 15 },
  { family: 'flash-news list', path: '/lives', budget: 15 },
  { family: 'coin list', path: '/coin/list_1', budget: 75 },
  { family: 'coin detail', path: '/coin/bitcoin', budget: 150 },
  { family: 'kline', path: '/kline/BTC', budget: 150 },
  { family: 'converter', path: '/convert/btc-usd', budget: 20 },
  { family: 'watchlist', path: '/watchlist', budget: null },
  { family: 'portfolio', path: '/portfolio', budget: null },
  { family: 'home', path: '/', budget: null },
];

const kb = (bytes) => (bytes / 1024).toFixed(1);

/** The newest article's path, from the JSON API. */
async function articlePath(url) {
  const res = await fetch(`${url}/api/new/v2/content/news?page=1&size=10&t=${await signature()}&lan=en`);
  const body = await res.json();
  const id = body.data?.list?.[0]?.id;
  if (!id) throw new Error('jsbudget: no article to measure');
  return `/news/${id}`;
}

async function measure(browser, url) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  const page = await context.newPage();
  const scripts = [];
  let last = Date.now();
  page.on('request', (req) => {
    if (!req.url().includes('/api/stream/')) last = Date.now();
  });
  page.on('response', async (res) => {
    const type = res.headers()['content-type'] ?? '';
    const isScript =
      res.request().resourceType() === 'script' ||
      /javascript|ecmascript/.test(type) ||
      /\.m?js(\?|$)/.test(new URL(res.url()).pathname);
    if (!isScript || res.status() !== 200) return;
    const pending = res.body().then(
      (body) => ({ url: res.url(), raw: body.length, gzip: gzipSync(body, { level: 9 }).length }),
      () => null,
    );
    scripts.push(pending);
  });
  const response = await page.goto(url, { waitUntil: 'load' });
  if (!response?.ok()) throw new Error(`jsbudget: ${url}: HTTP ${response?.status()}`);
  const started = Date.now();
  while (Date.now() - last < QUIET_MS && Date.now() - started < MAX_WAIT_MS) await page.waitForTimeout(100);
  const html = await response.text();
  const files = (await Promise.all(scripts)).filter(Boolean);
  // The same module may answer twice (preload and import); count each URL once.
  const unique = [...new Map(files.map((f) => [f.url, f])).values()];
  const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]).join('\n');
  await context.close();
  return {
    files: unique.sort((a, b) => b.gzip - a.gzip),
    gzip: unique.reduce((s, f) => s + f.gzip, 0),
    raw: unique.reduce((s, f) => s + f.raw, 0),
    inlineGzip: inline ? gzipSync(inline, { level: 9 }).length : 0,
  };
}

export async function runBudget(url) {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const rows = [];
    for (const f of FAMILIES) {
      const p = f.path ?? (await articlePath(url));
      const m = await measure(browser, url + p);
      rows.push({
        family: f.family,
        path: p,
        scripts: m.files.length,
        gzipKB: kb(m.gzip),
        rawKB: kb(m.raw),
        inlineKB: kb(m.inlineGzip),
        budget: f.budget === null ? '(none)' : `≤ ${f.budget} KB`,
        met: f.budget === null ? '' : verdict(m.gzip <= f.budget * 1024),
        largest: m.files
          .slice(0, 3)
          .map((x) => `${path.basename(new URL(x.url).pathname)} ${kb(x.gzip)}`)
          .join(', '),
        files: m.files.map((x) => ({ path: new URL(x.url).pathname, raw: x.raw, gzip: x.gzip })),
      });
      console.log(`${p}: ${kb(m.gzip)} KB gzip in ${m.files.length} scripts`);
    }
    return rows;
  } finally {
    await browser.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const rows = await onServer(process.argv[2], { port: PORT, prefix: 'coinlens-bench-js-' }, runBudget);
  writeResults(
    'jsbudget',
    {
      title: 'JavaScript loaded before any interaction, gzip',
      at: new Date().toISOString(),
      machine,
      note: [
        `Chromium ${CHROMIUM_PATH}, desktop 1280×720, fresh context per page; load, then network quiet for ${QUIET_MS / 1000} s (live-price stream excluded); no interaction.`,
        'gzip KB = every script response compressed here with gzip -9, summed (each URL once); raw KB = uncompressed; inline KB = inline <script> in the HTML, gzip, not in the budget.',
      ].join('\n'),
    },
    [
      { key: 'family', label: 'page family' },
      { key: 'path', label: 'page' },
      { key: 'scripts', label: 'scripts' },
      { key: 'gzipKB', label: 'JS gzip KB' },
      { key: 'rawKB', label: 'raw KB' },
      { key: 'inlineKB', label: 'inline KB' },
      { key: 'budget', label: 'budget' },
      { key: 'met', label: 'met' },
      { key: 'largest', label: 'largest scripts (gzip KB)' },
    ],
    rows,
  );
}
