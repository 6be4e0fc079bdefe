/**
 * Once per visitor, item and UTC day: the read counts (views.ts) and the page-view beacon
 * (pageViews.ts) count a visitor's first request for an item each day and ignore the repeats, so
 * reloading a page (with a cache-busting parameter or without) cannot inflate the hot lists.
 *
 * Nothing personal is kept. A visitor is known only by a keyed hash of (address, user agent,
 * item) under a random secret that lives in memory for one UTC day; at midnight the secret is
 * replaced and every mark forgotten, so a mark cannot be linked to a person, across days, or
 * back to an address (the secret is never written anywhere). Marks are 48-bit numbers in a
 * bounded set (the oldest go first when it is full).
 *
 * Why memory and not a table: a table would need a write per view just to decide whether to
 * write the view, and would put the marks on disk. The cost of memory: after a restart, or on
 * another process of the same site, a visitor counts once more that day.
 */
import { createHmac, randomBytes } from 'node:crypto';

const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export interface VisitorLedger {
  /**
   * True the first time today that this visitor asks for `item` (and remembers it), false for
   * a repeat.
   */
  first(address: string, userAgent: string, item: string): boolean;
  /** Marks held now (for tests and the admin eye). */
  readonly size: number;
}

/**
 * @example const ledger = createVisitorLedger(); ledger.first('1.2.3.4', 'Mozilla/5.0 …', 'read:article:7') // true, then false
 */
export function createVisitorLedger({
  now = Date.now,
  maxMarks = 500_000,
}: {
  now?: () => number;
  maxMarks?: number;
} = {}): VisitorLedger {
  let day = '';
  let secret = Buffer.alloc(0);
  const marks = new Set<number>();

  const rotate = () => {
    const today = utcDay(now());
    if (today === day) return;
    day = today;
    secret = randomBytes(32);
    marks.clear();
  };

  return {
    first(address, userAgent, item) {
      rotate();
      // Unit separators keep ("a", "bc") and ("ab", "c") apart.
      const mark = createHmac('sha256', secret)
        .update(`${address}\u001f${userAgent}\u001f${item}`)
        .digest()
        .readUIntBE(0, 6);
      if (marks.has(mark)) return false;
      if (marks.size >= maxMarks) marks.delete(marks.values().next().value as number);
      marks.add(mark);
      return true;
    },
    get size() {
      return marks.size;
    },
  };
}

/** The process's ledger, shared by the read counts and the beacon. */
export const visitors: VisitorLedger = createVisitorLedger();
