/**
 * SPEC §3 contract types from expiries alone (research file, section 3, Bybit column). Bybit
 * states only "LinearFutures"/"InverseFutures" and a delivery time, and the aliases other
 * exchanges state ("this week") roll over at every expiry, so the label is recomputed from the
 * stored expiry on every refresh instead of being stored.
 */
import type { ContractType, SourceTicker } from './types.ts';

const DAY = 86_400_000;
/** A week apart, give or take a day (deliveries are at a fixed hour, but not every exchange's). */
const WEEK_MIN = 6 * DAY;
const WEEK_MAX = 8 * DAY;

/** The last Friday of its month, in UTC (the exchanges deliver at 08:00 UTC). */
function isLastFriday(t: number): boolean {
  const d = new Date(t);
  const daysInMonth = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  return d.getUTCDay() === 5 && d.getUTCDate() + 7 > daysInMonth;
}

/** The last Friday of March, June, September or December. */
function isQuarterEnd(t: number): boolean {
  return isLastFriday(t) && new Date(t).getUTCMonth() % 3 === 2;
}

/**
 * The SPEC type of a dated contract, given every live expiry of the same base asset.
 *
 * - QUARTERLY: the nearest quarter-end expiry (last Friday of Mar/Jun/Sep/Dec); BIQUARTERLY: the
 *   next quarter-end after it; later quarter-ends: null.
 * - MONTHLY: the nearest expiry on the last Friday of a non-quarter month.
 * - WEEKLY: the nearest expiry, when it is at most 7 days away; BIWEEKLY: the expiry right after
 *   it, a week (±1 day) later and at most 14 days away.
 * - Anything else, and anything expired (≤ now): null.
 *
 * One label per contract, the longest cycle winning: in the week a quarterly (or monthly)
 * contract delivers it stays QUARTERLY (MONTHLY) and that week has no WEEKLY, because it is the
 * same contract users have followed as "the quarterly" for three months. The expiry a week later
 * is still BIWEEKLY: it is the second weekly expiry whatever the first one is called.
 *
 * @example
 * // now: Monday 2026-04-06; expiries on the Fridays Apr 10, Apr 17, Apr 24, Jun 26, Sep 25
 * contractTypeFromExpiry(Date.UTC(2026, 3, 10, 8), expiries, now) // 'WEEKLY'
 * contractTypeFromExpiry(Date.UTC(2026, 3, 24, 8), expiries, now) // 'MONTHLY'
 * contractTypeFromExpiry(Date.UTC(2026, 8, 25, 8), expiries, now) // 'BIQUARTERLY'
 */
export function contractTypeFromExpiry(expiry: number, allExpiries: number[], now: number): ContractType | null {
  if (!(expiry > now)) return null;
  const live = [...new Set([...allExpiries, expiry])].filter((t) => t > now).sort((a, b) => a - b);

  if (isQuarterEnd(expiry)) {
    const rank = live.filter(isQuarterEnd).indexOf(expiry);
    return rank === 0 ? 'QUARTERLY' : rank === 1 ? 'BIQUARTERLY' : null;
  }
  if (isLastFriday(expiry) && live.find((t) => isLastFriday(t) && !isQuarterEnd(t)) === expiry) return 'MONTHLY';

  const [first, second] = live;
  if (first === undefined || first - now > 7 * DAY) return null;
  if (expiry === first) return 'WEEKLY';
  const gap = expiry - first;
  if (expiry === second && expiry - now <= 14 * DAY && gap >= WEEK_MIN && gap <= WEEK_MAX) return 'BIWEEKLY';
  return null;
}

/**
 * Contract types roll over at expiry ("this week" becomes "next week"'s successor). A contract the
 * exchange names itself (OKX's alias, Binance's contract type: `namedByExchange`) keeps the
 * exchange's name, which the adapters reload right after each delivery (a delivered one has
 * none); the others (Bybit, CoinGecko's derivatives) are recomputed from the expiries of each
 * exchange and base on every round.
 */
export function relabel(tickers: SourceTicker[], now: number): SourceTicker[] {
  const expiries = new Map<string, number[]>();
  for (const t of tickers) {
    if (t.market !== 'futures' || !t.expiry) continue;
    const key = `${t.exchange}\u0000${t.base}`;
    (expiries.get(key) ?? expiries.set(key, []).get(key)!).push(t.expiry);
  }
  return tickers.map((t) => {
    if (t.market !== 'futures' || !t.expiry) return t;
    if (t.namedByExchange) return t.expiry > now || t.contractType === null ? t : { ...t, contractType: null };
    const all = [...new Set(expiries.get(`${t.exchange}\u0000${t.base}`) ?? [])].sort((a, b) => a - b);
    return { ...t, contractType: contractTypeFromExpiry(t.expiry, all, now) };
  });
}
