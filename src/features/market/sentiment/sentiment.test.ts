import { describe, expect, it } from 'vitest';
import { downsample, gaugeArcs, gaugeNeedle, historyChart } from './chart.ts';
import { classOf, classOfValue, classOfWord, classTrend, FEAR_GREED_CLASSES } from './classes.ts';
import { readRange } from './sentiment.server.ts';

const days = (values: number[], from = Date.UTC(2026, 0, 1)) =>
  values.map((value, i) => ({ day: new Date(from + i * 86_400_000).toISOString().slice(0, 10), value }));

describe('the five classes', () => {
  it('band the values 0–24, 25–44, 45–55, 56–74 and 75–100', () => {
    const edges = [0, 24, 25, 44, 45, 55, 56, 74, 75, 100].map(classOfValue);
    expect(edges).toEqual([
      'extreme-fear',
      'extreme-fear',
      'fear',
      'fear',
      'neutral',
      'neutral',
      'greed',
      'greed',
      'extreme-greed',
      'extreme-greed',
    ]);
  });

  it('read the source’s words, and only those', () => {
    expect(classOfWord('Extreme Greed')).toBe('extreme-greed');
    expect(classOfWord('NEUTRAL')).toBe('neutral');
    expect(classOfWord('Fearful')).toBeNull();
    expect(classOfWord(3)).toBeNull();
    expect(classOf(80, 'Greed')).toBe('greed');
    expect(classOf(80, '')).toBe('extreme-greed');
  });

  it('fall on the fear side and rise on the greed side', () => {
    expect(FEAR_GREED_CLASSES.map(classTrend)).toEqual(['fall', 'fall', 'flat', 'rise', 'rise']);
  });
});

describe('the history chart', () => {
  it('draws x by day and y on the fixed 0–100 scale', () => {
    const chart = historyChart(days([0, 50, 100]), 200, 100)!;
    expect(chart.line).toBe('M0,100L100,50L200,0');
    expect(chart.area).toBe('M0,100L0,100L100,50L200,0L200,100Z');
    expect(chart.guides).toEqual([75, 50, 25]);
  });

  it('draws across a missing day or two, and leaves a long gap open', () => {
    const at = (d: number, value: number) => days([value], Date.UTC(2026, 0, d))[0]!;
    expect(historyChart([at(1, 40), at(3, 60), at(5, 50)], 400, 100)!.line).toBe('M0,60L200,40L400,50');
    const gapped = historyChart([at(1, 40), at(2, 60), at(3, 50), at(4, 50), at(31, 20), at(32, 30)], 310, 100)!;
    expect(gapped.line).toBe('M0,60L10,40L20,50L30,50M300,80L310,70');
    expect(gapped.area).toBe('M0,100L0,60L10,40L20,50L30,50L30,100ZM300,100L300,80L310,70L310,100Z');
  });

  it('needs two days', () => {
    expect(historyChart(days([40]), 100, 100)).toBeNull();
    expect(historyChart([], 100, 100)).toBeNull();
  });

  it('averages a long history down, keeping its first and last day', () => {
    const all = days(Array.from({ length: 2900 }, (_, i) => i % 100));
    const few = downsample(all, 400);
    expect(few.length).toBeLessThanOrEqual(400);
    expect(few.length).toBeGreaterThan(390);
    expect(few[0]).toEqual(all[0]);
    expect(few.at(-1)).toEqual(all.at(-1));
    expect(few.every((p) => p.value >= 0 && p.value <= 99)).toBe(true);
    expect(downsample(all.slice(0, 10), 400)).toEqual(all.slice(0, 10));
    expect(historyChart(all, 720, 200)!.line.split('L')).toHaveLength(few.length);
  });
});

describe('the gauge', () => {
  it('points left at 0, up at 50 and right at 100', () => {
    expect(gaugeNeedle(0)).toEqual({ x: 22, y: 60 });
    expect(gaugeNeedle(50)).toEqual({ x: 60, y: 22 });
    expect(gaugeNeedle(100)).toEqual({ x: 98, y: 60 });
    expect(gaugeNeedle(150)).toEqual(gaugeNeedle(100));
  });

  it('has one arc per class, left to right', () => {
    const arcs = gaugeArcs();
    expect(arcs.map((a) => a.class)).toEqual([...FEAR_GREED_CLASSES]);
    expect(arcs[0]!.d.startsWith('M10,60A50,50 0 0 1 ')).toBe(true);
    expect(arcs.at(-1)!.d.endsWith(' 110,60')).toBe(true);
  });
});

describe('a range from a URL', () => {
  it('is one of the four, else the default', () => {
    expect(readRange('30d')).toBe('30d');
    expect(readRange('all')).toBe('all');
    expect(readRange('7d')).toBe('1y');
    expect(readRange(null, '90d')).toBe('90d');
  });
});
