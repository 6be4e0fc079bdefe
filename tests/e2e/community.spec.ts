import { expect, test, type Page } from '@playwright/test';

const LOCALES = [
  {
    prefix: '',
    dynamic: 'Project updates',
    release: 'Release',
    question: 'Questions',
    unanswered: 'Unanswered',
    wenda: 'Q&A',
    twitter: 'Twitter',
    weibo: 'Weibo',
    accepted: 'Accepted answer',
    missing: 'Content does not exist or has been removed',
  },
  {
    prefix: '/zh',
    dynamic: '项目动态',
    release: '版本发布',
    question: '问题',
    unanswered: '待回答',
    wenda: '问答',
    twitter: '推特',
    weibo: '微博',
    accepted: '已采纳的回答',
    missing: '内容不存在或已被删除',
  },
] as const;

/** Chinese pages list Chinese content: at least one CJK character in the text. */
const CJK = /[\u4e00-\u9fff]/;

async function expectMissing(page: Page, path: string, message: string) {
  const res = await page.goto(path);
  expect([path, res?.status()]).toEqual([path, 404]);
  await expect(page.getByTestId('content-missing').getByRole('heading', { level: 1 })).toHaveText(message);
}

for (const L of LOCALES) {
  test.describe(`community pages in ${L.prefix || '/en'}`, () => {
    test('project updates: timeline, kind filter, detail with source and related updates', async ({ page }) => {
      const res = await page.goto(`${L.prefix}/dynamic`);
      expect(res?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(L.dynamic);
      const items = page.getByTestId('update-item');
      await expect(items).toHaveCount(10);
      if (L.prefix === '/zh') expect(await items.first().locator('h3').textContent()).toMatch(CJK);

      await page.getByTestId('kind-filter').locator('a[data-kind="release"]').click();
      await expect(page).toHaveURL(/kind=release/);
      await expect(page.getByTestId('kind-filter').locator('a[aria-current="page"]')).toContainText(L.release);
      const kinds = await page
        .getByTestId('update-item')
        .evaluateAll((els) => els.map((e) => e.getAttribute('data-kind')));
      expect(kinds.length).toBeGreaterThan(0);
      expect(new Set(kinds)).toEqual(new Set(['release']));

      await page.locator('.pager a', { hasText: /^2$/ }).click();
      await expect(page).toHaveURL(/kind=release.*page=2|page=2.*kind=release/);

      const first = page.getByTestId('update-item').first().locator('h3 a');
      const title = (await first.textContent())!.trim();
      await first.click();
      await expect(page).toHaveURL(/\/dynamic\/\d+$/);
      await expect(page.getByTestId('update-title')).toHaveText(title);
      await expect(page.getByTestId('update-body')).not.toBeEmpty();
      await expect(page.getByTestId('source-link')).toHaveAttribute('rel', 'nofollow noopener');
      await expect(page.locator('script[type="application/ld+json"]')).toHaveCount(1);

      await expectMissing(page, `${L.prefix}/dynamic/999999`, L.missing);
      await expectMissing(page, `${L.prefix}/dynamic/abc`, L.missing);
      const out = await page.goto(`${L.prefix}/dynamic?page=999`);
      expect(out?.status()).toBe(404);
      await expect(page.getByTestId('out-of-range')).toBeVisible();
    });

    test('updates of one coin, from the coin filter', async ({ page }) => {
      await page.goto(`${L.prefix}/dynamic`);
      const chip = page.getByTestId('coin-filter').locator('a[data-coin]').first();
      const coin = await chip.getAttribute('data-coin');
      await chip.click();
      await expect(page).toHaveURL(new RegExp(`coin=${coin}`));
      const coins = await page
        .getByTestId('update-item')
        .evaluateAll((els) => els.map((e) => e.getAttribute('data-coin')));
      expect(coins.length).toBeGreaterThan(0);
      expect(new Set(coins)).toEqual(new Set([coin]));
      const unknown = await page.goto(`${L.prefix}/dynamic?coin=no-such-coin`);
      expect(unknown?.status()).toBe(404);
    });

    test('questions: newest, unanswered, detail with answers accepted first then by votes', async ({ page }) => {
      const res = await page.goto(`${L.prefix}/question`);
      expect(res?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(L.question);
      await expect(page.getByTestId('question-item')).toHaveCount(10);

      await page.getByTestId('question-sort').getByRole('link', { name: L.unanswered }).click();
      await expect(page).toHaveURL(/sort=unanswered/);
      const open = await page
        .getByTestId('question-item')
        .evaluateAll((els) => els.map((e) => e.getAttribute('data-answers')));
      expect(open.length).toBeGreaterThan(0);
      expect(new Set(open)).toEqual(new Set(['0']));

      await page.goto(`${L.prefix}/question?sort=views`);
      const answered = page.locator('[data-testid="question-item"]:not([data-answers="0"])').first();
      const link = answered.locator('.title a');
      const title = (await link.textContent())!.trim();
      await link.click();
      await expect(page).toHaveURL(/\/question\/\d+$/);
      await expect(page.getByTestId('question-title')).toHaveText(title);
      const answers = page.getByTestId('answer');
      expect(await answers.count()).toBeGreaterThan(0);
      const rows = await answers.evaluateAll((els) =>
        els.map((e) => ({
          accepted: e.getAttribute('data-accepted') === 'true',
          votes: Number(e.getAttribute('data-votes')),
        })),
      );
      const firstOpen = rows.findIndex((r) => !r.accepted);
      expect(rows.filter((r) => r.accepted).length).toBeLessThanOrEqual(1);
      if (rows[0]!.accepted) await expect(answers.first()).toContainText(L.accepted);
      const rest = rows.slice(firstOpen === -1 ? rows.length : firstOpen).map((r) => r.votes);
      expect(rest.every((v, i) => i === 0 || rest[i - 1]! >= v)).toBe(true);
      await expect(page.locator('main form')).toHaveCount(0);

      await expectMissing(page, `${L.prefix}/question/999999`, L.missing);
    });

    test('Q&A hub: totals, hot questions, answers, waiting and by coin', async ({ page }) => {
      const res = await page.goto(`${L.prefix}/wenda`);
      expect(res?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(L.wenda);
      await expect(page.getByTestId('wenda-stats').locator('.card')).toHaveCount(4);
      const hot = page.getByTestId('hot-questions').getByTestId('question-item');
      expect(await hot.count()).toBeGreaterThan(0);
      expect(await page.getByTestId('wenda-recent').locator('li').count()).toBeGreaterThan(0);
      expect(await page.getByTestId('wenda-coins').locator('li').count()).toBeGreaterThan(0);

      const coinLink = page.getByTestId('wenda-coins').locator('li a.small').first();
      await coinLink.click();
      await expect(page).toHaveURL(/\/question\?coin=/);
      expect(await page.getByTestId('question-item').count()).toBeGreaterThan(0);

      await page.goto(`${L.prefix}/wenda`);
      const link = hot.first().locator('h3 a');
      const title = (await link.textContent())!.trim();
      await link.click();
      await expect(page.getByTestId('question-title')).toHaveText(title);
    });

    for (const platform of ['twitter', 'weibo'] as const) {
      test(`${platform}: feed, filters, detail, wrong-platform 404`, async ({ page }) => {
        const res = await page.goto(`${L.prefix}/${platform}`);
        expect(res?.status()).toBe(200);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(L[platform]);
        const posts = page.getByTestId('social-feed').getByTestId('social-post');
        await expect(posts).toHaveCount(10);
        const platforms = await posts.evaluateAll((els) => els.map((e) => e.getAttribute('data-platform')));
        expect(new Set(platforms)).toEqual(new Set([platform]));
        await expect(posts.first().getByTestId('original-link')).toHaveAttribute('rel', 'nofollow noopener');
        await expect(posts.first().getByTestId('original-link')).toHaveAttribute(
          'href',
          platform === 'twitter' ? /^https:\/\/x\.com\// : /^https:\/\/weibo\.com\//,
        );

        const exchange = page.getByTestId('social-exchange-filter').locator('a[data-exchange]').first();
        const name = (await exchange.textContent())!.trim();
        await exchange.click();
        await expect(page).toHaveURL(/exchange=/);
        await expect(page.getByRole('heading', { level: 1 })).toContainText(name);
        expect(await posts.count()).toBeGreaterThan(0);

        await page.goto(`${L.prefix}/${platform}?page=2`);
        const post = posts.first();
        const id = await post.getAttribute('data-id');
        await post.locator('.text a').click();
        await expect(page).toHaveURL(new RegExp(`/${platform}/${id}$`));
        await expect(page.getByTestId('social-post')).toHaveAttribute('data-id', id!);

        // The same id under the other platform's path does not exist.
        const other = platform === 'twitter' ? 'weibo' : 'twitter';
        await expectMissing(page, `${L.prefix}/${other}/${id}`, L.missing);
        await expectMissing(page, `${L.prefix}/${platform}/99999999`, L.missing);
      });
    }
  });
}
