import { expect, test } from '@playwright/test';

const LOCALES = [
  {
    locale: 'en',
    coins: 'Coins',
    backHome: 'Back to home',
    demo: 'Demo data',
    cayman: 'Cayman Islands',
    ours: 'Coinlens rating',
    readers: 'Readers’ average',
  },
  {
    locale: 'zh',
    coins: '币种',
    backHome: '返回首页',
    demo: '演示数据',
    cayman: '开曼群岛',
    ours: 'Coinlens 评级',
    readers: '用户平均评分',
  },
] as const;

for (const L of LOCALES) {
  test.describe(`pages in ${L.locale}`, () => {
    test.use({ extraHTTPHeaders: { 'x-locale': L.locale } });

    test('home shows totals, top coins, movers and exchanges', async ({ page }) => {
      await page.goto('/');
      await expect(page.locator('html')).toHaveAttribute('lang', L.locale === 'zh' ? 'zh-CN' : 'en');
      await expect(page.getByTestId('global-stats').locator('.card')).toHaveCount(6);
      await expect(page.getByTestId('coin-table').locator('tbody tr')).toHaveCount(20);
      await expect(page.getByTestId('coin-table').locator('tbody tr').first()).toContainText('BTC');
      await expect(page.getByTestId('gainers').locator('tbody tr')).toHaveCount(5);
      await expect(page.getByTestId('losers').locator('tbody tr')).toHaveCount(5);
      await expect(page.getByTestId('exchange-table').locator('tbody tr')).toHaveCount(10);
      await expect(page.getByTestId('demo-badge')).toHaveText(L.demo);
    });

    test('coin detail shows the overview fields and links', async ({ page }) => {
      await page.goto('/coin/bitcoin');
      await expect(page.getByTestId('coin-detail').locator('h1')).toContainText('Bitcoin');
      await expect(page.getByTestId('coin-price')).toHaveText(/^\$[\d,]+\.\d{2}$/);
      await expect(page.locator('dl.facts div')).not.toHaveCount(0);
      await expect(page.getByTestId('coin-links').locator('a')).not.toHaveCount(0);
      await expect(page.getByTestId('listed-exchanges').locator('tbody tr')).not.toHaveCount(0);
    });

    test('exchange list and detail with pairs', async ({ page }) => {
      await page.goto('/exchange/list_1');
      const rows = page.getByTestId('exchange-table').locator('tbody tr');
      await expect(rows).toHaveCount(50);
      await rows.first().locator('a').first().click();
      await expect(page).toHaveURL(/\/exchange\/[a-z0-9.-]+$/);
      await expect(page.getByTestId('expected-volume')).not.toHaveText('');
      await expect(page.getByTestId('reported-volume')).not.toHaveText('');
      await expect(page.getByTestId('ticker-table').locator('tbody tr')).toHaveCount(50);
      // Countries are named in the reader's language (stored in English).
      await page.goto('/exchange/binance');
      await expect(page.locator('main')).toContainText(L.cayman);
      // Two ratings on one page say whose they are: ours at the top, the readers' in the summary.
      await expect(page.getByTestId('star-rating')).toContainText(L.ours);
      await page.goto('/exchange/binance/comment');
      const summary = page.getByTestId('review-summary');
      if (await summary.isVisible()) await expect(summary).toContainText(L.readers);
    });

    test('unknown routes answer 404 with the localised page', async ({ page }) => {
      for (const path of ['/no/such/page', '/coin/no-such-coin', '/exchange/no-such-exchange', '/coin/list_0']) {
        const res = await page.goto(path);
        expect(res?.status(), path).toBe(404);
        await expect(page.getByTestId('not-found')).toContainText(L.backHome);
      }
    });
  });
}

// Pagination, page sizes, sorting, filters and the tabs' links are the same code in every language
// and nothing here reads a word: English only.
test.describe('lists in en', () => {
  test.use({ extraHTTPHeaders: { 'x-locale': 'en' } });

  test('coin list paginates, resizes, sorts and filters', async ({ page }) => {
    await page.goto('/coin/list_1');
    const rows = page.getByTestId('coin-table').locator('tbody tr');
    // 100 rows by default, as on CoinGecko (issue 22).
    await expect(rows).toHaveCount(100);
    await expect(rows.first().locator('td').first()).toHaveText('1');
    await page.locator('.pager a', { hasText: /^2$/ }).click();
    await expect(page).toHaveURL(/\/coin\/list_2$/);
    await expect(rows.first().locator('td').first()).toHaveText('101');
    await page.locator('.sizes a', { hasText: /^20$/ }).click();
    await expect(rows).toHaveCount(20);
    await page.goto('/coin/list_1?sort=price&order=desc');
    await expect(rows.first()).toContainText('BTC');
    await page.goto('/coin/list_1?filter=top_volume');
    await expect(page.getByTestId('page-info').first()).toContainText('200');
    await expect(page.locator('svg.spark').first()).toBeVisible();
  });

  test('the first tab of a filtered list leads back to the whole list', async ({ page }) => {
    for (const [path, whole, nav] of [
      ['/coin/list_1?sort=price&order=asc&filter=top_volume', /\/coin\/list_1\?sort=price&order=asc$/, 'main nav.tabs'],
      ['/exchange/list_1?filter=DEX', /\/exchange\/list_1$/, 'main nav.tabs'],
      ['/exchange/binance?filter=futures', /\/exchange\/binance#pairs$/, '[data-testid=pair-market-tabs]'],
    ] as const) {
      await page.goto(path);
      const tabs = page.locator(nav).locator('a');
      await expect(tabs.first()).not.toHaveAttribute('aria-current', 'page');
      await tabs.first().click();
      await expect(page).toHaveURL(whole);
      await expect(tabs.first()).toHaveAttribute('aria-current', 'page');
    }
  });
});

test('/coin and /exchange redirect to the first list page', async ({ page }) => {
  for (const [from, to] of [
    ['/coin', '/coin/list_1'],
    ['/coin/', '/coin/list_1'],
    ['/exchange', '/exchange/list_1'],
    ['/exchange/', '/exchange/list_1'],
  ] as const) {
    await page.goto(from);
    expect(new URL(page.url()).pathname, from).toBe(to);
  }
});

test('an explicit locale prefix overrides the cookie and keeps links prefixed', async ({ page, context }) => {
  await context.addCookies([{ name: 'locale', value: 'en', url: 'http://127.0.0.1' }]);
  await page.goto('/ko/coin/list_1');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ko');
  await expect(page.locator('h1')).toHaveText('코인');
  await expect(page.locator('header nav a').nth(2)).toHaveAttribute('href', '/ko/exchange/list_1');
  await page.goto('/zh-hk');
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-HK');
});

test('rises are green in en and red in zh (colour convention)', async ({ page, context, baseURL }) => {
  const riseColour = async () =>
    page
      .locator('.rise')
      .first()
      .evaluate((el) => getComputedStyle(el).color);
  // The light theme's green and red (src/styles/palette.css).
  await page.goto('/en/coin/list_1?sort=change24h&order=desc');
  expect(await riseColour()).toBe('rgb(19, 115, 51)');
  await page.goto('/zh/coin/list_1?sort=change24h&order=desc');
  expect(await riseColour()).toBe('rgb(192, 38, 45)');
  // The dark theme has its own, lighter pair.
  await context.addCookies([{ name: 'theme', value: 'dark', url: baseURL! }]);
  await page.goto('/en/coin/list_1?sort=change24h&order=desc');
  expect(await riseColour()).toBe('rgb(63, 185, 80)');
  await page.goto('/zh/coin/list_1?sort=change24h&order=desc');
  expect(await riseColour()).toBe('rgb(255, 95, 86)');
  await context.clearCookies();
});

test('the pages carry security headers and compress', async ({ request }) => {
  const res = await request.get('/', { headers: { 'accept-encoding': 'br, gzip' } });
  const h = res.headers();
  expect(h['content-security-policy']).toContain("frame-ancestors 'self'");
  expect(h['x-content-type-options']).toBe('nosniff');
  expect(h['referrer-policy']).toBeTruthy();
  expect(h['content-encoding']).toMatch(/br|gzip/);
});
