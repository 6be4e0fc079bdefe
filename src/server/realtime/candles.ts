/**
 * Rolling ticks into candles. Ticks of one round are first merged in memory per candle (a
 * database upsert may touch each row once per statement), then upserted with the same rules:
 * the open stays, high and low extend, the close is the last price and volumes add up.
 */

const LIVE_INTERVALS = { '1m': 60_000, '1h': 3_600_000, '1d': 86_400_000 } as const;
type LiveInterval = keyof typeof LIVE_INTERVALS;

interface CandleDelta {
  coinId: string;
  interval: LiveInterval;
  /** Unix ms, start of the candle. */
  openTime: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
}

/** The candle open time containing `at` for an interval (UTC). */
export function openTimeOf(at: number, interval: LiveInterval): number {
  const ms = LIVE_INTERVALS[interval];
  return Math.floor(at / ms) * ms;
}

/**
 * Applies one price to a candle (or starts a candle: opening at `previous`, the price before
 * the tick, so consecutive candles join up).
 * @example applyPrice({ ...c, high: 10, low: 9, close: 9.5, volume: 1 }, 10.5, 2) // high 10.5, close 10.5, volume 3
 */
export function applyPrice<C extends Omit<CandleDelta, 'coinId' | 'interval' | 'openTime'>>(
  candle: C | undefined,
  price: number,
  volume: number,
  previous = price,
): Omit<CandleDelta, 'coinId' | 'interval' | 'openTime'> {
  if (!candle)
    return { open: previous, high: Math.max(previous, price), low: Math.min(previous, price), close: price, volume };
  return {
    open: candle.open,
    high: Math.max(candle.high, price),
    low: Math.min(candle.low, price),
    close: price,
    volume: candle.volume + volume,
  };
}

/** Merges one existing candle with a later delta for the same period (the upsert rule). */
export function mergeCandle<C extends Omit<CandleDelta, 'coinId' | 'interval' | 'openTime'>>(
  earlier: C,
  later: Omit<CandleDelta, 'coinId' | 'interval' | 'openTime'>,
): Omit<CandleDelta, 'coinId' | 'interval' | 'openTime'> {
  return {
    open: earlier.open,
    high: Math.max(earlier.high, later.high),
    low: Math.min(earlier.low, later.low),
    close: later.close,
    volume: earlier.volume + later.volume,
  };
}

interface RollInput {
  coinId: string;
  price: number;
  at: number;
  volume?: number | undefined;
  previous?: number | undefined;
}

/** Rolls a round of ticks (in time order) into one delta per (coin, interval, open time). */
export function rollUp(ticks: RollInput[], intervals: readonly LiveInterval[] = ['1m', '1h', '1d']): CandleDelta[] {
  const out = new Map<string, CandleDelta>();
  for (const tick of ticks) {
    for (const interval of intervals) {
      const openTime = openTimeOf(tick.at, interval);
      const key = `${tick.coinId}\n${interval}\n${openTime}`;
      const next = applyPrice(out.get(key), tick.price, tick.volume ?? 0, tick.previous ?? tick.price);
      out.set(key, { coinId: tick.coinId, interval, openTime, ...next });
    }
  }
  return [...out.values()];
}
