import { expect, test } from '@playwright/test';

// The e2e server runs the simulated market every two seconds (LIVE_INTERVAL_MS in playwright.config.ts).

test.describe('live prices', () => {
  test('a price cell on the coin list changes in place within a few seconds', async ({ page }) => {
    await page.goto('/coin/list_1');
    const cell = page.locator('[data-live-price="bitcoin"]').first();
    const change = page.locator('[data-live-change="bitcoin"]').first();
    const first = await cell.textContent();
    expect(first).toMatch(/^\$[\d,]+\.\d{2}$/);
    await expect.poll(async () => cell.textContent(), { timeout: 15_000 }).not.toBe(first);
    // Same formatting as the server, and a rise or fall flash on a later tick.
    await expect(cell).toHaveText(/^\$[\d,]+\.\d{2}$/);
    await expect(page.locator('.live-up, .live-down').first()).toBeAttached({ timeout: 15_000 });
    await expect(change).toHaveText(/^[+-]?\d+\.\d{2}%$/);
    // The page keeps one stream open, for the coins on it.
    expect(await page.locator('[data-live-price]').count()).toBeGreaterThan(1);
  });

  test('the coin detail price follows the stream in the chosen currency', async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: 'currency', value: 'EUR', url: baseURL! }]);
    await page.goto('/coin/ethereum');
    const price = page.getByTestId('coin-price');
    await expect(price).toHaveAttribute('data-live-price', 'ethereum');
    const first = await price.textContent();
    expect(first).toMatch(/^€/);
    await expect.poll(async () => price.textContent(), { timeout: 15_000 }).not.toBe(first);
    await expect(price).toHaveText(/^€[\d,]+\.\d{2}$/);
    // The overview's row of changes shows the same 24h figure as the header, tick after tick.
    const header = page.locator('.price [data-live-change="ethereum"]');
    const row = page.locator('ul.changes [data-live-change="ethereum"]');
    await expect(row).toHaveCount(1);
    await expect
      .poll(async () => [await header.textContent(), await row.textContent()].every((x, _, all) => x === all[0]))
      .toBe(true);
  });

  test('a coin in its own currency is exactly 1, as rendered and while the market moves', async ({
    page,
    context,
    baseURL,
  }) => {
    await context.addCookies([{ name: 'currency', value: 'BTC', url: baseURL! }]);
    await page.goto('/coin/bitcoin');
    await expect(page.getByTestId('coin-price')).toHaveText('₿1.00');
    await page.goto('/coin/list_1');
    const btc = page.locator('[data-live-price="bitcoin"]').first();
    const eth = page.locator('[data-live-price="ethereum"]').first();
    await expect(btc).toHaveText('₿1.00');
    const first = await eth.textContent();
    // Ethereum's price in BTC moves with the ticks of both coins; bitcoin's stays 1.
    await expect.poll(async () => eth.textContent(), { timeout: 15_000 }).not.toBe(first);
    await expect(btc).toHaveText('₿1.00');
  });

  test('the stream endpoint sends a snapshot with the current prices', async ({ page }) => {
    await page.goto('/coin/list_1');
    const message = await page.evaluate(async () => {
      // The SPEC §7 day signature, computed in the page.
      const salt = document.documentElement.dataset.signSalt ?? 'coinlens';
      const day = Math.floor(Date.now() / 86_400_000) * 86_400_000;
      const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`${day}:${salt}`));
      const t = Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0'))
        .join('')
        .slice(0, 16);
      return new Promise<string>((resolve, reject) => {
        const es = new EventSource(`/api/stream/prices?symbols=bitcoin,ethereum&t=${t}`);
        es.onmessage = (e) => {
          es.close();
          resolve(e.data as string);
        };
        setTimeout(() => reject(new Error('no message')), 10_000);
      });
    });
    const data = JSON.parse(message) as { type: string; ticks: { coinId: string; price: number }[] };
    expect(data.type).toBe('snapshot');
    expect(data.ticks.map((t) => t.coinId).sort()).toEqual(['bitcoin', 'ethereum']);
    expect(data.ticks.every((t) => t.price > 0)).toBe(true);
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the list still shows every price', async ({ page }) => {
    await page.goto('/coin/list_1');
    const cells = page.locator('[data-live-price]');
    await expect(cells).not.toHaveCount(0);
    for (const text of await cells.allTextContents()) expect(text).toMatch(/^\$[\d,.]+$/);
  });
});
