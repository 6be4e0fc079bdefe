import { expect, test, type Page } from '@playwright/test';

const ROI = /^\d{1,3}(,\d{3})*\.\d{2}x$/;
const roiValues = async (page: Page, table: string) =>
  (await page.getByTestId(table).locator('[data-field="roi"]').allTextContents()).map((s) => s.trim());
const isSorted = (xs: number[], dir: 1 | -1) => xs.every((x, i) => i === 0 || dir * (x - (xs[i - 1] as number)) >= 0);
const multiple = (s: string) => Number(s.replace(/[x,]/g, ''));

for (const L of [
  {
    prefix: '',
    heading: 'Token offerings',
    roiHeading: 'Offering ROI ranking',
    platforms: 'ROI by offering platform',
    fundraising: 'Fundraising',
    gone: 'Content does not exist or has been removed',
    overview: 'Overview',
    team: 'Team',
    nav: 'IEO/ICO',
  },
  {
    prefix: '/zh',
    heading: '代币发行',
    roiHeading: '发行项目回报率排行',
    platforms: '各发行平台回报率',
    fundraising: '募集中',
    gone: '内容不存在或已被删除',
    overview: '概况',
    team: '团队',
    nav: null,
  },
] as const) {
  test.describe(`offerings in ${L.prefix || '/en'}`, () => {
    test('lists offerings, filters by status and opens a detail', async ({ page }) => {
      const res = await page.goto(`${L.prefix}/ieo`);
      expect(res?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(L.heading);
      const rows = page.getByTestId('offering-table').locator('tbody tr');
      await expect(rows).toHaveCount(20);
      await expect(page.locator('main')).not.toContainText(/undefined|NaN|ieo\./);

      await page
        .getByTestId('status-filter')
        .getByRole('link', { name: new RegExp(`^${L.fundraising} \\d+$`) })
        .click();
      await expect(page).toHaveURL(/status=fundraising(&|$)/);
      const badges = page.getByTestId('offering-table').getByTestId('offering-status');
      expect(await badges.count()).toBeGreaterThan(0);
      for (const s of await badges.evaluateAll((els) => els.map((e) => e.getAttribute('data-status'))))
        expect(s).toBe('fundraising');

      const link = page.getByTestId('offering-table').getByTestId('offering-link').first();
      const name = (await link.locator('strong').textContent())!.trim();
      await link.click();
      await expect(page).toHaveURL(new RegExp(`${L.prefix}/ieo/[a-z0-9-]+$`));
      await expect(page.getByRole('heading', { level: 1 })).toContainText(name);
      await expect(page.getByTestId('offering-phases').locator('[aria-current="step"]')).toHaveAttribute(
        'data-phase',
        'fundraising',
      );
      await expect(page.getByTestId('offering-team').locator('li').first()).toBeVisible();
      await expect(page.getByTestId('offering-tab-overview')).toHaveText(L.overview);
      await expect(page.getByRole('heading', { level: 2, name: L.team })).toBeVisible();
    });

    test('pages on and sorts by ROI', async ({ page }) => {
      await page.goto(`${L.prefix}/ieo?sort=roi&order=desc`);
      const values = (await roiValues(page, 'offering-table')).filter((s) => s !== '--');
      expect(values.length).toBe(20);
      for (const v of values) expect(v).toMatch(ROI);
      expect(isSorted(values.map(multiple), -1)).toBe(true);
      await page.locator('.pager a', { hasText: /^2$/ }).click();
      await expect(page).toHaveURL(/page=2/);
      await expect(page.getByTestId('offering-table').locator('tbody tr')).toHaveCount(20);
      const res = await page.goto(`${L.prefix}/ieo?page=999`);
      expect(res?.status()).toBe(404);
      await expect(page.getByTestId('out-of-range')).toBeVisible();
    });

    test('ranks offerings by ROI and links to their detail', async ({ page }) => {
      const res = await page.goto(`${L.prefix}/ieo/ieo-roi`);
      expect(res?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(L.roiHeading);
      const values = await roiValues(page, 'roi-table');
      expect(values).toHaveLength(20);
      for (const v of values) expect(v).toMatch(ROI);
      expect(isSorted(values.map(multiple), -1)).toBe(true);
      await expect(page.getByTestId('roi-table').locator('[data-field="position"]').first()).toHaveText('1');
      await page.getByTestId('roi-table').getByTestId('offering-link').first().click();
      await expect(page).toHaveURL(new RegExp(`${L.prefix}/ieo/[a-z0-9-]+$`));
      // ROI follows the live price, which may tick between the two page loads.
      const shown = /[\d,]+\.\d{2}x/.exec((await page.getByTestId('offering-roi').textContent()) ?? '')?.[0] ?? '';
      expect(shown).toMatch(ROI);
      expect(Math.abs(multiple(shown) / multiple(values[0]!) - 1)).toBeLessThan(0.02);
    });

    test('aggregates ROI per platform and filters the list by one', async ({ page }) => {
      const res = await page.goto(`${L.prefix}/ieo/ieo-platforms-roi`);
      expect(res?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(L.platforms);
      const rows = page.getByTestId('platform-table').locator('tbody tr');
      expect(await rows.count()).toBeGreaterThan(5);
      const counts = (await page.getByTestId('platform-table').locator('[data-field="count"]').allTextContents()).map(
        Number,
      );
      expect(isSorted(counts, -1)).toBe(true);
      const first = rows.first();
      const platform = (await first.getAttribute('data-platform'))!;
      await expect(first.locator('[data-field="median"]')).toHaveText(ROI);
      await first.getByTestId('platform-link').click();
      await expect(page).toHaveURL(/\/ieo\?kind=IEO&platform=/);
      await expect(page.getByTestId('platform-filter')).toContainText(platform);
      const shown = await page.getByTestId('offering-table').locator('tbody tr').count();
      expect(shown).toBe(Math.min(20, counts[0]!));

      await page.goto(`${L.prefix}/ieo/ieo-platforms-roi?kind=ICO&sort=median`);
      await expect(page.getByTestId('platform-table').locator('th[aria-sort="descending"]')).toBeVisible();
      await expect(page.getByTestId('platform-table')).toContainText('Ethereum (ERC-20)');
    });

    test('shows the reviews of an offering', async ({ page }) => {
      await page.goto(`${L.prefix}/ieo/ethereum-eth`);
      await page.getByTestId('offering-tab-comments').click();
      await expect(page).toHaveURL(new RegExp(`${L.prefix}/ieo/ethereum-eth/comment$`));
      await expect(page.getByTestId('offering-comments')).toBeVisible();
      const reviews = page.getByTestId('review');
      const empty = page.getByTestId('reviews-empty');
      await expect(reviews.first().or(empty)).toBeVisible();
      if ((await reviews.count()) > 0) await expect(page.getByTestId('review-summary')).toBeVisible();
    });

    test('answers a missing offering with 404 and the content message', async ({ page }) => {
      for (const path of [
        '/ieo/no-such-offering',
        '/ieo/no-such-offering/comment',
        '/ieo/999999',
        '/ieo/detail/id',
        '/ieo/detail/comment?id=nothing',
      ]) {
        const res = await page.goto(`${L.prefix}${path}`);
        expect(res?.status(), path).toBe(404);
        await expect(page.getByTestId('content-missing').getByRole('heading', { level: 1 })).toHaveText(L.gone);
      }
    });

    test('redirects numeric ids and the old detail routes to the slug', async ({ page }) => {
      await page.goto(`${L.prefix}/ieo/1`);
      await expect(page).toHaveURL(new RegExp(`${L.prefix}/ieo/ethereum-eth$`));
      await page.goto(`${L.prefix}/ieo/detail/id?id=ethereum-eth`);
      await expect(page).toHaveURL(new RegExp(`${L.prefix}/ieo/ethereum-eth$`));
      await page.goto(`${L.prefix}/ieo/detail/comment?id=1`);
      await expect(page).toHaveURL(new RegExp(`${L.prefix}/ieo/ethereum-eth/comment$`));
    });
  });
}

test('the offering ROI ranking of /rank has rows', async ({ page }) => {
  const res = await page.goto('/rank?type=offering-roi');
  expect(res?.status()).toBe(200);
  const roi = page.locator('[data-field="roi"]');
  expect(await roi.count()).toBe(50);
  await expect(page.locator('main')).toContainText('Ethereum');
});

test('an ICO on its own chain names that platform in the reader language', async ({ page }) => {
  await page.goto('/zh/ieo/ethereum-eth');
  await expect(page.locator('main')).toContainText('自有主网');
  await expect(page.locator('main')).not.toContainText('Own mainnet');
  await expect(page.locator('main')).toContainText('瑞士');
});
