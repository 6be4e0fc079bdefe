/**
 * The coin overview's price chart as the server sends it: the markup the PriceChart island
 * first renders (loading state), inside the placeholder it is mounted into when it scrolls into
 * view (src/features/market/klines/client/watchPriceCharts.ts). No React runs on the server for it.
 */
import { formatPercent } from '../../../lib/format/index.ts';
import { attr, escapeHtml, html, raw, type SafeHtml } from '../../../lib/html.ts';
import { PRICE_CHART_RANGES } from '../../../lib/klines.ts';
import { islandDict } from '../../../server/i18n/index.ts';
import type { View } from '../../../server/view.ts';

/** The strings PriceChart uses. */
const DICT_KEYS = [
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
];

/**
 * The island's strings as they sit in the data-props attribute (JSON, then escaped), once per
 * locale: they are most of the attribute, and escaping their quotes on every render was a fortieth
 * of a coin page.
 */
const escapedDicts = new Map<string, string>();
function escapedDict(locale: View['locale']): string {
  let text = escapedDicts.get(locale);
  if (text === undefined)
    escapedDicts.set(locale, (text = escapeHtml(JSON.stringify(islandDict(locale, ...DICT_KEYS)))));
  return text;
}

export function priceChartPlaceholder(
  v: View,
  coinId: string,
  range: (typeof PRICE_CHART_RANGES)[number] = '1W',
): SafeHtml {
  const { t, money } = v;
  const klineHref = v.href(`/kline/${coinId}`);
  const rest = {
    coinId,
    locale: v.locale,
    currency: { code: money.currency, rate: money.convert(1) ?? 1 },
    klineHref,
    range,
  };
  // {"dict":…,"coinId":…}: escaping is per character, so the escaped pieces join into the escaped whole.
  const props = raw(`{&quot;dict&quot;:${escapedDict(v.locale)},${escapeHtml(JSON.stringify(rest).slice(1))}`);
  return html`<div class="price-chart-slot" data-price-chart data-props="${props}"><div class="price-chart" data-testid="price-chart" data-coin="${coinId}" data-range="${range}" data-state="loading" data-points="0">
<div class="price-chart-head"><div class="num"><b>--</b> <span class="flat">${formatPercent(null)}</span> <span class="muted"></span></div>
<div class="price-chart-ranges" role="group" aria-label="${t('kline.rangeLabel')}">${PRICE_CHART_RANGES.map(
    (r) =>
      html`<button type="button"${attr('aria-pressed', r === range ? 'true' : 'false')} data-range="${r}" disabled>${t(`kline.ranges.${r}`)}</button>`,
  )}</div></div>
<div class="price-chart-stage"><div class="kline-canvas" role="img" aria-label="${t('kline.priceChart')}"></div><div class="price-chart-overlay" role="status">${t('kline.loading')}</div></div>
<div class="price-chart-foot"><a href="${klineHref}">${t('kline.fullChart')}</a><a href="https://www.tradingview.com/" target="_blank" rel="noopener">${t('kline.attribution')}</a></div>
</div></div>`;
}
