import { describe, expect, it } from 'vitest';
import { listingSearch, readListing } from './listing.ts';

const read = (qs: string) => readListing(new URLSearchParams(qs));

describe('article list query', () => {
  it('reads page, size and coin', () => {
    expect(read('page=3&size=20&coin=Bitcoin')).toEqual({ page: 3, size: 20, coin: 'bitcoin' });
  });

  it('falls back to page 1 and the default size for values that are not valid', () => {
    expect(read('page=abc&size=7')).toEqual({ page: 1, size: 10, coin: undefined });
    expect(read('page=0&size=1000&coin=')).toEqual({ page: 1, size: 10, coin: undefined });
  });

  it('writes only what differs from the defaults', () => {
    expect(listingSearch({ page: 1, size: 10, coin: undefined })).toBe('');
    expect(listingSearch({ page: 2, size: 10, coin: 'bitcoin' })).toBe('?coin=bitcoin&page=2');
    expect(listingSearch({ page: 1, size: 50, coin: undefined })).toBe('?size=50');
  });

  it('round-trips', () => {
    const q = { page: 4, size: 30, coin: 'ethereum' };
    expect(readListing(new URLSearchParams(listingSearch(q).slice(1)))).toEqual(q);
  });
});
