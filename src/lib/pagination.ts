/** Page sizes and the pager of SPEC §9. */
export const PAGE_SIZES = [10, 20, 30, 40, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 10;
const PAGER_COUNT = 7;

export function isPageSize(n: number): boolean {
  return (PAGE_SIZES as readonly number[]).includes(n);
}

export function pageCount(total: number, size: number): number {
  return Math.max(1, Math.ceil(total / size));
}

/**
 * The page numbers a pager shows: at most `count` slots (odd, 5–21) including the first and
 * last page, with `null` marking a gap.
 * @example pagerSlots(10, 50) // [1, null, 8, 9, 10, 11, 12, null, 50] — for count 7: [1, null, 9, 10, 11, null, 50]
 */
export function pagerSlots(current: number, pages: number, count: number = PAGER_COUNT): (number | null)[] {
  if (count % 2 === 0 || count < 5 || count > 21) throw new RangeError('pager count must be odd, 5 to 21');
  if (pages <= count) return Array.from({ length: pages }, (_, i) => i + 1);
  const inner = count - 2; // slots between first and last
  const half = Math.floor(inner / 2);
  let start = current - half;
  let end = current + half;
  if (start <= 2) {
    start = 2;
    end = count - 1;
  } else if (end >= pages - 1) {
    end = pages - 1;
    start = pages - count + 2;
  }
  const slots: (number | null)[] = [1];
  if (start > 2) {
    slots.push(null);
    start++;
  }
  const tailGap = end < pages - 1;
  if (tailGap) end--;
  for (let p = start; p <= end; p++) slots.push(p);
  if (tailGap) slots.push(null);
  slots.push(pages);
  return slots;
}

/** Reads page and size; out-of-range values fall back to page 1 and the default size (the tab's). */
export function readPage(
  params: URLSearchParams,
  defaultSize: number = DEFAULT_PAGE_SIZE,
): { page: number; size: number } {
  const page = Number(params.get('page') ?? '1');
  const size = Number(params.get('size') ?? defaultSize);
  return {
    page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
    size: isPageSize(size) ? size : defaultSize,
  };
}
