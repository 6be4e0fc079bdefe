import { describe, expect, it } from 'vitest';
import { jsonAttribute } from '../../../../tests/setup/markup.ts';
import { createMoney } from '../../../lib/money.ts';
import { islandDict, translator } from '../../../server/i18n/index.ts';
import type { View } from '../../../server/view.ts';
import type { CoinChart } from './coinChart.server.ts';
import { priceChartPlaceholder } from './priceChart.ts';

const view = (locale: View['locale'], base: string, currency: string, rate: number) =>
  ({
    t: translator(locale),
    locale,
    href: (p: string) => `${base}${p}`,
    number: (n: number) => String(n),
    money: createMoney(locale, currency, { [currency]: rate }),
  }) as unknown as View;

const props = (markup: string) => jsonAttribute(markup, 'data-props');

const HOUR = 3_600_000;
const coin = { id: 'bit"coin&co', symbol: 'BTC', circulatingSupply: 100 };
const chart = (over: Partial<CoinChart> = {}): CoinChart => ({
  metric: 'price',
  range: '1M',
  interval: '4h',
  points: [
    { time: 0, value: 90 },
    { time: 4 * HOUR, value: 100 },
  ],
  hasCandles: true,
  ...over,
});

describe('priceChartPlaceholder', () => {
  it('hands the island its props: the strings of its language, the coin, the view, the currency and the links', () => {
    for (const [locale, base] of [
      ['en', ''],
      ['zh', '/zh'],
      ['en', ''],
    ] as const) {
      const markup = priceChartPlaceholder(view(locale, base, 'EUR', 0.9), coin, chart(), '/coin/x').value;
      expect(props(markup)).toEqual({
        dict: islandDict(
          locale,
          'kline.rangeLabel',
          'kline.priceChart',
          'kline.loading',
          'kline.empty',
          'kline.error',
          'kline.retry',
          'kline.fullChart',
          'kline.attribution',
          'kline.news',
          'coinTabs.chart',
          'contentLanguage.tag',
          'contentLanguage.title',
        ),
        coinId: 'bit"coin&co',
        locale,
        currency: { code: 'EUR', rate: 0.9 },
        klineHref: `${base}/kline/bit"coin&co`,
        range: '1M',
        metric: 'price',
        supply: 100,
        supplyText: '100 BTC',
        path: `${base}/coin/x`,
      });
      expect(markup).not.toMatch(/data-props="[^"]*[<>'][^"]*"/);
    }
  });

  it('draws the view without JavaScript: an SVG line, the last value, and switches that are links', () => {
    const markup = priceChartPlaceholder(view('en', '', 'USD', 1), coin, chart(), '/coin/x').value;
    expect(markup).toContain('data-state="static"');
    expect(markup).toContain('data-points="2"');
    expect(markup).toMatch(/<svg class="price-chart-svg rise"[^>]*><path d="M0\.0,240\.0L600\.0,0\.0L605/);
    expect(markup).toContain('<b>$100.00</b>');
    // The current view's links drop defaults; the others keep the current metric or range.
    expect(markup).toContain('<a href="/coin/x?chart=volume&amp;range=1M" rel="nofollow" data-metric="volume">');
    expect(markup).toContain('<a href="/coin/x" rel="nofollow" data-range="1W">7D</a>');
    expect(markup).toContain('aria-current="true" data-range="1M"');
  });

  it('market caps are abbreviated amounts, and the note says the supply is today’s', () => {
    const cap = chart({
      metric: 'market-cap',
      points: [
        { time: 0, value: 9e11 },
        { time: HOUR, value: 1.2e12 },
      ],
    });
    const markup = priceChartPlaceholder(view('en', '', 'USD', 1), coin, cap, '/coin/x').value;
    expect(markup).toContain('<b>$1.2T</b>');
    expect(markup).toContain('<span>$1.2T</span><span>$900B</span>');
    expect(markup).toMatch(
      /data-testid="price-chart-note">Market cap = closing price × circulating supply, one point per 4 hours\. The supply is today&#39;s \(100 BTC\)/,
    );
  });

  it('says why there is no line: no candles, or a market cap without a supply', () => {
    const none = priceChartPlaceholder(
      view('en', '', 'USD', 1),
      coin,
      chart({ points: [], hasCandles: false }),
      '/c',
    ).value;
    expect(none).toContain('data-state="empty"');
    expect(none).toContain('No price history is stored for this coin yet');
    const noSupply = priceChartPlaceholder(
      view('zh', '/zh', 'USD', 1),
      { ...coin, circulatingSupply: null },
      chart({ metric: 'market-cap', points: [] }),
      '/c',
    ).value;
    expect(noSupply).toContain('该币种没有已知的流通量');
  });
});
