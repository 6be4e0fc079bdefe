/**
 * One-minute candles for the most recent hours, derived from the hourly candles so the two
 * series agree exactly: inside each hour a Brownian bridge (in log price) runs from the hour's
 * open to its close and stays within its low and high; the minute with the highest body
 * reaches the hour's high and the one with the lowest body its low; the minute volumes sum
 * exactly (as decimals) to the hour's volume. Rolling the 60 minutes up gives the hour back.
 */
import { dec, r10, sumDec } from './decimal.ts';
import type { Candle } from './history.ts';
import { rngFor, type Rng } from './random.ts';

export const MINUTE = 60_000;
/** How many recent hours are split into minutes. */
const MINUTE_HOURS = 24;

/** A minute candle with its volume as an exact decimal string. */
interface MinuteCandle extends Omit<Candle, 'v'> {
  v: string;
}

/** How far towards the hour's extremes the minute closes reach (the wicks go the rest). */
const REACH = 0.85;

const clamp = (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, x));

/** Splits one hourly candle into 60 minute candles (see the module comment). */
export function splitHour(rng: Rng, hour: Candle): MinuteCandle[] {
  const steps = 60;
  const { o, c, h: high, l: low } = hour;
  const lo = Math.log(low);
  const hi = Math.log(high);
  const start = Math.log(o);
  const end = Math.log(c);
  // A random walk pinned at both ends: W_k − (k/n)·W_n.
  const walk = new Array<number>(steps + 1).fill(0);
  const sigma = Math.max(hi - lo, 1e-12) / 6;
  for (let k = 1; k <= steps; k++)
    walk[k] = (walk[k - 1] as number) + (sigma / Math.sqrt(steps)) * 2 * rng.clampedNormal();
  const last = walk[steps] as number;
  const line = (k: number) => start + ((end - start) * k) / steps;
  const bridge = walk.map((w, k) => w - (last * k) / steps);
  // Scale the excursions above and below the straight line so the path's peak comes close to
  // the hour's high (and its trough to the low) without leaving [low, high]; the wicks of the
  // extreme minutes cover the rest.
  let up = Infinity;
  let down = Infinity;
  bridge.forEach((b, k) => {
    const base = line(k);
    if (b > 0) up = Math.min(up, Math.max(0, (hi - base) / b));
    if (b < 0) down = Math.min(down, Math.max(0, (lo - base) / b));
  });
  up = Number.isFinite(up) ? up * REACH : 0;
  down = Number.isFinite(down) ? down * REACH : 0;
  const points = bridge.map((b, k) => clamp(r10(Math.exp(line(k) + b * (b > 0 ? up : down))), low, high));
  points[0] = o;
  points[steps] = c;

  const minutes: MinuteCandle[] = [];
  const weights: number[] = [];
  const wick = (hi - lo) / 8;
  for (let k = 0; k < steps; k++) {
    const mo = points[k] as number;
    const mc = points[k + 1] as number;
    minutes.push({
      t: hour.t + k * MINUTE,
      o: mo,
      c: mc,
      h: clamp(r10(Math.max(mo, mc) * Math.exp(Math.abs(rng.clampedNormal()) * wick * 0.3)), Math.max(mo, mc), high),
      l: clamp(r10(Math.min(mo, mc) * Math.exp(-Math.abs(rng.clampedNormal()) * wick * 0.3)), low, Math.min(mo, mc)),
      v: '0',
    });
    const move = Math.abs(Math.log(mc / mo)) / Math.max(sigma / Math.sqrt(steps), 1e-12);
    weights.push(Math.exp(0.4 * rng.clampedNormal()) * (0.6 + 0.4 * Math.min(move, 3)));
  }
  // The hour's extremes are reached by the minutes whose bodies come nearest to them.
  const top = minutes.reduce((best, m) => (Math.max(m.o, m.c) > Math.max(best.o, best.c) ? m : best));
  const bottom = minutes.reduce((best, m) => (Math.min(m.o, m.c) < Math.min(best.o, best.c) ? m : best));
  top.h = high;
  bottom.l = low;
  // Volumes: proportional to the weights; the last minute takes the exact decimal remainder.
  const total = weights.reduce((s, w) => s + w, 0);
  const volumes = weights.slice(0, -1).map((w) => dec((hour.v * w) / total));
  const remainder = sumDec([dec(hour.v), ...volumes.map((v) => `-${v}`)]);
  volumes.push(remainder);
  volumes.forEach((v, k) => ((minutes[k] as MinuteCandle).v = v));
  return minutes;
}

/** Minute candles for the last `hours` hourly candles of one coin, oldest first. */
export function minuteCandles(coinId: string, hourly: readonly Candle[], hours = MINUTE_HOURS): MinuteCandle[] {
  const rng = rngFor(`minutes:${coinId}`);
  return hourly.slice(-hours).flatMap((hour) => splitHour(rng, hour));
}
