import { describe, expect, it } from 'vitest';
import { CONTRACT_TYPES, formatPair, isContractType, parsePair, type ContractType, type ParsedPair } from './pair';

const NAMES: Record<ContractType, string> = {
  PERPETUAL: 'Perpetual',
  UPSWEEKLY: 'Up Weekly',
  DOWNSWEEKLY: 'Down Weekly',
  WEEKLY: 'Weekly',
  BIWEEKLY: 'Bi-Weekly',
  MONTHLY: 'Monthly',
  QUARTERLY: 'Quarterly',
  BIQUARTERLY: 'Bi-Quarterly',
};
const contractName = (t: ContractType) => NAMES[t];

describe('CONTRACT_TYPES', () => {
  it('lists the eight contract types in order', () => {
    expect(CONTRACT_TYPES).toEqual([
      'PERPETUAL',
      'UPSWEEKLY',
      'DOWNSWEEKLY',
      'WEEKLY',
      'BIWEEKLY',
      'MONTHLY',
      'QUARTERLY',
      'BIQUARTERLY',
    ]);
  });
});

describe('isContractType', () => {
  it.each(
    CONTRACT_TYPES.map((t) => [t, true] as [string, boolean]).concat([
      ['perpetual', false],
      ['Perpetual', false],
      ['PERP', false],
      ['PERPETUAL ', false],
      [' WEEKLY', false],
      ['', false],
      ['SWAP', false],
      ['220325', false],
    ]),
  )('%j → %s', (s, expected) => {
    expect(isContractType(s)).toBe(expected);
  });
});

describe('parsePair and formatPair with each contract type', () => {
  it.each(CONTRACT_TYPES.map((t) => [t]))('BTC-%s/USDT', (t) => {
    const pair = `BTC-${t}/USDT`;
    expect(parsePair(pair)).toEqual({ base: 'BTC', contractType: t, quote: 'USDT', suffix: null });
    expect(formatPair(pair, contractName)).toBe(`BTC ${NAMES[t]}/USDT`);
  });
});

describe('parsePair', () => {
  it.each([
    ['BTC/USDT', { base: 'BTC', contractType: null, quote: 'USDT', suffix: null }],
    ['BTC-ABC/USDT', { base: 'BTC-ABC', contractType: null, quote: 'USDT', suffix: 'ABC' }],
    ['1000SHIB/USDT', { base: '1000SHIB', contractType: null, quote: 'USDT', suffix: null }],
    ['BTC-220325/USD', { base: 'BTC-220325', contractType: null, quote: 'USD', suffix: '220325' }],
    ['ETH-2-PERPETUAL/USDT', { base: 'ETH-2', contractType: 'PERPETUAL', quote: 'USDT', suffix: null }],
    ['A-B-C/USDT', { base: 'A-B-C', contractType: null, quote: 'USDT', suffix: 'B-C' }],
    ['BTC-perpetual/USDT', { base: 'BTC-perpetual', contractType: null, quote: 'USDT', suffix: 'perpetual' }],
    ['BTC-PERPETUALX/USDT', { base: 'BTC-PERPETUALX', contractType: null, quote: 'USDT', suffix: 'PERPETUALX' }],
    ['BTC-PERPETUAL-X/USDT', { base: 'BTC-PERPETUAL-X', contractType: null, quote: 'USDT', suffix: 'PERPETUAL-X' }],
    ['LUNA2-WEEKLY/USDT', { base: 'LUNA2', contractType: 'WEEKLY', quote: 'USDT', suffix: null }],
    ['BTC-/USDT', { base: 'BTC-', contractType: null, quote: 'USDT', suffix: '' }],
    ['-PERPETUAL/USDT', { base: '-PERPETUAL', contractType: null, quote: 'USDT', suffix: 'PERPETUAL' }],
    ['BTC-PERPETUAL', { base: 'BTC', contractType: 'PERPETUAL', quote: '', suffix: null }],
    ['BTC', { base: 'BTC', contractType: null, quote: '', suffix: null }],
    ['BTC/', { base: 'BTC', contractType: null, quote: '', suffix: null }],
    ['', { base: '', contractType: null, quote: '', suffix: null }],
    ['BTC-QUARTERLY/USD-T', { base: 'BTC', contractType: 'QUARTERLY', quote: 'USD-T', suffix: null }],
  ] as [string, ParsedPair][])('%j', (pair, expected) => {
    expect(parsePair(pair)).toEqual(expected);
  });
});

describe('formatPair', () => {
  it.each([
    ['BTC-PERPETUAL/USDT', 'BTC Perpetual/USDT'],
    ['ETH-QUARTERLY/USD', 'ETH Quarterly/USD'],
    ['ETH-2-PERPETUAL/USDT', 'ETH-2 Perpetual/USDT'],
    ['BTC-PERPETUAL', 'BTC Perpetual'],
    ['BTC/USDT', 'BTC/USDT'],
    ['BTC-ABC/USDT', 'BTC-ABC/USDT'],
    ['1000SHIB/USDT', '1000SHIB/USDT'],
    ['BTC-220325/USD', 'BTC-220325/USD'],
    ['BTC-perpetual/USDT', 'BTC-perpetual/USDT'],
    ['-PERPETUAL/USDT', '-PERPETUAL/USDT'],
    ['BTC', 'BTC'],
    ['', ''],
  ])('%j → %j', (pair, expected) => {
    expect(formatPair(pair, contractName)).toBe(expected);
  });

  it.each([['BTC/USDT'], ['BTC-ABC/USDT'], ['1000SHIB/USDT']])('does not ask for a contract name for %j', (pair) => {
    const asked: ContractType[] = [];
    formatPair(pair, (t) => {
      asked.push(t);
      return t;
    });
    expect(asked).toEqual([]);
  });
});
