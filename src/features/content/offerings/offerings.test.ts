import { describe, expect, it } from 'vitest';
import { formatRoi, isPhaseOf, offeringStatusAt, PHASES, PREHEAT_DAYS, roiMultiple } from './offerings.server.ts';
import { median, platformRoiStats, type PlatformRoiInput } from './platforms.server.ts';

const DAY = 86_400_000;
const now = new Date('2026-06-15T12:00:00Z');
const at = (days: number) => new Date(now.getTime() + days * DAY);

describe('offeringStatusAt', () => {
  it.each([
    [40, 42, 'coming_soon'],
    [PREHEAT_DAYS + 0.01, PREHEAT_DAYS + 2, 'coming_soon'],
    [PREHEAT_DAYS, PREHEAT_DAYS + 2, 'preheating'],
    [0.5, 3, 'preheating'],
    [-1, 2, 'fundraising'],
    [0, 2, 'fundraising'],
    [-5, -1, 'fundraising_ended'],
    [-5, 0, 'fundraising_ended'],
  ] as const)('IEO starting in %s days, ending in %s: %s', (start, end, status) => {
    expect(offeringStatusAt({ kind: 'IEO', startAt: at(start), endAt: at(end), listed: false }, now)).toBe(status);
  });

  it.each([
    [3, 30, false, 'upcoming'],
    [-3, 30, false, 'ongoing'],
    [-30, -3, false, 'finished'],
    [-30, -3, true, 'traded'],
  ] as const)('ICO starting in %s days, ending in %s, listed %s: %s', (start, end, listed, status) => {
    expect(offeringStatusAt({ kind: 'ICO', startAt: at(start), endAt: at(end), listed }, now)).toBe(status);
  });

  it('treats a missing start as not yet scheduled and a missing end as still open', () => {
    expect(offeringStatusAt({ kind: 'IEO', startAt: null, endAt: null, listed: false }, now)).toBe('coming_soon');
    expect(offeringStatusAt({ kind: 'ICO', startAt: null, endAt: null, listed: true }, now)).toBe('upcoming');
    expect(offeringStatusAt({ kind: 'IEO', startAt: at(-1), endAt: null, listed: false }, now)).toBe('fundraising');
    expect(offeringStatusAt({ kind: 'ICO', startAt: at(-1), endAt: null, listed: true }, now)).toBe('ongoing');
  });

  it('only ever returns a phase of the kind', () => {
    for (const kind of ['ICO', 'IEO'] as const)
      for (const start of [-50, -1, 1, 50])
        for (const listed of [true, false]) {
          const s = offeringStatusAt({ kind, startAt: at(start), endAt: at(start + 2), listed }, now);
          expect(isPhaseOf(kind, s)).toBe(true);
          expect((PHASES[kind === 'ICO' ? 'IEO' : 'ICO'] as readonly string[]).includes(s)).toBe(false);
        }
  });
});

describe('formatRoi', () => {
  it('shows a multiple with two decimals and an x', () => {
    expect(formatRoi(12.3449)).toBe('12.34x');
    expect(formatRoi(0.0071)).toBe('0.01x');
    expect(formatRoi(1)).toBe('1.00x');
    expect(formatRoi(15234.5)).toBe('15,234.50x');
  });
  it('shows -- without a value', () => {
    expect(formatRoi(null)).toBe('--');
    expect(formatRoi(undefined)).toBe('--');
    expect(formatRoi(Number.NaN)).toBe('--');
  });
  it('agrees with the rankings rule', () => {
    expect(formatRoi(roiMultiple(24.68, 2))).toBe('12.34x');
    expect(roiMultiple(1, 0)).toBeNull();
  });
});

describe('median', () => {
  it('takes the middle value, or the mean of the two middle ones', () => {
    expect(median([])).toBeNull();
    expect(median([5])).toBe(5);
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });
  it('does not reorder its input', () => {
    const xs = [3, 1, 2];
    median(xs);
    expect(xs).toEqual([3, 1, 2]);
  });
});

const row = (
  platform: string | null,
  slug: string,
  roi: number | null,
  goal: number | null = 1_000_000,
): PlatformRoiInput => ({
  platform,
  exchange: platform === 'Alpha Launchpad' ? { name: 'alpha', displayName: 'Alpha' } : null,
  slug,
  name: slug.toUpperCase(),
  symbol: slug.slice(0, 3).toUpperCase(),
  roi,
  goal,
});

describe('platformRoiStats', () => {
  const rows = [
    row('Alpha Launchpad', 'a1', 10),
    row('Alpha Launchpad', 'a2', 0.5),
    row('Alpha Launchpad', 'a3', 2),
    row('Alpha Launchpad', 'a4', null, 3_000_000),
    row('Beta Startup', 'b1', 0.2),
    row('Beta Startup', 'b2', 0.8),
    row('Gamma Dock', 'g1', null),
    row(null, 'none', 99),
    row('  ', 'blank', 99),
  ];

  it('aggregates count, average, median, best, worst and the share above 1x per platform', () => {
    const [alpha, beta, gamma] = platformRoiStats(rows);
    expect(alpha).toEqual({
      platform: 'Alpha Launchpad',
      exchange: { name: 'alpha', displayName: 'Alpha' },
      offerings: 4,
      withRoi: 3,
      average: 12.5 / 3,
      median: 2,
      best: { slug: 'a1', name: 'A1', symbol: 'A1', roi: 10 },
      worst: { slug: 'a2', name: 'A2', symbol: 'A2', roi: 0.5 },
      aboveOne: 2,
      aboveOneShare: (2 / 3) * 100,
      totalGoal: 6_000_000,
    });
    expect(beta!.median).toBeCloseTo(0.5, 10);
    expect(beta!.aboveOne).toBe(0);
    expect(beta!.aboveOneShare).toBe(0);
    expect(gamma).toMatchObject({
      platform: 'Gamma Dock',
      offerings: 1,
      withRoi: 0,
      average: null,
      median: null,
      best: null,
      worst: null,
      aboveOneShare: null,
    });
  });

  it('leaves out offerings without a platform', () => {
    expect(platformRoiStats(rows).map((p) => p.platform)).toEqual(['Alpha Launchpad', 'Beta Startup', 'Gamma Dock']);
  });

  it('does not count a ROI of exactly 1x as above', () => {
    const [p] = platformRoiStats([row('P', 'p1', 1), row('P', 'p2', 1.01)]);
    expect(p!.aboveOne).toBe(1);
    expect(p!.aboveOneShare).toBe(50);
  });

  it('sorts by the chosen figure, missing values last in both directions', () => {
    expect(platformRoiStats(rows, 'median', 'desc').map((p) => p.platform)).toEqual([
      'Alpha Launchpad',
      'Beta Startup',
      'Gamma Dock',
    ]);
    expect(platformRoiStats(rows, 'median', 'asc').map((p) => p.platform)).toEqual([
      'Beta Startup',
      'Alpha Launchpad',
      'Gamma Dock',
    ]);
    expect(platformRoiStats(rows, 'best', 'asc').map((p) => p.platform)).toEqual([
      'Beta Startup',
      'Alpha Launchpad',
      'Gamma Dock',
    ]);
    expect(platformRoiStats(rows, 'above', 'desc')[0]!.platform).toBe('Alpha Launchpad');
  });

  it('breaks ties by the number of trading offerings, then by name', () => {
    const tied = [
      row('Zeta', 'z1', 2),
      row('Eta', 'e1', 2),
      row('Eta', 'e2', null),
      row('Theta', 't1', 2),
      row('Theta', 't2', 2),
    ];
    expect(platformRoiStats(tied, 'median').map((p) => p.platform)).toEqual(['Theta', 'Eta', 'Zeta']);
  });

  it('picks the earlier slug when two offerings share the best ROI', () => {
    const [p] = platformRoiStats([row('P', 'p2', 3), row('P', 'p1', 3)]);
    expect(p!.best!.slug).toBe('p1');
    expect(p!.worst!.slug).toBe('p1');
  });

  it('gives nothing for no rows', () => {
    expect(platformRoiStats([])).toEqual([]);
  });
});
