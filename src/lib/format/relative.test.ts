import { describe, expect, it } from 'vitest';
import { LOCALES, type Locale } from './locale';
import { formatRelativeTime } from './relative';
import type { TimeInput } from './time';

const S = 1000;
const M = 60 * S;
const H = 60 * M;
const D = 24 * H;
const NOW = Date.UTC(2024, 5, 15, 12, 0, 0); // 2024-06-15T12:00:00Z

describe('formatRelativeTime', () => {
  /** [label, now − time in ms, en, zh, zh-hk, ko] */
  const rows: [string, number, string, string, string, string][] = [
    ['0 s', 0, 'just now', '刚刚', '剛剛', '방금'],
    ['1 ms', 1, 'just now', '刚刚', '剛剛', '방금'],
    ['59 s', 59 * S, 'just now', '刚刚', '剛剛', '방금'],
    ['exactly 60 s', 60 * S, 'just now', '刚刚', '剛剛', '방금'],
    ['60 s + 1 ms', 60 * S + 1, 'a minute ago', '1 分钟前', '一分鐘前', '1분 전'],
    ['61 s', 61 * S, 'a minute ago', '1 分钟前', '一分鐘前', '1분 전'],
    ['119 s', 119 * S, 'a minute ago', '1 分钟前', '一分鐘前', '1분 전'],
    ['2 min', 2 * M, '2 minutes ago', '2 分钟前', '2 分鐘前', '2분 전'],
    ['5 min', 5 * M, '5 minutes ago', '5 分钟前', '5 分鐘前', '5분 전'],
    ['59 min', 59 * M, '59 minutes ago', '59 分钟前', '59 分鐘前', '59분 전'],
    ['59 min 59.999 s', H - 1, '59 minutes ago', '59 分钟前', '59 分鐘前', '59분 전'],
    ['exactly 1 h', H, 'an hour ago', '1 小时前', '一小時前', '한 시간 전'],
    ['1 h 59 min', 2 * H - M, 'an hour ago', '1 小时前', '一小時前', '한 시간 전'],
    ['3 h', 3 * H, '3 hours ago', '3 小时前', '3 小時前', '3시간 전'],
    ['23 h', 23 * H, '23 hours ago', '23 小时前', '23 小時前', '23시간 전'],
    ['24 h − 1 ms', D - 1, '23 hours ago', '23 小时前', '23 小時前', '23시간 전'],
    ['exactly 1 day', D, 'a day ago', '1 天前', '一天前', '하루 전'],
    ['2 days', 2 * D, '2 days ago', '2 天前', '2 天前', '2일 전'],
    ['29 days', 29 * D, '29 days ago', '29 天前', '29 天前', '29일 전'],
    ['30 days − 1 ms', 30 * D - 1, '29 days ago', '29 天前', '29 天前', '29일 전'],
    ['exactly 30 days', 30 * D, 'a month ago', '1 个月前', '一個月前', '한 달 전'],
    ['59 days', 59 * D, 'a month ago', '1 个月前', '一個月前', '한 달 전'],
    ['60 days', 60 * D, '2 months ago', '2 个月前', '2 個月前', '2달 전'],
    ['120 days', 120 * D, '4 months ago', '4 个月前', '4 個月前', '4달 전'],
    ['359 days', 359 * D, '11 months ago', '11 个月前', '11 個月前', '11달 전'],
    ['360 days − 1 ms', 360 * D - 1, '11 months ago', '11 个月前', '11 個月前', '11달 전'],
    ['exactly 360 days', 360 * D, 'a year ago', '1 年前', '一年前', '일 년 전'],
    ['365 days', 365 * D, 'a year ago', '1 年前', '一年前', '일 년 전'],
    ['719 days', 719 * D, 'a year ago', '1 年前', '一年前', '일 년 전'],
    ['720 days', 720 * D, '2 years ago', '2 年前', '2 年前', '2년 전'],
    ['3650 days', 3650 * D, '10 years ago', '10 年前', '10 年前', '10년 전'],
  ];
  const cases = rows.flatMap(([label, diff, en, zh, hk, ko]) => [
    [label, diff, 'en', en] as const,
    [label, diff, 'zh', zh] as const,
    [label, diff, 'zh-hk', hk] as const,
    [label, diff, 'ko', ko] as const,
  ]);
  it.each(cases)('%s (%s, %s) → %s', (_label, diff, locale, expected) => {
    expect(formatRelativeTime(NOW - diff, NOW, locale)).toBe(expected);
  });

  /** A future moment is shown absolutely, like formatDateTime, in every locale. */
  const future: [string, TimeInput, TimeInput, string][] = [
    ['1 ms ahead', NOW + 1, NOW, '06-15 12:00'],
    ['1 day ahead', NOW + D, NOW, '06-16 12:00'],
    ['next year', '2025-01-01T01:00:00Z', '2024-12-31T23:00:00Z', '2025-01-01 01:00'],
  ];
  it.each(future.flatMap((row) => LOCALES.map((locale) => [...row, locale] as const)))(
    'future: %s (%s, %s) → %s in %s',
    (_label, time, now, expected, locale) => {
      expect(formatRelativeTime(time, now, locale)).toBe(expected);
    },
  );

  it.each([
    ['Date objects', new Date(NOW - 5 * M), new Date(NOW), '5 minutes ago'],
    ['ISO strings', '2024-06-15T11:55:00Z', '2024-06-15T12:00:00Z', '5 minutes ago'],
    ['ISO with offset', '2024-06-15T19:55:00+08:00', '2024-06-15T12:00:00Z', '5 minutes ago'],
    ['zone-less string is UTC', '2024-06-15 09:00:00', NOW, '3 hours ago'],
    ['zone-less T string is UTC', '2024-06-15T09:00', NOW, '3 hours ago'],
    ['mixed inputs', NOW - 2 * D, new Date(NOW), '2 days ago'],
    ['date-only string', '2024-06-13', NOW, '2 days ago'],
  ] as [string, TimeInput, TimeInput, string][])('accepts %s', (_label, time, now, expected) => {
    expect(formatRelativeTime(time, now, 'en')).toBe(expected);
  });

  it('defaults to en', () => {
    expect(formatRelativeTime(NOW - 3 * H, NOW)).toBe('3 hours ago');
  });

  it('falls back to en for an unknown locale', () => {
    expect(formatRelativeTime(NOW - 3 * H, NOW, 'fr' as Locale)).toBe('3 hours ago');
  });

  it.each([
    ['invalid string', 'not a date', NOW],
    ['empty string', '', NOW],
    ['NaN', Number.NaN, NOW],
    ['Infinity', Number.POSITIVE_INFINITY, NOW],
    ['invalid Date', new Date(Number.NaN), NOW],
    ['null', null, NOW],
    ['undefined', undefined, NOW],
    ['invalid now', NOW, 'nope'],
  ] as [string, TimeInput | null | undefined, TimeInput][])('%s → --', (_label, time, now) => {
    for (const locale of LOCALES) expect(formatRelativeTime(time, now, locale)).toBe('--');
  });
});
