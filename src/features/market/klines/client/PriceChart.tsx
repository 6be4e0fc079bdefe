import { useEffect, useMemo, useRef, useState } from 'react';
import type { AutoscaleInfo, IChartApi, ISeriesApi, MouseEventParams, UTCTimestamp } from 'lightweight-charts';
import { formatPercent, trend } from '../../../../lib/format/index.ts';
import { createTranslator, type Dict, type Locale } from '../../../../lib/i18n/index.ts';
import { type KlineCandle, type KlineInterval, PRICE_CHART_RANGES } from '../../../../lib/klines.ts';
import { createMoney, MARKET_RATE_COINS } from '../../../../lib/money.ts';
import { apiGet } from '../../../../stores/api.ts';
import {
  CHART_INTERVAL,
  CHART_METRICS,
  chartNote,
  chartViewQuery,
  type ChartMetric,
  type ChartPoint,
  type ChartRange,
  type CurrencyBar,
  fallbackInterval,
  inCurrency,
  metricPoints,
  metricText,
  pointChange,
  pointWhen,
} from '../chartSeries.ts';
import { minMoveFor, nextTask, readColours, watchTheme, withAlpha } from './chartTheme.ts';
import type { CurrencyProp } from './KlineChart.tsx';
import type { NewsMarkers } from './newsMarkers.ts';
import { axisFormatter, MARKER_BAND } from './priceAxis.ts';
import './kline.css';

interface Props {
  coinId: string;
  dict: Dict;
  locale: Locale;
  currency?: CurrencyProp | undefined;
  /** Starting view; default price over 1W. */
  range?: ChartRange | undefined;
  metric?: ChartMetric | undefined;
  /** Today's circulating supply (market cap = close × supply) and how the note writes it. */
  supply?: number | null | undefined;
  supplyText?: string | undefined;
  /** The overview's path (locale-prefixed): the switches are links to it, kept in the address bar. */
  path?: string | undefined;
  /** Link to the full kline page (locale-prefixed), shown under the chart. */
  klineHref?: string | undefined;
}

type Status = 'loading' | 'ready' | 'empty' | 'error';
type Loaded = { interval: KlineInterval; bars: CurrencyBar[] };

/**
 * A coin's price, market cap or volume as an area chart with metric and range switches (the coin
 * overview's chart), drawn over the server's first drawing (../priceChart.ts) in the same box.
 */
export default function PriceChart({
  coinId,
  dict,
  locale,
  currency,
  range: initialRange = '1W',
  metric: initialMetric = 'price',
  supply = null,
  supplyText = '--',
  path = '',
  klineHref,
}: Props) {
  const t = createTranslator(dict);
  const money = useMemo(
    () => createMoney(locale, currency?.code ?? 'USD', currency ? { [currency.code]: currency.rate } : {}),
    [locale, currency],
  );
  const rate = money.convert(1) ?? 1;
  const [range, setRange] = useState<ChartRange>(initialRange);
  const [metric, setMetric] = useState<ChartMetric>(initialMetric);
  const [status, setStatus] = useState<Status>('loading');
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [hover, setHover] = useState<ChartPoint | null>(null);
  const [reload, setReload] = useState(0);
  const box = useRef<HTMLDivElement>(null);
  const stage = useRef<HTMLDivElement>(null);
  const chart = useRef<IChartApi | null>(null);
  const markers = useRef<NewsMarkers | null>(null);
  const series = useRef<ISeriesApi<'Area'> | null>(null);
  const [chartReady, setChartReady] = useState(false);
  /** The last value as drawn: the last-price label's place on the axis. */
  const last = useRef<number | null>(null);
  /** The metric the axis labels are written for (the chart's formatters are set once). */
  const shownMetric = useRef<ChartMetric>(initialMetric);

  useEffect(() => {
    let disposed = false;
    let stopTheme = () => {};
    (async () => {
      const lw = await import('lightweight-charts');
      await nextTask();
      if (disposed || !box.current) return;
      const c = readColours();
      const label = (p: number) => metricText(p, shownMetric.current, money).replace(money.symbol, '');
      const priceTicks = axisFormatter(
        () => series.current,
        () => last.current,
      );
      // No logo link inside the chart (a focusable link inside role=img): the TradingView
      // attribution the licence asks for is the text link under the chart.
      const api = lw.createChart(box.current, {
        autoSize: true,
        layout: {
          background: { type: lw.ColorType.Solid, color: c.bg },
          textColor: c.muted,
          attributionLogo: false,
          fontFamily: 'inherit',
        },
        grid: { vertLines: { visible: false }, horzLines: { color: withAlpha(c.border, 0.6) } },
        rightPriceScale: { borderVisible: false, scaleMargins: { top: 0.1, bottom: 0.02 } },
        timeScale: { borderVisible: false, timeVisible: true, secondsVisible: false },
        handleScroll: false,
        handleScale: false,
        localization: {
          priceFormatter: label,
          // Prices get the decimals their spacing needs; amounts are abbreviated (1.9T, 1.9万亿).
          tickmarksPriceFormatter: (prices: number[]) =>
            shownMetric.current === 'price' ? priceTicks(prices) : prices.map((p) => (p ? label(p) : '0')),
        },
      });
      // The line keeps above the news markers' band along the bottom.
      series.current = api.addSeries(lw.AreaSeries, {
        lineColor: c.accent,
        topColor: withAlpha(c.accent, 0.3),
        bottomColor: withAlpha(c.accent, 0.02),
        lineWidth: 2,
        autoscaleInfoProvider: (original: () => AutoscaleInfo | null) => {
          const info = original();
          return info && { ...info, margins: { above: 8, below: MARKER_BAND } };
        },
      });
      api.subscribeCrosshairMove((param: MouseEventParams) => {
        const point = series.current
          ? (param.seriesData.get(series.current) as { time: number; value: number } | undefined)
          : undefined;
        setHover(point && typeof point.time === 'number' ? { time: point.time * 1000, value: point.value } : null);
      });
      stopTheme = watchTheme((next) =>
        api.applyOptions({
          layout: { background: { type: lw.ColorType.Solid, color: next.bg }, textColor: next.muted },
          grid: { horzLines: { color: withAlpha(next.border, 0.6) } },
        }),
      );
      chart.current = api;
      setChartReady(true);
    })().catch((e) => {
      console.error('[price chart]', e);
      setStatus('error');
    });
    return () => {
      disposed = true;
      stopTheme();
      markers.current?.destroy();
      markers.current = null;
      chart.current?.remove();
      chart.current = null;
      series.current = null;
    };
    // Created once; currency and locale do not change without a page load.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // News markers come after the prices, in their own small chunk (the page is at its JS budget).
  const showNews = (bars: number[]) => {
    // The length of a bar: the spacing of the last two (the range's interval, or its fallback).
    const step = bars.length > 1 ? bars.at(-1)! - bars.at(-2)! : 3_600_000;
    void import('./newsMarkers.ts')
      .then(({ createNewsMarkers }) => {
        if (!chart.current || !stage.current) return;
        markers.current ??= createNewsMarkers({ chart: chart.current, stage: stage.current, coinId, locale, dict });
        markers.current.setBars(bars, step);
      })
      .catch((e: unknown) => console.error('[news markers]', e));
  };

  // The candles of a range, once: switching the metric redraws them without asking again.
  useEffect(() => {
    if (!chartReady) return;
    let current = true;
    setStatus('loading');
    const load = async (): Promise<Loaded> => {
      const candlesOf = (coin: string, interval: KlineInterval) =>
        apiGet<{ candles: KlineCandle[] }>('/v1/klines', { coin, range, interval }).then((d) => d.candles);
      let interval = CHART_INTERVAL[range];
      let candles = await candlesOf(coinId, interval);
      const next = fallbackInterval(range, interval, candles.length);
      if (next) candles = await candlesOf(coinId, (interval = next));
      const base = MARKET_RATE_COINS[money.currency];
      const against = !base ? null : base === coinId ? candles : await candlesOf(base, interval);
      const bars = inCurrency(candles, rate, against && new Map(against.map((c) => [c.time, c.close])));
      await nextTask();
      return { interval, bars };
    };
    load()
      .then((next) => {
        if (!current) return;
        setLoaded(next);
        showNews(next.bars.map((b) => b.time));
      })
      .catch((e: unknown) => {
        if (!current) return;
        console.error('[price chart]', e);
        setStatus('error');
      });
    return () => {
      current = false;
    };
  }, [chartReady, coinId, range, reload, rate, money.currency]);

  const points = useMemo(() => (loaded ? metricPoints(loaded.bars, metric, supply) : []), [loaded, metric, supply]);

  useEffect(() => {
    if (!loaded || !series.current) return;
    const c = readColours();
    const dir = points.length > 1 && points.at(-1)!.value < points[0]!.value ? c.fall : c.rise;
    const minMove = minMoveFor(Math.max(...points.map((p) => p.value), 0) || 1);
    shownMetric.current = metric;
    series.current.applyOptions({
      lineColor: dir,
      topColor: withAlpha(dir, 0.28),
      bottomColor: withAlpha(dir, 0.02),
      priceFormat: { type: 'price', minMove, precision: Math.max(0, -Math.floor(Math.log10(minMove))) },
    });
    last.current = points.at(-1)?.value ?? null;
    series.current.setData(points.map((p) => ({ time: Math.floor(p.time / 1000) as UTCTimestamp, value: p.value })));
    chart.current?.timeScale().fitContent();
    setStatus(points.length ? 'ready' : 'empty');
  }, [loaded, points, metric]);

  const choose = (nextMetric: ChartMetric, nextRange: ChartRange) => (e: React.MouseEvent) => {
    if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
    e.preventDefault();
    // Loading from this render on: the chart never says "ready" with the previous range's candles.
    if (nextRange !== range) {
      setStatus('loading');
      setLoaded(null);
    }
    setMetric(nextMetric);
    setRange(nextRange);
    const url = new URL(window.location.href);
    url.searchParams.delete('chart');
    url.searchParams.delete('range');
    for (const [k, val] of new URLSearchParams(chartViewQuery(nextMetric, nextRange))) url.searchParams.set(k, val);
    window.history.replaceState(window.history.state, '', url);
  };

  const shown = hover ?? points.at(-1) ?? null;
  const change = pointChange(points, shown, metric);
  const interval = loaded?.interval ?? CHART_INTERVAL[range];
  const empty = loaded?.bars.length && metric === 'market-cap' ? t('coinTabs.chart.noSupply') : t('kline.empty');

  return (
    <div
      className="price-chart"
      data-testid="price-chart"
      data-coin={coinId}
      data-metric={metric}
      data-range={range}
      data-interval={interval}
      data-state={status}
      data-points={status === 'ready' ? points.length : 0}
      data-last={status === 'ready' ? points.at(-1)?.value : undefined}
    >
      <div className="price-chart-head">
        <div className="num">
          <b>{metricText(shown?.value, metric, money)}</b>{' '}
          <span className={trend(change)}>{metric === 'volume' ? '' : formatPercent(change)}</span>{' '}
          <span className="muted">{shown ? pointWhen(shown.time, interval, Date.now()) : ''}</span>
        </div>
        <div className="price-chart-switches">
          <nav className="price-chart-metrics" aria-label={t('coinTabs.chart.metricLabel')}>
            {CHART_METRICS.map((m) => (
              <a
                key={m}
                href={`${path}${chartViewQuery(m, range)}`}
                rel="nofollow"
                aria-current={m === metric ? 'true' : undefined}
                data-metric={m}
                onClick={choose(m, range)}
              >
                {t(`coinTabs.chart.metric.${m}`)}
              </a>
            ))}
          </nav>
          <nav className="price-chart-ranges" aria-label={t('kline.rangeLabel')}>
            {PRICE_CHART_RANGES.map((r) => (
              <a
                key={r}
                href={`${path}${chartViewQuery(metric, r)}`}
                rel="nofollow"
                aria-current={r === range ? 'true' : undefined}
                data-range={r}
                onClick={choose(metric, r)}
              >
                {t(`coinTabs.chart.ranges.${r}`)}
              </a>
            ))}
          </nav>
        </div>
      </div>
      <div className="price-chart-stage" ref={stage}>
        <div ref={box} className="kline-canvas" role="img" aria-label={t(`coinTabs.chart.label.${metric}`)} />
        {status !== 'ready' && (
          <div className="price-chart-overlay" role="status">
            {status === 'loading' && t('kline.loading')}
            {status === 'empty' && empty}
            {status === 'error' && (
              <>
                <span>{t('kline.error')}</span>{' '}
                <button type="button" onClick={() => setReload((n) => n + 1)}>
                  {t('kline.retry')}
                </button>
              </>
            )}
          </div>
        )}
      </div>
      <p className="price-chart-note" data-testid="price-chart-note">
        {chartNote(t, metric, interval, supplyText)}
      </p>
      <div className="price-chart-foot">
        {klineHref ? <a href={klineHref}>{t('kline.fullChart')}</a> : <span />}
        <a href="https://www.tradingview.com/" target="_blank" rel="noopener">
          {t('kline.attribution')}
        </a>
      </div>
    </div>
  );
}
