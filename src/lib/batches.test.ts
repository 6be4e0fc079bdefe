import { describe, expect, it } from 'vitest';
import { inBatches } from './batches.ts';

describe('inBatches', () => {
  it('cuts a list into batches of at most the size, in order', () => {
    expect(inBatches([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(inBatches(['a', 'b'], 10)).toEqual([['a', 'b']]);
    expect(inBatches([], 3)).toEqual([]);
  });

  it('refuses a size that would never end or makes no sense', () => {
    expect(() => inBatches([1], 0)).toThrow(RangeError);
    expect(() => inBatches([1], 1.5)).toThrow(RangeError);
  });
});
