import { describe, expect, it } from 'vitest';
import { changeIn, createMoney, rateChanges } from './money.ts';

describe('a coin’s change in the chosen currency', () => {
  it('is the USD change in USD and the fiat currencies (their rates are fixed for the day)', () => {
    expect(changeIn('USD', -1.93, {})).toBe(-1.93);
    expect(changeIn('EUR', 4.5, { '24h': 9 })).toBe(4.5);
  });

  it('is measured against the coin of a crypto currency: bitcoin in BTC is 0, not its USD change', () => {
    expect(changeIn('BTC', -1.93, { '24h': -1.93 })).toBe(0);
    expect(changeIn('BTC', 5, { '24h': -2 })).toBeCloseTo(7.142857, 5);
    expect(changeIn('ETH', 10, { '7d': 10 }, '7d')).toBe(0);
    expect(changeIn('ETH', 10, { '24h': 10 }, '7d')).toBeNull(); // ether's 7-day change is not known
    expect(changeIn('BTC', null, { '24h': 1 })).toBeNull();
    expect(changeIn('BTC', 3, {})).toBeNull();
    expect(changeIn('BTC', 3, { '24h': -100 })).toBeNull();
  });

  it('money.change uses the currency the formatter ended up with', () => {
    expect(createMoney('en', 'BTC', { BTC: 1 / 90_000 }, { '24h': -1.93 }).change(-1.93)).toBe(0);
    // No BTC rate: the money falls back to USD, and so does the change.
    expect(createMoney('en', 'BTC', {}, { '24h': -1.93 }).change(-1.93)).toBe(-1.93);
  });

  it('rateChanges reads the layout’s attribute, and nothing from a broken one', () => {
    expect(rateChanges({ dataset: { rateChanges: '{"24h":-1.5}' } })).toEqual({ '24h': -1.5 });
    expect(rateChanges({ dataset: { rateChanges: 'nope' } })).toEqual({});
    expect(rateChanges({ dataset: {} })).toEqual({});
  });
});
