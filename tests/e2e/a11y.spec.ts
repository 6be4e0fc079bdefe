// One page of every page family in English, the families whose Chinese markup differs in kind in
// Chinese too, and a representative set in the dark theme (in English: colours do not depend on
// the language), each page loaded once for two properties:
// - Accessibility: axe-core. A serious or critical violation fails the test and is listed with the
//   elements it was found on. Lighthouse's label-content-name-mismatch check (experimental in axe,
// so off by default) is switched on: a control's accessible name must contain its visible text.
// Animations are stopped before the scan, so a live-price flash caught halfway cannot change the
// colours axe measures; the flash colours are checked by arithmetic in src/styles/palette.test.ts.
// - The Content-Security-Policy without 'unsafe-inline' for scripts (src/server/http/headers.ts,
//   hashes from the build: astro.config.mjs): not a single violation from the first byte, islands
//   that hydrate on interaction included (tests/e2e/csp.spec.ts checks the header and the header's
//   interactive parts).
import { axe } from './axe.ts';
import { expect, test, type Page } from '@playwright/test';
import { watchViolations } from './csp.ts';
import { detailPath, FAMILIES } from './families.ts';

/** Runs axe and fails with a readable list when anything serious or critical turns up. */
async function expectNoSeriousViolations(page: Page) {
  // Islands hydrate before the scan, so their markup is what a visitor's assistive technology sees
  // (those that hydrate on interaction keep their server markup, which is what a visitor sees first).
  await expect(page.locator('astro-island[ssr]:not([client="interaction"])')).toHaveCount(0);
  await page.addStyleTag({
    content: '*, *::before, *::after { animation: none !important; transition: none !important; }',
  });
  const results = await axe(page)
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const report = bad.map(
    (v) =>
      `${v.impact} ${v.id}: ${v.help}\n${v.nodes.map((n) => `    ${n.target.join(' ')}  ${n.failureSummary?.split('\n').slice(1).join(' ').trim() ?? ''}`).join('\n')}`,
  );
  expect(report, report.join('\n')).toEqual([]);
}

/**
 * Also scanned in Chinese. A zh page is the en template with other words (locales.test.ts holds
 * every locale to en's keys, translated), so only what a zh page draws differently needs a scan
 * of its own: the page shell in a CJK language with Chinese news and flash news and rises in red
 * (home); text in another language than the page, marked with its lang and a language tag (coin
 * detail's description, calendar events, questions, wiki entries, search results, the licences of
 * the sources on methodology); Chinese articles and flash news (news detail, lives); a form's
 * labels and messages (register); the widget, a document of its own outside the page shell. The
 * CSP check gains nothing from a second language: the inline scripts are the build's, the same in
 * every language.
 */
const ZH = [
  'home',
  'coin detail',
  'calendar',
  'question',
  'baike entry',
  'search',
  'methodology',
  'news detail',
  'lives',
  'register',
  'widget',
];

/**
 * Also scanned in the dark theme: one page of every kind of component (src/styles/palette.test.ts
 * checks the dark palette's pairs by arithmetic; these check what the components make of them).
 * Left out: the exchange list (its table is on the home page), the rank table (the coin and hot
 * tables' rows and cells, the hot page's tabs) and the 404 page (the shell and a paragraph).
 */
const DARK = [
  'home',
  'coin list',
  'coin detail',
  'exchange detail',
  'kline',
  'hot',
  'search',
  'lives',
  'news',
  'news detail',
  'calendar',
  'register',
  'user centre, visitor (login dialog)',
  'user page',
];

const named = (names: string[]) =>
  names.map((n) => {
    const f = FAMILIES.find((x) => x.name === n);
    if (!f) throw new Error(`a11y.spec.ts names "${n}", which is not in tests/e2e/families.ts`);
    return f;
  });

const RUNS = [
  { locale: 'en', theme: 'light', families: FAMILIES },
  { locale: 'zh', theme: 'light', families: named(ZH) },
  { locale: 'en', theme: 'dark', families: named(DARK) },
] as const;

for (const { locale, theme, families } of RUNS) {
  test.describe(`axe and CSP: ${locale}, ${theme} theme`, () => {
    test.beforeEach(async ({ context, baseURL }) => {
      if (theme === 'dark') await context.addCookies([{ name: 'theme', value: 'dark', url: baseURL! }]);
    });
    for (const f of families) {
      test(f.name, async ({ page }) => {
        const violations = await watchViolations(page);
        const prefix = `/${locale}`;
        const path =
          'path' in f ? f.path : (await detailPath(page.request, prefix, f.list, f.detail)) + (f.suffix ?? '');
        const res = await page.goto(`${prefix}${path === '/' ? '' : path}`);
        expect(res?.status()).toBe(f.status ?? 200);
        await expect(page.locator('html')).toHaveAttribute('data-theme', f.theme ?? theme);
        await expectNoSeriousViolations(page);
        // client:interaction islands hydrate on the first pointer or focus: give them one.
        const lazy = page.locator('astro-island[client="interaction"]');
        if ((await lazy.count()) > 0) {
          await lazy.first().hover();
          await expect(lazy.first()).not.toHaveAttribute('ssr', /.*/);
        }
        expect(violations, violations.join('\n')).toEqual([]);
      });
    }
  });
}
