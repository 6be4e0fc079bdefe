// Legible text on phones: at a phone's width every visible piece of text is 12px or larger
// (Lighthouse's mobile "font-size" audit asks for 60% of the text; we ask for all of it).
import { expect, test } from '@playwright/test';

const PAGES = [
  '/',
  '/coin/list_1',
  '/coin/bitcoin',
  '/coin/bitcoin/market',
  '/exchange/list_1',
  '/exchange/binance',
  '/exchange/establishAccount',
  '/kline/btc',
  '/rank',
  '/pairs',
  '/hot',
  '/flow',
  '/search?q=bitcoin',
  '/lives',
  '/news',
  '/columnist',
  '/announcement',
  '/calendar',
  '/ieo',
  '/baike',
  '/question',
  '/widget',
  '/watchlist',
];

// A phone's viewport (Lighthouse's Moto G Power is 412px wide); a desktop user agent, so the
// optional redirect to a mobile site (MOBILE_ORIGIN) does not apply.
test.use({ viewport: { width: 412, height: 915 }, isMobile: true, hasTouch: true });

// Each page in one language, the four in turn: the sizes come from the CSS, which no language
// changes, while each language's own markup (chips, labels, Korean word breaks) is still seen.
const LANGUAGES = ['en', 'zh', 'zh-hk', 'ko'] as const;
PAGES.forEach((path, i) => {
  const locale = LANGUAGES[i % LANGUAGES.length]!;
  test(`${locale}${path} has no text under 12px on a phone`, async ({ page }) => {
    await page.goto(`/${locale}${path === '/' ? '' : path}`);
    // Islands that load on load or idle have hydrated; those that wait for the visitor (an
    // interaction, or scrolling a chart into view) keep their server markup, which is measured.
    await expect(page.locator('astro-island[ssr]:not([client="interaction"]):not([client="visible"])')).toHaveCount(0);
    const { chars, small } = await page.evaluate(() => {
      const out = { chars: 0, small: [] as string[] };
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      while (walker.nextNode()) {
        const text = walker.currentNode.textContent?.trim();
        const el = walker.currentNode.parentElement;
        if (!text || !el || el.closest('script, style, noscript, template')) continue;
        if (!el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) continue;
        out.chars += text.length;
        const size = Number.parseFloat(getComputedStyle(el).fontSize);
        if (size < 12)
          out.small.push(
            `${size}px <${el.tagName.toLowerCase()} class="${el.getAttribute('class') ?? ''}">${text.slice(0, 40)}`,
          );
      }
      return out;
    });
    expect(chars).toBeGreaterThan(100);
    expect(small).toEqual([]);
  });
});
