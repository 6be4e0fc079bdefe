/**
 * The stored candles of every demo coin, and the whole-market history summed from them.
 *
 * Every coin gets a year of daily candles, a month of hourly ones and a day of minute ones
 * (2,525 rows). At 20,000 coins that is 50 million rows, so they are never held at once: the
 * writer pulls them one coin at a time from `batches()`, and generated coins walk their history
 * again on demand (coins-gen.ts). The market snapshots are summed during the same pass, so
 * `snapshots()` is read after `batches()` has run to the end.
 */
import type { klines as klinesTable, marketSnapshots as snapshotsTable } from '../db/schema/index.ts';
import type { CoinMarket } from './coins-gen.ts';
import { dec } from './decimal.ts';
import { DAILY_CANDLES, HOUR, HOURLY_CANDLES, type Candle } from './history.ts';
import { MINUTE, minuteCandles } from './minutes-gen.ts';

export type KlineRow = typeof klinesTable.$inferInsert;
export type SnapshotRow = typeof snapshotsTable.$inferInsert;

const MINUTES = 24 * 60;
/** Rows per coin: daily, hourly and minute candles. */
export const KLINES_PER_COIN = DAILY_CANDLES + HOURLY_CANDLES + MINUTES;

/** `dec` of a number the walk already rounded to 10 digits: its shortest string, unless exponential. */
const plain = (n: number) => {
  const s = String(n);
  return s.includes('e') ? dec(n) : s;
};

function rows(coinId: string, interval: '1m' | '1h' | '1d', candles: readonly Candle[]): KlineRow[] {
  return candles.map((c) => ({
    coinId,
    interval,
    openTime: new Date(c.t),
    open: plain(c.o),
    high: plain(c.h),
    low: plain(c.l),
    close: plain(c.c),
    volume: plain(c.v),
  }));
}

/** Running sums of one snapshot series, keyed by the slot's start time. */
class Sums {
  readonly cap = new Map<number, number>();
  readonly volume = new Map<number, number>();
  readonly btc = new Map<number, number>();
  readonly eth = new Map<number, number>();

  add(t: number, cap: number, volume: number, symbol: string): void {
    this.cap.set(t, (this.cap.get(t) ?? 0) + cap);
    this.volume.set(t, (this.volume.get(t) ?? 0) + volume);
    if (symbol === 'BTC') this.btc.set(t, (this.btc.get(t) ?? 0) + cap);
    if (symbol === 'ETH') this.eth.set(t, (this.eth.get(t) ?? 0) + cap);
  }

  rows(interval: SnapshotRow['interval'], coins: number, recordedAt: Date): SnapshotRow[] {
    return [...this.cap.keys()]
      .sort((a, b) => a - b)
      .map((t) => ({
        interval,
        at: new Date(t),
        marketCap: dec(this.cap.get(t) ?? 0, 15),
        volume24h: dec(this.volume.get(t) ?? 0, 15),
        btcCap: dec(this.btc.get(t) ?? 0, 15),
        ethCap: dec(this.eth.get(t) ?? 0, 15),
        coins,
        source: 'demo',
        recordedAt,
      }));
  }
}

export class DemoHistory {
  private readonly daily = new Sums();
  private readonly hourly = new Sums();
  private readonly fiveMinutes = new Sums();
  private done = false;

  constructor(
    private readonly markets: readonly CoinMarket[],
    private readonly now: Date,
  ) {}

  /** How many kline rows `batches()` yields. */
  get count(): number {
    return this.markets.length * KLINES_PER_COIN;
  }

  /** Each coin's kline rows in turn. */
  *batches(): Generator<KlineRow[]> {
    for (const m of this.markets) yield this.coinRows(m, true);
    this.done = true;
  }

  /** One coin's kline rows (what `batches()` yields for it). */
  rowsOf(coinId: string): KlineRow[] {
    const m = this.markets.find((x) => x.id === coinId);
    if (!m) throw new Error(`seed: no coin ${coinId}`);
    return this.coinRows(m, false);
  }

  private coinRows(m: CoinMarket, sum: boolean): KlineRow[] {
    const { daily, hourly } = m.history();
    const days = daily.slice(-DAILY_CANDLES);
    const minutes = minuteCandles(m.id, hourly);
    if (sum) this.sum(m, days, hourly, minutes);
    return [
      ...rows(m.id, '1d', days),
      ...rows(m.id, '1h', hourly.slice(-HOURLY_CANDLES)),
      // Minute volumes are exact decimal strings (they sum to the hour's); kept as written.
      ...minutes.map(
        (c): KlineRow => ({
          coinId: m.id,
          interval: '1m',
          openTime: new Date(c.t),
          open: plain(c.o),
          high: plain(c.h),
          low: plain(c.l),
          close: plain(c.c),
          volume: c.v,
        }),
      ),
    ];
  }

  /**
   * Market cap at a slot is the close of its candle times today's circulating supply; volume is
   * the 24 hours ending with the slot: a whole day's own candle, else the hourly candles of the
   * last 24 hours (the month's first hours, short of 24, count at their average rate).
   */
  private sum(
    m: CoinMarket,
    days: readonly Candle[],
    hourly: readonly Candle[],
    minutes: readonly { t: number; c: number }[],
  ): void {
    const rolling = new Map<number, number>();
    let window = 0;
    hourly.forEach((h, i) => {
      window += h.v;
      if (i >= 24) window -= (hourly[i - 24] as Candle).v;
      rolling.set(h.t, (window * 24) / Math.min(i + 1, 24));
    });
    const latest = rolling.get((hourly.at(-1) as Candle).t) ?? 0;
    days.forEach((d, i) => {
      this.daily.add(d.t, d.c * m.circulating, i === days.length - 1 ? latest : d.v, m.symbol);
    });
    for (const h of hourly.slice(-HOURLY_CANDLES))
      this.hourly.add(h.t, h.c * m.circulating, rolling.get(h.t) ?? 0, m.symbol);
    for (let i = 4; i < minutes.length; i += 5) {
      const c = minutes[i] as { t: number; c: number };
      const slot = c.t - 4 * MINUTE;
      const hour = Math.floor(slot / HOUR) * HOUR;
      this.fiveMinutes.add(slot, c.c * m.circulating, rolling.get(hour) ?? 0, m.symbol);
    }
  }

  /** The whole market's history: 5-minute slots for the last day, hourly for 30 days, daily for a year. */
  snapshots(): SnapshotRow[] {
    if (!this.done) throw new Error('seed: market snapshots are summed while the klines are written');
    const n = this.markets.length;
    return [
      ...this.fiveMinutes.rows('5m', n, this.now),
      ...this.hourly.rows('1h', n, this.now),
      ...this.daily.rows('1d', n, this.now),
    ];
  }
}
