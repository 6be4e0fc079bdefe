/**
 * Calendar and timeline dates as the pages print them, in the locale's own format and always
 * in UTC (the zone every date of the site is in). Pure; shared by pages and islands.
 */
import { LOCALE_TAGS, type Locale } from './i18n/index.ts';

const cache = new Map<string, Intl.DateTimeFormat>();

function formatter(locale: Locale, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let f = cache.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(LOCALE_TAGS[locale], { ...options, timeZone: 'UTC' });
    cache.set(key, f);
  }
  return f;
}

const toDate = (day: string) => new Date(`${day}T00:00:00Z`);

/**
 * A day heading with the weekday.
 * @example dayHeading('2026-11-20', 'en') // 'Friday, November 20, 2026'
 * @example dayHeading('2026-11-20', 'zh') // '2026年11月20日星期五'
 */
export function dayHeading(day: string, locale: Locale): string {
  return formatter(locale, { dateStyle: 'full' }).format(toDate(day));
}

/**
 * A moment with its day and time in UTC, written the locale's way (the day and the time never
 * run together, whatever a template does with the whitespace between two expressions).
 * @example dayAndTime('2026-11-23T10:00:00Z', 'en') // 'Monday, November 23, 2026 at 10:00 UTC'
 * @example dayAndTime('2026-11-23T10:00:00Z', 'zh') // '2026年11月23日星期一 10:00 UTC'
 */
export function dayAndTime(iso: string, locale: Locale): string {
  return `${formatter(locale, { dateStyle: 'full', timeStyle: 'short', hourCycle: 'h23' }).format(new Date(iso))} UTC`;
}

/**
 * A month heading.
 * @example monthHeading('2026-11-20', 'en') // 'November 2026'
 * @example monthHeading('2026-11-20', 'ko') // '2026년 11월'
 */
export function monthHeading(day: string, locale: Locale): string {
  return formatter(locale, { year: 'numeric', month: 'long' }).format(toDate(day));
}

/**
 * The short weekday name of a day.
 * @example weekdayName('2026-11-16', 'en') // 'Mon'
 */
export function weekdayName(day: string, locale: Locale): string {
  return formatter(locale, { weekday: 'short' }).format(toDate(day));
}

/**
 * The UTC time of day of a moment, HH:mm.
 * @example timeOfDay('2026-11-20T08:05:00Z') // '08:05'
 */
export function timeOfDay(iso: string): string {
  return new Date(iso).toISOString().slice(11, 16);
}

/**
 * A span of days, first and last day inclusive.
 * @example rangeHeading('2026-11-16', '2026-11-22', 'zh') // '2026年11月16日 – 2026年11月22日'
 */
export function rangeHeading(from: string, to: string, locale: Locale): string {
  const f = formatter(locale, { dateStyle: 'long' });
  return `${f.format(toDate(from))} – ${f.format(toDate(to))}`;
}
