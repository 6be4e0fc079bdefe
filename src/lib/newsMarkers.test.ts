import { describe, expect, it } from 'vitest';
import { groupIntoBars, type NewsMarker } from './newsMarkers.ts';

const item = (id: number, time: number): NewsMarker => ({
  time,
  id,
  kind: id % 2 ? 'flash' : 'announcement',
  title: `t${id}`,
  locale: 'en',
  url: `/lives/${id}`,
});

describe('groupIntoBars', () => {
  const bars = [0, 60, 120, 180];

  it('puts each item into the bar open at its time, oldest first', () => {
    const groups = groupIntoBars([item(3, 125), item(1, 60), item(2, 119), item(4, 61)], bars, 60);
    expect(groups.map((g) => [g.bar, g.items.map((i) => i.id)])).toEqual([
      [60, [1, 4, 2]],
      [120, [3]],
    ]);
  });

  it('leaves out items before the first bar and after the last bar ends', () => {
    const groups = groupIntoBars([item(1, -1), item(2, 0), item(3, 239), item(4, 240)], bars, 60);
    expect(groups.map((g) => [g.bar, g.items.map((i) => i.id)])).toEqual([
      [0, [2]],
      [180, [3]],
    ]);
  });

  it('handles uneven bars and no bars', () => {
    expect(groupIntoBars([item(1, 500)], [0, 100, 1000], 100).map((g) => g.bar)).toEqual([100]);
    expect(groupIntoBars([item(1, 5)], [], 60)).toEqual([]);
  });

  it('orders items of the same moment by id', () => {
    expect(groupIntoBars([item(9, 70), item(2, 70)], bars, 60)[0]!.items.map((i) => i.id)).toEqual([2, 9]);
  });
});
