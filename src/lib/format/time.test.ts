import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, type TimeInput } from './time';

const NOW = Date.UTC(2024, 5, 15, 12, 0, 0); // 2024-06-15T12:00:00Z

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
