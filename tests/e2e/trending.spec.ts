// Trending and recently added (issue 25): the home page's strip, /trending ranked by the site's
// own page views, /new-coins newest first with its pager, and the row of links joining them to
// Gainers & Losers (/rank) and Hot. The API suite counts views through the beacon; here the
// views are written straight into the database, enough to rank by and far more for one coin
// than the other specs' page loads can give any coin, so the order does not depend on them.
import { expect, test, type Page } from '@playwright/test';
import { query } from './db.ts';

const TOP = 'chainlink';
const OTHERS = ['tron', 'cardano', 'dogecoin', 'solana', 'litecoin'];

test.beforeAll(async () => {
  const rows = [[`/coin/${TOP}`, 5000] as const, ...OTHERS.map((id, i) => [`/coin/${id}/market`, 50 - i] as const)];
  for (const [path, n] of rows)
    await query(
      `insert into page_views (path, day, n) values ($1, (now() at time zone 'utc')::date, $2)
       on conflict (path, day) do update set n = page_views.n + excluded.n`,
      [path, n],
    );
  // The server keeps the home strip until the market changes (at most 30 s): say it changed, as
  // a market round does, so the strip is read again with these views.
  await query(`select pg_notify('coinlens_market', '')`);
});

const LOCALES = [
  {
    prefix: '',
    canonical: '',
    title: 'Trending crypto',
    trending: 'Trending coins',
    added: 'Recently added coins',
    links: ['Trending', 'Recently added', 'Gainers & Losers', 'Hot'],
    more: 'All trending coins',
    views: 'Views (24h)',
  },
  {
    prefix: '/zh',
    canonical: '/zh',
    title: '趋势币种',
    trending: '趋势币种',
    added: '新增币种',
    links: ['趋势', '新增币种', '涨跌榜', '热门'],
    more: '全部趋势币种',
    views: '浏览量（24小时）',
  },
] as const;

const values = (page: Page, testId: string, field: string, attr = 'data-value') =>
  page
    .getByTestId(testId)
    .locator(`[data-field="${field}"]`)
    .evaluateAll((els, a) => els.map((el) => Number(el.getAttribute(a))), attr);
const dates = (page: Page) =>
  page
    .getByTestId('new-coins-table')
    .locator('[data-field="added"] time')
    .evaluateAll((els) => els.map((el) => Date.parse(el.getAttribute('datetime')!)));
const nonIncreasing = (xs: number[]) => xs.every((x, i) => i === 0 || x <= xs[i - 1]!);

for (const L of LOCALES) {
  test(`${L.prefix || '/en'}: the home strip, /trending by views, /new-coins page 2, the link row`, async ({
    page,
  }) => {
    // The home page on a phone: the strip scrolls inside itself, never the page.
    await page.setViewportSize({ width: 390, height: 844 });
    // A query of its own: the page micro-cache may hold the home page from before the views.
    await page.goto(`${L.prefix}/?trending=${Date.now()}`);
    const strip = page.getByTestId('trending-strip');
    await expect(strip).toHaveAttribute('data-basis', 'views');
    const chips = strip.locator('li');
    expect(await chips.count()).toBeLessThanOrEqual(7);
    await expect(chips.first()).toHaveAttribute('data-coin', TOP);
    expect(await page.evaluate(() => document.scrollingElement!.scrollWidth > window.innerWidth + 1)).toBe(false);

    await page.setViewportSize({ width: 1280, height: 900 });
    await strip.getByRole('link', { name: L.more }).click();
    await expect(page).toHaveURL(new RegExp(`${L.prefix}/trending$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(L.trending);
    await expect(page).toHaveTitle(new RegExp(`^${L.title}`));
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`${L.canonical}/trending$`));
    const table = page.getByTestId('trending-table');
    await expect(table).toHaveAttribute('data-basis', 'views');
    await expect(table.locator('thead')).toContainText(L.views);
    await expect(table.locator('tbody tr').first()).toHaveAttribute('data-coin', TOP);
    const views = await values(page, 'trending-table', 'views');
    expect(views.length).toBeGreaterThanOrEqual(6);
    expect(nonIncreasing(views)).toBe(true);
    // How the 24 hours are estimated, and where the views come from.
    await expect(page.getByTestId('trending-method').locator('p')).toHaveCount(2);
    await expect(page.getByTestId('trending-source').locator('time')).toHaveAttribute('datetime', /Z$/);
    await expect(page.getByTestId('trending-fallback')).toHaveCount(0);

    // The link row, on each of its pages, marks where the reader is.
    const row = page.getByTestId('market-highlights');
    await expect(row.locator('a')).toHaveText([...L.links]);
    await expect(row.locator('a[aria-current="page"]')).toHaveText(L.links[0]);
    await row.getByRole('link', { name: L.links[1] }).click();
    await expect(page).toHaveURL(new RegExp(`${L.prefix}/new-coins$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(L.added);
    await expect(row.locator('a[aria-current="page"]')).toHaveText(L.links[1]);
    const rows = page.getByTestId('new-coins-table').locator('tbody tr');
    await expect(rows).toHaveCount(50);
    const first = await dates(page);
    expect(nonIncreasing(first)).toBe(true);
    await expect(rows.first().locator('[data-field="first-exchange"]')).not.toBeEmpty();
    await page.locator('.pager a', { hasText: /^2$/ }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(rows.first().locator('td').first()).toHaveText('51');
    const second = await dates(page);
    expect(second[0]).toBeLessThanOrEqual(first.at(-1)!);
    await expect(page).toHaveTitle(/2/);

    await row.getByRole('link', { name: L.links[2] }).click();
    await expect(page).toHaveURL(new RegExp(`${L.prefix}/rank$`));
    await expect(row.locator('a[aria-current="page"]')).toHaveText(L.links[2]);
    await row.getByRole('link', { name: L.links[3] }).click();
    await expect(page).toHaveURL(new RegExp(`${L.prefix}/hot$`));
    await expect(row.locator('a[aria-current="page"]')).toHaveText(L.links[3]);
    await expect(page.locator('main')).not.toContainText(/undefined|NaN/);
  });
}

test('a coin page sends the page-view beacon with its own path', async ({ page }) => {
  const beacon = page.waitForRequest((r) => r.url().includes('/api/new/v1/pv') && r.method() === 'POST');
  await page.goto('/zh/coin/chainlink/market');
  const request = await beacon;
  expect(JSON.parse(request.postData() ?? '{}')).toEqual({ path: '/zh/coin/chainlink/market' });
  expect(new URL(request.url()).searchParams.get('t')).toBeTruthy();
});
