/**
 * The kline page's chart, drawn into the server's markup (../klineChart.ts): candlesticks with a
 * volume histogram (lightweight-charts), the interval and range switches redrawing in place and
 * mirrored in the address bar, the crosshair's OHLCV legend, the last candle moved by live
 * prices, and loading, empty and error states with a retry.
 *
 * Plain DOM, not React: the markup is the server's already, and React was 56 of the page's
 * 144 KB of JavaScript and its longest start-up task on a throttled phone (issue 25).
 */
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
  DEFAULT_RANGE,
  INTERVAL_MS,
  isKlineInterval,
  isKlineRange,
  type KlineCandle,
  type KlineInterval,
  type KlineRange,
} from '../../../../lib/klines.ts';
import { apiGet } from '../../../../stores/api.ts';
import { $prices, watchPrices } from '../../../../stores/prices.ts';
import { type ChartCurrency, klineMoney, klineViewQuery, LEGEND_FIGURES, legendTexts } from '../klineView.ts';
import { minMoveFor, nextTask, readColours, watchTheme, withAlpha } from './chartTheme.ts';
import { latestLoad, newsMarkersOf, onSwitchClick, replaceQuery, showChartMessage } from './chartParts.ts';
import { axisFormatter, MARKER_BAND } from './priceAxis.ts';
import './kline.css';

/** What the server puts in data-props (klineChartMarkup). */
interface Props {
  coinId: string;
  symbol: string;
  interval: KlineInterval;
  range: KlineRange;
  locale: Locale;
  dict: Dict;
  currency?: ChartCurrency | undefined;
}

/** What /api/v1/klines answers. */
interface Series {
  interval: KlineInterval;
  range: KlineRange | null;
  capped: boolean;
  candles: KlineCandle[];
}

type Status = 'loading' | 'ready' | 'empty' | 'error';

const toSeconds = (ms: number) => Math.floor(ms / 1000) as UTCTimestamp;

export function mountKlineChart(root: HTMLElement): void {
  if (root.dataset.mounted) return;
  root.dataset.mounted = '1';
  let props: Props;
  try {
    props = JSON.parse(root.dataset.props ?? '') as Props;
  } catch (e) {
    console.error('[kline chart] bad props', e);
    return;
  }
  startKlineChart(root, props);
}

function startKlineChart(root: HTMLElement, p: Props): void {
  const t = createTranslator(p.dict);
  const money = klineMoney(p.locale, p.currency);
  const rate = money.convert(1) ?? 1;
  const box = root.querySelector<HTMLElement>('[data-testid="kline-chart"]');
  const stage = root.querySelector<HTMLElement>('.kline-stage');
  const legend = root.querySelector<HTMLElement>('[data-testid="kline-legend"]');
  if (!box || !stage || !legend) return;
  const figure = (name: string) => legend.querySelector<HTMLElement>(`[data-f="${name}"]`);

  let interval = p.interval;
  let range = p.range;
  let status: Status = 'loading';
  let candles: KlineCandle[] = [];
  let byTime = new Map<number, KlineCandle>();
  let capped = false;
  let hover: KlineCandle | null = null;
  let colours = readColours();
  let chart: IChartApi | null = null;
  let candleSeries: ISeriesApi<'Candlestick'> | null = null;
  let volumeSeries: ISeriesApi<'Histogram'> | null = null;
  let live = false;
  /** Whether candles have come through the API (until then the legend is the server's). */
  let drawn = false;
  /** The last close as drawn (in the chart's currency): the last-price label's place on the axis. */
  let lastClose: number | null = null;
  const ticks = axisFormatter(
    () => candleSeries,
    () => lastClose,
  );

  const volumeBar = (c: KlineCandle): HistogramData<UTCTimestamp> => ({
    time: toSeconds(c.time),
    value: c.volume * rate,
    color: withAlpha(c.close >= c.open ? colours.rise : colours.fall, 0.45),
  });
  const candleBar = (c: KlineCandle): CandlestickData<UTCTimestamp> => ({
    time: toSeconds(c.time),
    open: c.open * rate,
    high: c.high * rate,
    low: c.low * rate,
    close: c.close * rate,
  });

  /** The legend: the candle under the crosshair, else the last one; the server's until candles come. */
  const showLegend = () => {
    if (!drawn) return;
    const texts = legendTexts(hover ?? candles.at(-1) ?? null, interval, money);
    const when = figure('when');
    if (when) when.textContent = texts.when;
    for (const f of LEGEND_FIGURES) {
      const el = figure(f);
      if (!el) continue;
      el.textContent = texts[f];
      if (f !== 'volume') el.className = texts.dir;
    }
    const note = figure('capped');
    if (note) {
      note.hidden = !(capped && status === 'ready');
      note.textContent = note.hidden ? '' : t('kline.capped', { count: candles.length });
    }
  };

  const setStatus = (next: Status) => {
    status = next;
    Object.assign(box.dataset, {
      state: next,
      candles: String(next === 'ready' ? candles.length : 0),
      interval,
      range,
    });
    showLegend();
    showChartMessage(
      stage,
      'kline-overlay',
      next === 'ready'
        ? null
        : next === 'error'
          ? { t, retry: () => void (chart ? load() : create()) }
          : t(next === 'loading' ? 'kline.loading' : 'kline.empty'),
    );
    stage.querySelector<HTMLElement>('.kline-overlay')?.setAttribute('data-testid', 'kline-status');
  };

  /** The switches: the current view marked, each range link keeping the interval. */
  const showSwitches = () => {
    for (const a of root.querySelectorAll<HTMLAnchorElement>('.kline-toolbar a')) {
      const i = a.dataset.interval;
      const r = a.dataset.range;
      if (isKlineRange(r)) a.href = klineViewQuery(interval, r);
      if (i === interval || r === range) a.setAttribute('aria-current', 'true');
      else a.removeAttribute('aria-current');
    }
  };

  const showNews = newsMarkersOf(() => chart, { stage, coinId: p.coinId, locale: p.locale, dict: p.dict });

  // Live prices move the last candle (or open the next one) while candles are shown.
  const followPrices = () => {
    if (live) return;
    live = true;
    watchPrices([p.coinId]);
    $prices.subscribe((prices) => {
      const tick = prices[p.coinId];
      if (!tick || status !== 'ready') return;
      const last = candles.at(-1);
      const next = applyTick(last, tick.price, tick.at, interval);
      if (!next) return;
      if (last && next.time === last.time) candles[candles.length - 1] = next;
      else candles.push(next);
      byTime.set(next.time, next);
      candleSeries?.update(candleBar(next));
      volumeSeries?.update(volumeBar(next));
      // The last-price label moved: the axis labels it hides are chosen again.
      lastClose = next.close * rate;
      chart?.applyOptions({ localization: { tickmarksPriceFormatter: ticks } });
      if (hover && hover.time === next.time) hover = null;
      box.dataset.candles = String(candles.length);
      showLegend();
    });
  };

  const fetchView = () => apiGet<Series>('/v1/klines', { coin: p.coinId, interval, range });

  /** A view's candles as they come, unless the reader has asked for another since. */
  const loads = latestLoad<Series>(
    (data) => {
      candles = data.candles;
      drawn = true;
      byTime = new Map(candles.map((c) => [c.time, c]));
      capped = data.capped;
      hover = null;
      const last = candles.at(-1);
      const minMove = minMoveFor((last?.close ?? 1) * rate);
      candleSeries?.applyOptions({
        priceFormat: { type: 'price', minMove, precision: Math.max(0, -Math.floor(Math.log10(minMove))) },
      });
      lastClose = last ? last.close * rate : null;
      candleSeries?.setData(candles.map(candleBar));
      volumeSeries?.setData(candles.map(volumeBar));
      chart?.timeScale().fitContent();
      showNews(
        candles.map((c) => c.time),
        INTERVAL_MS[interval],
      );
      setStatus(candles.length ? 'ready' : 'empty');
      followPrices();
    },
    (e) => {
      console.error('[kline chart]', e);
      setStatus('error');
    },
  );

  const load = () => {
    const ticket = loads.start();
    setStatus('loading');
    return loads.finish(fetchView(), ticket);
  };

  // Keep the address bar in step so the view can be shared and the server renders the same.
  onSwitchClick(root.querySelector('.kline-toolbar'), 'a[data-interval], a[data-range]', (a) => {
    const i = a.dataset.interval;
    const r = a.dataset.range;
    // An interval comes with its default range, as its link's href says; a range keeps the interval.
    const nextInterval = isKlineInterval(i) ? i : interval;
    const nextRange = isKlineInterval(i) ? DEFAULT_RANGE[i] : isKlineRange(r) ? r : range;
    const changed = nextInterval !== interval || nextRange !== range;
    interval = nextInterval;
    range = nextRange;
    replaceQuery(
      [],
      [
        ['interval', interval],
        ['range', range],
      ],
    );
    showSwitches();
    if (!changed) return;
    if (chart) void load();
    else {
      // The chart is still starting: the candles it asked for are no longer wanted.
      loads.drop();
      setStatus('loading');
    }
  });

  const create = async () => {
    // The candles are asked for while the library loads, and drawn in the chart's first frame.
    const ticket = loads.start();
    const first = fetchView();
    first.catch(() => undefined);
    try {
      const lw = await import('lightweight-charts');
      // The library's evaluation and the chart's creation are separate tasks (see nextTask).
      await nextTask();
      const c = colours;
      // No logo link inside the chart (a focusable link inside role=img): the TradingView
      // attribution the licence asks for is the text link under the chart.
      const api = lw.createChart(box, {
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
          locale: p.locale === 'zh-hk' ? 'zh-HK' : p.locale === 'zh' ? 'zh-CN' : p.locale,
          priceFormatter: (price: number) => money.price(price / rate).replace(money.symbol, ''),
          tickmarksPriceFormatter: ticks,
        },
      });
      candleSeries = api.addSeries(lw.CandlestickSeries, {
        upColor: c.rise,
        downColor: c.fall,
        wickUpColor: c.rise,
        wickDownColor: c.fall,
        borderVisible: false,
      });
      // The volume bars stand on the news markers' band, not under the markers.
      volumeSeries = api.addSeries(lw.HistogramSeries, {
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
        hover = time === null ? null : (byTime.get(time) ?? null);
        showLegend();
      });
      watchTheme((next) => {
        colours = next;
        api.applyOptions({
          layout: { background: { type: lw.ColorType.Solid, color: next.bg }, textColor: next.muted },
          grid: {
            vertLines: { color: withAlpha(next.border, 0.6) },
            horzLines: { color: withAlpha(next.border, 0.6) },
          },
          rightPriceScale: { borderColor: next.border },
          timeScale: { borderColor: next.border },
        });
        candleSeries?.applyOptions({
          upColor: next.rise,
          downColor: next.fall,
          wickUpColor: next.rise,
          wickDownColor: next.fall,
        });
      });
      chart = api;
    } catch (e) {
      console.error('[kline chart]', e);
      setStatus('error');
      return;
    }
    // Candles already here are drawn before the new chart's first frame: one paint, not an empty one first.
    await (loads.isLatest(ticket) ? loads.finish(first, ticket, false) : load());
  };

  void create();
}
