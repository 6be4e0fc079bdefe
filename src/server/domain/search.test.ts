import { describe, expect, it } from 'vitest';
import { escapeLike, matchTier, normaliseQuery, parsePairQuery } from './search.ts';

describe('normaliseQuery', () => {
  it.each([
    ['  btc  ', 'btc'],
    ['btc \t usdt', 'btc usdt'],
    ['a\u0000b', 'a b'],
    ['', ''],
  ])('%j → %j', (raw, expected) => expect(normaliseQuery(raw)).toBe(expected));
});

describe('escapeLike', () => {
  it('escapes the LIKE wildcards and the escape character itself', () => {
    expect(escapeLike('50%_off')).toBe('50\\%\\_off');
    expect(escapeLike('a\\b')).toBe('a\\\\b');
    expect(escapeLike('btc')).toBe('btc');
  });
});

describe('matchTier (exact, prefix, substring)', () => {
  it.each([
    ['BTC', 'btc', 0],
    ['BTCD', 'btc', 1],
    ['WBTC', 'btc', 2],
    ['Ethereum', 'ETH', 1],
    ['Ethereum', 'xrp', null],
    ['Ethereum', '', null],
  ] as const)('%s for %s → %s', (value, term, tier) => expect(matchTier(value, term)).toBe(tier));

  it('orders exact before prefix before substring', () => {
    const names = ['WBTC', 'BTCD', 'BTC', 'XBTCX'];
    const sorted = [...names].sort((a, b) => matchTier(a, 'btc')! - matchTier(b, 'btc')!);
    expect(sorted[0]).toBe('BTC');
    expect(sorted[1]).toBe('BTCD');
  });
});

describe('parsePairQuery', () => {
  it.each([
    ['btc/usdt', { base: 'BTC', quote: 'USDT' }],
    ['BTC / usdt', { base: 'BTC', quote: 'USDT' }],
    ['eth', { base: 'ETH', quote: undefined }],
    ['btc/', { base: 'BTC', quote: undefined }],
    ['btc-perpetual/usdt', { base: 'BTC-PERPETUAL', quote: 'USDT' }],
  ])('%s → %j', (q, expected) => expect(parsePairQuery(q)).toEqual(expected));

  it.each(['/usdt', 'a/b/c', '', '比特币'])('%j is not a pair query', (q) => expect(parsePairQuery(q)).toBeNull());
});
