// Languages a reader sees (issue 22 §4): server messages on Traditional Chinese pages, Korean line
// breaking, and content shown in another language than the page's, which says so.
import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';

const strings = (file: string) =>
  JSON.parse(readFileSync(new URL(`../../locales/${file}`, import.meta.url), 'utf8')) as Record<
    string,
    Record<string, unknown>
  >;

test('a zh-hk page shows a server message in Traditional characters (the browser sends lan=zh)', async ({ page }) => {
  const auth = strings('auth/zh-hk.json').auth as Record<string, string>;
  const lans: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/new/v1/login')) lans.push(new URL(r.url()).searchParams.get('lan') ?? '');
  });
  await page.goto('/zh-hk/user');
  await expect(page.getByTestId('login-dialog')).toBeVisible();
  await page.getByTestId('login-account').fill('nobody-at-all');
  await page.getByTestId('login-password').fill('wrong-pass');
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('login-note')).toHaveText(auth.loginFailed!);
  await expect(page.getByTestId('login-note')).toHaveText('賬號或密碼錯誤。');
  expect(lans).toEqual(['zh']);
});

test('Korean breaks lines between words, never inside one ("거래/소", "29/일"), on a phone', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  for (const path of ['/ko/', '/ko/calendar?view=week']) {
    await page.goto(path);
    const found = await page.evaluate(() => {
      const style = getComputedStyle(document.body);
      const broken: string[] = [];
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      while (walker.nextNode()) {
        const node = walker.currentNode as Text;
        for (const m of node.data.matchAll(/[0-9\uac00-\ud7af]*[\uac00-\ud7af][0-9\uac00-\ud7af]*/g)) {
          if (m[0].length < 2) continue;
          const range = document.createRange();
          range.setStart(node, m.index);
          range.setEnd(node, m.index + m[0].length);
          const lines = new Set(
            [...range.getClientRects()].filter((r) => r.width > 0 && r.height > 0).map((r) => Math.round(r.top)),
          );
          if (lines.size > 1) broken.push(m[0]);
        }
      }
      return { wordBreak: style.wordBreak, overflowWrap: style.overflowWrap, broken };
    });
    expect(found, path).toEqual({ wordBreak: 'keep-all', overflowWrap: 'break-word', broken: [] });
  }
});

test('content in another language than the page carries its lang and a visible language tag', async ({ page }) => {
  // Korean pages list English flash news.
  await page.goto('/ko/lives');
  const en = page.locator('[data-testid="lives-item"]', { has: page.locator('[data-lang-tag="en"]') }).first();
  await expect(en.locator('.lives-title a')).toHaveAttribute('lang', 'en');
  await expect(en.locator('.lives-body')).toHaveAttribute('lang', 'en');
  await expect(en.locator('[data-lang-tag="en"]')).toHaveText('영어');
  await expect(en.locator('[data-lang-tag="en"]')).toBeVisible();

  // A Traditional Chinese page lists Simplified rows converted to Traditional (OpenCC), said so:
  // the text is then in the page's script, so it carries no lang of its own.
  await page.goto('/zh-hk/lives');
  const zh = page.getByTestId('lives-item').first();
  await expect(zh.locator('.lives-title a')).not.toHaveAttribute('lang', /./);
  await expect(zh.getByTestId('converted')).toHaveText('簡轉繁');
  await expect(page.getByTestId('converted-note').first()).toContainText('OpenCC');
  // A zh page's own rows carry nothing.
  await page.goto('/zh/lives');
  await expect(page.getByTestId('lives-item').first().locator('[data-lang-tag]')).toHaveCount(0);

  // An English article opened on a Chinese page (a shared link).
  await page.goto('/en/news');
  const href = await page.getByTestId('article-list').locator('h2.title a').first().getAttribute('href');
  await page.goto(`/zh${href!.replace(/^\/en/, '')}`);
  await expect(page.getByTestId('article-title')).toHaveAttribute('lang', 'en');
  await expect(page.getByTestId('article-body')).toHaveAttribute('lang', 'en');
  await expect(page.locator('main [data-lang-tag="en"]').first()).toHaveText('英文');

  // Calendar events are written in English.
  await page.goto('/zh/calendar?view=month');
  const event = page.getByTestId('calendar-event').first();
  await expect(event.locator('.cal-title [lang="en"]')).toHaveCount(1);
  await expect(event.locator('[data-lang-tag="en"]')).toHaveText('英文');
});

/** Scrolls to the price chart, whose island may swap the placeholder for the chart meanwhile. */
const scrollToChart = (page: Page) =>
  expect(async () => {
    await page.getByTestId('price-chart').scrollIntoViewIfNeeded({ timeout: 2000 });
  }).toPass({ timeout: 15_000 });

test('English texts that come with the data (coins, exchanges, wiki, questions) say so on zh and ko pages, and only there', async ({
  page,
}) => {
  // A coin's description and an exchange's are written in English: lang="en" and the tag on Chinese and Korean pages.
  for (const [prefix, word] of [
    ['/zh', '英文'],
    ['/ko', '영어'],
  ] as const) {
    await page.goto(`${prefix}/coin/bitcoin`);
    await expect(page.getByTestId('coin-description')).toHaveAttribute('lang', 'en');
    await expect(page.locator('h2:has(+ [data-testid="coin-description"]) [data-lang-tag="en"]')).toHaveText(word);
    await expect(page.locator('h2:has(+ [data-testid="coin-description"]) [data-lang-tag="en"]')).toBeVisible();
    // The meta description is the page's own language, not the English description.
    expect(await page.locator('meta[name="description"]').getAttribute('content')).not.toBe(
      await page.getByTestId('coin-description').textContent(),
    );
    await page.goto(`${prefix}/exchange/binance`);
    await expect(page.getByTestId('exchange-description')).toHaveAttribute('lang', 'en');
    await expect(page.locator('h2:has(+ [data-testid="exchange-description"]) [data-lang-tag="en"]')).toHaveText(word);
  }
  // Korean pages show the English wiki and questions (there are no Korean ones).
  await page.goto('/ko/bitwiki');
  const entry = page.getByTestId('bitwiki-list').locator('li').first();
  await expect(entry.locator('.nm')).toHaveAttribute('lang', 'en');
  await expect(entry.locator('[data-lang-tag="en"]')).toHaveText('영어');
  await entry.getByTestId('wiki-entry').click();
  await expect(page.getByTestId('entry-title').locator('[lang="en"]')).toHaveCount(1);
  await expect(page.getByTestId('entry-body')).toHaveAttribute('lang', 'en');
  await expect(page.locator('main .meta [data-lang-tag="en"]')).toBeVisible();
  await page.goto('/ko/question');
  const question = page.getByTestId('question-item').first();
  await expect(question.locator('.title a')).toHaveAttribute('lang', 'en');
  await expect(question.locator('[data-lang-tag="en"]')).toHaveText('영어');

  // The chart's news markers: a Korean page's English headlines carry lang="en" and the tag in their card.
  await page.goto('/ko/coin/bitcoin');
  await scrollToChart(page);
  await expect(page.locator('.news-card .news-title[lang="en"]').first()).toBeAttached();
  const headlines = await page.locator('.news-card .news-title').count();
  expect(await page.locator('.news-card .news-title[lang="en"]').count()).toBe(headlines);
  expect(await page.locator('.news-card [data-lang-tag="en"]').count()).toBe(headlines);
  await expect(page.locator('.news-card [data-lang-tag="en"]').first()).toHaveText('영어');

  // English pages: the same texts carry no lang of their own and no tag.
  await page.goto('/en/coin/bitcoin');
  await scrollToChart(page);
  await expect(page.locator('.news-card .news-title').first()).toBeAttached();
  await expect(page.locator('.news-card :is([lang], [data-lang-tag])')).toHaveCount(0);
  for (const [path, texts] of [
    ['/en/coin/bitcoin', '[data-testid="coin-description"]'],
    ['/en/exchange/binance', '[data-testid="exchange-description"]'],
    ['/en/bitwiki', '[data-testid="bitwiki-list"] :is(.nm, p)'],
    ['/en/question', '[data-testid="question-item"] :is(.title a, p)'],
  ] as const) {
    await page.goto(path);
    await expect(page.locator(texts).first(), path).toBeVisible();
    await expect(page.locator(`${texts}[lang]`), path).toHaveCount(0);
    await expect(page.locator('main [data-lang-tag]'), path).toHaveCount(0);
  }
});
