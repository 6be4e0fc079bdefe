import { expect, test, type Page } from '@playwright/test';

/** Waits until every island on the page has hydrated (Astro drops the ssr attribute). */
async function hydrated(page: Page) {
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
}

// Coin names in the reader's language (issue 13) and the age of the fiat rates in the currency menu.

test.describe('localised coin names', () => {
  test('the zh coin list and detail show 比特币 with the English name beside it; en shows Bitcoin alone', async ({
    page,
  }) => {
    await page.goto('/zh/coin');
    const cell = page.getByTestId('coin-table').locator('a.coin-cell[href="/zh/coin/bitcoin"]');
    await expect(cell.locator('.nm')).toHaveText('比特币 Bitcoin');
    await expect(cell.locator('.nm .en')).toHaveAttribute('lang', 'en');
    await expect(cell.locator('.sym')).toHaveText('BTC');
    await page.goto('/zh/coin/bitcoin');
    await expect(page.locator('h1')).toContainText('比特币');
    await expect(page.locator('h1')).toContainText('Bitcoin');
    await expect(page).toHaveTitle(/比特币 Bitcoin/);
    await page.goto('/ko/coin');
    await expect(page.getByTestId('coin-table').locator('a.coin-cell[href="/ko/coin/bitcoin"] .nm')).toHaveText(
      '비트코인 Bitcoin',
    );
    await page.goto('/en/coin');
    await expect(page.getByTestId('coin-table').locator('a.coin-cell[href="/en/coin/bitcoin"] .nm')).toHaveText(
      'Bitcoin',
    );
    await expect(page.locator('body')).not.toContainText('比特币');
  });

  test('searching "bitcoin" on /zh/search finds 比特币, and 比特币 is found from English pages', async ({ page }) => {
    await page.goto('/zh/search');
    await page.getByTestId('search-page-input').fill('bitcoin');
    await page.getByTestId('search-page-input').press('Enter');
    const first = page.getByTestId('search-section-coin').locator('tbody tr').first();
    await expect(first).toHaveAttribute('data-coin', 'bitcoin');
    await expect(first.locator('.nm')).toContainText('比特币');
    await page.goto(`/en/search?q=${encodeURIComponent('比特币')}`);
    await expect(page.getByTestId('search-section-coin').locator('tbody tr').first()).toHaveAttribute(
      'data-coin',
      'bitcoin',
    );
  });

  test('the embeddable widget names coins in its prefix language', async ({ page }) => {
    const res = await page.goto('/zh/widget?coins=bitcoin,ethereum');
    expect(res!.status()).toBe(200);
    await expect(page.locator('tr[data-coin="bitcoin"] .coin')).toContainText('比特币');
    await page.goto('/widget?coins=bitcoin');
    await expect(page.locator('tr[data-coin="bitcoin"] .coin span').first()).toHaveText('Bitcoin');
  });

  test('the zh quick search finds bitcoin by its English name and shows the Chinese one', async ({ page }) => {
    await page.goto('/zh');
    await hydrated(page);
    const input = page.getByTestId('quick-search-input');
    await input.click();
    await input.fill('bitcoin');
    const option = page.getByTestId('quick-search-results').getByRole('option').filter({ hasText: 'BTC' }).first();
    await expect(option).toContainText('比特币 Bitcoin');
    await input.fill('狗狗币');
    await expect(page.getByTestId('quick-search-results').getByRole('option').first()).toContainText('DOGE');
  });
});

test.describe('fiat rates age in the currency menu', () => {
  for (const L of [
    { prefix: '/en', label: /^Exchange rates as of \d{4}-\d\d-\d\d \d\d:\d\d UTC$/ },
    { prefix: '/zh', label: /^汇率更新于 \d{4}-\d\d-\d\d \d\d:\d\d UTC$/ },
    { prefix: '/zh-hk', label: /^匯率更新於 / },
    { prefix: '/ko', label: /^환율 기준 시각 / },
  ]) {
    test(`says how old the fiat rates are (${L.prefix})`, async ({ page }) => {
      await page.goto(`${L.prefix}/coin`);
      const menu = page.getByTestId('currency-switcher');
      const groups = menu.locator('optgroup');
      await expect(groups).toHaveCount(2);
      const label = (await groups.first().getAttribute('label')) ?? '';
      expect(label).toMatch(L.label);
      await expect(menu).toHaveAttribute('title', label);
      // The time shown is the stored rates' time (seeded moments ago on a fresh server).
      const asOf = Date.parse((await menu.getAttribute('data-rates-as-of')) ?? '');
      expect(Date.now() - asOf).toBeLessThan(24 * 60 * 60 * 1000);
      expect(label).toContain(new Date(asOf).toISOString().slice(0, 16).replace('T', ' '));
      await expect(groups.first().locator('option')).toHaveText(['CNY', 'USD', 'JPY', 'KRW', 'HKD', 'TWD', 'EUR']);
      await expect(groups.nth(1).locator('option')).toHaveText(['USDT', 'BTC', 'ETH']);
    });
  }

  test('switching currency still works through the grouped menu', async ({ page }) => {
    await page.goto('/en/coin');
    await hydrated(page);
    await page.getByTestId('currency-switcher').selectOption('EUR');
    await expect(page.getByTestId('currency-switcher')).toHaveValue('EUR');
    await expect(page.getByTestId('coin-table').locator('[data-live-price="bitcoin"]')).toContainText('€');
  });
});

// Issue 22 §5: a coin priced in its own currency showed its USD change ("₿1.00 -1.93%"). In a
// crypto currency, changes are measured against that coin: bitcoin in BTC does not move, ether's
// change is what it did against bitcoin; the live cells keep it so as ticks come in.
test('in BTC, bitcoin shows no change and other coins their change against bitcoin', async ({
  page,
  context,
  baseURL,
  request,
}) => {
  await context.addCookies([{ name: 'currency', value: 'BTC', url: baseURL! }]);
  const pct = (s: string | null) => Number(s!.replace('%', ''));
  await page.goto('/en/coin/bitcoin');
  await expect(page.getByTestId('coin-price')).toHaveText('₿1.00');
  const header = page.locator('.price [data-live-change="bitcoin"]');
  await expect(header).toHaveText('0.00%');
  await expect(page.locator('.changes .num')).toHaveText(['0.00%', '0.00%', '0.00%', '0.00%', '0.00%']);
  await page.waitForTimeout(4500); // two rounds of live prices
  await expect(header).toHaveText('0.00%');
  // The overview chart divides each bar by bitcoin's own: a flat 1, not today's rate on past prices.
  await page.locator('[data-price-chart]').scrollIntoViewIfNeeded();
  const chart = page.getByTestId('price-chart');
  await expect(chart).toHaveAttribute('data-state', 'ready');
  await expect(chart.locator('.price-chart-head b')).toHaveText('₿1.00');
  await expect(chart.locator('.price-chart-head .num > span').first()).toHaveText('0.00%');
  // The kline chart stays in US dollars in a crypto currency, and says so.
  await page.goto('/en/kline/btc');
  await expect(page.getByTestId('kline-legend')).toContainText('BTC/USD');

  await page.goto('/en/coin/list_1');
  const change = (id: string) =>
    page.getByTestId('coin-table').locator(`tr[data-coin="${id}"] [data-live-change="${id}"]`);
  await expect(change('bitcoin')).toHaveText('0.00%');
  const t = await (await import('../../src/lib/signature.ts')).signature(Date.now(), 'coinlens');
  const usd = async (id: string) =>
    ((await (await request.get(`/api/v1/coins/${id}?t=${t}&lan=en`)).json()) as { data: { change24h: number } }).data
      .change24h;
  const [eth, btc] = await Promise.all([usd('ethereum'), usd('bitcoin')]);
  const expected = ((1 + eth / 100) / (1 + btc / 100) - 1) * 100;
  expect(Math.abs(pct(await change('ethereum').textContent()) - expected)).toBeLessThan(0.2);
  expect(Math.abs(expected - eth)).toBeGreaterThan(0.3); // the seed's bitcoin moved: the two differ
});

// ₿ drew as a box: Debian's fonts (DejaVu, Noto Sans CJK) have no U+20BF. The site ships the one
// glyph (src/styles/fonts.css); Chromium must draw the sign with a font that has it: ours, or a
// system font fontconfig says has it (a reader's machine may have one).
test('₿ is drawn with a font that has the glyph, at first paint in pages in BTC', async ({
  page,
  context,
  baseURL,
}) => {
  const { execFileSync } = await import('node:child_process');
  let systemFonts: string[] = [];
  try {
    systemFonts = execFileSync('fc-list', [':charset=20bf', 'family'], { encoding: 'utf8' })
      .split('\n')
      .flatMap((l) => l.split(','))
      .filter(Boolean);
  } catch {
    // No fontconfig: only the site's font counts.
  }
  const cdp = await context.newCDPSession(page);
  /** The fonts Chromium draws a lone "₿" with, in the computed font of `selector`'s element. */
  const fontsOfSign = async (selector: string) => {
    await page
      .locator(selector)
      .first()
      .evaluate((el) => {
        const probe = document.createElement('span');
        probe.id = 'sign-probe';
        probe.style.font = getComputedStyle(el).font;
        probe.textContent = '₿';
        document.body.append(probe);
      });
    await page.evaluate(() => document.fonts.ready);
    await cdp.send('DOM.enable');
    await cdp.send('CSS.enable');
    const { root } = await cdp.send('DOM.getDocument');
    const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector: '#sign-probe' });
    const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
    return fonts;
  };
  const hasGlyph = (f: { familyName: string; isCustomFont: boolean }) =>
    f.isCustomFont || systemFonts.includes(f.familyName);

  await context.addCookies([{ name: 'currency', value: 'BTC', url: baseURL! }]);
  for (const [path, selector] of [
    ['/zh/coin/ethereum', '[data-testid="coin-price"]'], // bold
    ['/ko/coin/list_1', '[data-testid="coin-table"] [data-live-price="ethereum"]'],
    ['/en/widget?coins=ethereum&currency=BTC', 'tr[data-coin="ethereum"] [data-field="price"]'],
  ] as const) {
    await page.goto(path);
    await expect(page.locator(selector).first()).toContainText('₿');
    const fonts = await fontsOfSign(selector);
    expect(fonts.length, path).toBeGreaterThan(0);
    expect(
      fonts.filter((f) => !hasGlyph(f)),
      `${path}: ${JSON.stringify(fonts)}`,
    ).toEqual([]);
    // Preloaded with the page, so the sign is there when the price is first drawn.
    expect(
      await page.locator('link[rel="preload"][as="font"][href^="/fonts/bitcoin-sign-"]').count(),
      path,
    ).toBeGreaterThan(0);
  }
  await context.clearCookies();
  await page.goto('/en/coin/ethereum');
  await expect(page.locator('link[rel="preload"][as="font"]')).toHaveCount(0);
});
