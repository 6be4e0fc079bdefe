/**
 * The historical data tab's query, read the same way by its page, its API route and its export:
 * a date range of UTC days (`from`, `to`, inclusive, as a date input sends them), its quick
 * presets, and a day's figures in the reader's currency. Pure; no I/O.
 */

const DAY = 86_400_000;
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Rows a page of the table shows when its URL names no size: a month of days. */
export const HISTORY_PAGE_SIZE = 30;

/** The quick ranges, in days counted back from today (today included). */
export const HISTORY_PRESETS = { '7D': 7, '30D': 30, '90D': 90, '1Y': 365 } as const;
export type HistoryPreset = keyof typeof HISTORY_PRESETS;

/**
 * A UTC day written YYYY-MM-DD as the Unix ms of its midnight; null for anything else, a day
 * that does not exist (2026-02-30) or a year before 1970.
 * @example parseDay('2026-03-01') // Date.UTC(2026, 2, 1)
 */
export function parseDay(s: string): number | null {
  const m = ISO_DAY.exec(s);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const ms = Date.UTC(y, mo - 1, d);
  const back = new Date(ms);
  if (y < 1970 || back.getUTCFullYear() !== y || back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d) return null;
  return ms;
}

/** The UTC day of an instant, YYYY-MM-DD. */
export const dayOf = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

export type RangeProblem = 'badFrom' | 'badTo' | 'order';

export interface HistoryRange {
  /** Inclusive UTC days; null: unbounded on that side. */
  from: string | null;
  to: string | null;
  /** What is wrong with what was asked, if anything (the range is then unbounded). */
  problem: RangeProblem | null;
}

/**
 * The range a query asks for: blank values are no bound; a value that is not a day, or a start
 * after the end, is a problem to tell the reader about.
 * @example readHistoryRange('2026-05-01', '2026-04-01').problem // 'order'
 */
export function readHistoryRange(from: string | null | undefined, to: string | null | undefined): HistoryRange {
  const f = from?.trim() || null;
  const t = to?.trim() || null;
  const problem: RangeProblem | null =
    f !== null && parseDay(f) === null
      ? 'badFrom'
      : t !== null && parseDay(t) === null
        ? 'badTo'
        : f !== null && t !== null && f > t
          ? 'order'
          : null;
  return problem ? { from: null, to: null, problem } : { from: f, to: t, problem };
}

/**
 * A preset's range: the last n days up to today (UTC), today included.
 * @example presetRange('7D', Date.UTC(2026, 10, 28, 9)) // { from: '2026-11-22', to: '2026-11-28' }
 */
export function presetRange(preset: HistoryPreset, now: number): { from: string; to: string } {
  const today = Math.floor(now / DAY) * DAY;
  return { from: dayOf(today - (HISTORY_PRESETS[preset] - 1) * DAY), to: dayOf(today) };
}

/** The preset a range is, if it is one (so its link is marked current). */
export function activePreset(range: Pick<HistoryRange, 'from' | 'to'>, now: number): HistoryPreset | null {
  for (const p of Object.keys(HISTORY_PRESETS) as HistoryPreset[]) {
    const r = presetRange(p, now);
    if (r.from === range.from && r.to === range.to) return p;
  }
  return null;
}

/**
 * A USD figure of a past day as the amount to hand to the page's money formatter (which
 * converts from USD at today's rate). In a fiat currency that is the figure itself. In a crypto
 * currency the day's figure is divided by that coin's close of the same day, not by today's
 * price, so bitcoin in BTC is 1 every day: the figure in that currency, times 1 / today's rate.
 * Null when that close is not stored.
 * @example atDayRate(200, 50, 0.00001) // 200 / 50 / 0.00001 = 400000 (4 BTC shown)
 */
export function atDayRate(
  usd: number | null,
  quoteClose: number | null | undefined,
  rate: number | null,
): number | null {
  if (usd === null) return null;
  if (quoteClose === undefined) return usd;
  return quoteClose && quoteClose > 0 && rate ? usd / quoteClose / rate : null;
}
