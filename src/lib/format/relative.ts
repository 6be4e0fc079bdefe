import dayjs from 'dayjs';
import 'dayjs/locale/ko.js';
import 'dayjs/locale/zh-cn.js';
import 'dayjs/locale/zh-hk.js';
import relativeTime from 'dayjs/plugin/relativeTime.js';
import { EMPTY } from './decimal';
import type { Locale } from './locale';
import { formatDateTime, type DateTimeOptions, type TimeInput, toMillis } from './time';

// The plugin gives English its words; the three locales bring theirs. Not in the barrel, like ./time.
dayjs.extend(relativeTime);

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const DAYJS_LOCALE: Record<Locale, string> = { en: 'en', zh: 'zh-cn', 'zh-hk': 'zh-hk', ko: 'ko' };

/** dayjs has no "just now": its nearest, "a few seconds ago", is not what SPEC §9 says. */
const JUST_NOW: Record<Locale, string> = { en: 'just now', zh: '刚刚', 'zh-hk': '剛剛', ko: '방금' };

/** dayjs's relative-time keys: the singular and the counted form of each unit. */
type Key = 'm' | 'mm' | 'h' | 'hh' | 'd' | 'dd' | 'M' | 'MM' | 'y' | 'yy';
type Words = Record<Key, string> & { past: string };

/**
 * SPEC §9's unit and count. Not dayjs's own `from()`: it counts calendar months and years and
 * rounds, where the spec counts down in months of 30 days and years of 360.
 */
function unitOf(diff: number): [Key, Key, number] {
  if (diff < HOUR) return ['m', 'mm', Math.floor(diff / MINUTE)];
  if (diff < DAY) return ['h', 'hh', Math.floor(diff / HOUR)];
  if (diff < 30 * DAY) return ['d', 'dd', Math.floor(diff / DAY)];
  if (diff < 360 * DAY) return ['M', 'MM', Math.floor(diff / DAY / 30)];
  return ['y', 'yy', Math.floor(diff / DAY / 360)];
}

/**
 * How long before `now` a moment was, in dayjs's words for the locale: just now (≤ 60 s),
 * minutes, hours, days (< 30), months (30-day, < 360 days) or years (360-day); a future
 * moment gets {@link formatDateTime}.
 * @example formatRelativeTime('2024-05-01T11:55:00Z', '2024-05-01T12:00:00Z', 'en') // '5 minutes ago'
 * @example formatRelativeTime('2024-05-01T11:55:00Z', '2024-05-01T12:00:00Z', 'ko') // '5분 전'
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
  const known = locale in DAYJS_LOCALE ? locale : 'en';
  if (diff <= MINUTE) return JUST_NOW[known];
  const words = dayjs.Ls[DAYJS_LOCALE[known]]?.relativeTime as Words;
  const [one, many, count] = unitOf(diff);
  return words.past.replace('%s', count === 1 ? words[one] : words[many].replace('%d', String(count)));
}
