import dayjs, { type Dayjs } from 'dayjs';
import utc from 'dayjs/plugin/utc.js';
import { EMPTY } from './decimal';

// Not in the barrel (`./index`): dayjs registers its plugins when loaded, so a barrel export
// would put it in every island that formats a number. Import this module where dates are shown.
dayjs.extend(utc);

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

/** The moment in UTC shifted by the offset option, or null when it is invalid or out of range. */
function inZone(time: TimeInput | null | undefined, opts: DateTimeOptions): Dayjs | null {
  const t = toMillis(time);
  if (Number.isNaN(t)) return null;
  const m = opts.timeZoneOffsetMinutes;
  // add(), not utcOffset(): dayjs reads an offset of ±16 or less as hours.
  const d = dayjs.utc(t).add(m !== undefined && Number.isFinite(m) ? m : 0, 'minute');
  // Not d.isValid(): it formats the whole date as a string to compare it with "Invalid Date",
  // a cost every listed date paid. A moment past Date's range has no time value.
  return Number.isNaN(d.valueOf()) ? null : d;
}

/**
 * A 24-hour date-time: `MM-DD HH:mm` in the same calendar year as `now`, else
 * `YYYY-MM-DD HH:mm` (UTC shifted by `timeZoneOffsetMinutes`); '--' when invalid.
 * @example formatDateTime('2024-03-05T07:08:00Z', '2024-12-31T00:00:00Z') // '03-05 07:08'
 */
export function formatDateTime(time: TimeInput | null | undefined, now: TimeInput, opts: DateTimeOptions = {}): string {
  const d = inZone(time, opts);
  if (!d) return EMPTY;
  const sameYear = inZone(now, opts)?.year() === d.year();
  return d.format(sameYear ? 'MM-DD HH:mm' : 'YYYY-MM-DD HH:mm');
}

/**
 * A calendar date `YYYY-MM-DD` in UTC (shifted by `timeZoneOffsetMinutes`); '--' when invalid.
 * @example formatDate('2024-03-05T23:59:00Z') // '2024-03-05'
 */
export function formatDate(time: TimeInput | null | undefined, opts: DateTimeOptions = {}): string {
  return inZone(time, opts)?.format('YYYY-MM-DD') ?? EMPTY;
}
