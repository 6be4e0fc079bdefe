/**
 * The kline page's chart as the server sends it: the interval and range switches as links (they
 * work without JavaScript), the OHLCV legend of the last stored candle, and the box the candles
 * are drawn in, with the chart's props. client/mountKlineChart.ts draws into this markup as it is;
 * no React runs for it, on the server or in the browser.
 */
import { attr, escapeHtml, html, raw, type SafeHtml } from '../../../lib/html.ts';
import {
  DEFAULT_RANGE,
  KLINE_INTERVALS,
  KLINE_RANGES,
  type KlineCandle,
  type KlineInterval,
  type KlineRange,
} from '../../../lib/klines.ts';
import { islandDictAttr } from '../../../server/i18n/index.ts';
import type { View } from '../../../server/view.ts';
import { klineMoney, klineViewQuery, type LEGEND_FIGURES, legendTexts } from './klineView.ts';

/** The strings the chart uses in the browser. */
const DICT_KEYS = ['kline', 'contentLanguage.tag', 'contentLanguage.title'];

/**
 * The chart's markup for a coin's view; `last` is the newest stored candle of the interval (the
 * legend before the chart has drawn).
 */
export function klineChartMarkup(
  v: View,
  coin: { id: string; symbol: string },
  interval: KlineInterval,
  range: KlineRange,
  last: KlineCandle | null,
): SafeHtml {
  const { t } = v;
  const currency = { code: v.money.currency, rate: v.money.convert(1) ?? 1 };
  const money = klineMoney(v.locale, currency);
  const rest = { coinId: coin.id, symbol: coin.symbol, interval, range, locale: v.locale, currency };
  // {"dict":…,"coinId":…}: escaping is per character, so the escaped pieces join into the escaped whole.
  const props = raw(
    `{&quot;dict&quot;:${islandDictAttr(v.locale, ...DICT_KEYS).value},${escapeHtml(JSON.stringify(rest).slice(1))}`,
  );
  const legend = legendTexts(last, interval, money);
  const figure = (f: (typeof LEGEND_FIGURES)[number], label: string, dir: boolean) =>
    html`<span>${label} <b${attr('class', dir && legend.dir)} data-f="${f}">${legend[f]}</b></span>`;
  return html`<div class="kline-chart" data-kline-chart data-props="${props}"><div class="kline-toolbar"><nav class="kline-switch" aria-label="${t('kline.intervalLabel')}" data-testid="kline-intervals"><span class="kline-switch-label">${t('kline.intervalLabel')}</span>${KLINE_INTERVALS.map(
    (i) =>
      html`<a href="${klineViewQuery(i, DEFAULT_RANGE[i])}"${attr('aria-current', i === interval && 'true')} data-interval="${i}">${t(`kline.intervals.${i}`)}</a>`,
  )}</nav><nav class="kline-switch" aria-label="${t('kline.rangeLabel')}" data-testid="kline-ranges"><span class="kline-switch-label">${t('kline.rangeLabel')}</span>${KLINE_RANGES.map(
    (r) =>
      html`<a href="${klineViewQuery(interval, r)}"${attr('aria-current', r === range && 'true')} data-range="${r}">${t(`kline.ranges.${r}`)}</a>`,
  )}</nav></div><div class="kline-legend num" data-testid="kline-legend" aria-live="off"><span class="muted">${coin.symbol}/${money.currency}</span><span class="muted"><span data-f="when">${legend.when}</span></span>${figure('open', t('kline.legend.open'), true)}${figure('high', t('kline.legend.high'), true)}${figure('low', t('kline.legend.low'), true)}${figure('close', t('kline.legend.close'), true)}${figure('volume', t('kline.legend.volume'), false)}${figure('change', t('kline.legend.change'), true)}<span class="muted" data-f="capped" hidden></span></div><div class="kline-stage"><div class="kline-canvas" role="img" aria-label="${t('kline.chartLabel', { symbol: coin.symbol })}" data-testid="kline-chart" data-coin="${coin.id}" data-interval="${interval}" data-range="${range}" data-state="loading" data-candles="0"></div><div class="kline-overlay" role="status" data-testid="kline-status">${t('kline.loading')}</div></div><p class="kline-attribution"><a href="https://www.tradingview.com/" target="_blank" rel="noopener">${t('kline.attribution')}</a></p></div>`;
}
