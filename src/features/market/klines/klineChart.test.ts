import { describe, expect, it } from 'vitest';
import { jsonAttribute } from '../../../../tests/setup/markup.ts';
import { createMoney } from '../../../lib/money.ts';
import { islandDict, translator } from '../../../server/i18n/index.ts';
import type { View } from '../../../server/view.ts';
import { klineChartMarkup } from './klineChart.ts';
import { legendTexts } from './klineView.ts';

const view = (locale: View['locale'], currency: string, rate: number) =>
  ({ t: translator(locale), locale, money: createMoney(locale, currency, { [currency]: rate }) }) as unknown as View;

const props = (markup: string) => jsonAttribute(markup, 'data-props');

const figure = (markup: string, f: string) => new RegExp(`data-f="${f}">([^<]*)<`).exec(markup)?.[1];
const candle = { time: Date.UTC(2026, 10, 29, 17), open: 100, high: 120, low: 90, close: 110, volume: 5_000 };
const coin = { id: 'bit"coin&co', symbol: 'BTC' };

describe('klineChartMarkup', () => {
  it('hands the chart its props: the strings of its language, the coin, the view and the currency', () => {
    for (const locale of ['en', 'ko'] as const) {
      const markup = klineChartMarkup(view(locale, 'EUR', 0.9), coin, '4h', '3M', candle).value;
      expect(props(markup)).toEqual({
        dict: islandDict(locale, 'kline', 'contentLanguage.tag', 'contentLanguage.title'),
        coinId: 'bit"coin&co',
        symbol: 'BTC',
        interval: '4h',
        range: '3M',
        locale,
        currency: { code: 'EUR', rate: 0.9 },
      });
      expect(markup).toContain('data-coin="bit&quot;coin&amp;co"');
    }
  });

  it('writes the switches as links of the view, the current ones marked, and the box as loading', () => {
    const markup = klineChartMarkup(view('zh', 'USD', 1), coin, '4h', '3M', candle).value;
    expect(markup).toContain('<a href="?interval=1d&amp;range=1Y" data-interval="1d">');
    expect(markup).toContain('<a href="?interval=4h&amp;range=3M" aria-current="true" data-interval="4h">4小时</a>');
    // A range keeps the interval.
    expect(markup).toContain('<a href="?interval=4h&amp;range=1W" data-range="1W">');
    expect(markup).toMatch(/data-interval="4h" data-range="3M" data-state="loading" data-candles="0"/);
    expect(markup).toContain('role="status" data-testid="kline-status">');
  });

  it('shows the last stored candle in the legend, in the reader currency, and dashes without one', () => {
    const markup = klineChartMarkup(view('en', 'EUR', 0.9), coin, '1h', '1M', candle).value;
    expect(figure(markup, 'open')).toBe('€90.00');
    expect(figure(markup, 'close')).toBe('€99.00');
    expect(figure(markup, 'change')).toBe('+10.00%');
    expect(markup).toContain('<b class="rise" data-f="close">');
    expect(markup).toContain('>BTC/EUR<');
    const none = klineChartMarkup(view('en', 'EUR', 0.9), coin, '1h', '1M', null).value;
    expect(figure(none, 'close')).toBe('--');
  });

  it('draws in US dollars when the reader counts in a crypto currency, and says so', () => {
    const markup = klineChartMarkup(view('en', 'BTC', 1 / 90_000), coin, '1d', '1Y', candle).value;
    expect(markup).toContain('>BTC/USD<');
    expect(figure(markup, 'close')).toBe('$110.00');
    // A day's candle is dated without a clock.
    expect(figure(markup, 'when')).toBe(legendTexts(candle, '1d', createMoney('en', 'USD', {})).when);
    expect(figure(markup, 'when')).toBe('2026-11-29');
  });
});
