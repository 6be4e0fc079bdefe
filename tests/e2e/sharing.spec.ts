// Sharing (issue 22 §6): an article and a coin page name their share card as og:image and X's
// large card, with its size and a text alternative, and the card answers as a PNG; the article's
// dateline has the year and the time zone; its Share button copies the link (or opens the
// device's share sheet), and without JavaScript it is a link to the page. The card route itself
// (sizes, caching, 404s, escaping) is tested in src/features/site/cards.api.test.ts.
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';

const LOCALES = [
  {
    prefix: '',
    locale: 'en',
    dateline: /^Published \d{1,2} [A-Z][a-z]{2,4} \d{4}, \d\d:\d\d UTC$/,
    copied: 'Link copied',
    alt: /^Share card: /,
  },
  {
    prefix: '/zh',
    locale: 'zh',
    dateline: /^发布于 \d{4}年\d{1,2}月\d{1,2}日 \d\d:\d\d UTC$/,
    copied: '链接已复制',
    alt: /^分享卡片：/,
  },
] as const;

/** The newest news article of the list in this language. */
async function openArticle(page: Page, prefix: string): Promise<string> {
  await page.goto(`${prefix}/news`);
  const href = await page.getByTestId('article-list').locator('h2 a').first().getAttribute('href');
  await page.goto(href!);
  return href!.replace(/^.*\/news\//, '');
}

const meta = (page: Page, key: string) =>
  page.locator(`meta[property="${key}"], meta[name="${key}"]`).getAttribute('content');

for (const L of LOCALES) {
  test(`an article's share card, dateline and Share button (${L.prefix || '/en'})`, async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL! });
    const id = await openArticle(page, L.prefix);
    const card = `${baseURL}/cards/${L.locale}/article/${id}.png`;
    expect(await meta(page, 'og:image')).toBe(card);
    expect([
      await meta(page, 'og:image:width'),
      await meta(page, 'og:image:height'),
      await meta(page, 'og:image:type'),
    ]).toEqual(['1200', '630', 'image/png']);
    expect(await meta(page, 'og:image:alt')).toMatch(L.alt);
    expect(await meta(page, 'twitter:card')).toBe('summary_large_image');
    expect(await meta(page, 'twitter:image')).toBe(card);
    const png = await request.get(card);
    expect(png.status()).toBe(200);
    expect(png.headers()['content-type']).toBe('image/png');
    expect(png.headers().etag).toBeTruthy();
    expect((await sharp(await png.body()).metadata()).width).toBe(1200);

    await expect(page.getByTestId('dateline')).toHaveText(L.dateline);

    // No share sheet in a desktop browser: the link is copied.
    const canonical = await page.locator('link[rel="canonical"]').getAttribute('href');
    await page.getByTestId('share').click();
    await expect(page.getByTestId('share-note')).toHaveText(L.copied);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(canonical);
    await expect(page).toHaveURL(new RegExp(`/news/${id}$`));
  });
}

test('Share opens the share sheet where there is one, and is a plain link without JavaScript', async ({
  page,
  browser,
}) => {
  await page.addInitScript(() => {
    (window as unknown as { shared: unknown[] }).shared = [];
    Object.defineProperty(navigator, 'share', {
      value: async (data: unknown) => void (window as unknown as { shared: unknown[] }).shared.push(data),
      configurable: true,
    });
  });
  const id = await openArticle(page, '/zh');
  await page.getByTestId('share').click();
  const shared = await page.evaluate(() => (window as unknown as { shared: { title: string; url: string }[] }).shared);
  expect(shared).toHaveLength(1);
  expect(shared[0]!.url).toMatch(new RegExp(`/zh/news/${id}$`));
  expect(shared[0]!.title).toBe(await page.getByTestId('article-title').textContent());
  await expect(page.getByTestId('share-note')).toHaveText('');

  const context = await browser.newContext({ javaScriptEnabled: false });
  const plain = await context.newPage();
  await plain.goto(`/news/${id}`);
  const link = plain.getByTestId('share');
  await expect(link).toHaveAttribute('href', new RegExp(`/en/news/${id}$`));
  await link.click();
  await expect(plain).toHaveURL(new RegExp(`/en/news/${id}$`));
  await expect(plain.getByTestId('article-title')).toBeVisible();
  await context.close();
});

test('a coin page names its price card, in the page’s language', async ({ page, request, baseURL }) => {
  await page.goto('/ko/coin/ethereum/market');
  const card = `${baseURL}/cards/ko/coin/ethereum.png`;
  expect(await meta(page, 'og:image')).toBe(card);
  expect(await meta(page, 'twitter:card')).toBe('summary_large_image');
  expect(await meta(page, 'og:image:alt')).toMatch(/ETH/);
  const png = await request.get(card);
  expect(png.status()).toBe(200);
  expect(png.headers()['cache-control']).toContain('max-age=600');
  expect((await request.get(`${baseURL}/cards/ko/coin/no-such-coin.png`)).status()).toBe(404);
});
