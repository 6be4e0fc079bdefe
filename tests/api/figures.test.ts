// The figures drawn from the price history on live data (src/server/ingest/figures.ts): changes
// over an hour to a year, the 24-hour high and low, yesterday's open and close, a new all-time
// high, and the seven-day sparkline; null where the history does not reach, and the demo rows'
// own figures left alone.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { deriveFigures, drawSparklines, HistoryFigures } from '../../src/server/ingest/figures.ts';
import { writeRound } from '../../src/server/realtime/persist.ts';
import { apiHarness } from './helpers.ts';

const { db } = apiHarness();

const NOW = Date.UTC(2026, 10, 24, 12, 30);
const H = 3_600_000;
const D = 24 * H;

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db().execute(query)) as unknown as { rows: T[] }).rows;
}

async function coin(id: string, price: number, more: { sources?: string[]; ath?: number; atl?: number } = {}) {
  await db().execute(sql`
    insert into coins (id, symbol, name, price, sources, ath, ath_at, atl, atl_at, change_7d)
    values (${id}, ${id.toUpperCase()}, ${id}, ${price}, ${sql.param(more.sources ?? ['okx'])}::text[], ${more.ath ?? null}, ${more.ath ? '2021-01-01T00:00:00Z' : null}::timestamptz,
            ${more.atl ?? null}, ${more.atl ? '2015-01-01T00:00:00Z' : null}::timestamptz, 12.34)`);
}

async function candle(
  id: string,
  interval: string,
  at: number,
  o: { open?: number; high?: number; low?: number; close?: number },
) {
  const open = o.open ?? o.close ?? 1;
  await db().execute(sql`
    insert into klines (coin_id, interval, open_time, open, high, low, close, volume)
    values (${id}, ${interval}::kline_interval, ${new Date(at).toISOString()}::timestamptz, ${open}, ${o.high ?? open}, ${o.low ?? open}, ${o.close ?? open}, 1)`);
}

type Figures = {
  change_1h: string | null;
  change_7d: string | null;
  change_30d: string | null;
  change_1y: string | null;
  high_24h: string | null;
  low_24h: string | null;
  open_yesterday: string | null;
  close_yesterday: string | null;
  ath: string | null;
  ath_at: string | null;
  atl: string | null;
};

const figures = async (id: string) =>
  (
    await rows<Figures>(sql`
      select change_1h::float8::text as change_1h, change_7d::float8::text as change_7d, change_30d::float8::text as change_30d, change_1y::float8::text as change_1y,
             high_24h::float8::text as high_24h, low_24h::float8::text as low_24h, open_yesterday::float8::text as open_yesterday, close_yesterday::float8::text as close_yesterday,
             ath::float8::text as ath, ath_at::text, atl::float8::text as atl
      from coins where id = ${id}`)
  )[0]!;

describe('history figures', () => {
  it('derive each figure from the candle of its moment, and null where the history does not reach', async () => {
    await coin('figcoin', 110, { ath: 105, atl: 1 });
    await candle('figcoin', '1m', NOW - H, { open: 100 });
    await candle('figcoin', '1h', Date.UTC(2026, 10, 17, 12), { open: 50 });
    await candle('figcoin', '1d', Date.UTC(2026, 9, 25), { open: 220 });
    // The last 24 hours' hourly candles (from 12:00 yesterday), and one before them.
    await candle('figcoin', '1h', Date.UTC(2026, 10, 23, 11), { high: 999, low: 1 });
    await candle('figcoin', '1h', Date.UTC(2026, 10, 23, 12), { open: 100, high: 101, low: 99 });
    await candle('figcoin', '1h', Date.UTC(2026, 10, 23, 13), { open: 100, high: 130, low: 90 });
    await candle('figcoin', '1h', Date.UTC(2026, 10, 24, 10), { open: 100, high: 115, low: 95 });
    await candle('figcoin', '1d', Date.UTC(2026, 10, 23), { open: 101, close: 108 });
    await coin('nohist', 5);

    const [{ n: demoBefore }] = (await rows<{ n: string }>(
      sql`select string_agg(id || ':' || coalesce(change_7d::text, '-'), ',' order by id) as n from coins where cardinality(sources) = 0`,
    )) as [{ n: string }];
    expect(await deriveFigures(db(), NOW)).toBe(2);

    expect(await figures('figcoin')).toEqual({
      change_1h: '10',
      change_7d: '120',
      change_30d: '-50',
      change_1y: null,
      high_24h: '130',
      low_24h: '90',
      open_yesterday: '101',
      close_yesterday: '108',
      // Above the stored all-time high: a new one, now.
      ath: '110',
      ath_at: '2026-11-24 12:30:00+00',
      atl: '1',
    });
    expect(await figures('nohist')).toMatchObject({
      change_1h: null,
      change_7d: null,
      change_30d: null,
      change_1y: null,
      high_24h: null,
      low_24h: null,
      open_yesterday: null,
      ath: null,
    });
    // The demo rows keep the seeder's figures (they are labelled as such).
    const [{ n: demoAfter }] = (await rows<{ n: string }>(
      sql`select string_agg(id || ':' || coalesce(change_7d::text, '-'), ',' order by id) as n from coins where cardinality(sources) = 0`,
    )) as [{ n: string }];
    expect(demoAfter).toBe(demoBefore);
  });

  it('falls back to coarser candles, and not to one too far from the moment; no 24-hour high from less than a day', async () => {
    await coin('coarse', 200);
    // Hourly candles of the last few hours only: no 24-hour high or low.
    await candle('coarse', '1h', NOW - 3 * H, { open: 150, high: 250, low: 140 });
    // No minute candle near an hour ago: five minutes' will do; 30 days ago an hourly one wins over the day's.
    await candle('coarse', '5m', NOW - H - 4 * 60_000, { open: 100 });
    await candle('coarse', '1h', Date.UTC(2026, 9, 25, 12), { open: 400 });
    await candle('coarse', '1d', Date.UTC(2026, 9, 25), { open: 1 });
    // A week ago the nearest hourly candle is four hours off: no 7-day change.
    await candle('coarse', '1h', NOW - 7 * D - 4 * H, { open: 1 });
    await deriveFigures(db(), NOW);
    expect(await figures('coarse')).toMatchObject({
      change_1h: '100',
      change_30d: '-50',
      change_7d: null,
      high_24h: null,
      low_24h: null,
    });
    // And the rounds keep it unknown, not the price of the moment.
    await writeRound(db(), [{ coinId: 'coarse', price: 201, change24h: null, at: NOW }], []);
    expect(await figures('coarse')).toMatchObject({ high_24h: null, low_24h: null });
  });

  it('draw a sparkline from a week of hourly closes and the price now, none from less', async () => {
    await coin('sparky', 30);
    for (const [i, close] of [10, 20, 15, 25].entries())
      await candle('sparky', '1h', NOW - 7 * D + H + i * D, { close });
    await coin('young', 30);
    await candle('young', '1h', NOW - 2 * D, { close: 10 });
    await candle('young', '1h', NOW - D, { close: 20 });
    expect(await drawSparklines(db(), NOW)).toBeGreaterThanOrEqual(1);
    const spark = await rows<{ id: string; points: number[] | null; d: string | null; trend: string | null }>(
      sql`select id, sparkline_7d as points, sparkline_path as d, sparkline_trend as trend from coins where id in ('sparky', 'young') order by id`,
    );
    expect(spark[0]).toMatchObject({ id: 'sparky', points: [10, 20, 15, 25, 30], trend: 'rise' });
    expect(spark[0]!.d).toMatch(/^M0,/);
    expect(spark[1]).toEqual({ id: 'young', points: null, d: null, trend: null });
  });

  it('run on a schedule beside the live market, drawing sparklines only hourly', async () => {
    let now = NOW;
    const refresh = new HistoryFigures({ db: db(), intervalMs: 60_000, now: () => now });
    expect((await refresh.refresh()).sparklines).not.toBeNull();
    now += 59 * 60_000;
    expect((await refresh.refresh()).sparklines).toBeNull();
    now += 60_000;
    expect((await refresh.refresh()).sparklines).not.toBeNull();
  });
});
