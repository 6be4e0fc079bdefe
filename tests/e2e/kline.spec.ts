import { expect, test, type Page } from '@playwright/test';

/** Waits until every island on the page has hydrated (Astro drops the ssr attribute). */
async function hydrated(page: Page) {
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
}

const chart = (page: Page) => page.getByTestId('kline-chart');

/** Waits for the chart to show candles of `interval` and returns how many. */
async function candlesOf(page: Page, interval: string): Promise<number> {
  const c = chart(page);
  await expect(c).toHaveAttribute('data-interval', interval);
  await expect(c).toHaveAttribute('data-state', 'ready');
  const count = Number(await c.getAttribute('data-candles'));
  expect(count).toBeGreaterThan(0);
  return count;
}

test('/kline/btc draws Bitcoin candles and switches intervals', async ({ page }) => {
  await page.goto('/en/kline/btc');
  await hydrated(page);
  await expect(page.getByTestId('kline-page')).toHaveAttribute('data-coin', 'bitcoin');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Bitcoin');
  await expect(page.getByTestId('kline-price')).toHaveText(/^\$[\d,]+\.\d\d$/);
  await expect(page.getByTestId('kline-price')).toHaveAttribute('data-live-price', 'bitcoin');
  const hourly = await candlesOf(page, '1h');
  expect(hourly).toBeGreaterThan(24 * 20);
  await expect(chart(page).locator('canvas').first()).toBeVisible();
  const box = await chart(page).boundingBox();
  expect(box?.width).toBeGreaterThan(300);
  expect(box?.height).toBeGreaterThan(200);
  await expect(page.getByTestId('kline-legend')).toContainText(/O \$[\d,.]+/);
  await expect(page.getByRole('link', { name: 'Charts by TradingView' })).toBeVisible();

  // 1h → 1d: a year of daily candles, and the address bar follows.
  await page.getByTestId('kline-intervals').locator('a[data-interval="1d"]').click();
  const daily = await candlesOf(page, '1d');
  expect(daily).toBeGreaterThanOrEqual(300);
  await expect(page).toHaveURL(/[?&]interval=1d/);
  await expect(page).toHaveURL(/[?&]range=1Y/);

  // 1d → 15m: rolled up from minute candles, a day's worth at most (24 h that do not start on a
  // quarter hour touch 97 buckets: a partial one at each end).
  await page.getByTestId('kline-intervals').locator('a[data-interval="15m"]').click();
  const quarter = await candlesOf(page, '15m');
  expect(quarter).toBeLessThanOrEqual(97);
  await expect(page).toHaveURL(/[?&]interval=15m/);

  // A range switch keeps the interval.
  await page.getByTestId('kline-intervals').locator('a[data-interval="1h"]').click();
  await candlesOf(page, '1h');
  await page.getByTestId('kline-ranges').locator('a[data-range="1W"]').click();
  await expect(chart(page)).toHaveAttribute('data-range', '1W');
  await expect(chart(page)).toHaveAttribute('data-state', 'ready');
  const week = Number(await chart(page).getAttribute('data-candles'));
  expect(week).toBeGreaterThanOrEqual(24 * 6);
  expect(week).toBeLessThanOrEqual(24 * 7 + 1);

  // Hovering the chart shows that candle in the legend.
  const legend = await page.getByTestId('kline-legend').textContent();
  await page.mouse.move(box!.x + box!.width * 0.3, box!.y + box!.height * 0.5);
  await expect(page.getByTestId('kline-legend')).not.toHaveText(legend ?? '');
});

test('a shared URL opens the same view, in Chinese with red rises', async ({ page }) => {
  await page.goto('/zh/kline/eth?interval=4h&range=3M');
  await hydrated(page);
  await expect(page.getByTestId('kline-page')).toHaveAttribute('data-coin', 'ethereum');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('ETH/USD');
  await candlesOf(page, '4h');
  await expect(chart(page)).toHaveAttribute('data-range', '3M');
  await expect(page.getByTestId('kline-intervals').locator('a[aria-current="true"]')).toHaveText('4小时');
  await expect(page.getByTestId('kline-legend')).toContainText('开');
  // Rises are drawn in the theme's red (src/styles/palette.css).
  const colour = (name: string) =>
    page.evaluate((n) => getComputedStyle(document.documentElement).getPropertyValue(n).trim(), name);
  expect(await colour('--color-rise')).toBe(await colour('--red'));
  expect(await colour('--color-fall')).toBe(await colour('--green'));
});

test('the pair list switches to another coin', async ({ page }) => {
  await page.goto('/en/kline/btc');
  await hydrated(page);
  await candlesOf(page, '1h');
  await page
    .getByTestId('kline-pairs')
    .getByRole('link', { name: /^ETH\/USD/ })
    .click();
  await expect(page).toHaveURL(/\/kline\/eth$/);
  await expect(page.getByTestId('kline-page')).toHaveAttribute('data-coin', 'ethereum');
  await hydrated(page);
  await candlesOf(page, '1h');
});

test('the chart is the server markup made live: the last stored candle first, no React, a retry when the candles fail', async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(r.url());
  });
  let failing = true;
  await page.route('**/api/v1/klines?*', (route) => (failing ? route.abort() : route.continue()));
  await page.goto('/en/kline/btc');
  await expect(chart(page)).toHaveAttribute('data-state', 'error');
  // No candle came through the API: the legend still reads the newest stored one.
  await expect(page.getByTestId('kline-legend').locator('[data-f="close"]')).toHaveText(/^\$[\d,]+\.\d\d$/);
  const status = page.getByTestId('kline-status');
  await expect(status).toContainText('The chart could not be loaded.');
  failing = false;
  await status.getByRole('button', { name: 'Retry' }).click();
  await candlesOf(page, '1h');
  await expect(page.getByTestId('kline-status')).toHaveCount(0);
  for (const url of scripts) expect(await (await page.request.get(url)).text(), url).not.toContain('__reactFiber');
});

test('the header links to the chart', async ({ page }) => {
  await page.goto('/en');
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Chart' }).click();
  await expect(page).toHaveURL(/\/kline\/btc$/);
  await expect(page.getByTestId('kline-page')).toHaveAttribute('data-coin', 'bitcoin');
});

test('an unknown symbol is a 404; a percent-encoded one is read decoded', async ({ page, request }) => {
  const res = await page.goto('/kline/no-such-coin-xyz');
  expect(res?.status()).toBe(404);
  await expect(page.getByTestId('not-found')).toBeVisible();
  // Symbols such as $PAC reach the page percent-encoded; %62tc is "btc".
  const encoded = await request.get('/kline/%62tc');
  expect(encoded.status()).toBe(200);
  expect(await encoded.text()).toContain('data-coin="bitcoin"');
  expect((await request.get('/kline/%E0%A4%A')).status()).toBe(404);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('shows the price facts and a table of recent candles', async ({ page }) => {
    await page.goto('/en/kline/btc?interval=1d&range=1M');
    await expect(page.getByTestId('kline-price')).toHaveText(/^\$[\d,]+\.\d\d$/);
    const rows = page.getByTestId('kline-table').locator('tbody tr');
    await expect(rows).toHaveCount(20);
    await expect(rows.first().locator('td').first()).toHaveText(/^\d{4}-\d{2}-\d{2}$/);
    // The interval links work as plain links.
    await page.getByTestId('kline-intervals').locator('a[data-interval="1h"]').click();
    await expect(page).toHaveURL(/interval=1h/);
    await expect(page.getByTestId('kline-table').locator('tbody tr').first().locator('td').first()).toHaveText(
      /^\d{2}-\d{2} \d{2}:\d{2}$|^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/,
    );
  });
});
