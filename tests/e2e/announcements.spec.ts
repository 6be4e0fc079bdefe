import { expect, test } from '@playwright/test';

for (const L of [
  {
    prefix: '',
    heading: 'Exchange announcements',
    listing: 'New listing',
    missing: 'Content does not exist or has been removed',
    login: 'Log in to see more',
    notices: 'Site notices',
    byExchange: 'Announcements by exchange',
    han: false,
  },
  {
    prefix: '/zh',
    heading: '交易所公告',
    listing: '上新币',
    missing: '内容不存在或已被删除',
    login: '登录查看更多',
    notices: '站内通知',
    byExchange: '按交易所查看公告',
    han: true,
  },
] as const) {
  test.describe(`announcements in ${L.prefix || '/en'}`, () => {
    test('lists announcements with today’s count and hot list, and opens one', async ({ page }) => {
      const res = await page.goto(`${L.prefix}/announcement`);
      expect(res?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(L.heading);
      await expect(page.getByTestId('today-count')).toContainText(/\d+/);
      const items = page.getByTestId('announcement-list').locator('li');
      await expect(items).toHaveCount(20);
      await expect(page.getByTestId('hot-announcements').locator('li').first()).toBeVisible();
      const link = items.first().locator('a.title');
      const title = (await link.textContent())!.trim();
      if (L.han) expect(title).toMatch(/[\u4e00-\u9fff]/);
      await link.click();
      await expect(page).toHaveURL(new RegExp(`${L.prefix}/announcement/\\d+$`));
      await expect(page.getByTestId('announcement-title')).toHaveText(title);
      const exchange = page.getByTestId('announcement-meta').getByTestId('announcement-exchange');
      await expect(exchange).toHaveAttribute('href', new RegExp(`^${L.prefix}/exchange/[a-z0-9.-]+$`));
      const original = page.getByTestId('original-link');
      await expect(original).toHaveAttribute('href', /^https:\/\//);
      await expect(original).toHaveAttribute('rel', 'nofollow noopener');
      await expect(page.getByTestId('content-body').locator('p').first()).not.toBeEmpty();
      await expect(page.locator('script[type="application/ld+json"]')).toHaveCount(1);
      await expect(page.locator('main')).not.toContainText(/undefined|NaN|announcement\./);
    });

    test('filters by category and by exchange', async ({ page }) => {
      await page.goto(`${L.prefix}/announcement`);
      await page.getByTestId('category-tabs').getByRole('link', { name: L.listing }).click();
      await expect(page).toHaveURL(/category=listing/);
      const badges = page.getByTestId('announcement-list').locator('.cat');
      expect(await badges.count()).toBeGreaterThan(0);
      for (const c of await badges.evaluateAll((els) => els.map((e) => e.getAttribute('data-category'))))
        expect(c).toBe('listing');
      await page.getByTestId('exchange-filter').locator('select').selectOption('binance');
      await page.getByTestId('exchange-filter').locator('button').click();
      await expect(page).toHaveURL(/exchange=binance/);
      await expect(page).toHaveURL(/category=listing/);
      for (const name of await page
        .getByTestId('announcement-list')
        .getByTestId('announcement-exchange')
        .allTextContents())
        expect(name).toBe('Binance');
    });

    test('shows visitors three pages of ten, then "log in to see more"', async ({ page }) => {
      await page.goto(`${L.prefix}/announcement?page=3&size=10`);
      await expect(page.getByTestId('announcement-list').locator('li')).toHaveCount(10);
      await expect(page.getByTestId('login-to-see-more')).toContainText(L.login);
      await expect(page.locator('.pager a', { hasText: /^4$/ })).toHaveCount(0);
      const locked = await page.goto(`${L.prefix}/announcement?page=4&size=10`);
      expect(locked?.status()).toBe(200);
      await expect(page.getByTestId('announcement-list')).toHaveCount(0);
      await expect(page.getByTestId('login-to-see-more')).toContainText(L.login);
      const past = await page.goto(`${L.prefix}/announcement?page=9999`);
      expect(past?.status()).toBe(404);
      await expect(page.getByTestId('out-of-range')).toBeVisible();
    });

    test('lists exchanges, then one exchange’s announcements', async ({ page }) => {
      const res = await page.goto(`${L.prefix}/announcements`);
      expect(res?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(L.byExchange);
      const rows = page.getByTestId('exchange-announcements').locator('tbody tr');
      expect(await rows.count()).toBeGreaterThan(10);
      await rows.first().getByRole('link').click();
      await expect(page).toHaveURL(new RegExp(`${L.prefix}/announcements/binance$`));
      await expect(page.getByRole('heading', { level: 1 })).toContainText('Binance');
      const items = page.getByTestId('announcement-list').locator('li');
      expect(await items.count()).toBeGreaterThan(0);
      const title = (await items.first().locator('a.title').textContent())!.trim();
      await items.first().locator('a.title').click();
      await expect(page.getByTestId('announcement-title')).toHaveText(title);
      await expect(page.getByTestId('announcement-meta').getByTestId('announcement-exchange')).toHaveText('Binance');
    });

    test('answers 404 for missing announcements and unknown exchanges', async ({ page }) => {
      const missing = await page.goto(`${L.prefix}/announcement/99999999`);
      expect(missing?.status()).toBe(404);
      await expect(page.getByTestId('content-missing')).toContainText(L.missing);
      const bad = await page.goto(`${L.prefix}/announcement/not-a-number`);
      expect(bad?.status()).toBe(404);
      await expect(page.getByTestId('content-missing')).toContainText(L.missing);
      const unknown = await page.goto(`${L.prefix}/announcements/no-such-exchange`);
      expect(unknown?.status()).toBe(404);
      await expect(page.getByTestId('not-found')).toBeVisible();
    });

    test('lists site notices, by category, and opens one', async ({ page }) => {
      const res = await page.goto(`${L.prefix}/notice`);
      expect(res?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(L.notices);
      const items = page.getByTestId('notice-list').locator('li');
      await expect(items).toHaveCount(20);
      const link = items.first().locator('a.title');
      const title = (await link.textContent())!.trim();
      if (L.han) expect(title).toMatch(/[\u4e00-\u9fff]/);
      await link.click();
      await expect(page).toHaveURL(new RegExp(`${L.prefix}/notice/\\d+$`));
      await expect(page.getByTestId('notice-title')).toHaveText(title);

      const cats = await page.goto(`${L.prefix}/notices`);
      expect(cats?.status()).toBe(200);
      const category = page.getByTestId('notice-categories').locator('li a').first();
      await category.click();
      await expect(page).toHaveURL(new RegExp(`${L.prefix}/notices/[a-z]+$`));
      expect(await page.getByTestId('notice-list').locator('li').count()).toBeGreaterThan(0);
      await page.getByTestId('notice-list').locator('a.title').first().click();
      await expect(page.getByTestId('notice-title')).toBeVisible();
    });

    test('answers 404 for missing notices and unknown notice categories', async ({ page }) => {
      const missing = await page.goto(`${L.prefix}/notice/99999999`);
      expect(missing?.status()).toBe(404);
      await expect(page.getByTestId('content-missing')).toContainText(L.missing);
      const unknown = await page.goto(`${L.prefix}/notices/no-such-category`);
      expect(unknown?.status()).toBe(404);
    });
  });
}

test('the coin page lists the announcements about the coin', async ({ page }) => {
  const res = await page.goto('/coin/bitcoin/announcements');
  expect(res?.status()).toBe(200);
  const items = page.getByTestId('content-list').locator('li');
  expect(await items.count()).toBeGreaterThan(0);
  await items.first().locator('a').first().click();
  await expect(page).toHaveURL(/\/announcement\/\d+$/);
  await expect(page.getByTestId('related-coins')).toContainText('BTC');
});
