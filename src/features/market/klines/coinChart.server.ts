/**
 * The coin overview chart's first drawing on the server: the points of the view the URL names,
 * read the way the island reads them (the same intervals, fall-backs and currency rule), so the
 * page shows a chart without JavaScript and the island's own first answer draws the same line.
 */
import type { KlineCandle, KlineInterval } from '../../../lib/klines.ts';
import { MARKET_RATE_COINS } from '../../../lib/money.ts';
import type { Db } from '../../../server/db/index.ts';
import { memoMarket } from '../../../server/db/cache.ts';
import type { View } from '../../../server/view.ts';
import {
  CHART_INTERVAL,
  fallbackInterval,
  inCurrency,
  metricPoints,
  type ChartMetric,
  type ChartPoint,
  type ChartRange,
} from './chartSeries.ts';
import { getKlines } from './klines.server.ts';

export interface CoinChart {
  metric: ChartMetric;
  range: ChartRange;
  /** The interval the points were drawn with (after any fall-back). */
  interval: KlineInterval;
  points: ChartPoint[];
  /** Whether the coin has candles in the range at all (a market cap needs a supply too). */
  hasCandles: boolean;
}

/** The candles of a range, asked again at the fall-back interval when the first answer falls short. */
async function rangeCandles(
  db: Db,
  coinId: string,
  range: ChartRange,
  now: number,
): Promise<{ interval: KlineInterval; candles: KlineCandle[] }> {
  let interval = CHART_INTERVAL[range];
  let { candles } = await getKlines(db, coinId, { interval, range }, now);
  const next = fallbackInterval(range, interval, candles.length);
  if (next) {
    interval = next;
    ({ candles } = await getKlines(db, coinId, { interval, range }, now));
  }
  return { interval, candles };
}

/**
 * {@link rangeCandles} as of now, kept until the market changes (src/server/db/cache.ts): a
 * month of hourly candles is the biggest read of a coin page, and the same for every visitor
 * until the next market round. A caller with a `now` of its own reads fresh. Callers must not
 * change the candles: they are shared.
 */
function currentRangeCandles(db: Db, coinId: string, range: ChartRange, now: number | undefined) {
  if (now !== undefined) return rangeCandles(db, coinId, range, now);
  return memoMarket(db, 'chartCandles', `${coinId}:${range}`, () => rangeCandles(db, coinId, range, Date.now()), {
    max: 64,
  });
}

/**
 * One view of a coin's chart in the page's currency: market cap = close × `supply` (today's
 * circulating supply), volume = the quote volume summed per point. In a crypto currency every
 * bar is divided by that coin's close of the same bar.
 */
export async function loadCoinChart(
  db: Db,
  v: View,
  coin: { id: string; circulatingSupply: number | null },
  view: { metric: ChartMetric; range: ChartRange },
  now?: number,
): Promise<CoinChart> {
  const { interval, candles } = await currentRangeCandles(db, coin.id, view.range, now);
  const base = MARKET_RATE_COINS[v.money.currency];
  let baseClose: Map<number, number> | null = null;
  if (base === coin.id) baseClose = new Map(candles.map((c) => [c.time, c.close]));
  else if (base) {
    const against =
      now === undefined
        ? await memoMarket(db, 'chartBaseCandles', `${base}:${view.range}:${interval}`, () =>
            getKlines(db, base, { interval, range: view.range }),
          )
        : await getKlines(db, base, { interval, range: view.range }, now);
    baseClose = new Map(against.candles.map((c) => [c.time, c.close]));
  }
  const bars = inCurrency(candles, v.money.convert(1) ?? 1, baseClose);
  return {
    ...view,
    interval,
    points: metricPoints(bars, view.metric, coin.circulatingSupply),
    hasCandles: candles.length > 0,
  };
}
