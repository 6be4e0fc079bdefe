import { describe, expect, it } from 'vitest';
import {
  htmlLang,
  parseContentId,
  parseDay,
  utcDay,
  visibleWindow,
  VISITOR_ANNOUNCEMENT_LIMIT,
} from './announcements.server.ts';
import { summarise } from './notices.server.ts';

describe('visibleWindow (SPEC §6: visitors see a limited announcement list)', () => {
  it('limits visitors to the newest 30 rows: three pages of the default size', () => {
    expect(VISITOR_ANNOUNCEMENT_LIMIT).toBe(30);
    expect(visibleWindow({ page: 1, size: 10, total: 200, signedIn: false })).toEqual({
      offset: 0,
      take: 10,
      visibleTotal: 30,
      limited: true,
      locked: false,
    });
    expect(visibleWindow({ page: 3, size: 10, total: 200, signedIn: false })).toEqual({
      offset: 20,
      take: 10,
      visibleTotal: 30,
      limited: true,
      locked: false,
    });
  });

  it('locks the pages past the limit that still hold rows', () => {
    expect(visibleWindow({ page: 4, size: 10, total: 200, signedIn: false })).toEqual({
      offset: 30,
      take: 0,
      visibleTotal: 30,
      limited: true,
      locked: true,
    });
    expect(visibleWindow({ page: 20, size: 10, total: 200, signedIn: false }).locked).toBe(true);
  });

  it('does not call a page past the end of the list locked', () => {
    expect(visibleWindow({ page: 21, size: 10, total: 200, signedIn: false })).toMatchObject({
      take: 0,
      locked: false,
    });
  });

  it('counts the limit in rows, whatever the page size', () => {
    expect(visibleWindow({ page: 1, size: 50, total: 200, signedIn: false })).toMatchObject({
      take: 30,
      visibleTotal: 30,
    });
    expect(visibleWindow({ page: 2, size: 20, total: 200, signedIn: false })).toMatchObject({ offset: 20, take: 10 });
    expect(visibleWindow({ page: 3, size: 20, total: 200, signedIn: false })).toMatchObject({ take: 0, locked: true });
  });

  it('says nothing about logging in when the whole list fits', () => {
    expect(visibleWindow({ page: 1, size: 10, total: 30, signedIn: false })).toMatchObject({
      visibleTotal: 30,
      limited: false,
      locked: false,
    });
    expect(visibleWindow({ page: 1, size: 10, total: 0, signedIn: false })).toMatchObject({
      take: 0,
      visibleTotal: 0,
      limited: false,
      locked: false,
    });
    expect(visibleWindow({ page: 1, size: 10, total: 31, signedIn: false }).limited).toBe(true);
  });

  it('lets signed-in readers page through everything', () => {
    expect(visibleWindow({ page: 15, size: 10, total: 200, signedIn: true })).toEqual({
      offset: 140,
      take: 10,
      visibleTotal: 200,
      limited: false,
      locked: false,
    });
  });

  it('takes another limit', () => {
    expect(visibleWindow({ page: 1, size: 10, total: 8, signedIn: false, limit: 5 })).toMatchObject({
      take: 5,
      visibleTotal: 5,
      limited: true,
    });
  });

  it('shows a visitor the rows of a filtered list that lie in the window', () => {
    expect(visibleWindow({ page: 1, size: 10, total: 40, signedIn: false, visible: 3 })).toEqual({
      offset: 0,
      take: 3,
      visibleTotal: 3,
      limited: true,
      locked: false,
    });
    expect(visibleWindow({ page: 2, size: 10, total: 40, signedIn: false, visible: 3 })).toMatchObject({
      take: 0,
      locked: true,
    });
    expect(visibleWindow({ page: 1, size: 10, total: 0, signedIn: false, visible: 0 })).toMatchObject({
      limited: false,
      locked: false,
    });
    expect(visibleWindow({ page: 1, size: 10, total: 40, signedIn: true, visible: 3 })).toMatchObject({
      take: 10,
      visibleTotal: 40,
    });
  });
});

describe('utcDay (today’s count boundaries)', () => {
  it('runs from midnight UTC, inclusive, to the next midnight, exclusive', () => {
    const day = utcDay(Date.parse('2026-11-20T12:00:00Z'));
    expect(day.start.toISOString()).toBe('2026-11-20T00:00:00.000Z');
    expect(day.end.toISOString()).toBe('2026-11-21T00:00:00.000Z');
    expect(day.date).toBe('2026-11-20');
  });

  it.each([
    ['2026-11-20T00:00:00.000Z', '2026-11-20'],
    ['2026-11-20T23:59:59.999Z', '2026-11-20'],
    ['2026-11-21T00:00:00.000Z', '2026-11-21'],
    ['2026-11-19T23:59:59.999Z', '2026-11-19'],
    ['2026-12-31T23:30:00.000Z', '2026-12-31'],
    ['2028-02-29T08:00:00.000Z', '2028-02-29'],
  ])('%s falls on %s', (at, date) => {
    const day = utcDay(new Date(at));
    expect(day.date).toBe(date);
    expect(day.start.getTime()).toBeLessThanOrEqual(Date.parse(at));
    expect(day.end.getTime()).toBeGreaterThan(Date.parse(at));
    expect(day.end.getTime() - day.start.getTime()).toBe(86_400_000);
  });
});

describe('parseDay', () => {
  it('reads YYYY-MM-DD as a UTC midnight', () => {
    expect(parseDay('2026-11-20')?.toISOString()).toBe('2026-11-20T00:00:00.000Z');
    expect(parseDay('2028-02-29')?.toISOString()).toBe('2028-02-29T00:00:00.000Z');
  });

  it.each(['2026-02-30', '2026-13-01', '2026-1-1', '20261120', 'today', '', '2026-11-20T00:00'])('refuses %j', (s) => {
    expect(parseDay(s)).toBeUndefined();
  });
});

describe('htmlLang', () => {
  it('names the script of Chinese rows', () => {
    expect(htmlLang('zh')).toBe('zh-Hans');
    expect(htmlLang('zh-hk')).toBe('zh-Hant-HK');
    expect(htmlLang('en')).toBe('en');
    expect(htmlLang('ko')).toBe('ko');
  });
});

describe('parseContentId', () => {
  it('accepts positive 32-bit integers', () => {
    expect(parseContentId('1')).toBe(1);
    expect(parseContentId('2147483647')).toBe(2_147_483_647);
  });

  it.each(['0', '-1', '01', '1.5', 'abc', '2147483648', '99999999999', '', undefined, null])('refuses %j', (s) => {
    expect(parseContentId(s)).toBeUndefined();
  });
});

describe('summarise', () => {
  it('keeps the first paragraph and clips it with an ellipsis', () => {
    expect(summarise('First.\n\nSecond.')).toBe('First.');
    expect(summarise('a'.repeat(200), 10)).toBe(`${'a'.repeat(9)}…`);
    expect(summarise(null)).toBeNull();
  });
});
