import { describe, expect, it } from 'vitest';
import { contractTypeFromExpiry } from './contracts.ts';

/** A delivery at 08:00 UTC, month 1-based. */
const at = (month: number, day: number, year = 2026) => Date.UTC(year, month - 1, day, 8);
const labels = (expiries: number[], now: number) => expiries.map((e) => contractTypeFromExpiry(e, expiries, now));

describe('contractTypeFromExpiry', () => {
  it('labels a full ladder: two weeklies, a monthly, two quarterlies', () => {
    const now = Date.UTC(2026, 3, 6); // Monday 6 April 2026
    const ladder = [at(4, 10), at(4, 17), at(4, 24), at(5, 29), at(6, 26), at(9, 25), at(12, 25)];
    expect(labels(ladder, now)).toEqual(['WEEKLY', 'BIWEEKLY', 'MONTHLY', null, 'QUARTERLY', 'BIQUARTERLY', null]);
  });

  it('keeps QUARTERLY for a quarter-end that delivers this week; the next week is still BIWEEKLY', () => {
    const now = Date.UTC(2026, 2, 23); // Monday 23 March 2026; Friday 27 March is the quarter-end
    const ladder = [at(3, 27), at(4, 3), at(4, 24), at(6, 26), at(9, 25)];
    expect(labels(ladder, now)).toEqual(['QUARTERLY', 'BIWEEKLY', 'MONTHLY', 'BIQUARTERLY', null]);
  });

  it('rolls the labels over once an expiry has passed', () => {
    const ladder = [at(3, 27), at(4, 3), at(4, 24), at(6, 26), at(9, 25)];
    const now = at(3, 27); // the quarterly delivers now
    expect(labels(ladder, now)).toEqual([null, 'WEEKLY', 'MONTHLY', 'QUARTERLY', 'BIQUARTERLY']);
  });

  it('gives no weekly label when the nearest expiry is more than 7 days away', () => {
    const now = Date.UTC(2026, 3, 6);
    expect(labels([at(4, 17), at(4, 24)], now)).toEqual([null, 'MONTHLY']);
  });

  it('wants BIWEEKLY a week after the first weekly, not a few days or a fortnight', () => {
    const now = Date.UTC(2026, 3, 6);
    expect(labels([at(4, 8), at(4, 10)], now)).toEqual(['WEEKLY', null]);
    expect(labels([at(4, 7), at(4, 17)], now)).toEqual(['WEEKLY', null]);
  });

  it('is null for an expired contract, whatever the list', () => {
    const now = Date.UTC(2026, 3, 6);
    expect(contractTypeFromExpiry(at(3, 27), [at(3, 27), at(6, 26)], now)).toBeNull();
    expect(contractTypeFromExpiry(now, [now], now)).toBeNull();
  });

  it('counts the expiry itself when the list leaves it out, and ignores duplicates', () => {
    const now = Date.UTC(2026, 3, 6);
    expect(contractTypeFromExpiry(at(6, 26), [], now)).toBe('QUARTERLY');
    expect(contractTypeFromExpiry(at(9, 25), [at(6, 26), at(6, 26)], now)).toBe('BIQUARTERLY');
    expect(contractTypeFromExpiry(at(4, 10), [at(4, 10), at(4, 10)], now)).toBe('WEEKLY');
  });

  it('uses the UTC calendar: the last Friday of a month that ends on a Friday', () => {
    // July 2026 ends on Friday the 31st; Friday the 24th is not its last Friday.
    const now = Date.UTC(2026, 6, 1);
    expect(labels([at(7, 24), at(7, 31)], now)).toEqual([null, 'MONTHLY']);
  });
});
