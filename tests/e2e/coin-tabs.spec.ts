import { expect, test, type Page } from '@playwright/test';

/** Each coin tab of SPEC §2 and what must be visible on it for bitcoin. */
const TABS: { tab: string; shows: string[] }[] = [
  { tab: 'overview', shows: ['listed-exchanges'] },
  { tab: 'introduce', shows: ['coin-description'] },
  { tab: 'market', shows: ['market-table'] },
  { tab: 'transactions', shows: ['chain-table', 'transfers-table'] },
  { tab: 'flow', shows: ['flow-table', 'flow-windows'] },
  { tab: 'analysis', shows: ['analysis-kpis', 'returns-table'] },
  { tab: 'address-analysis', shows: ['holder-groups'] },
  { tab: 'large-transactions', shows: ['holders-table'] },
  { tab: 'exchange-balance', shows: ['balance-table'] },
  { tab: 'exchanges', shows: ['exchanges-table'] },
  { tab: 'ratings', shows: ['review-summary', 'review-list'] },
  { tab: 'roadmap', shows: ['roadmap-list'] },
  { tab: 'process', shows: ['process-list'] },
  { tab: 'announcements', shows: [] },
  { tab: 'lives', shows: [] },
  { tab: 'news', shows: [] },
  { tab: 'hot', shows: [] },
  { tab: 'calendar', shows: [] },
  { tab: 'repository', shows: ['repo-kpis'] },
];
const CONTENT_TABS = new Set(['announcements', 'lives', 'news', 'hot', 'calendar']);

const LOCALES = [
  { locale: 'en', flow: 'Fund flow', noData: 'No information available' },
  { locale: 'zh', flow: '资金流向', noData: '暂无数据' },
] as const;

async function noBrokenText(page: Page) {
  const text = await page.locator('main').innerText();
  expect(text).not.toMatch(/\bundefined\b|\bNaN\b|\[object Object\]|coinTabs\./);
}

// Every tab once, in English and Chinese by turns: a tab's words are the same template's in both
// (locales.test.ts holds zh to en's keys), so a second language would only repeat the visit.
for (const [n, L] of LOCALES.entries()) {
  test.describe(`coin tabs in ${L.locale}`, () => {
    test.use({ extraHTTPHeaders: { 'x-locale': L.locale } });

    for (const { tab, shows } of TABS.filter((_, i) => i % LOCALES.length === n)) {
      test(`/coin/bitcoin/${tab}`, async ({ page }) => {
        const res = await page.goto(`/coin/bitcoin/${tab}`);
        expect(res?.status()).toBe(200);
        const section = page.getByTestId(`coin-tab-${tab}`);
        await expect(section).toBeVisible();
        await expect(section.locator('h2').first()).toBeVisible();
        await expect(page.getByTestId('coin-price')).toHaveAttribute('data-live-price', 'bitcoin');
        await expect(page.getByTestId('coin-tabs').locator('[aria-current="page"]')).toHaveAttribute('data-tab', tab);
        for (const id of shows) await expect(page.getByTestId(id)).toBeVisible();
        if (CONTENT_TABS.has(tab)) {
          // Either the related items or the localised empty message.
          const list = page.getByTestId('content-list');
          const empty = page.getByTestId('content-empty');
          await expect(list.or(empty)).toBeVisible();
          if (await empty.isVisible()) await expect(empty).toHaveText(L.noData);
        }
        await noBrokenText(page);
      });
    }

    test('the tab links navigate without JavaScript semantics (plain links)', async ({ page }) => {
      await page.goto('/coin/bitcoin');
      await expect(page.getByTestId('coin-tab-overview')).toBeVisible();
      const flowLink = page.getByTestId('coin-tabs').locator('a[data-tab="flow"]');
      await expect(flowLink).toHaveText(L.flow);
      await flowLink.click();
      await expect(page).toHaveURL(/\/coin\/bitcoin\/flow$/);
      await expect(page.getByTestId('flow-table').locator('tbody tr')).toHaveCount(4);
    });
  });
}

test('/coin/bitcoin/overview renders the same overview as /coin/bitcoin', async ({ page }) => {
  const res = await page.goto('/coin/bitcoin/overview');
  expect(res?.status()).toBe(200);
  await expect(page.getByTestId('listed-exchanges')).toBeVisible();
  await expect(page.getByTestId('coin-tabs').locator('[aria-current="page"]')).toHaveAttribute('data-tab', 'overview');
});

test('market tab sorts by spread and filters futures with contract-type names', async ({ page }) => {
  await page.goto('/coin/bitcoin/market?market=futures');
  const rows = page.getByTestId('market-table').locator('tbody tr');
  await expect(rows.first()).toBeVisible();
  await expect(rows.first().locator('td').nth(1)).toContainText(/BTC \S/);
  await expect(rows.first().locator('td').nth(1)).not.toContainText('-PERPETUAL');
  await page.goto('/coin/bitcoin/market?sort=spread&order=asc');
  const spreads = await page.getByTestId('market-table').locator('tbody tr td:nth-child(7)').allInnerTexts();
  const values = spreads.map((s) => Number.parseFloat(s));
  expect(values).toEqual([...values].sort((a, b) => a - b));
});

test('range links change the charted period', async ({ page }) => {
  await page.goto('/coin/bitcoin/repository');
  await page.getByTestId('range-links').locator('a', { hasText: '3M' }).click();
  await expect(page).toHaveURL(/range=3M/);
  await expect(page.getByTestId('bar-chart').locator('rect')).toHaveCount(13);
  await page.goto('/coin/bitcoin/transactions?range=1W');
  await expect(page.getByTestId('chain-table').locator('tbody tr')).toHaveCount(7);
});

test('large transactions paginate up to the top 100 addresses', async ({ page }) => {
  await page.goto('/coin/bitcoin/large-transactions?size=50&page=2');
  const rows = page.getByTestId('holders-table').locator('tbody tr');
  await expect(rows).toHaveCount(50);
  await expect(rows.first().locator('td').first()).toHaveText('51');
  await expect(rows.last().locator('td').first()).toHaveText('100');
});

test('unknown tab or coin gives the 404 page', async ({ page }) => {
  const tab = await page.goto('/coin/bitcoin/no-such-tab');
  expect(tab?.status()).toBe(404);
  await expect(page.getByTestId('not-found')).toBeVisible();
  const coin = await page.goto('/coin/no-such-coin/flow');
  expect(coin?.status()).toBe(404);
  await expect(page.getByTestId('not-found')).toBeVisible();
});

test('the overview price chart loads when it comes into view, and its ranges redraw it', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(r.url());
  });
  // A viewport so short that the chart (with the loader's 200px look-ahead) starts out of view.
  await page.setViewportSize({ width: 1280, height: 100 });
  await page.goto('/en/coin/bitcoin');
  const chart = page.getByTestId('price-chart');
  // Below the fold: the server's drawing, and no chart code fetched yet.
  await expect(chart).toHaveAttribute('data-state', 'static');
  await page.waitForLoadState('networkidle');
  expect(scripts.some((u) => u.includes('lightweight-charts'))).toBe(false);
  await chart.scrollIntoViewIfNeeded();
  await expect(chart).toHaveAttribute('data-state', 'ready');
  expect(Number(await chart.getAttribute('data-points'))).toBeGreaterThan(10);
  // Back to a real window: in a 100px one the sticky header covers the range buttons.
  await page.setViewportSize({ width: 1280, height: 720 });
  await chart.getByRole('link', { name: '1M', exact: true }).click();
  await expect(chart).toHaveAttribute('data-range', '1M');
  await expect(chart).toHaveAttribute('data-state', 'ready');
  // Every range CoinGecko offers, and draws.
  await expect(chart.locator('.price-chart-ranges a')).toHaveText(['1D', '7D', '1M', '3M', '1Y', 'YTD', 'All']);
  for (const [range, name] of [
    ['ALL', 'All'],
    ['YTD', 'YTD'],
  ]) {
    await chart.getByRole('link', { name, exact: true }).click();
    await expect(chart).toHaveAttribute('data-range', range!);
    await expect(chart).toHaveAttribute('data-state', /ready|empty/);
  }
  await expect(chart.getByRole('link', { name: /TradingView/ })).toBeVisible();
  // The chart is plain DOM code over the server's markup: the coin page loads no React.
  for (const url of scripts) expect(await (await page.request.get(url)).text(), url).not.toContain('__reactFiber');
});

test('the overview chart keeps the server drawing while it starts, and says so when the candles fail, with a retry', async ({
  page,
}) => {
  let failing = true;
  await page.route('**/api/v1/klines?*', (route) => (failing ? route.abort() : route.continue()));
  await page.goto('/en/coin/bitcoin');
  const chart = page.getByTestId('price-chart');
  await expect(chart).toHaveAttribute('data-state', 'error');
  const overlay = chart.getByRole('status');
  await expect(overlay).toContainText('could not');
  failing = false;
  await overlay.getByRole('button', { name: 'Retry' }).click();
  await expect(chart).toHaveAttribute('data-state', 'ready');
  await expect(chart.locator('.price-chart-svg')).toHaveCount(0);
  await expect(chart.locator('.kline-canvas canvas').first()).toBeVisible();
  await expect(chart.getByRole('status')).toHaveCount(0);
});
