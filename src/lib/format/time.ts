import { EMPTY } from './decimal';
import type { Locale } from './locale';

/** A moment: a Date, epoch milliseconds, or an ISO 8601 string. */
export type TimeInput = Date | number | string;

interface DateTimeOptions {
  /** Minutes added to UTC before reading the fields (480 = UTC+8). Default 0. */
  timeZoneOffsetMinutes?: number;
}

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** A date-time without a zone designator (e.g. a database timestamp), read as UTC. */
const ZONELESS = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)$/;

/** Epoch milliseconds of a time input, NaN when it is missing or invalid. */
function toMillis(time: TimeInput | null | undefined): number {
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

type RelativeUnit = 'minute' | 'hour' | 'day' | 'month' | 'year';

interface RelativeStrings {
  readonly justNow: string;
  /** `{n}` is replaced by the count; `[one, other]`. */
  readonly units: Record<RelativeUnit, readonly [string, string]>;
}

/** Relative-time strings per locale. */
const RELATIVE: Record<Locale, RelativeStrings> = {
  en: {
    justNow: 'just now',
    units: {
      minute: ['{n} minute ago', '{n} minutes ago'],
      hour: ['{n} hour ago', '{n} hours ago'],
      day: ['{n} day ago', '{n} days ago'],
      month: ['{n} month ago', '{n} months ago'],
      year: ['{n} year ago', '{n} years ago'],
    },
  },
  zh: {
    justNow: '刚刚',
    units: {
      minute: ['{n}分钟前', '{n}分钟前'],
      hour: ['{n}小时前', '{n}小时前'],
      day: ['{n}天前', '{n}天前'],
      month: ['{n}个月前', '{n}个月前'],
      year: ['{n}年前', '{n}年前'],
    },
  },
  'zh-hk': {
    justNow: '剛剛',
    units: {
      minute: ['{n}分鐘前', '{n}分鐘前'],
      hour: ['{n}小時前', '{n}小時前'],
      day: ['{n}天前', '{n}天前'],
      month: ['{n}個月前', '{n}個月前'],
      year: ['{n}年前', '{n}年前'],
    },
  },
  ko: {
    justNow: '방금',
    units: {
      minute: ['{n}분 전', '{n}분 전'],
      hour: ['{n}시간 전', '{n}시간 전'],
      day: ['{n}일 전', '{n}일 전'],
      month: ['{n}개월 전', '{n}개월 전'],
      year: ['{n}년 전', '{n}년 전'],
    },
  },
};

/**
 * How long before `now` a moment was: just now (≤ 60 s), minutes, hours, days (< 30),
 * months (30-day, < 360 days) or years (360-day); a future moment gets {@link formatDateTime}.
 * @example formatRelativeTime('2024-05-01T11:55:00Z', '2024-05-01T12:00:00Z', 'en') // '5 minutes ago'
 */
export function formatRelativeTime(
  time: TimeInput | null | undefined,
  now: TimeInput,
  locale: Locale = 'en',
  opts: DateTimeOptions = {},
): string {
  const t = toMillis(time);
  const n = toMillis(now);
  if (Number.isNaN(t) || Number.isNaN(n)) return EMPTY;
  const diff = n - t;
  if (diff < 0) return formatDateTime(t, n, opts);
  const strings = RELATIVE[locale] ?? RELATIVE.en;
  if (diff <= MINUTE) return strings.justNow;
  let unit: RelativeUnit;
  let count: number;
  if (diff < HOUR) [unit, count] = ['minute', Math.floor(diff / MINUTE)];
  else if (diff < DAY) [unit, count] = ['hour', Math.floor(diff / HOUR)];
  else if (diff < 30 * DAY) [unit, count] = ['day', Math.floor(diff / DAY)];
  else if (diff < 360 * DAY) [unit, count] = ['month', Math.floor(diff / DAY / 30)];
  else [unit, count] = ['year', Math.floor(diff / DAY / 360)];
  const [one, other] = strings.units[unit];
  return (count === 1 ? one : other).replace('{n}', String(count));
}

const pad = (n: number, width = 2) => (n < 0 ? '-' : '') + String(Math.abs(n)).padStart(width, '0');

/** The offset option as a finite number of minutes (default 0). */
const offsetOf = (opts: DateTimeOptions): number => {
  const m = opts.timeZoneOffsetMinutes;
  return m !== undefined && Number.isFinite(m) ? m : 0;
};

/** The UTC fields of `ms` shifted by the offset, or null when out of range. */
function fields(ms: number, offsetMinutes: number) {
  const date = new Date(ms + offsetMinutes * MINUTE);
  if (Number.isNaN(date.getTime())) return null;
  return {
    year: date.getUTCFullYear(),
    ymd: `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`,
    md: `${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`,
    hm: `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}`,
  };
}

/**
 * A 24-hour date-time: `MM-DD HH:mm` in the same calendar year as `now`, else
 * `YYYY-MM-DD HH:mm` (UTC shifted by `timeZoneOffsetMinutes`); '--' when invalid.
 * @example formatDateTime('2024-03-05T07:08:00Z', '2024-12-31T00:00:00Z') // '03-05 07:08'
 */
export function formatDateTime(time: TimeInput | null | undefined, now: TimeInput, opts: DateTimeOptions = {}): string {
  const offset = offsetOf(opts);
  const t = toMillis(time);
  if (Number.isNaN(t)) return EMPTY;
  const f = fields(t, offset);
  if (!f) return EMPTY;
  const n = toMillis(now);
  const sameYear = !Number.isNaN(n) && fields(n, offset)?.year === f.year;
  return `${sameYear ? f.md : f.ymd} ${f.hm}`;
}

/**
 * A calendar date `YYYY-MM-DD` in UTC (shifted by `timeZoneOffsetMinutes`); '--' when invalid.
 * @example formatDate('2024-03-05T23:59:00Z') // '2024-03-05'
 */
export function formatDate(time: TimeInput | null | undefined, opts: DateTimeOptions = {}): string {
  const offset = offsetOf(opts);
  const t = toMillis(time);
  if (Number.isNaN(t)) return EMPTY;
  return fields(t, offset)?.ymd ?? EMPTY;
}
