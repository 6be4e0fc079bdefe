import { describe, expect, it } from 'vitest';
import { activePreset, atDayRate, parseDay, presetRange, readHistoryRange } from './historyQuery.ts';

describe('historical data range', () => {
  it('reads UTC days as a date input sends them, and nothing else', () => {
    expect(parseDay('2026-03-01')).toBe(Date.UTC(2026, 2, 1));
    expect(parseDay('2024-02-29')).toBe(Date.UTC(2024, 1, 29));
    for (const bad of ['2026-02-30', '2026-13-01', '1969-12-31', '2026-3-1', '01/03/2026', 'yesterday', ''])
      expect(parseDay(bad)).toBeNull();
  });

  it('blank is unbounded; a bad day or a start after the end is a problem, and then nothing is bounded', () => {
    expect(readHistoryRange('', '  ')).toEqual({ from: null, to: null, problem: null });
    expect(readHistoryRange('2026-01-01', null)).toEqual({ from: '2026-01-01', to: null, problem: null });
    expect(readHistoryRange('2026-01-01', '2026-01-01').problem).toBeNull();
    expect(readHistoryRange('2026-02-30', '2026-03-01')).toEqual({ from: null, to: null, problem: 'badFrom' });
    expect(readHistoryRange('2026-01-01', 'soon').problem).toBe('badTo');
    expect(readHistoryRange('2026-05-01', '2026-04-01').problem).toBe('order');
  });

  it('presets count back from today (UTC), today included, and are recognised again', () => {
    const now = Date.UTC(2026, 10, 28, 23, 59);
    expect(presetRange('7D', now)).toEqual({ from: '2026-11-22', to: '2026-11-28' });
    expect(presetRange('30D', now)).toEqual({ from: '2026-10-30', to: '2026-11-28' });
    expect(presetRange('1Y', now)).toEqual({ from: '2025-11-29', to: '2026-11-28' });
    expect(activePreset({ from: '2026-08-31', to: '2026-11-28' }, now)).toBe('90D');
    expect(activePreset({ from: '2026-11-21', to: '2026-11-28' }, now)).toBeNull();
  });

  it('a past day in a crypto currency is at that day’s rate; in a fiat currency the USD figure stands', () => {
    expect(atDayRate(250, undefined, 0.9)).toBe(250);
    // 250 USD on a day bitcoin closed at 50,000 is 0.005 BTC, whatever bitcoin costs today (rate 1/100,000).
    expect(atDayRate(250, 50_000, 1 / 100_000)! / 100_000).toBeCloseTo(0.005, 12);
    expect(atDayRate(250, null, 1 / 100_000)).toBeNull();
    expect(atDayRate(null, 50_000, 1)).toBeNull();
  });
});
