import { expect, test, type Page } from '@playwright/test';
import { formatPrice } from '../../src/lib/format/index.ts';
import { divide, formatExact, multiply, ratioOf } from '../../src/features/market/convert/exact.ts';
import { query } from './db.ts';

// The converter (/convert, /convert/{from}-{to}). The e2e server's simulated market moves the top
// 100 coins every two seconds (playwright.config.ts); a coin ranked past them keeps its stored
// price, so its conversions can be checked against the database.

interface Still {
  symbol: string;
  name: string;
  price: string;
}

async function stillCoin(): Promise<Still> {
  const [coin] = await query<Still>(
    `select symbol, name, price::text as price from coins c
     where rank > 150 and price > 1 and symbol ~ '^[A-Z0-9]+$'
       and not exists (select 1 from coins d where lower(d.symbol) = lower(c.symbol) and d.id <> c.id)
     order by rank limit 1`,
  );
  return coin!;
}

const cnyRate = async () =>
  (await query<{ rate: string }>(`select rate::text as rate from rates where symbol = 'CNY'`))[0]!.rate;

/** Waits for the form's script (a plain GET form until it runs). */
async function hydrate(page: Page) {
  await expect(page.locator('form[data-convert-form][data-ready]')).toHaveCount(1);
}

test('en and zh pages convert from the stored price, name the pair and its sources, and swap', async ({ page }) => {
  const coin = await stillCoin();
  const sym = coin.symbol.toLowerCase();
  await page.goto(`/convert/${sym}-usd?amount=2`);
  await expect(page).toHaveTitle(`${coin.symbol} to USD: convert ${coin.name} to US Dollar | Coinlens`);
  await expect(page.locator('h1')).toHaveText(`${coin.symbol} to USD converter`);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`/en/convert/${sym}-usd$`));
  // Twice a stored decimal is exact in a double too: formatPrice is an independent witness here.
  await expect(page.getByTestId('convert-value')).toHaveText(
    `${formatPrice(2 * Number(coin.price), { symbol: '' })} USD`,
  );
  await expect(page.getByTestId('convert-provenance')).toContainText(`${coin.symbol} price`);
  await expect(page.getByTestId('convert-provenance').locator('time[datetime]')).toHaveCount(1);

  const rate = ratioOf(await cnyRate())!;
  const price = ratioOf(coin.price)!;
  await page.goto(`/zh/convert/${sym}-cny?amount=2`);
  await expect(page.locator('h1')).toHaveText(`${coin.symbol} 兑 CNY 换算器`);
  await expect(page.getByTestId('convert-value')).toHaveText(
    `${formatExact(multiply(multiply(price, rate), ratioOf('2')!))} CNY`,
  );
  await expect(page.getByTestId('convert-provenance')).toContainText('CNY：每日参考汇率');
  await hydrate(page);
  await page.getByTestId('convert-swap').click();
  await expect(page).toHaveURL(new RegExp(`/zh/convert/cny-${sym}\\?amount=2$`));
  await expect(page.locator('h1')).toHaveText(`CNY 兑 ${coin.symbol} 换算器`);
  await expect(page.getByTestId('convert-value')).toHaveText(
    `${formatExact(divide(ratioOf('2')!, multiply(price, rate))!)} ${coin.symbol}`,
  );
  await expect(page.getByTestId('convert-from')).toHaveValue('CNY');
});

test('with JavaScript the result follows the price stream and the typing; a bad amount changes nothing', async ({
  page,
}) => {
  await page.goto('/convert/btc-usd?amount=2.5');
  const value = page.getByTestId('convert-value');
  const first = await value.textContent();
  expect(first).toMatch(/^[\d,]+\.\d\d USD$/);
  await expect.poll(() => value.textContent(), { timeout: 15_000 }).not.toBe(first);
  await hydrate(page);
  await page.getByTestId('convert-amount-input').fill('3');
  await expect(page.getByTestId('convert-amount')).toHaveText('3 BTC');
  await expect(page).toHaveURL(/\/convert\/btc-usd\?amount=3$/);
  await page.getByTestId('convert-to').fill('EUR');
  await expect(value).toHaveText(/^[\d,]+\.\d\d EUR$/);
  await expect(page.getByTestId('convert-provenance')).toContainText('EUR: daily reference rate');
  await page.getByTestId('convert-amount-input').fill('12abc');
  await expect(page.getByTestId('convert-message')).toHaveText('The amount must be a number, such as 2.5.');
  await expect(page.getByTestId('convert-amount')).toHaveText('3 BTC');
  await expect(page).toHaveURL(/\/convert\/btc-eur\?amount=3$/);
  // An unknown code, left typed: the server's refusal in place, the result and the address kept.
  await page.getByTestId('convert-amount-input').fill('3');
  await page.getByTestId('convert-to').fill('nosuch');
  await page.getByTestId('convert-to').blur();
  await expect(page.getByTestId('convert-message')).toHaveText(
    'Unknown coin or currency: NOSUCH. Pick one from the list.',
  );
  await expect(value).toHaveText(/^[\d,]+\.\d\d EUR$/);
  await expect(page).toHaveURL(/\/convert\/btc-eur\?amount=3$/);
  await expect(page.getByTestId('convert-swap')).toHaveAttribute('href', '/convert/nosuch-btc?amount=3');
});

test.describe('without JavaScript, on a phone', () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });

  test('the form gives the answer on the readable page, and bad input says why', async ({ page }) => {
    const coin = await stillCoin();
    await page.goto('/convert');
    await expect(page.locator('h1')).toHaveText('Crypto converter');
    await page.getByTestId('convert-amount-input').fill('2');
    await page.getByTestId('convert-from').fill(coin.symbol.toLowerCase());
    await page.getByTestId('convert-to').fill('usd');
    await page.getByTestId('convert-submit').click();
    await expect(page).toHaveURL(new RegExp(`/convert/${coin.symbol.toLowerCase()}-usd\\?amount=2$`));
    await expect(page.getByTestId('convert-value')).toHaveText(
      `${formatPrice(2 * Number(coin.price), { symbol: '' })} USD`,
    );
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await page.getByTestId('convert-amount-input').fill('-1');
    await page.getByTestId('convert-submit').click();
    await expect(page.getByTestId('convert-message')).toHaveText('The amount cannot be negative.');
    await expect(page.getByTestId('convert-value')).toHaveCount(0);
    await expect(page.getByTestId('convert-rate')).toHaveText(new RegExp(`^1 ${coin.symbol} = [\\d,.]+ USD$`));

    const bad = await page.goto('/zh/convert?from=btc&to=nosuch');
    expect(bad?.status()).toBe(400);
    await expect(page.getByTestId('convert-message')).toHaveText('未知的币种或货币：nosuch。请从列表中选择。');
    expect((await page.goto('/convert/nosuch-usd'))?.status()).toBe(404);
  });
});
