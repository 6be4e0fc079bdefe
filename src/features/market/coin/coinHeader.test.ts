import { describe, expect, it } from 'vitest';
import { LOCALES, type Locale } from '../../../lib/i18n/index.ts';
import { islandDict, translator } from '../../../server/i18n/index.ts';
import type { View } from '../../../server/view.ts';
import { QUICK_ALERT_WORDS } from '../../reader/alerts/index.ts';
import { QUICK_ADD_WORDS } from '../../reader/portfolio/index.ts';
import type { CoinDetail } from '../coins/index.ts';
import { quickActionsHtml } from './quickActions.ts';

// The coin header sends its dialogs only these words: a key that does not exist would show as a key.
describe.each([
  ['Add to portfolio', QUICK_ADD_WORDS],
  ['Price alert', QUICK_ALERT_WORDS],
] as const)('the %s dialog’s words', (_, words) => {
  it('exist in every language', () => {
    for (const locale of LOCALES) {
      const keys = Object.keys(islandDict(locale, ...words));
      // `_one` forms exist only where the language has them (English here).
      const missing = words.filter((w) => !w.endsWith('_one') && !keys.some((k) => k === w || k.startsWith(`${w}.`)));
      expect([locale, missing]).toEqual([locale, []]);
    }
  });
});

describe('quickActionsHtml', () => {
  const viewFor = (locale: Locale) =>
    ({
      t: translator(locale),
      locale,
      href: (p: string) => (locale === 'en' ? p : `/${locale}${p}`),
      coinName: (c: { name: string }) => c.name,
      money: { convert: (usd: number | null) => usd },
    }) as unknown as View;
  const coin = { id: 'a"b', name: 'Coin "<b>"', price: 1.5 } as CoinDetail;
  const decode = (s: string) =>
    s.replace(/&(quot|#39|lt|gt|amp);/g, (_, e: string) => ({ quot: '"', '#39': "'", lt: '<', gt: '>', amp: '&' })[e]!);
  const attrs = (markup: string, name: string) =>
    [...markup.matchAll(new RegExp(` ${name}="([^"]*)"`, 'g'))].map((m) => decode(m[1]!));

  it('gives each dialog its words in the page’s language, escaped (the same markup on every render)', () => {
    for (const locale of LOCALES) {
      const markup = quickActionsHtml(viewFor(locale), coin).value;
      expect(quickActionsHtml(viewFor(locale), coin).value).toBe(markup);
      expect(attrs(markup, 'data-dict').map((d) => JSON.parse(d))).toEqual([
        islandDict(locale, ...QUICK_ADD_WORDS),
        islandDict(locale, ...QUICK_ALERT_WORDS),
      ]);
    }
  });

  it('escapes the coin’s id and name, and links to the portfolio and the alerts without JavaScript', () => {
    const markup = quickActionsHtml(viewFor('zh'), coin).value;
    expect(markup).not.toContain('<b>');
    expect(attrs(markup, 'data-name')).toEqual([coin.name, coin.name]);
    expect(attrs(markup, 'href')).toEqual(['/zh/portfolio?add=a%22b', '/zh/user?alert=a%22b#alerts']);
    expect(attrs(markup, 'data-price')).toEqual(['1.5']);
  });
});
