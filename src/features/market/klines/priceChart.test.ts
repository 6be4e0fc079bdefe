import { describe, expect, it } from 'vitest';
import { islandDict, translator } from '../../../server/i18n/index.ts';
import type { View } from '../../../server/view.ts';
import { priceChartPlaceholder } from './priceChart.ts';

const view = (locale: View['locale'], base: string, currency: string, rate: number) =>
  ({
    t: translator(locale),
    locale,
    href: (p: string) => `${base}${p}`,
    money: { currency, convert: (usd: number) => usd * rate },
  }) as unknown as View;

/** The attribute as the browser reads it: unescaped, then parsed. */
function props(markup: string): unknown {
  const value = /data-props="([^"]*)"/.exec(markup)![1]!;
  return JSON.parse(
    value
      .replaceAll('&quot;', '"')
      .replaceAll('&#39;', "'")
      .replaceAll('&lt;', '<')
      .replaceAll('&gt;', '>')
      .replaceAll('&amp;', '&'),
  );
}

describe('priceChartPlaceholder', () => {
  it('hands the island its props: the strings of its language, the coin, the currency and the link', () => {
    for (const [locale, base] of [
      ['en', ''],
      ['zh', '/zh'],
      ['en', ''],
    ] as const) {
      const markup = priceChartPlaceholder(view(locale, base, 'EUR', 0.9), 'bit"coin&co', '1M').value;
      expect(props(markup)).toEqual({
        dict: islandDict(
          locale,
          'kline.rangeLabel',
          'kline.ranges',
          'kline.priceChart',
          'kline.loading',
          'kline.empty',
          'kline.error',
          'kline.retry',
          'kline.fullChart',
          'kline.attribution',
          'kline.news',
          'contentLanguage.tag',
          'contentLanguage.title',
        ),
        coinId: 'bit"coin&co',
        locale,
        currency: { code: 'EUR', rate: 0.9 },
        klineHref: `${base}/kline/bit"coin&co`,
        range: '1M',
      });
      expect(markup).not.toMatch(/data-props="[^"]*[<>'][^"]*"/);
    }
  });
});
