// The watchlist (/watchlist and the user centre's favourites tab): a visitor's stars show up with
// the list columns, move to the account at sign-up, and reorder (buttons and drag) and unstar on
// the server; a visitor's order stays in the browser across reloads. Also: the exchange page's
// own pair table carries stars, axe on a filled watchlist, and phone font sizes.
import { randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { axe } from './axe.ts';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { serverFavourites } from './http.ts';

const LOCALES = [
  { prefix: '', lan: 'en' },
  { prefix: '/zh', lan: 'zh' },
] as const;

const strings = (lan: string) =>
  (
    JSON.parse(readFileSync(new URL(`../../locales/watchlist/${lan}.json`, import.meta.url), 'utf8')) as {
      watch: Record<string, string>;
    }
  ).watch;

/** The `TYPE:id` keys of a watchlist table's rows, in the order shown. */
const keysIn = (table: Locator) =>
  table.locator('tbody tr[data-key]').evaluateAll((rows) => rows.map((r) => (r as HTMLElement).dataset.key));
const rowOf = (page: Page, key: string) => page.locator(`tr[data-key="${key}"]`);

/** Drags a row by its grip onto the upper or lower half of another row. */
async function drag(page: Page, from: string, onto: string, half: 'upper' | 'lower') {
  const grip = (await rowOf(page, from).locator('[data-drag]').boundingBox())!;
  const target = (await rowOf(page, onto).boundingBox())!;
  await page.mouse.move(grip.x + grip.width / 2, grip.y + grip.height / 2);
  await page.mouse.down();
  await page.mouse.move(grip.x + grip.width / 2, target.y + target.height * (half === 'upper' ? 0.25 : 0.75), {
    steps: 8,
  });
  await page.mouse.up();
}

/** The first `n` coin ids of the coin list, in its order. */
async function coinIds(page: Page, prefix: string, n: number): Promise<string[]> {
  await page.goto(`${prefix}/coin/list_1`);
  return page
    .locator('tr[data-coin]')
    .evaluateAll((rows, count) => rows.slice(0, count).map((r) => (r as HTMLElement).dataset.coin!), n);
}

async function expectAccessible(page: Page) {
  await page.addStyleTag({
    content: '*, *::before, *::after { animation: none !important; transition: none !important; }',
  });
  const results = await axe(page)
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .analyze();
  const bad = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(bad, bad.join('\n')).toEqual([]);
}

for (const L of LOCALES) {
  const w = strings(L.lan);

  test.describe(`watchlist (${L.lan})`, () => {
    // The two flows once each, by turns; the phone text sizes in both (CJK text sets its own sizes).
    if (L.lan === 'zh')
      test('a visitor stars, sees the watchlist, signs up; the list is the account’s, reorders and unstars on the server', async ({
        page,
        request,
      }) => {
        // Empty at first, with the hint and links to the lists.
        await page.goto(`${L.prefix}/watchlist`);
        await expect(page.getByTestId('watchlist-empty')).toContainText(w.empty!);
        await expect(page.getByTestId('watchlist-empty')).toContainText(w.emptyHint!);
        await expect(page.getByTestId('header-watchlist')).toHaveAttribute('aria-current', 'page');
        await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);

        // Star two coins and an exchange on their lists.
        await page.goto(`${L.prefix}/coin/list_1`);
        const stars = page.locator('tr[data-coin] button[data-fav]');
        const a = (await stars.nth(0).getAttribute('data-fav'))!;
        const b = (await stars.nth(1).getAttribute('data-fav'))!;
        const headers = await page.locator('[data-testid="coin-table"] thead th').allInnerTexts();
        await stars.nth(0).click();
        await expect(stars.nth(0)).toHaveAttribute('aria-pressed', 'true');
        await stars.nth(1).click();
        await expect(stars.nth(1)).toHaveAttribute('aria-pressed', 'true');
        await page.goto(`${L.prefix}/exchange/list_1`);
        const exStar = page.locator('tr[data-exchange] button[data-fav]').first();
        const x = (await exStar.getAttribute('data-fav'))!;
        await exStar.click();
        await expect(exStar).toHaveAttribute('aria-pressed', 'true');

        // The header link leads to the watchlist: the coins with the coin list's columns, live prices, the exchange.
        await page.getByTestId('header-watchlist').click();
        await expect(page).toHaveURL(new RegExp(`${L.prefix}/watchlist$`));
        const coins = page.getByTestId('watchlist-coin');
        await expect.poll(() => keysIn(coins)).toEqual([a, b]);
        await expect(coins.locator('thead th')).toHaveText([w.order!, ...headers]);
        await expect(coins.locator(`tr[data-key="${a}"] [data-live-price]`)).toHaveText(/\d/);
        await expect(coins.locator(`tr[data-key="${a}"] button[data-fav]`)).toHaveAttribute('aria-pressed', 'true');
        await expect.poll(() => keysIn(page.getByTestId('watchlist-exchange'))).toEqual([x]);
        await expect(page.locator('.wl-note')).toContainText(w.visitorNote!);

        // Sign up (e-mail registration signs in at once).
        const name = `wl_${Date.now().toString(36).slice(-5)}${randomInt(1e3, 1e4)}`;
        await page.goto(`${L.prefix}/user/register`);
        await page.getByTestId('register-username').fill(name);
        await page.getByTestId('register-email').fill(`${name}@example.com`);
        await page.getByTestId('register-password').fill('watch-pass-1');
        await page.getByTestId('register-confirm').fill('watch-pass-1');
        await page.getByTestId('register-submit').click();
        await expect(page.getByTestId('account-name')).toHaveText(name);

        // The watchlist uploads the local list once and shows the server's.
        await page.goto(`${L.prefix}/watchlist`);
        await expect(page.locator('.wl-note')).toContainText(w.accountNote!);
        await expect.poll(() => serverFavourites(page, request)).toEqual([a, b, x]);
        await expect.poll(() => keysIn(coins)).toEqual([a, b]);

        // Move down with the button (keyboard: focus stays on the moved row's controls).
        await rowOf(page, a).locator('[data-move="down"]').focus();
        await page.keyboard.press('Enter');
        await expect.poll(() => keysIn(coins)).toEqual([b, a]);
        await expect(rowOf(page, a).locator('[data-move="up"]')).toBeFocused();
        await expect.poll(() => serverFavourites(page, request)).toEqual([b, a, x]);
        await page.reload();
        await expect.poll(() => keysIn(coins)).toEqual([b, a]);

        // Drag it back above.
        await drag(page, a, b, 'upper');
        await expect.poll(() => keysIn(coins)).toEqual([a, b]);
        await expect.poll(() => serverFavourites(page, request)).toEqual([a, b, x]);
        // Two quick moves (down, then up again from the button that keeps the focus) save in order.
        await rowOf(page, a).locator('[data-move="down"]').focus();
        await page.keyboard.press('Enter');
        await page.keyboard.press('Enter');
        await expect.poll(() => keysIn(coins)).toEqual([a, b]);
        // Busy until both are saved: the server's list passes through [b, a] on the way.
        await expect(page.getByTestId('watchlist')).not.toHaveAttribute('aria-busy', 'true');
        await expect.poll(() => serverFavourites(page, request)).toEqual([a, b, x]);
        await page.reload();
        await expect.poll(() => keysIn(coins)).toEqual([a, b]);

        // The user centre's tab shows the same list.
        await page.goto(`${L.prefix}/user#favourites`);
        await expect(page.getByTestId('tab-favourites')).toHaveAttribute('aria-selected', 'true');
        await expect.poll(() => keysIn(page.getByTestId('watchlist-coin'))).toEqual([a, b]);
        await expectAccessible(page);
        // Unstar from the tab: gone from the list and from the server.
        await rowOf(page, b).locator('button[data-fav]').click();
        await expect.poll(() => keysIn(page.getByTestId('watchlist-coin'))).toEqual([a]);
        await expect.poll(() => serverFavourites(page, request)).toEqual([a, x]);
        await page.goto(`${L.prefix}/watchlist`);
        await expect.poll(() => keysIn(coins)).toEqual([a]);
        await rowOf(page, x).locator('button[data-fav]').click();
        await expect(page.getByTestId('watchlist-exchange')).toHaveCount(0);
        await expect.poll(() => serverFavourites(page, request)).toEqual([a]);

        // Logging out leaves the list in the browser as the account last had it (the browser's list
        // followed the server's while signed in): what was unstarred stays unstarred …
        await page.getByTestId('account-menu').locator('summary').click();
        await page.getByTestId('logout').click();
        await expect(page.locator('.wl-note')).toContainText(w.visitorNote!);
        await expect.poll(() => keysIn(coins)).toEqual([a]);
        await expect(page.getByTestId('watchlist-exchange')).toHaveCount(0);
        // … and does not come back when the browser's list is uploaded at the next sign-in.
        await page.getByTestId('header-login').click();
        await page.getByTestId('login-account').fill(name);
        await page.getByTestId('login-password').fill('watch-pass-1');
        await page.getByTestId('login-submit').click();
        await expect(page.locator('.wl-note')).toContainText(w.accountNote!);
        await expect.poll(() => serverFavourites(page, request)).toEqual([a]);
        await expect.poll(() => keysIn(coins)).toEqual([a]);
      });

    if (L.lan === 'en')
      test('a visitor’s reordering stays in the browser across reloads', async ({ page }) => {
        const ids = await coinIds(page, L.prefix, 3);
        const keys = ids.map((id) => `COIN:${id}`);
        await page.evaluate(
          (list) => localStorage.setItem('coinlens.localFavourites', JSON.stringify(list)),
          ids.map((id) => ({ id, type: 'COIN' })),
        );
        await page.goto(`${L.prefix}/watchlist`);
        const coins = page.getByTestId('watchlist-coin');
        await expect.poll(() => keysIn(coins)).toEqual(keys);
        // The ends cannot move further.
        await expect(rowOf(page, keys[0]!).locator('[data-move="up"]')).toBeDisabled();
        await expect(rowOf(page, keys[2]!).locator('[data-move="down"]')).toBeDisabled();

        await rowOf(page, keys[2]!).locator('[data-move="up"]').click();
        await expect.poll(() => keysIn(coins)).toEqual([keys[0], keys[2], keys[1]]);
        await drag(page, keys[0]!, keys[1]!, 'lower');
        await expect.poll(() => keysIn(coins)).toEqual([keys[2], keys[1], keys[0]]);
        await page.reload();
        await expect.poll(() => keysIn(coins)).toEqual([keys[2], keys[1], keys[0]]);
        expect(JSON.parse((await page.evaluate(() => localStorage.getItem('coinlens.localFavourites')))!)).toEqual(
          [ids[2], ids[1], ids[0]].map((id) => ({ id, type: 'COIN' })),
        );
        await expectAccessible(page);
      });

    test('a filled watchlist has no text under 12px on a phone', async ({ browser }) => {
      const context = await browser.newContext({
        viewport: { width: 390, height: 844 },
        isMobile: true,
        hasTouch: true,
      });
      const page = await context.newPage();
      const ids = await coinIds(page, L.prefix, 2);
      await page.evaluate(
        (list) => localStorage.setItem('coinlens.localFavourites', JSON.stringify(list)),
        [...ids.map((id) => ({ id, type: 'COIN' })), { id: 'binance', type: 'EXCHANGE' }],
      );
      await page.goto(`${L.prefix}/watchlist`);
      await expect(page.getByTestId('watchlist-exchange')).toBeVisible();
      const small = await page.evaluate(() => {
        const out: string[] = [];
        const walker = document.createTreeWalker(document.querySelector('main')!, NodeFilter.SHOW_TEXT);
        while (walker.nextNode()) {
          const el = walker.currentNode.parentElement;
          if (
            !walker.currentNode.textContent?.trim() ||
            !el?.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })
          )
            continue;
          const size = Number.parseFloat(getComputedStyle(el).fontSize);
          if (size < 12) out.push(`${size}px ${el.tagName} ${walker.currentNode.textContent.trim().slice(0, 30)}`);
        }
        return out;
      });
      expect(small).toEqual([]);
      await context.close();
    });
  });
}

// In English only: the same stars and code in every language, and nothing here reads a word.
test('the exchange page’s pair table has stars, and a starred pair is on the watchlist', async ({ page }) => {
  await page.goto('/exchange/binance');
  const star = page.locator('[data-testid="ticker-table"] button[data-fav^="TICKER:"]').first();
  const key = (await star.getAttribute('data-fav'))!;
  await expect(star).toHaveAttribute('aria-pressed', 'false');
  await star.click();
  await expect(star).toHaveAttribute('aria-pressed', 'true');
  await page.reload();
  await expect(page.locator(`button[data-fav="${key}"]`)).toHaveAttribute('aria-pressed', 'true');
  await page.goto('/watchlist');
  const pairs = page.getByTestId('watchlist-ticker');
  await expect.poll(() => keysIn(pairs)).toEqual([key]);
  await expect(pairs.locator('[data-field="pair"]')).toHaveText(/\//);
});

test('coin prices on the watchlist follow the live stream, also after a reorder redraws the rows', async ({ page }) => {
  await page.goto('/coin/list_1');
  await page.evaluate(() =>
    localStorage.setItem(
      'coinlens.localFavourites',
      JSON.stringify([
        { id: 'ethereum', type: 'COIN' },
        { id: 'bitcoin', type: 'COIN' },
      ]),
    ),
  );
  await page.goto('/watchlist');
  const cell = page.locator('[data-testid="watchlist-coin"] [data-live-price="bitcoin"]');
  const first = await cell.textContent();
  expect(first).toMatch(/^\$[\d,]+\.\d{2}$/);
  await expect.poll(async () => cell.textContent(), { timeout: 15_000 }).not.toBe(first);
  await rowOf(page, 'COIN:bitcoin').locator('[data-move="up"]').click();
  await expect.poll(() => keysIn(page.getByTestId('watchlist-coin'))).toEqual(['COIN:bitcoin', 'COIN:ethereum']);
  const redrawn = await cell.textContent();
  await expect.poll(async () => cell.textContent(), { timeout: 15_000 }).not.toBe(redrawn);
  await expect(cell).toHaveText(/^\$[\d,]+\.\d{2}$/);
});

test('on a touch screen a row is dragged by its grip', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  const ids = await coinIds(page, '', 3);
  const keys = ids.map((id) => `COIN:${id}`);
  await page.evaluate(
    (list) => localStorage.setItem('coinlens.localFavourites', JSON.stringify(list)),
    ids.map((id) => ({ id, type: 'COIN' })),
  );
  await page.goto('/watchlist');
  const coins = page.getByTestId('watchlist-coin');
  await expect.poll(() => keysIn(coins)).toEqual(keys);
  // Touch points are in viewport coordinates: the table must be on screen.
  await page.evaluate(() => document.querySelector('[data-testid="watchlist-coin"]')!.scrollIntoView({ block: 'end' }));
  const grip = (await rowOf(page, keys[0]!).locator('[data-drag]').boundingBox())!;
  const last = (await rowOf(page, keys[2]!).boundingBox())!;
  const cdp = await context.newCDPSession(page);
  const x = grip.x + grip.width / 2;
  const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', y: number) =>
    cdp.send('Input.dispatchTouchEvent', { type, touchPoints: type === 'touchEnd' ? [] : [{ x, y }] });
  await touch('touchStart', grip.y + grip.height / 2);
  for (let i = 1; i <= 8; i++)
    await touch(
      'touchMove',
      grip.y + grip.height / 2 + ((last.y + last.height * 0.75 - grip.y - grip.height / 2) * i) / 8,
    );
  await touch('touchEnd', 0);
  await expect.poll(() => keysIn(coins)).toEqual([keys[1], keys[2], keys[0]]);
  await context.close();
});

test('the minute’s refresh redraws the rows with fresh figures and leaves the focus where it was', async ({ page }) => {
  await page.clock.install();
  await page.goto('/coin/list_1');
  await page.evaluate(() =>
    localStorage.setItem(
      'coinlens.localFavourites',
      JSON.stringify([
        { id: 'bitcoin', type: 'COIN' },
        { id: 'ethereum', type: 'COIN' },
      ]),
    ),
  );
  await page.goto('/watchlist');
  const link = rowOf(page, 'COIN:ethereum').locator('a.coin-cell');
  await link.focus();
  const asked = page.waitForRequest('**/favorite/tickers/tickersByIds**');
  await page.clock.fastForward(61_000);
  await asked;
  await expect
    .poll(() => page.evaluate(() => document.activeElement?.closest('tr')?.dataset.key))
    .toBe('COIN:ethereum');
  await expect(link).toBeFocused();
});

test('the watchlist says so when its rows cannot be loaded, and tries again', async ({ page }) => {
  const ids = await coinIds(page, '', 1);
  await page.evaluate(
    (id) => localStorage.setItem('coinlens.localFavourites', JSON.stringify([{ id, type: 'COIN' }])),
    ids[0],
  );
  let refuse = true;
  await page.route('**/api/new/v1/favorite/tickers/tickersByIds**', (route) =>
    refuse ? route.abort() : route.continue(),
  );
  await page.goto('/watchlist');
  await expect(page.getByTestId('watchlist-error')).toContainText(strings('en').offline!);
  refuse = false;
  await page
    .getByTestId('watchlist-error')
    .getByRole('button', { name: strings('en').retry! })
    .click();
  await expect.poll(() => keysIn(page.getByTestId('watchlist-coin'))).toEqual([`COIN:${ids[0]}`]);
});
