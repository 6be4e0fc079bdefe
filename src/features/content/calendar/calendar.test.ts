import { describe, expect, it } from 'vitest';
import {
  addMonths,
  calendarRange,
  dayKey,
  groupByDay,
  monthGrid,
  parseDay,
  parseId,
  startOfDay,
  startOfMonth,
  startOfWeek,
} from './calendar.server.ts';

const at = (iso: string) => Date.parse(iso);
const day = (text: string) => Date.parse(`${text}T00:00:00Z`);
const key = (ms: number) => dayKey(ms);

describe('parseDay', () => {
  it.each([
    ['2026-11-20', '2026-11-20T00:00:00Z'],
    ['2028-02-29', '2028-02-29T00:00:00Z'],
    ['1970-01-01', '1970-01-01T00:00:00Z'],
    ['2026-12-31', '2026-12-31T00:00:00Z'],
  ])('reads %s as UTC midnight', (text, iso) => {
    expect(parseDay(text)).toBe(at(iso));
  });

  it.each([
    '2026-02-30',
    '2026-02-29',
    '2026-13-01',
    '2026-00-10',
    '2026-11-31',
    '2026-1-05',
    '20261120',
    '2026-11-20T00:00',
    ' 2026-11-20',
    '1969-12-31',
    '',
    'today',
    null,
    undefined,
  ])('rejects %j', (text) => {
    expect(parseDay(text)).toBeUndefined();
  });
});

describe('day, week and month starts (UTC, weeks from Monday)', () => {
  it('puts the last millisecond of a day in that day and midnight in the next', () => {
    expect(dayKey(at('2026-11-20T23:59:59.999Z'))).toBe('2026-11-20');
    expect(dayKey(at('2026-11-21T00:00:00.000Z'))).toBe('2026-11-21');
    expect(startOfDay(at('2026-11-20T23:59:59.999Z'))).toBe(day('2026-11-20'));
  });

  it('reads a moment given with an offset by its UTC day', () => {
    // 07:30 on the 21st in UTC+8 is 23:30 on the 20th in UTC.
    expect(dayKey(at('2026-11-21T07:30:00+08:00'))).toBe('2026-11-20');
  });

  it('starts every day of a week on its Monday', () => {
    const week = ['2026-11-16', '2026-11-17', '2026-11-18', '2026-11-19', '2026-11-20', '2026-11-21', '2026-11-22'];
    for (const d of week) expect([d, key(startOfWeek(at(`${d}T13:45:00Z`)))]).toEqual([d, '2026-11-16']);
    expect(key(startOfWeek(day('2026-11-23')))).toBe('2026-11-23');
    expect(key(startOfWeek(at('2026-11-22T23:59:59.999Z')))).toBe('2026-11-16');
  });

  it('starts a week in the previous month or year when the Monday lies there', () => {
    expect(key(startOfWeek(day('2026-01-01')))).toBe('2025-12-29'); // a Thursday
    expect(key(startOfWeek(day('2026-03-01')))).toBe('2026-02-23'); // a Sunday
  });

  it('starts a month on its first day', () => {
    expect(key(startOfMonth(at('2026-11-30T23:59:59Z')))).toBe('2026-11-01');
    expect(key(startOfMonth(day('2026-01-01')))).toBe('2026-01-01');
  });

  it.each([
    ['2026-01-31', 1, '2026-02-28'],
    ['2028-01-31', 1, '2028-02-29'],
    ['2026-03-31', -1, '2026-02-28'],
    ['2026-05-31', 1, '2026-06-30'],
    ['2026-12-15', 1, '2027-01-15'],
    ['2026-01-15', -1, '2025-12-15'],
    ['2026-11-20', -12, '2025-11-20'],
    ['2026-11-20', 0, '2026-11-20'],
  ])('moves %s by %i months to %s, clamping to the month end', (from, n, to) => {
    expect(key(addMonths(day(from), n))).toBe(to);
  });
});

describe('calendarRange', () => {
  it('covers one day in the day view', () => {
    const r = calendarRange('day', at('2026-11-20T18:00:00Z'));
    expect(r).toMatchObject({
      view: 'day',
      date: '2026-11-20',
      from: '2026-11-20',
      to: '2026-11-20',
      prev: '2026-11-19',
      next: '2026-11-21',
    });
    expect(r.days).toEqual(['2026-11-20']);
    expect(r.start).toBe(day('2026-11-20'));
    expect(r.end).toBe(day('2026-11-21'));
  });

  it('covers Monday to Sunday in the week view, stepping a week', () => {
    const r = calendarRange('week', day('2026-11-20'));
    expect(r).toMatchObject({ from: '2026-11-16', to: '2026-11-22', prev: '2026-11-13', next: '2026-11-27' });
    expect(r.days).toEqual([
      '2026-11-16',
      '2026-11-17',
      '2026-11-18',
      '2026-11-19',
      '2026-11-20',
      '2026-11-21',
      '2026-11-22',
    ]);
    expect(r.end - r.start).toBe(7 * 86_400_000);
  });

  it('crosses the year end in a week', () => {
    const r = calendarRange('week', day('2027-01-02'));
    expect(r.from).toBe('2026-12-28');
    expect(r.to).toBe('2027-01-03');
  });

  it('covers the calendar month in the month view, stepping a month', () => {
    const feb = calendarRange('month', day('2026-02-14'));
    expect(feb).toMatchObject({ from: '2026-02-01', to: '2026-02-28', prev: '2026-01-14', next: '2026-03-14' });
    expect(feb.days).toHaveLength(28);
    const jan31 = calendarRange('month', day('2026-01-31'));
    expect(jan31).toMatchObject({ from: '2026-01-01', to: '2026-01-31', next: '2026-02-28', prev: '2025-12-31' });
    expect(calendarRange('month', day('2028-02-10')).days).toHaveLength(29);
    expect(calendarRange('month', day('2026-12-10'))).toMatchObject({ to: '2026-12-31', next: '2027-01-10' });
  });

  it('holds the date it was asked for, whatever the view', () => {
    for (const view of ['day', 'week', 'month'] as const) {
      for (const d of ['2026-01-01', '2026-02-28', '2026-11-22', '2026-12-31']) {
        const r = calendarRange(view, day(d));
        expect(r.days).toContain(d);
        expect(r.start).toBeLessThanOrEqual(day(d));
        expect(r.end).toBeGreaterThan(day(d));
      }
    }
  });

  it('tiles time: the next range starts where this one ends', () => {
    for (const view of ['day', 'week', 'month'] as const) {
      let r = calendarRange(view, day('2026-01-31'));
      for (let i = 0; i < 14; i++) {
        const next = calendarRange(view, day(r.next));
        expect([view, next.start]).toEqual([view, r.end]);
        r = next;
      }
    }
  });
});

describe('monthGrid', () => {
  const flat = (g: ReturnType<typeof monthGrid>) => g.flat();

  it('draws whole Monday–Sunday weeks around the month', () => {
    const grid = monthGrid(day('2026-02-10')); // 1 Feb 2026 is a Sunday
    expect(grid).toHaveLength(5);
    for (const week of grid) {
      expect(week).toHaveLength(7);
      expect(new Date(day(week[0]!.date)).getUTCDay()).toBe(1);
    }
    expect(grid[0]!.map((d) => d.inMonth)).toEqual([false, false, false, false, false, false, true]);
    expect(grid[0]![0]!.date).toBe('2026-01-26');
    expect(grid.at(-1)!.at(-1)).toEqual({ date: '2026-03-01', inMonth: false });
  });

  it('has every day of the month once, in order', () => {
    const inMonth = flat(monthGrid(day('2026-08-31')))
      .filter((d) => d.inMonth)
      .map((d) => d.date);
    expect(inMonth).toEqual(calendarRange('month', day('2026-08-01')).days);
  });

  it('needs four weeks for a 28-day month starting on Monday and six for a long one starting late', () => {
    expect(monthGrid(day('2027-02-01'))).toHaveLength(4);
    expect(flat(monthGrid(day('2027-02-01'))).every((d) => d.inMonth)).toBe(true);
    expect(monthGrid(day('2026-08-01'))).toHaveLength(6); // 1 Aug 2026 is a Saturday
  });
});

describe('groupByDay', () => {
  const items = [
    { id: 1, at: '2026-11-22T00:00:00.000Z' },
    { id: 2, at: '2026-11-21T23:59:59.999Z' },
    { id: 3, at: '2026-11-21T08:00:00Z' },
    { id: 4, at: '2026-11-19T12:00:00Z' },
  ];

  it('keeps the order of the items and of their days', () => {
    const groups = groupByDay(items, (i) => i.at);
    expect(groups.map((g) => [g.date, g.items.map((i) => i.id)])).toEqual([
      ['2026-11-22', [1]],
      ['2026-11-21', [2, 3]],
      ['2026-11-19', [4]],
    ]);
  });

  it('fills every day of a range, empty ones included', () => {
    const { days } = calendarRange('week', day('2026-11-20'));
    const groups = groupByDay(items, (i) => Date.parse(i.at), days);
    expect(groups.map((g) => g.date)).toEqual(days);
    expect(groups.map((g) => g.items.map((i) => i.id))).toEqual([[], [], [], [4], [], [2, 3], [1]]);
  });

  it('leaves out items on days outside the range', () => {
    const groups = groupByDay(items, (i) => i.at, calendarRange('day', day('2026-11-21')).days);
    expect(groups).toEqual([{ date: '2026-11-21', items: [items[1], items[2]] }]);
  });

  it('accepts Date values and returns nothing for nothing', () => {
    expect(groupByDay([{ at: new Date('2026-11-20T10:00:00Z') }], (i) => i.at)[0]!.date).toBe('2026-11-20');
    expect(groupByDay([], (i: { at: number }) => i.at)).toEqual([]);
  });
});

describe('parseId', () => {
  it.each([
    ['1', 1],
    ['42', 42],
    ['2147483647', 2147483647],
  ])('reads %s', (raw, n) => expect(parseId(raw)).toBe(n));
  it.each(['0', '-1', '01', '1.5', '1e3', 'abc', '', '2147483648', '99999999999', undefined])('rejects %j', (raw) =>
    expect(parseId(raw)).toBeUndefined(),
  );
});
