/**
 * The kline chart's parts above the canvas: the interval and range switches (links that also
 * work without script) and the crosshair OHLCV legend.
 */
import { formatPercent, trend } from '../../../../lib/format/index.ts';
import { formatDate, formatDateTime } from '../../../../lib/format/time.ts';
import type { createTranslator } from '../../../../lib/i18n/index.ts';
import {
  DEFAULT_RANGE,
  KLINE_INTERVALS,
  KLINE_RANGES,
  type KlineCandle,
  type KlineInterval,
  type KlineRange,
} from '../../../../lib/klines.ts';
import type { Money } from '../../../../lib/money.ts';

export type Status = 'loading' | 'ready' | 'empty' | 'error';

type Translate = ReturnType<typeof createTranslator>;

/** The query string of a kline view, as the page reads it. */
const viewQuery = (interval: KlineInterval, range: KlineRange) => `?interval=${interval}&range=${range}`;

/** The interval and range switches; `choose` makes a click's handler for a view. */
export function KlineToolbar({
  t,
  interval,
  range,
  choose,
}: {
  t: Translate;
  interval: KlineInterval;
  range: KlineRange;
  choose: (nextInterval: KlineInterval, nextRange: KlineRange) => (e: React.MouseEvent) => void;
}) {
  return (
    <div className="kline-toolbar">
      <nav className="kline-switch" aria-label={t('kline.intervalLabel')} data-testid="kline-intervals">
        <span className="kline-switch-label">{t('kline.intervalLabel')}</span>
        {KLINE_INTERVALS.map((i) => (
          <a
            key={i}
            href={viewQuery(i, DEFAULT_RANGE[i])}
            aria-current={i === interval ? 'true' : undefined}
            data-interval={i}
            onClick={choose(i, DEFAULT_RANGE[i])}
          >
            {t(`kline.intervals.${i}`)}
          </a>
        ))}
      </nav>
      <nav className="kline-switch" aria-label={t('kline.rangeLabel')} data-testid="kline-ranges">
        <span className="kline-switch-label">{t('kline.rangeLabel')}</span>
        {KLINE_RANGES.map((r) => (
          <a
            key={r}
            href={viewQuery(interval, r)}
            aria-current={r === range ? 'true' : undefined}
            data-range={r}
            onClick={choose(interval, r)}
          >
            {t(`kline.ranges.${r}`)}
          </a>
        ))}
      </nav>
    </div>
  );
}

/** The OHLCV legend of the candle under the crosshair (`shown`, else the last one). */
export function KlineLegend({
  t,
  money,
  symbol,
  shown,
  interval,
  capped,
  status,
  count,
}: {
  t: Translate;
  money: Money;
  symbol: string;
  shown: KlineCandle | null;
  interval: KlineInterval;
  capped: boolean;
  status: Status;
  count: number;
}) {
  const change = shown?.open ? ((shown.close - shown.open) / shown.open) * 100 : null;
  const dir = trend(change);
  const daily = interval === '1d' || interval === '1w';
  const when = shown ? (daily ? formatDate(shown.time) : formatDateTime(shown.time, Date.now())) : '--';

  return (
    <div className="kline-legend num" data-testid="kline-legend" aria-live="off">
      <span className="muted">
        {symbol}/{money.currency}
      </span>
      <span className="muted">
        <span>{when}</span>
      </span>
      <span>
        {t('kline.legend.open')} <b className={dir}>{shown ? money.price(shown.open) : '--'}</b>
      </span>
      <span>
        {t('kline.legend.high')} <b className={dir}>{shown ? money.price(shown.high) : '--'}</b>
      </span>
      <span>
        {t('kline.legend.low')} <b className={dir}>{shown ? money.price(shown.low) : '--'}</b>
      </span>
      <span>
        {t('kline.legend.close')} <b className={dir}>{shown ? money.price(shown.close) : '--'}</b>
      </span>
      <span>
        {t('kline.legend.volume')} <b>{shown ? money.amount(shown.volume) : '--'}</b>
      </span>
      <span>
        {t('kline.legend.change')} <b className={dir}>{formatPercent(change)}</b>
      </span>
      {capped && status === 'ready' && <span className="muted">{t('kline.capped', { count })}</span>}
    </div>
  );
}
