import { describe, expect, it } from 'vitest';
import { LOCALES, type Locale } from './locale';
import { formatDate, formatDateTime, formatRelativeTime, type TimeInput } from './time';

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
    ['60 s + 1 ms', 60 * S + 1, '1 minute ago', '1分钟前', '1分鐘前', '1분 전'],
    ['61 s', 61 * S, '1 minute ago', '1分钟前', '1分鐘前', '1분 전'],
    ['119 s', 119 * S, '1 minute ago', '1分钟前', '1分鐘前', '1분 전'],
    ['2 min', 2 * M, '2 minutes ago', '2分钟前', '2分鐘前', '2분 전'],
    ['5 min', 5 * M, '5 minutes ago', '5分钟前', '5分鐘前', '5분 전'],
    ['59 min', 59 * M, '59 minutes ago', '59分钟前', '59分鐘前', '59분 전'],
    ['59 min 59.999 s', H - 1, '59 minutes ago', '59分钟前', '59分鐘前', '59분 전'],
    ['exactly 1 h', H, '1 hour ago', '1小时前', '1小時前', '1시간 전'],
    ['1 h 59 min', 2 * H - M, '1 hour ago', '1小时前', '1小時前', '1시간 전'],
    ['3 h', 3 * H, '3 hours ago', '3小时前', '3小時前', '3시간 전'],
    ['23 h', 23 * H, '23 hours ago', '23小时前', '23小時前', '23시간 전'],
    ['24 h − 1 ms', D - 1, '23 hours ago', '23小时前', '23小時前', '23시간 전'],
    ['exactly 1 day', D, '1 day ago', '1天前', '1天前', '1일 전'],
    ['2 days', 2 * D, '2 days ago', '2天前', '2天前', '2일 전'],
    ['29 days', 29 * D, '29 days ago', '29天前', '29天前', '29일 전'],
    ['30 days − 1 ms', 30 * D - 1, '29 days ago', '29天前', '29天前', '29일 전'],
    ['exactly 30 days', 30 * D, '1 month ago', '1个月前', '1個月前', '1개월 전'],
    ['59 days', 59 * D, '1 month ago', '1个月前', '1個月前', '1개월 전'],
    ['60 days', 60 * D, '2 months ago', '2个月前', '2個月前', '2개월 전'],
    ['120 days', 120 * D, '4 months ago', '4个月前', '4個月前', '4개월 전'],
    ['359 days', 359 * D, '11 months ago', '11个月前', '11個月前', '11개월 전'],
    ['360 days − 1 ms', 360 * D - 1, '11 months ago', '11个月前', '11個月前', '11개월 전'],
    ['exactly 360 days', 360 * D, '1 year ago', '1年前', '1年前', '1년 전'],
    ['365 days', 365 * D, '1 year ago', '1年前', '1年前', '1년 전'],
    ['719 days', 719 * D, '1 year ago', '1年前', '1年前', '1년 전'],
    ['720 days', 720 * D, '2 years ago', '2年前', '2年前', '2년 전'],
    ['3650 days', 3650 * D, '10 years ago', '10年前', '10年前', '10년 전'],
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

describe('formatDateTime', () => {
  it.each([
    ['same year', '2024-03-05T07:08:09Z', '2024-12-31T23:59:59Z', 0, '03-05 07:08'],
    ['seconds are dropped, not rounded', '2024-03-05T07:08:59.999Z', '2024-06-01T00:00:00Z', 0, '03-05 07:08'],
    ['zero padding', '2024-01-02T03:04:00Z', '2024-06-01T00:00:00Z', 0, '01-02 03:04'],
    ['24-hour clock', '2024-07-08T23:45:00Z', '2024-06-01T00:00:00Z', 0, '07-08 23:45'],
    ['first instant of the year', '2024-01-01T00:00:00Z', '2024-12-31T23:59:59.999Z', 0, '01-01 00:00'],
    ['last minute of previous year', '2023-12-31T23:59:00Z', '2024-01-01T00:00:00Z', 0, '2023-12-31 23:59'],
    ['one ms before the year', '2023-12-31T23:59:59.999Z', '2024-01-01T00:00:00Z', 0, '2023-12-31 23:59'],
    ['years ago', '2019-11-20T10:00:00Z', '2024-06-01T00:00:00Z', 0, '2019-11-20 10:00'],
    ['next year', '2025-01-01T00:00:00Z', '2024-12-31T23:59:59Z', 0, '2025-01-01 00:00'],
    ['four-digit year padding', '0999-01-01T00:00:00Z', '2024-06-01T00:00:00Z', 0, '0999-01-01 00:00'],
    ['zone-less string is UTC', '2024-03-05 07:08:09', '2024-06-01T00:00:00Z', 0, '03-05 07:08'],
    ['ISO with offset', '2024-03-05T15:08:00+08:00', '2024-06-01T00:00:00Z', 0, '03-05 07:08'],
    ['epoch ms', Date.UTC(2024, 2, 5, 7, 8), Date.UTC(2024, 5, 1), 0, '03-05 07:08'],
    ['Date objects', new Date(Date.UTC(2023, 2, 5, 7, 8)), new Date(Date.UTC(2024, 5, 1)), 0, '2023-03-05 07:08'],
    ['UTC+8 shifts into the next year', '2024-12-31T16:00:00Z', '2024-12-31T15:00:00Z', 480, '2025-01-01 00:00'],
    ['UTC+8, both shifted into 2025', '2024-12-31T16:00:00Z', '2025-01-01T00:00:00Z', 480, '01-01 00:00'],
    ['UTC+8 shifts the day', '2024-03-05T20:30:00Z', '2024-06-01T00:00:00Z', 480, '03-06 04:30'],
    ['UTC−5 shifts into the previous year', '2025-01-01T03:00:00Z', '2025-06-01T00:00:00Z', -300, '2024-12-31 22:00'],
    ['UTC+5:45', '2024-03-05T00:00:00Z', '2024-06-01T00:00:00Z', 345, '03-05 05:45'],
  ] as [string, TimeInput, TimeInput, number, string][])('%s', (_label, time, now, offset, expected) => {
    expect(formatDateTime(time, now, { timeZoneOffsetMinutes: offset })).toBe(expected);
    if (offset === 0) {
      expect(formatDateTime(time, now)).toBe(expected);
      expect(formatDateTime(time, now, {})).toBe(expected);
    }
  });

  it.each([
    ['invalid string', 'not a date'],
    ['empty string', ''],
    ['NaN', Number.NaN],
    ['Infinity', Number.POSITIVE_INFINITY],
    ['out of range', 8.64e15 + 1],
    ['invalid Date', new Date(Number.NaN)],
    ['null', null],
    ['undefined', undefined],
  ] as [string, TimeInput | null | undefined][])('%s → --', (_label, time) => {
    expect(formatDateTime(time, NOW)).toBe('--');
  });

  it('shows the year when now is invalid', () => {
    expect(formatDateTime('2024-03-05T07:08:00Z', 'nope')).toBe('2024-03-05 07:08');
  });

  it('ignores a non-finite offset', () => {
    expect(formatDateTime('2024-03-05T07:08:00Z', NOW, { timeZoneOffsetMinutes: Number.NaN })).toBe('03-05 07:08');
  });
});

describe('formatDate', () => {
  it.each([
    ['ISO string', '2024-03-05T23:59:00Z', 0, '2024-03-05'],
    ['date-only string', '2024-03-05', 0, '2024-03-05'],
    ['zone-less string is UTC', '2024-03-05 23:59:59', 0, '2024-03-05'],
    ['offset in the string', '2024-03-05T00:30:00+08:00', 0, '2024-03-04'],
    ['epoch 0', 0, 0, '1970-01-01'],
    ['epoch ms', Date.UTC(2024, 11, 31, 23, 59), 0, '2024-12-31'],
    ['Date', new Date(Date.UTC(2000, 1, 29)), 0, '2000-02-29'],
    ['UTC+8 option', '2024-03-05T16:00:00Z', 480, '2024-03-06'],
    ['UTC−5 option', '2024-03-05T04:00:00Z', -300, '2024-03-04'],
  ] as [string, TimeInput, number, string][])('%s', (_label, time, offset, expected) => {
    expect(formatDate(time, { timeZoneOffsetMinutes: offset })).toBe(expected);
    if (offset === 0) expect(formatDate(time)).toBe(expected);
  });

  it.each([
    ['invalid string', 'not a date'],
    ['empty string', ''],
    ['NaN', Number.NaN],
    ['invalid Date', new Date(Number.NaN)],
    ['null', null],
    ['undefined', undefined],
  ] as [string, TimeInput | null | undefined][])('%s → --', (_label, time) => {
    expect(formatDate(time)).toBe('--');
  });
});
