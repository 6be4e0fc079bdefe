// The Content-Security-Policy without 'unsafe-inline' for scripts (src/server/http/headers.ts,
// hashes from the build: astro.config.mjs): the header on every kind of answer, and the interactive
// parts of the header and lists, which must run without a single violation. One page of every
// family is checked for violations by tests/e2e/a11y.spec.ts, which loads each for axe anyway.
import { expect, test, type Page } from '@playwright/test';
import { watchViolations } from './csp.ts';

/** Islands that hydrate by themselves have done so (client:interaction waits for a visitor). */
async function hydrated(page: Page) {
  await expect(page.locator('astro-island[ssr]:not([client="interaction"])')).toHaveCount(0);
}

test('script-src names hashes and no unsafe-inline, on pages, error pages and the API', async ({ request }) => {
  for (const path of ['/', '/zh/coin/bitcoin', '/widget', '/no/such/page', '/news?q=%00', '/api/health']) {
    const res = await request.get(path);
    const csp = res.headers()['content-security-policy'] ?? '';
    const scriptSrc = csp.split(/;\s*/).find((d) => d.startsWith('script-src ')) ?? '';
    expect(scriptSrc, path).toMatch(/^script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+$/);
    expect(csp, path).toContain("object-src 'none'");
  }
});

test('static files (build assets, public files, coin icons) are sent with nosniff', async ({ request }) => {
  const home = await (await request.get('/')).text();
  const asset = /src="(\/_astro\/[^"]+\.js)"/.exec(home)?.[1];
  expect(asset).toBeTruthy();
  // An icon twice: rendered by the app the first time, a static file afterwards.
  for (const path of [
    asset!,
    '/favicon.svg',
    '/robots.txt',
    '/icons/coins/ethereum.svg',
    '/icons/coins/ethereum.svg',
  ]) {
    const res = await request.get(path);
    expect(res.status(), path).toBe(200);
    expect(res.headers()['x-content-type-options'], path).toBe('nosniff');
  }
});

test.describe('interactive parts still work under the policy', () => {
  // In English only: the policy and the inline scripts it names are the build's, the same in every
  // language.
  test('theme, currency, star, login dialog and quick search', async ({ page }) => {
    const violations = await watchViolations(page);
    await page.goto('/en/coin/list_1');
    await hydrated(page);

    await page.getByTestId('theme-toggle').click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');

    await page.getByTestId('currency-switcher').selectOption('EUR');
    await expect(page.locator('html')).toHaveAttribute('data-currency', 'EUR');

    const star = page.locator('tr[data-coin] button[data-fav]').first();
    await expect(star).toHaveAttribute('aria-pressed', 'false');
    await star.click();
    await expect(star).toHaveAttribute('aria-pressed', 'true');

    const box = page.getByTestId('quick-search-input');
    await box.click();
    await box.fill('btc');
    await expect(page.getByTestId('quick-search-results').getByRole('option').first()).toContainText('BTC');
    await box.press('Escape');

    await page.getByTestId('header-login').click();
    await expect(page.getByTestId('login-dialog')).toBeVisible();

    expect(violations, violations.join('\n')).toEqual([]);
  });

  test('the widget refreshes its prices with its inline module allowed', async ({ page }) => {
    const violations = await watchViolations(page);
    await page.clock.install();
    await page.goto('/widget');
    const refreshed = page.waitForRequest((r) => r.url().endsWith('/widget') && r.resourceType() === 'fetch');
    await page.clock.runFor(61_000);
    await refreshed;
    expect(violations, violations.join('\n')).toEqual([]);
  });
});
