import { readFile } from 'node:fs/promises';
import { expect, test, type Download, type Page } from '@playwright/test';
import { parseCsv } from '../../src/lib/csv.ts';

/**
 * The export round trip: a reader on a sorted, sized list clicks "CSV" and "JSON", and the files
 * hold the rows of the table on the screen, in its order, with headers in the page's language.
 */
const LOCALES = [
  {
    prefix: '',
    lang: 'en',
    name: 'Name',
    pair: 'Pair',
    exchange: 'Exchange',
    source: 'Source',
    demo: 'Coinlens demo data',
  },
  {
    prefix: '/zh',
    lang: 'zh',
    name: '名称',
    pair: '交易对',
    exchange: '交易所',
    source: '数据来源',
    demo: 'Coinlens 演示数据',
  },
] as const;

async function fetchDownload(page: Page, kind: 'csv' | 'json'): Promise<{ download: Download; bytes: Buffer }> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('export-links').locator(`[data-export="${kind}"]`).click(),
  ]);
  const path = await download.path();
  return { download, bytes: await readFile(path) };
}

interface JsonExport {
  source: string;
  generatedAt: string;
  currency: string;
  locale: string;
  columns: { key: string; label: string; unit: string | null }[];
  rows: Record<string, string | number | null>[];
}

async function csvOf(page: Page) {
  const { download, bytes } = await fetchDownload(page, 'csv');
  // UTF-8 with a byte order mark, so Excel reads the Chinese headers as Chinese.
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const [provenance, header, ...rows] = parseCsv(bytes.toString('utf8'));
  return { download, provenance: provenance!, header: header!, rows };
}

async function jsonOf(page: Page): Promise<{ download: Download; json: JsonExport }> {
  const { download, bytes } = await fetchDownload(page, 'json');
  return { download, json: JSON.parse(bytes.toString('utf8')) as JsonExport };
}

for (const L of LOCALES) {
  test.describe(`exports in ${L.lang}`, () => {
    test('coin list: CSV and JSON hold the sorted page that is shown', async ({ page }) => {
      await page.goto(`${L.prefix}/coin/list_2?size=20&sort=marketCap&order=asc`);
      const table = page.getByTestId('coin-table');
      const names = await table.locator('tbody tr .nm').allTextContents();
      const symbols = await table.locator('tbody tr .sym').allTextContents();
      expect(names).toHaveLength(20);

      const csv = await csvOf(page);
      expect(csv.download.suggestedFilename()).toMatch(/^coinlens-coins-page2-[A-Z]+-\d{8}T\d{6}Z\.csv$/);
      expect(csv.provenance[0]).toBe(L.source);
      expect(csv.provenance[1]).toBe(L.demo);
      expect(Date.parse(csv.provenance[3]!)).toBeGreaterThan(Date.now() - 5 * 60_000);
      expect(csv.header[1]).toBe(L.name);
      const currency = csv.provenance[5]!;
      expect(csv.header.some((h) => h.endsWith(`(${currency})`))).toBe(true);
      expect(csv.rows.map((r) => r[1])).toEqual(names);
      expect(csv.rows.map((r) => r[2])).toEqual(symbols);
      // Numbers, not the page's formatted text.
      for (const r of csv.rows) expect(r[3]).toMatch(/^-?\d+(\.\d+)?(e-?\d+)?$/);

      const { download, json } = await jsonOf(page);
      expect(download.suggestedFilename()).toMatch(/\.json$/);
      expect(json.locale).toBe(L.lang);
      expect(json.currency).toBe(currency);
      expect(json.source).toBe(L.demo);
      expect(json.columns.find((c) => c.key === 'name')?.label).toBe(L.name);
      expect(json.rows.map((r) => r.name)).toEqual(names);
      expect(json.rows.map((r) => r.symbol)).toEqual(symbols);
      expect(json.rows.every((r) => typeof r.marketCap === 'number')).toBe(true);
      // Ascending market cap, as the page was sorted.
      const caps = json.rows.map((r) => r.marketCap as number);
      expect([...caps].sort((a, b) => a - b)).toEqual(caps);
    });

    test('market pairs: a quote filter, sort and size carry into the files', async ({ page }) => {
      // The simulated market moves pair prices every 2 s, and the files are read again after the
      // page: a tick between the two can swap two neighbours. A quiet moment proves the property.
      await expect(async () => {
        await page.goto(`${L.prefix}/pairs?quote=USDT&sort=price&order=desc&size=30`);
        const rows = page.getByTestId('pairs-table').locator('tbody tr');
        await expect(rows).toHaveCount(30);
        const shown = await rows.evaluateAll((trs) =>
          trs.map((tr) => {
            const cells = [...tr.querySelectorAll('td')].map((td) => td.textContent?.trim() ?? '');
            // The pair's own text: phones also get its exchange under it (.ph-under).
            return {
              coin: cells[1],
              pair: tr.querySelector('[data-field="pair"]')?.textContent?.trim(),
              exchange: cells[3],
            };
          }),
        );

        const csv = await csvOf(page);
        expect(csv.download.suggestedFilename()).toMatch(/^coinlens-pairs-page1-/);
        expect(csv.header.slice(1, 4)).toEqual([L.name, L.pair, L.exchange]);
        expect(csv.rows.map((r) => ({ coin: r[1], pair: r[2], exchange: r[3] }))).toEqual(shown);
        for (const r of csv.rows) expect(r[2]).toMatch(/\/USDT$/);

        const { json } = await jsonOf(page);
        expect(json.rows.map((r) => ({ coin: r.coin, pair: r.pair, exchange: r.exchange }))).toEqual(shown);
        const prices = json.rows.map((r) => r.price as number);
        expect([...prices].sort((a, b) => b - a)).toEqual(prices);
      }).toPass({ timeout: 45_000 });
    });
  });
}

test("a coin's market tab and an exchange's pair table export the rows they show", async ({ page, request }) => {
  for (const [path, table, exportName, subject] of [
    ['/zh/coin/bitcoin/market?market=spot&sort=volume24h&order=desc', 'market-table', 'coin-markets', 0],
    ['/exchange/binance?filter=futures&sort=price&order=asc#pairs', 'ticker-table', 'exchange-pairs', 0],
  ] as const) {
    await page.goto(path);
    const shown = await page
      .getByTestId(table)
      .locator('tbody tr')
      .evaluateAll(
        (trs, i) => trs.map((tr) => tr.querySelectorAll('td')[i]?.querySelector('a')?.textContent?.trim() ?? ''),
        subject,
      );
    expect(shown.length, path).toBeGreaterThan(0);
    const csv = await csvOf(page);
    expect(csv.download.suggestedFilename(), path).toMatch(new RegExp(`^coinlens-${exportName}-page1-`));
    expect(
      csv.rows.map((r) => r[1]),
      path,
    ).toEqual(shown);
  }
  expect((await request.get('/export/coin-markets.csv?coin=no-such-coin')).status()).toBe(404);
  expect((await request.get('/export/exchange-pairs.json?exchange=nope')).status()).toBe(404);
});

test('the currency the page shows is the currency of the file', async ({ page, context, baseURL }) => {
  await context.addCookies([{ name: 'currency', value: 'EUR', url: baseURL! }]);
  await page.goto('/exchange/list_1?size=10');
  const names = await page.getByTestId('exchange-table').locator('tbody tr td:nth-child(2) b').allTextContents();
  const { json } = await jsonOf(page);
  expect(json.currency).toBe('EUR');
  expect(json.columns.find((c) => c.key === 'expectedVolume')?.unit).toBe('EUR');
  expect(json.rows.map((r) => r.name)).toEqual(names);
});

test('export URLs answer files, and 404 for what is not a table', async ({ request }) => {
  const csv = await request.get('/zh/export/futures.csv?contract=PERPETUAL&size=50');
  expect(csv.status()).toBe(200);
  expect(csv.headers()['content-type']).toMatch(/^text\/csv; charset=utf-8/);
  expect(csv.headers()['content-disposition']).toMatch(/^attachment; filename="coinlens-futures-page1-/);
  expect(csv.headers()['cache-control']).toBe('no-store');
  const [, header] = parseCsv((await csv.body()).toString('utf8'));
  expect(header![2]).toBe('交易对');
  for (const path of ['/export/nope.csv', '/export/coins.xml', '/export/coins.csv?page=99999']) {
    expect((await request.get(path)).status(), path).toBe(404);
  }
  // Unknown query values fall back like the page's, never a server error.
  expect((await request.get('/export/pairs.json?size=7&sort=%27&order=x&quote=%F0%9F%92%A9&page=0')).status()).toBe(
    200,
  );
});

test('rankings, hot coins and token offerings: the CSV holds the names of the table shown', async ({ page }) => {
  for (const [path, table, nameColumn, headerIndex] of [
    ['/zh/rank?type=fall&period=7d&size=20', 'rank-table', 2, 1],
    ['/hot?sort=turnover&order=desc', 'hot-table', 2, 1],
    ['/ieo?kind=IEO&sort=price&order=desc', 'offering-table', 1, 0],
  ] as const) {
    // Hot coins sort on figures the simulated market moves every 2 s: a tick between the page
    // and its file can swap two neighbours, so the comparison is made at a quiet moment.
    await expect(async () => {
      await page.goto(path);
      const names = await page
        .getByTestId(table)
        .locator(`tbody tr td:nth-child(${nameColumn})`)
        .evaluateAll((tds) =>
          tds.map(
            (td) =>
              (td.querySelector('.nm') ?? td.querySelector('strong') ?? td.querySelector('a'))?.textContent?.trim() ??
              '',
          ),
        );
      expect(names.length, path).toBeGreaterThan(0);
      const csv = await csvOf(page);
      const headers = await page.getByTestId(table).locator('thead th').allTextContents();
      expect(csv.header[headerIndex], path).toBe(headers[nameColumn - 1]!.trim());
      expect(
        csv.rows.map((r) => r[headerIndex]),
        path,
      ).toEqual(names);
    }).toPass({ timeout: 45_000 });
  }
});

test('the export links are styled on every list, and big enough to tap on a phone', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  // The coin list places the links' markup itself; the others through ExportLinks.astro.
  for (const path of ['/coin/list_1', '/exchange/list_1', '/pairs']) {
    await page.goto(path);
    const links = page.getByTestId('export-links');
    await expect(links).toHaveCSS('display', 'flex');
    for (const box of await links.locator('a').evaluateAll((as) => as.map((a) => a.getBoundingClientRect().height)))
      expect(box, path).toBeGreaterThanOrEqual(44);
  }
});
