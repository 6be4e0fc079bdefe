import { expect, test, type Page } from '@playwright/test';
import { QUICK_SEARCH_COINS } from '../../src/lib/search.ts';
import { signature } from '../../src/lib/signature.ts';
import { query } from './db.ts';

/** Waits until every island on the page has hydrated (Astro drops the ssr attribute). */
async function hydrated(page: Page) {
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
}

const LOCALES = [
  { locale: 'en', prefix: '', noResults: 'No results found for your query', coins: 'Coins' },
  { locale: 'zh', prefix: '/zh', noResults: '未找到相关结果', coins: '币种' },
] as const;

for (const L of LOCALES) {
  test.describe(`search in ${L.locale}`, () => {
    test('searching "btc" shows Bitcoin first, grouped with exchanges and pairs', async ({ page }) => {
      await page.goto(`${L.prefix}/search`);
      await expect(page.getByTestId('popular-coins')).toContainText('Bitcoin');
      await page.getByTestId('search-page-input').fill('btc');
      await page.getByTestId('search-page-input').press('Enter');
      await expect(page).toHaveURL(/\/search\?q=btc$/);
      const coins = page.getByTestId('search-section-coin');
      await expect(coins.locator('h2')).toContainText(L.coins);
      await expect(coins.locator('tbody tr').first()).toHaveAttribute('data-coin', 'bitcoin');
      await expect(coins.locator('tbody tr').first().locator('mark').first()).toHaveText('BTC');
      await expect(page.getByTestId('search-section-pair').locator('tbody tr').first()).toContainText('BTC');
      // "show all" lists one kind with a pager
      await page.getByTestId('search-more-pair').click();
      await expect(page).toHaveURL(/kind=pair/);
      await expect(page.getByTestId('search-section-pair').locator('tbody tr')).toHaveCount(10);
      await expect(page.getByTestId('search-section-coin')).toHaveCount(0);
    });

    test('a nonsense query says nothing was found', async ({ page }) => {
      await page.goto(`${L.prefix}/search?q=${encodeURIComponent('qqzzxx%_')}`);
      await expect(page.getByTestId('search-no-results')).toContainText(L.noResults);
      await expect(page.locator('[data-testid^="search-section-"]')).toHaveCount(0);
    });
  });
}

const CONTENT = [
  { locale: 'en', prefix: '', q: 'bitcoin', news: 'News', lives: 'Flash news' },
  { locale: 'zh', prefix: '/zh', q: '交易所', news: '新闻', lives: '快讯' },
] as const;

for (const L of CONTENT) {
  test.describe(`content search in ${L.locale}`, () => {
    test(`"${L.q}" finds news and flash news with marked matches, and a hit opens its page`, async ({ page }) => {
      const res = await page.goto(`${L.prefix}/search?q=${encodeURIComponent(L.q)}`);
      expect(res?.status()).toBe(200);
      const news = page.getByTestId('search-section-news');
      await expect(news.locator('h2')).toContainText(L.news);
      await expect(page.getByTestId('search-tab-lives')).toContainText(L.lives);
      const hits = news.locator('li[data-kind="news"]');
      expect(await hits.count()).toBeGreaterThan(0);
      // Every hit carries the query, in its title or its passage, marked.
      for (const hit of await hits.all())
        await expect(hit.locator('mark').first()).toHaveText(new RegExp(`^${L.q}$`, 'i'));
      const link = hits.first().locator('h3 a');
      const href = await link.getAttribute('href');
      expect(href).toMatch(new RegExp(`^${L.prefix}/news/\\d+$`));
      const title = (await link.textContent())!.trim();
      await link.click();
      await expect(page).toHaveURL(new RegExp(`${L.prefix}/news/\\d+$`));
      await expect(page.locator('h1')).toContainText(title);
    });

    test('the news tab lists one page of news with a pager when there are more', async ({ page }) => {
      await page.goto(`${L.prefix}/search?q=${encodeURIComponent(L.q)}&kind=news`);
      const section = page.getByTestId('search-section-news');
      const total = Number(
        (await page.getByTestId('search-tab-news').locator('.count').textContent())!.replace(/\D/g, ''),
      );
      expect(total).toBeGreaterThan(0);
      await expect(section.locator('li[data-kind="news"]')).toHaveCount(Math.min(total, 10));
      await expect(page.getByTestId('search-section-coin')).toHaveCount(0);
      if (total > 10) await expect(section.locator('.pager')).toBeVisible();
    });

    test('flash news hits link to /lives and open', async ({ page }) => {
      await page.goto(`${L.prefix}/search?q=${encodeURIComponent(L.q)}&kind=lives`);
      const first = page.getByTestId('search-section-lives').locator('li[data-kind="lives"] h3 a').first();
      const href = await first.getAttribute('href');
      expect(href).toMatch(new RegExp(`^${L.prefix}/lives/\\d+$`));
      const res = await page.goto(href!);
      expect(res?.status()).toBe(200);
    });
  });
}

test('content search finds nothing for nonsense, with the message, in both languages', async ({ page }) => {
  await page.goto(`/search?q=${encodeURIComponent('zzqqxx halving')}&kind=news`);
  await expect(page.getByTestId('search-no-results')).toContainText('No results found for your query');
  await page.goto(`/zh/search?q=${encodeURIComponent('紫晶链不存在')}`);
  await expect(page.getByTestId('search-no-results')).toContainText('未找到相关结果');
});

test('the header search submits to the search page on Enter when no suggestion is selected', async ({ page }) => {
  await page.goto('/en');
  await hydrated(page);
  const box = page.getByTestId('quick-search-input');
  await box.click();
  await box.fill('eth');
  await expect(page.getByTestId('quick-search-results').getByRole('option').first()).toBeVisible();
  await box.press('Enter');
  await expect(page).toHaveURL(/\/search\?q=eth$/);
  await expect(page.getByTestId('search-section-coin').locator('tbody tr').first()).toHaveAttribute(
    'data-coin',
    'ethereum',
  );
});

test('the header search still opens a suggestion picked with the arrow keys', async ({ page }) => {
  await page.goto('/en');
  await hydrated(page);
  const box = page.getByTestId('quick-search-input');
  await box.click();
  await box.fill('btc');
  await expect(page.getByTestId('quick-search-results').getByRole('option').first()).toContainText('BTC');
  await box.press('ArrowDown');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/coin\/bitcoin$/);
});

test('the header search finds a coin beyond its list of top coins, on the server', async ({ page, request }) => {
  // A coin ranked well below the list's cap: the box's own list cannot know it.
  const [far] = await query<{ id: string; symbol: string }>(
    'select id, symbol from coins where rank > $1 order by rank limit 1 offset 59',
    [QUICK_SEARCH_COINS],
  );
  const t = await signature(Date.now(), 'coinlens');
  const list = (await (await request.get(`/api/v1/quick_search/coin?t=${t}`)).json()) as { data: { id: string }[] };
  expect(list.data.map((c) => c.id)).not.toContain(far!.id);
  for (const prefix of ['/en', '/zh']) {
    await page.goto(prefix);
    await hydrated(page);
    const box = page.getByTestId('quick-search-input');
    await box.click();
    await box.fill(far!.symbol.toLowerCase());
    const option = page
      .getByTestId('quick-search-results')
      .getByRole('option')
      .filter({ has: page.locator(`a[href$="/coin/${far!.id}"]`) });
    await expect(option).toContainText(far!.symbol);
    // Chosen with the keyboard like any other suggestion (at most 8 coins and 5 exchanges).
    for (let i = 0; i < 13 && (await option.getAttribute('aria-selected')) !== 'true'; i++)
      await box.press('ArrowDown');
    await expect(option).toHaveAttribute('aria-selected', 'true');
    await box.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/coin/${far!.id}$`));
  }
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the search form and the header search both work', async ({ page }) => {
    await page.goto('/en/search');
    await page.getByTestId('search-page-input').fill('binance');
    await page.getByTestId('search-page-input').press('Enter');
    await expect(page.getByTestId('search-section-exchange').locator('tbody tr').first()).toHaveAttribute(
      'data-exchange',
      'binance',
    );
    await page.getByTestId('quick-search-input').fill('solana');
    await page.getByTestId('quick-search-input').press('Enter');
    await expect(page).toHaveURL(/\/search\?q=solana$/);
    await expect(page.getByTestId('search-section-coin').locator('tbody tr').first()).toHaveAttribute(
      'data-coin',
      'solana',
    );
  });
});

test.describe('quick query /q', () => {
  test('/q/btc lands on Bitcoin and /q/binance on the exchange', async ({ page }) => {
    await page.goto('/q/btc');
    await expect(page).toHaveURL(/\/coin\/bitcoin$/);
    await page.goto('/zh/q/binance');
    await expect(page).toHaveURL(/\/zh\/exchange\/binance$/);
  });

  test('/q with a partial string shows results, and /q alone the form', async ({ page }) => {
    await page.goto('/en/q/bitc');
    await expect(page.getByTestId('search-section-coin').locator('tbody tr').first()).toHaveAttribute(
      'data-coin',
      'bitcoin',
    );
    await page.goto('/en/q');
    await expect(page.getByTestId('search-form')).toBeVisible();
    await expect(page.getByTestId('search-empty')).toBeVisible();
  });
});

test.describe('exchange detail', () => {
  test('shows expected vs reported volume with the formula, and sortable pairs by market', async ({ page }) => {
    await page.goto('/en/exchange/binance');
    const block = page.getByTestId('volume-compare');
    await expect(block.getByTestId('expected-volume')).toHaveText(/^\$[\d.]+[KMBT]?$/);
    await expect(block.getByTestId('reported-volume')).toHaveText(/^\$[\d.]+[KMBT]?$/);
    await expect(block.getByTestId('volume-formula').locator('tr')).toHaveCount(4);
    await expect(block).toContainText('at most the reported volume');
    await page.getByTestId('pair-market-tabs').getByRole('link', { name: 'Futures' }).click();
    await expect(page).toHaveURL(/filter=futures/);
    const rows = page.getByTestId('ticker-table').locator('tbody tr');
    await expect(rows.first()).toContainText('Futures');
    await page.getByTestId('ticker-table').getByRole('link', { name: 'Price', exact: true }).click();
    await expect(page).toHaveURL(/sort=price&order=desc/);
  });

  test('the comments page of the top exchange lists its reviews with a summary', async ({ page }) => {
    await page.goto('/en/exchange/list_1');
    const first = page.getByTestId('exchange-table').locator('tbody tr').first().locator('a').first();
    const href = await first.getAttribute('href');
    expect(href).toMatch(/^\/(en\/)?exchange\/[a-z0-9.-]+$/);
    await page.goto(`${href}/comment`);
    await expect(page.getByTestId('review-summary')).toBeVisible();
    const reviews = page.getByTestId('review');
    expect(await reviews.count()).toBeGreaterThan(0);
    await expect(reviews.first().getByTestId('review-label')).toHaveText(/^(Bad|General|Good|Very Good|Great)$/);
    await expect(reviews.first()).toContainText('Safety');
    const total = Number((await page.getByTestId('review-count').textContent())!.replace(/\D/g, ''));
    expect(total).toBeGreaterThanOrEqual(await reviews.count());
  });
});

test('an unreviewed exchange shows the risk notice', async ({ page }) => {
  await page.goto('/en/exchange/list_1?size=100');
  const row = page
    .getByTestId('exchange-table')
    .locator('tbody tr', { has: page.locator('.badge', { hasText: 'Unreviewed' }) })
    .first();
  await row.locator('a').first().click();
  await expect(page.getByTestId('review-status')).toHaveText('Unreviewed');
  await expect(page.getByTestId('unreviewed-notice')).toContainText('has not been reviewed');
});
