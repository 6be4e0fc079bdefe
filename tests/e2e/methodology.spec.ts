// The /methodology page in every language: the method's constants as the aggregation defines
// them, the futures contract-type table, and the footer link that leads to it.
import { expect, test } from '@playwright/test';
import {
  MAD_TO_SIGMA,
  OUTLIER_FLOOR,
  OUTLIER_MAD_MULTIPLE,
  STALE_MS_DEFAULT,
} from '../../src/server/ingest/aggregate.ts';

const RULE = `|p − m| > max(${OUTLIER_MAD_MULTIPLE} × ${MAD_TO_SIGMA} × MAD, ${OUTLIER_FLOOR * 100}% × m)`;
const MINUTES = String(STALE_MS_DEFAULT / 60_000);

for (const L of [
  {
    prefix: '/en',
    heading: 'How we compute prices',
    link: 'Methodology',
    stale: `more than ${MINUTES} minutes ago`,
    perpetual: 'Perpetual',
    none: 'no equivalent',
    ups: 'Weekly (up)',
    gecko: 'Coinbase Exchange, Upbit, KuCoin, Gate, Bitget, and HTX',
    hours: 'every 3 hours',
    history: '7-day',
    named: 'OKX calls that contract “next week”, then “this week”',
  },
  {
    prefix: '/zh',
    heading: '价格是怎样算出来的',
    link: '价格计算方法',
    stale: `超过 ${MINUTES} 分钟`,
    perpetual: '永续',
    none: '无对应类型',
    ups: '周合约(看涨)',
    gecko: 'Coinbase Exchange、Upbit、KuCoin、Gate、Bitget和HTX',
    hours: '每 3 小时',
    history: '7天',
    named: 'OKX 先称其为“次周”，再称“当周”',
  },
  {
    prefix: '/zh-hk',
    heading: '價格是怎樣計算出來的',
    link: '價格計算方法',
    stale: `超過 ${MINUTES} 分鐘`,
    perpetual: '永續',
    none: '沒有對應類型',
    ups: '週合約(看漲)',
    gecko: 'Coinbase Exchange、Upbit、KuCoin、Gate、Bitget及HTX',
    hours: '每 3 小時',
    history: '7天',
    named: 'OKX 先稱其為「次週」，再稱「當週」',
  },
  {
    prefix: '/ko',
    heading: '가격은 이렇게 계산합니다',
    link: '가격 산정 방식',
    stale: `${MINUTES}분 넘게`,
    perpetual: '무기한',
    none: '대응 유형 없음',
    ups: '주간(상승)',
    gecko: 'Coinbase Exchange, Upbit, KuCoin, Gate, Bitget 및 HTX',
    hours: '약 3시간마다',
    history: '7일',
    named: "OKX는 그 계약을 '다음 주', 이어서 '이번 주'라고",
  },
] as const) {
  test.describe(`methodology ${L.prefix}`, () => {
    test('states the method with the constants of the code', async ({ page }) => {
      expect((await page.goto(`${L.prefix}/methodology`))?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(L.heading);
      await expect(page.getByTestId('outlier-rule')).toHaveText(RULE);
      await expect(page.getByTestId('outlier-rule')).toContainText('5 × 1.4826 × MAD, 1% × m');
      await expect(page.getByTestId('stale-rule')).toContainText(L.stale);
      await expect(page.getByTestId('method')).toContainText('USDT, USDC, FDUSD, DAI, TUSD, USDE, PYUSD, USDS');
      await expect(page.getByTestId('coingecko-attribution')).toHaveAttribute('href', 'https://www.coingecko.com/');
      // CoinGecko's markets: which exchanges, and how rarely a demo key renews them (the defaults).
      await expect(page.getByTestId('gecko-markets')).toContainText(L.gecko);
      await expect(page.getByTestId('gecko-markets')).toContainText(L.hours);
      await expect(page.getByTestId('history-changes')).toContainText(L.history);
    });

    test("maps the exchanges' futures onto the contract types", async ({ page }) => {
      await page.goto(`${L.prefix}/methodology`);
      const table = page.getByTestId('contract-table');
      await expect(table.locator('tbody tr')).toHaveCount(8);
      const row = (type: string) => table.locator(`tr[data-contract="${type}"]`);
      await expect(row('PERPETUAL').locator('th')).toHaveText(`${L.perpetual} PERPETUAL`);
      await expect(row('PERPETUAL').locator('td')).toHaveText([
        'PERPETUAL / TRADIFI_PERPETUAL',
        'instType=SWAP',
        'LinearPerpetual / InversePerpetual',
      ]);
      await expect(row('MONTHLY').locator('td').nth(0)).toContainText('CURRENT_MONTH');
      await expect(row('MONTHLY').locator('td').nth(0)).toContainText('NEXT_MONTH');
      await expect(row('QUARTERLY').locator('td').nth(1)).toHaveText('alias=quarter');
      await expect(row('BIQUARTERLY').locator('td').nth(0)).toHaveText('NEXT_QUARTER');
      for (const type of ['UPSWEEKLY', 'DOWNSWEEKLY'])
        await expect(row(type).locator('td')).toHaveText([L.none, L.none, L.none]);
      await expect(row('UPSWEEKLY').locator('th')).toContainText(L.ups);
      // The page keeps the names the exchanges give (OKX's aliases), as the table says.
      await expect(page.getByTestId('contracts-intro')).toContainText(L.named);
    });

    test('is linked from the footer', async ({ page }) => {
      await page.goto(`${L.prefix}/news`);
      const link = page.locator('footer').getByRole('link', { name: L.link, exact: true });
      await expect(link).toHaveAttribute('href', `${L.prefix}/methodology`);
      await link.click();
      await expect(page).toHaveURL(new RegExp(`${L.prefix}/methodology$`));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(L.heading);
    });
  });
}

test('is served without a locale prefix too, in the language of the cookie', async ({ page, context, baseURL }) => {
  await context.addCookies([{ name: 'locale', value: 'ko', url: baseURL! }]);
  expect((await page.goto('/methodology'))?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('가격은 이렇게 계산합니다');
});
