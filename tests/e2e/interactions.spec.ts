import { expect, test, type Page } from '@playwright/test';
import { MOBILE_ORIGIN } from '../../playwright.config.ts';

/** Waits until every island on the page has hydrated (Astro drops the ssr attribute). */
async function hydrated(page: Page) {
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
}

test('quick search finds "btc" and opens Bitcoin', async ({ page }) => {
  await page.goto('/');
  await hydrated(page);
  const box = page.getByTestId('quick-search-input');
  await box.click();
  await box.fill('btc');
  const results = page.getByTestId('quick-search-results');
  await expect(results.getByRole('option').first()).toContainText('BTC');
  await results.getByRole('option').first().locator('a').click();
  await expect(page).toHaveURL(/\/coin\/bitcoin$/);
});

test('quick search says so when nothing matches', async ({ page }) => {
  await page.goto('/en');
  await hydrated(page);
  const box = page.getByTestId('quick-search-input');
  await box.click();
  await box.fill('zzzzqqqq');
  await expect(page.getByTestId('quick-search-results')).toContainText('No results found for your query');
});

test('switching currency converts displayed prices', async ({ page }) => {
  await page.goto('/en/coin/bitcoin');
  await hydrated(page);
  const price = page.getByTestId('coin-price');
  const usd = await price.textContent();
  expect(usd).toMatch(/^\$/);
  await page.getByTestId('currency-switcher').selectOption('EUR');
  await expect(price).toHaveText(/^€/);
  const eur = Number((await price.textContent())!.replace(/[^\d.]/g, ''));
  const usdValue = Number(usd!.replace(/[^\d.]/g, ''));
  expect(eur).toBeLessThan(usdValue);
  expect(eur).toBeGreaterThan(usdValue * 0.5);
  await hydrated(page);
  await page.getByTestId('currency-switcher').selectOption('CNY');
  await expect(price).toHaveText(/^¥/);
});

test('theme toggle switches to dark and is remembered', async ({ page }) => {
  await page.goto('/en');
  await hydrated(page);
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await page.getByTestId('theme-toggle').click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
});

test.describe('mobile redirect', () => {
  test.use({
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
  });

  test('an iPhone is sent to the mobile site at the same path and query', async ({ request }) => {
    const res = await request.get('/coin/bitcoin?x=1', { maxRedirects: 0 });
    expect(res.status()).toBe(302);
    expect(res.headers().location).toBe(`${MOBILE_ORIGIN}/coin/bitcoin?x=1`);
  });

  test('browsermode=pc and routes without a mobile page stay', async ({ request }) => {
    expect((await request.get('/coin/bitcoin?browsermode=pc', { maxRedirects: 0 })).status()).toBe(200);
    expect((await request.get('/coin/bitcoin/market', { maxRedirects: 0 })).status()).not.toBe(302);
  });
});
