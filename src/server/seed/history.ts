/**
 * Simulated price histories. A geometric random walk is generated BACKWARDS from the current
 * price, so the last close equals the coin's price exactly and the most recent hours do not
 * depend on how long the history is. Every point is rounded to the stored precision first,
 * so open = previous close holds for the stored strings too.
 *
 * Time layout (T = now rounded down to the hour):
 * - hourly points p[k] at S + k·1h for k = 0..H, with p[H] = price at T; the candle opening at
 *   S + k·1h runs from p[k] to p[k+1]. S is 00:00 UTC 30 days before the day of the last
 *   hourly candle, so the hourly walk covers 31 whole or partial UTC days;
 * - those days are rolled up into daily candles, and the 334 older daily candles continue
 *   the walk backwards from the first hourly open: 365 daily candles in all.
 */
import { r10 } from './decimal.ts';
import type { Rng } from './random.ts';

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;
export const DAILY_CANDLES = 365;
export const HOURLY_CANDLES = 720;

export interface Candle {
  /** Open time, Unix ms. */
  t: number;
  o: number;
  h: number;
  l: number;
  c: number;
  /** Quote (USD) volume. */
  v: number;
}

export interface History {
  /** Every simulated hourly candle, oldest first (the last HOURLY_CANDLES are stored). */
  hourly: Candle[];
  /** DAILY_CANDLES daily candles, oldest first. */
  daily: Candle[];
}

export interface Layout {
  /** Now, rounded down to the hour. */
  T: number;
  /** Start of the hourly walk. */
  S: number;
  /** Number of hourly candles simulated (≥ HOURLY_CANDLES + 1). */
  H: number;
}

export const floorDay = (ms: number) => Math.floor(ms / DAY) * DAY;
const floorHour = (ms: number) => Math.floor(ms / HOUR) * HOUR;

export function layout(now: Date): Layout {
  const T = floorHour(now.getTime());
  const lastDay = floorDay(T - HOUR);
  const S = lastDay - 30 * DAY;
  return { T, S, H: (T - S) / HOUR };
}

interface WalkOptions {
  price: number;
  /** Daily volatility (fraction). */
  volatility: number;
  stable: boolean;
  /** Typical 24h volume in USD, for candle volumes. */
  volume24h: number;
}

/** Simulates a coin's history ending at `price` at T. */
export function simulate(rng: Rng, lay: Layout, opts: WalkOptions): History {
  const { price, volatility, stable } = opts;
  const sigmaH = volatility / Math.sqrt(24);
  // Hourly points, backwards from the current price.
  const points = new Array<number>(lay.H + 1);
  points[lay.H] = price;
  let x = Math.log(price);
  let dev = 0;
  for (let k = lay.H - 1; k >= 0; k--) {
    if (stable) {
      dev = dev * 0.9 + 0.0004 * rng.clampedNormal();
      points[k] = r10(price * (1 + dev));
    } else {
      x -= sigmaH * rng.clampedNormal(4);
      points[k] = r10(Math.exp(x));
    }
  }
  const hourly: Candle[] = [];
  const baseVolume = opts.volume24h / 24;
  for (let k = 0; k < lay.H; k++) {
    const o = points[k] as number;
    const c = points[k + 1] as number;
    const wick = stable ? 0.0002 : sigmaH * 0.5;
    const move = Math.abs(Math.log(c / o)) / Math.max(sigmaH, 1e-9);
    hourly.push({
      t: lay.S + k * HOUR,
      o,
      c,
      h: r10(Math.max(o, c) * Math.exp(Math.abs(rng.clampedNormal()) * wick)),
      l: r10(Math.min(o, c) * Math.exp(-Math.abs(rng.clampedNormal()) * wick)),
      v: baseVolume * Math.exp(0.35 * rng.clampedNormal()) * (0.8 + 0.25 * Math.min(move, 4)),
    });
  }
  // The last 24 hours trade exactly the coin's 24h volume, so the candles, the whole market's
  // history summed from them and the coin list agree.
  const last24 = hourly.slice(-24).reduce((sum, c) => sum + c.v, 0);
  for (const c of hourly) c.v = r10((c.v * opts.volume24h) / last24);
  // Roll the hourly walk up into its 31 daily candles.
  const recent: Candle[] = [];
  for (const candle of hourly) {
    const day = floorDay(candle.t);
    const last = recent[recent.length - 1];
    if (last && last.t === day) {
      last.c = candle.c;
      last.h = Math.max(last.h, candle.h);
      last.l = Math.min(last.l, candle.l);
      last.v = r10(last.v + candle.v);
    } else {
      recent.push({ ...candle, t: day });
    }
  }
  // Older days, backwards from the first hourly open, weakly pulled towards that level.
  const older = DAILY_CANDLES - recent.length;
  const dailyPoints = new Array<number>(older + 1);
  const first = points[0] as number;
  dailyPoints[older] = first;
  const anchor = Math.log(first);
  x = anchor;
  dev = first / price - 1;
  for (let i = older - 1; i >= 0; i--) {
    if (stable) {
      dev = dev * 0.7 + 0.0008 * rng.clampedNormal();
      dailyPoints[i] = r10(price * (1 + dev));
    } else {
      x -= volatility * 0.6 * rng.clampedNormal(4) - 0.03 * (anchor - x);
      dailyPoints[i] = r10(Math.exp(x));
    }
  }
  const daily: Candle[] = [];
  const firstDay = (recent[0] as Candle).t - older * DAY;
  for (let i = 0; i < older; i++) {
    const o = dailyPoints[i] as number;
    const c = dailyPoints[i + 1] as number;
    const wick = stable ? 0.0008 : volatility * 0.4;
    daily.push({
      t: firstDay + i * DAY,
      o,
      c,
      h: r10(Math.max(o, c) * Math.exp(Math.abs(rng.clampedNormal()) * wick)),
      l: r10(Math.min(o, c) * Math.exp(-Math.abs(rng.clampedNormal()) * wick)),
      v: r10(opts.volume24h * Math.exp(0.3 * rng.clampedNormal())),
    });
  }
  daily.push(...recent);
  return { hourly, daily };
}

/** A wrapped coin's history: another coin's candles scaled by `price / base price`. */
export function pegged(base: History, basePrice: number, price: number, volumeFactor: number): History {
  const ratio = price / basePrice;
  const scale = (c: Candle): Candle => ({
    t: c.t,
    o: r10(c.o * ratio),
    h: r10(c.h * ratio),
    l: r10(c.l * ratio),
    c: r10(c.c * ratio),
    v: r10(c.v * volumeFactor),
  });
  const hourly = base.hourly.map(scale);
  const daily = base.daily.map(scale);
  for (const series of [hourly, daily]) {
    const last = series[series.length - 1] as Candle;
    last.c = price;
    last.h = Math.max(last.h, price);
    last.l = Math.min(last.l, price);
  }
  return { hourly, daily };
}

export interface HistoryStats {
  change1h: number;
  change24h: number;
  change7d: number;
  change30d: number;
  change1y: number;
  high24h: number;
  low24h: number;
  openYesterday: number;
  closeYesterday: number;
  /** Highest and lowest price inside the simulated window, with when. */
  max: { price: number; at: number };
  min: { price: number; at: number };
  /** 168 hourly closes, oldest first, ending with the price. */
  sparkline: number[];
}

const pct = (now: number, then: number) => (now / then - 1) * 100;

export function stats(h: History, lay: Layout): HistoryStats {
  const { hourly, daily } = h;
  const n = hourly.length;
  const last = hourly[n - 1] as Candle;
  const price = last.c;
  const openAt = (hoursAgo: number) => (hourly[n - hoursAgo] as Candle).o;
  const day24 = hourly.slice(n - 24);
  const yesterday = daily.find((d) => d.t === floorDay(lay.T) - DAY) ?? (daily[daily.length - 2] as Candle);
  let max = { price: -Infinity, at: 0 };
  let min = { price: Infinity, at: 0 };
  // Hourly candles give the exact hour; older extremes come from the daily candles.
  const hourlyStart = (hourly[0] as Candle).t;
  for (const d of daily) {
    if (d.t >= floorDay(hourlyStart)) break;
    if (d.h > max.price) max = { price: d.h, at: d.t };
    if (d.l < min.price) min = { price: d.l, at: d.t };
  }
  for (const c of hourly) {
    if (c.h > max.price) max = { price: c.h, at: c.t };
    if (c.l < min.price) min = { price: c.l, at: c.t };
  }
  return {
    change1h: pct(price, openAt(1)),
    change24h: pct(price, openAt(24)),
    change7d: pct(price, openAt(168)),
    change30d: pct(price, openAt(HOURLY_CANDLES)),
    change1y: pct(price, (daily[0] as Candle).o),
    high24h: Math.max(...day24.map((c) => c.h)),
    low24h: Math.min(...day24.map((c) => c.l)),
    openYesterday: yesterday.o,
    closeYesterday: yesterday.c,
    max,
    min,
    sparkline: hourly.slice(n - 168).map((c) => c.c),
  };
}
