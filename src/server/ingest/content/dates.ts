/**
 * Publication dates as feeds write them, normalised to a Date: RFC 822/1123 (with or without
 * weekday and seconds, two-digit years, named zones), ISO 8601 (with or without zone; a missing
 * zone is UTC unless the caller gives the feed's local zone), "YYYY-MM-DD HH:mm[:ss]",
 * "YYYY/MM/DD" and "YYYY年MM月DD日 HH:mm" (read as UTC+8, the zone Chinese sources write in).
 * Missing or unreadable dates, and dates more than a day in the future (a wrong clock upstream),
 * become `now`.
 */

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const ZONES: Record<string, number> = {
  UT: 0,
  UTC: 0,
  GMT: 0,
  Z: 0,
  EST: -5,
  EDT: -4,
  CST: -6,
  CDT: -5,
  MST: -7,
  MDT: -6,
  PST: -8,
  PDT: -7,
  CET: 1,
  CEST: 2,
  BST: 1,
  HKT: 8,
  SGT: 8,
  JST: 9,
  KST: 9,
};

/** Minutes east of UTC for "+0800", "-05:00", "GMT" …, or null when unknown. */
function zoneOffset(zone: string | undefined): number | null {
  if (!zone) return 0;
  const m = /^([+-])(\d{2}):?(\d{2})$/.exec(zone);
  if (m) return (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3]));
  const named = ZONES[zone.toUpperCase()];
  return named === undefined ? null : named * 60;
}

function utc(y: number, mo: number, d: number, h: number, mi: number, s: number, offsetMinutes: number): Date | null {
  if (mo < 0 || mo > 11 || d < 1 || d > 31 || h > 23 || mi > 59 || s > 60) return null;
  const date = new Date(Date.UTC(y, mo, d, h, mi, Math.min(s, 59)) - offsetMinutes * 60_000);
  // Rejects 31 Feb and the like, which Date.UTC would roll over.
  return new Date(Date.UTC(y, mo, d)).getUTCDate() === d ? date : null;
}

/**
 * Parses a feed date; null when it cannot be read. `zoneless` (minutes east of UTC) is the zone of
 * a date written without one: Korean and Chinese CMSs write local time ("2026-11-18 14:05:00").
 * @example parseFeedDate('Tue, 17 Nov 2026 14:05:00 +0800')?.toISOString() // '2026-11-17T06:05:00.000Z'
 */
export function parseFeedDate(raw: string | null | undefined, zoneless = 0): Date | null {
  const s = (raw ?? '').trim().replace(/\s+/g, ' ');
  if (!s) return null;
  // RFC 822: [Wkd, ]DD Mon YY[YY] HH:MM[:SS] [zone]; a zone name before an offset ("PRC+0800",
  // Odaily's feeds) gives way to the offset.
  let m =
    /^(?:[a-z]{3,9},? )?(\d{1,2}) ([a-z]{3})[a-z]* (\d{2}|\d{4}) (\d{1,2}):(\d{2})(?::(\d{2}))?(?: ?(?:[a-z]{1,4}(?=[+-]))?([+-]\d{2}:?\d{2}|[a-z]{1,4}))?$/i.exec(
      s,
    );
  if (m) {
    const month = MONTHS.indexOf(m[2]!.toLowerCase());
    let year = Number(m[3]);
    if (m[3]!.length === 2) year += year < 70 ? 2000 : 1900;
    const off = m[7] ? zoneOffset(m[7]) : zoneless;
    if (month < 0 || off === null) return null;
    return utc(year, month, Number(m[1]), Number(m[4]), Number(m[5]), Number(m[6] ?? 0), off);
  }
  // ISO 8601 and its everyday variants: 2026-11-18T10:30:00Z, 2026-11-18 10:30, 2026/11/18
  m =
    /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})(?:[T ](\d{1,2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)? ?(Z|[+-]\d{2}(?::?\d{2})?|[a-z]{2,4})?$/i.exec(
      s,
    );
  if (m) {
    const zone = m[7] && /^[+-]\d{2}$/.test(m[7]) ? `${m[7]}00` : m[7];
    const off = zone ? zoneOffset(zone) : zoneless;
    if (off === null) return null;
    return utc(
      Number(m[1]),
      Number(m[2]) - 1,
      Number(m[3]),
      Number(m[4] ?? 0),
      Number(m[5] ?? 0),
      Number(m[6] ?? 0),
      off,
    );
  }
  // 2026年11月18日 10:30 (Beijing time)
  m = /^(\d{4})年(\d{1,2})月(\d{1,2})日(?: ?(\d{1,2})[:：](\d{2})(?:[:：](\d{2}))?)?$/.exec(s);
  if (m)
    return utc(
      Number(m[1]),
      Number(m[2]) - 1,
      Number(m[3]),
      Number(m[4] ?? 0),
      Number(m[5] ?? 0),
      Number(m[6] ?? 0),
      8 * 60,
    );
  return null;
}

/**
 * The publication time to store: the first readable date, else `now`; a date more than a day
 * ahead of `now` is taken as `now`.
 * @example normaliseDate(['', 'garbage'], now) === now // true
 */
export function normaliseDate(candidates: readonly (string | null | undefined)[], now: Date): Date {
  for (const c of candidates) {
    const d = parseFeedDate(c);
    if (d) return d.getTime() > now.getTime() + 86_400_000 ? now : d;
  }
  return now;
}
