/**
 * What the kline chart shows besides its candles, for the server's markup (klineChart.ts) and the
 * browser's chart (client/mountKlineChart.ts) alike: the currency it is drawn in, its views' query
 * strings and its OHLCV legend.
 */
import { formatPercent, trend } from '../../../lib/format/index.ts';
import { formatDate, formatDateTime } from '../../../lib/format/time.ts';
import type { Locale } from '../../../lib/i18n/index.ts';
import type { KlineCandle, KlineInterval, KlineRange } from '../../../lib/klines.ts';
import { createMoney, MARKET_RATE_COINS, type Money } from '../../../lib/money.ts';

/** The reader's currency as the chart gets it: its code and units per US dollar. */
export interface ChartCurrency {
  code: string;
  rate: number;
}

/**
 * The money the candles are written in. Candles in a crypto currency would be today's rate
 * applied to past prices, which no market saw (bitcoin in BTC is 1, not a falling line): in BTC,
 * ETH or USDT the chart stays in US dollars and says so (the legend's pair reads BTC/USD).
 */
export function klineMoney(locale: Locale, currency: ChartCurrency | undefined): Money {
  return currency && !MARKET_RATE_COINS[currency.code]
    ? createMoney(locale, currency.code, { [currency.code]: currency.rate })
    : createMoney(locale, 'USD', {});
}

/** The query string of a kline view, as the page reads it. */
export const klineViewQuery = (interval: KlineInterval, range: KlineRange) => `?interval=${interval}&range=${range}`;

/** The legend's figures, each a `data-f` of the legend's markup. */
export const LEGEND_FIGURES = ['open', 'high', 'low', 'close', 'volume', 'change'] as const;

/** The legend's texts for the candle shown (under the crosshair, else the last; none: dashes). */
export function legendTexts(shown: KlineCandle | null, interval: KlineInterval, money: Money, now = Date.now()) {
  const change = shown?.open ? ((shown.close - shown.open) / shown.open) * 100 : null;
  const daily = interval === '1d' || interval === '1w';
  const price = (n: number | undefined) => (shown && n !== undefined ? money.price(n) : '--');
  return {
    /** The class of the prices and the change: rise, fall or flat. */
    dir: trend(change),
    when: shown ? (daily ? formatDate(shown.time) : formatDateTime(shown.time, now)) : '--',
    open: price(shown?.open),
    high: price(shown?.high),
    low: price(shown?.low),
    close: price(shown?.close),
    volume: shown ? money.amount(shown.volume) : '--',
    change: formatPercent(change),
  };
}
