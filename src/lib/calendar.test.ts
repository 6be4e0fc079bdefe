import { describe, expect, it } from 'vitest';
import { dayAndTime, dayHeading, monthHeading, rangeHeading, timeOfDay, weekdayName } from './calendar.ts';

describe('calendar dates in the locale format (UTC)', () => {
  it.each([
    ['en', 'Friday, November 20, 2026', 'November 2026', 'Mon'],
    ['zh', '2026年11月20日星期五', '2026年11月', '周一'],
    ['zh-hk', '2026年11月20日星期五', '2026年11月', '週一'],
    ['ko', '2026년 11월 20일 금요일', '2026년 11월', '월'],
  ] as const)('formats days, months and weekdays in %s', (locale, day, month, monday) => {
    expect(dayHeading('2026-11-20', locale)).toBe(day);
    expect(monthHeading('2026-11-20', locale)).toBe(month);
    expect(weekdayName('2026-11-16', locale)).toBe(monday);
  });

  it('spans a week across the year end', () => {
    expect(rangeHeading('2026-12-28', '2027-01-03', 'en')).toBe('December 28, 2026 – January 3, 2027');
    expect(rangeHeading('2026-11-16', '2026-11-22', 'zh')).toBe('2026年11月16日 – 2026年11月22日');
  });

  it('gives the UTC time of day whatever the offset written', () => {
    expect(timeOfDay('2026-11-20T08:05:00Z')).toBe('08:05');
    expect(timeOfDay('2026-11-21T07:30:00+08:00')).toBe('23:30');
  });

  it.each([
    ['en', 'Monday, November 23, 2026 at 10:00 UTC'],
    ['zh', '2026年11月23日星期一 10:00 UTC'],
    ['zh-hk', '2026年11月23日 星期一 10:00 UTC'],
    ['ko', '2026년 11월 23일 월요일 10:00 UTC'],
  ] as const)('writes a moment with its day and time apart in %s', (locale, text) => {
    // ICU spaces zh-HK with a no-break space; what matters is that there is one.
    expect(dayAndTime('2026-11-23T10:00:00Z', locale).replace(/\s/g, ' ')).toBe(text);
  });
});
