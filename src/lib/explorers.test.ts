import { describe, expect, it } from 'vitest';
import { recogniseChainQuery } from './chainQuery.ts';
import {
  describeChainQuery,
  explorerOffer,
  explorerOfUrl,
  KNOWN_EXPLORERS,
  type ExplorerCatalog,
} from './explorers.ts';

const coin = (id: string, symbol: string) => ({ id, symbol, name: id });

describe('explorerOfUrl', () => {
  it('knows an explorer by host and path prefix', () => {
    expect(explorerOfUrl('https://etherscan.io')?.id).toBe('etherscan');
    expect(explorerOfUrl('https://www.etherscan.io/token/0xdac17f958d2ee523a2206206994597c13d831ec7')?.id).toBe(
      'etherscan',
    );
    expect(explorerOfUrl('https://optimistic.etherscan.io/')?.id).toBe('optimism-etherscan');
    expect(explorerOfUrl('https://blockchair.com/bitcoin')?.id).toBe('blockchair-bitcoin');
    expect(explorerOfUrl('https://blockchair.com/dogecoin/address/x')?.id).toBe('blockchair-dogecoin');
  });
  it('refuses unknown hosts, other chains on a shared host, look-alikes and bad URLs', () => {
    expect(explorerOfUrl('https://explorer.bitcoin.example')).toBeNull();
    expect(explorerOfUrl('https://blockchair.com/bitcoin-cash')).toBeNull();
    expect(explorerOfUrl('https://etherscan.io.evil.example/')).toBeNull();
    expect(explorerOfUrl('javascript:alert(1)//etherscan.io')).toBeNull();
    expect(explorerOfUrl('not a url')).toBeNull();
  });
  it('has unique ids and https prefixes without a scheme', () => {
    expect(new Set(KNOWN_EXPLORERS.map((e) => e.id)).size).toBe(KNOWN_EXPLORERS.length);
    for (const e of KNOWN_EXPLORERS) expect(e.prefix).not.toMatch(/^https?:|\/$/);
  });
});

describe('explorerOffer', () => {
  const catalog: ExplorerCatalog = [
    { explorer: 'mempool', coins: [coin('bitcoin', 'BTC')] },
    { explorer: 'blockchair-bitcoin', coins: [coin('bitcoin', 'BTC')] },
    { explorer: 'bscscan', coins: [coin('bnb', 'BNB')] },
    { explorer: 'etherscan', coins: [coin('ethereum', 'ETH'), coin('tether', 'USDT')] },
    { explorer: 'tronscan', coins: [coin('tron', 'TRX')] },
    { explorer: 'solscan', coins: [coin('solana', 'SOL')] },
    { explorer: 'solana-explorer', coins: [coin('solana', 'SOL')] },
    { explorer: 'no-such-explorer', coins: [coin('x', 'X')] },
  ];

  it('builds address and transaction URLs on the matching networks only, Ethereum first', () => {
    const eth = explorerOffer(recogniseChainQuery('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed')!, catalog);
    expect(eth.map((l) => l.href)).toEqual([
      'https://etherscan.io/address/0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
      'https://bscscan.com/address/0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    ]);
    expect(eth[0]!.coins.map((c) => c.symbol)).toEqual(['ETH', 'USDT']);
    const tx = '0x5c504ed432cb51138bcf09aa5e8a410dd4a1e204ef84bfed1be16dfba1b22060';
    expect(explorerOffer(recogniseChainQuery(tx)!, catalog)[0]!.href).toBe(`https://etherscan.io/tx/${tx}`);
  });
  it('builds each family the way its explorer expects', () => {
    const hrefs = (q: string) => explorerOffer(recogniseChainQuery(q)!, catalog).map((l) => l.href);
    expect(hrefs('1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa')).toEqual([
      'https://mempool.space/address/1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa',
      'https://blockchair.com/bitcoin/address/1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa',
    ]);
    const genesis = '4a5e1e4baab89f3a32518a88c31bc87f618f76673e2cc77ab2127b7afdeda33b';
    expect(hrefs(genesis)).toEqual([
      `https://mempool.space/tx/${genesis}`,
      `https://blockchair.com/bitcoin/transaction/${genesis}`,
      `https://tronscan.org/#/transaction/${genesis}`,
    ]);
    expect(hrefs('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')).toEqual([
      'https://tronscan.org/#/address/TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
    ]);
    expect(hrefs('11111111111111111111111111111111')).toEqual([
      'https://solscan.io/account/11111111111111111111111111111111',
      'https://explorer.solana.com/address/11111111111111111111111111111111',
    ]);
    const sig = '5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW';
    expect(hrefs(sig)).toEqual([`https://solscan.io/tx/${sig}`, `https://explorer.solana.com/tx/${sig}`]);
  });
  it('offers nothing when no coin links to an explorer of the network', () => {
    expect(explorerOffer(recogniseChainQuery('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4')!, [])).toEqual([]);
    expect(
      explorerOffer(recogniseChainQuery('11111111111111111111111111111111')!, [
        { explorer: 'etherscan', coins: [coin('ethereum', 'ETH')] },
      ]),
    ).toEqual([]);
  });
});

describe('describeChainQuery', () => {
  const t = (key: string, vars?: Record<string, string>) => (vars ? `${key}(${vars.networks})` : key);
  it('names the networks', () => {
    expect(describeChainQuery(recogniseChainQuery('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed')!, t)).toBe(
      'explorer.evm.address',
    );
    expect(describeChainQuery(recogniseChainQuery('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')!, t)).toBe(
      'explorer.address(explorer.network.tron)',
    );
  });
});
