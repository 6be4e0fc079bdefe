import { expect, test } from '@playwright/test';

for (const L of [
  { prefix: '', pairs: 'Market pairs', futures: 'Futures', flow: 'Fund flow', quarterly: 'This quarter' },
  { prefix: '/zh', pairs: '交易对', futures: '合约', flow: '资金流向', quarterly: '当季' },
] as const) {
  test.describe(`market sections in ${L.prefix || '/en'}`, () => {
    test('market pairs filter by quote currency and paginate', async ({ page }) => {
      await page.goto(`${L.prefix}/pairs`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(L.pairs);
      const rows = page.getByTestId('pairs-table').locator('tbody tr');
      await expect(rows).toHaveCount(50);
      await page.getByTestId('pair-filters').getByRole('link', { name: 'BTC', exact: true }).click();
      await expect(page).toHaveURL(/quote=BTC/);
      for (const cell of await page.locator('[data-field="pair"]').allTextContents()) expect(cell).toMatch(/\/BTC$/);
    });

    test('futures show readable contract types and filter by one', async ({ page }) => {
      await page.goto(`${L.prefix}/futures`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(L.futures);
      await page.getByTestId('pair-filters').getByRole('link', { name: L.quarterly, exact: true }).click();
      await expect(page).toHaveURL(/contract=QUARTERLY/);
      const pairs = await page.locator('[data-field="pair"]').allTextContents();
      expect(pairs.length).toBeGreaterThan(0);
      for (const p of pairs) expect(p).toContain(L.quarterly);
    });

    test('fund flow lists coins and exchanges in and out', async ({ page }) => {
      await page.goto(`${L.prefix}/flow?window=1h`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(L.flow);
      for (const id of ['coin-in', 'coin-out', 'exchange-in', 'exchange-out']) {
        await expect(page.getByTestId(`flow-${id}`).locator('tbody tr')).toHaveCount(10);
      }
      const firstOut = page.getByTestId('flow-coin-out').locator('[data-field="netflow"]').first();
      expect(Number(await firstOut.getAttribute('data-value'))).toBeLessThan(0);
    });
  });
}
