import { expect, test, type Page } from '@playwright/test';

/** Seeded as removed (deletedAt set): DELETED_ARTICLE_IDS in src/server/seed/content/articles.ts. */
const DELETED_IDS = [11, 101];

const LOCALES = [
  {
    prefix: '',
    news: 'News',
    research: 'Research',
    columnists: 'Columnists',
    missing: 'Content does not exist or has been removed',
    han: false,
  },
  { prefix: '/zh', news: '新闻', research: '研报', columnists: '专栏作者', missing: '内容不存在或已被删除', han: true },
] as const;
const HAN = /[\u4e00-\u9fff]/;

async function noBrokenText(page: Page) {
  await expect(page.locator('main')).not.toContainText(/\bundefined\b|\bNaN\b|\[object Object\]|news\.\w+/);
}

/** The JSON-LD block of an article page. */
async function jsonLd(page: Page): Promise<Record<string, unknown>> {
  return JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}') as Record<
    string,
    unknown
  >;
}

for (const L of LOCALES) {
  test.describe(`news, research and columnists in ${L.prefix || '/en'}`, () => {
    test('news list: newest first, pages on, opens an article with related coins', async ({ page }) => {
      const res = await page.goto(`${L.prefix}/news`);
      expect(res?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(L.news);
      await expect(page.locator('nav.content-nav a[aria-current="page"]')).toHaveText(L.news);
      const items = page.getByTestId('article-list').locator(':scope > li');
      await expect(items).toHaveCount(20);
      const times = await items.locator('time').evaluateAll((els) => els.map((e) => e.getAttribute('datetime') ?? ''));
      expect(times).toEqual([...times].sort().reverse());
      const firstTitle = (await items.first().locator('h2 a').textContent())!.trim();
      expect(HAN.test(firstTitle)).toBe(L.han);
      await noBrokenText(page);

      await page.locator('.pager a', { hasText: /^2$/ }).click();
      await expect(page).toHaveURL(/[?&]page=2/);
      await expect(items).toHaveCount(20);
      await expect(items.first().locator('h2 a')).not.toHaveText(firstTitle);

      const link = items.first().locator('h2 a');
      const title = (await link.textContent())!.trim();
      await link.click();
      await expect(page).toHaveURL(new RegExp(`${L.prefix}/news/\\d+$`));
      await expect(page.getByTestId('article-title')).toHaveText(title);
      expect(await page.getByTestId('article-body').locator('p').count()).toBeGreaterThanOrEqual(3);
      await expect(page.getByTestId('related-coins').locator('a.chip').first()).toBeVisible();
      await expect(page.getByTestId('related-coins').locator('a.chip').first()).toContainText(/\d/);
      await expect(page.getByTestId('related-articles').locator('li').first()).toBeVisible();
      const ld = await jsonLd(page);
      expect(ld['@type']).toBe('NewsArticle');
      expect(ld.headline).toBe(title);
      await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'article');
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
        'href',
        new RegExp(`/${L.prefix ? 'zh' : 'en'}/news/\\d+$`),
      );
      await noBrokenText(page);
      // Article pages carry the demo-data label like every other page.
      await expect(page.getByTestId('demo-badge')).toBeVisible();

      // The neighbours lead to other news articles.
      await page.getByTestId('previous').click();
      await expect(page).toHaveURL(new RegExp(`${L.prefix}/news/\\d+$`));
      await expect(page.getByTestId('article-title')).not.toHaveText(title);
    });

    test('news about one coin carries that coin on every item', async ({ page }) => {
      const res = await page.goto(`${L.prefix}/news?coin=bitcoin`);
      expect(res?.status()).toBe(200);
      await expect(page.getByTestId('coin-filter')).toContainText('Bitcoin');
      const items = page.getByTestId('article-list').locator(':scope > li');
      expect(await items.count()).toBeGreaterThan(0);
      for (const item of await items.all()) await expect(item.getByTestId('coin-chips')).toContainText('BTC');
      expect((await page.goto(`${L.prefix}/news?coin=no-such-coin`))?.status()).toBe(404);
    });

    test('research list opens a report with subheadings', async ({ page }) => {
      const res = await page.goto(`${L.prefix}/research`);
      expect(res?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(L.research);
      const link = page.getByTestId('article-list').locator('h2 a').first();
      const title = (await link.textContent())!.trim();
      expect(HAN.test(title)).toBe(L.han);
      await link.click();
      await expect(page).toHaveURL(new RegExp(`${L.prefix}/research/\\d+$`));
      await expect(page.getByTestId('article-title')).toHaveText(title);
      expect(await page.getByTestId('article-body').locator('h2').count()).toBeGreaterThanOrEqual(2);
      await expect(page.getByTestId('byline').locator('a[rel="author"]')).toBeVisible();
      expect((await jsonLd(page))['@type']).toBe('Article');
      await noBrokenText(page);
    });

    test('columnists list opens a columnist with their articles', async ({ page }) => {
      const res = await page.goto(`${L.prefix}/columnist`);
      expect(res?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(L.columnists);
      const cards = page.getByTestId('columnist-list').getByTestId('columnist');
      expect(await cards.count()).toBeGreaterThanOrEqual(5);
      const followers = await cards.getByTestId('followers').allTextContents();
      const counts = followers.map((s) => Number(s.replace(/[^\d]/g, '')));
      expect(counts).toEqual([...counts].sort((a, b) => b - a));
      const name = (await cards.first().locator('h2 a').textContent())!.trim();
      expect(HAN.test(name)).toBe(L.han);
      await cards.first().locator('h2 a').click();
      await expect(page).toHaveURL(new RegExp(`${L.prefix}/columnist/\\d+$`));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
      const articles = page.getByTestId('article-list').locator(':scope > li');
      expect(await articles.count()).toBeGreaterThan(0);
      await noBrokenText(page);
      await articles.first().locator('h2 a').click();
      await expect(page).toHaveURL(new RegExp(`${L.prefix}/(news|research)/\\d+$`));
      await expect(page.getByTestId('byline')).toContainText(name);
    });

    test('missing and removed content answers 404 with its message', async ({ page }) => {
      for (const path of [
        '/news/999999',
        `/news/${DELETED_IDS[0]}`,
        `/news/${DELETED_IDS[1]}`,
        `/research/${DELETED_IDS[0]}`,
        `/research/${DELETED_IDS[1]}`,
        '/research/999999',
        '/news/abc',
      ]) {
        const res = await page.goto(`${L.prefix}${path}`);
        expect([path, res?.status()]).toEqual([path, 404]);
        await expect(page.getByTestId('content-missing')).toContainText(L.missing);
      }
      const res = await page.goto(`${L.prefix}/columnist/99999`);
      expect(res?.status()).toBe(404);
      await expect(page.getByTestId('content-missing')).toBeVisible();
      const past = await page.goto(`${L.prefix}/news?page=999`);
      expect(past?.status()).toBe(404);
      await expect(page.getByTestId('out-of-range')).toBeVisible();
    });
  });
}

test('the bitcoin news tab lists seeded news that open on /news/{id}', async ({ page }) => {
  const res = await page.goto('/coin/bitcoin/news');
  expect(res?.status()).toBe(200);
  const link = page.getByTestId('content-list').locator('a[href*="/news/"]').first();
  const title = (await link.textContent())!.trim();
  await link.click();
  await expect(page).toHaveURL(/\/news\/\d+$/);
  await expect(page.getByTestId('article-title')).toHaveText(title);
  await expect(page.getByTestId('related-coins')).toContainText('BTC');
  await page.getByTestId('more-about').filter({ hasText: 'BTC' }).click();
  await expect(page).toHaveURL(/\/news\?coin=bitcoin$/);
  await expect(page.getByTestId('coin-filter')).toContainText('Bitcoin (BTC)');
});
