/**
 * The event calendar (/calendar, /calendar/{id}): daily, weekly and monthly views.
 *
 * Time zone: every bucket is a UTC day, like every date and time the site prints (SPEC §9
 * formatting reads times as UTC). A week starts on Monday (ISO 8601); a month view covers the
 * calendar month, drawn as a grid of whole Monday–Sunday weeks. The bucketing below is pure
 * (epoch milliseconds in, plain values out) and tested on its own in calendar.test.ts.
 *
 * Calendar events are not localised: every page language lists the same rows (titles are the
 * projects' own, in English).
 */
import { and, asc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { Locale } from '../../../lib/i18n/index.ts';
import type { Db } from '../../../server/db/index.ts';
import { calendarEvents, coins, exchanges } from '../../../server/db/schema/index.ts';
import { notFound } from '../../../server/api/errors.ts';
import { coinIcon } from '../../market/coins/index.ts';
import type { CoinRef } from '../../../lib/rows.ts';

export const CALENDAR_VIEWS = ['day', 'week', 'month'] as const;
export type CalendarView = (typeof CALENDAR_VIEWS)[number];
/** The view /calendar and the API show when none is asked for. */
export const DEFAULT_CALENDAR_VIEW: CalendarView = 'week';

/** Importance runs from 1 (low) to 5 (high); lists can keep events of at least a level. */
export const IMPORTANCE_LEVELS = [1, 2, 3, 4, 5] as const;

const DAY = 86_400_000;
const DATE_TEXT = /^(\d{4})-(\d{2})-(\d{2})$/;

export const isCalendarView = (s: unknown): s is CalendarView => (CALENDAR_VIEWS as readonly unknown[]).includes(s);

/* ---------- pure bucketing (UTC) ---------- */

/**
 * The UTC midnight of a `YYYY-MM-DD` date, or undefined when the text is not a real date.
 * @example parseDay('2026-02-28') // Date.UTC(2026, 1, 28)
 * @example parseDay('2026-02-30') // undefined
 */
export function parseDay(text: string | null | undefined): number | undefined {
  const m = DATE_TEXT.exec(text ?? '');
  if (!m) return undefined;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (y < 1970 || y > 9999) return undefined;
  const ms = Date.UTC(y, mo - 1, d);
  return dayKey(ms) === text ? ms : undefined;
}

/**
 * The `YYYY-MM-DD` of the UTC day containing a moment.
 * @example dayKey(Date.parse('2026-11-20T23:59:59Z')) // '2026-11-20'
 */
export function dayKey(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** UTC midnight at or before a moment. */
export function startOfDay(ms: number): number {
  return Math.floor(ms / DAY) * DAY;
}

/**
 * The Monday 00:00 UTC starting the week of a moment.
 * @example dayKey(startOfWeek(Date.parse('2026-11-22T10:00:00Z'))) // '2026-11-16' (a Sunday's week)
 */
export function startOfWeek(ms: number): number {
  const day = startOfDay(ms);
  const weekday = (new Date(day).getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
  return day - weekday * DAY;
}

/** The first day of the month of a moment, 00:00 UTC. */
export function startOfMonth(ms: number): number {
  const d = new Date(ms);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
}

/**
 * The same day of the month `n` months later (or earlier), clamped to the month's last day.
 * @example dayKey(addMonths(Date.UTC(2026, 0, 31), 1)) // '2026-02-28'
 */
export function addMonths(ms: number, n: number): number {
  const d = new Date(startOfDay(ms));
  const first = Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + n, 1);
  const f = new Date(first);
  const lastDay = new Date(Date.UTC(f.getUTCFullYear(), f.getUTCMonth() + 1, 0)).getUTCDate();
  return first + (Math.min(d.getUTCDate(), lastDay) - 1) * DAY;
}

/** The span a view shows around a date, and where its previous and next pages start. */
interface CalendarRange {
  view: CalendarView;
  /** The date asked for (YYYY-MM-DD); it lies in the range. */
  date: string;
  /** First moment in the range and the first moment after it (exclusive), UTC. */
  start: number;
  end: number;
  /** First and last day of the range (inclusive). */
  from: string;
  to: string;
  /** Every day of the range, in order. */
  days: string[];
  /** The same position one view earlier and later (day ±1, week ±7 days, month ±1 month). */
  prev: string;
  next: string;
}

/**
 * The range of a calendar view around a date.
 * @example calendarRange('week', Date.UTC(2026, 10, 20)).from // '2026-11-16' (Monday)
 */
export function calendarRange(view: CalendarView, date: number): CalendarRange {
  const day = startOfDay(date);
  let start: number;
  let end: number;
  let prev: number;
  let next: number;
  switch (view) {
    case 'day':
      start = day;
      end = day + DAY;
      prev = day - DAY;
      next = day + DAY;
      break;
    case 'week':
      start = startOfWeek(day);
      end = start + 7 * DAY;
      prev = day - 7 * DAY;
      next = day + 7 * DAY;
      break;
    case 'month':
      start = startOfMonth(day);
      end = addMonths(start, 1);
      prev = addMonths(day, -1);
      next = addMonths(day, 1);
      break;
  }
  const days: string[] = [];
  for (let d = start; d < end; d += DAY) days.push(dayKey(d));
  return {
    view,
    date: dayKey(day),
    start,
    end,
    from: days[0] as string,
    to: days.at(-1) as string,
    days,
    prev: dayKey(prev),
    next: dayKey(next),
  };
}

/**
 * The month of a date as whole Monday–Sunday weeks (4 to 6 of them); days of the neighbouring
 * months that fill the first and last week have `inMonth: false`.
 */
export function monthGrid(date: number): { date: string; inMonth: boolean }[][] {
  const first = startOfMonth(date);
  const after = addMonths(first, 1);
  const weeks: { date: string; inMonth: boolean }[][] = [];
  for (let w = startOfWeek(first); w < after; w += 7 * DAY) {
    weeks.push(
      Array.from({ length: 7 }, (_, i) => ({
        date: dayKey(w + i * DAY),
        inMonth: w + i * DAY >= first && w + i * DAY < after,
      })),
    );
  }
  return weeks;
}

/**
 * Groups items by their UTC day, keeping the items' order. With `days`, every one of those
 * days is present (empty when nothing falls on it) in that order, and items on other days are
 * left out; without, the days appear in the order of their first item.
 * @example groupByDay([{ at: '2026-11-20T09:00:00Z' }], (x) => x.at).map((g) => g.date) // ['2026-11-20']
 */
export function groupByDay<T>(
  items: readonly T[],
  at: (item: T) => number | string | Date,
  days?: readonly string[],
): { date: string; items: T[] }[] {
  const groups = new Map<string, T[]>((days ?? []).map((d) => [d, []]));
  for (const item of items) {
    const raw = at(item);
    const key = dayKey(typeof raw === 'number' ? raw : new Date(raw).getTime());
    const group = groups.get(key);
    if (group) group.push(item);
    else if (!days) groups.set(key, [item]);
  }
  return [...groups].map(([date, list]) => ({ date, items: list }));
}

/* ---------- queries ---------- */

/** Throws the API's 404 for a coin filter naming no coin (an empty list would hide the typo). */
export async function requireCoin(db: Db, id: string): Promise<void> {
  const [row] = await db.select({ id: coins.id }).from(coins).where(eq(coins.id, id)).limit(1);
  if (!row) throw notFound('api.coinNotFound');
}

interface CalendarExchange {
  name: string;
  displayName: string;
}

/**
 * The language calendar events are written in: the seeder writes them in English and nothing
 * imports them, so the table has no language column. Pages in other languages tag them.
 */
export const CALENDAR_LOCALE: Locale = 'en';

export interface CalendarEvent {
  id: number;
  title: string;
  body: string | null;
  /** ISO 8601, UTC. */
  startsAt: string;
  /** 1 (low) to 5 (high). */
  importance: number;
  votesUp: number;
  votesDown: number;
  /** Share of confirming votes, 0–100; null when nobody voted. */
  credibility: number | null;
  source: string | null;
  tags: string[];
  coin: CoinRef | null;
  exchange: CalendarExchange | null;
}

export interface CalendarPage extends Omit<CalendarRange, 'days' | 'start' | 'end'> {
  /** Today's date (UTC), for the "today" link. */
  today: string;
  /** The lowest importance listed (1 lists everything). */
  importance: number;
  total: number;
  days: { date: string; events: CalendarEvent[] }[];
}

export interface CalendarEventDetail extends CalendarEvent {
  /** Other events of the same coin (or, without a coin, the same exchange), nearest in time first. */
  related: CalendarEvent[];
}

const eventColumns = {
  id: calendarEvents.id,
  title: calendarEvents.title,
  body: calendarEvents.body,
  startsAt: calendarEvents.startsAt,
  importance: calendarEvents.importance,
  votesUp: calendarEvents.votesUp,
  votesDown: calendarEvents.votesDown,
  credibility: calendarEvents.credibility,
  source: calendarEvents.source,
  tags: calendarEvents.tags,
  coinId: coins.id,
  coinSymbol: coins.symbol,
  coinName: coins.name,
  exchangeName: exchanges.name,
  exchangeDisplayName: exchanges.displayName,
};

type EventRow = {
  id: number;
  title: string;
  body: string | null;
  startsAt: Date;
  importance: number;
  votesUp: number;
  votesDown: number;
  credibility: number | null;
  source: string | null;
  tags: string[] | null;
  coinId: string | null;
  coinSymbol: string | null;
  coinName: string | null;
  exchangeName: string | null;
  exchangeDisplayName: string | null;
};

function toEvent(r: EventRow): CalendarEvent {
  return {
    id: r.id,
    title: r.title,
    body: r.body,
    startsAt: r.startsAt.toISOString(),
    importance: r.importance,
    votesUp: r.votesUp,
    votesDown: r.votesDown,
    credibility: r.credibility,
    source: r.source,
    tags: Array.isArray(r.tags) ? r.tags.filter((t): t is string => typeof t === 'string') : [],
    coin: r.coinId
      ? { id: r.coinId, symbol: r.coinSymbol ?? '', name: r.coinName ?? '', icon: coinIcon(r.coinId) }
      : null,
    exchange: r.exchangeName ? { name: r.exchangeName, displayName: r.exchangeDisplayName ?? r.exchangeName } : null,
  };
}

function selectEvents(db: Db, where: SQL | undefined) {
  return db
    .select(eventColumns)
    .from(calendarEvents)
    .leftJoin(coins, eq(coins.id, calendarEvents.coinId))
    .leftJoin(exchanges, eq(exchanges.id, calendarEvents.exchangeId))
    .where(where);
}

/**
 * One calendar view: the events from the first to the last day of the range around `date`,
 * by start time, grouped into every day of the range (empty days included).
 */
export async function calendarView(
  db: Db,
  q: { view: CalendarView; date: number; now: number; importance?: number | undefined; coin?: string | undefined },
): Promise<CalendarPage> {
  if (q.coin) await requireCoin(db, q.coin);
  const range = calendarRange(q.view, q.date);
  const importance = q.importance ?? 1;
  const rows = await selectEvents(
    db,
    and(
      gte(calendarEvents.startsAt, new Date(range.start)),
      lt(calendarEvents.startsAt, new Date(range.end)),
      importance > 1 ? gte(calendarEvents.importance, importance) : undefined,
      q.coin ? eq(calendarEvents.coinId, q.coin) : undefined,
    ),
  ).orderBy(asc(calendarEvents.startsAt), sql`${calendarEvents.importance} desc`, asc(calendarEvents.id));
  const events = rows.map(toEvent);
  const { days, start: _s, end: _e, ...rest } = range;
  return {
    ...rest,
    today: dayKey(q.now),
    importance,
    total: events.length,
    days: groupByDay(events, (e) => e.startsAt, days).map((g) => ({ date: g.date, events: g.items })),
  };
}

/** One event with its related events; a missing id is a 404. */
export async function getCalendarEvent(db: Db, id: number): Promise<CalendarEventDetail> {
  const [row] = await selectEvents(db, eq(calendarEvents.id, id)).limit(1);
  if (!row) throw notFound('calendar.missing');
  const event = toEvent(row);
  const sameSubject = row.coinId
    ? eq(calendarEvents.coinId, row.coinId)
    : row.exchangeName
      ? eq(exchanges.name, row.exchangeName)
      : undefined;
  const related = sameSubject
    ? (
        await selectEvents(db, and(sameSubject, sql`${calendarEvents.id} <> ${id}`))
          .orderBy(
            sql`abs(extract(epoch from (${calendarEvents.startsAt} - ${row.startsAt.toISOString()}::timestamptz)))`,
            asc(calendarEvents.id),
          )
          .limit(6)
      )
        .map(toEvent)
        .sort((a, b) => a.startsAt.localeCompare(b.startsAt))
    : [];
  return { ...event, related };
}

/**
 * A row id (calendar event, flash news item) from a path segment: a positive whole number without sign or leading
 * zeros; undefined otherwise.
 */
export function parseId(raw: string | undefined): number | undefined {
  if (!raw || !/^[1-9]\d{0,9}$/.test(raw)) return undefined;
  const n = Number(raw);
  return n <= 2_147_483_647 ? n : undefined;
}
