// Writing reviews in the browser (issue 10, "Reviews and ratings"): a visitor is asked to log in;
// a signed-in reader's incomplete form is refused in the browser, a complete one is posted and the
// page's summary follows at once; the reader's review shows with Delete, which asks in a dialog.
// en reviews an exchange and zh a coin, so the two runs (in parallel) never count each other's.
import { randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

type Tree = Record<string, Record<string, string>>;
const strings = (file: string) => JSON.parse(readFileSync(new URL(`../../locales/${file}`, import.meta.url), 'utf8')) as Tree;

const LOCALES = [
  { prefix: '', lan: 'en', path: '/exchange/binance/comment', dims: ['safety', 'reputation', 'speed', 'support', 'welfare', 'experience'] },
  { prefix: '/zh', lan: 'zh', path: '/coin/bitcoin/ratings', dims: ['team', 'business', 'product', 'community', 'technology'] },
] as const;

const unique = () => `${Date.now().toString(36).slice(-5)}${randomInt(1e3, 1e4)}`;

async function register(page: Page, prefix: string) {
  const name = `rv_${unique()}`;
  await page.goto(`${prefix}/user/register`);
  await page.getByTestId('register-username').fill(name);
  await page.getByTestId('register-email').fill(`${name}@example.com`);
  await page.getByTestId('register-password').fill('review-pass-1');
  await page.getByTestId('register-confirm').fill('review-pass-1');
  await page.getByTestId('register-submit').click();
  await expect(page.getByTestId('account-name')).toHaveText(name);
  return name;
}

async function rate(page: Page, dims: readonly string[], overall: number) {
  const form = page.getByTestId('review-form');
  for (const d of dims) await form.locator(`fieldset[data-dimension="${d}"] label`).nth(3).click();
  await form.getByTestId('review-overall').locator('label').nth(overall - 1).click();
}

const count = async (page: Page) => Number((await page.getByTestId('review-count').textContent())!.replace(/\D/g, '') || '0');

for (const L of LOCALES) {
  const review = strings(`review/${L.lan}.json`).review!;
  const form = strings(`forms-ui/${L.lan}.json`).reviewForm!;
  const labels = strings(`${L.lan}.json`).reviews as unknown as { label: Record<string, string> };

  test.describe(`reviews in ${L.prefix || '/en'}`, () => {
    test('a visitor is asked to log in', async ({ page }) => {
      await page.goto(`${L.prefix}${L.path}`);
      await page.getByTestId('review-content').click();
      await expect(page.getByTestId('login-dialog')).toBeVisible();
    });

    test('a click made while the form’s code is still loading is not lost', async ({ page }) => {
      // The form's code is held back until the click has happened: it must still answer that click.
      let release!: () => void;
      const held = new Promise<void>((r) => (release = r));
      await page.route(/\/_astro\/reviewForm[^/]*\.js$/, async (route) => {
        await held;
        await route.continue();
      });
      await page.goto(`${L.prefix}${L.path}`);
      const content = page.getByTestId('review-content');
      await content.scrollIntoViewIfNeeded();
      await page.waitForTimeout(200); // the form is in view: its code is on its way
      await content.click();
      await expect(page.getByTestId('login-dialog')).toBeHidden();
      release();
      await expect(page.getByTestId('login-dialog')).toBeVisible();
    });

    test('write a review, see the summary follow, a second one is refused, delete it with confirmation', async ({ page }) => {
      test.setTimeout(120_000);
      await register(page, L.prefix);
      await page.goto(`${L.prefix}${L.path}`);
      const before = await count(page).catch(() => 0);
      const f = page.getByTestId('review-form');
      await page.getByTestId('review-content').fill('short');
      await page.getByTestId('review-submit').click();
      await expect(page.getByTestId('review-msg')).toHaveText(review.incomplete!);

      await page.getByTestId('review-content').fill(L.lan === 'zh' ? '这个项目团队很强大，值得长期关注' : 'Fast withdrawals and helpful support staff.');
      await rate(page, L.dims, 5);
      await expect(f.locator('[data-overall-label]')).toHaveText(labels.label.great!);
      await page.getByTestId('review-submit').click();
      await expect(page.getByTestId('review-msg')).toHaveText(review.success!);
      await expect(page.getByTestId('my-review')).toBeVisible();
      await expect(page.getByTestId('my-review-content')).toContainText(L.lan === 'zh' ? '团队很强大' : 'Fast withdrawals');
      await expect(page.getByTestId('review-summary')).toBeVisible();
      await expect.poll(() => count(page)).toBe(before + 1);
      if (L.path.startsWith('/exchange/')) await expect(page.getByTestId('exchange-tab-comments').locator('[data-review-total]')).toHaveText(String(before + 1));

      const axe = await new AxeBuilder({ page }).include('[data-review-form]').analyze();
      const bad = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
      expect(bad, bad.join('\n')).toEqual([]);

      // A second review of the same target, as from a second tab opened before the first review.
      await page.reload();
      await expect(page.getByTestId('my-review')).toBeVisible();
      await page.evaluate(() => {
        // Show the form again as a reader with two tabs would still see it.
        const mine = document.querySelector<HTMLElement>('[data-review-mine]')!;
        mine.hidden = true;
        document.querySelector<HTMLFormElement>('form[data-testid="review-form"]')!.hidden = false;
      });
      await page.getByTestId('review-content').fill('Writing a second review of the same thing.');
      await rate(page, L.dims, 3);
      await page.getByTestId('review-submit').click();
      await expect(page.getByTestId('review-msg')).toHaveText(review.already!);

      await page.reload();
      await page.getByTestId('review-delete').click();
      const dialog = page.getByRole('dialog');
      await expect(dialog).toBeVisible();
      await expect(dialog).toContainText(form.confirmTitle!);
      await dialog.getByRole('button', { name: form.cancel! }).click();
      await expect(page.getByTestId('my-review')).toBeVisible();
      await page.getByTestId('review-delete').click();
      await page.getByTestId('review-confirm-delete').click();
      await expect(page.getByTestId('review-msg')).toHaveText(review.deleted!);
      await expect(page.getByTestId('my-review')).toBeHidden();
      await expect(page.getByTestId('review-form')).toBeVisible();
      await expect.poll(() => count(page)).toBe(before);
      if (L.path.startsWith('/exchange/')) await expect(page.getByTestId('exchange-tab-comments').locator('[data-review-total]')).toHaveText(String(before));
    });
  });
}

// Votes (issue 10): bullish/bearish on flash news, one per reader per item, changeable; the
// reader's vote is marked after a reload (votes/mine); a visitor gets the login dialog.
for (const L of LOCALES) {
  test.describe(`votes in ${L.prefix || '/en'}`, () => {
    test('a visitor pressing a vote gets the login dialog', async ({ page }) => {
      await page.goto(`${L.prefix}/lives`);
      await page.getByTestId('lives-item').first().getByTestId('vote-up').click();
      await expect(page.getByTestId('login-dialog')).toBeVisible();
    });

    test('vote on a flash news item, change the vote, see it marked after a reload', async ({ page }) => {
      test.setTimeout(90_000);
      await register(page, L.prefix);
      await page.goto(`${L.prefix}/lives`);
      // en and zh vote on different items so the two runs do not count each other's votes.
      const item = page.getByTestId('lives-item').nth(L.lan === 'en' ? 0 : 1);
      const id = await item.getAttribute('data-id');
      const up = item.getByTestId('vote-up');
      const down = item.getByTestId('vote-down');
      const n = async (b: typeof up) => Number(await b.getAttribute('data-count'));
      const [up0, down0] = [await n(up), await n(down)];
      await up.click();
      await expect(up).toHaveAttribute('aria-pressed', 'true');
      expect(await n(up)).toBe(up0 + 1);
      await down.click();
      await expect(down).toHaveAttribute('aria-pressed', 'true');
      await expect(up).toHaveAttribute('aria-pressed', 'false');
      expect([await n(up), await n(down)]).toEqual([up0, down0 + 1]);
      await expect(down).toContainText(String(down0 + 1));

      await page.goto(`${L.prefix}/lives/${id}`);
      const detail = page.getByTestId('lives-votes');
      await expect(detail.getByTestId('vote-down')).toHaveAttribute('aria-pressed', 'true');
      await detail.getByTestId('vote-down').click();
      await expect(detail.getByTestId('vote-down')).toHaveAttribute('aria-pressed', 'false');
      expect(Number(await detail.getByTestId('vote-down').getAttribute('data-count'))).toBe(down0);
    });

    test('items a "load more" adds show the reader\'s earlier votes', async ({ page }) => {
      test.setTimeout(90_000);
      await register(page, L.prefix);
      const more = async () => {
        await page.goto(`${L.prefix}/lives`);
        await page.getByTestId('lives-load-more').hover();
        await page.getByTestId('lives-load-more').click();
        await expect(page.getByTestId('lives-item')).toHaveCount(20);
        // en and zh take different items of the second page.
        return page.getByTestId('lives-item').nth(L.lan === 'en' ? 12 : 13);
      };
      const item = await more();
      await item.getByTestId('vote-up').click();
      await expect(item.getByTestId('vote-up')).toHaveAttribute('aria-pressed', 'true');
      const again = await more();
      await expect(again.getByTestId('vote-up')).toHaveAttribute('aria-pressed', 'true');
      await expect(again.getByTestId('vote-down')).toHaveAttribute('aria-pressed', 'false');
    });

    test('confirm and doubt a calendar event', async ({ page }) => {
      await register(page, L.prefix);
      await page.goto(`${L.prefix}/calendar`);
      const href = await page.getByTestId('calendar-event').nth(L.lan === 'en' ? 0 : 1).locator('h3 a').getAttribute('href');
      await page.goto(href!);
      const votes = page.locator('.facts').getByTestId('calendar-votes');
      const up = votes.getByTestId('vote-up');
      const n0 = Number(await up.getAttribute('data-count'));
      await up.click();
      await expect(up).toHaveAttribute('aria-pressed', 'true');
      expect(Number(await up.getAttribute('data-count'))).toBe(n0 + 1);
      await votes.getByTestId('vote-down').click();
      await expect(votes.getByTestId('vote-down')).toHaveAttribute('aria-pressed', 'true');
      await expect(up).toHaveAttribute('aria-pressed', 'false');
    });
  });
}
