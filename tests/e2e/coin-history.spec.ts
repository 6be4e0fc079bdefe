import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { parseCsv } from '../../src/lib/csv.ts';
import { signature } from '../../src/lib/signature.ts';

/**
 * Issue 25, items 2 and 3: the coin overview's price / market cap / volume chart (its switch
 * redraws the same candles as other figures, and it is drawn without JavaScript in the box the
 * island then fills), and the historical data tab (a date range, pages, the CSV, en and zh).
 */

const chartOf = (page: Page) => page.getByTestId('price-chart');
const lastValue = async (page: Page) => Number(await chartOf(page).getAttribute('data-last'));
const noSidewaysScroll = (page: Page) =>
  expect.poll(() => page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(390);

test('the overview chart switches between price, market cap and volume, drawn first by the server in the same box', async ({
  page,
  browser,
  request,
}) => {
  // Without JavaScript: the view the URL names, as an SVG, with switches that are links.
  const plain = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 720 } });
  const still = await plain.newPage();
  await still.goto('/en/coin/bitcoin?chart=volume&range=1M');
  const drawn = chartOf(still);
  await expect(drawn).toHaveAttribute('data-state', 'static');
  await expect(drawn).toHaveAttribute('data-metric', 'volume');
  expect(Number(await drawn.getAttribute('data-points'))).toBeGreaterThan(100);
  await expect(drawn.locator('svg.price-chart-svg')).toBeVisible();
  await expect(drawn.getByRole('link', { name: 'Market cap', exact: true })).toHaveAttribute(
    'href',
    '/en/coin/bitcoin?chart=market-cap&range=1M',
  );
  await still.goto('/en/coin/bitcoin');
  const staticHeight = (await still.locator('[data-price-chart]').boundingBox())!.height;
  await plain.close();

  await page.goto('/en/coin/bitcoin');
  const chart = chartOf(page);
  await expect(chart).toHaveAttribute('data-state', 'ready');
  // The island fills the server's box: nothing below it moves.
  expect((await page.locator('[data-price-chart]').boundingBox())!.height).toBeCloseTo(staticHeight, 0);
  const price = await lastValue(page);
  const priceHead = await chart.locator('.price-chart-head b').textContent();
  await expect(chart.getByTestId('price-chart-note')).toContainText('Closing price of each hour');

  await chart.getByRole('link', { name: 'Market cap', exact: true }).click();
  await expect(chart).toHaveAttribute('data-metric', 'market-cap');
  await expect(page).toHaveURL(/\/coin\/bitcoin\?chart=market-cap$/);
  // The same candles: the last market cap is the last close × today's circulating supply.
  const t = await signature(Date.now(), 'coinlens');
  const coin = (await (await request.get(`/api/v1/coins/bitcoin?t=${t}&lan=en`)).json()) as {
    data: { circulatingSupply: number };
  };
  expect((await lastValue(page)) / price / coin.data.circulatingSupply).toBeCloseTo(1, 9);
  await expect(chart.locator('.price-chart-head b')).toHaveText(/^\$[\d.]+T$/);
  await expect(chart.getByTestId('price-chart-note')).toContainText("The supply is today's");

  await chart.getByRole('link', { name: 'Volume', exact: true }).click();
  await expect(chart).toHaveAttribute('data-metric', 'volume');
  await expect(chart.locator('.price-chart-head b')).not.toHaveText(priceHead!);
  await expect(chart.getByTestId('price-chart-note')).toContainText('Trading volume per hour');
  // All of the stored history, at a day a point: each the day's 24h volume.
  await chart.getByRole('link', { name: 'All', exact: true }).click();
  await expect(chart).toHaveAttribute('data-range', 'ALL');
  await expect(chart).toHaveAttribute('data-state', 'ready');
  await expect(chart).toHaveAttribute('data-interval', '1d');
  expect(Number(await chart.getAttribute('data-points'))).toBeGreaterThan(300);
  await expect(page).toHaveURL(/\?chart=volume&range=ALL$/);

  await page.setViewportSize({ width: 390, height: 800 });
  await noSidewaysScroll(page);
});

test('the historical data tab: a date range, a second page and the CSV, in English', async ({ page }) => {
  await page.goto('/en/coin/bitcoin/historical-data');
  await expect(page.getByTestId('coin-tabs').locator('[aria-current="page"]')).toHaveText('Historical data');
  const table = page.getByTestId('history-table');
  await expect(table.locator('thead th')).toHaveText([
    'Date (UTC)',
    'Open',
    'High',
    'Low',
    'Close',
    'Volume',
    'Market cap',
  ]);
  const dates = () => table.locator('tbody tr').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-date')!));
  const all = await dates();
  expect(all).toHaveLength(30);
  expect(all).toEqual([...all].sort().reverse());
  await expect(page.getByTestId('history-note')).toContainText("The supply is today's");

  // A preset, then a range typed into the form (a plain GET, no script needed).
  await page.getByTestId('history-presets').getByRole('link', { name: '7D' }).click();
  await expect(page.getByTestId('page-info')).toHaveText('Showing 1–7 of 7');
  const [to, from] = [all[2]!, all[25]!];
  await page.locator('input[name=from]').fill(from);
  await page.locator('input[name=to]').fill(to);
  await page.getByRole('button', { name: 'Show', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`from=${from}&to=${to}`));
  await expect(page.getByTestId('page-info')).toHaveText('Showing 1–24 of 24');
  expect(await dates()).toEqual(all.slice(2, 26));

  await page.getByLabel('Pagination').getByRole('link', { name: '10', exact: true }).click();
  await page.getByLabel('Pagination').getByRole('link', { name: 'Page 2' }).click();
  await expect(page).toHaveURL(/page=2/);
  expect(await dates()).toEqual(all.slice(12, 22));

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('export-links').locator('[data-export="csv"]').click(),
  ]);
  const [, header, ...rows] = parseCsv((await readFile(await download.path())).toString('utf8').replace(/^\uFEFF/, ''));
  expect(header).toEqual([
    'Date (UTC)',
    'Open (USD)',
    'High (USD)',
    'Low (USD)',
    'Close (USD)',
    'Volume (USD)',
    'Market cap (USD)',
  ]);
  expect(rows.map((r) => r[0])).toEqual(all.slice(12, 22));

  await page.setViewportSize({ width: 390, height: 800 });
  await noSidewaysScroll(page);
});

test('the historical data tab in Chinese: page 2 of a range, and a range that ends before it starts', async ({
  page,
}) => {
  await page.goto('/zh/coin/ethereum/historical-data?size=10&page=2');
  await expect(page.getByTestId('coin-tabs').locator('[aria-current="page"]')).toHaveText('历史数据');
  await expect(page.locator('h2').first()).toHaveText('ETH 历史数据');
  const table = page.getByTestId('history-table');
  await expect(table.locator('thead th').first()).toHaveText('日期（UTC）');
  await expect(table.locator('tbody tr')).toHaveCount(10);
  await expect(page.getByLabel('分页').locator('[aria-current="page"]')).toHaveText('2');
  await expect(page.getByTestId('history-note')).toContainText('流通量为今天的数值');

  await page.goto('/zh/coin/ethereum/historical-data?from=2026-05-01&to=2026-04-01');
  await expect(page.getByTestId('history-error')).toHaveText(/“开始日期”（2026-05-01）晚于“结束日期”（2026-04-01）/);
  await expect(page.getByTestId('history-table')).toHaveCount(0);
});
