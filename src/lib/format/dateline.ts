import type { Locale } from './locale';

/** The date and time of a dateline, written as each language writes it, always in UTC. */
const DATELINE_TAGS: Record<Locale, string> = { en: 'en-GB', zh: 'zh-CN', 'zh-hk': 'zh-HK', ko: 'ko-KR' };
const formats = new Map<Locale, Intl.DateTimeFormat>();

/**
 * A full date and time with the year and the time zone, for a dateline or a "price as of":
 * the reader of a shared link may read it years later and anywhere.
 * @example formatDateline('2026-11-27T13:38:00Z', 'en') // '27 Nov 2026, 13:38 UTC'
 * @example formatDateline('2026-11-27T13:38:00Z', 'zh') // '2026年11月27日 13:38 UTC'
 * @example formatDateline('2026-11-27T13:38:00Z', 'ko') // '2026년 11월 27일 13:38 UTC'
 */
export function formatDateline(time: string | number | Date | null | undefined, locale: Locale): string {
  const t = time instanceof Date ? time.getTime() : typeof time === 'string' ? Date.parse(time) : (time ?? Number.NaN);
  if (!Number.isFinite(t)) return '--';
  let format = formats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(DATELINE_TAGS[locale] ?? 'en-GB', {
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZone: 'UTC',
    });
    formats.set(locale, format);
  }
  return `${format.format(t)} UTC`;
}
