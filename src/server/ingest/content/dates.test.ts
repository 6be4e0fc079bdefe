import { describe, expect, it } from 'vitest';
import { normaliseDate, parseFeedDate } from './dates.ts';

const iso = (s: string) => parseFeedDate(s)?.toISOString() ?? null;

describe('parseFeedDate', () => {
  it('reads RFC 822 dates with zones, without weekday or seconds, with two-digit years', () => {
    expect(iso('Mon, 16 Nov 2026 08:30:00 GMT')).toBe('2026-11-16T08:30:00.000Z');
    expect(iso('Tue, 17 Nov 2026 14:05:00 +0800')).toBe('2026-11-17T06:05:00.000Z');
    expect(iso('14 Nov 2026 09:00:00 +0800')).toBe('2026-11-14T01:00:00.000Z');
    expect(iso('Sun, 15 Nov 26 17:45 EST')).toBe('2026-11-15T22:45:00.000Z');
    expect(iso('Sunday, 15 November 2026 17:45:00 PDT')).toBe('2026-11-16T00:45:00.000Z');
    expect(iso('15 Nov 2026 17:45:00')).toBe('2026-11-15T17:45:00.000Z');
  });

  it('reads ISO 8601 and everyday variants; no zone means UTC', () => {
    expect(iso('2026-11-16T09:30:00+08:00')).toBe('2026-11-16T01:30:00.000Z');
    expect(iso('2026-11-16T09:30:00.250Z')).toBe('2026-11-16T09:30:00.000Z');
    expect(iso('2026-11-15 22:10:00')).toBe('2026-11-15T22:10:00.000Z');
    expect(iso('2026-11-12')).toBe('2026-11-12T00:00:00.000Z');
    expect(iso('2026/11/12 08:00 +0800')).toBe('2026-11-12T00:00:00.000Z');
    expect(iso('2026-11-16T09:30:00-05')).toBe('2026-11-16T14:30:00.000Z');
  });

  it('reads a zone name before an offset by the offset, and a zone-less date in the zone given', () => {
    // Odaily's feeds: "Fri, 08 Sep 2023 16:04:46 PRC+0800".
    expect(iso('Wed, 18 Nov 2026 14:12:03 PRC+0800')).toBe('2026-11-18T06:12:03.000Z');
    expect(iso('Wed, 18 Nov 2026 14:12:03 GMT+08:00')).toBe('2026-11-18T06:12:03.000Z');
    // An ndsoft CMS's "2026-11-18 14:05:00" in a Korean feed is Korean time.
    expect(parseFeedDate('2026-11-18 14:05:00', 540)?.toISOString()).toBe('2026-11-18T05:05:00.000Z');
    expect(parseFeedDate('2026-11-18T14:05:00Z', 540)?.toISOString()).toBe('2026-11-18T14:05:00.000Z');
  });

  it('reads Chinese dates as Beijing time', () => {
    expect(iso('2026年11月14日 20:30')).toBe('2026-11-14T12:30:00.000Z');
    expect(iso('2026年11月14日')).toBe('2026-11-13T16:00:00.000Z');
  });

  it('rejects nonsense and impossible dates', () => {
    for (const s of [
      '',
      'not a date',
      '31 Feb 2026 10:00 GMT',
      '2026-13-01',
      '16 Foo 2026 10:00 GMT',
      '16 Nov 2026 10:00 XYZT',
      '2026-11-16 25:00',
    ])
      expect(iso(s)).toBeNull();
  });
});

describe('normaliseDate', () => {
  const now = new Date('2026-11-20T12:00:00Z');
  it('takes the first readable candidate', () => {
    expect(normaliseDate(['garbage', '2026-11-01T00:00:00Z'], now).toISOString()).toBe('2026-11-01T00:00:00.000Z');
  });
  it('uses now for missing dates and for dates over a day ahead', () => {
    expect(normaliseDate([], now)).toBe(now);
    expect(normaliseDate([undefined, 'nope'], now)).toBe(now);
    expect(normaliseDate(['2027-01-01'], now)).toBe(now);
    expect(normaliseDate(['2026-11-21T06:00:00Z'], now).toISOString()).toBe('2026-11-21T06:00:00.000Z');
  });
});
