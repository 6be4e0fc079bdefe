import { useEffect, useMemo, useRef, useState } from 'react';
import type { AutoscaleInfo, IChartApi, ISeriesApi, MouseEventParams, UTCTimestamp } from 'lightweight-charts';
import { formatPercent, trend } from '../../../../lib/format/index.ts';
import { formatDate, formatDateTime } from '../../../../lib/format/time.ts';
import { createTranslator, type Dict, type Locale } from '../../../../lib/i18n/index.ts';
import { type KlineCandle, type KlineInterval, type KlineRange, PRICE_CHART_RANGES } from '../../../../lib/klines.ts';
import { createMoney, MARKET_RATE_COINS } from '../../../../lib/money.ts';
import { apiGet } from '../../../../stores/api.ts';
import { minMoveFor, readColours, watchTheme, withAlpha } from './chartTheme.ts';
import type { CurrencyProp } from './KlineChart.tsx';
import type { NewsMarkers } from './newsMarkers.ts';
import { axisFormatter, MARKER_BAND } from './priceAxis.ts';
import './kline.css';

/** The ranges the compact chart offers (SPEC §4's 1W–YTD, and the last day), and the interval each is drawn with. */
type PriceChartRange = (typeof PRICE_CHART_RANGES)[number];
const INTERVAL_FOR: Record<PriceChartRange, KlineInterval> = {
  '1D': '15m',
  '1W': '1h',
  '1M': '4h',
  '3M': '1d',
  '6M': '1d',
  '1Y': '1d',
  YTD: '1d',
};

interface Props {
  coinId: string;
  dict: Dict;
  locale: Locale;
  currency?: CurrencyProp | undefined;
  /** Starting range; default 1W. */
  range?: PriceChartRange | undefined;
  /** Link to the full kline page (locale-prefixed), shown under the chart. */
  klineHref?: string | undefined;
}

type Status = 'loading' | 'ready' | 'empty' | 'error';
type Point = { time: number; value: number };

/** Closing prices of a coin as an area chart with range buttons (the coin overview's chart). */
export default function PriceChart({ coinId, dict, locale, currency, range: initialRange = '1W', klineHref }: Props) {
  const t = createTranslator(dict);
  const money = useMemo(
    () => createMoney(locale, currency?.code ?? 'USD', currency ? { [currency.code]: currency.rate } : {}),
    [locale, currency],
  );
  const rate = money.convert(1) ?? 1;
  const [range, setRange] = useState<PriceChartRange>(initialRange);
  const [status, setStatus] = useState<Status>('loading');
  const [points, setPoints] = useState<Point[]>([]);
  const [hover, setHover] = useState<Point | null>(null);
  const [reload, setReload] = useState(0);
  const box = useRef<HTMLDivElement>(null);
  const stage = useRef<HTMLDivElement>(null);
  const chart = useRef<IChartApi | null>(null);
  const markers = useRef<NewsMarkers | null>(null);
  const series = useRef<ISeriesApi<'Area'> | null>(null);
  const [chartReady, setChartReady] = useState(false);
  /** The last value as drawn: the last-price label's place on the axis. */
  const last = useRef<number | null>(null);

  useEffect(() => {
    let disposed = false;
    let stopTheme = () => {};
    (async () => {
      const lw = await import('lightweight-charts');
      if (disposed || !box.current) return;
      const c = readColours();
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
          priceFormatter: (p: number) => money.price(p / rate).replace(money.symbol, ''),
          tickmarksPriceFormatter: axisFormatter(
            () => series.current,
            () => last.current,
          ),
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

  useEffect(() => {
    if (!chartReady) return;
    let current = true;
    setStatus('loading');
    const load = async () => {
      const q = { coin: coinId, range: range as KlineRange };
      let interval: KlineInterval = INTERVAL_FOR[range];
      let data = await apiGet<{ candles: KlineCandle[] }>('/v1/klines', { ...q, interval });
      // Minute candles exist only for the most traded coins; the others fall back to hours.
      if (data.candles.length < 2 && interval === '15m')
        data = await apiGet<{ candles: KlineCandle[] }>('/v1/klines', { ...q, interval: (interval = '1h') });
      // In a crypto currency each close is divided by that coin's close of the same bar, not
      // by today's rate: bitcoin in BTC is 1 all along, and the line shows what a coin did against it.
      const base = MARKET_RATE_COINS[money.currency];
      if (!base) return data.candles.map((c) => ({ time: c.time, value: c.close * rate }));
      if (base === coinId) return data.candles.map((c) => ({ time: c.time, value: 1 }));
      const against = await apiGet<{ candles: KlineCandle[] }>('/v1/klines', { coin: base, range: q.range, interval });
      const baseClose = new Map(against.candles.map((c) => [c.time, c.close]));
      return data.candles.flatMap((c) => {
        const b = baseClose.get(c.time);
        return b && b > 0 ? [{ time: c.time, value: c.close / b }] : [];
      });
    };
    load()
      .then((next) => {
        if (!current) return;
        const c = readColours();
        const dir = next.length > 1 && next.at(-1)!.value < next[0]!.value ? c.fall : c.rise;
        const minMove = minMoveFor(next.at(-1)?.value ?? 1);
        series.current?.applyOptions({
          lineColor: dir,
          topColor: withAlpha(dir, 0.28),
          bottomColor: withAlpha(dir, 0.02),
          priceFormat: { type: 'price', minMove, precision: Math.max(0, -Math.floor(Math.log10(minMove))) },
        });
        last.current = next.at(-1)?.value ?? null;
        series.current?.setData(next.map((p) => ({ time: Math.floor(p.time / 1000) as UTCTimestamp, value: p.value })));
        chart.current?.timeScale().fitContent();
        showNews(next.map((p) => p.time));
        setPoints(next);
        setStatus(next.length ? 'ready' : 'empty');
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

  const first = points[0];
  const shown = hover ?? points.at(-1) ?? null;
  const change = first && shown ? (shown.value / first.value - 1) * 100 : null;
  const daily = range === '3M' || range === '1Y';

  return (
    <div
      className="price-chart"
      data-testid="price-chart"
      data-coin={coinId}
      data-range={range}
      data-state={status}
      data-points={status === 'ready' ? points.length : 0}
    >
      <div className="price-chart-head">
        <div className="num">
          <b>{shown ? money.price(shown.value / rate) : '--'}</b>{' '}
          <span className={trend(change)}>{formatPercent(change)}</span>{' '}
          <span className="muted">
            {shown ? (daily ? formatDate(shown.time) : formatDateTime(shown.time, Date.now())) : ''}
          </span>
        </div>
        {/* biome-ignore lint/a11y/useSemanticElements: a row of toggle buttons, not a form's fieldset */}
        <div className="price-chart-ranges" role="group" aria-label={t('kline.rangeLabel')}>
          {PRICE_CHART_RANGES.map((r) => (
            <button key={r} type="button" aria-pressed={r === range} data-range={r} onClick={() => setRange(r)}>
              {t(`kline.ranges.${r}`)}
            </button>
          ))}
        </div>
      </div>
      <div className="price-chart-stage" ref={stage}>
        <div ref={box} className="kline-canvas" role="img" aria-label={t('kline.priceChart')} />
        {status !== 'ready' && (
          <div className="price-chart-overlay" role="status">
            {status === 'loading' && t('kline.loading')}
            {status === 'empty' && t('kline.empty')}
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
      <div className="price-chart-foot">
        {klineHref ? <a href={klineHref}>{t('kline.fullChart')}</a> : <span />}
        <a href="https://www.tradingview.com/" target="_blank" rel="noopener">
          {t('kline.attribution')}
        </a>
      </div>
    </div>
  );
}
