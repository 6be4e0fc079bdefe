import { expect, test, type Page } from '@playwright/test';

const LOCALES = [
  {
    prefix: '',
    heading: 'Flash news',
    calendar: 'Event calendar',
    day: /^(Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday), [A-Z][a-z]+ \d{1,2}, \d{4}$/,
    month: /^[A-Z][a-z]+ \d{4}$/,
    views: { day: 'Day', week: 'Week', month: 'Month' },
    next: 'Next week',
    loadMore: 'Load more',
    missing: 'Content does not exist or has been removed',
    script: /[A-Za-z]/,
  },
  {
    prefix: '/zh',
    heading: '快讯',
    calendar: '事件日历',
    day: /^\d{4}年\d{1,2}月\d{1,2}日星期[一二三四五六日]$/,
    month: /^\d{4}年\d{1,2}月$/,
    views: { day: '日', week: '周', month: '月' },
    next: '下一周',
    loadMore: '加载更多',
    missing: '内容不存在或已被删除',
    script: /[\u4e00-\u9fff]/,
  },
] as const;

async function noBrokenText(page: Page) {
  await expect(page.locator('main')).not.toContainText(
    /\bundefined\b|\bNaN\b|\[object Object\]|\blives\.|\bcalendar\./,
  );
}

const ids = async (page: Page) =>
  await page.getByTestId('lives-item').evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-id'))));

for (const L of LOCALES) {
  test.describe(`flash news in ${L.prefix || '/en'}`, () => {
    test('shows the timeline by day with flags, coin chips and votes, and opens an item', async ({ page }) => {
      const res = await page.goto(`${L.prefix}/lives`);
      expect(res?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(L.heading);
      // The seeder's flash news, said once under the heading, not on every item.
      await expect(page.getByTestId('demo-kind-note')).toBeVisible();
      await expect(page.getByTestId('lives-timeline').getByTestId('demo-item')).toHaveCount(0);
      await expect(page.getByTestId('lives-item')).toHaveCount(10);
      const days = await page.getByTestId('lives-day').allInnerTexts();
      expect(days.length).toBeGreaterThan(0);
      for (const d of days) expect(d.trim()).toMatch(L.day);
      const titles = await page.locator('.lives-title a').allInnerTexts();
      expect(titles.every((t) => L.script.test(t))).toBe(true);
      const chip = page.getByTestId('lives-coin').first();
      await expect(chip).toHaveAttribute('href', new RegExp(`^${L.prefix}/coin/[a-z0-9-]+$`));
      await expect(page.locator('.lives-votes').first()).toContainText(/\d/);
      await noBrokenText(page);

      const first = page.locator('.lives-title a').first();
      const title = (await first.innerText()).trim();
      await first.click();
      await expect(page).toHaveURL(new RegExp(`${L.prefix}/lives/\\d+$`));
      await expect(page.getByTestId('lives-detail-title')).toContainText(title);
      await expect(page.locator('main time[datetime]').first()).toHaveText(/\d\D*\s\d{2}:\d{2} UTC$/);
      await expect(page.getByTestId('lives-detail-body')).not.toBeEmpty();
      await expect(page.getByTestId('lives-votes')).toContainText(/\d/);
      await expect(page.getByTestId('lives-older')).toBeVisible();
      await expect(page.locator('script[type="application/ld+json"]')).toHaveCount(1);
      await noBrokenText(page);
      // The older neighbour leads on through the timeline.
      await page.getByTestId('lives-older').click();
      await expect(page).toHaveURL(new RegExp(`${L.prefix}/lives/\\d+$`));
      await expect(page.getByTestId('lives-newer')).toBeVisible();
    });

    test('"load more" appends the next items in place', async ({ page }) => {
      await page.goto(`${L.prefix}/lives`);
      const before = await ids(page);
      // No framework code until the visitor reaches for the button: until then it is a plain
      // link to the next page; pointing at it hydrates the island.
      const island = page.locator('astro-island[component-url*="LoadMore"]');
      await page.waitForLoadState('networkidle');
      await expect(island).toHaveAttribute('ssr', '');
      const more = page.getByTestId('lives-load-more');
      await more.hover();
      await expect(island).not.toHaveAttribute('ssr', /.*/);
      await expect(more).toHaveText(L.loadMore);
      await more.click();
      await expect(page.getByTestId('lives-item')).toHaveCount(20);
      const after = await ids(page);
      expect(after.slice(0, 10)).toEqual(before);
      expect(new Set(after).size).toBe(20);
      await expect(page).toHaveURL(new RegExp(`${L.prefix}/lives$`));
    });

    test('"load more" is a link to the next page without JavaScript', async ({ browser }) => {
      const context = await browser.newContext({ javaScriptEnabled: false });
      const page = await context.newPage();
      await page.goto(`${L.prefix}/lives?important=1`);
      const first = await ids(page);
      expect(first.length).toBeGreaterThan(0);
      await expect(page.locator('.lives-item.important')).toHaveCount(first.length);
      const href = await page.getByTestId('lives-load-more').getAttribute('href');
      expect(href).toMatch(new RegExp(`^${L.prefix}/lives\\?important=1&before=${first.at(-1)}$`));
      await page.getByTestId('lives-load-more').click();
      await expect(page).toHaveURL(/before=/);
      const second = await ids(page);
      expect(second.length).toBeGreaterThan(0);
      expect(second.some((id) => first.includes(id))).toBe(false);
      expect(Math.max(...second)).toBeLessThan(Math.min(...first));
      await context.close();
    });

    test('answers a missing item and a bad cursor with 404', async ({ page }) => {
      const res = await page.goto(`${L.prefix}/lives/999999`);
      expect(res?.status()).toBe(404);
      await expect(page.getByTestId('content-missing')).toContainText(L.missing);
      expect((await page.goto(`${L.prefix}/lives/not-a-number`))?.status()).toBe(404);
      expect((await page.goto(`${L.prefix}/lives?before=999999`))?.status()).toBe(404);
      await expect(page.getByTestId('lives-bad-cursor')).toBeVisible();
    });
  });

  test.describe(`event calendar in ${L.prefix || '/en'}`, () => {
    test('week view: seven days from Monday, steps a week, opens an event', async ({ page }) => {
      const res = await page.goto(`${L.prefix}/calendar`);
      expect(res?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(L.calendar);
      await expect(page.getByTestId('calendar-views').locator('[aria-current="page"]')).toHaveText(L.views.week);
      const days = page.getByTestId('calendar-day');
      await expect(days).toHaveCount(7);
      const firstDay = await days.first().getAttribute('data-day');
      expect(new Date(`${firstDay}T00:00:00Z`).getUTCDay()).toBe(1);
      for (const d of await page.locator('.cal-day-head time').allInnerTexts()) expect(d.trim()).toMatch(L.day);
      const heading = await page.getByTestId('calendar-heading').innerText();
      await page.getByTestId('calendar-next').click();
      await expect(page).toHaveURL(/date=\d{4}-\d{2}-\d{2}/);
      await expect(page.getByTestId('calendar-heading')).not.toHaveText(heading);
      const nextFirst = await page.getByTestId('calendar-day').first().getAttribute('data-day');
      expect(Date.parse(`${nextFirst}T00:00:00Z`) - Date.parse(`${firstDay}T00:00:00Z`)).toBe(7 * 86_400_000);
      await page.getByTestId('calendar-today').click();
      await expect(page.getByTestId('calendar-heading')).toHaveText(heading);

      const event = page.getByTestId('calendar-event').first();
      await expect(event.getByTestId('calendar-importance')).toBeVisible();
      await expect(event.getByTestId('calendar-votes')).toContainText(/\d/);
      await expect(event.getByTestId('calendar-source')).toBeVisible();
      const title = (await event.locator('h3 a').innerText()).trim();
      await event.locator('h3 a').click();
      await expect(page).toHaveURL(new RegExp(`${L.prefix}/calendar/\\d+$`));
      await expect(page.getByTestId('calendar-detail-title')).toHaveText(title);
      await expect(page.getByTestId('calendar-facts')).toBeVisible();
      await expect(page.getByTestId('calendar-facts').getByTestId('calendar-credibility')).toContainText(/%|--/);
      // The day and the time apart ("…2026 at 10:00 UTC", "…星期一 10:00 UTC"), never "202610:00".
      await expect(page.getByTestId('calendar-facts').locator(`time[datetime]`).first()).toHaveText(
        /\d\D*\s\d{2}:\d{2} UTC$/,
      );
      await noBrokenText(page);
    });

    test('day view lists today, month view draws the grid and the agenda', async ({ page }) => {
      await page.goto(`${L.prefix}/calendar`);
      await page.getByTestId('calendar-views').getByRole('link', { name: L.views.day, exact: true }).click();
      await expect(page).toHaveURL(/view=day/);
      await expect(page.getByTestId('calendar-day')).toHaveCount(1);
      await expect(page.getByTestId('calendar-heading')).toHaveText(L.day);
      await expect(page.getByTestId('calendar-event').first()).toBeVisible(); // the seed puts events on today

      await page.getByTestId('calendar-views').getByRole('link', { name: L.views.month, exact: true }).click();
      await expect(page).toHaveURL(/view=month/);
      await expect(page.getByTestId('calendar-heading')).toHaveText(L.month);
      const grid = page.getByTestId('calendar-month-grid');
      await expect(grid.locator('thead th')).toHaveCount(7);
      const weeks = await grid.locator('tbody tr').count();
      expect(weeks).toBeGreaterThanOrEqual(4);
      expect(weeks).toBeLessThanOrEqual(6);
      await expect(page.getByTestId('calendar-cell-event').first()).toBeVisible();
      await page.getByTestId('calendar-cell-event').first().click();
      await expect(page).toHaveURL(new RegExp(`${L.prefix}/calendar/\\d+$`));
      await expect(page.getByTestId('calendar-detail-title')).toBeVisible();
      await page.getByTestId('calendar-day-link').click();
      await expect(page).toHaveURL(/view=day&date=\d{4}-\d{2}-\d{2}/);
      await expect(page.getByTestId('calendar-event').first()).toBeVisible();
    });

    test('filters by importance', async ({ page }) => {
      await page.goto(`${L.prefix}/calendar?view=month&importance=4`);
      const levels = await page
        .getByTestId('calendar-event')
        .getByTestId('calendar-importance')
        .evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-level'))));
      expect(levels.length).toBeGreaterThan(0);
      expect(levels.every((l) => l >= 4)).toBe(true);
    });

    test('answers a missing event and an unreadable view or date with 404', async ({ page }) => {
      const res = await page.goto(`${L.prefix}/calendar/999999`);
      expect(res?.status()).toBe(404);
      await expect(page.getByTestId('content-missing')).toContainText(L.missing);
      expect((await page.goto(`${L.prefix}/calendar?view=year`))?.status()).toBe(404);
      expect((await page.goto(`${L.prefix}/calendar?date=2026-02-30`))?.status()).toBe(404);
      await expect(page.getByTestId('calendar-bad-query')).toBeVisible();
      // Empty fields (a submitted form) mean the defaults: this week around today.
      expect((await page.goto(`${L.prefix}/calendar?view=&date=`))?.status()).toBe(200);
      await expect(page.getByTestId('calendar-views').locator('[aria-current="page"]')).toHaveCount(1);
    });
  });
}

test('the coin page of bitcoin shows its flash news and calendar events', async ({ page }) => {
  for (const tab of ['lives', 'calendar']) {
    const res = await page.goto(`/coin/bitcoin/${tab}`);
    expect(res?.status()).toBe(200);
    const items = page.getByTestId('content-list').locator('li');
    expect(await items.count()).toBeGreaterThan(3);
    await items.first().locator('a').first().click();
    await expect(page).toHaveURL(new RegExp(`/${tab}/\\d+$`));
    expect(await page.locator('h1').first().innerText()).not.toBe('');
  }
});

// Issue 22 §5, "load more" on a phone and Back. A tap lands on the button before its code has
// loaded (held back here): it must still append, not open page 2 in place of page 1. And a
// reader who opens an item and comes Back finds the page as they left it: the page goes into
// the back/forward cache (Playwright turns that cache off; this browser keeps it), and a page
// with live prices closes its stream on the way out and opens it again on the way back.
test.describe('"load more" on a phone, and Back', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("a tap before the button's code has loaded appends the next items", async ({ page }) => {
    await page.goto('/lives');
    await page.waitForLoadState('networkidle');
    const before = await ids(page);
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let asked = false;
    await page.route(/\/_astro\/LoadMore[^/]*\.js$/, async (route) => {
      asked = true;
      await held;
      await route.continue();
    });
    const more = page.getByTestId('lives-load-more');
    await more.scrollIntoViewIfNeeded();
    await more.tap();
    await expect.poll(() => asked).toBe(true);
    await page.waitForTimeout(300); // the tap's click has come and gone
    await expect(page).toHaveURL(/\/lives$/);
    release();
    await expect(page.getByTestId('lives-item')).toHaveCount(20);
    expect((await ids(page)).slice(0, 10)).toEqual(before);
    await expect(page).toHaveURL(/\/lives$/);
  });

  test('Back from an item keeps the loaded items and the scroll position; live prices resume', async ({
    playwright,
    baseURL,
  }) => {
    const config = test.info().project.use.launchOptions!;
    const browser = await playwright.chromium.launch({
      ...config,
      ignoreDefaultArgs: ['--disable-back-forward-cache'],
    });
    const context = await browser.newContext({
      baseURL: baseURL!,
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    const restored = () => page.evaluate(() => (window as unknown as { restored?: boolean }).restored === true);
    const watchRestore = () =>
      page.evaluate(() =>
        addEventListener('pageshow', (e) => ((window as unknown as { restored?: boolean }).restored = e.persisted)),
      );
    try {
      await page.goto('/lives');
      await watchRestore();
      await page.getByTestId('lives-load-more').tap();
      await expect(page.getByTestId('lives-item')).toHaveCount(20);
      const item = page.getByTestId('lives-item').nth(15);
      await item.scrollIntoViewIfNeeded();
      const y = await page.evaluate(() => scrollY);
      expect(y).toBeGreaterThan(800);
      await item.locator('h3 a').tap();
      await expect(page).toHaveURL(/\/lives\/\d+$/);
      await page.goBack({ waitUntil: 'commit' });
      await expect.poll(restored).toBe(true);
      await expect(page.getByTestId('lives-item')).toHaveCount(20);
      expect(await page.evaluate(() => scrollY)).toBe(y);

      // A page streaming prices: the stream is closed on the way out and opened again on the way back.
      let streams = 0;
      page.on('request', (r) => void (r.url().includes('/api/stream/prices') && streams++));
      await page.goto('/coin/list_1');
      await expect.poll(() => streams).toBe(1);
      await watchRestore();
      await page.goto('/privacy');
      await page.goBack({ waitUntil: 'commit' });
      await expect.poll(restored).toBe(true);
      await expect.poll(() => streams).toBe(2);
    } finally {
      await browser.close();
    }
  });
});
