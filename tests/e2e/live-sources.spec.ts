// The built server on live sources (LIVE=sources) against the fake upstream: the fake exchange's
// prices (and CoinGecko's supplies) reach the coin list, with the sources and the data's age in the header badge and on the
// coin page; on this first start the demo market has given way to the sources' universe; when
// the exchange stops answering, the pages keep the last prices and say "stale". The same server
// runs the content ingest against recorded answers of the content sources (news, flash news,
// exchange announcements): the pages in en, zh, zh-hk and ko show them with their sources.
// A server of its own (its own data directory and port), since the shared one runs the demo.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { WebSocketServer, type WebSocket } from 'ws';
import { fixture, startFakeUpstream, type FakeUpstream } from '../setup/fakeUpstream.ts';

const PORT = Number(process.env.E2E_PORT ?? 4399) + 71;
const BASE = `http://127.0.0.1:${PORT}`;
const TICKERS = '/api/v3/ticker/24hr';
const INFO = '/api/v3/exchangeInfo';
/** Prices no demo walk would land on exactly. */
const PRICES: Record<string, string> = { BTCUSDT: '43210.50', ETHUSDT: '2345.67' };

type Ticker = { symbol: string; lastPrice: string; closeTime: number; openTime: number };

/** The recorded 24 h tickers, cut to BTCUSDT and ETHUSDT at our prices, closing now (fresh). */
function tickers() {
  const now = Date.now();
  return fixture<Ticker[]>('binance', 'ticker-24hr')
    .filter((t) => t.symbol in PRICES)
    .map((t) => ({ ...t, lastPrice: PRICES[t.symbol], closeTime: now, openTime: now - 86_400_000 }));
}

/**
 * Coinbase's pairs at CoinGecko, cut to two and traded now: SOL (fresh) and XRP (flagged). Not
 * BTC: the fake Binance's prices must stay bitcoin's alone for the checks below.
 */
function coinbase() {
  const now = new Date().toISOString();
  const body = fixture<{
    name: string;
    tickers: { base: string; target: string; last_traded_at: string; timestamp: string }[];
  }>('coingecko', 'exchange-tickers-gdax');
  body.tickers = body.tickers
    .filter((t) => t.target === 'USD' && ['SOL', 'XRP'].includes(t.base))
    .map((t) => ({ ...t, last_traded_at: now, timestamp: now }));
  return body;
}

/** Every exchange's derivatives at CoinGecko, traded now. */
function derivatives() {
  const now = Math.floor(Date.now() / 1000);
  return fixture<{ last_traded_at: number | null }[]>('coingecko', 'derivatives').map((d) => ({
    ...d,
    last_traded_at: d.last_traded_at && now,
  }));
}

async function health(): Promise<{
  source: string;
  stale: boolean;
  states: { name: string; status: string }[];
} | null> {
  try {
    const res = await fetch(`${BASE}/api/health`);
    return res.ok
      ? ((await res.json()) as { data: { source: string; stale: boolean; states: { name: string; status: string }[] } })
          .data
      : null;
  } catch {
    return null;
  }
}

const recorded = (...parts: string[]) => readFileSync(path.join('tests/fixtures', ...parts), 'utf8');
const xml = (name: string) => ({ body: recorded('content', name), headers: { 'content-type': 'application/rss+xml' } });

/** The content sources of this server: recorded answers served by the fake upstream. */
function contentSources(url: string): string {
  const common = { homepage: 'https://example.com', licence: 'Recorded answer (test).', everyMinutes: 60 };
  const sources = [
    { id: 'coindesk', name: 'CoinDesk', kind: 'news', locales: ['en'], url: `${url}/content/coindesk.xml` },
    { id: 'odaily', name: 'Odaily 星球日报', kind: 'news', locales: ['zh'], url: `${url}/content/odaily.xml` },
    { id: 'blockmedia', name: '블록미디어', kind: 'news', locales: ['ko'], url: `${url}/content/blockmedia.xml` },
    {
      id: 'odaily-flash',
      name: 'Odaily 星球日报',
      kind: 'lives',
      locales: ['zh'],
      url: `${url}/content/odaily-flash.xml`,
    },
    {
      id: 'blockbeats-en',
      name: 'BlockBeats',
      kind: 'lives',
      adapter: 'blockbeats',
      locales: ['en'],
      url: `${url}/bb`,
    },
    {
      id: 'blockbeats',
      name: '律动 BlockBeats',
      kind: 'lives',
      adapter: 'blockbeats',
      locales: ['zh'],
      url: `${url}/bbzh`,
    },
    {
      id: 'okx-announcements',
      name: 'OKX announcements',
      kind: 'announcements',
      adapter: 'okx-announcements',
      locales: ['en', 'zh'],
      url,
      exchange: 'okx',
    },
  ].map((s) => ({ ...common, ...s }));
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'coinlens-content-')), 'sources.json');
  writeFileSync(file, JSON.stringify({ sources }));
  return file;
}

let up: FakeUpstream;
/** Stands in for Binance's `!miniTicker@arr` stream. */
let wss: WebSocketServer;
const sockets: WebSocket[] = [];
let server: ChildProcess;
let log = '';

test.describe.configure({ mode: 'serial', timeout: 240_000 });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  up = await startFakeUpstream({
    [INFO]: { body: fixture('binance', 'exchangeInfo') },
    [TICKERS]: () => ({ body: tickers() }),
    '/coins/markets': { body: fixture('coingecko', 'markets') },
    '/exchanges': { body: fixture('coingecko', 'exchanges') },
    '/global': { body: fixture('coingecko', 'global') },
    '/exchanges/gdax/tickers': () => ({ body: coinbase() }),
    '/derivatives': () => ({ body: derivatives() }),
    '/coins/bitcoin': { body: fixture('coingecko', 'coin-bitcoin-localized') },
    '/content/coindesk.xml': xml('coindesk.xml'),
    '/content/odaily.xml': xml('odaily.xml'),
    '/content/blockmedia.xml': xml('blockmedia.xml'),
    '/content/odaily-flash.xml': xml('odaily-flash.xml'),
    '/bb/open-api/open-flash': { body: recorded('content', 'blockbeats-en.json') },
    '/bbzh/open-api/open-flash': { body: recorded('content', 'blockbeats.json') },
    '/api/v5/support/announcements': (_q, headers) => ({
      body: recorded(
        'announcements',
        'okx',
        String(headers['accept-language']).startsWith('zh') ? 'zh.json' : 'en.json',
      ),
    }),
  });
  wss = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  wss.on('connection', (ws) => sockets.push(ws));
  await new Promise((resolve) => wss.once('listening', resolve));
  server = spawn(process.execPath, ['tests/e2e/server.mjs'], {
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      LIVE: 'sources',
      SOURCES: 'binance',
      BINANCE_URL: up.url,
      BINANCE_STREAM_URL: `ws://127.0.0.1:${(wss.address() as { port: number }).port}/ws/!miniTicker@arr`,
      STREAM_INTERVAL_MS: '500',
      INGEST_INTERVAL_MS: '1000',
      STALE_MS: '5000',
      COINGECKO_URL: up.url,
      COINGECKO_API_KEY: 'e2e-demo-key',
      COINGECKO_EXCHANGES: 'gdax',
      FIAT_RATES_URL: '',
      LOG_LEVEL: 'info',
      CONTENT: 'auto',
      CONTENT_SOURCES: contentSources(up.url),
      FEAR_GREED_URL: up.url,
      GITHUB_URL: up.url,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout!.on('data', (d: Buffer) => void (log += d.toString()));
  server.stderr!.on('data', (d: Buffer) => void (log += d.toString()));
  await expect
    .poll(async () => (await health())?.source, { timeout: 200_000, intervals: [500] })
    .toBe('live')
    .catch((e: Error) => {
      throw new Error(`the server never ran on the sources: ${e.message}\n${log.slice(-3000)}`);
    });
});

test.afterEach(({}, info) => {
  // The server's own account of what went wrong (LOG_LEVEL=error keeps it short).
  if (info.status !== info.expectedStatus) console.log(`server log:\n${log.slice(-6000)}`);
});

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 15_000))]);
  }
  await up?.close();
  await new Promise((resolve) => (wss ? wss.close(resolve) : resolve(undefined)));
});

test('news, flash news and announcements come from the content sources, with their sources, in every language', async ({
  page,
}) => {
  type Health = { content: { demo: Record<string, boolean>; sources: { id: string; status: string }[] } };
  const content = async () => ((await (await fetch(`${BASE}/api/health`)).json()) as { data: Health }).data.content;
  await expect
    .poll(async () => (await content()).sources.filter((s) => s.status === 'ok').length, {
      timeout: 60_000,
      intervals: [500],
    })
    .toBe(7);
  // Each kind's first round replaced its demo content.
  expect((await content()).demo).toMatchObject({ news: false, lives: false, announcements: false });

  const source = page.locator('[data-testid="item-source"]');
  const lists: [string, string, RegExp, RegExp][] = [
    // [path, list, the first item's source line, its link]
    ['/news', '[data-testid="article-list"]', /^From CoinDesk$/, /^https:\/\/www\.coindesk\.com\//],
    ['/zh/news', '[data-testid="article-list"]', /^来源：Odaily 星球日报$/, /^https:\/\/www\.odaily\.news\//],
    ['/zh-hk/news', '[data-testid="article-list"]', /^來源：Odaily 星球日報$/, /^https:\/\/www\.odaily\.news\//],
    ['/ko/news', '[data-testid="article-list"]', /^출처: (블록미디어|CoinDesk)$/, /^https:\/\//],
    ['/lives', '[data-testid="lives-timeline"]', /^From BlockBeats$/, /^https:\/\/m\.theblockbeats\.info\//],
    [
      '/zh/lives',
      '[data-testid="lives-timeline"]',
      /^来源：(Odaily 星球日报|律动 BlockBeats)$/,
      /^https:\/\/(www\.odaily\.news|m\.theblockbeats\.info)\//,
    ],
    [
      '/zh-hk/lives',
      '[data-testid="lives-timeline"]',
      /^來源：(Odaily 星球日報|律動 BlockBeats)$/,
      /^https:\/\/(www\.odaily\.news|m\.theblockbeats\.info)\//,
    ],
    ['/ko/lives', '[data-testid="lives-timeline"]', /^출처: BlockBeats$/, /^https:\/\/m\.theblockbeats\.info\//],
    ['/announcement', '[data-testid="announcement-list"]', /^From OKX announcements$/, /^https:\/\/www\.okx\.com\//],
    [
      '/zh/announcement',
      '[data-testid="announcement-list"]',
      /^来源：OKX announcements$/,
      /^https:\/\/www\.okx\.com\//,
    ],
    [
      '/zh-hk/announcement',
      '[data-testid="announcement-list"]',
      /^來源：OKX announcements$/,
      /^https:\/\/www\.okx\.com\//,
    ],
    [
      '/ko/announcement',
      '[data-testid="announcement-list"]',
      /^출처: OKX announcements$/,
      /^https:\/\/www\.okx\.com\//,
    ],
  ];
  for (const [path, list, line, link] of lists) {
    await page.goto(`${BASE}${path}`);
    const first = page.locator(list).locator(source).first();
    await expect(first, path).toHaveText(line);
    await expect(first, path).toHaveAttribute('href', link);
    await expect(first, path).toHaveAttribute('target', '_blank');
    // The demo badge went with the demo content.
    await expect(page.locator('[data-testid="demo-kind"], [data-testid="demo-item"]'), path).toHaveCount(0);
    // A Traditional Chinese reader gets the Simplified items converted, and is told so.
    if (path.startsWith('/zh-hk/')) {
      await expect(page.locator(list).locator('[data-testid="converted"]').first(), path).toBeVisible();
      await expect(page.locator('[data-testid="converted-note"]').first(), path).toBeVisible();
    }
  }
  // Chinese pages read as Chinese: the Simplified page's first title is in Simplified characters,
  // the Traditional page's the same story in Traditional ones.
  await page.goto(`${BASE}/zh/lives`);
  const simplified = (await page.locator('.lives-title a').first().textContent()) ?? '';
  await page.goto(`${BASE}/zh-hk/lives`);
  const traditional = (await page.locator('.lives-title a').first().textContent()) ?? '';
  expect(simplified).toMatch(/[\u4e00-\u9fff]/);
  expect(traditional).not.toBe(simplified);

  // Items "load more" appends name their source too.
  await page.goto(`${BASE}/zh/lives?size=10`);
  await expect(page.getByTestId('lives-item')).toHaveCount(10);
  const more = page.getByTestId('lives-load-more');
  await more.hover();
  await expect(page.locator('astro-island[component-url*="LoadMore"]')).not.toHaveAttribute('ssr', /.*/);
  await more.click();
  const appended = page.getByTestId('lives-item').nth(10);
  await expect(appended.getByTestId('item-source')).toHaveText(/^来源：/);
  await expect(appended.getByTestId('item-source')).toHaveAttribute('href', /^https:\/\//);

  // An article keeps only the source's summary and leads to the original.
  await page.goto(`${BASE}/news`);
  const href = await page
    .locator('[data-testid="article-list"] [data-testid="item-source"]')
    .first()
    .getAttribute('href');
  await page.locator('[data-testid="article-list"] .title a').first().click();
  await expect(page.locator('[data-testid="read-original"]')).toHaveAttribute('href', href!);
  await expect(page.locator('[data-testid="read-original"]')).toHaveText(/^Read the full article at CoinDesk →$/);

  // A coin's description in the reader's language, from CoinGecko and credited (the facts refresh
  // reads the top coin's details first).
  for (const [prefix, text] of [
    ['', /^Bitcoin is the first successful internet money/],
    ['/zh', /^比特币是第一个/],
    ['/zh-hk', /^比特幣是第一個/],
    ['/ko', /^비트코인은/],
  ] as const) {
    await expect
      .poll(
        async () => {
          await page.goto(`${BASE}${prefix}/coin/bitcoin/introduce`);
          return page.getByTestId('coin-description').textContent();
        },
        { timeout: 30_000, intervals: [1000] },
      )
      .toMatch(text);
    await expect(page.getByTestId('description-credit')).toContainText('CoinGecko');
    await expect(page.locator('h2').filter({ has: page.locator('[data-lang-tag]') })).toHaveCount(0);
  }
});

test('the fake exchange’s prices, sources and age are on the pages; when it fails they stay, marked stale', async ({
  page,
  context,
}) => {
  // The coin list: the fake price, and the live badge with the source and the age.
  await expect
    .poll(
      async () => {
        await page.goto(`${BASE}/coin/list_1`);
        return page.locator('tr[data-coin="bitcoin"] [data-field="price"]').textContent();
      },
      { timeout: 30_000, intervals: [1000] },
    )
    .toContain('43,210.5');
  await expect(page.locator('tr[data-coin="ethereum"] [data-field="price"]')).toContainText('2,345.67');
  // Each row's price, market cap and supply say where they come from and how old they are, and
  // the table's footnote sums it up.
  const eth = page.locator('tr[data-coin="ethereum"]');
  await expect(eth.locator('[data-field="price"]')).toHaveAttribute(
    'title',
    /^Price from Binance · updated \d+ s ago$/,
  );
  await expect(eth.locator('[data-field="market-cap"]')).toHaveAttribute(
    'title',
    /^Price × circulating supply from CoinGecko, updated \d+ s ago$/,
  );
  await expect(eth.locator('[data-field="supply"]')).toHaveAttribute(
    'title',
    /^Supply from CoinGecko, updated \d+ s ago$/,
  );
  await expect(page.getByTestId('coin-table-note')).toContainText(
    /^Prices: Binance and CoinGecko, aggregated by Coinlens; the oldest on this page was updated \d+ s ago\. Market cap = price × circulating supply; supplies from CoinGecko/,
  );
  // A stream update moves the price on the open page (WebSocket → price bus → SSE), no reload.
  await expect
    .poll(() => sockets.filter((s) => s.readyState === s.OPEN).length, { timeout: 20_000 })
    .toBeGreaterThan(0);
  // Stamped a minute ahead: the fake's REST answers (stamped "now" every second) are older, so the
  // price stays the stream's instead of flickering back.
  const mini = {
    e: '24hrMiniTicker',
    E: Date.now() + 60_000,
    s: 'BTCUSDT',
    c: '43999.99',
    o: '43000.00',
    h: '44100.00',
    l: '42900.00',
    v: '10.5',
    q: '461999.89',
  };
  for (const s of sockets) if (s.readyState === s.OPEN) s.send(JSON.stringify([mini]));
  await expect(page.locator('tr[data-coin="bitcoin"] [data-field="price"]')).toContainText('43,999.99', {
    timeout: 20_000,
  });
  const badge = page.getByTestId('data-badge');
  await expect(badge).toContainText('Binance');
  await expect(badge).toHaveText(/^Live data: Binance and CoinGecko · updated \d+ s ago$/);
  // The whole market's figures are CoinGecko's (the fake's $3.41T), credited and linked.
  await expect(page.locator('.stats-strip')).toContainText('$3.41T');
  const credit = page.getByTestId('whole-market-credit');
  await expect(credit).toHaveText('Data provided by CoinGecko');
  await expect(credit).toHaveAttribute('href', 'https://www.coingecko.com/');
  await expect(credit).toHaveAttribute(
    'title',
    /^Market cap, volume and dominance of the whole crypto market .*updated \d+ s ago\.$/,
  );
  await expect(badge).not.toHaveAttribute('data-stale', 'true');
  await expect(badge).toHaveAttribute('href', '/methodology');
  await expect(page.getByTestId('demo-badge')).toHaveCount(0);
  await expect(page.getByTestId('footer-source')).toContainText(
    'Market data: Binance and CoinGecko (their public APIs), aggregated by Coinlens.',
  );
  // Exports say where their numbers come from, too.
  const csv = await (await fetch(`${BASE}/export/coins.csv`)).text();
  expect(csv.split('\r\n')[0]).toMatch(/^\uFEFF?Source,Binance and CoinGecko,/);
  // A first start on the sources: their coins only (Binance's two, and Solana from Coinbase's
  // pairs at CoinGecko), ranked by market cap, no demo coin mixed in but tether (the USDT
  // currency is priced from it), which no source reports and which says so. XRP's only pair is
  // one CoinGecko flags: it makes no price, so the coin went with the demo market.
  await page.goto(`${BASE}/coin/list_1`);
  await expect(page.getByTestId('page-info')).toHaveText('Showing 1–4 of 4');
  await expect(page.locator('tbody tr').first()).toHaveAttribute('data-coin', 'bitcoin');
  await expect(page.locator('tr[data-coin="solana"] [data-testid="demo-row"]')).toHaveCount(0);
  await expect(page.locator('tr[data-coin="solana"] [data-field="price"]')).toContainText('141.83');
  await expect(page.locator('tr[data-coin="ripple"]')).toHaveCount(0);
  // The live coins' history-drawn figures are no longer the seeder's: the fake serves no candles
  // to backfill from, so there is no 7-day change yet; tether's stay the demo's.
  const json = (await (await fetch(`${BASE}/export/coins.json`)).json()) as {
    rows: { name: string; change7d: number | null }[];
  };
  expect(json.rows.find((r) => r.name.startsWith('Bitcoin'))!.change7d).toBeNull();
  expect(json.rows.find((r) => r.name.startsWith('Tether'))!.change7d).not.toBeNull();
  await expect(page.locator('tr[data-coin="bitcoin"] [data-testid="demo-row"]')).toHaveCount(0);
  await expect(page.locator('tr[data-coin="tether"] [data-testid="demo-row"]')).toHaveText('Demo data');

  // The coin page names its sources; the market tab shows Binance's real pair in place of the demo ones.
  await page.goto(`${BASE}/coin/bitcoin`);
  await expect(page.getByTestId('coin-provenance')).toContainText('Binance');
  // Supplies from CoinGecko (the fake's 19,809,121 BTC), credited as its terms ask.
  await expect(
    page.getByTestId('coingecko-credit').getByRole('link', { name: 'Data provided by CoinGecko' }),
  ).toHaveAttribute('href', 'https://www.coingecko.com/');
  await page.goto(`${BASE}/coin/bitcoin/overview`);
  await expect(page.locator('main')).toContainText('19.81M BTC');
  await expect(page.getByTestId('supply-provenance')).toHaveText(/^Supply from CoinGecko, updated \d+ (s|min) ago$/);
  await expect(page.getByTestId('market-cap-provenance')).toHaveText(
    /^Price × circulating supply from CoinGecko, updated \d+ (s|min) ago$/,
  );
  expect(up.requests.find((r) => r.path === '/coins/markets')!.headers['x-cg-demo-api-key']).toBe('e2e-demo-key');
  await page.goto(`${BASE}/coin/bitcoin/market`);
  const binance = page.locator('a[data-source="binance"]');
  await expect(binance.first()).toBeVisible();
  await expect(page.locator('a[href$="/exchange/binance"]:not([data-source])')).toHaveCount(0);
  await expect(page.locator('[data-testid="demo-row"]')).toHaveCount(0);
  // The exchange page says who reports it; the seeder's exchanges are gone.
  await page.goto(`${BASE}/exchange/binance`);
  await expect(page.getByTestId('exchange-provenance')).toContainText(/^\s*Reported by Binance, \d+ s ago/);
  expect((await page.goto(`${BASE}/exchange/kraken`))!.status()).toBe(404);
  // Exchanges without an adapter, through CoinGecko: Coinbase's spot pairs, Bitget's derivatives
  // (Binance's copy at CoinGecko is left to Binance's own adapter).
  await page.goto(`${BASE}/exchange/coinbase-exchange`);
  // CoinGecko's round comes less often than the exchanges': on a busy machine it is a minute old by now.
  await expect(page.getByTestId('exchange-provenance')).toContainText(/^\s*Reported by CoinGecko, \d+ (s|min) ago/);
  await expect(page.locator('main')).toContainText('SOL/USD');
  await page.goto(`${BASE}/exchange/bitget?filter=futures`);
  await expect(page.getByTestId('exchange-provenance')).toContainText('Reported by CoinGecko');
  await expect(page.locator('main')).toContainText(/BTC.*Perpetual/i);
  await page.goto(`${BASE}/coin/solana/market`);
  // .first(): phones also get the exchange under the pair (.ph-under), a second link.
  await expect(page.locator('a[data-source="coingecko"]', { hasText: 'Coinbase Exchange' }).first()).toHaveAttribute(
    'title',
    /^Reported by CoinGecko, \d+ (s|min) ago$/,
  );
  await expect(page.locator('a[data-source="coingecko"]', { hasText: 'Gate' }).first()).toBeVisible();
  await page.goto(`${BASE}/coin/tether`);
  await expect(page.locator('[data-testid="coin-provenance"][data-demo="true"]')).toContainText('Demo data');

  // The embeddable widget, open while the prices are fresh: no stale mark (its clock is the
  // test's, so its minutely refresh runs when asked below).
  const widget = await context.newPage();
  await widget.clock.install();
  // On a busy machine a round can come late enough (STALE_MS is 5 s here) for one load to see a
  // stale price: the next round makes it fresh, and a price that never does fails. Ethereum's
  // price is renewed by every REST round; bitcoin's newest figure is the one stream tick above
  // (the REST answers are older), so it rightly turns stale 5 s after that tick, and this page
  // comes later than that whenever the steps above take longer.
  await expect
    .poll(
      async () => {
        await widget.goto(`${BASE}/widget?coins=ethereum,bitcoin`);
        return widget.locator('tr[data-coin="ethereum"] [data-testid="widget-stale"]').count();
      },
      { timeout: 20_000, intervals: [1000] },
    )
    .toBe(0);
  await expect(widget.locator('tr[data-coin="ethereum"] [data-field="price"]')).toContainText('2,345.67');

  // The exchange fails: the health endpoint says so, the last prices stay, and the badge turns stale.
  up.route(TICKERS, { status: 500, body: { code: -1000, msg: 'An unknown error occurred' } });
  await expect.poll(async () => (await health())?.stale, { timeout: 30_000, intervals: [500] }).toBe(true);
  // The states are stored at the end of a round, and a failing round takes its retries first.
  // (CoinGecko's is its client's, shared with the facts refresh: the fake has no coin details.)
  await expect
    .poll(async () => (await health())?.states.map((s) => s.name), { timeout: 30_000, intervals: [500] })
    .toEqual(['binance', 'coingecko']);
  await expect
    .poll(async () => (await health())?.states[0]?.status, { timeout: 30_000, intervals: [500] })
    .toBe('failing');
  await expect
    .poll(
      async () => {
        await page.goto(`${BASE}/coin/list_1`);
        return page.getByTestId('data-badge').getAttribute('data-stale');
      },
      { timeout: 30_000, intervals: [1000] },
    )
    .toBe('true');
  await expect(page.getByTestId('data-badge')).toContainText(/^Stale data · updated \d+ (s|min) ago$/);
  await expect(page.locator('tr[data-coin="bitcoin"] [data-field="price"]')).toContainText('43,999.99');
  await expect(page.locator('tr[data-coin="ethereum"] [data-field="price"]')).toContainText('2,345.67');
  // A coin whose only source failed is marked where its price is: its list row and its header,
  // and its age is that of its newest figure, not of the rounds that went on meanwhile.
  await expect(page.locator('tr[data-coin="ethereum"] [data-testid="stale-row"]')).toHaveText('Stale price');
  await page.goto(`${BASE}/coin/ethereum`);
  await expect(page.getByTestId('coin-stale')).toHaveText('Stale price');
  await expect(page.getByTestId('coin-price')).toContainText('2,345.67');
  const figureAt = Date.parse((await page.getByTestId('coin-provenance').locator('time').getAttribute('datetime'))!);
  expect(Date.now() - figureAt).toBeGreaterThan(5_000);
  // So do the widget (the open one at its next refresh, which copies the mark with the price,
  // and a new one), the search results' coin rows and the watchlist.
  await widget.clock.runFor(61_000);
  const widgetMark = widget.locator('tr[data-coin="ethereum"] [data-field="price"] [data-testid="widget-stale"]');
  await expect(widgetMark).toHaveText('Stale price');
  await expect(widgetMark).toHaveAttribute('title', /^No source has given a new figure for this coin for \d+ (s|min):/);
  await expect(widget.locator('tr[data-coin="ethereum"] [data-field="price"]')).toContainText('2,345.67');
  await page.goto(`${BASE}/zh/widget?coins=ethereum`);
  await expect(page.getByTestId('widget-stale')).toHaveText('价格已过时');
  await page.goto(`${BASE}/search?q=ethereum`);
  await expect(
    page.getByTestId('search-section-coin').locator('tr[data-coin="ethereum"] [data-testid="stale-row"]'),
  ).toHaveText('Stale price');
  await page.evaluate(() =>
    localStorage.setItem('coinlens.localFavourites', JSON.stringify([{ id: 'ethereum', type: 'COIN' }])),
  );
  await page.goto(`${BASE}/watchlist`);
  await expect(
    page.getByTestId('watchlist-coin').locator('tr[data-coin="ethereum"] [data-testid="stale-row"]'),
  ).toHaveText('Stale price');
});
