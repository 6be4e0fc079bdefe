/**
 * The coin overview's chart as the server sends it: the view the URL names (price, market cap or
 * volume over a range) drawn as an inline SVG, with the metric and range switches as links, so it
 * reads without JavaScript. The live chart (client/mountPriceChart.ts) starts over this markup when
 * it nears the viewport (client/watchPriceCharts.ts) and draws in the same box, so nothing moves.
 */
import { formatPercent, trend } from '../../../lib/format/index.ts';
import { attr, escapeHtml, html, raw, type SafeHtml } from '../../../lib/html.ts';
import { PRICE_CHART_RANGES } from '../../../lib/klines.ts';
import { islandDictAttr } from '../../../server/i18n/index.ts';
import type { View } from '../../../server/view.ts';
import {
  CHART_METRICS,
  chartNote,
  chartViewQuery,
  metricText,
  pointChange,
  pointWhen,
  svgPath,
  type ChartMetric,
  type ChartRange,
} from './chartSeries.ts';
import type { CoinChart } from './coinChart.server.ts';

/** The strings the live chart uses (client/mountPriceChart.ts). */
const DICT_KEYS = [
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
];

/** The drawing box of the SVG (stretched to the stage; the line keeps its width). */
const WIDTH = 600;
const HEIGHT = 240;

/** The coin the chart is of: its circulating supply makes the market caps. */
interface ChartCoin {
  id: string;
  symbol: string;
  circulatingSupply: number | null;
}

/** Why a view has no line: no candles at all, or a market cap without a known supply. */
export function emptyReason(v: Pick<View, 't'>, chart: Pick<CoinChart, 'metric' | 'hasCandles'>): string {
  return chart.hasCandles && chart.metric === 'market-cap' ? v.t('coinTabs.chart.noSupply') : v.t('kline.empty');
}

/**
 * The chart's markup and the island's props. `path` is the overview's path without the locale
 * prefix: the switches link to it with `?chart=` and `?range=`.
 */
export function priceChartPlaceholder(
  v: View,
  coin: ChartCoin,
  chart: CoinChart,
  path: string,
  now = Date.now(),
): SafeHtml {
  const { t, money } = v;
  const { metric, range, interval, points } = chart;
  const klineHref = v.href(`/kline/${coin.id}`);
  const supplyText = coin.circulatingSupply ? `${v.number(coin.circulatingSupply)} ${coin.symbol}` : '--';
  const rest = {
    coinId: coin.id,
    locale: v.locale,
    currency: { code: money.currency, rate: money.convert(1) ?? 1 },
    klineHref,
    range,
    metric,
    supply: coin.circulatingSupply,
    supplyText,
    path: v.href(path),
  };
  // {"dict":…,"coinId":…}: escaping is per character, so the escaped pieces join into the escaped whole.
  const props = raw(
    `{&quot;dict&quot;:${islandDictAttr(v.locale, ...DICT_KEYS).value},${escapeHtml(JSON.stringify(rest).slice(1))}`,
  );
  const last = points.at(-1) ?? null;
  const change = pointChange(points, last, metric);
  const drawn = svgPath(points, WIDTH, HEIGHT, metric === 'volume');
  const dir = change !== null && change < 0 ? 'fall' : 'rise';
  const link = (m: ChartMetric, r: ChartRange) => v.href(`${path}${chartViewQuery(m, r)}`);
  const values = points.map((p) => p.value);
  return html`<div class="price-chart-slot" data-price-chart data-props="${props}"><div class="price-chart" data-testid="price-chart" data-coin="${coin.id}" data-metric="${metric}" data-range="${range}" data-interval="${interval}" data-state="${drawn ? 'static' : 'empty'}" data-points="${drawn ? points.length : 0}"${attr('data-last', last?.value)}>
<div class="price-chart-head"><div class="num"><b>${metricText(last?.value, metric, money)}</b> <span class="${trend(change)}">${metric === 'volume' ? '' : formatPercent(change)}</span> <span class="muted">${last ? pointWhen(last.time, interval, now) : ''}</span></div>
<div class="price-chart-switches"><nav class="price-chart-metrics" aria-label="${t('coinTabs.chart.metricLabel')}">${CHART_METRICS.map(
    (m) =>
      html`<a href="${link(m, range)}" rel="nofollow"${attr('aria-current', m === metric && 'true')} data-metric="${m}">${t(`coinTabs.chart.metric.${m}`)}</a>`,
  )}</nav><nav class="price-chart-ranges" aria-label="${t('kline.rangeLabel')}">${PRICE_CHART_RANGES.map(
    (r) =>
      html`<a href="${link(metric, r)}" rel="nofollow"${attr('aria-current', r === range && 'true')} data-range="${r}">${t(`coinTabs.chart.ranges.${r}`)}</a>`,
  )}</nav></div></div>
<div class="price-chart-stage"><div class="kline-canvas" role="img" aria-label="${t(`coinTabs.chart.label.${metric}`)}">${
    drawn
      ? html`<svg class="price-chart-svg ${dir}" viewBox="0 0 ${WIDTH} ${HEIGHT}" preserveAspectRatio="none" aria-hidden="true"><path d="${drawn}" vector-effect="non-scaling-stroke"></path></svg><span class="price-chart-axis muted" aria-hidden="true"><span>${metricText(Math.max(...values), metric, money)}</span><span>${metricText(Math.min(...values), metric, money)}</span></span>`
      : null
  }</div>${drawn ? null : html`<div class="price-chart-overlay" role="status">${emptyReason(v, chart)}</div>`}</div>
<p class="price-chart-note" data-testid="price-chart-note">${chartNote(t, metric, interval, supplyText)}</p>
<div class="price-chart-foot"><a href="${klineHref}">${t('kline.fullChart')}</a><a href="https://www.tradingview.com/" target="_blank" rel="noopener">${t('kline.attribution')}</a></div>
</div></div>`;
}
