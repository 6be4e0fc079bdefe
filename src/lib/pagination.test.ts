import { describe, expect, it } from 'vitest';
import { isPageSize, pageCount, pagerSlots } from './pagination.ts';

describe('pagerSlots', () => {
  it.each([
    [1, 1, [1]],
    [3, 7, [1, 2, 3, 4, 5, 6, 7]],
    [1, 8, [1, 2, 3, 4, 5, null, 8]],
    [4, 8, [1, 2, 3, 4, 5, null, 8]],
    [5, 8, [1, null, 4, 5, 6, 7, 8]],
    [8, 8, [1, null, 4, 5, 6, 7, 8]],
    [10, 50, [1, null, 9, 10, 11, null, 50]],
    [1, 50, [1, 2, 3, 4, 5, null, 50]],
    [50, 50, [1, null, 46, 47, 48, 49, 50]],
    [47, 50, [1, null, 46, 47, 48, 49, 50]],
    [46, 50, [1, null, 45, 46, 47, null, 50]],
  ])('page %i of %i → %j', (current, pages, expected) => {
    expect(pagerSlots(current, pages)).toEqual(expected);
  });

  it('never shows more than count slots and always the first and last page', () => {
    for (const count of [5, 7, 9, 21]) {
      for (let pages = 1; pages <= 40; pages++) {
        for (let current = 1; current <= pages; current++) {
          const slots = pagerSlots(current, pages, count);
          expect(slots.length).toBeLessThanOrEqual(count);
          expect(slots[0]).toBe(1);
          expect(slots.at(-1)).toBe(pages);
          expect(slots).toContain(current);
        }
      }
    }
  });

  it.each([4, 6, 3, 23])('rejects pager count %i', (count) => {
    expect(() => pagerSlots(1, 100, count)).toThrow(RangeError);
  });
});

describe('page sizes', () => {
  it.each([
    [10, true],
    [100, true],
    [15, false],
    [0, false],
  ])('%i allowed: %s', (n, ok) => expect(isPageSize(n)).toBe(ok));

  it.each([
    [0, 10, 1],
    [10, 10, 1],
    [11, 10, 2],
    [503, 50, 11],
  ])('%i rows of size %i → %i pages', (total, size, pages) => expect(pageCount(total, size)).toBe(pages));
});
