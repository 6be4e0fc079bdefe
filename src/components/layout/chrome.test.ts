import { describe, expect, it } from 'vitest';
import type { Locale } from '../../lib/i18n/index.ts';
import { translator } from '../../server/i18n/index.ts';
import type { View } from '../../server/view.ts';
import type { GlobalTotals } from '../../features/market/coins/totals.server.ts';
import { renderHeader, wholeMarketCredit, type PageState } from './chrome.ts';

function viewFor(locale: Locale, base: string, ratesAsOf: Date | null = null): View {
  return {
    t: translator(locale),
    locale,
    ratesAsOf,
    href: (p: string) => `${base}${p === '/' && base ? '' : p}` || '/',
  } as unknown as View;
}

const page = (over: Partial<PageState> = {}): PageState => ({
  locale: 'en',
  path: '/',
  base: '',
  theme: 'light',
  currency: 'USD',
  ...over,
});
const header = (p: PageState, ratesAsOf: Date | null = null) =>
  renderHeader(viewFor(p.locale, p.base, ratesAsOf), p).value;
const current = (markup: string) => [...markup.matchAll(/<a href="([^"]*)" aria-current="page">/g)].map((m) => m[1]);
const languageLinks = (markup: string) =>
  [...markup.matchAll(/<a href="([^"]*)" hreflang="([^"]+)"/g)].map((m) => m[1]);

// The header's markup is remembered between pages that share its inputs; these prove that what
// a page gets is still its own: its path in the language links, its section marked, its settings.
describe('renderHeader', () => {
  it('gives each page of one section its own language links', () => {
    const first = header(page({ path: '/coin/list_1' }));
    const second = header(page({ path: '/coin/list_2' }));
    expect(languageLinks(first)).toEqual([
      '/en/coin/list_1',
      '/zh/coin/list_1',
      '/zh-hk/coin/list_1',
      '/ko/coin/list_1',
    ]);
    expect(languageLinks(second)).toEqual([
      '/en/coin/list_2',
      '/zh/coin/list_2',
      '/zh-hk/coin/list_2',
      '/ko/coin/list_2',
    ]);
    expect(first.replaceAll('list_1', 'list_2')).toBe(second.replaceAll('list_1', 'list_2'));
  });

  it('keeps the query in the language links, unless it is too long to repeat', () => {
    expect(languageLinks(header(page({ path: '/search', search: '?q=btc&kind=coin' })))).toEqual([
      '/en/search?q=btc&amp;kind=coin',
      '/zh/search?q=btc&amp;kind=coin',
      '/zh-hk/search?q=btc&amp;kind=coin',
      '/ko/search?q=btc&amp;kind=coin',
    ]);
    expect(languageLinks(header(page({ path: '/', search: '?size=20' })))[1]).toBe('/zh?size=20');
    expect(languageLinks(header(page({ path: '/search', search: `?q=${'x'.repeat(600)}` })))[1]).toBe('/zh/search');
  });

  it('marks the section of the page, not of the page rendered before it', () => {
    expect(current(header(page({ path: '/coin/bitcoin' })))).toEqual(['/coin/list_1']);
    expect(current(header(page({ path: '/news' })))).toContain('/news');
    expect(current(header(page({ path: '/news' })))).not.toContain('/coin/list_1');
    expect(header(page({ path: '/watchlist' }))).toMatch(/href="\/watchlist" aria-current="page"/);
    expect(header(page({ path: '/' }))).not.toMatch(/href="\/watchlist" aria-current/);
  });

  it('follows the language, prefix, currency, theme, colours and the rates’ time', () => {
    expect(header(page({ locale: 'zh', base: '/zh', path: '/news' }))).toContain('href="/zh/news"');
    expect(header(page({ currency: 'EUR' }))).toContain('<option value="EUR" selected>');
    expect(header(page({ currency: 'USD' }))).not.toContain('<option value="EUR" selected>');
    expect(header(page({ theme: 'dark' }))).not.toBe(header(page({ theme: 'light' })));
    expect(header(page({ colours: 'blue-orange' }))).toContain('<option value="blue-orange" selected');
    expect(header(page(), new Date('2026-11-24T09:00:00Z'))).toContain('2026-11-24 09:00 UTC');
    expect(header(page(), new Date('2026-11-25T09:00:00Z'))).toContain('2026-11-25 09:00 UTC');
  });
});

describe('wholeMarketCredit', () => {
  const NOW = Date.UTC(2026, 10, 24, 12);
  const v = (locale: Locale) => ({ ...viewFor(locale, ''), now: NOW }) as unknown as View;
  const totals = (wholeMarket: GlobalTotals['wholeMarket']) => ({ wholeMarket }) as GlobalTotals;

  it('credits CoinGecko, linked, with the age of its whole-market figures', () => {
    const en = wholeMarketCredit(
      v('en'),
      totals({ source: 'coingecko', updatedAt: new Date(NOW - 20 * 60_000).toISOString() }),
    )!.value;
    expect(en).toBe(
      '<a class="credit" href="https://www.coingecko.com/" rel="noopener" title="Market cap, volume and dominance of the whole crypto market (every coin CoinGecko follows), updated 20 min ago." data-testid="whole-market-credit">Data provided by CoinGecko</a>',
    );
    expect(
      wholeMarketCredit(v('zh'), totals({ source: 'coingecko', updatedAt: new Date(NOW).toISOString() }))!.value,
    ).toContain('数据由 CoinGecko 提供');
  });

  it('says nothing when the figures are our own sums', () => {
    expect(wholeMarketCredit(v('en'), totals(null))).toBeNull();
  });
});
