import { describe, expect, it } from 'vitest';
import { type KlineCandle, MAX_CANDLES, rollUp } from '../../../lib/klines.ts';
import { createMoney } from '../../../lib/money.ts';
import { translator } from '../../../server/i18n/index.ts';
import {
  chartNote,
  chartViewQuery,
  fallbackInterval,
  inCurrency,
  metricPoints,
  metricText,
  pointChange,
  readChartView,
  svgPath,
} from './chartSeries.ts';

const MIN = 60_000;
const candle = (time: number, close: number, volume: number): KlineCandle => ({
  time,
  open: close,
  high: close,
  low: close,
  close,
  volume,
});

describe('the overview chart view', () => {
  it('reads ?chart= and ?range= leniently and writes them without defaults', () => {
    expect(readChartView(new URLSearchParams('chart=market-cap&range=ALL'))).toEqual({
      metric: 'market-cap',
      range: 'ALL',
    });
    expect(readChartView(new URLSearchParams('chart=tvl&range=6M'))).toEqual({ metric: 'price', range: '1W' });
    expect(chartViewQuery('price', '1W')).toBe('');
    expect(chartViewQuery('volume', '1W')).toBe('?chart=volume');
    expect(chartViewQuery('market-cap', 'YTD')).toBe('?chart=market-cap&range=YTD');
  });

  it('asks again in hours for a day without minutes, and in weeks when all history outgrows one answer', () => {
    expect(fallbackInterval('1D', '15m', 0)).toBe('1h');
    expect(fallbackInterval('1D', '15m', 96)).toBeNull();
    expect(fallbackInterval('ALL', '1d', MAX_CANDLES)).toBe('1w');
    expect(fallbackInterval('ALL', '1d', 365)).toBeNull();
    expect(fallbackInterval('1Y', '1d', MAX_CANDLES)).toBeNull();
  });
});

describe('series math', () => {
  const candles = [candle(0, 100, 1_000), candle(3_600_000, 110, 2_000), candle(7_200_000, 99, 500)];

  it('converts closes and volumes at the rate in a fiat currency', () => {
    expect(inCurrency(candles, 0.5)).toEqual([
      { time: 0, close: 50, volume: 500 },
      { time: 3_600_000, close: 55, volume: 1_000 },
      { time: 7_200_000, close: 49.5, volume: 250 },
    ]);
  });

  it('divides by the base coin’s close of the same bar in a crypto currency, dropping bars it lacks', () => {
    const btc = new Map([
      [0, 50],
      [7_200_000, 33],
    ]);
    expect(inCurrency(candles, 1 / 60_000, btc)).toEqual([
      { time: 0, close: 2, volume: 20 },
      { time: 7_200_000, close: 3, volume: 500 / 33 },
    ]);
    // The base coin against itself: 1 all along, its volume counted in coins.
    const own = new Map(candles.map((c) => [c.time, c.close]));
    expect(inCurrency(candles, 1, own).map((b) => b.close)).toEqual([1, 1, 1]);
    expect(inCurrency(candles, 1, own)[1]!.volume).toBeCloseTo(2_000 / 110, 10);
  });

  it('market cap = close × today’s supply at every point; none without a supply', () => {
    const bars = inCurrency(candles, 1);
    expect(metricPoints(bars, 'price', 10).map((p) => p.value)).toEqual([100, 110, 99]);
    expect(metricPoints(bars, 'market-cap', 19_000_000).map((p) => p.value)).toEqual([1.9e9, 2.09e9, 1.881e9]);
    expect(metricPoints(bars, 'market-cap', null)).toEqual([]);
    expect(metricPoints(bars, 'market-cap', 0)).toEqual([]);
    expect(metricPoints(bars, 'volume', null).map((p) => p.value)).toEqual([1_000, 2_000, 500]);
  });

  it('volume is summed to the chart’s resolution: fifteen minutes of minute candles make one point', () => {
    const minutes = Array.from({ length: 30 }, (_, i) => candle(i * MIN, 100 + i, i + 1));
    const points = metricPoints(inCurrency(rollUp(minutes, '15m'), 1), 'volume', null);
    // 1 + … + 15 and 16 + … + 30
    expect(points).toEqual([
      { time: 0, value: 120 },
      { time: 15 * MIN, value: 345 },
    ]);
  });

  it('the head: prices unabbreviated, amounts abbreviated, in the reader’s currency', () => {
    const eur = createMoney('en', 'EUR', { EUR: 0.5 });
    // Points are already in euros.
    expect(metricText(45_000.5, 'price', eur)).toBe('€45,000.50');
    expect(metricText(9e11, 'market-cap', eur)).toBe('€900B');
    expect(metricText(null, 'volume', eur)).toBe('--');
    expect(pointChange([{ time: 0, value: 80 }], { time: 1, value: 100 })).toBe(25);
    expect(pointChange([], null)).toBeNull();
  });

  it('the note names the step and, for market caps, today’s supply', () => {
    const zh = translator('zh');
    expect(chartNote(zh, 'volume', '1d', '--')).toContain('每天的成交额');
    expect(chartNote(translator('en'), 'market-cap', '1h', '19.8M BTC')).toContain("The supply is today's (19.8M BTC)");
  });

  it('one SVG path spans the box, lowest value at the bottom (or zero for volumes), closed outside it', () => {
    const pts = [
      { time: 0, value: 10 },
      { time: 50, value: 20 },
      { time: 100, value: 15 },
    ];
    expect(svgPath(pts, 100, 10)).toBe('M0.0,10.0L50.0,0.0L100.0,5.0L105,5.0L105,15L-5,15L-5,10.0Z');
    expect(svgPath(pts, 100, 10, true)).toMatch(/^M0\.0,5\.0L50\.0,0\.0L100\.0,2\.5L/);
    expect(svgPath(pts.slice(0, 1), 100, 10)).toBeNull();
  });
});
