import { describe, expect, it } from 'vitest';
import { formatDateline } from './dateline';

describe('formatDateline', () => {
  it('writes the year and the time zone, in each language', () => {
    const at = '2026-11-27T13:38:00Z';
    expect(formatDateline(at, 'en')).toBe('27 Nov 2026, 13:38 UTC');
    expect(formatDateline(at, 'zh')).toBe('2026年11月27日 13:38 UTC');
    expect(formatDateline(at, 'zh-hk')).toBe('2026年11月27日 13:38 UTC');
    expect(formatDateline(at, 'ko')).toBe('2026년 11월 27일 13:38 UTC');
  });

  it('is in UTC whatever the server’s zone, past midnight included', () => {
    expect(formatDateline(Date.UTC(2025, 0, 1, 0, 5), 'en')).toBe('1 Jan 2025, 00:05 UTC');
    expect(formatDateline(new Date(Date.UTC(2024, 11, 31, 23, 59)), 'zh')).toBe('2024年12月31日 23:59 UTC');
  });

  it('answers -- for a missing or unreadable time', () => {
    expect(formatDateline(null, 'en')).toBe('--');
    expect(formatDateline('not a date', 'ko')).toBe('--');
  });
});
