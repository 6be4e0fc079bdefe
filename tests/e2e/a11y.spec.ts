// One page of every page family, in English and Chinese (and the main ones in the dark theme, in
// English: colours do not depend on the language), loaded once for two properties:
// - Accessibility: axe-core. A serious or critical violation fails the test and is listed with the
//   elements it was found on. Lighthouse's label-content-name-mismatch check (experimental in axe,
// so off by default) is switched on: a control's accessible name must contain its visible text.
// Animations are stopped before the scan, so a live-price flash caught halfway cannot change the
// colours axe measures; the flash colours are checked by arithmetic in src/styles/palette.test.ts.
// - The Content-Security-Policy without 'unsafe-inline' for scripts (src/server/http/headers.ts,
//   hashes from the build: astro.config.mjs): not a single violation from the first byte, islands
//   that hydrate on interaction included (tests/e2e/csp.spec.ts checks the header and the header's
//   interactive parts).
import AxeBuilder from '@axe-core/playwright';
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
  const results = await new AxeBuilder({ page })
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const report = bad.map(
    (v) =>
      `${v.impact} ${v.id}: ${v.help}\n${v.nodes.map((n) => `    ${n.target.join(' ')}  ${n.failureSummary?.split('\n').slice(1).join(' ').trim() ?? ''}`).join('\n')}`,
  );
  expect(report, report.join('\n')).toEqual([]);
}

for (const locale of ['en', 'zh'] as const) {
  for (const theme of locale === 'en' ? (['light', 'dark'] as const) : (['light'] as const)) {
    const families = theme === 'light' ? FAMILIES : FAMILIES.filter((f) => f.main);
    test.describe(`axe and CSP: ${locale}, ${theme} theme`, () => {
      test.beforeEach(async ({ context, baseURL }) => {
        if (theme === 'dark') await context.addCookies([{ name: 'theme', value: 'dark', url: baseURL! }]);
      });
      for (const f of families) {
        test(f.name, async ({ page }) => {
          const violations = await watchViolations(page);
          const prefix = `/${locale}`;
          const path = 'path' in f ? f.path : (await detailPath(page, prefix, f.list, f.detail)) + (f.suffix ?? '');
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
}
