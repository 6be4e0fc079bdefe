// Favourite stars (SPEC §4 "Favourite toggle"): a visitor's stars live in localStorage; after
// signing up, the local favourites are uploaded once (favorite/tickers/sync) and the server's
// list drives the stars; unstarring removes the entry on the server.
import { randomInt } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { serverFavourites } from './http.ts';

const LOCALES = [
  { prefix: '', lan: 'en' },
  { prefix: '/zh', lan: 'zh' },
] as const;

for (const L of LOCALES) {
  test.describe(`favourites (${L.lan})`, () => {
    test('a visitor stars a coin and an exchange, signs up, and the stars move to the account', async ({
      page,
      request,
    }) => {
      await page.goto(`${L.prefix}/coin/list_1`);
      const coinStar = page.locator('tr[data-coin] button[data-fav]').first();
      const coinKey = (await coinStar.getAttribute('data-fav'))!;
      await expect(coinStar).toHaveAttribute('aria-pressed', 'false');
      await expect(coinStar).toHaveAccessibleName(L.lan === 'zh' ? /^自选：/ : /^Watchlist: /);
      await coinStar.click();
      await expect(coinStar).toHaveAttribute('aria-pressed', 'true');
      await page.reload();
      await expect(page.locator(`button[data-fav="${coinKey}"]`).first()).toHaveAttribute('aria-pressed', 'true');

      await page.goto(`${L.prefix}/exchange/list_1`);
      const exStar = page.locator('tr[data-exchange] button[data-fav]').first();
      const exKey = (await exStar.getAttribute('data-fav'))!;
      await exStar.click();
      await expect(exStar).toHaveAttribute('aria-pressed', 'true');
      // Toggling twice leaves it out; a third time puts it back.
      await exStar.click();
      await expect(exStar).toHaveAttribute('aria-pressed', 'false');
      await exStar.click();
      await expect(exStar).toHaveAttribute('aria-pressed', 'true');

      // The coin's detail header shows the same star.
      const coinId = coinKey.slice('COIN:'.length);
      await page.goto(`${L.prefix}/coin/${coinId}`);
      await expect(page.locator(`.coin-head button[data-fav="${coinKey}"]`)).toHaveAttribute('aria-pressed', 'true');

      // Sign up (e-mail registration signs in at once; activation is not needed for favourites).
      const name = `fav_${Date.now().toString(36).slice(-5)}${randomInt(1e3, 1e4)}`;
      await page.goto(`${L.prefix}/user/register`);
      await page.getByTestId('register-username').fill(name);
      await page.getByTestId('register-email').fill(`${name}@example.com`);
      await page.getByTestId('register-password').fill('fav-pass-1');
      await page.getByTestId('register-confirm').fill('fav-pass-1');
      await page.getByTestId('register-submit').click();
      await expect(page.getByTestId('register-note')).toBeVisible();
      await expect(page.getByTestId('account-name')).toHaveText(name);

      // The first page with stars uploads the local list, then shows the server's.
      await page.goto(`${L.prefix}/coin/list_1`);
      const star = page.locator(`button[data-fav="${coinKey}"]`).first();
      await expect(star).toHaveAttribute('aria-pressed', 'true');
      await expect.poll(() => serverFavourites(page, request)).toEqual([coinKey, exKey]);
      expect(await page.evaluate(() => localStorage.getItem('coinlens.favouritesSynced'))).toBe('1');

      // Unstarring now changes the account's list.
      await star.click();
      await expect(star).toHaveAttribute('aria-pressed', 'false');
      await expect.poll(() => serverFavourites(page, request)).toEqual([exKey]);
      await page.reload();
      await expect(page.locator(`button[data-fav="${coinKey}"]`).first()).toHaveAttribute('aria-pressed', 'false');
    });
  });
}

// The pairs page's stars in English only: the same buttons and code in every language, and nothing
// here reads a word.
test('pair rows carry stars that toggle', async ({ page }) => {
  await page.goto('/pairs');
  const star = page.locator('[data-testid="pairs-table"] button[data-fav^="TICKER:"]').first();
  await expect(star).toHaveAttribute('aria-pressed', 'false');
  await star.click();
  await expect(star).toHaveAttribute('aria-pressed', 'true');
  const stored = await page.evaluate(() => localStorage.getItem('coinlens.localFavourites'));
  expect(JSON.parse(stored!)).toEqual([
    { id: (await star.getAttribute('data-fav'))!.slice('TICKER:'.length), type: 'TICKER' },
  ]);
});
