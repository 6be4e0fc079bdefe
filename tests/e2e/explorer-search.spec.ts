import { axe } from './axe.ts';
import { expect, test, type Page } from '@playwright/test';

/** The EIP-55 example address and the first Ether transfer (block 46147). */
const ETH_ADDRESS = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const BTC_ADDRESS = '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa';
const SOL_SIGNATURE = '5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW';

const LOCALES = [
  {
    locale: 'en',
    prefix: '',
    heading: 'Look up on block explorers',
    evm: 'An address on Ethereum and other EVM chains',
    bitcoin: 'An address on Bitcoin',
    qsTitle: 'Block explorers',
    network: 'Ethereum',
  },
  {
    locale: 'zh',
    prefix: '/zh',
    heading: '在区块浏览器中查询',
    evm: '以太坊及其他 EVM 链上的地址',
    bitcoin: '比特币 地址',
    qsTitle: '区块浏览器',
    network: '以太坊',
  },
] as const;

async function hydrated(page: Page) {
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
}

for (const L of LOCALES) {
  test.describe(`block-explorer search in ${L.locale}`, () => {
    test('/search with an Ethereum address offers it on the EVM explorers instead of "no results"', async ({
      page,
    }) => {
      const res = await page.goto(`${L.prefix}/search?q=${ETH_ADDRESS}`);
      expect(res?.status()).toBe(200);
      const offer = page.getByTestId('explorer-offer');
      await expect(offer.locator('h2')).toHaveText(L.heading);
      await expect(page.getByTestId('explorer-kind')).toContainText(L.evm);
      await expect(page.getByTestId('search-no-results')).toHaveCount(0);
      await expect(page.getByTestId('explorer-checksum')).toHaveCount(0);
      const etherscan = offer.locator('[data-explorer="etherscan"]');
      await expect(etherscan).toHaveAttribute('href', `https://etherscan.io/address/${ETH_ADDRESS}`);
      await expect(etherscan).toHaveAttribute('target', '_blank');
      await expect(etherscan).toHaveAttribute('rel', 'noopener noreferrer nofollow');
      await expect(offer.locator('[data-explorer="bscscan"]')).toHaveAttribute(
        'href',
        `https://bscscan.com/address/${ETH_ADDRESS}`,
      );
      // Only EVM explorers: nothing for Bitcoin, TRON or Solana.
      for (const other of ['mempool', 'tronscan', 'solscan'])
        await expect(offer.locator(`[data-explorer="${other}"]`)).toHaveCount(0);
      // The coin behind the explorer links to its page.
      await expect(etherscan.locator('xpath=..').getByRole('link', { name: 'ETH', exact: true })).toHaveAttribute(
        'href',
        `${L.prefix}/coin/ethereum`,
      );
      const scan = await axe(page).include('[data-testid="explorer-offer"]').analyze();
      expect(scan.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual(
        [],
      );
    });

    test('a Bitcoin address and an 88-character Solana signature get their explorers; a bad EIP-55 checksum is flagged', async ({
      page,
    }) => {
      await page.goto(`${L.prefix}/search?q=${BTC_ADDRESS}`);
      await expect(page.getByTestId('explorer-kind')).toContainText(L.bitcoin);
      await expect(page.locator('[data-explorer="mempool"]')).toHaveAttribute(
        'href',
        `https://mempool.space/address/${BTC_ADDRESS}`,
      );
      await expect(page.locator('[data-explorer="blockchair-bitcoin"]')).toHaveAttribute(
        'href',
        `https://blockchair.com/bitcoin/address/${BTC_ADDRESS}`,
      );
      await expect(page.locator('[data-explorer="etherscan"]')).toHaveCount(0);

      await page.goto(`${L.prefix}/search?q=${SOL_SIGNATURE}`);
      await expect(page.getByTestId('explorer-offer')).toHaveAttribute('data-kind', 'tx');
      await expect(page.locator('[data-explorer="solscan"]')).toHaveAttribute(
        'href',
        `https://solscan.io/tx/${SOL_SIGNATURE}`,
      );
      // Longer than a text query may be, yet not "shortened".
      await expect(page.locator('.notice[role="status"]')).toHaveCount(0);
      await expect(page.getByTestId('search-page-input')).toHaveValue(SOL_SIGNATURE);

      const typo = `${ETH_ADDRESS.slice(0, -1)}D`;
      await page.goto(`${L.prefix}/search?q=${typo}`);
      await expect(page.getByTestId('explorer-checksum')).toBeVisible();
      await expect(page.locator('[data-explorer="etherscan"]')).toHaveAttribute(
        'href',
        `https://etherscan.io/address/${typo}`,
      );
    });

    test('an ordinary query still says nothing was found, with no explorer offer', async ({ page }) => {
      await page.goto(`${L.prefix}/search?q=${encodeURIComponent('1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNb')}`);
      await expect(page.getByTestId('search-no-results')).toBeVisible();
      await expect(page.getByTestId('explorer-offer')).toHaveCount(0);
    });

    test('on a phone the address wraps instead of widening the page', async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(`${L.prefix}/search?q=${SOL_SIGNATURE}`);
      await expect(page.getByTestId('explorer-value')).toBeVisible();
      // Measured on what this feature draws (the header's own phone layout is another matter).
      for (const sel of ['[data-testid="explorer-offer"]', '[data-testid="explorer-value"]', '.results-for']) {
        const right = await page
          .locator(sel)
          .evaluate((el) =>
            Math.max(el.getBoundingClientRect().right, el.getBoundingClientRect().left + el.scrollWidth),
          );
        expect(right, sel).toBeLessThanOrEqual(390);
      }
    });

    test('the quick search offers a pasted address on the explorers', async ({ page }) => {
      await page.goto(`${L.prefix}/`);
      await hydrated(page);
      const box = page.getByTestId('quick-search-input');
      await box.click();
      await box.fill(ETH_ADDRESS);
      const results = page.getByTestId('quick-search-results');
      await expect(results).toContainText(L.qsTitle);
      await expect(results).toContainText(L.evm);
      const etherscan = results.locator('[data-testid="quick-search-explorer"][data-explorer="etherscan"]');
      await expect(etherscan).toHaveAttribute('href', `https://etherscan.io/address/${ETH_ADDRESS}`);
      await expect(etherscan).toHaveAttribute('target', '_blank');
      await expect(etherscan).toHaveAttribute('rel', 'noopener noreferrer nofollow');
      await expect(etherscan).toContainText(L.network);
      await expect(results).not.toContainText(L.locale === 'en' ? 'No results found' : '未找到相关结果');
      // Arrow down selects the first explorer; Enter opens it in a new tab, not here.
      const popup = page.waitForEvent('popup');
      // Nothing may reach the explorer from a test: the new tab's request is answered locally.
      await page
        .context()
        .route(/etherscan\.io/, (route) =>
          route.fulfill({ status: 200, contentType: 'text/html', body: '<title>stub</title>' }),
        );
      await box.press('ArrowDown');
      await box.press('Enter');
      const tab = await popup;
      expect(tab.url()).toBe(`https://etherscan.io/address/${ETH_ADDRESS}`);
      await expect(page).toHaveURL(new RegExp(`${L.prefix}/?$`));
    });
  });
}

test('/q/{address} offers the explorers too', async ({ page }) => {
  const res = await page.goto(`/en/q/TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t`);
  expect(res?.status()).toBe(200);
  await expect(page.locator('[data-explorer="tronscan"]')).toHaveAttribute(
    'href',
    'https://tronscan.org/#/address/TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
  );
});
