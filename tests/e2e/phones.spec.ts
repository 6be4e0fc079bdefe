// Phones (issue 13): with no mobile site, phones get these pages, at 360 to 430px wide. The header
// is one short row whose menu button opens the navigation; nothing makes the page scroll
// sideways (the totals strip, tab bars and wide tables scroll inside themselves, tables with the
// name column pinned); the main controls are at least 44px square; no navigation word breaks
// into a column of single characters. Screenshots of the first screen at 390x844 are written to
// test-results/phones (PHONE_SCREENS to choose another folder) to be looked at; the reviewed set
// is kept in tests/e2e/screens.
import { mkdirSync } from 'node:fs';
import { randomInt } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { contrastRatio } from '../../src/lib/contrast.ts';

const LOCALES = [
  { prefix: '', lan: 'en' },
  { prefix: '/zh', lan: 'zh' },
] as const;
const WIDTHS = [390, 360] as const;
const SCREENS = process.env.PHONE_SCREENS ?? 'test-results/phones';

type Where = (page: Page, prefix: string) => Promise<string>;
const at =
  (path: string): Where =>
  async (_page, prefix) =>
    `${prefix}${path}`;

/** An article: the newest news item the list links to. */
const article: Where = async (page, prefix) => {
  await page.goto(`${prefix}/news`);
  const href = await page
    .locator('main a[href]')
    .evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? '').find((h) => /\/news\/\d+$/.test(h)));
  expect(href).toBeTruthy();
  return href!;
};

/** The user centre of a reader who has just signed up (e-mail registration signs in at once). */
const userCentre: Where = async (page, prefix) => {
  const name = `ph_${Date.now().toString(36).slice(-5)}${randomInt(1e3, 1e4)}`;
  await page.goto(`${prefix}/user/register`);
  await page.getByTestId('register-username').fill(name);
  await page.getByTestId('register-email').fill(`${name}@example.com`);
  await page.getByTestId('register-password').fill('phone-pass-1');
  await page.getByTestId('register-confirm').fill('phone-pass-1');
  await page.getByTestId('register-submit').click();
  await expect(page.getByTestId('register-note')).toBeVisible();
  await expect(page.getByTestId('account-name')).toHaveText(name);
  return `${prefix}/user`;
};

const PAGES: { name: string; where: Where; table?: string; tabs?: string; ready?: string }[] = [
  { name: 'home', where: at('/') },
  { name: 'coin-list', where: at('/coin/list_1'), table: 'coin-table' },
  { name: 'coin-detail', where: at('/coin/bitcoin'), tabs: 'coin-tabs' },
  { name: 'kline', where: at('/kline/btc') },
  { name: 'article', where: article, ready: 'article-title' },
  { name: 'user-centre', where: userCentre, ready: 'invitation-code' },
];

/** Boxes narrower or shorter than a finger (44px; half a pixel of rounding allowed). */
async function smallTargets(page: Page, selector: string): Promise<string[]> {
  return page.locator(selector).evaluateAll((els) =>
    els
      .filter((el) => el.checkVisibility({ checkVisibilityCSS: true }))
      .map((el) => ({ el, r: el.getBoundingClientRect() }))
      .filter(({ r }) => r.width < 43.5 || r.height < 43.5)
      .map(
        ({ el, r }) =>
          `${el.tagName.toLowerCase()}.${el.className} "${(el.textContent ?? el.getAttribute('aria-label') ?? '').trim().slice(0, 20)}" ${r.width.toFixed(0)}x${r.height.toFixed(0)}`,
      ),
  );
}

/** Whether the page itself scrolls sideways (a wide element inside a scrolling box does not count). */
const pageScrollsSideways = (page: Page) =>
  page.evaluate(() => document.scrollingElement!.scrollWidth > window.innerWidth + 1);

// Every page at 390px in both languages (the screenshots to look at), and at 360px in one of them
// by turns: the narrower width is what can overflow, the language changes only the words.
for (const [l, L] of LOCALES.entries()) {
  for (const width of WIDTHS) {
    test.describe(`phones ${width}px (${L.lan})`, () => {
      test.use({ viewport: { width, height: 844 }, isMobile: true, hasTouch: true });

      for (const P of PAGES.filter((_, i) => width === 390 || i % LOCALES.length === l)) {
        test(`${P.name}: one-row header and its menu, no sideways page, finger-sized controls`, async ({ page }) => {
          await page.goto(await P.where(page, L.prefix));
          if (P.ready) await expect(page.getByTestId(P.ready)).toBeVisible();
          const header = page.locator('header.site-header');
          const toggle = page.getByTestId('menu-toggle');
          const nav = page.locator('#site-nav');

          // The header is one row, well under the 433px the wrapped header took.
          expect((await header.boundingBox())!.height).toBeLessThanOrEqual(80);
          await expect(toggle).toBeVisible();
          await expect(toggle).toHaveAttribute('aria-expanded', 'false');
          await expect(nav).toBeHidden();
          expect(await pageScrollsSideways(page)).toBe(false);

          if (width === 390) {
            mkdirSync(SCREENS, { recursive: true });
            await page.screenshot({ path: `${SCREENS}/phone-${P.name}-${L.lan}.png` });
          }

          // Pinned name column: the table scrolls inside its wrapper and the name stays in view.
          if (P.table) {
            const wrap = page.getByTestId(P.table).locator('xpath=..');
            const sizes = await wrap.evaluate((w) => ({ scroll: w.scrollWidth, client: w.clientWidth }));
            expect(sizes.scroll).toBeGreaterThan(sizes.client);
            const name = page.getByTestId(P.table).locator('tbody tr').first().locator('td').nth(1);
            await wrap.evaluate((w) => (w.scrollLeft = 300));
            await expect.poll(() => wrap.evaluate((w) => w.scrollLeft)).toBeGreaterThan(100);
            const [w, n] = [(await wrap.boundingBox())!, (await name.boundingBox())!];
            expect(Math.abs(n.x - w.x)).toBeLessThanOrEqual(2);
            // It is drawn on top of the cells that slide under it.
            const onTop = await name.evaluate((td) => {
              const r = td.getBoundingClientRect();
              return td.contains(document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2));
            });
            expect(onTop).toBe(true);
            await name.scrollIntoViewIfNeeded();
            if (width === 390) await page.screenshot({ path: `${SCREENS}/phone-${P.name}-scrolled-${L.lan}.png` });
            expect(await smallTargets(page, `[data-testid="${P.table}"] button[data-fav], .pager a`)).toEqual([]);
          }

          // Tab bars keep one line and scroll sideways.
          if (P.tabs) {
            const tabs = page.getByTestId(P.tabs);
            const style = await tabs.evaluate((el) => ({
              wrap: getComputedStyle(el).flexWrap,
              overflow: getComputedStyle(el).overflowX,
              scroll: el.scrollWidth,
              client: el.clientWidth,
            }));
            expect(style.wrap).toBe('nowrap');
            expect(style.overflow).toBe('auto');
            expect(style.scroll).toBeGreaterThan(style.client);
            expect(await smallTargets(page, `[data-testid="${P.tabs}"] a`)).toEqual([]);
          }
          const strip = page.locator('.stats-strip .inner');
          if (await strip.count()) {
            const s = await strip.evaluate((el) => ({
              wrap: getComputedStyle(el).flexWrap,
              height: el.getBoundingClientRect().height,
            }));
            expect(s.wrap).toBe('nowrap');
            expect(s.height).toBeLessThanOrEqual(48);
          }

          expect(
            await smallTargets(
              page,
              '[data-testid="menu-toggle"], [data-testid="quick-search-input"], [data-testid="header-login"], .account-menu summary',
            ),
          ).toEqual([]);
          // The page's own controls: buttons, choices, tabs, pages of a list.
          expect(
            await smallTargets(
              page,
              'main button, main select, main [role="tab"], main .tabs a, main .pager a, main .kline-switch a',
            ),
          ).toEqual([]);

          // The menu button opens the navigation under the row; Escape closes it and the focus
          // goes back to the button.
          await toggle.click();
          await expect(toggle).toHaveAttribute('aria-expanded', 'true');
          await expect(nav).toBeVisible();
          await expect(page.locator('#site-content-nav')).toBeVisible();
          await expect(page.locator('#site-settings')).toBeVisible();
          expect(
            await smallTargets(
              page,
              '#site-nav a, #site-content-nav > a, #site-content-nav summary, #site-watch, #site-settings summary, #site-settings .control',
            ),
          ).toEqual([]);
          // No word in the menus breaks into a column of characters: each label is one line.
          const broken = await page
            .locator('#site-nav a, #site-content-nav > a, #site-content-nav summary')
            .evaluateAll((els) =>
              els
                .map((el) => {
                  const range = document.createRange();
                  range.selectNodeContents(el);
                  const style = getComputedStyle(el);
                  const line =
                    style.lineHeight === 'normal'
                      ? Number.parseFloat(style.fontSize) * 1.4
                      : Number.parseFloat(style.lineHeight);
                  return { text: el.textContent?.trim() ?? '', height: range.getBoundingClientRect().height, line };
                })
                .filter((x) => x.height > 1.5 * x.line)
                .map((x) => `${x.text} ${x.height.toFixed(0)}px`),
            );
          expect(broken).toEqual([]);
          expect(await pageScrollsSideways(page)).toBe(false);
          if (width === 390 && P.name === 'home') await page.screenshot({ path: `${SCREENS}/phone-menu-${L.lan}.png` });
          await page.keyboard.press('Escape');
          await expect(toggle).toHaveAttribute('aria-expanded', 'false');
          await expect(nav).toBeHidden();
          await expect(toggle).toBeFocused();
          // And with the keyboard alone.
          await page.keyboard.press('Enter');
          await expect(toggle).toHaveAttribute('aria-expanded', 'true');
          await page.keyboard.press('Tab');
          await expect(page.locator('header .logo')).toBeFocused();
          await page.keyboard.press('Tab');
          await expect(nav.locator('a').first()).toBeFocused();
          await page.keyboard.press('Escape');
          await expect(toggle).toHaveAttribute('aria-expanded', 'false');
          await expect(toggle).toBeFocused();

          // The quick search's results open under the whole row, each a finger's height.
          if (P.name === 'home') {
            await page.getByTestId('quick-search-input').fill('bit');
            const results = page.getByTestId('quick-search-results');
            await expect(results.getByRole('option').first()).toBeVisible();
            const box = (await results.boundingBox())!;
            expect(box.x).toBeGreaterThanOrEqual(0);
            expect(box.x + box.width).toBeLessThanOrEqual(width);
            expect(box.width).toBeGreaterThanOrEqual(width - 32);
            expect(await smallTargets(page, '[data-testid="quick-search-results"] a')).toEqual([]);
            expect(await pageScrollsSideways(page)).toBe(false);
            if (width === 390) await page.screenshot({ path: `${SCREENS}/phone-search-${L.lan}.png` });
            await page.getByTestId('quick-search-input').fill('');
          }

          // No text under 12px on the page (the fonts suite covers the other pages).
          const small = await page.evaluate(() => {
            const out: string[] = [];
            const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
            while (walker.nextNode()) {
              const el = walker.currentNode.parentElement;
              if (!walker.currentNode.textContent?.trim() || !el || el.closest('script, style, noscript, template'))
                continue;
              if (!el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) continue;
              const size = Number.parseFloat(getComputedStyle(el).fontSize);
              if (size < 12) out.push(`${size}px ${walker.currentNode.textContent.trim().slice(0, 30)}`);
            }
            return out;
          });
          expect(small).toEqual([]);
        });
      }
    });
  }
}

// Desktop keeps its two bars and has no menu button.
test('desktop: no menu button; both menus in view', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/zh');
  await expect(page.getByTestId('menu-toggle')).toBeHidden();
  await expect(page.locator('#site-nav')).toBeVisible();
  await expect(page.locator('#site-content-nav')).toBeVisible();
  expect((await page.locator('header.site-header').boundingBox())!.height).toBeLessThanOrEqual(110);
});

// Issue 22 §5: phones see a market table's name, price and 24h change without scrolling
// sideways (the other columns scroll under the pinned name), in every family of market table.
// `cells`: the columns (1-based, among the row's cells) that must be in view; for the exchange
// lists, which have no price, the name and the two volumes.
const TABLE_FAMILIES: { name: string; path: string; table: string; cells: number[] }[] = [
  { name: 'home', path: '/', table: '[data-testid="coin-table"]', cells: [2, 3, 4] },
  { name: 'coin list', path: '/coin/list_1', table: '[data-testid="coin-table"]', cells: [2, 3, 4] },
  { name: 'rankings', path: '/rank', table: '[data-testid="rank-table"]', cells: [2, 3, 4] },
  { name: 'hot coins', path: '/hot', table: '[data-testid="hot-table"]', cells: [2, 3, 4] },
  { name: 'exchanges', path: '/exchange/list_1', table: '[data-testid="exchange-table"]', cells: [2, 3, 4] },
  { name: 'market pairs', path: '/pairs', table: '[data-testid="pairs-table"]', cells: [3, 5, 6] },
  { name: 'futures', path: '/futures', table: '[data-testid="pairs-table"]', cells: [3, 5, 6] },
  { name: "a coin's markets", path: '/coin/bitcoin/market', table: '[data-testid="market-table"]', cells: [2, 3, 4] },
  { name: "an exchange's pairs", path: '/exchange/binance', table: '[data-testid="ticker-table"]', cells: [2, 3, 4] },
  {
    name: 'search: coins',
    path: '/search?q=btc',
    table: '[data-testid="search-section-coin"] table',
    cells: [2, 3, 4],
  },
  {
    name: 'search: exchanges',
    path: '/search?q=btc',
    table: '[data-testid="search-section-exchange"] table',
    cells: [2, 4],
  },
  {
    name: 'search: pairs',
    path: '/search?q=btc',
    table: '[data-testid="search-section-pair"] table',
    cells: [1, 3, 4],
  },
];

test.describe('phone market tables', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  for (const L of [
    { prefix: '', lan: 'en', theme: 'light' },
    { prefix: '/zh', lan: 'zh', theme: 'light' },
    { prefix: '/ko', lan: 'ko', theme: 'dark' },
  ] as const) {
    test(`${L.lan} (${L.theme}): name, price and 24h change in view without scrolling sideways`, async ({
      page,
      context,
      baseURL,
    }) => {
      test.setTimeout(120_000);
      await context.addCookies([{ name: 'theme', value: L.theme, url: baseURL! }]);
      const misplaced: string[] = [];
      for (const f of TABLE_FAMILIES) {
        if (page.url() !== new URL(`${L.prefix}${f.path}`, baseURL).href) await page.goto(`${L.prefix}${f.path}`);
        const table = page.locator(f.table).first();
        await expect(table.locator('tbody tr').first(), f.name).toBeVisible();
        const out = await table.evaluate((t, cells) => {
          const wrap = t.closest('.table-wrap')!;
          const box = wrap.getBoundingClientRect();
          const right = Math.min(box.right, window.innerWidth);
          const rows = [...t.querySelectorAll<HTMLTableRowElement>('tbody tr')].slice(0, 5);
          return {
            scrolled: wrap.scrollLeft,
            bad: rows.flatMap((tr, r) =>
              cells
                .map((c) => tr.children[c - 1]!)
                .filter((td) => {
                  const b = td.getBoundingClientRect();
                  return !td.checkVisibility() || b.left < box.left - 0.5 || b.right > right + 0.5;
                })
                .map(
                  (td) =>
                    `row ${r + 1} "${td.textContent?.trim().slice(0, 24)}" ends at ${Math.round(td.getBoundingClientRect().right)} of ${Math.round(right)}`,
                ),
            ),
          };
        }, f.cells);
        expect(out.scrolled, f.name).toBe(0);
        misplaced.push(...out.bad.map((b) => `${f.name}: ${b}`));
        expect(await pageScrollsSideways(page), f.name).toBe(false);
      }
      expect(misplaced).toEqual([]);

      // Dark theme: the black coin icons (XRP) keep a ring that stands apart from the row (3:1).
      if (L.theme === 'dark') {
        await page.goto(`${L.prefix}/coin/list_1`);
        const ring = await page.locator('[data-testid="coin-table"] tr[data-coin="xrp"] img').evaluate((img) => {
          const rgb = (s: string) =>
            '#' +
            (s.match(/\d+/g) ?? [])
              .slice(0, 3)
              .map((n) => Number(n).toString(16).padStart(2, '0'))
              .join('');
          return {
            ring: rgb(getComputedStyle(img).boxShadow),
            bg: rgb(getComputedStyle(img.closest('td')!).backgroundColor),
          };
        });
        expect(contrastRatio(ring.ring, ring.bg)).toBeGreaterThanOrEqual(3);
      }
    });
  }
});

test.describe('phone header, chips and lists', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('Escape closes the header’s menus; the language switch keeps the query and is remembered for 90 days', async ({
    page,
    context,
  }) => {
    await page.goto('/search?q=btc&kind=coin');
    const toggle = page.getByTestId('menu-toggle');
    await toggle.click();
    for (const menu of ['details.more', 'details.lang']) {
      const details = page.locator(`header ${menu}`);
      await details.locator('summary').click();
      await expect(details).toHaveAttribute('open', '');
      await page.keyboard.press('Escape');
      await expect(details, menu).not.toHaveAttribute('open');
      await expect(details.locator('summary')).toBeFocused();
      // The first Escape closed the little menu only; the phone menu is still open.
      await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    }
    await page.keyboard.press('Escape');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');

    await toggle.click();
    await page.locator('header details.lang summary').click();
    await page.locator('header details.lang a[hreflang="zh"]').click();
    await expect(page).toHaveURL(/\/zh\/search\?q=btc&kind=coin$/);
    await expect(page.getByTestId('search-results')).toHaveAttribute('data-query', 'btc');
    const locale = (await context.cookies()).find((c) => c.name === 'locale');
    expect(locale?.value).toBe('zh');
    const days = (locale!.expires - Date.now() / 1000) / 86400;
    expect(days).toBeGreaterThan(89);
    expect(days).toBeLessThanOrEqual(90);
  });

  test('filter chips keep the space before their count; the news list’s coin chips are styled', async ({ page }) => {
    const gaps = async () =>
      page.locator('main nav.tabs a:has(> span)').evaluateAll((links) =>
        links.map((a) => {
          const label = document.createRange();
          label.selectNodeContents(a.firstChild!);
          return Math.round(
            a.querySelector('span')!.getBoundingClientRect().left - label.getBoundingClientRect().right,
          );
        }),
      );
    for (const path of ['/announcement', '/zh/search?q=btc']) {
      await page.goto(path);
      const spaces = await gaps();
      expect(spaces.length, path).toBeGreaterThan(2);
      for (const gap of spaces) expect(gap, path).toBeGreaterThanOrEqual(3);
    }

    await page.goto('/news');
    const chips = page.getByTestId('article-list').getByTestId('coin-chips').first();
    await expect(chips).toHaveCSS('display', 'flex');
    await expect(chips).toHaveCSS('list-style-type', 'none');
    const chip = chips.locator('.chip').first();
    await expect(chip).toHaveCSS('display', 'inline-flex');
    await expect(chip).toHaveCSS('border-top-left-radius', '999px');
    // Icon, symbol and change side by side, not on top of each other.
    const [icon, symbol] = [(await chip.locator('img').boundingBox())!, (await chip.locator('.sym').boundingBox())!];
    expect(symbol.x).toBeGreaterThanOrEqual(icon.x + icon.width);
  });

  test('lists: 100 coins a page by default; a chosen size is remembered per list, the address’s size first', async ({
    page,
    browser,
    baseURL,
  }) => {
    const rows = page.getByTestId('coin-table').locator('tbody tr');
    await page.goto('/coin/list_1');
    await expect(rows).toHaveCount(100);
    await expect(page.getByTestId('page-info')).toContainText('1–100');
    await page.locator('.sizes a', { hasText: /^20$/ }).click();
    await expect(page).toHaveURL(/\/coin\/list_1\?size=20$/);
    await expect(rows).toHaveCount(20);
    // Remembered: the plain address shows 20 rows, and the pager's links keep the size.
    await page.goto('/coin/list_1');
    await expect(rows).toHaveCount(20);
    await page.locator('.pager a[rel="next"]').click();
    await expect(page).toHaveURL(/\/coin\/list_2$/);
    await expect(rows.first().locator('td').first()).toHaveText('21');
    // The address wins; other lists keep their own default.
    await page.goto('/zh/coin/list_1?size=50');
    await expect(rows).toHaveCount(50);
    await page.goto('/exchange/list_1');
    await expect(page.getByTestId('exchange-table').locator('tbody tr')).toHaveCount(50);
    // Another reader (no cookie) gets the default page, not this reader's cached one.
    const other = await browser.newPage({ baseURL });
    await other.goto('/coin/list_1');
    await expect(other.getByTestId('coin-table').locator('tbody tr')).toHaveCount(100);
    await other.close();
    // Back to the default.
    await page.goto('/coin/list_1');
    await page.locator('.sizes a', { hasText: /^100$/ }).click();
    await page.goto('/coin/list_1');
    await expect(rows).toHaveCount(100);
  });
});
