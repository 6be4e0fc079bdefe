/**
 * The figures of a coin that come from its price history, kept true on live data: the 1-hour,
 * 7-day, 30-day and 1-year changes, the 24-hour high and low, yesterday's open and close, a new
 * all-time high or low, and the seven-day sparkline of the lists. The rounds write prices and
 * candles (1m, 1h, 1d); this refresh derives the rest from those candles every minute (the
 * sparklines hourly: a drawing of a week moves little in an hour), for the coins the sources
 * price. A figure the history does not reach back to is null ("--"), never a guess: on the first
 * start with sources the demo history is gone, and the backfill brings every
 * traded coin's history (backfill.ts).
 *
 * Reference prices, like the 24-hour change's (realtime/dayAgo.ts): the open of the candle at
 * the moment that long ago, from the finest interval stored then (minutes for the hour, hours for
 * the week and month, else days), and only when such a candle lies within a few steps of it.
 */
import { sql } from 'drizzle-orm';
import { sparkPath } from '../../lib/sparkline.ts';
import type { Db } from '../db/index.ts';
import { marketWrite } from '../realtime/persist.ts';
import { Repeat } from '../realtime/repeat.ts';
import type { PriceSource } from '../realtime/types.ts';

interface FiguresOptions {
  db: Db;
  /** How often the changes, highs and lows are derived (ms). */
  intervalMs: number;
  /** How often the sparklines are drawn again (ms). */
  sparklineMs?: number;
  now?: () => number;
  log?: (line: string) => void;
}

/** The coins whose figures are derived: those the sources price (demo rows keep the seeder's, labelled). */
const live = (alias: string) => sql.raw(`cardinality(${alias}.sources) > 0 and ${alias}.price > 0`);

/**
 * The open of `coin`'s `interval` candle at `at`: the latest one opened at or before it, if it
 * opened less than `within` before. (An index scan of one row, backwards, on the klines key.)
 */
function openAt(interval: string, at: ReturnType<typeof sql>, within: string) {
  return sql`(select k.open from klines k where k.coin_id = c.id and k.interval = ${interval}::kline_interval
               and k.open_time <= ${at} and k.open_time > ${at} - ${within}::interval order by k.open_time desc limit 1)`;
}

/** Percent change from `from` to the coin's price; null without a reference. */
const change = (from: ReturnType<typeof sql>) =>
  sql`(select case when r > 0 then round((c.price / r - 1) * 100, 8) end from (select ${from} as r) x)`;

/** Derives the figures of every live coin in one statement; returns how many coins it wrote. */
export async function deriveFigures(db: Db, now: number): Promise<number> {
  const t = sql`${new Date(now).toISOString()}::timestamptz`;
  // Spans in hours and truncation in UTC: days and months in the session's time zone would move
  // with its daylight saving time.
  const ago = (span: string) => sql`(${t} - ${span}::interval)`;
  return marketWrite(db, async (tx) => {
    const res = (await tx.execute(sql`
      update coins c set
        change_1h = ${change(sql`coalesce(${openAt('1m', ago('1 hour'), '10 minutes')}, ${openAt('5m', ago('1 hour'), '15 minutes')})`)},
        change_7d = ${change(openAt('1h', ago('168 hours'), '3 hours'))},
        change_30d = ${change(sql`coalesce(${openAt('1h', ago('720 hours'), '3 hours')}, ${openAt('1d', ago('720 hours'), '48 hours')})`)},
        change_1y = ${change(sql`coalesce(${openAt('1h', ago('8760 hours'), '3 hours')}, ${openAt('1d', ago('8760 hours'), '48 hours')})`)},
        high_24h = d.high,
        low_24h = d.low,
        open_yesterday = y.open,
        close_yesterday = y.close,
        ath = case when c.ath is not null and c.price > c.ath then c.price else c.ath end,
        ath_at = case when c.ath is not null and c.price > c.ath then ${t} else c.ath_at end,
        atl = case when c.atl is not null and c.price < c.atl then c.price else c.atl end,
        atl_at = case when c.atl is not null and c.price < c.atl then ${t} else c.atl_at end
      from coins c0
      left join lateral (
        select greatest(max(k.high), c0.price) as high, least(min(k.low), c0.price) as low, min(k.open_time) as first
        from klines k where k.coin_id = c0.id and k.interval = '1h' and k.open_time >= date_trunc('hour', ${ago('24 hours')}, 'UTC')
      ) d0 on true
      -- Only from a history that covers the whole day: a "24-hour" high of the last few hours would not be one.
      cross join lateral (select case when d0.first = date_trunc('hour', ${ago('24 hours')}, 'UTC') then d0.high end as high,
                                 case when d0.first = date_trunc('hour', ${ago('24 hours')}, 'UTC') then d0.low end as low) d
      left join lateral (
        select k.open, k.close from klines k
        where k.coin_id = c0.id and k.interval = '1d' and k.open_time = date_trunc('day', ${t}, 'UTC') - interval '24 hours'
      ) y on true
      where c.id = c0.id and ${live('c0')}`)) as unknown as { rowCount: number | null };
    return res.rowCount ?? 0;
  });
}

/**
 * Draws the seven-day sparkline of every live coin from its hourly closes and its price now,
 * when the history covers the week (its first hour at most a day after the week's start); the
 * others get none, rather than a week's line drawn from a few hours. Returns the coins drawn.
 */
export async function drawSparklines(db: Db, now: number): Promise<number> {
  const t = sql`${new Date(now).toISOString()}::timestamptz`;
  const rows = (
    (await db.execute(sql`
      select c.id, c.price::float8 as price,
             (select array_agg(k.close::float8 order by k.open_time) from klines k
               where k.coin_id = c.id and k.interval = '1h' and k.open_time >= ${t} - interval '168 hours'
               having min(k.open_time) <= ${t} - interval '144 hours') as closes
      from coins c where ${live('c')}`)) as unknown as {
      rows: { id: string; price: number; closes: number[] | null }[];
    }
  ).rows;
  const drawn = rows.map((r) => {
    const points = r.closes ? [...r.closes, r.price] : null;
    const spark = sparkPath(points);
    return {
      id: r.id,
      points: spark ? JSON.stringify(points) : null,
      d: spark?.d ?? null,
      trend: spark?.trend ?? null,
    };
  });
  if (!drawn.length) return 0;
  const p = (values: unknown[]) => sql.param(values);
  await marketWrite(db, async (tx) => {
    await tx.execute(sql`
      update coins c set sparkline_7d = v.points::jsonb, sparkline_path = v.d, sparkline_trend = v.trend
      from unnest(${p(drawn.map((r) => r.id))}::text[], ${p(drawn.map((r) => r.points))}::text[],
                  ${p(drawn.map((r) => r.d))}::text[], ${p(drawn.map((r) => r.trend))}::text[]) as v(id, points, d, trend)
      where c.id = v.id`);
  });
  return drawn.filter((r) => r.d !== null).length;
}

/** Runs beside the live market on the process that leads it, like the CoinGecko facts. */
export class HistoryFigures implements PriceSource {
  readonly name = 'history-figures';
  private readonly repeat: Repeat;
  private drawnAt = Number.NEGATIVE_INFINITY;

  constructor(private readonly o: FiguresOptions) {
    this.repeat = new Repeat(
      o.intervalMs,
      () => this.refresh().then(() => undefined),
      (e) =>
        this.o.log?.(
          `[figures] ${((e as Error).cause as Error | undefined)?.message ?? (e as Error).message}; tried again in ${o.intervalMs / 1000} s`,
        ),
      // The first round writes the first prices and starts the backfill: no hurry.
      { startNow: false },
    );
  }

  start(): void {
    this.repeat.start();
  }

  stop(): Promise<void> {
    return this.repeat.stop();
  }

  /** One refresh: the figures, and the sparklines when an hour has passed since they were drawn. */
  async refresh(): Promise<{ coins: number; sparklines: number | null }> {
    const now = (this.o.now ?? Date.now)();
    const coins = await deriveFigures(this.o.db, now);
    let sparklines: number | null = null;
    if (now - this.drawnAt >= (this.o.sparklineMs ?? 3_600_000)) {
      sparklines = await drawSparklines(this.o.db, now);
      this.drawnAt = now;
    }
    return { coins, sparklines };
  }
}
