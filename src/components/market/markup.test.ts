import { describe, expect, it } from 'vitest';
import { createMoney } from '../../lib/money.ts';
import { coinLabelHtml, coinNameHtml, coinTableHtml, type MarkupView } from './markup.ts';

const LOCAL: Record<string, Record<string, string>> = { zh: { bitcoin: '比特币' }, ko: { bitcoin: '비트코인' } };

function viewIn(locale: 'en' | 'zh' | 'ko', withBook = true): MarkupView {
  return {
    t: (key) => key,
    locale,
    money: createMoney(locale, 'USD', { USD: 1 }),
    href: (path) => (locale === 'en' ? path : `/${locale}${path}`),
    number: (v) => String(v ?? '--'),
    percent: (v) => String(v ?? '--'),
    pair: (p) => p,
    ...(withBook ? { coinName: (c: { id: string; name: string }) => LOCAL[locale]?.[c.id] ?? c.name } : {}),
  };
}

const btc = { id: 'bitcoin', name: 'Bitcoin', symbol: 'BTC', icon: '/icons/coins/bitcoin.svg' };

describe('coin names in the page language', () => {
  it('shows the local name with the English one beside it, marked as English', () => {
    expect(coinLabelHtml(viewIn('zh'), btc).value).toBe('比特币 <span class="en" lang="en">Bitcoin</span>');
    expect(coinLabelHtml(viewIn('ko'), btc).value).toBe('비트코인 <span class="en" lang="en">Bitcoin</span>');
  });

  it('shows the English name alone in English or for a coin without a local name', () => {
    expect(coinLabelHtml(viewIn('en'), btc).value).toBe('Bitcoin');
    // An English name that is the symbol is not repeated beside the local one.
    const xrp = { id: 'ripple', name: 'XRP', symbol: 'XRP' };
    expect(coinLabelHtml({ ...viewIn('zh'), coinName: () => '瑞波币' }, xrp).value).toBe('瑞波币');
    expect(coinLabelHtml(viewIn('zh'), { id: 'usd-coin', name: 'USDC' }).value).toBe('USDC');
  });

  it('prefers a row’s own localName (API rows rendered in the browser) and escapes names', () => {
    expect(coinLabelHtml(viewIn('zh', false), { ...btc, localName: '比特币' }).value).toContain('比特币 <span class="en"');
    expect(coinLabelHtml(viewIn('zh', false), { id: 'x', name: '<b>X</b>', localName: null }).value).toBe('&lt;b&gt;X&lt;/b&gt;');
  });

  it('keeps the symbol and link in the coin cell and the table', () => {
    const cell = coinNameHtml(viewIn('zh'), btc).value;
    expect(cell).toContain('href="/zh/coin/bitcoin"');
    expect(cell).toContain('<span class="nm">比特币 <span class="en" lang="en">Bitcoin</span></span><span class="sym">BTC</span>');
    const table = coinTableHtml(viewIn('zh'), [
      { ...btc, rank: 1, price: 1, change24h: 0, change7d: 0, marketCap: 1, volume24h: 1, circulatingSupply: 1, spark: { d: 'M0 0', trend: 'up' } } as never,
    ]).value;
    expect(table).toContain('比特币');
    expect(table).toContain('aria-label="比特币 ');
  });
});
