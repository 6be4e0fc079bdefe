import { EMPTY } from './decimal';

// Fixed 24-hour formats from Date's UTC fields, not dayjs: every listed date on a page went
// through two dayjs objects and a format-string parse (about 7 µs each, a tenth of a small page's
// render), and the islands that show dates no longer carry dayjs and its UTC plugin.

/** A moment: a Date, epoch milliseconds, or an ISO 8601 string. */
export type TimeInput = Date | number | string;

export interface DateTimeOptions {
  /** Minutes added to UTC before reading the fields (480 = UTC+8). Default 0. */
  timeZoneOffsetMinutes?: number;
}

/** A date-time without a zone designator (e.g. a database timestamp), read as UTC. */
const ZONELESS = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)$/;

/**
 * Epoch milliseconds of a time input, NaN when it is missing or invalid. Parsed here rather
 * than by dayjs: a zone-less database timestamp is UTC, and an offset in the string is kept.
 */
export function toMillis(time: TimeInput | null | undefined): number {
  if (time instanceof Date) return time.getTime();
  if (typeof time === 'number') return Number.isFinite(time) ? time : Number.NaN;
  if (typeof time === 'string') {
    const s = time.trim();
    if (!s) return Number.NaN;
    const m = ZONELESS.exec(s);
    return Date.parse(m ? `${m[1]}T${m[2]}Z` : s);
  }
  return Number.NaN;
}

/** The moment shifted by the offset option as a Date read in UTC, or null when invalid or out of range. */
function inZone(time: TimeInput | null | undefined, opts: DateTimeOptions): Date | null {
  const t = toMillis(time);
  if (Number.isNaN(t)) return null;
  const m = opts.timeZoneOffsetMinutes;
  const d = new Date(t + (m !== undefined && Number.isFinite(m) ? m : 0) * 60_000);
  // A moment past Date's range has no time value.
  return Number.isNaN(d.getTime()) ? null : d;
}

const two = (n: number) => (n < 10 ? `0${n}` : String(n));
const monthDay = (d: Date) => `${two(d.getUTCMonth() + 1)}-${two(d.getUTCDate())}`;
const year = (d: Date) => String(d.getUTCFullYear()).padStart(4, '0');

/**
 * A 24-hour date-time: `MM-DD HH:mm` in the same calendar year as `now`, else
 * `YYYY-MM-DD HH:mm` (UTC shifted by `timeZoneOffsetMinutes`); '--' when invalid.
 * @example formatDateTime('2024-03-05T07:08:00Z', '2024-12-31T00:00:00Z') // '03-05 07:08'
 */
export function formatDateTime(time: TimeInput | null | undefined, now: TimeInput, opts: DateTimeOptions = {}): string {
  const d = inZone(time, opts);
  if (!d) return EMPTY;
  const clock = `${two(d.getUTCHours())}:${two(d.getUTCMinutes())}`;
  return inZone(now, opts)?.getUTCFullYear() === d.getUTCFullYear()
    ? `${monthDay(d)} ${clock}`
    : `${year(d)}-${monthDay(d)} ${clock}`;
}

/**
 * A calendar date `YYYY-MM-DD` in UTC (shifted by `timeZoneOffsetMinutes`); '--' when invalid.
 * @example formatDate('2024-03-05T23:59:00Z') // '2024-03-05'
 */
export function formatDate(time: TimeInput | null | undefined, opts: DateTimeOptions = {}): string {
  const d = inZone(time, opts);
  return d ? `${year(d)}-${monthDay(d)}` : EMPTY;
}
