/**
 * Rise/fall colours as a preference (issue 13): the language decides by default (SPEC §1), the
 * header's menu overrides it for visitors (cookie) and accounts (profile), and every rise/fall
 * colour on the page follows.
 */
import { randomInt } from 'node:crypto';
import { axe } from './axe.ts';
import { expect, test, type Page } from '@playwright/test';

// The light theme's palette (src/styles/palette.css).
const RED = 'rgb(192, 38, 45)';
const GREEN = 'rgb(19, 115, 51)';
const BLUE = 'rgb(28, 95, 184)';
const ORANGE = 'rgb(168, 80, 0)';

/**
 * The colour of the first rising (or falling) cell of the coin table that is not mid-flash: a live
 * price flash animates the colour for a second. Read in one step, as live cells change class.
 */
async function cellColour(page: Page, trend: 'rise' | 'fall'): Promise<string> {
  await expect(page.getByTestId('coin-table').locator(`.${trend}`).first()).toBeVisible();
  return page.getByTestId('coin-table').evaluate((table, cls) => {
    const still = [...table.querySelectorAll<HTMLElement>(`.${cls}`)].find((el) => el.getAnimations().length === 0);
    return still ? getComputedStyle(still).color : 'none';
  }, trend);
}

/** What chart islands read for their series (src/features/market/klines/client/chartTheme.ts). */
const chartRise = (page: Page) =>
  page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--color-rise').trim());

const menu = (page: Page) => page.getByTestId('colours-switcher');

/** Chooses a scheme in the header; the page reloads rendered with it. */
async function choose(page: Page, value: string) {
  await Promise.all([page.waitForEvent('load'), menu(page).selectOption(value)]);
  await expect(menu(page)).toHaveValue(value);
}

test('in zh, green-up overrides the red-up default and survives a reload', async ({ page, context }) => {
  await page.goto('/zh/coin/list_1');
  expect(await cellColour(page, 'rise')).toBe(RED);
  expect(await cellColour(page, 'fall')).toBe(GREEN);
  await expect(menu(page)).toHaveValue('');
  await expect(menu(page)).toHaveAccessibleName('涨跌颜色');

  await choose(page, 'green-up');
  expect(await cellColour(page, 'rise')).toBe(GREEN);
  expect(await cellColour(page, 'fall')).toBe(RED);
  expect((await context.cookies()).find((c) => c.name === 'colours')?.value).toBe('green-up');

  await page.reload();
  expect(await cellColour(page, 'rise')).toBe(GREEN);
  await expect(menu(page)).toHaveValue('green-up');
  // Other pages and the chart islands' colours follow too.
  await page.goto('/zh/kline/BTC');
  expect(await chartRise(page)).toBe('#137333');
});

test('in en, the colour-blind pair is blue up and orange down; "by language" goes back', async ({ page, context }) => {
  await page.goto('/en/coin/list_1');
  expect(await cellColour(page, 'rise')).toBe(GREEN);
  await expect(menu(page)).toHaveAccessibleName('Rise and fall colours');

  await choose(page, 'blue-orange');
  expect(await cellColour(page, 'rise')).toBe(BLUE);
  expect(await cellColour(page, 'fall')).toBe(ORANGE);
  await page.goto('/en/coin/bitcoin');
  expect(await chartRise(page)).toBe('#1c5fb8');

  await page.goto('/en/coin/list_1');
  await choose(page, '');
  expect(await cellColour(page, 'rise')).toBe(GREEN);
  // An empty cookie is no choice: the page is the plain one again.
  expect((await context.cookies()).find((c) => c.name === 'colours')?.value ?? '').toBe('');
});

for (const theme of ['light', 'dark'] as const) {
  test(`the colour-blind pair and the menu pass axe in the ${theme} theme`, async ({ page, context, baseURL }) => {
    await context.addCookies([
      { name: 'colours', value: 'blue-orange', url: baseURL! },
      { name: 'theme', value: theme, url: baseURL! },
    ]);
    // Twenty rows: enough of every colour, and axe's time grows with the rows (100 by default).
    await page.goto('/zh/coin/list_1?size=20');
    await expect(menu(page)).toHaveValue('blue-orange');
    // A live flash caught halfway would change the colours axe measures (see a11y.spec.ts).
    await page.addStyleTag({
      content: '*, *::before, *::after { animation: none !important; transition: none !important; }',
    });
    const results = await axe(page)
      .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
      .analyze();
    const bad = results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    expect(bad, bad.join('\n')).toEqual([]);
  });
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the menu is in the collapsed header menu and works with the keyboard', async ({ page }) => {
    await page.goto('/zh/coin/list_1');
    await expect(menu(page)).toBeHidden();
    await page.getByTestId('menu-toggle').click();
    await expect(menu(page)).toBeVisible();
    await menu(page).focus();
    await Promise.all([page.waitForEvent('load'), menu(page).press('ArrowDown')]);
    await expect(menu(page)).toHaveValue('red-up');
    expect(await cellColour(page, 'rise')).toBe(RED);
  });
});

test('an account keeps its colours: saved at sign-up, applied at sign-in elsewhere, saved when changed', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const name = `col_${randomInt(1e6, 1e7).toString(36)}`;
  const password = 'colour-pass-1';

  // A visitor chooses, then signs up: the choice is kept with the account.
  const first = await browser.newContext();
  const a = await first.newPage();
  await a.goto('/zh/coin/list_1');
  await choose(a, 'blue-orange');
  await a.goto('/zh/user/register');
  await a.getByTestId('register-username').fill(name);
  await a.getByTestId('register-email').fill(`${name}@example.com`);
  await a.getByTestId('register-password').fill(password);
  await a.getByTestId('register-confirm').fill(password);
  await a.getByTestId('register-submit').click();
  await expect(a.getByTestId('account-name')).toHaveText(name);

  // Another browser, red-up by language, signs in and gets the account's colours at once.
  const second = await browser.newContext();
  const b = await second.newPage();
  await b.goto('/zh/coin/list_1');
  expect(await cellColour(b, 'rise')).toBe(RED);
  await b.getByTestId('header-login').click();
  const dialog = b.getByTestId('login-dialog');
  await dialog.getByTestId('login-account').fill(name);
  await dialog.getByTestId('login-password').fill(password);
  await dialog.getByTestId('login-submit').click();
  await expect(dialog).toBeHidden();
  await expect.poll(() => cellColour(b, 'rise')).toBe(BLUE);
  await expect(menu(b)).toHaveValue('blue-orange');
  await b.reload();
  expect(await cellColour(b, 'rise')).toBe(BLUE);

  // Changed while signed in: the profile follows, and another browser gets it at its next sign-in.
  // (The account area is drawn by the script that saves the choice: wait until it runs.)
  await expect(b.getByTestId('account-menu')).toBeVisible();
  await choose(b, 'green-up');
  const third = await browser.newContext();
  const c = await third.newPage();
  await c.goto('/zh/coin/list_1');
  await c.getByTestId('header-login').click();
  await c.getByTestId('login-dialog').getByTestId('login-account').fill(name);
  await c.getByTestId('login-dialog').getByTestId('login-password').fill(password);
  await c.getByTestId('login-dialog').getByTestId('login-submit').click();
  await expect(c.getByTestId('login-dialog')).toBeHidden();
  await c.reload();
  expect(await cellColour(c, 'rise')).toBe(GREEN);
  await expect(menu(c)).toHaveValue('green-up');
  await Promise.all([first.close(), second.close(), third.close()]);
});
