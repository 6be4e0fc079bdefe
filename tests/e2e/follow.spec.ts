// Columnist follows and content bookmarks in the browser (issue 10): follow a columnist on their
// page → still followed after a reload and on the list and their article's byline → their
// article under "my interests" in the user centre → unfollow there; bookmark an article, a flash
// news item and an announcement → they are in the Bookmarks tab → remove them. A visitor's press
// opens the login dialog and changes nothing; a refused request leaves the button as it was and
// shows the server's message.
import { randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { axe } from './axe.ts';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { signature } from '../../src/lib/signature.ts';

const LOCALES = [
  { prefix: '', lan: 'en' },
  { prefix: '/zh', lan: 'zh' },
] as const;

type Strings = {
  follow: Record<string, string> & { bookmarks: Record<string, string>; interests: Record<string, string> };
};
const strings = (lan: string) =>
  (JSON.parse(readFileSync(new URL(`../../locales/follows/${lan}.json`, import.meta.url), 'utf8')) as Strings).follow;

async function bearer(page: Page): Promise<string> {
  const jwt = (await page.context().cookies()).find((c) => c.name === 'jwt');
  expect(jwt, 'jwt cookie').toBeTruthy();
  return decodeURIComponent(jwt!.value);
}

/** The ids of the columnists the signed-in reader follows, as the server has them. */
async function followedOnServer(page: Page, request: APIRequestContext): Promise<number[]> {
  const t = await signature(Date.now(), 'coinlens');
  const res = await request.get(`/api/new/v1/columnist/list?size=0&t=${t}&lan=en`, {
    headers: { Authorization: `Bearer ${await bearer(page)}` },
  });
  const body = (await res.json()) as { code: number; data: { _id: number }[] };
  expect(body.code).toBe(0);
  return body.data.map((c) => c._id);
}

async function signUp(page: Page, prefix: string) {
  const name = `fol_${Date.now().toString(36).slice(-5)}${randomInt(1e3, 1e4)}`;
  await page.goto(`${prefix}/user/register`);
  await page.getByTestId('register-username').fill(name);
  await page.getByTestId('register-email').fill(`${name}@example.com`);
  await page.getByTestId('register-password').fill('follow-pass-1');
  await page.getByTestId('register-confirm').fill('follow-pass-1');
  await page.getByTestId('register-submit').click();
  await expect(page.getByTestId('account-name')).toHaveText(name);
  return name;
}

/** The newest news article and its columnist (the news list's first item has a byline). */
async function newestArticle(page: Page, prefix: string) {
  await page.goto(`${prefix}/news`);
  await page.getByTestId('article-list').locator('h2 a').first().click();
  const author = page.getByTestId('byline').locator('a[rel="author"]');
  await expect(author).toBeVisible();
  const columnist = Number(/\/columnist\/(\d+)$/.exec((await author.getAttribute('href'))!)![1]);
  return {
    url: new URL(page.url()).pathname,
    title: (await page.getByTestId('article-title').innerText()).trim(),
    columnist,
  };
}

async function expectAccessible(page: Page) {
  const results = await axe(page)
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .analyze();
  const bad = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(bad, bad.join('\n')).toEqual([]);
}

// The visitor's refusal in both languages; the signed-in flows once each, by turns (their words are
// held to en's keys by locales.test.ts, the code path is the same).
for (const L of LOCALES) {
  const s = strings(L.lan);

  test.describe(`follows and bookmarks (${L.lan})`, () => {
    test('a visitor who presses follow or bookmark gets the login dialog, and nothing changes', async ({ page }) => {
      const article = await newestArticle(page, L.prefix);
      const asked: string[] = [];
      page.on('request', (r) => {
        if (/\/api\/(new\/v1\/columnist|v1\/favorite\/page)/.test(r.url())) asked.push(r.url());
      });
      await page.goto(`${L.prefix}/columnist/${article.columnist}`);
      const follow = page.getByTestId('columnist').getByTestId('follow');
      await expect(follow).toHaveAttribute('aria-pressed', 'false');
      await expect(follow).toHaveText(new RegExp(s.follow!));
      await follow.click();
      await expect(page.getByTestId('login-dialog')).toBeVisible();
      await expect(follow).toHaveAttribute('aria-pressed', 'false');

      await page.goto(article.url);
      const bookmark = page.getByTestId('bookmark');
      await bookmark.click();
      await expect(page.getByTestId('login-dialog')).toBeVisible();
      await expect(bookmark).toHaveAttribute('aria-pressed', 'false');
      await expect(bookmark).toHaveText(new RegExp(s.bookmark!));
      expect(asked).toEqual([]);
    });

    if (L.lan === 'zh')
      test('follow a columnist, find their article under my interests, unfollow', async ({ page, request }) => {
        const article = await newestArticle(page, L.prefix);
        const name = await signUp(page, L.prefix);

        await page.goto(`${L.prefix}/columnist/${article.columnist}`);
        // Their newest article in any language: the first under my interests once they are the only one followed.
        const newest = (await page.getByTestId('article-list').locator('h2 a').first().innerText()).trim();
        const follow = page.getByTestId('columnist').getByTestId('follow');
        await expect(follow).toHaveAttribute('aria-pressed', 'false');
        // A refusal (say, the 500 cap) leaves the button as it was and shows the server's words.
        await page.route('**/api/new/v1/columnist/save**', (route) =>
          route.fulfill({
            status: 400,
            contentType: 'application/json',
            body: JSON.stringify({ code: 4102, data: null, msg: 'Refused for the test' }),
          }),
        );
        await follow.click();
        await expect(page.getByTestId('act-msg')).toHaveText('Refused for the test');
        await expect(follow).toHaveAttribute('aria-pressed', 'false');
        await page.unroute('**/api/new/v1/columnist/save**');

        await follow.click();
        await expect(follow).toHaveAttribute('aria-pressed', 'true');
        await expect(follow).toHaveText(new RegExp(s.following!));
        await expect(page.getByTestId('act-msg')).toHaveCount(0);
        expect(await followedOnServer(page, request)).toEqual([article.columnist]);
        await page.reload();
        await expect(follow).toHaveAttribute('aria-pressed', 'true');
        await expectAccessible(page);

        // Logging out unmarks the button; logging in again from the dialog its press opens marks it again.
        await page.getByTestId('account-menu').locator('summary').click();
        await page.getByTestId('logout').click();
        await expect(page.getByTestId('header-login')).toBeVisible();
        await expect(follow).toHaveAttribute('aria-pressed', 'false');
        await follow.click();
        const dialog = page.getByTestId('login-dialog');
        await dialog.getByTestId('login-account').fill(name);
        await dialog.getByTestId('login-password').fill('follow-pass-1');
        await dialog.getByTestId('login-submit').click();
        await expect(dialog).toBeHidden();
        await expect(follow).toHaveAttribute('aria-pressed', 'true');

        // The list of columnists and the article's byline show the same state.
        await page.goto(`${L.prefix}/columnist`);
        const onList = page.locator(`button[data-follow="${article.columnist}"]`);
        if ((await onList.count()) > 0) await expect(onList.first()).toHaveAttribute('aria-pressed', 'true');
        await page.goto(article.url);
        await expect(page.getByTestId('follow')).toHaveAttribute('aria-pressed', 'true');

        await page.goto(`${L.prefix}/user#interests`);
        await expect(page.getByTestId('tab-interests')).toHaveAttribute('aria-selected', 'true');
        await expect(page.getByTestId('interests-columnists').locator('li')).toHaveCount(1);
        await expect(page.getByTestId('interests-articles').locator('li').first().locator('a.title')).toHaveText(
          newest,
        );
        await expectAccessible(page);
        await page.getByTestId('unfollow').click();
        await expect(page.getByTestId('interests-empty')).toContainText(s.interests.empty!);
        await expect(page.getByTestId('interests-empty').getByRole('link')).toHaveAttribute(
          'href',
          `${L.prefix}/columnist`,
        );
        expect(await followedOnServer(page, request)).toEqual([]);
        // The tab follows the address without a reload.
        await page.evaluate(() => (location.hash = 'bookmarks'));
        await expect(page.getByTestId('tab-bookmarks')).toHaveAttribute('aria-selected', 'true');

        await page.goto(`${L.prefix}/columnist/${article.columnist}`);
        await expect(follow).toHaveAttribute('aria-pressed', 'false');
      });

    if (L.lan === 'en')
      test('bookmark an article, a flash news item and an announcement, see them under Bookmarks, remove them', async ({
        page,
      }) => {
        const article = await newestArticle(page, L.prefix);
        await signUp(page, L.prefix);
        // A failed list says so with the server's words and offers to try again.
        await page.route('**/api/v1/favorite/page?**', (route) =>
          route.fulfill({
            status: 500,
            contentType: 'application/json',
            body: JSON.stringify({ code: 500, data: null, msg: 'Down for the test' }),
          }),
        );
        await page.goto(`${L.prefix}/user#bookmarks`);
        await expect(page.getByTestId('bookmarks-error')).toContainText('Down for the test');
        await page.unroute('**/api/v1/favorite/page?**');
        await page.getByTestId('bookmarks-error').getByRole('button').click();
        await expect(page.getByTestId('bookmarks-empty')).toContainText(s.bookmarks.empty!);

        await page.goto(article.url);
        const bookmark = page.getByTestId('bookmark');
        await expect(bookmark).toHaveAttribute('aria-pressed', 'false');
        await bookmark.click();
        await expect(bookmark).toHaveAttribute('aria-pressed', 'true');
        await expect(bookmark).toHaveText(new RegExp(s.bookmarked!));
        await page.reload();
        await expect(bookmark).toHaveAttribute('aria-pressed', 'true');

        await page.goto(`${L.prefix}/lives`);
        await page.locator('.lives-title a').first().click();
        const flashTitle = (await page.getByTestId('lives-detail-title').innerText()).trim();
        await page.getByTestId('bookmark').click();
        await expect(page.getByTestId('bookmark')).toHaveAttribute('aria-pressed', 'true');

        await page.goto(`${L.prefix}/announcement`);
        await page.getByTestId('announcement-list').locator('li a.title').first().click();
        const noticeTitle = (await page.getByTestId('announcement-title').innerText()).trim();
        await page.getByTestId('bookmark').click();
        await expect(page.getByTestId('bookmark')).toHaveAttribute('aria-pressed', 'true');
        await expectAccessible(page);

        await page.goto(`${L.prefix}/user#bookmarks`);
        const items = page.getByTestId('bookmarks-list').locator('li');
        await expect(items).toHaveCount(3);
        // Newest saved first, each linking to its page, with its kind.
        await expect(items.locator('a.title')).toHaveText([noticeTitle, flashTitle, article.title]);
        await expect(items.getByTestId('bookmark-kind')).toHaveText([
          s.bookmarks.kind_announcement!,
          s.bookmarks.kind_flash!,
          s.bookmarks.kind_article!,
        ]);
        await expect(items.nth(2).locator('a.title')).toHaveAttribute('href', article.url);
        await expectAccessible(page);

        await items.nth(2).getByTestId('bookmark-remove').click();
        await expect(items).toHaveCount(2);
        await items.first().getByTestId('bookmark-remove').click();
        await expect(items).toHaveCount(1);
        await items.first().getByTestId('bookmark-remove').click();
        await expect(page.getByTestId('bookmarks-empty')).toBeVisible();

        await page.goto(article.url);
        await expect(page.getByTestId('bookmark')).toHaveAttribute('aria-pressed', 'false');
      });

    if (L.lan === 'zh')
      test('my interests: articles of every followed columnist, newest first, a page at a time', async ({
        page,
        request,
      }) => {
        await signUp(page, L.prefix);
        await page.goto(`${L.prefix}/columnist`);
        const ids = (
          await page
            .locator('button[data-follow]')
            .evaluateAll((els) => els.map((e) => Number((e as HTMLElement).dataset.follow)))
        ).slice(0, 4);
        expect(ids.length).toBe(4);
        // Each press is its own request; the list on the server follows.
        for (const id of ids) {
          const button = page.locator(`button[data-follow="${id}"]`);
          await button.click();
          await expect(button).toHaveAttribute('aria-pressed', 'true');
        }
        expect((await followedOnServer(page, request)).sort()).toEqual([...ids].sort());

        await page.route('**/api/new/v2/content/follow?**', (route) =>
          route.fulfill({
            status: 500,
            contentType: 'application/json',
            body: JSON.stringify({ code: 500, data: null, msg: 'Down for the test' }),
          }),
        );
        await page.goto(`${L.prefix}/user#interests`);
        await expect(page.getByTestId('interests-error')).toContainText('Down for the test');
        await page.unroute('**/api/new/v2/content/follow?**');
        await page.getByTestId('interests-error').getByRole('button').click();

        await expect(page.getByTestId('interests-columnists').locator('li')).toHaveCount(4);
        const items = page.getByTestId('interests-articles').locator('li');
        await expect(items).toHaveCount(10);
        await page.getByTestId('interests-more').click();
        await expect.poll(() => items.count()).toBeGreaterThan(10);
        const times = await items.locator('time').evaluateAll((els) => els.map((e) => e.getAttribute('datetime')!));
        expect(times).toEqual([...times].sort().reverse());
        expect(new Set(await items.locator('a.title').allInnerTexts()).size).toBe(times.length);
      });
  });
}
