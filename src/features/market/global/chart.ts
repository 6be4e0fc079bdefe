/**
 * The geometry of the whole-market charts' server-rendered SVG: one or more lines over the same
 * times (x by time, so a gap in the recording shows as a gap), y between the values' minimum and
 * maximum, long series thinned to a few hundred points so a year stays a light page.
 */
import { thin } from '../../../lib/sparkline.ts';

const f = (n: number) => Number(n.toFixed(1)).toString();

export interface Plot {
  /** One `d` per series, in a `width` × `height` box; a gap in the times breaks the line. */
  lines: string[];
  /** The area under the first series. */
  area: string;
  /** The values at the top and bottom of the box. */
  min: number;
  max: number;
}

/**
 * The lines of `series` (each a value per time, null where unknown) over `times` (oldest first),
 * or null with fewer than two times or no finite value. `stepMs`: the resolution's slot, so a
 * missed slot or two is drawn across and a longer gap left open.
 * @example plotSeries([0, 1], [[1, 2]], 100, 100, 1)?.lines[0] // 'M0,96L100,4'
 */
export function plotSeries(
  times: readonly number[],
  series: readonly (readonly (number | null)[])[],
  width: number,
  height: number,
  stepMs: number,
  maxPoints = 360,
): Plot | null {
  const picked = thin(
    times.map((_, i) => i),
    maxPoints,
  );
  if (picked.length < 2) return null;
  let min = Infinity;
  let max = -Infinity;
  for (const values of series)
    for (const i of picked) {
      const v = values[i];
      if (v === null || v === undefined || !Number.isFinite(v)) continue;
      if (v < min) min = v;
      if (v > max) max = v;
    }
  if (min > max) return null;
  const span = max - min || Math.abs(max) || 1;
  const pad = 4;
  const t0 = times[picked[0]!]!;
  const tSpan = times[picked.at(-1)!]! - t0 || 1;
  const gap = Math.max(3 * stepMs, (4 * tSpan) / (picked.length - 1));
  const x = (i: number) => f(((times[i]! - t0) / tSpan) * width);
  const y = (v: number) => f(height - pad - ((v - min) / span) * (height - 2 * pad));
  const runsOf = (values: readonly (number | null)[]) => {
    const runs: { x: string; y: string }[][] = [];
    let previous: number | null = null;
    for (const i of picked) {
      const v = values[i];
      if (v === null || v === undefined || !Number.isFinite(v)) {
        previous = null;
        continue;
      }
      const at = { x: x(i), y: y(v) };
      if (previous === null || times[i]! - times[previous]! > gap) runs.push([at]);
      else runs.at(-1)!.push(at);
      previous = i;
    }
    return runs;
  };
  const path = (run: { x: string; y: string }[]) => run.map((p) => `${p.x},${p.y}`).join('L');
  const first = runsOf(series[0] ?? []);
  return {
    lines: series.map((values, k) => (k === 0 ? first : runsOf(values)).map((run) => `M${path(run)}`).join('')),
    area: first.map((run) => `M${run[0]!.x},${height}L${path(run)}L${run.at(-1)!.x},${height}Z`).join(''),
    min,
    max,
  };
}

/**
 * The change from the first to the last value in percent, or null without two positive values.
 * @example changeOver([100, 90, 110]) // 10
 */
export function changeOver(values: readonly number[]): number | null {
  const first = values.find((v) => Number.isFinite(v) && v > 0);
  const last = values.at(-1);
  if (first === undefined || last === undefined || !Number.isFinite(last) || values.length < 2) return null;
  return (last / first - 1) * 100;
}
