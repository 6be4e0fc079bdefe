import { describe, expect, it } from 'vitest';
import { createMoney } from '../../../../lib/money.ts';
import { coinLabelHtml, coinNameHtml, coinTableHtml, exchangePairTableHtml, type MarkupView } from './markup.ts';

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
    expect(coinLabelHtml(viewIn('zh', false), { ...btc, localName: '比特币' }).value).toContain(
      '比特币 <span class="en"',
    );
    expect(coinLabelHtml(viewIn('zh', false), { id: 'x', name: '<b>X</b>', localName: null }).value).toBe(
      '&lt;b&gt;X&lt;/b&gt;',
    );
  });

  it('keeps the symbol and link in the coin cell and the table', () => {
    const cell = coinNameHtml(viewIn('zh'), btc).value;
    expect(cell).toContain('href="/zh/coin/bitcoin"');
    expect(cell).toContain(
      '<span class="nm">比特币 <span class="en" lang="en">Bitcoin</span></span><span class="sym">BTC</span>',
    );
    const table = coinTableHtml(viewIn('zh'), [
      {
        ...btc,
        rank: 1,
        price: 1,
        change24h: 0,
        change7d: 0,
        marketCap: 1,
        volume24h: 1,
        circulatingSupply: 1,
        spark: { d: 'M0 0', trend: 'up' },
        sources: [],
      } as never,
    ]).value;
    expect(table).toContain('比特币');
    expect(table).toContain('aria-label="比特币 ');
  });
});

describe('where a coin row’s numbers come from, and how old they are', () => {
  const now = Date.UTC(2026, 10, 27, 12);
  const ago = (s: number) => new Date(now - s * 1000).toISOString();
  const t = (key: string, vars: Record<string, string | number> = {}) =>
    `${key}${Object.keys(vars).length ? `(${Object.values(vars).join('|')})` : ''}`;
  const view = { ...viewIn('en'), t, now };
  const row = (over: Record<string, unknown>) =>
    ({
      ...btc,
      rank: 1,
      price: 1,
      change24h: 0,
      change7d: 0,
      marketCap: 2_000_000_000,
      volume24h: 1,
      circulatingSupply: 19_000_000,
      spark: null,
      demo: false,
      sources: ['binance', 'okx'],
      priceAt: ago(12),
      stale: false,
      supplySource: 'coingecko',
      supplyAt: ago(7_200),
      marketCapEstimate: false,
      ...over,
    }) as never;

  it('gives the price, market cap and supply cells their source and age, and the table a footnote', () => {
    const table = coinTableHtml(view, [row({}), row({ id: 'ethereum', priceAt: ago(45), supplyAt: ago(3_600) })]).value;
    expect(table).toContain(
      'title="provenance.priceFrom(Binance and OKX) · provenance.updated(provenance.ageSeconds(12))"',
    );
    expect(table).toContain('data-field="market-cap" title="provenance.capFrom(CoinGecko|provenance.ageHours(2))">$2B');
    expect(table).toContain('data-field="supply" title="provenance.supplyFromAge(CoinGecko|provenance.ageHours(2))"');
    // The footnote names the sources and the oldest figure of each kind on the page.
    const note = table.slice(table.indexOf('data-testid="coin-table-note"'));
    expect(note).toContain('provenance.notePrices(Binance and OKX|provenance.ageSeconds(45))');
    expect(note).toContain('provenance.noteSupplies(CoinGecko|provenance.ageHours(2))');
    expect(note).toContain('href="/methodology"');
    expect(note).not.toContain('noteSuppliesDemo');
  });

  it('marks a market cap from the demo data’s supply as an estimate, and a stale price as stale', () => {
    const table = coinTableHtml(view, [
      row({ supplySource: null, supplyAt: null, marketCapEstimate: true, stale: true, priceAt: ago(400) }),
    ]).value;
    expect(table).toContain('data-field="market-cap" title="provenance.capEstimate">≈$2B');
    expect(table).toContain('data-field="supply" title="provenance.supplyDemo"');
    expect(table).toContain('data-testid="stale-row">provenance.stalePrice</span>');
    expect(table).toContain('title="provenance.stalePriceHint(provenance.ageMinutesPlain(6))"');
    expect(table).toContain('provenance.noteSuppliesDemo');
  });

  it('leaves the demo data’s rows to their badge: no source, no age, no footnote', () => {
    const table = coinTableHtml(view, [row({ sources: [], supplySource: null, supplyAt: null })]).value;
    expect(table).not.toContain('provenance.');
    expect(table).not.toContain('coin-table-note');
  });
});

describe('an exchange’s pair table', () => {
  const ticker = {
    id: 7,
    pair: 'BTC/USDT',
    market: 'futures' as const,
    contractType: 'perpetual',
    baseSymbol: 'BTC',
    quoteSymbol: 'USDT',
    coinId: 'bitcoin',
    coinName: 'Bitcoin',
    exchange: 'binance',
    exchangeDisplayName: 'Binance',
    price: 1,
    priceQuote: 1,
    volume24h: 1,
    change24h: -1.5,
    spread: 0.123,
    depthPlus1: null,
    depthMinus1: null,
    share: 12.5,
    updatedAt: '2026-01-01T00:00:00.000Z',
    source: null,
    excluded: null,
    demo: false,
  };
  const sorting = { sort: 'spread', order: 'asc' as const, url: (s?: string, o?: string) => `?sort=${s}&order=${o}` };

  it('prints a row per pair with its star, futures badge, change, share, spread and depth', () => {
    const table = exchangePairTableHtml(viewIn('en'), [ticker], sorting).value;
    expect(table).toContain('<tr data-pair="BTC/USDT">');
    expect(table).toContain('data-fav="TICKER:7"');
    expect(table).toContain(
      '<span class="pr">BTC/USDT</span> <span class="badge">market.futures</span><a class="ph-under" href="/coin/bitcoin">Bitcoin</a>',
    );
    expect(table).toContain('data-trend="fall"');
    expect(table).toContain('<td class="num">12.5</td>\n<td class="num">0.12%</td>\n<td class="num">--</td>');
    // The sorted column says so and its link goes on to the next order.
    expect(table).toContain('<th aria-sort="ascending" scope="col"><a href="?sort=undefined&amp;order=undefined"');
  });

  it('says so when the exchange has no pairs', () => {
    expect(exchangePairTableHtml(viewIn('en'), [], sorting).value).toContain(
      '<tr><td class="empty" colspan="8">list.empty</td></tr>',
    );
  });
});
