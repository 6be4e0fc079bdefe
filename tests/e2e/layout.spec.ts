import { expect, test, type Page } from '@playwright/test';

// The sticky header and SPEC §2's fixedTop (src/styles/chrome.css): where the header stays on
// screen it is shorter than fixedTop (110px, 140px in Chinese) and a jump to an anchor lands
// that far down, below it; on tablets, where the header wraps into several rows, it scrolls
// away with the page instead of covering a quarter of it.

const LOCALES = [
  { prefix: '', fixedTop: 110 },
  { prefix: '/zh', fixedTop: 140 },
  { prefix: '/zh-hk', fixedTop: 140 },
  { prefix: '/ko', fixedTop: 110 },
] as const;

const header = (page: Page) =>
  page.evaluate(() => {
    const h = document.querySelector<HTMLElement>('.site-header')!;
    const r = h.getBoundingClientRect();
    return { top: r.top, bottom: r.bottom, height: r.height, position: getComputedStyle(h).position };
  });

/** Jumps to the baike page's second group through its link and reports where it landed. */
async function jump(page: Page, prefix: string) {
  await page.goto(`${prefix}/baike`);
  const link = page.locator('ul.jump a').nth(1);
  const id = decodeURIComponent((await link.getAttribute('href'))!.slice(1));
  await link.click();
  await expect(page).toHaveURL(new RegExp(`#${encodeURIComponent(id)}$`));
  return page.evaluate((target) => document.getElementById(target)!.getBoundingClientRect().top, id);
}

for (const L of LOCALES) {
  test.describe(`header in ${L.prefix || '/en'}`, () => {
    // The header's words differ in width by language; at 1440px every language has room to spare
    // once it fits 1280px less a scroll bar, so 1440 is measured in English alone.
    for (const width of L.prefix ? [1280] : [1280, 1440]) {
      test(`at ${width}px it stays on screen and is shorter than fixedTop`, async ({ page }) => {
        await page.setViewportSize({ width, height: 900 });
        for (const path of ['/', '/coin/bitcoin', '/news', '/user/register']) {
          await page.goto(`${L.prefix}${path}`);
          const h = await header(page);
          expect(h.position, path).toBe('sticky');
          expect(h.height, path).toBeLessThanOrEqual(L.fixedTop);
          // A classic scroll bar leaves a 1280px window 15px less: the header must still fit.
          const narrower = await page.evaluate((w) => {
            const el = document.querySelector<HTMLElement>('.site-header')!;
            el.style.width = `${w - 15}px`;
            return el.getBoundingClientRect().height;
          }, width);
          expect(narrower, `${path} with a scroll bar`).toBeLessThanOrEqual(L.fixedTop);
        }
        await page.mouse.wheel(0, 1500);
        await expect.poll(async () => (await header(page)).top).toBe(0);
      });
    }

    test('an anchor lands fixedTop below the top on a desktop, below the header', async ({ page }) => {
      await page.setViewportSize({ width: 1440, height: 700 });
      const top = await jump(page, L.prefix);
      const h = await header(page);
      expect(top).toBeGreaterThanOrEqual(h.bottom);
      expect(Math.abs(top - L.fixedTop)).toBeLessThanOrEqual(2);
    });

    test('on a tablet the wrapped header scrolls away with the page', async ({ page }) => {
      await page.setViewportSize({ width: 900, height: 1000 });
      await page.goto(`${L.prefix}/coin/list_1`);
      expect((await header(page)).position).toBe('static');
      await page.mouse.wheel(0, 800);
      await expect.poll(async () => (await header(page)).bottom).toBeLessThan(0);
    });

    test('on a phone the one-row header stays and an anchor lands just below it', async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      const top = await jump(page, L.prefix);
      const h = await header(page);
      expect(h.position).toBe('sticky');
      expect(h.top).toBe(0);
      expect(top).toBeGreaterThanOrEqual(h.bottom);
      expect(top - h.bottom).toBeLessThanOrEqual(12);
    });
  });
}

// Boxes drawn in the browser (the registration form, the charts) are held from the first paint:
// nothing below them moves when they appear (Lighthouse's cumulative layout shift, measured as
// it does on a phone; its own runs are in bench/results/lighthouse-families.md).
const DRAWN_LATE = [
  { path: '/user/register', ready: '.acc-page form' },
  { path: '/kline/btc', ready: '[data-testid="kline-chart"][data-state="ready"]' },
  { path: '/coin/bitcoin', ready: '.kline-canvas canvas' },
];
for (const { path, ready } of DRAWN_LATE) {
  test(`${path} does not shift its layout on a phone when its browser-drawn parts appear`, async ({ page }) => {
    await page.setViewportSize({ width: 412, height: 823 });
    await page.goto(path);
    await expect(page.locator(ready).first()).toBeVisible();
    // A frame after the island's last render, then every shift since the navigation.
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    const shift = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          new PerformanceObserver((list) => {
            const entries = list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[];
            resolve(entries.filter((e) => !e.hadRecentInput).reduce((sum, e) => sum + e.value, 0));
          }).observe({ type: 'layout-shift', buffered: true });
          setTimeout(() => resolve(0), 500); // no entry at all: nothing moved
        }),
    );
    expect(shift).toBeLessThan(0.02);
  });
}

test('on a phone, the two links stacked in a pair cell are each a finger’s 24px tall', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/search?q=bitcoin');
  const links = page.locator('td.pair a');
  await expect(links.nth(1)).toBeVisible();
  const heights = await links.evaluateAll((as) => as.map((a) => a.getBoundingClientRect().height));
  expect(heights.length).toBeGreaterThan(1);
  expect(Math.min(...heights)).toBeGreaterThanOrEqual(23.5);
});

test('on a phone the kline page scrolls: the whole legend, the whole plot, then the pair lists', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/kline/btc');
  await expect(page.locator('[data-testid="kline-chart"][data-state="ready"]')).toBeVisible();
  const box = await page.evaluate(() => {
    const rect = (s: string) => document.querySelector(s)!.getBoundingClientRect();
    const legend = document.querySelector('.kline-legend')!;
    return {
      legendHidden: legend.scrollHeight - legend.clientHeight,
      stageBottom: rect('.kline-stage').bottom,
      stageHeight: rect('.kline-stage').height,
      sideTop: rect('.kl-side').top,
    };
  });
  expect(box.legendHidden).toBeLessThanOrEqual(1);
  expect(box.stageHeight).toBeGreaterThanOrEqual(320);
  expect(box.stageBottom).toBeLessThanOrEqual(box.sideTop);
  // The pair switcher's list stays on the screen.
  await page.locator('.kl-pairs summary').click();
  await expect(page.locator('.kl-pairs ul')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
