/**
 * The read model of the Fear & Greed index (`fear_greed`, one row per UTC day): the latest value
 * with its class and age, the values a day, a week and a month before it, a range of history,
 * and the daily table. Ranges end at the newest stored day, not at today: a source that has not
 * answered for a while still shows its last month, and says how old it is.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../server/db/index.ts';
import { memo } from '../../../server/db/cache.ts';
import { classOf, type FearGreedClass } from './classes.ts';

export const FEAR_GREED_RANGES = ['30d', '90d', '1y', 'all'] as const;
export type FearGreedRange = (typeof FEAR_GREED_RANGES)[number];
const RANGE_DAYS: Record<FearGreedRange, number | null> = { '30d': 30, '90d': 90, '1y': 365, all: null };

/** The page's default range, and the home card's (at most 90 days there). */
export const DEFAULT_RANGE: FearGreedRange = '1y';
export const CARD_RANGE: FearGreedRange = '90d';

/** Where the index comes from: alternative.me asks for a linked credit beside its data. */
export const FEAR_GREED_CREDIT = {
  name: 'alternative.me',
  url: 'https://alternative.me/crypto/fear-and-greed-index/',
} as const;

export interface FearGreedDay {
  /** The UTC day, YYYY-MM-DD. */
  day: string;
  /** 0 (extreme fear) to 100 (extreme greed). */
  value: number;
  class: FearGreedClass;
}

export interface FearGreedLatest extends FearGreedDay {
  /** 'alternative.me', or 'demo' for the demo seeder's rows. */
  source: string;
  demo: boolean;
  /** When the row was last fetched from its source (or seeded), ISO. */
  fetchedAt: string;
  /** Seconds since then, when the answer was made. */
  ageSeconds: number;
}

export interface FearGreedSummary {
  latest: FearGreedLatest | null;
  /** The values 1, 7 and 30 days before the latest day; null where that day is not stored. */
  before: { day: FearGreedDay | null; week: FearGreedDay | null; month: FearGreedDay | null };
  range: FearGreedRange;
  /** The range's days, oldest first. */
  history: { day: string; value: number }[];
  /** Who to credit: the source of the latest row, with its page. */
  provenance: { source: string; demo: boolean; url: string | null; fetchedAt: string | null };
}

export interface FearGreedDayRow extends FearGreedDay {
  /** Against the day stored before it; null for the first day. */
  change: number | null;
  demo: boolean;
}

export interface FearGreedDaysPage {
  list: FearGreedDayRow[];
  total: number;
  page: number;
  size: number;
  range: FearGreedRange;
}

const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;

/** The days of `range` up to the newest stored day, as a condition on the column `day`. */
const NEWEST = sql`(select max(day) from fear_greed)`;
const inRange = (range: FearGreedRange, newest: SQL = NEWEST) => {
  const days = RANGE_DAYS[range];
  return days === null ? sql`true` : sql`day > ${newest} - ${days}::int`;
};

const shiftDay = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);

/**
 * The latest value, the ones before it and a range of history.
 * @example await readFearGreed(db, { range: '30d' }) // { latest: { day: '2026-11-20', value: 41, class: 'fear', … }, … }
 */
export async function readFearGreed(
  db: Db,
  opts: { range?: FearGreedRange; now?: number } = {},
): Promise<FearGreedSummary> {
  const range = opts.range ?? DEFAULT_RANGE;
  const [top] = rowsOf<{ day: string; value: number; classification: string; source: string; fetched_at: string }>(
    await db.execute(sql`
      select to_char(day, 'YYYY-MM-DD') as day, value::int as value, classification, source,
             to_char(fetched_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as fetched_at
      from fear_greed order by day desc limit 1`),
  );
  if (!top)
    return {
      latest: null,
      before: { day: null, week: null, month: null },
      range,
      history: [],
      provenance: { source: FEAR_GREED_CREDIT.name, demo: false, url: FEAR_GREED_CREDIT.url, fetchedAt: null },
    };
  const wanted = { day: shiftDay(top.day, 1), week: shiftDay(top.day, 7), month: shiftDay(top.day, 30) };
  const [earlier, history] = await Promise.all([
    db.execute(sql`
      select to_char(day, 'YYYY-MM-DD') as day, value::int as value, classification from fear_greed
      where day = any(${sql.param(Object.values(wanted))}::date[])`),
    db.execute(sql`
      select to_char(day, 'YYYY-MM-DD') as day, value::int as value from fear_greed
      where ${inRange(range, sql`${top.day}::date`)} order by day`),
  ]);
  const byDay = new Map(
    rowsOf<{ day: string; value: number; classification: string }>(earlier).map((r) => [
      r.day,
      { day: r.day, value: r.value, class: classOf(r.value, r.classification) },
    ]),
  );
  const demo = top.source === 'demo';
  const now = opts.now ?? Date.now();
  return {
    latest: {
      day: top.day,
      value: top.value,
      class: classOf(top.value, top.classification),
      source: top.source,
      demo,
      fetchedAt: top.fetched_at,
      ageSeconds: Math.max(0, Math.round((now - Date.parse(top.fetched_at)) / 1000)),
    },
    before: {
      day: byDay.get(wanted.day) ?? null,
      week: byDay.get(wanted.week) ?? null,
      month: byDay.get(wanted.month) ?? null,
    },
    range,
    history: rowsOf<{ day: string; value: number }>(history),
    provenance: {
      source: top.source,
      demo,
      url: demo ? null : FEAR_GREED_CREDIT.url,
      fetchedAt: top.fetched_at,
    },
  };
}

/** The home page's card: the last 90 days, read once a minute per process (the index moves daily). */
export function fearGreedCard(db: Db): Promise<FearGreedSummary> {
  return memo(db, 'fear-greed-card', 60_000, () => readFearGreed(db, { range: CARD_RANGE }));
}

/** One page of the daily values of a range, newest first, each with its change from the day before. */
export async function listFearGreedDays(
  db: Db,
  opts: { range?: FearGreedRange; page?: number; size?: number } = {},
): Promise<FearGreedDaysPage> {
  const range = opts.range ?? DEFAULT_RANGE;
  const page = opts.page ?? 1;
  const size = opts.size ?? 30;
  // The change looks at the day before over every row, so a range's first day has one too.
  const result = await db.execute(sql`
    with days as (
      select day, value::int as value, classification, source,
             value - lag(value) over (order by day) as change
      from fear_greed
    )
    select to_char(day, 'YYYY-MM-DD') as day, value, classification, source, change::int as change,
           count(*) over ()::int as total
    from days where ${inRange(range)}
    order by day desc limit ${size} offset ${(page - 1) * size}`);
  const rows = rowsOf<{
    day: string;
    value: number;
    classification: string;
    source: string;
    change: number | null;
    total: number;
  }>(result);
  let total = rows[0]?.total;
  if (total === undefined) {
    // Past the last page: the count alone.
    const [count] = rowsOf<{ n: number }>(
      await db.execute(sql`
        select count(*)::int as n from fear_greed where ${inRange(range)}`),
    );
    total = count?.n ?? 0;
  }
  return {
    list: rows.map((r) => ({
      day: r.day,
      value: r.value,
      class: classOf(r.value, r.classification),
      change: r.change,
      demo: r.source === 'demo',
    })),
    total,
    page,
    size,
    range,
  };
}

/**
 * A range from a page URL, leniently: anything unknown is the default (a stale bookmark still shows).
 * @example readRange('90d') // '90d'
 */
export function readRange(raw: string | null | undefined, fallback: FearGreedRange = DEFAULT_RANGE): FearGreedRange {
  return (FEAR_GREED_RANGES as readonly string[]).includes(raw ?? '') ? (raw as FearGreedRange) : fallback;
}
