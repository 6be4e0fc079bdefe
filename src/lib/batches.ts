/**
 * A list cut into consecutive batches of at most `size` items, in order.
 * @example inBatches([1, 2, 3, 4, 5], 2) // [[1, 2], [3, 4], [5]]
 */
export function inBatches<T>(items: readonly T[], size: number): T[][] {
  if (!Number.isInteger(size) || size < 1)
    throw new RangeError(`batch size must be a whole number of at least 1 (got ${size})`);
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
