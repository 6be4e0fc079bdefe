import { describe, expect, it } from 'vitest';
import { leadersOf, sectorStats, sortSectors, weightedChange, type MemberInput } from './sectors.server.ts';

const m = (
  id: string,
  marketCap: number | null,
  change24h: number | null,
  volume24h: number | null = 0,
): MemberInput => ({ id, marketCap, change24h, volume24h });

describe('weightedChange', () => {
  it('weights each change by market cap', () => {
    expect(weightedChange([m('a', 300, 10), m('b', 100, -10)])).toBe(5);
    expect(weightedChange([m('a', 1_000_000, 1), m('tiny', 1, 300)])).toBeCloseTo(1.000299, 6);
  });

  it('differs from the plain mean', () => {
    const members = [m('big', 900, -2), m('small', 100, 20)];
    expect(weightedChange(members)).toBeCloseTo(0.2, 10);
    expect((-2 + 20) / 2).not.toBeCloseTo(weightedChange(members)!, 3);
  });

  it('leaves out members without a positive cap or without a change', () => {
    expect(weightedChange([m('a', 100, 4), m('b', null, 50), m('c', 0, 50), m('d', 100, null), m('e', -5, 10)])).toBe(
      4,
    );
  });

  it('is null when nothing can be weighted', () => {
    expect(weightedChange([])).toBeNull();
    expect(weightedChange([m('a', null, 3), m('b', 10, null)])).toBeNull();
  });
});

describe('sectorStats', () => {
  it('sums caps and volumes, counts risers and fallers', () => {
    const stats = sectorStats([m('a', 300, 10, 50), m('b', 100, -10, 25), m('c', null, 0, null), m('d', 50, null, 5)]);
    expect(stats).toEqual({ coins: 4, marketCap: 450, volume24h: 80, change24h: 5, rising: 1, falling: 1 });
  });

  it('describes an empty sector', () => {
    expect(sectorStats([])).toEqual({ coins: 0, marketCap: 0, volume24h: 0, change24h: null, rising: 0, falling: 0 });
  });
});

describe('leadersOf', () => {
  it('takes the largest members by market cap, missing caps last, ties by id', () => {
    const members = [m('c', 10, 0), m('a', null, 0), m('b', 30, 0), m('e', 30, 0), m('d', 20, 0)];
    expect(leadersOf(members).map((x) => x.id)).toEqual(['b', 'e', 'd']);
    expect(leadersOf(members, 10).map((x) => x.id)).toEqual(['b', 'e', 'd', 'c', 'a']);
  });
});

describe('sortSectors', () => {
  const rows = [
    { name: 'Beta', ...sectorStats([m('x', 100, 2, 10)]) },
    { name: 'alpha', ...sectorStats([m('y', 300, -1, 5), m('z', 1, 1, 1)]) },
    { name: 'Gamma', ...sectorStats([m('w', null, null, 50)]) },
  ];

  it('defaults to market cap, largest first', () => {
    expect(sortSectors(rows).map((r) => r.name)).toEqual(['alpha', 'Beta', 'Gamma']);
  });

  it('sorts by change either way with missing changes last', () => {
    expect(sortSectors(rows, 'change24h', 'desc').map((r) => r.name)).toEqual(['Beta', 'alpha', 'Gamma']);
    expect(sortSectors(rows, 'change24h', 'asc').map((r) => r.name)).toEqual(['alpha', 'Beta', 'Gamma']);
  });

  it('sorts names A–Z by default, case-insensitively, and counts/volumes descending', () => {
    expect(sortSectors(rows, 'name').map((r) => r.name)).toEqual(['alpha', 'Beta', 'Gamma']);
    expect(sortSectors(rows, 'name', 'desc').map((r) => r.name)).toEqual(['Gamma', 'Beta', 'alpha']);
    expect(sortSectors(rows, 'coins').map((r) => r.name)).toEqual(['alpha', 'Beta', 'Gamma']);
    expect(sortSectors(rows, 'volume24h').map((r) => r.name)).toEqual(['Gamma', 'Beta', 'alpha']);
  });
});
