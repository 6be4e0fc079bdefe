import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type {
  AutoscaleInfo,
  CandlestickData,
  HistogramData,
  IChartApi,
  ISeriesApi,
  MouseEventParams,
  UTCTimestamp,
} from 'lightweight-charts';
import { createTranslator, type Dict, type Locale } from '../../../../lib/i18n/index.ts';
import {
  applyTick,
  INTERVAL_MS,
  type KlineCandle,
  type KlineInterval,
  type KlineRange,
} from '../../../../lib/klines.ts';
import { createMoney, MARKET_RATE_COINS } from '../../../../lib/money.ts';
import { apiGet } from '../../../../stores/api.ts';
import { $prices, watchPrices } from '../../../../stores/prices.ts';
import { minMoveFor, nextTask, readColours, watchTheme, withAlpha, type ChartColours } from './chartTheme.ts';
import { KlineLegend, KlineToolbar, type Status } from './KlineToolbar.tsx';
import type { NewsMarkers } from './newsMarkers.ts';
import { axisFormatter, MARKER_BAND } from './priceAxis.ts';
import './kline.css';

export interface CurrencyProp {
  /** Currency code (USD, EUR …). */
  code: string;
  /** Units of the currency per US dollar. */
  rate: number;
}

interface Props {
  coinId: string;
  symbol: string;
  interval: KlineInterval;
  range: KlineRange;
  locale: Locale;
  dict: Dict;
  currency?: CurrencyProp | undefined;
}

interface Series {
  interval: KlineInterval;
  range: KlineRange | null;
  capped: boolean;
  candles: KlineCandle[];
}

const toSeconds = (ms: number) => Math.floor(ms / 1000) as UTCTimestamp;

/**
 * The kline chart: candlesticks with a volume histogram (lightweight-charts), interval and
 * range switches mirrored in the URL, a crosshair OHLCV legend, live updates of the last
 * candle from the price stream, and loading, empty and error states.
 */
export default function KlineChart({
  coinId,
  symbol,
  interval: initialInterval,
  range: initialRange,
  locale,
  dict,
  currency,
}: Props) {
  const t = createTranslator(dict);
  // Candles in a crypto currency would be today's rate applied to past prices, which no market
  // saw (bitcoin in BTC is 1, not a falling line): in BTC, ETH or USDT the chart stays in US
  // dollars and says so (the legend's pair reads BTC/USD).
  const money = useMemo(
    () =>
      currency && !MARKET_RATE_COINS[currency.code]
        ? createMoney(locale, currency.code, { [currency.code]: currency.rate })
        : createMoney(locale, 'USD', {}),
    [locale, currency],
  );
  const rate = money.convert(1) ?? 1;
  const [interval, setInterval] = useState(initialInterval);
  const [range, setRange] = useState(initialRange);
  const [status, setStatus] = useState<Status>('loading');
  const [capped, setCapped] = useState(false);
  const [count, setCount] = useState(0);
  const [legend, setLegend] = useState<KlineCandle | null>(null);
  const [reload, setReload] = useState(0);

  const box = useRef<HTMLDivElement>(null);
  const stage = useRef<HTMLDivElement>(null);
  const chart = useRef<IChartApi | null>(null);
  const markers = useRef<NewsMarkers | null>(null);
  const candleSeries = useRef<ISeriesApi<'Candlestick'> | null>(null);
  const volumeSeries = useRef<ISeriesApi<'Histogram'> | null>(null);
  const candles = useRef<KlineCandle[]>([]);
  const byTime = useRef(new Map<number, KlineCandle>());
  const colours = useRef<ChartColours>(readColours());
  /** The last close as drawn (in the chart's currency): the last-price label's place on the axis. */
  const lastClose = useRef<number | null>(null);
  const ticks = useMemo(
    () =>
      axisFormatter(
        () => candleSeries.current,
        () => lastClose.current,
      ),
    [],
  );
  const [chartReady, setChartReady] = useState(false);

  const volumeBar = useCallback(
    (c: KlineCandle): HistogramData<UTCTimestamp> => ({
      time: toSeconds(c.time),
      value: c.volume * rate,
      color: withAlpha(c.close >= c.open ? colours.current.rise : colours.current.fall, 0.45),
    }),
    [rate],
  );
  const candleBar = useCallback(
    (c: KlineCandle): CandlestickData<UTCTimestamp> => ({
      time: toSeconds(c.time),
      open: c.open * rate,
      high: c.high * rate,
      low: c.low * rate,
      close: c.close * rate,
    }),
    [rate],
  );

  // Create the chart once (the library is loaded only in the browser).
  useEffect(() => {
    let disposed = false;
    let stopTheme = () => {};
    (async () => {
      const lw = await import('lightweight-charts');
      await nextTask();
      if (disposed || !box.current) return;
      const c = colours.current;
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
        grid: { vertLines: { color: withAlpha(c.border, 0.6) }, horzLines: { color: withAlpha(c.border, 0.6) } },
        rightPriceScale: { borderColor: c.border, scaleMargins: { top: 0.08, bottom: 0.26 } },
        timeScale: { borderColor: c.border, timeVisible: true, secondsVisible: false },
        crosshair: { mode: lw.CrosshairMode.Normal },
        localization: {
          locale: locale === 'zh-hk' ? 'zh-HK' : locale === 'zh' ? 'zh-CN' : locale,
          priceFormatter: (p: number) => money.price(p / rate).replace(money.symbol, ''),
          tickmarksPriceFormatter: ticks,
        },
      });
      candleSeries.current = api.addSeries(lw.CandlestickSeries, {
        upColor: c.rise,
        downColor: c.fall,
        wickUpColor: c.rise,
        wickDownColor: c.fall,
        borderVisible: false,
      });
      // The volume bars stand on the news markers' band, not under the markers.
      volumeSeries.current = api.addSeries(lw.HistogramSeries, {
        priceScaleId: 'volume',
        priceFormat: { type: 'volume' },
        lastValueVisible: false,
        priceLineVisible: false,
        autoscaleInfoProvider: (original: () => AutoscaleInfo | null) => {
          const info = original();
          return info && { ...info, margins: { above: 0, below: MARKER_BAND } };
        },
      });
      api.priceScale('volume').applyOptions({ scaleMargins: { top: 0.8, bottom: 0 } });
      api.subscribeCrosshairMove((param: MouseEventParams) => {
        const time = typeof param.time === 'number' ? param.time * 1000 : null;
        setLegend(time === null ? null : (byTime.current.get(time) ?? null));
      });
      stopTheme = watchTheme((next) => {
        colours.current = next;
        api.applyOptions({
          layout: { background: { type: lw.ColorType.Solid, color: next.bg }, textColor: next.muted },
          grid: {
            vertLines: { color: withAlpha(next.border, 0.6) },
            horzLines: { color: withAlpha(next.border, 0.6) },
          },
          rightPriceScale: { borderColor: next.border },
          timeScale: { borderColor: next.border },
        });
        candleSeries.current?.applyOptions({
          upColor: next.rise,
          downColor: next.fall,
          wickUpColor: next.rise,
          wickDownColor: next.fall,
        });
      });
      chart.current = api;
      setChartReady(true);
    })().catch((e) => {
      console.error('[kline chart]', e);
      setStatus('error');
    });
    return () => {
      disposed = true;
      stopTheme();
      markers.current?.destroy();
      markers.current = null;
      chart.current?.remove();
      chart.current = null;
      candleSeries.current = null;
      volumeSeries.current = null;
    };
    // The chart is created once; options that change later are applied in other effects.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // News markers come after the candles, in their own small chunk (the page is at its JS budget).
  const showNews = (bars: number[], step: number) => {
    void import('./newsMarkers.ts')
      .then(({ createNewsMarkers }) => {
        if (!chart.current || !stage.current) return;
        markers.current ??= createNewsMarkers({ chart: chart.current, stage: stage.current, coinId, locale, dict });
        markers.current.setBars(bars, step);
      })
      .catch((e: unknown) => console.error('[news markers]', e));
  };

  // Load candles whenever the interval or range changes (or on retry).
  useEffect(() => {
    if (!chartReady) return;
    let current = true;
    setStatus('loading');
    apiGet<Series>('/v1/klines', { coin: coinId, interval, range })
      .then(async (data) => {
        await nextTask();
        if (!current) return;
        candles.current = data.candles;
        byTime.current = new Map(data.candles.map((c) => [c.time, c]));
        const last = data.candles.at(-1);
        const minMove = minMoveFor((last?.close ?? 1) * rate);
        candleSeries.current?.applyOptions({
          priceFormat: { type: 'price', minMove, precision: Math.max(0, -Math.floor(Math.log10(minMove))) },
        });
        lastClose.current = last ? last.close * rate : null;
        candleSeries.current?.setData(data.candles.map(candleBar));
        volumeSeries.current?.setData(data.candles.map(volumeBar));
        chart.current?.timeScale().fitContent();
        showNews(
          data.candles.map((c) => c.time),
          INTERVAL_MS[interval],
        );
        setCapped(data.capped);
        setCount(data.candles.length);
        setLegend(null);
        setStatus(data.candles.length ? 'ready' : 'empty');
      })
      .catch((e: unknown) => {
        if (!current) return;
        console.error('[kline chart]', e);
        setStatus('error');
      });
    return () => {
      current = false;
    };
  }, [chartReady, coinId, interval, range, reload, candleBar, volumeBar, rate]);

  // Live prices move the last candle (or open the next one).
  useEffect(() => {
    if (status !== 'ready') return;
    const stop = watchPrices([coinId]);
    const unlisten = $prices.subscribe((prices) => {
      const tick = prices[coinId];
      if (!tick) return;
      const last = candles.current.at(-1);
      const next = applyTick(last, tick.price, tick.at, interval);
      if (!next) return;
      if (last && next.time === last.time) candles.current[candles.current.length - 1] = next;
      else candles.current.push(next);
      byTime.current.set(next.time, next);
      candleSeries.current?.update(candleBar(next));
      volumeSeries.current?.update(volumeBar(next));
      // The last-price label moved: the axis labels it hides are chosen again.
      lastClose.current = next.close * rate;
      chart.current?.applyOptions({ localization: { tickmarksPriceFormatter: ticks } });
      setCount(candles.current.length);
      setLegend((shown) => (shown && shown.time !== next.time ? shown : null));
    });
    return () => {
      unlisten();
      stop();
    };
  }, [status, coinId, interval, candleBar, volumeBar, rate, ticks]);

  // Keep the address bar in step so the view can be shared and the server renders the same.
  const choose = (nextInterval: KlineInterval, nextRange: KlineRange) => (e: React.MouseEvent) => {
    if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
    e.preventDefault();
    // Loading from this render on: the chart never says "ready" with the previous view's candles.
    if (nextInterval !== interval || nextRange !== range) setStatus('loading');
    setInterval(nextInterval);
    setRange(nextRange);
    const url = new URL(window.location.href);
    url.searchParams.set('interval', nextInterval);
    url.searchParams.set('range', nextRange);
    window.history.replaceState(window.history.state, '', url);
  };

  const shown = legend ?? candles.current.at(-1) ?? null;

  return (
    <div className="kline-chart">
      <KlineToolbar t={t} interval={interval} range={range} choose={choose} />
      <KlineLegend
        t={t}
        money={money}
        symbol={symbol}
        shown={shown}
        interval={interval}
        capped={capped}
        status={status}
        count={count}
      />
      <div className="kline-stage" ref={stage}>
        <div
          ref={box}
          className="kline-canvas"
          role="img"
          aria-label={t('kline.chartLabel', { symbol })}
          data-testid="kline-chart"
          data-coin={coinId}
          data-interval={interval}
          data-range={range}
          data-state={status}
          data-candles={status === 'ready' ? count : 0}
        />
        {status !== 'ready' && (
          <div className="kline-overlay" role="status" data-testid="kline-status">
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
      <p className="kline-attribution">
        <a href="https://www.tradingview.com/" target="_blank" rel="noopener">
          {t('kline.attribution')}
        </a>
      </p>
    </div>
  );
}
