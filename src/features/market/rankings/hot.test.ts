import { describe, expect, it } from 'vitest';
import { hotScores, hotSignals, percentiles, sortHot, type HotInput } from './hot.server.ts';

const coin = (id: string, over: Partial<HotInput> = {}): HotInput => ({
  id,
  rank: 1,
  marketCap: 1_000_000,
  volume24h: 100_000,
  change24h: 0,
  netflow1d: 0,
  ...over,
});

describe('percentiles', () => {
  it('gives the share of the other values below each value', () => {
    expect(percentiles([10, 30, 20])).toEqual([0, 1, 0.5]);
    expect(percentiles([5, 1, 4, 2, 3])).toEqual([1, 0, 0.75, 0.25, 0.5]);
  });

  it('counts ties half and keeps missing values at 0, out of the others’ comparison', () => {
    expect(percentiles([1, 1, 3])).toEqual([0.25, 0.25, 1]);
    expect(percentiles([null, 2, 8, Number.NaN])).toEqual([0, 0, 1, 0]);
    expect(percentiles([7])).toEqual([1]);
    expect(percentiles([])).toEqual([]);
  });
});

describe('hot signals and scores', () => {
  it('derives turnover, the size of the move and the inflow share in per cent', () => {
    expect(hotSignals(coin('a', { volume24h: 50_000, change24h: -12.5, netflow1d: 20_000 }))).toEqual({
      turnover: 5,
      move: 12.5,
      inflowShare: 2,
    });
    expect(hotSignals(coin('b', { marketCap: 0, change24h: null, netflow1d: 5 }))).toEqual({
      turnover: null,
      move: null,
      inflowShare: null,
    });
  });

  it('averages the three percentiles into 0–100', () => {
    const scores = hotScores([
      coin('calm', { volume24h: 10_000, change24h: 0.1, netflow1d: -5_000 }),
      coin('busy', { volume24h: 900_000, change24h: 3, netflow1d: 1_000 }),
      coin('wild', { volume24h: 300_000, change24h: -40, netflow1d: 90_000 }),
    ]);
    // calm: 0,0,0 · busy: 1, 0.5, 0.5 · wild: 0.5, 1, 1
    expect(scores).toEqual([0, 66.7, 83.3]);
  });

  it('scores a falling coin as hot as a rising one of the same size', () => {
    const [up, down] = hotScores([coin('up', { change24h: 25 }), coin('down', { change24h: -25 }), coin('flat')]);
    expect(up).toBe(down);
  });
});

describe('sortHot', () => {
  const rows = [
    { id: 'b', score: 50, change24h: 5, turnover: null, inflowShare: 1, volume24h: 10 },
    { id: 'a', score: 50, change24h: -9, turnover: 3, inflowShare: -2, volume24h: 10 },
    { id: 'c', score: 50, change24h: 1, turnover: 8, inflowShare: 0.5, volume24h: 99 },
    { id: 'd', score: 90, change24h: null, turnover: 1, inflowShare: null, volume24h: 1 },
  ];
  const ids = (xs: { id: string }[]) => xs.map((x) => x.id);

  it('breaks score ties by volume, then id', () => {
    expect(ids(sortHot(rows, 'score', 'desc'))).toEqual(['d', 'c', 'a', 'b']);
    expect(ids(sortHot(rows, 'score', 'asc'))).toEqual(['c', 'a', 'b', 'd']);
  });

  it('sorts by any signal, missing values last in both directions', () => {
    expect(ids(sortHot(rows, 'turnover', 'desc'))).toEqual(['c', 'a', 'd', 'b']);
    expect(ids(sortHot(rows, 'turnover', 'asc'))).toEqual(['d', 'a', 'c', 'b']);
    expect(ids(sortHot(rows, 'change24h', 'asc'))).toEqual(['a', 'c', 'b', 'd']);
    expect(ids(sortHot(rows, 'inflow', 'desc'))).toEqual(['b', 'c', 'a', 'd']);
  });

  it('does not reorder its input', () => {
    const copy = [...rows];
    sortHot(rows, 'turnover', 'desc');
    expect(rows).toEqual(copy);
  });
});
