import { describe, expect, it } from 'vitest';
import { escapeLike, matchTier, normaliseQuery, parsePairQuery } from './query.server.ts';
import { queryTerms, snippet } from './contentSearch.server.ts';

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

describe('queryTerms', () => {
  it('splits words, drops quotes, separates exclusions and notices "or"', () => {
    expect(queryTerms('"spot etf" -futures')).toEqual({ include: ['spot', 'etf'], exclude: ['futures'], or: false });
    expect(queryTerms('比特币 ETF ETF')).toEqual({ include: ['比特币', 'etf'], exclude: [], or: false });
    expect(queryTerms('btc or eth')).toMatchObject({ or: true });
    expect(queryTerms('or')).toEqual({ include: ['or'], exclude: [], or: false });
    expect(queryTerms('a b c d e f g h i j').include).toHaveLength(8);
  });
});

describe('snippet', () => {
  const body = `${'Lorem ipsum dolor sit amet. '.repeat(10)}The halving cut the block subsidy in half. ${'More text follows here. '.repeat(10)}`;
  it('centres on the first match with ellipses', () => {
    const s = snippet(body, 'HALVING');
    expect(s.startsWith('…')).toBe(true);
    expect(s.endsWith('…')).toBe(true);
    expect(s).toContain('The halving cut the block subsidy');
    expect(s.length).toBeLessThanOrEqual(162);
  });
  it('starts at the beginning without a match, and keeps short bodies whole', () => {
    expect(snippet(body, 'nothing').startsWith('Lorem ipsum')).toBe(true);
    expect(snippet('Short  body\n\ntext', 'x')).toBe('Short body text');
    expect(snippet('## Heading\n\n- **Bold** item with [a link](https://x.example) and `code`', 'x')).toBe(
      'Heading Bold item with a link and code',
    );
  });
});
