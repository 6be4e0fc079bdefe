import { describe, expect, it } from 'vitest';
import { coinMatcher, type MatchableCoin } from './coins.ts';

const COINS: MatchableCoin[] = [
  { id: 'bitcoin', symbol: 'BTC', name: 'Bitcoin', rank: 1 },
  { id: 'ethereum', symbol: 'ETH', name: 'Ethereum', rank: 2 },
  { id: 'tether', symbol: 'USDT', name: 'Tether', rank: 3 },
  { id: 'solana', symbol: 'SOL', name: 'Solana', rank: 5 },
  { id: 'bitcoin-cash', symbol: 'BCH', name: 'Bitcoin Cash', rank: 15 },
  { id: 'dogecoin', symbol: 'DOGE', name: 'Dogecoin', rank: 8 },
  { id: 'optimism', symbol: 'OP', name: 'Optimism', rank: 40 },
  { id: 'harmony', symbol: 'ONE', name: 'Harmony', rank: 200 },
  { id: 'gas', symbol: 'GAS', name: 'Gas', rank: 300 },
  { id: 'holo', symbol: 'HOT', name: 'Holo', rank: 150 },
  { id: 'ren', symbol: 'REN', name: 'Ren', rank: 250 },
  { id: 'storm', symbol: 'STORM', name: 'Storm', rank: 400 },
  { id: 'ethereum-classic', symbol: 'ETC', name: 'Ethereum Classic', rank: 30 },
  { id: 'dash', symbol: 'DASH', name: 'Dash', rank: 100 },
  { id: 'dash-2', symbol: 'DASH', name: 'Dash', rank: 900 },
];
const m = coinMatcher(COINS);

describe('coinMatcher', () => {
  it('finds names case-insensitively and capitalised symbols as whole words', () => {
    expect(m.detect(['Bitcoin tops $98,000; ETH follows while solana is flat'])).toEqual([
      'bitcoin',
      'ethereum',
      'solana',
    ]);
  });

  it('does not match symbols inside words or written in lower case', () => {
    expect(m.detect(['Ethan bought a BTCX shirt and said eth is fine'])).toEqual([]);
  });

  it('matches cashtags of any length, including everyday words and short symbols', () => {
    expect(m.detect(['Watch $OP and $one and $HOT today'])).toEqual(['optimism', 'holo', 'harmony']);
  });

  it('ignores everyday words that are also symbols or names', () => {
    expect(
      m.detect(['ONE analyst said GAS fees are HOT; a STORM is coming; one to watch, gas is high, ren and Dash']),
    ).toEqual([]);
    expect(m.detect(['Time to pay attention: the storm passed.'])).toEqual([]);
  });

  it('prefers the longer name and the better-ranked coin of a shared symbol', () => {
    expect(m.detect(['Bitcoin Cash miners moved'])).toEqual(['bitcoin-cash']);
    expect(m.detect(['Ethereum Classic and Ethereum'])).toEqual(['ethereum', 'ethereum-classic']);
    expect(m.detect(['DASH rallies'])).toEqual(['dash']);
  });

  it('knows common Chinese names', () => {
    expect(m.detect(['比特币突破 98000 美元，以太坊同步上涨'])).toEqual(['bitcoin', 'ethereum']);
    expect(m.detect(['比特币现金减半'])).toEqual(['bitcoin-cash']);
    expect(m.detect(['狗狗币鲸鱼增持 1.2 亿枚 DOGE'])).toEqual(['dogecoin']);
  });

  it('orders by rank and honours the limit', () => {
    expect(m.detect(['SOL ETH BTC USDT'], 2)).toEqual(['bitcoin', 'ethereum']);
  });
});
