// The portfolio in the browser (issue 26): a visitor records transactions kept in this browser
// (an oversell refused in the reader's language, nothing kept), the figures survive a reload,
// signing up merges them into the account's portfolio, and a CSV import shows its bad rows and
// saves nothing until the file is clean.
import { randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { axe } from './axe.ts';
import { expect, test, type Page } from '@playwright/test';
import { signature } from '../../src/lib/signature.ts';

const words = (lan: string) =>
  (
    JSON.parse(readFileSync(new URL(`../../locales/portfolio/${lan}.json`, import.meta.url), 'utf8')) as {
      portfolio: Record<string, string> & { ui: Record<string, string> };
    }
  ).portfolio;

async function add(page: Page, kind: string, coin: string, at: string, quantity: string, price: string) {
  const form = page.getByTestId('pf-form');
  await form.locator('#pf-in-kind').selectOption(kind);
  await form.locator('#pf-in-coin').fill(coin);
  await form.locator('#pf-in-at').fill(at);
  await form.locator('#pf-in-quantity').fill(quantity);
  await form.locator('#pf-in-price').fill(price);
  await form.locator('#pf-in-currency').selectOption('USD');
  await form.locator('button[type=submit]').click();
}

for (const L of [
  { prefix: '', lan: 'en' },
  { prefix: '/zh', lan: 'zh' },
] as const) {
  const w = words(L.lan);

  test(`portfolio in ${L.prefix || '/en'}: a visitor's transactions, merged at sign-up, CSV import`, async ({
    page,
  }) => {
    await page.goto(`${L.prefix}/portfolio`);
    await expect(page.getByTestId('pf-empty')).toHaveText(w.ui.empty!);
    await expect(page.getByTestId('pf-visitor-note')).toContainText(w.ui.visitorNote!);

    await add(page, 'BUY', 'bitcoin', '2026-09-01T10:00', '0.5', '60000');
    await expect(page.getByTestId('pf-result')).toHaveText(w.added!);
    await add(page, 'SELL', 'bitcoin', '2026-10-01T10:00', '0.2', '70000');
    await expect(page.getByTestId('pf-result')).toHaveText(w.added!);
    // 0.5 for 30,000; 0.2 leaves at 12,000 for 14,000: 2,000 realised.
    await expect(page.getByTestId('pf-realised')).toHaveText('+$2,000.00');
    const row = page.getByTestId('pf-holdings').locator('tr[data-coin="bitcoin"]');
    await expect(row.locator('td').first()).toHaveText('0.3');

    // Selling before the buy is refused in the page's language, and nothing is kept.
    await add(page, 'SELL', 'bitcoin', '2026-08-01T10:00', '0.1', '1');
    const oversold = w.oversold!.replace('{{coin}}', 'BTC').replace('{{held}}', '0').replace('{{at}}', '2026-08-01');
    await expect(page.getByTestId('pf-result')).toHaveText(oversold);
    // A bad field is caught before anything is sent, next to the field.
    await page.getByTestId('pf-form').locator('#pf-in-quantity').fill('-1');
    await page.getByTestId('pf-form').locator('button[type=submit]').click();
    await expect(page.locator('#pf-quantity-problem')).toHaveText(w.quantityRule!);

    await page.reload();
    await expect(page.getByTestId('pf-transactions').locator('tbody tr')).toHaveCount(2);
    // The value line reads out the day under the pointer, and walks the days with the arrow keys.
    const chart = page.getByTestId('pf-value-chart');
    const ends = page.locator('.pf-ends span');
    await chart.hover({ position: { x: 1, y: 60 } });
    await expect(page.getByTestId('pf-readout')).toHaveText((await ends.first().textContent())!);
    await chart.focus();
    await page.keyboard.press('End');
    await expect(page.getByTestId('pf-readout')).toHaveText((await ends.last().textContent())!);
    await expect(chart).toHaveAttribute('aria-valuetext', (await ends.last().textContent())!);
    // On a phone the tables scroll in their own boxes: the page itself is never wider than the screen.
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.setViewportSize({ width: 1280, height: 720 });
    const scan = await axe(page).include('[data-testid="portfolio"]').analyze();
    expect(scan.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);

    // Signing up merges the browser's transactions into the account, once.
    const name = `pf_${Date.now().toString(36).slice(-6)}${randomInt(1e3, 1e4)}`;
    const t = await signature(Date.now(), 'coinlens');
    const res = await page.request.post(`/api/new/v1/register?t=${t}&lan=${L.lan}`, {
      data: { userName: name, email: `${name}@example.com`, password: 'portfolio-pass-1' },
    });
    expect(((await res.json()) as { code: number }).code).toBe(0);
    await page.goto(`${L.prefix}/user#portfolio`);
    await expect(page.getByTestId('pf-choose')).toContainText(`${w.ui.defaultName} (2)`);
    await expect(page.getByTestId('pf-realised')).toHaveText('+$2,000.00');
    expect(await page.evaluate(() => localStorage.getItem('coinlens.portfolio.v1'))).toBeNull();

    // Import: a bad row is listed and nothing is saved; the clean file is saved whole.
    const head = 'date,type,coin,symbol,quantity,price,currency,fee,note';
    const bad = `${head}\n2026-11-01,BUY,ethereum,ETH,2,3000,USD,0,\n2026-11-02,BUY,ethereum,ETH,lots,3000,USD,0,\n`;
    await page
      .getByTestId('pf-import-file')
      .setInputFiles({ name: 'bad.csv', mimeType: 'text/csv', buffer: Buffer.from(bad) });
    await page.getByRole('button', { name: w.ui.preview! }).click();
    await expect(page.getByTestId('pf-import-errors')).toContainText(w.quantityRule!);
    const good = `${head}\n2026-11-01,BUY,ethereum,ETH,2,3000,USD,0,\n`;
    await page
      .getByTestId('pf-import-file')
      .setInputFiles({ name: 'good.csv', mimeType: 'text/csv', buffer: Buffer.from(good) });
    await page.getByRole('button', { name: w.ui.preview! }).click();
    await page.getByRole('button', { name: (w.ui.commit_one ?? w.ui.commit_other)!.replace('{{count}}', '1') }).click();
    await expect(page.getByTestId('pf-choose')).toContainText(`${w.ui.defaultName} (3)`);
    await expect(page.getByTestId('pf-holdings').locator('tr[data-coin="ethereum"]')).toBeVisible();
  });
}

// The coin page's "Add to portfolio" (issue 26 item 5): its code loads only when asked for; the
// coin and its price are filled in; a visitor's transaction is kept in the browser, a reader's
// goes to the portfolio they choose.
test('add to portfolio from a coin page in /zh as a visitor: loaded on the click, kept in the browser', async ({
  page,
}) => {
  const w = words('zh');
  const quick = (w.ui as unknown as { quick: Record<string, string> }).quick;
  const loaded: string[] = [];
  page.on('request', (r) => {
    if (/QuickAdd/.test(r.url())) loaded.push(r.url());
  });
  await page.goto('/zh/coin/bitcoin');
  const link = page.getByTestId('coin-portfolio-add');
  await expect(link).toHaveText(quick.open!);
  expect(loaded).toEqual([]);

  await link.click();
  const dialog = page.getByTestId('pf-quick');
  await expect(dialog).toBeVisible();
  expect(loaded.length).toBeGreaterThan(0);
  await expect(dialog.getByRole('heading')).toHaveText(quick.title!.replace('{{name}}', '比特币'));
  await expect(dialog.locator('#pf-in-coin')).toHaveValue('bitcoin');
  await expect(dialog.locator('#pf-in-price')).toHaveValue(/^\d+(\.\d+)?$/);
  await expect(dialog.getByTestId('pf-quick-visitor')).toHaveText(w.ui.visitorNote!);
  const scan = await axe(page).include('[data-testid="pf-quick"]').analyze();
  expect(scan.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);

  await dialog.locator('#pf-in-quantity').fill('0');
  await dialog.locator('button[type=submit]').click();
  await expect(dialog.locator('#pf-quantity-problem')).toHaveText(w.quantityRule!);
  await dialog.locator('#pf-in-quantity').fill('0.25');
  await dialog.locator('#pf-in-price').fill('60000');
  await dialog.locator('button[type=submit]').click();
  await expect(dialog.getByTestId('pf-quick-result')).toHaveText(w.added!);
  // The form starts again on the same coin; Escape closes and gives focus back to the link.
  await expect(dialog.locator('#pf-in-coin')).toHaveValue('bitcoin');
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(link).toBeFocused();

  await page.goto('/zh/portfolio');
  const row = page.getByTestId('pf-holdings').locator('tr[data-coin="bitcoin"]');
  await expect(row.locator('td').first()).toHaveText('0.25');
});

test('add to portfolio from a coin page as a reader: into the portfolio chosen, on a phone too', async ({ page }) => {
  const w = words('en');
  const name = `pq_${Date.now().toString(36).slice(-6)}${randomInt(1e3, 1e4)}`;
  const t = await signature(Date.now(), 'coinlens');
  const res = await page.request.post(`/api/new/v1/register?t=${t}&lan=en`, {
    data: { userName: name, email: `${name}@example.com`, password: 'portfolio-pass-2' },
  });
  expect(((await res.json()) as { code: number }).code).toBe(0);
  await page.goto('/portfolio');
  for (const p of ['Long term', 'Trading']) {
    await page.getByLabel(w.ui.new!).fill(p);
    await page.getByRole('button', { name: w.ui.create!, exact: true }).click();
    await expect(page.getByTestId('pf-choose')).toContainText(`${p} (0)`);
  }

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/coin/ethereum');
  await page.getByTestId('coin-portfolio-add').click();
  const dialog = page.getByTestId('pf-quick');
  await dialog.getByTestId('pf-quick-choose').selectOption({ label: 'Long term' });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await dialog.locator('#pf-in-quantity').fill('2');
  await dialog.locator('button[type=submit]').click();
  await expect(dialog.getByTestId('pf-quick-result')).toHaveText(w.added!);
  await dialog.getByTestId('pf-quick-view').click();
  await expect(page).toHaveURL(/\/portfolio\?add=ethereum$/);
  await expect(page.getByTestId('pf-choose')).toContainText('Long term (1)');
  await expect(page.getByTestId('pf-choose')).toContainText('Trading (0)');
  await expect(page.getByTestId('pf-holdings').locator('tr[data-coin="ethereum"] td').first()).toHaveText('2');
});
