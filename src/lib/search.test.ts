// The quick search's ranking (issue 22): typos still find the coin, and what matches exactly or
// from the start comes before the near matches. On the real coin universe (the icon manifest the
// seeder names its coins from), in a market-cap-like order: the top coins first.
import manifest from 'cryptocurrency-icons/manifest.json' with { type: 'json' };
import { describe, expect, it } from 'vitest';
import { itemSearch, searchItems, type QuickSearchItem } from './search.ts';

const TOP = [
  'BTC',
  'ETH',
  'USDT',
  'XRP',
  'BNB',
  'SOL',
  'USDC',
  'DOGE',
  'TRX',
  'ADA',
  'BCH',
  'LINK',
  'XLM',
  'LTC',
  'DOT',
  'ETC',
];
const slug = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
const LOCAL: Record<string, Record<string, string>> = {
  BTC: { zh: '比特币', ko: '비트코인' },
  BCH: { zh: '比特币现金' },
  ETH: { zh: '以太坊' },
};
const coins: QuickSearchItem[] = (manifest as { symbol: string; name: string }[])
  .filter((m, i, all) => all.findIndex((o) => o.symbol === m.symbol) === i)
  .map((m) => ({
    id: slug(m.name),
    symbol: m.symbol,
    name: m.name,
    keys: [m.name.replace(/\s+/g, ''), ...Object.values(LOCAL[m.symbol] ?? {})],
    ...(LOCAL[m.symbol] ? { names: LOCAL[m.symbol] } : {}),
  }))
  .sort((a, b) => (TOP.indexOf(a.symbol) + 1 || 99) - (TOP.indexOf(b.symbol) + 1 || 99));
const exchanges: QuickSearchItem[] = [
  'Binance',
  'Bybit',
  'OKX',
  'Coinbase Exchange',
  'Upbit',
  'Kraken',
  'Binance.US',
  'BTCTurk',
  'BTC Markets',
  'Balancer',
].map((n) => ({
  id: slug(n),
  symbol: n,
  name: n,
  keys: [n.replace(/[\s.]+/g, '')],
}));

const coinSearch = itemSearch(coins);
const symbols = (q: string, limit = 8) => searchItems(coinSearch, q, limit).map((c) => c.symbol);

describe('quick search ranking', () => {
  it('forgives typos in names', () => {
    expect(symbols('etherum')[0]).toBe('ETH');
    expect(symbols('bitcon')[0]).toBe('BTC');
    expect(symbols('cardana')[0]).toBe('ADA');
    expect(symbols('polkadto')[0]).toBe('DOT');
    expect(symbols('litecon')[0]).toBe('LTC');
    expect(searchItems(itemSearch(exchanges), 'krakn', 5).map((e) => e.name)).toEqual(['Kraken']);
    expect(searchItems(itemSearch(exchanges), 'binnace', 5)[0]?.name).toBe('Binance');
  });

  it('puts an exact match first, then what starts with the query, in rank order', () => {
    const btc = symbols('btc');
    expect(btc[0]).toBe('BTC');
    // Every other hit starts with "btc" (BTCD, BTCP…): no near match pushes in between.
    expect(btc.slice(1).every((s) => s.startsWith('BTC'))).toBe(true);
    expect(btc.length).toBeGreaterThan(2);
    expect(symbols('eth')[0]).toBe('ETH');
    // A symbol typed exactly beats coins that only start with it, whatever their ranks.
    expect(symbols('usd')).toEqual(['USD', 'USDT', 'USDC']);
  });

  it('ranks prefix matches before near matches, and near matches by closeness', () => {
    const bitcoin = symbols('bitcoin', 12);
    expect(bitcoin[0]).toBe('BTC');
    // The coins whose names start with "bitcoin" all come before any that only resemble it.
    const starts = (s: string) =>
      coins
        .find((c) => c.symbol === s)!
        .name.toLowerCase()
        .startsWith('bitcoin');
    const firstNear = bitcoin.findIndex((s) => !starts(s));
    if (firstNear >= 0) expect(bitcoin.slice(firstNear).some(starts)).toBe(false);
    expect(
      searchItems(itemSearch(exchanges), 'binance', 5)
        .map((e) => e.name)
        .slice(0, 2),
    ).toEqual(['Binance', 'Binance.US']);
  });

  it('finds a word inside a name, and local names', () => {
    expect(symbols('cash')[0]).toBe('BCH');
    expect(symbols('比特')).toEqual(['BTC', 'BCH']);
    expect(symbols('비트코인')).toEqual(['BTC']);
  });

  it('keeps short queries exact: no near matches for three letters or fewer', () => {
    expect(symbols('zzq')).toEqual([]);
    expect(symbols('xrp')).toEqual(['XRP']);
  });

  it('finds nothing for nothing, and respects the limit', () => {
    expect(symbols('   ')).toEqual([]);
    expect(symbols('zzzzqqqq')).toEqual([]);
    expect(symbols('b', 3)).toHaveLength(3);
  });
});
