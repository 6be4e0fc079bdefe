// Price alerts (issue 26): the coin header's link opens a dialog with the coin filled in (its
// code loaded by the click); a bad level is refused in the page's language and nothing is set; an alert is set,
// listed as waiting, changed and removed.
import { randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { axe } from './axe.ts';
import { expect, test } from '@playwright/test';
import { signature } from '../../src/lib/signature.ts';

const words = (lan: string) =>
  (
    JSON.parse(readFileSync(new URL(`../../locales/alerts/${lan}.json`, import.meta.url), 'utf8')) as {
      alerts: Record<string, string> & { ui: Record<string, string> & { quick: Record<string, string> } };
    }
  ).alerts;

for (const L of [
  { prefix: '', lan: 'en', bitcoin: 'Bitcoin' },
  { prefix: '/zh', lan: 'zh', bitcoin: '比特币' },
] as const) {
  const w = words(L.lan);

  test(`price alerts in ${L.prefix || '/en'}: set from the coin page, refused, listed, changed, removed`, async ({
    page,
  }) => {
    const name = `al_${Date.now().toString(36).slice(-6)}${randomInt(1e3, 1e4)}`;
    const t = await signature(Date.now(), 'coinlens');
    const res = await page.request.post(`/api/new/v1/register?t=${t}&lan=${L.lan}`, {
      data: { userName: name, email: `${name}@example.com`, password: 'alerts-pass-1' },
    });
    expect(((await res.json()) as { code: number }).code).toBe(0);

    // A signed-in reader sets it in a dialog on the coin page, its code loaded by the click.
    await page.goto(`${L.prefix}/coin/bitcoin`);
    await page.getByTestId('coin-alert').click();
    const dialog = page.getByTestId('alert-quick');
    await expect(dialog.getByRole('heading')).toHaveText(w.ui.quick!.title!.replace('{{name}}', L.bitcoin));
    const quick = dialog.getByTestId('alert-form');
    await expect(quick.locator('input[name=coin]')).toHaveValue('bitcoin');
    await expect(quick.locator('input[name=level]')).toBeFocused();
    await quick.locator('input[name=level]').fill('-1');
    await quick.locator('button[type=submit]').click();
    await expect(dialog.getByTestId('alert-quick-result')).toHaveText(w.levelRule!);
    const dialogAxe = await axe(page).include('[data-testid="alert-quick"]').analyze();
    expect(dialogAxe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
    await quick.locator('select[name=currency]').selectOption('USD');
    await quick.locator('input[name=level]').fill('9999999');
    await quick.locator('button[type=submit]').click();
    await expect(dialog.getByTestId('alert-quick-result')).toHaveText(w.created!);

    // Listed in the user centre, where it is changed and removed.
    await dialog.getByTestId('alert-quick-manage').click();
    const form = page.getByTestId('alert-form');
    await expect(form.locator('input[name=coin]')).toHaveValue('bitcoin');
    const row = page.getByTestId('alerts-list').locator('tbody tr');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('$9,999,999');
    await expect(row).toContainText(w.ui.armed!);
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.setViewportSize({ width: 1280, height: 720 });
    const scan = await axe(page).include('[data-testid="alerts"]').analyze();
    expect(scan.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);

    await row.getByRole('button', { name: w.ui.edit! }).click();
    await form.locator('select[name=kind]').selectOption('CHANGE_24H');
    await form.locator('input[name=level]').fill('15');
    await form.getByRole('button', { name: w.ui.save! }).click();
    await expect(page.getByTestId('alert-result')).toHaveText(w.updated!);
    await expect(row).toContainText('15%');

    await row.getByRole('button', { name: w.ui.remove! }).click();
    await expect(page.getByTestId('alert-result')).toHaveText(w.deleted!);
    await expect(page.getByTestId('alerts-empty')).toBeVisible();
  });
}
