import { expect, test, type Page } from '@playwright/test';

const numbers = async (page: Page, field: string) =>
  (await page.getByTestId('hot-table').locator(`[data-field="${field}"]`).allTextContents()).map((s) =>
    Number(s.replace(/[^\d.-]/g, '')),
  );
const isSorted = (xs: number[], dir: 1 | -1) => xs.every((x, i) => i === 0 || dir * (x - (xs[i - 1] as number)) >= 0);

for (const L of [
  { prefix: '', heading: 'Hot coins', nav: 'Hot', turnover: 'Turnover rate' },
  { prefix: '/zh', heading: '热门币种', nav: '热门', turnover: '换手率' },
] as const) {
  test.describe(`hot coins in ${L.prefix || '/en'}`, () => {
    test('explains the criterion and lists coins by hot score', async ({ page }) => {
      const res = await page.goto(`${L.prefix}/hot`);
      expect(res?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(L.heading);
      await expect(page.locator('header nav a[aria-current="page"]')).toHaveText(L.nav);
      await expect(page.getByTestId('hot-criterion').locator('li')).toHaveCount(3);
      const rows = page.getByTestId('hot-table').locator('tbody tr');
      await expect(rows).toHaveCount(50);
      await expect(rows.first().locator('td').first()).toHaveText('1');
      const scores = await numbers(page, 'score');
      expect(scores).toHaveLength(50);
      expect(isSorted(scores, -1)).toBe(true);
      for (const s of scores) expect(s).toBeGreaterThan(0);
      await expect(page.locator('main')).not.toContainText(/undefined|NaN/);
    });

    test('sorts by turnover and pages on with links', async ({ page }) => {
      await page.goto(`${L.prefix}/hot`);
      await page.getByTestId('hot-table').getByRole('link', { name: L.turnover }).click();
      await expect(page).toHaveURL(/sort=turnover&order=desc/);
      await expect(page.getByTestId('hot-table').locator('th[aria-sort="descending"]')).toContainText(L.turnover);
      expect(isSorted(await numbers(page, 'turnover'), -1)).toBe(true);
      await page.locator('.pager a', { hasText: /^2$/ }).click();
      await expect(page).toHaveURL(/page=2/);
      await expect(page.getByTestId('hot-table').locator('tbody tr').first().locator('td').first()).toHaveText('51');
    });
  });
}
