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
    for (const width of [1280, 1440]) {
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
