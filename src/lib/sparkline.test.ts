import { describe, expect, it } from 'vitest';
import { SPARK_HEIGHT, SPARK_MAX_POINTS, SPARK_WIDTH, sparkPath, thin } from './sparkline.ts';

const coords = (d: string) =>
  d
    .split(/[ML]/)
    .filter(Boolean)
    .map((p) => p.split(',').map(Number) as [number, number]);

describe('sparkPath', () => {
  it('draws the series across the box, highest price at the top, with its direction', () => {
    const spark = sparkPath([10, 30, 20])!;
    expect(spark.trend).toBe('rise');
    expect(coords(spark.d)).toEqual([
      [0, SPARK_HEIGHT - 2],
      [SPARK_WIDTH / 2, 2],
      [SPARK_WIDTH, SPARK_HEIGHT / 2],
    ]);
    expect(sparkPath([3, 1])!.trend).toBe('fall');
    expect(sparkPath([2, 5, 2])!.trend).toBe('flat');
  });

  it('keeps at most 60 points of a week of hourly prices, first and last included', () => {
    const week = Array.from({ length: 168 }, (_, i) => 100 + Math.sin(i / 7) * 10 + i / 10);
    const spark = sparkPath(week)!;
    const pts = coords(spark.d);
    expect(pts).toHaveLength(SPARK_MAX_POINTS);
    expect(pts[0]![0]).toBe(0);
    expect(pts.at(-1)![0]).toBe(SPARK_WIDTH);
    expect(thin(week).at(-1)).toBe(week.at(-1));
    // Short enough for a 100-row page: well under a kilobyte per row.
    expect(spark.d.length).toBeLessThan(800);
  });

  it('has no line for fewer than two prices, and skips non-numbers', () => {
    expect(sparkPath(null)).toBeNull();
    expect(sparkPath([5])).toBeNull();
    expect(sparkPath([Number.NaN, 5, Infinity])).toBeNull();
    expect(sparkPath([1, Number.NaN, 1])!.trend).toBe('flat');
    // A flat series is drawn along the bottom rather than divided by zero.
    expect(coords(sparkPath([4, 4])!.d)).toEqual([
      [0, SPARK_HEIGHT - 2],
      [SPARK_WIDTH, SPARK_HEIGHT - 2],
    ]);
  });
});
