import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';

for (const L of [
  {
    prefix: '',
    app: 'Coinlens on your phone',
    privacy: 'Privacy policy',
    forbidden: 'Access forbidden',
    review: 'Latest user reviews',
    exchanges: 'Exchanges',
    price: 'Price',
    widgetAbout: 'Live prices and 24-hour changes of the chosen coins, from Coinlens.',
    feeds: 'RSS and Atom feeds',
    days90: '90 days',
    days365: '365 days',
    days1: '1 day',
  },
  {
    prefix: '/zh',
    app: '手机上的 Coinlens',
    privacy: '隐私政策',
    forbidden: '禁止访问',
    review: '最新用户评价',
    exchanges: '交易所',
    price: '价格',
    widgetAbout: '所选币种的实时价格和 24 小时涨跌幅，数据来自 Coinlens。',
    feeds: 'RSS 和 Atom 订阅',
    days90: '90 天',
    days365: '365 天',
    days1: '1 天',
  },
] as const) {
  const p = (path: string) => `${L.prefix}${path}`;
  const home = L.prefix ? `${L.prefix}/` : '/';

  test.describe(`site pages in ${L.prefix || '/en'}`, () => {
    test('app page shows live coverage and links into the site', async ({ page }) => {
      const res = await page.goto(p('/app'));
      expect(res?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(L.app);
      const stats = page.getByTestId('app-stats').locator('dd');
      await expect(stats).toHaveCount(3);
      for (const n of await stats.allTextContents()) expect(Number(n.replace(/[^\d]/g, ''))).toBeGreaterThan(0);
      await page.getByTestId('app-links').getByRole('link').first().click();
      await expect(page).toHaveURL(new RegExp(`${L.prefix}/coin/list_1$`));
    });

    test('privacy policy lists the cookies with their lifetimes', async ({ page }) => {
      expect((await page.goto(p('/privacy')))?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(L.privacy);
      const table = page.getByTestId('cookie-table');
      await expect(table.locator('tr[data-cookie="jwt"] td').last()).toHaveText(L.days90);
      await expect(table.locator('tr[data-cookie="locale"] td').last()).toHaveText(L.days90);
      await expect(table.locator('tr[data-cookie="colours"] td').last()).toHaveText(L.days365);
      // The session's CSRF companion lives as long as it; the device cookie a year.
      await expect(table.locator('tr[data-cookie="csrf"] td').last()).toHaveText(L.days90);
      await expect(table.locator('tr[data-cookie="device"] td').last()).toHaveText(L.days365);
      // Exactly the cookies the site sets (the session's, the device's, the settings' and the push
      // device id): none that no code writes (SPEC §9's BaseInfo, rateOption, volumePerVisit…).
      expect(
        await table.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => (tr as HTMLElement).dataset.cookie)),
      ).toEqual(['jwt', 'csrf', 'device', 'locale', 'theme', 'currency', 'colours', 'sizes', 'msgToken']);
      await expect(table.locator('tr[data-cookie="msgToken"] td').last()).toHaveText(L.days1);
    });

    test('forbidden answers 403 with a way home', async ({ page }) => {
      expect((await page.goto(p('/forbidden')))?.status()).toBe(403);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(L.forbidden);
      await page.getByTestId('forbidden').getByRole('link').click();
      await expect(page).toHaveURL(new RegExp(`${L.prefix || ''}/?$`));
    });

    test('review lists the latest reviews, filters by kind and links to each target', async ({ page }) => {
      expect((await page.goto(p('/review')))?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(L.review);
      const reviews = page.getByTestId('review');
      await expect(reviews).toHaveCount(10);
      await page.getByTestId('review-tabs').getByRole('link', { name: L.exchanges }).click();
      await expect(page).toHaveURL(/type=exchange/);
      const kinds = await page
        .getByTestId('review')
        .evaluateAll((els) => els.map((e) => e.getAttribute('data-target-type')));
      expect(kinds.length).toBeGreaterThan(0);
      expect(new Set(kinds)).toEqual(new Set(['exchange']));
      const target = page.getByTestId('review-target').first();
      const href = await target.getAttribute('href');
      expect(href).toMatch(new RegExp(`^${L.prefix}/exchange/`));
      await target.click();
      await expect(page).toHaveURL(new RegExp(`${href}$`));
      expect((await page.request.get(p('/review?page=99999'))).status()).toBe(404);
    });

    test('widget shows the requested coins in order, themed, in the prefix language', async ({ page }) => {
      const res = await page.goto(p('/widget?coins=ethereum,bitcoin,nope&theme=dark'));
      expect(res?.status()).toBe(200);
      expect(res?.headers()['content-security-policy']).toContain('frame-ancestors *');
      await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
      await expect(page.getByTestId('widget').locator('tbody tr')).toHaveCount(2);
      expect(
        await page
          .getByTestId('widget')
          .locator('tbody tr')
          .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-coin'))),
      ).toEqual(['ethereum', 'bitcoin']);
      await expect(page.getByTestId('widget').locator('th').nth(1)).toHaveText(L.price);
      await expect(page.locator('[data-field="price"]').first()).toHaveText(/\d/);
      await expect(page.locator('[data-field="change"]').first()).toHaveText(/%|--/);
      // Its own icon (no request for a missing /favicon.ico, an error in the console) and a
      // description in the page's language.
      await expect(page.locator('link[rel="icon"]')).toHaveAttribute('href', '/favicon.svg');
      await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', L.widgetAbout);
    });

    test('widget help gives an embed snippet for the chosen coins', async ({ page }) => {
      expect((await page.goto(p('/widget/help?coins=solana,bitcoin&theme=dark')))?.status()).toBe(200);
      const snippet = await page.getByTestId('widget-snippet').inputValue();
      expect(snippet).toMatch(
        new RegExp(`^<iframe src="http://[^"]+${L.prefix}/widget\\?coins=solana,bitcoin&amp;theme=dark"`),
      );
      await expect(page.frameLocator('[data-testid="widget-preview"]').locator('tbody tr')).toHaveCount(2);
    });

    test('retired live-stream routes redirect home, keeping the prefix', async ({ request }) => {
      for (const path of ['/zhibo', '/zhibo/1', '/playback', '/playback/1']) {
        const res = await request.get(p(path), { maxRedirects: 0 });
        expect(res.status(), path).toBe(301);
        expect(new URL(res.headers().location!, 'http://x').pathname, path).toBe(home);
      }
    });

    test('feeds page links to feeds that are reachable', async ({ page, request }) => {
      expect((await page.goto(p('/feeds')))?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(L.feeds);
      const rss = await page.locator('tr[data-feed="news"] a').first().getAttribute('href');
      expect(rss).toBe(`/feeds/${L.prefix ? 'zh' : 'en'}/news.xml`);
      const res = await request.get(rss!);
      expect(res.status()).toBe(200);
      expect(res.headers()['content-type']).toBe('application/rss+xml; charset=utf-8');
      expect(await res.text()).toContain('<rss version="2.0"');
    });

    test('content lists announce their feeds to feed readers', async ({ page, request }) => {
      const lang = L.prefix ? 'zh' : 'en';
      for (const [path, feed] of [
        ['/news', `/feeds/${lang}/news`],
        ['/lives', `/feeds/${lang}/lives`],
        ['/announcement', `/feeds/${lang}/announcements`],
        ['/announcements/binance', `/feeds/${lang}/announcements/binance`],
      ] as const) {
        expect((await page.goto(p(path)))?.status(), path).toBe(200);
        await expect(page.locator('head link[type="application/rss+xml"]'), path).toHaveAttribute(
          'href',
          `${feed}.xml`,
        );
        const atom = await page.locator('head link[type="application/atom+xml"]').getAttribute('href');
        expect(atom, path).toBe(`${feed}.atom`);
        const res = await request.get(atom!);
        expect(res.status(), atom!).toBe(200);
        expect(await res.text(), atom!).toContain('<entry>');
      }
    });
  });
}

test('the footer leads to the site pages, the widget builder and the feeds', async ({ page }) => {
  await page.goto('/news');
  const footer = page.locator('footer');
  for (const [name, path, heading] of [
    ['RSS feeds', '/feeds', 'RSS and Atom feeds'],
    ['Price widget', '/widget/help', null],
    ['Privacy', '/privacy', 'Privacy policy'],
  ] as const) {
    await footer.getByRole('link', { name, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    if (heading) await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    else await expect(page.getByTestId('widget-help')).toBeVisible();
  }
});

test.describe('feeds, sitemap and robots', () => {
  test('are served with their content types', async ({ request }) => {
    for (const [path, type, marker] of [
      ['/feeds/zh/lives.atom', 'application/atom+xml; charset=utf-8', '<feed xmlns="http://www.w3.org/2005/Atom"'],
      ['/feeds/en/announcements.xml', 'application/rss+xml; charset=utf-8', '<rss version="2.0"'],
      ['/sitemap.xml', 'application/xml; charset=utf-8', '<sitemapindex'],
      ['/sitemaps/static-1.xml', 'application/xml; charset=utf-8', '<urlset'],
      ['/robots.txt', 'text/plain; charset=utf-8', 'Sitemap: http'],
    ] as const) {
      const res = await request.get(path);
      expect(res.status(), path).toBe(200);
      expect(res.headers()['content-type'], path).toBe(type);
      expect(await res.text(), path).toContain(marker);
    }
    expect((await request.get('/feeds/en/nothing.xml')).status()).toBe(404);
    expect((await request.get('/sitemaps/nothing-1.xml')).status()).toBe(404);
  });

  test('absolute links name the site, not the Host header or a bare localhost', async ({ page, request, baseURL }) => {
    const origin = new URL(baseURL!).origin;
    expect(await (await request.get('/robots.txt')).text()).toContain(`Sitemap: ${origin}/sitemap.xml`);
    expect(await (await request.get('/sitemap.xml')).text()).toContain(`<loc>${origin}/sitemaps/`);
    expect(await (await request.get('/feeds/en/news.xml')).text()).toContain(`<link>${origin}/en/news/`);
    await page.goto('/news');
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${origin}/en/news`);
    // The widget's icons and links are relative to the framed document, so they load anywhere.
    await page.goto('/widget?coins=bitcoin,ethereum');
    const loaded = await page
      .locator('img')
      .evaluateAll((imgs) =>
        imgs.map((i) => (i as HTMLImageElement).complete && (i as HTMLImageElement).naturalWidth > 0),
      );
    expect(loaded).toEqual([true, true]);
  });

  test('the widget refreshes its prices in place every minute, without reloading', async ({ page }) => {
    await page.clock.install();
    await page.goto('/widget?coins=bitcoin,ethereum');
    await expect(page.locator('meta[http-equiv="refresh"]')).toHaveCount(0);
    const price = page.locator('tr[data-coin="bitcoin"] [data-field="price"]');
    const change = page.locator('tr[data-coin="ethereum"] [data-field="change"]');
    await expect(price).toHaveText(/^\$[\d,.]+$/);
    // Mark the document and spoil two cells: a refresh must put the server's values back in place.
    await page.evaluate(() => {
      (window as unknown as { kept: boolean }).kept = true;
      for (const td of document.querySelectorAll('[data-field="price"], [data-field="change"]')) {
        td.textContent = 'stale';
        td.className = '';
      }
    });
    await page.clock.runFor(60_000);
    await expect(price).toHaveText(/^\$[\d,.]+$/);
    await expect(change).toHaveText(/%$/);
    await expect(change).toHaveAttribute('class', /^(rise|fall|flat)$/);
    expect(await page.evaluate(() => (window as unknown as { kept?: boolean }).kept)).toBe(true);
  });

  test('the widget can be framed by another site; other pages cannot', async ({ page, baseURL }) => {
    const widget = new URL('/widget?coins=bitcoin', baseURL).toString();
    const review = new URL('/review', baseURL).toString();
    // A page of another origin (its own port) framing both.
    const embedder = http.createServer((_req, res) => {
      res.setHeader('Content-Type', 'text/html; charset=utf-8');
      res.end(`<iframe id="w" src="${widget}"></iframe><iframe id="r" src="${review}"></iframe>`);
    });
    await new Promise<void>((resolve) => embedder.listen(0, '127.0.0.1', resolve));
    try {
      await page.goto(`http://127.0.0.1:${(embedder.address() as AddressInfo).port}/`);
      await expect(page.frameLocator('#w').locator('tr[data-coin="bitcoin"]')).toBeVisible();
      await expect(page.frameLocator('#w').getByTestId('widget-credit')).toHaveAttribute('target', '_blank');
      await expect.poll(() => page.frames().map((f) => f.url())).toContain('chrome-error://chromewebdata/');
      expect(page.frames().some((f) => f.url().startsWith(review))).toBe(false);
    } finally {
      embedder.close();
    }
  });
});
