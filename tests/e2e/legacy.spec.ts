// SPEC §2's legacy routes and the two exchange pages that answered 404 before issue 13:
// /coindetails/{id}, /coin/detail/content, /exchangedetails/{name}, /exchange/detail/*,
// /ieo/detail/* (301 to today's page, prefix and other query kept; a localised 404 otherwise),
// /exchange/article/{id} and /exchange/establishAccount.
import { expect, test, type APIRequestContext } from '@playwright/test';

const LOCALES = [
  {
    prefix: '',
    gone: 'Content does not exist or has been removed',
    open: 'Open an account',
    openLink: 'Open an account: compare fees and fiat currencies',
    kycRequired: 'Required for fiat',
  },
  {
    prefix: '/zh',
    gone: '内容不存在或已被删除',
    open: '交易所开户',
    openLink: '交易所开户：比较手续费和法币',
    kycRequired: '法币交易需认证',
  },
] as const;

/** The id of one of Binance's announcements (from its list). */
async function binanceArticleId(request: APIRequestContext): Promise<number> {
  const html = await (await request.get('/en/announcements/binance')).text();
  const m = /href="\/en\/announcement\/(\d+)"/.exec(html);
  expect(m, 'an announcement link on /en/announcements/binance').toBeTruthy();
  return Number(m![1]);
}

for (const L of LOCALES) {
  const p = (path: string) => `${L.prefix}${path}`;

  test.describe(`legacy routes ${L.prefix || '(no prefix)'}`, () => {
    test('redirect permanently to today’s page, keeping the prefix and the other query', async ({ request }) => {
      const id = await binanceArticleId(request);
      const cases: [string, string][] = [
        ['/coindetails/bitcoin', '/coin/bitcoin'],
        ['/coindetails/bitcoin?type=market&range=1M', '/coin/bitcoin/market?range=1M'],
        ['/coin/detail/content?id=ethereum', '/coin/ethereum/introduce'],
        ['/coin/detail/content?coin=ethereum&type=news', '/coin/ethereum/news'],
        ['/exchangedetails/binance', '/exchange/binance'],
        ['/exchangedetails/binance?filter=futures', '/exchange/binance?filter=futures'],
        [`/exchange/detail/article?id=${id}`, `/exchange/article/${id}`],
        ['/exchange/detail/article?name=binance', '/announcements/binance'],
        ['/exchange/detail/comment?name=binance', '/exchange/binance/comment'],
        ['/exchange/detail/comment?exchange=binance', '/exchange/binance/comment'],
        ['/exchange/detail/content?name=binance&page=2', '/exchange/binance?page=2'],
        ['/ieo/detail/id?id=1', '/ieo/ethereum-eth'],
        ['/ieo/detail/comment?id=ethereum-eth', '/ieo/ethereum-eth/comment'],
      ];
      for (const [from, to] of cases) {
        const res = await request.get(p(from), { maxRedirects: 0 });
        expect(res.status(), from).toBe(301);
        expect(res.headers().location, from).toBe(p(to));
      }
      // And the target is a page.
      expect((await request.get(p('/coindetails/bitcoin'))).status()).toBe(200);
    });

    test('answer a link that names nothing with a 404 in the prefix’s language', async ({ page }) => {
      for (const path of [
        '/coindetails/no-such-coin',
        '/coindetails/-bad-',
        '/coin/detail/content',
        '/coin/detail/content?id=no-such-coin',
        '/exchangedetails/no-such-exchange',
        '/exchange/detail/article',
        '/exchange/detail/article?id=abc',
        '/exchange/detail/article?id=999999999',
        '/exchange/detail/comment?name=no-such-exchange',
        '/exchange/detail/content',
        '/ieo/detail/id',
        '/ieo/detail/comment?id=nothing',
      ]) {
        const res = await page.goto(p(path));
        expect(res?.status(), path).toBe(404);
        await expect(page.getByTestId('content-missing').getByRole('heading', { level: 1 }), path).toHaveText(L.gone);
      }
    });

    test('never send the reader to another site', async ({ request }) => {
      for (const path of [
        '/coindetails/%2F%2Fevil.example',
        '/exchange/detail/content?name=%2F%2Fevil.example',
        '/exchange/detail/content?name=https://evil.example',
        '/ieo/detail/id?id=%5Cevil.example',
      ]) {
        const res = await request.get(p(path), { maxRedirects: 0 });
        expect(res.status(), path).toBeLessThan(500);
        expect(res.headers().location, path).toBeUndefined();
      }
      const kept = await request.get(p('/exchangedetails/binance?next=//evil.example'), { maxRedirects: 0 });
      expect(kept.headers().location).toBe(p('/exchange/binance?next=%2F%2Fevil.example'));
    });
  });

  test.describe(`exchange pages ${L.prefix || '(no prefix)'}`, () => {
    test('an exchange article shows in the article layout, framed by its exchange', async ({ page, request }) => {
      const id = await binanceArticleId(request);
      await page.goto(p(`/announcement/${id}`));
      const title = (await page.getByTestId('announcement-title').textContent())!.trim();
      const res = await page.goto(p(`/exchange/article/${id}`));
      expect(res?.status()).toBe(200);
      await expect(page.getByTestId('exchange-article-title')).toHaveText(title);
      await expect(page.getByTestId('exchange-article-exchange')).toHaveAttribute('href', p('/exchange/binance'));
      await expect(page.getByTestId('exchange-article-crumbs').getByRole('link')).toHaveCount(3);
      await expect(page.locator('.article-aside')).toBeVisible();
      const others = page.getByTestId('exchange-article-latest').locator('ol a');
      await expect(others.first()).toBeVisible();
      for (const href of await others.evaluateAll((as) => as.map((a) => a.getAttribute('href')))) {
        expect(href).toMatch(new RegExp(`^${L.prefix}/exchange/article/\\d+$`));
        expect(href).not.toBe(p(`/exchange/article/${id}`));
      }
    });

    test('an id that is no exchange’s article is a 404', async ({ page }) => {
      for (const path of ['/exchange/article/999999999', '/exchange/article/abc', '/exchange/article/0']) {
        const res = await page.goto(p(path));
        expect(res?.status(), path).toBe(404);
        await expect(page.getByTestId('content-missing').getByRole('heading', { level: 1 })).toHaveText(L.gone);
      }
    });

    test('open an account: centralised exchanges, fees, fiat, KYC, tracking-free sign-up links', async ({ page }) => {
      await page.goto(p('/exchange/list_1'));
      await page.getByTestId('open-account-link').click();
      await expect(page).toHaveURL(new RegExp(`${L.prefix}/exchange/establishAccount$`));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(L.open);
      const rows = page.getByTestId('account-table').locator('tbody tr');
      await expect(rows).toHaveCount(10);
      // Binance (rank 1) first by default, with its fees and a plain link to its own site.
      await expect(rows.first()).toHaveAttribute('data-exchange', 'binance');
      await expect(rows.first().locator('[data-field="maker"]')).toHaveText(/^\d+(\.\d+)?%$/);
      for (const href of await page
        .getByTestId('signup-link')
        .evaluateAll((as) => as.map((a) => a.getAttribute('href')!))) {
        const u = new URL(href);
        expect(['https:', 'http:']).toContain(u.protocol);
        expect([...u.searchParams.keys()].filter((k) => /^(utm_|ref|aff|invite)/i.test(k))).toEqual([]);
      }
      await expect(page.getByTestId('signup-link').first()).toHaveAttribute('rel', /noopener/);
      // No decentralised exchange: they have no accounts to open.
      await page.goto(p('/exchange/list_1?filter=DEX&size=100'));
      const dex = await page
        .locator('[data-testid="exchange-table"] tbody tr[data-exchange]')
        .evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-exchange')));
      expect(dex.length).toBeGreaterThan(0);
      await page.goto(p('/exchange/establishAccount?size=100'));
      const listed = await rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-exchange')));
      expect(listed.length).toBeGreaterThan(10);
      expect(listed.filter((n) => dex.includes(n))).toEqual([]);
      // A row with fiat pairs says KYC is required for it.
      const withFiat = rows.filter({ has: page.locator('[data-field="fiat"]', { hasText: /\b[A-Z]{3}\b/ }) }).first();
      await expect(withFiat.locator('[data-field="kyc"]')).toHaveText(L.kycRequired);
    });

    test('open an account sorts on the server and filters by fiat', async ({ page }) => {
      const fees = async () =>
        (await page.locator('[data-field="taker"]').allTextContents()).map((s) => Number.parseFloat(s));
      await page.goto(p('/exchange/establishAccount?sort=takerFee&order=asc'));
      const asc = await fees();
      expect(asc.length).toBe(10);
      expect(asc).toEqual([...asc].sort((a, b) => a - b));
      await page.goto(p('/exchange/establishAccount?sort=takerFee&order=desc'));
      const desc = await fees();
      expect(desc).toEqual([...desc].sort((a, b) => b - a));
      expect(desc[0]).toBeGreaterThan(asc[0]!);
      // The header toggles the order through the URL.
      await page.goto(p('/exchange/establishAccount'));
      await page
        .getByTestId('account-table')
        .getByRole('columnheader')
        .filter({ hasText: L.prefix ? '交易所' : 'Exchange' })
        .first()
        .getByRole('link')
        .click();
      await expect(page).toHaveURL(/sort=name&order=desc/);
      const names = await page.locator('[data-testid="account-table"] tbody tr td:nth-child(2)').allTextContents();
      expect(names).toEqual([...names].sort((a, b) => b.toLowerCase().localeCompare(a.toLowerCase())));
      // Only exchanges with euro pairs.
      await page.getByTestId('fiat-filter').getByRole('link', { name: 'EUR', exact: true }).click();
      await expect(page).toHaveURL(/filter=EUR/);
      const fiat = await page.locator('[data-field="fiat"]').allTextContents();
      expect(fiat.length).toBeGreaterThan(0);
      for (const f of fiat) expect(f).toContain('EUR');
      expect((await page.goto(p('/exchange/establishAccount?page=999')))?.status()).toBe(404);
    });
  });
}
