import { describe, expect, it } from 'vitest';
import { readPage, shortHash, withQuery } from './links.ts';

describe('coin tab links', () => {
  it('reads page and size leniently', () => {
    expect(readPage(new URLSearchParams('page=3&size=20'))).toEqual({ page: 3, size: 20 });
    expect(readPage(new URLSearchParams('page=x&size=7'))).toEqual({ page: 1, size: 10 });
    expect(readPage(new URLSearchParams('page=0'))).toEqual({ page: 1, size: 10 });
  });
  it('changes parameters and drops defaults', () => {
    const q = new URLSearchParams('page=3&sort=spread&size=20');
    expect(withQuery('/coin/bitcoin/market', q, { page: 1 })).toBe('/coin/bitcoin/market?sort=spread&size=20');
    expect(withQuery('/p', q, { page: 1, size: 10, sort: undefined })).toBe('/p');
    expect(withQuery('/p', new URLSearchParams(), { range: '3M' })).toBe('/p?range=3M');
  });
  it('shortens long hashes only', () => {
    expect(shortHash('0x1234567890abcdef1234')).toBe('0x1234…1234');
    expect(shortHash('short')).toBe('short');
  });
});
