/**
 * The geometry of the index's server-rendered SVG: the history line (x by day, y on the index's
 * fixed 0–100 scale, long ranges averaged down to a few hundred points so "all" stays a light
 * page) and the half-circle gauge with its five class arcs and needle.
 */
import type { FearGreedClass } from './classes.ts';

const DAY_MS = 86_400_000;
const f = (n: number) => Number(n.toFixed(1)).toString();

/**
 * At most `max` points: equal runs of days averaged, the first and last day kept as they are.
 * @example downsample(days, 365).length // ≤ 365
 */
export function downsample<T extends { day: string; value: number }>(
  points: readonly T[],
  max: number,
): { day: string; value: number }[] {
  if (points.length <= max) return points.map((p) => ({ day: p.day, value: p.value }));
  const out: { day: string; value: number }[] = [{ day: points[0]!.day, value: points[0]!.value }];
  const inner = points.slice(1, -1);
  const buckets = max - 2;
  for (let b = 0; b < buckets; b++) {
    const run = inner.slice(Math.floor((b * inner.length) / buckets), Math.floor(((b + 1) * inner.length) / buckets));
    if (!run.length) continue;
    const mean = run.reduce((s, p) => s + p.value, 0) / run.length;
    out.push({ day: run[Math.floor(run.length / 2)]!.day, value: Math.round(mean * 10) / 10 });
  }
  const last = points.at(-1)!;
  out.push({ day: last.day, value: last.value });
  return out;
}

export interface HistoryChart {
  /** The line, and the area under it, in a `width` × `height` box; a long gap in the days breaks both. */
  line: string;
  area: string;
  /** y of the values 25, 50 and 75: the guides between fear, neutral and greed. */
  guides: number[];
}

/**
 * The history line of `points` (oldest first), or null with fewer than two.
 * @example historyChart([{ day: '2026-11-19', value: 40 }, { day: '2026-11-20', value: 60 }], 100, 100)?.line // 'M0,60L100,40'
 */
export function historyChart(
  points: readonly { day: string; value: number }[],
  width: number,
  height: number,
  maxPoints = 400,
): HistoryChart | null {
  const pts = downsample(points, maxPoints);
  if (pts.length < 2) return null;
  const times = pts.map((p) => Date.parse(p.day));
  const t0 = times[0]!;
  const span = Math.max(DAY_MS, times.at(-1)! - t0);
  // A missing day or two is drawn across; a gap of many times the usual spacing is left open.
  const gap = Math.max(2 * DAY_MS, (4 * span) / (pts.length - 1));
  const y = (v: number) => height - (Math.max(0, Math.min(100, v)) / 100) * height;
  const runs: { x: string; y: string }[][] = [];
  pts.forEach((p, i) => {
    const at = { x: f(((times[i]! - t0) / span) * width), y: f(y(p.value)) };
    if (i === 0 || times[i]! - times[i - 1]! > gap) runs.push([at]);
    else runs.at(-1)!.push(at);
  });
  const path = (run: { x: string; y: string }[]) => run.map((p) => `${p.x},${p.y}`).join('L');
  return {
    line: runs.map((run) => `M${path(run)}`).join(''),
    area: runs.map((run) => `M${run[0]!.x},${height}L${path(run)}L${run.at(-1)!.x},${height}Z`).join(''),
    guides: [25, 50, 75].map((v) => y(v)),
  };
}

/** The gauge's box: a half circle of radius 50 around (60, 60), in 120 × 66. */
export const GAUGE = { width: 120, height: 66, cx: 60, cy: 60, r: 50 } as const;

/** Where each class's arc starts and ends on the 0–100 scale. */
const CLASS_SPANS: [FearGreedClass, number, number][] = [
  ['extreme-fear', 0, 25],
  ['fear', 25, 45],
  ['neutral', 45, 56],
  ['greed', 56, 75],
  ['extreme-greed', 75, 100],
];

/** The point of the half circle at `value` (0 left, 100 right), at `radius`. */
function onArc(value: number, radius: number): { x: number; y: number } {
  const angle = Math.PI * (1 - Math.max(0, Math.min(100, value)) / 100);
  return { x: GAUGE.cx + radius * Math.cos(angle), y: GAUGE.cy - radius * Math.sin(angle) };
}

/** The five class arcs of the gauge, with a sliver of gap between them. */
export function gaugeArcs(): { class: FearGreedClass; d: string }[] {
  return CLASS_SPANS.map(([c, from, to]) => {
    const a = onArc(from + (from > 0 ? 0.6 : 0), GAUGE.r);
    const b = onArc(to - (to < 100 ? 0.6 : 0), GAUGE.r);
    return { class: c, d: `M${f(a.x)},${f(a.y)}A${GAUGE.r},${GAUGE.r} 0 0 1 ${f(b.x)},${f(b.y)}` };
  });
}

/** The needle's tip for a value. */
export function gaugeNeedle(value: number): { x: number; y: number } {
  const p = onArc(value, GAUGE.r - 12);
  return { x: Number(f(p.x)), y: Number(f(p.y)) };
}
