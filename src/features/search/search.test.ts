import { describe, expect, it } from 'vitest';
import {
  escapeLike,
  matchTier,
  normaliseQuery,
  parsePairQuery,
  searchable,
  sectionTotal,
  TOTAL_CAP,
} from './query.server.ts';
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

describe('searchable', () => {
  it.each([
    ['news', 'op', false],
    ['news', 'eth', true],
    ['wiki', 'a b', false],
    ['lives', '比特', true],
    ['lives', '币', false],
    ['question', '코인', true],
    ['coin', 'b', true],
    ['pair', 'op', true],
  ] as const)('%s for %j: %s', (kind, q, expected) => expect(searchable(kind, q)).toBe(expected));
});

describe('sectionTotal', () => {
  it('takes a short first page as every match, without counting', async () => {
    let counted = false;
    const total = await sectionTotal(3, 1, 10, async () => {
      counted = true;
      return 0;
    });
    expect(total).toEqual({ total: 3, capped: false });
    expect(counted).toBe(false);
  });

  it('counts up to one past the cap otherwise, and says when there are more', async () => {
    const limits: number[] = [];
    const count = (n: number) => async (limit: number) => {
      limits.push(limit);
      return Math.min(n, limit);
    };
    expect(await sectionTotal(10, 1, 10, count(42))).toEqual({ total: 42, capped: false });
    expect(await sectionTotal(0, 3, 10, count(5_000))).toEqual({ total: TOTAL_CAP, capped: true });
    expect(await sectionTotal(0, 1, 0, count(TOTAL_CAP))).toEqual({ total: TOTAL_CAP, capped: false });
    expect(limits).toEqual([TOTAL_CAP + 1, TOTAL_CAP + 1, TOTAL_CAP + 1]);
  });
});
