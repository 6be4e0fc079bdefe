// The whole-market charts (/charts, src/features/market/global): three server-drawn charts whose
// range links are plain links, each with its source and age, reached from the home page's line.
import { expect, test } from '@playwright/test';

const LOCALES = [
  { prefix: '', canonical: '/en/charts', title: 'Global cryptocurrency market charts', all: 'All' },
  { prefix: '/zh', canonical: '/zh/charts', title: '全球加密货币市场图表', all: '全部' },
];
const CHARTS = ['global-chart-cap', 'global-chart-volume', 'global-chart-dominance'];

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  for (const L of LOCALES)
    test(`${L.prefix || '/en'}: the home line leads to three charts whose range links work`, async ({ page }) => {
      await page.goto(`${L.prefix}/`);
      const line = page.getByTestId('home-global-chart');
      await expect(line.locator('svg path')).toHaveAttribute('d', /^M[\d.,L]+$/);
      await line.click();
      await expect(page).toHaveURL(new RegExp(`${L.prefix}/charts\\?range=7d$`));
      await expect(page).toHaveTitle(new RegExp(L.title));
      await expect(page.locator('h1')).toHaveText(L.title);
      // The canonical names the page without its range.
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`${L.canonical}$`));
      for (const id of CHARTS) {
        await expect(page.getByTestId(id)).toHaveAttribute('data-interval', '1h');
        await expect(page.getByTestId(id).locator('svg path.line').first()).toHaveAttribute('d', /^M[\d.,LM]+$/);
      }
      await expect(page.getByTestId('global-chart-dominance').locator('path.line')).toHaveCount(2);
      // Each chart says where its points come from and how old they are: the demo label here.
      const sources = page.getByTestId('global-source');
      await expect(sources).toHaveCount(3);
      await expect(sources.first()).toHaveAttribute('data-demo', 'true');
      await expect(sources.first().locator('.badge.demo')).toBeVisible();
      await expect(sources.first().locator('time')).toHaveAttribute('datetime', /^\d{4}-\d\d-\d\dT/);
      await expect(page.getByTestId('global-cap-value')).toHaveText(/\d/);
      await expect(page.getByTestId('global-dominance-value')).toHaveText(/BTC \d+(\.\d+)?% · ETH \d+(\.\d+)?%/);

      const ranges = page.getByTestId('global-ranges');
      await ranges.locator('a[data-range="1d"]').click();
      await expect(page).toHaveURL(new RegExp(`${L.prefix}/charts\\?range=1d$`));
      await expect(page.getByTestId('global-chart-cap')).toHaveAttribute('data-interval', '5m');
      await expect(ranges.locator('a[aria-current="page"]')).toHaveAttribute('data-range', '1d');
      await ranges.getByRole('link', { name: L.all }).click();
      await expect(page).toHaveURL(new RegExp(`${L.prefix}/charts\\?range=all$`));
      for (const id of CHARTS) await expect(page.getByTestId(id)).toHaveAttribute('data-interval', '1d');
    });
});
