/**
 * The seven-day sparkline of the coin lists as an SVG path, computed when the price history is
 * written (seed, ingestion) and stored beside it, so a list render reads a short string instead
 * of parsing and drawing 168 prices per row.
 */

/** The drawing box of every list sparkline (CSS pixels). */
export const SPARK_WIDTH = 120;
export const SPARK_HEIGHT = 36;
/** A 120 px line cannot show more than ~60 distinct steps; more points only add bytes. */
export const SPARK_MAX_POINTS = 60;

export type SparkTrend = 'rise' | 'fall' | 'flat';

export interface Spark {
  /** The `d` attribute of the line, in a SPARK_WIDTH × SPARK_HEIGHT box. */
  d: string;
  trend: SparkTrend;
}

/** One decimal, without a trailing ".0". */
const short = (v: number) => {
  const s = v.toFixed(1);
  return s.endsWith('.0') ? s.slice(0, -2) : s;
};

/** Evenly spaced points of a series, always keeping its first and last. */
export function thin(points: readonly number[], max = SPARK_MAX_POINTS): number[] {
  if (points.length <= max) return [...points];
  const out: number[] = [];
  const step = (points.length - 1) / (max - 1);
  for (let i = 0; i < max; i++) out.push(points[Math.round(i * step)]!);
  return out;
}

/**
 * The path and direction of a price series; null when it has fewer than two finite prices.
 * @example sparkPath([1, 2, 3])?.trend // 'rise'
 */
export function sparkPath(
  series: readonly number[] | null | undefined,
  width = SPARK_WIDTH,
  height = SPARK_HEIGHT,
): Spark | null {
  const values = thin((series ?? []).filter((p) => Number.isFinite(p)));
  if (values.length < 2) return null;
  let min = Infinity;
  let max = -Infinity;
  for (const v of values) {
    if (v < min) min = v;
    if (v > max) max = v;
  }
  const span = max - min || 1;
  let d = '';
  for (let i = 0; i < values.length; i++) {
    const x = (i / (values.length - 1)) * width;
    const y = height - 2 - ((values[i]! - min) / span) * (height - 4);
    d += `${i === 0 ? 'M' : 'L'}${short(x)},${short(y)}`;
  }
  const first = values[0]!;
  const last = values[values.length - 1]!;
  return { d, trend: last > first ? 'rise' : last < first ? 'fall' : 'flat' };
}
