import { expect, test } from '@playwright/test';

const KINDS = [
  'rise',
  'fall',
  'volume',
  'coin-flow',
  'exchange-flow',
  'turnover',
  'offering-roi',
  'repo-stars',
  'repo-activity',
  'exchange-count',
];
const LOCALES = [
  { prefix: '', heading: 'Rankings', empty: 'No information available' },
  { prefix: '/zh', heading: '排行榜', empty: '暂无数据' },
] as const;

// Every kind once, in English and Chinese by turns: the same template with other words.
for (const [n, L] of LOCALES.entries()) {
  test.describe(`rankings in ${L.prefix || '/en'}`, () => {
    for (const kind of KINDS.filter((_, i) => i % LOCALES.length === n)) {
      test(`${kind} tab`, async ({ page }) => {
        const res = await page.goto(`${L.prefix}/rank?type=${kind}`);
        expect(res?.status()).toBe(200);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(L.heading);
        await expect(page.getByTestId('rank-kinds').locator('[aria-current="page"]')).toHaveCount(1);
        const rows = page.getByTestId('rank-table').locator('tbody tr');
        await expect(rows).toHaveCount(50);
        await expect(rows.first().locator('td').first()).toHaveText('1');
        if (kind === 'offering-roi') {
          // ROI is a multiple with two decimals (SPEC §3), and the project links to its offering.
          await expect(rows.first().locator('[data-field="roi"]')).toHaveText(/^\d{1,3}(,\d{3})*\.\d{2}x$/);
          await rows.first().getByTestId('offering-link').click();
          await expect(page).toHaveURL(new RegExp(`${L.prefix}/ieo/[a-z0-9-]+$`));
        }
        await expect(page.locator('main')).not.toContainText(/undefined|NaN/);
      });
    }
  });
}

test('tabs, periods and pages are links that keep working', async ({ page }) => {
  await page.goto('/rank');
  await page.getByTestId('rank-kinds').getByRole('link', { name: 'Top losers' }).click();
  await expect(page).toHaveURL(/type=fall/);
  await page.getByRole('link', { name: '7d', exact: true }).click();
  await expect(page).toHaveURL(/period=7d/);
  await expect(page.getByTestId('rank-table').locator('thead')).toContainText('Change (7d)');
  await page.locator('.pager a', { hasText: /^2$/ }).click();
  await expect(page.getByTestId('rank-table').locator('tbody tr').first().locator('td').first()).toHaveText('51');
  await page.getByTestId('rank-kinds').getByRole('link', { name: 'Coin fund flow' }).click();
  await page.getByRole('link', { name: 'Net outflow' }).click();
  const net = page.getByTestId('rank-table').locator('[data-field="netflow"]').first();
  expect(Number(await net.getAttribute('data-value'))).toBeLessThan(0);
});
