import { describe, expect, it } from 'vitest';
import { changeOver, plotSeries } from './chart.ts';
import {
  DAY,
  dominance,
  GLOBAL_RANGES,
  pickInterval,
  rangeWindow,
  readGlobalRange,
  resolutionFor,
  slotsOf,
  sourceWords,
} from './series.ts';

const END = Date.UTC(2026, 10, 20, 11, 55);
const HOUR = 3_600_000;

describe('the resolution of a range', () => {
  it('is 5 minutes for a day, hourly for a week and a month, daily beyond', () => {
    const earliest = END - 400 * DAY;
    const picked = Object.fromEntries(GLOBAL_RANGES.map((r) => [r, rangeWindow(r, END, earliest).interval]));
    expect(picked).toEqual({ '1d': '5m', '7d': '1h', '1m': '1h', '3m': '1d', '1y': '1d', ytd: '1d', all: '1d' });
  });

  it('turns at one day and at 31 days', () => {
    expect([resolutionFor(DAY), resolutionFor(DAY + 1)]).toEqual(['5m', '1h']);
    expect([resolutionFor(31 * DAY), resolutionFor(31 * DAY + 1)]).toEqual(['1h', '1d']);
  });

  it('measures YTD from 1 January UTC and All from the oldest snapshot, so short ones are finer', () => {
    const jan = rangeWindow('ytd', Date.UTC(2026, 0, 10, 12), 0);
    expect(jan.after).toBe(Date.UTC(2026, 0, 1) - 1);
    expect(jan.interval).toBe('1h');
    expect(rangeWindow('ytd', END, 0).interval).toBe('1d');
    expect(rangeWindow('all', END, END - 2 * DAY)).toMatchObject({ after: END - 2 * DAY - 1, interval: '1h' });
    expect(rangeWindow('all', END, END - 12 * HOUR).interval).toBe('5m');
    expect(rangeWindow('7d', END, 0).after).toBe(END - 7 * DAY);
  });

  it('falls back to the resolution with the most points when its own has fewer than two', () => {
    expect(pickInterval('1h', { '5m': 288, '1h': 168, '1d': 7 })).toBe('1h');
    expect(pickInterval('1h', { '5m': 20, '1h': 1 })).toBe('5m');
    expect(pickInterval('5m', {})).toBe('5m');
  });

  it('reads a page URL’s range leniently', () => {
    expect(readGlobalRange('7d')).toBe('7d');
    expect(readGlobalRange('YTD')).toBe('ytd');
    expect(readGlobalRange('2w')).toBe('1m');
    expect(readGlobalRange(null)).toBe('1m');
  });
});

describe('slots and dominance', () => {
  it('puts a snapshot in its 5-minute slot, its hour and its day (UTC)', () => {
    const s = slotsOf(Date.UTC(2026, 10, 20, 10, 7, 42));
    expect(Object.fromEntries(Object.entries(s).map(([k, d]) => [k, d.toISOString()]))).toEqual({
      '5m': '2026-11-20T10:05:00.000Z',
      '1h': '2026-11-20T10:00:00.000Z',
      '1d': '2026-11-20T00:00:00.000Z',
    });
  });

  it('is a coin’s share of the market cap in percent, none for an empty market', () => {
    expect(dominance(1.2e12, 2.4e12)).toBe(50);
    expect(dominance(3e11, 2.4e12)).toBeCloseTo(12.5, 12);
    expect(dominance(0, 2.4e12)).toBe(0);
    expect(dominance(5, 0)).toBeNull();
    expect(dominance(5, Number.NaN)).toBeNull();
  });

  it('says where the points come from', () => {
    const t = (key: string, o: { count: number; age: string }) => `${key}|${o.count}|${o.age}`;
    expect(sourceWords(t, { source: 'demo', age: 'a', count: 3 })).toBe('globalCharts.seeded|3|a');
    expect(sourceWords(t, { source: 'sim', age: 'a', count: 3 })).toBe('globalCharts.recordedSim|3|a');
    expect(sourceWords(t, { source: 'live', age: 'a', count: 1 })).toBe('globalCharts.recordedLive|1|a');
  });
});

describe('the chart geometry', () => {
  it('draws each series over time between the values’ minimum and maximum', () => {
    const plot = plotSeries(
      [0, 1, 2],
      [
        [10, 20, 30],
        [15, null, 25],
      ],
      200,
      108,
      1,
    );
    expect(plot).toMatchObject({ min: 10, max: 30 });
    expect(plot!.lines[0]).toBe('M0,104L100,54L200,4');
    // An unknown value breaks the line.
    expect(plot!.lines[1]).toBe('M0,79M200,29');
    expect(plot!.area).toBe('M0,108L0,104L100,54L200,4L200,108Z');
  });

  it('leaves a long gap in the recording open and draws across a missed slot', () => {
    const step = 5;
    const times = [0, 5, 10, 20, 25, 100, 105];
    const plot = plotSeries(times, [[1, 2, 3, 4, 5, 6, 7]], 105, 100, step);
    expect(plot!.lines[0]!.match(/M/g)).toHaveLength(2);
  });

  it('thins a long series to a few hundred points and needs two', () => {
    const times = Array.from({ length: 2000 }, (_, i) => i * HOUR);
    const plot = plotSeries(times, [times.map((t) => t / HOUR)], 720, 200, HOUR, 360);
    expect(plot!.lines[0]!.split(/[ML]/).filter(Boolean)).toHaveLength(360);
    expect(plotSeries([0], [[1]], 10, 10, 1)).toBeNull();
    expect(plotSeries([0, 1], [[null, null]], 10, 10, 1)).toBeNull();
  });

  it('measures the change over a range from its first positive value', () => {
    expect(changeOver([100, 90, 110])).toBeCloseTo(10, 12);
    expect(changeOver([0, 50, 75])).toBeCloseTo(50, 12);
    expect(changeOver([100])).toBeNull();
  });
});
