import { describe, expect, it } from 'vitest';
import { chooseSize, LIST_SIZES, listAt, rememberedSize } from './pageSizes.ts';
import { isPageSize } from './pagination.ts';

describe('list page sizes', () => {
  it('gives the coin list 100 rows, as CoinGecko does, and every list a size its pager offers', () => {
    expect(LIST_SIZES.coins).toBe(100);
    for (const size of Object.values(LIST_SIZES)) expect(isPageSize(size)).toBe(true);
  });

  it('knows each list by its pages', () => {
    expect(listAt('/coin/list_1')).toBe('coins');
    expect(listAt('/coin/list_58')).toBe('coins');
    expect(listAt('/coin/bitcoin/market')).toBe('coin-markets');
    expect(listAt('/exchange/list_2')).toBe('exchanges');
    expect(listAt('/exchange/binance')).toBe('exchange-pairs');
    expect(listAt('/pairs')).toBe('pairs');
    expect(listAt('/futures')).toBe('pairs');
    expect(listAt('/rank')).toBe('rank');
    expect(listAt('/hot')).toBe('hot');
    expect(listAt('/ieo')).toBe('offerings');
    expect(listAt('/ieo/ieo-roi')).toBe('offering-roi');
    expect(listAt('/news')).toBe('news');
    expect(listAt('/research')).toBe('news');
    for (const path of ['/announcement', '/notice', '/announcements', '/announcements/binance', '/notices/okx'])
      expect(listAt(path), path).toBe('announcements');
    for (const path of [
      '/',
      '/coin/bitcoin',
      '/coin/bitcoin/news',
      '/exchange/establishAccount',
      '/exchange/binance/comment',
      '/news/12',
      '/ieo/foo',
      '/lives',
      '/coin/list_x',
    ])
      expect(listAt(path), path).toBeUndefined();
  });

  it('reads the size remembered for a list, never an invalid one or the default', () => {
    expect(rememberedSize('coins:20|news:50', 'coins')).toBe(20);
    expect(rememberedSize('coins:20|news:50', 'news')).toBe(50);
    expect(rememberedSize('coins:20|news:50', 'rank')).toBeUndefined();
    expect(rememberedSize('coins:100', 'coins')).toBeUndefined();
    expect(rememberedSize('coins:7|coins:20', 'coins')).toBeUndefined();
    expect(rememberedSize('coins:abc', 'coins')).toBeUndefined();
    expect(rememberedSize(undefined, 'coins')).toBeUndefined();
  });

  it('writes a choice over the same list’s, keeping the others', () => {
    expect(chooseSize(undefined, 'coins', 20)).toBe('coins:20');
    expect(chooseSize('coins:20|news:50', 'news', 10)).toBe('news:10|coins:20');
    expect(chooseSize('garbage|coins:20', 'coins', 50)).toBe('coins:50');
    expect(rememberedSize(chooseSize('coins:20', 'news', 50), 'coins')).toBe(20);
  });
});
