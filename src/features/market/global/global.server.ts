/**
 * The read model of the whole-market history (`market_snapshots`): one range at the resolution
 * that draws it, with dominance derived from the stored BTC and ETH caps, where the points come
 * from and when the newest was recorded. Ranges end at the newest snapshot, not at the clock: a
 * site whose recording stopped still shows its last day, and says how old it is.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../../server/db/index.ts';
import { memo } from '../../../server/db/cache.ts';
import { num } from '../../../server/db/numbers.ts';
import {
  DEFAULT_GLOBAL_RANGE,
  dominance,
  type GlobalRange,
  pickInterval,
  rangeWindow,
  type SnapshotInterval,
  SPARK_RANGE,
} from './series.ts';

export interface GlobalChartPoint {
  /** The slot's start, Unix ms (UTC). */
  t: number;
  /** USD. */
  marketCap: number;
  volume24h: number;
  /** Percent of the market cap; null when the market cap is not positive. */
  btcDominance: number | null;
  ethDominance: number | null;
}

export interface GlobalCharts {
  range: GlobalRange;
  /** The resolution of the points. */
  interval: SnapshotInterval;
  /** Oldest first. */
  points: GlobalChartPoint[];
  /** 'live', 'sim' (the simulated market), 'demo' when any point is the seeder's; null without points. */
  source: string | null;
  /** True unless every point was recorded from live market data. */
  demo: boolean;
  /** When the newest point was recorded (ISO), null without points. */
  updatedAt: string | null;
  /** How many coins the newest point sums. */
  coins: number | null;
}

const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;
const iso = (v: Date | string) => new Date(v).toISOString();

const empty = (range: GlobalRange): GlobalCharts => ({
  range,
  interval: rangeWindow(range, 0, 0).interval,
  points: [],
  source: null,
  demo: false,
  updatedAt: null,
  coins: null,
});

/**
 * One range of the whole market, oldest first.
 * @example await readGlobalCharts(db, '7d') // { interval: '1h', points: [{ t, marketCap, … }] × 168, source: 'demo', … }
 */
export async function readGlobalCharts(db: Db, range: GlobalRange = DEFAULT_GLOBAL_RANGE): Promise<GlobalCharts> {
  const [bounds] = rowsOf<{ hi: Date | string | null; lo: Date | string | null }>(
    await db.execute(sql`select max(at) as hi, min(at) as lo from market_snapshots`),
  );
  if (!bounds?.hi || !bounds.lo) return empty(range);
  const end = Date.parse(iso(bounds.hi));
  const window = rangeWindow(range, end, Date.parse(iso(bounds.lo)));
  const inWindow = sql`at > ${iso(new Date(window.after))}::timestamptz and at <= ${iso(new Date(end))}::timestamptz`;
  const counts = rowsOf<{ interval: SnapshotInterval; n: number }>(
    await db.execute(
      sql`select interval, count(*)::int as n from market_snapshots where ${inWindow} group by interval`,
    ),
  );
  const interval = pickInterval(window.interval, Object.fromEntries(counts.map((c) => [c.interval, c.n])));
  const rows = rowsOf<{
    at: Date | string;
    market_cap: string;
    volume_24h: string;
    btc_cap: string;
    eth_cap: string;
    coins: number;
    source: string;
    recorded_at: Date | string;
  }>(
    await db.execute(sql`
      select at, market_cap, volume_24h, btc_cap, eth_cap, coins, source, recorded_at from market_snapshots
      where interval = ${interval}::market_snapshot_interval and ${inWindow} order by at`),
  );
  const last = rows.at(-1);
  if (!last) return { ...empty(range), interval };
  const source = rows.some((r) => r.source === 'demo') ? 'demo' : last.source;
  return {
    range,
    interval,
    points: rows.map((r) => {
      const cap = num(r.market_cap) ?? 0;
      return {
        t: Date.parse(iso(r.at)),
        marketCap: cap,
        volume24h: num(r.volume_24h) ?? 0,
        btcDominance: dominance(num(r.btc_cap) ?? 0, cap),
        ethDominance: dominance(num(r.eth_cap) ?? 0, cap),
      };
    }),
    source,
    demo: rows.some((r) => r.source !== 'live'),
    updatedAt: iso(last.recorded_at),
    coins: last.coins,
  };
}

/** A range as pages and the API read it: once per 30 seconds per process (snapshots come every five minutes). */
export function globalCharts(db: Db, range: GlobalRange = DEFAULT_GLOBAL_RANGE): Promise<GlobalCharts> {
  return memo(db, `global-charts:${range}`, 30_000, () => readGlobalCharts(db, range));
}

/** The home page's small chart: the total market cap over seven days, and where it comes from. */
export async function marketCapSpark(
  db: Db,
): Promise<Pick<GlobalCharts, 'source' | 'demo' | 'updatedAt' | 'coins'> & { values: number[] }> {
  const charts = await globalCharts(db, SPARK_RANGE);
  return {
    values: charts.points.map((p) => p.marketCap),
    source: charts.source,
    demo: charts.demo,
    updatedAt: charts.updatedAt,
    coins: charts.coins,
  };
}
