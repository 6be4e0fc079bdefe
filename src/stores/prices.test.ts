import { afterEach, describe, expect, it } from 'vitest';
import { $prices, applyMessage } from './prices.ts';

describe('applyMessage', () => {
  afterEach(() => $prices.set({}));

  it('reads { ticks }, bare arrays and single ticks', () => {
    applyMessage({ ticks: [{ id: 'bitcoin', price: 100, change24h: 1.5, at: 1000 }] });
    applyMessage([{ coinId: 'ethereum', price: '20.5', change24h: null, at: 1000 }]);
    applyMessage({ id: 'solana', price: 3, at: '1970-01-01T00:00:02Z' });
    expect($prices.get()).toEqual({
      bitcoin: { price: 100, change24h: 1.5, at: 1000 },
      ethereum: { price: 20.5, change24h: null, at: 1000 },
      solana: { price: 3, change24h: null, at: 2000 },
    });
  });

  it('ignores invalid prices and ticks older than the stored one', () => {
    applyMessage({ ticks: [{ id: 'bitcoin', price: 100, at: 2000 }] });
    applyMessage({
      ticks: [
        { id: 'bitcoin', price: 90, at: 1000 },
        { id: 'bitcoin', price: 0, at: 3000 },
        { price: 5, at: 3000 },
      ],
    });
    expect($prices.get()).toEqual({ bitcoin: { price: 100, change24h: null, at: 2000 } });
    applyMessage({ ticks: [{ id: 'bitcoin', price: 101, at: 2500 }] });
    expect($prices.get().bitcoin?.price).toBe(101);
  });
});
