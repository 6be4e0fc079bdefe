import { expect, test } from '@playwright/test';

const MISSING = { '': 'Content does not exist or has been removed', '/zh': '内容不存在或已被删除' } as const;

for (const L of [
  {
    prefix: '',
    baike: 'Crypto encyclopedia',
    bitwiki: 'Project wiki',
    concept: 'Concept sectors',
    topic: 'Topics',
    script: /[A-Za-z]/,
    staking: 'Staking',
    marketCap: 'Sector market cap',
  },
  {
    prefix: '/zh',
    baike: '币圈百科',
    bitwiki: '项目百科',
    concept: '概念板块',
    topic: '专题',
    script: /[\u4e00-\u9fff]/,
    staking: '质押',
    marketCap: '板块市值',
  },
] as const) {
  const at = (path: string) => `${L.prefix}${path}`;

  test.describe(`knowledge in ${L.prefix || '/en'}`, () => {
    test('encyclopedia: grouped index, title filter, A–Z, entry and 404', async ({ page }) => {
      const res = await page.goto(at('/baike'));
      expect(res?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(L.baike);
      const entries = page.getByTestId('wiki-entry');
      expect(await entries.count()).toBeGreaterThanOrEqual(50);
      expect(await page.locator('[data-testid="baike-groups"] section h2').count()).toBeGreaterThanOrEqual(5);

      await page.getByLabel(L.prefix ? '按标题搜索' : 'Search by title').fill(L.staking);
      await page.getByRole('button', { name: L.prefix ? '搜索' : 'Search' }).click();
      await expect(page).toHaveURL(/[?&]q=/);
      const filtered = await page.getByTestId('wiki-entry').allTextContents();
      expect(filtered.length).toBeGreaterThan(0);
      expect(filtered.length).toBeLessThan(10);
      for (const title of filtered) expect(title.toLowerCase()).toContain(L.staking.toLowerCase());

      await page.goto(at('/baike?view=az'));
      await expect(page.locator('[data-testid="baike-groups"] section h2').first()).toHaveText('A');

      await page.goto(at('/baike'));
      const first = page.getByTestId('wiki-entry').first();
      const title = (await first.textContent())!.trim();
      await first.click();
      await expect(page).toHaveURL(/\/baike\/[a-z0-9-]+$/);
      await expect(page.getByTestId('entry-title')).toHaveText(title);
      await expect(page.getByTestId('entry-body').locator('h2')).toHaveCount(2);
      expect(L.script.test((await page.getByTestId('entry-body').textContent()) ?? '')).toBe(true);
      await expect(page.getByTestId('related').locator('li').first()).toBeVisible();
      await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'article');
      await expect(page.locator('script[type="application/ld+json"]')).toHaveCount(1);

      const missing = await page.goto(at('/baike/no-such-term'));
      expect(missing?.status()).toBe(404);
      await expect(page.getByTestId('content-missing').getByRole('heading')).toHaveText(MISSING[L.prefix]);
    });

    test('project wiki: list with price chips, entry with market facts and coin link, 404', async ({ page }) => {
      const res = await page.goto(at('/bitwiki'));
      expect(res?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(L.bitwiki);
      await expect(page.getByTestId('wiki-entry')).toHaveCount(10);
      await expect(page.getByTestId('price-chip').first()).toContainText('$');
      await expect(page.getByTestId('wiki-entry').first()).toContainText('BTC');

      await page.locator('.pager a', { hasText: /^2$/ }).click();
      await expect(page).toHaveURL(/page=2/);
      await expect(page.getByTestId('wiki-entry')).toHaveCount(10);

      await page.goto(at('/bitwiki'));
      await page.getByTestId('wiki-entry').nth(1).click();
      await expect(page).toHaveURL(/\/bitwiki\/ethereum$/);
      await expect(page.getByTestId('entry-title')).toContainText('ETH');
      await expect(page.getByTestId('entry-body').locator('h2')).toHaveCount(3);
      const facts = page.getByTestId('coin-facts');
      // The live price heads the box; the facts below it are the other seven.
      await expect(facts.locator('[data-live-price]')).toHaveText(/\d/);
      await expect(facts.locator('dl.facts > div')).toHaveCount(7);
      await expect(facts).not.toContainText(/undefined|NaN/);
      await page.getByTestId('coin-link').click();
      await expect(page).toHaveURL(/\/coin\/ethereum$/);

      const missing = await page.goto(at('/bitwiki/no-such-project'));
      expect(missing?.status()).toBe(404);
      await expect(page.getByTestId('content-missing')).toContainText(MISSING[L.prefix]);
    });

    test('concept sectors: sortable table, sector page with its coins, 404', async ({ page }) => {
      const res = await page.goto(at('/concept'));
      expect(res?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(L.concept);
      const rows = page.getByTestId('sector-table').locator('tbody tr');
      expect(await rows.count()).toBeGreaterThanOrEqual(10);
      const caps = await page
        .getByTestId('sector-table')
        .locator('td[data-field="marketCap"]')
        .evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-value'))));
      expect(caps).toEqual([...caps].sort((a, b) => b - a));

      await page
        .getByTestId('sector-table')
        .getByRole('link', { name: L.prefix ? '24 小时涨跌（加权）' : '24h change (weighted)' })
        .click();
      await expect(page).toHaveURL(/sort=change24h&order=desc/);
      const changes = await page
        .getByTestId('sector-table')
        .locator('td[data-field="change24h"]')
        .evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-value'))));
      expect(changes).toEqual([...changes].sort((a, b) => b - a));

      const link = page.getByTestId('sector-table').locator('tbody tr').first().locator('a.nm');
      const name = (await link.textContent())!.trim();
      await link.click();
      await expect(page).toHaveURL(/\/concept\/[a-z0-9-]+$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
      await expect(page.getByTestId('sector-stats')).toContainText(L.marketCap);
      await expect(page.getByTestId('coin-table').locator('tbody tr')).not.toHaveCount(0);
      await expect(page.locator('main')).not.toContainText(/undefined|NaN/);

      const missing = await page.goto(at('/concept/no-such-sector'));
      expect(missing?.status()).toBe(404);
      await expect(page.getByTestId('content-missing')).toContainText(MISSING[L.prefix]);
    });

    test('topics: list with counts, topic articles linking to news or research, 404', async ({ page }) => {
      const res = await page.goto(at('/topic'));
      expect(res?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(L.topic);
      const links = page.getByTestId('topic-link');
      expect(await links.count()).toBeGreaterThanOrEqual(5);
      expect(L.script.test((await links.first().textContent()) ?? '')).toBe(true);
      const countText = (await page.getByTestId('topic-count').first().textContent())!;
      const count = Number(countText.replace(/\D/g, ''));
      expect(count).toBeGreaterThan(0);

      await links.first().click();
      await expect(page).toHaveURL(/\/topic\/\d+$/);
      const articles = page.getByTestId('topic-article');
      await expect(articles).toHaveCount(Math.min(10, count));
      const href = await articles.first().getAttribute('href');
      expect(href).toMatch(new RegExp(`^${L.prefix}/(news|research)/\\d+$`));

      const missing = await page.goto(at('/topic/999999'));
      expect(missing?.status()).toBe(404);
      await expect(page.getByTestId('content-missing')).toContainText(MISSING[L.prefix]);
      const outOfRange = await page.goto(at('/topic/1?page=999'));
      expect(outOfRange?.status()).toBe(404);
      await expect(page.getByTestId('out-of-range')).toBeVisible();
    });
  });
}
