/**
 * Pure formulas of the coin's analysis tab (no I/O): returns, volatility, drawdown, correlation
 * and beta against bitcoin, from daily closes. The query that feeds them is analysis.server.ts.
 */
import { rangeStart, TIME_RANGES, type TimeRange } from './formulas.ts';

/** Daily closes, oldest first, with their day start in ms. */
export interface DailyClose {
  t: number;
  close: number;
  volume: number;
}

/** Simple returns between consecutive closes. */
export function dailyReturns(closes: readonly number[]): number[] {
  const out: number[] = [];
  for (let i = 1; i < closes.length; i++) {
    const a = closes[i - 1]!;
    const b = closes[i]!;
    if (a > 0) out.push(b / a - 1);
  }
  return out;
}

function stdev(xs: readonly number[]): number | null {
  if (xs.length < 2) return null;
  const m = xs.reduce((a, b) => a + b, 0) / xs.length;
  const v = xs.reduce((a, b) => a + (b - m) ** 2, 0) / (xs.length - 1);
  return Math.sqrt(v);
}

/** Annualised volatility in percent: sample standard deviation of daily returns × √365 × 100. */
export function annualisedVolatility(closes: readonly number[]): number | null {
  const s = stdev(dailyReturns(closes));
  return s === null ? null : s * Math.sqrt(365) * 100;
}

/** Largest peak-to-trough fall in percent (a negative number, 0 when it never fell). */
export function maxDrawdown(closes: readonly number[]): number | null {
  if (closes.length < 2) return null;
  let peak = closes[0]!;
  let worst = 0;
  for (const c of closes) {
    if (c > peak) peak = c;
    if (peak > 0) worst = Math.min(worst, (c / peak - 1) * 100);
  }
  return worst;
}

/** Pearson correlation of two equally long series; null when too short or flat. */
export function correlation(a: readonly number[], b: readonly number[]): number | null {
  const n = Math.min(a.length, b.length);
  if (n < 3) return null;
  let ma = 0;
  let mb = 0;
  for (let i = 0; i < n; i++) {
    ma += a[i]!;
    mb += b[i]!;
  }
  ma /= n;
  mb /= n;
  let cov = 0;
  let va = 0;
  let vb = 0;
  for (let i = 0; i < n; i++) {
    const da = a[i]! - ma;
    const db = b[i]! - mb;
    cov += da * db;
    va += da * da;
    vb += db * db;
  }
  if (va === 0 || vb === 0) return null;
  return cov / Math.sqrt(va * vb);
}

/** Beta of a against b: cov(a, b) / var(b). */
export function beta(a: readonly number[], b: readonly number[]): number | null {
  const n = Math.min(a.length, b.length);
  if (n < 3) return null;
  const ma = a.slice(0, n).reduce((x, y) => x + y, 0) / n;
  const mb = b.slice(0, n).reduce((x, y) => x + y, 0) / n;
  let cov = 0;
  let vb = 0;
  for (let i = 0; i < n; i++) {
    cov += (a[i]! - ma) * (b[i]! - mb);
    vb += (b[i]! - mb) ** 2;
  }
  return vb === 0 ? null : cov / vb;
}

/** Daily returns of two series on the days both have a close (matched by day start). */
export function alignedReturns(a: readonly DailyClose[], b: readonly DailyClose[]): { a: number[]; b: number[] } {
  const bByDay = new Map(b.map((x) => [x.t, x.close]));
  const ra: number[] = [];
  const rb: number[] = [];
  let prev: { a: number; b: number } | null = null;
  for (const x of a) {
    const y = bByDay.get(x.t);
    if (y === undefined) {
      prev = null;
      continue;
    }
    if (prev && prev.a > 0 && prev.b > 0) {
      ra.push(x.close / prev.a - 1);
      rb.push(y / prev.b - 1);
    }
    prev = { a: x.close, b: y };
  }
  return { a: ra, b: rb };
}

interface PeriodReturn {
  range: TimeRange;
  /** Percent change from the last close at or before the range start to the latest close. */
  change: number | null;
}

/** Returns over each SPEC time range; null when the history does not reach back that far. */
export function periodReturns(series: readonly DailyClose[], now: number): PeriodReturn[] {
  const last = series.at(-1);
  return TIME_RANGES.map((range) => {
    if (!last || series.length < 2) return { range, change: null };
    const start = rangeStart(range, now);
    let base: DailyClose | undefined;
    for (const x of series) {
      if (x.t <= start) base = x;
      else break;
    }
    if (!base || base.close <= 0) return { range, change: null };
    return { range, change: (last.close / base.close - 1) * 100 };
  });
}

export interface PriceAnalysis {
  days: number;
  volatility30d: number | null;
  volatility1y: number | null;
  maxDrawdown1y: number | null;
  /** Current price against the all-time high, percent (≤ 0). */
  fromAth: number | null;
  /** Current price against the all-time low, percent (≥ 0). */
  fromAtl: number | null;
  returns: PeriodReturn[];
  bestDay: { t: number; change: number } | null;
  worstDay: { t: number; change: number } | null;
  /** Share of days that closed higher, percent. */
  upDays: number | null;
  correlationBtc: number | null;
  betaBtc: number | null;
  /** 30-day average daily volume as a share of the market cap, percent. */
  avgTurnover30d: number | null;
  avgVolume30d: number | null;
}

/**
 * Everything the analysis tab shows, from daily closes (oldest first) of the coin and of
 * bitcoin; `ath`/`atl`/`price`/`marketCap` come from the coin row.
 */
export function analysePrice(
  series: readonly DailyClose[],
  btc: readonly DailyClose[],
  coin: { price: number | null; ath: number | null; atl: number | null; marketCap: number | null; isBitcoin: boolean },
  now: number,
): PriceAnalysis {
  const closes = series.map((x) => x.close);
  const last30 = closes.slice(-31);
  const returns = dailyReturns(closes);
  let bestDay: PriceAnalysis['bestDay'] = null;
  let worstDay: PriceAnalysis['worstDay'] = null;
  for (let i = 1; i < series.length; i++) {
    const prev = series[i - 1]!.close;
    if (prev <= 0) continue;
    const change = (series[i]!.close / prev - 1) * 100;
    if (!bestDay || change > bestDay.change) bestDay = { t: series[i]!.t, change };
    if (!worstDay || change < worstDay.change) worstDay = { t: series[i]!.t, change };
  }
  const aligned = coin.isBitcoin ? null : alignedReturns(series, btc);
  const vol30 = series.slice(-30).map((x) => x.volume);
  const avgVolume30d = vol30.length ? vol30.reduce((a, b) => a + b, 0) / vol30.length : null;
  return {
    days: series.length,
    volatility30d: annualisedVolatility(last30),
    volatility1y: annualisedVolatility(closes),
    maxDrawdown1y: maxDrawdown(closes),
    fromAth: coin.price !== null && coin.ath ? (coin.price / coin.ath - 1) * 100 : null,
    fromAtl: coin.price !== null && coin.atl ? (coin.price / coin.atl - 1) * 100 : null,
    returns: periodReturns(series, now),
    bestDay,
    worstDay,
    upDays: returns.length ? (returns.filter((r) => r > 0).length / returns.length) * 100 : null,
    correlationBtc: coin.isBitcoin ? 1 : aligned ? correlation(aligned.a, aligned.b) : null,
    betaBtc: coin.isBitcoin ? 1 : aligned ? beta(aligned.a, aligned.b) : null,
    avgTurnover30d: avgVolume30d !== null && coin.marketCap ? (avgVolume30d / coin.marketCap) * 100 : null,
    avgVolume30d,
  };
}
