import { describe, expect, it } from 'vitest';
import { isInputError, parseTx } from './input.ts';
import { priceField } from './quickAdd.ts';

describe('priceField', () => {
  it('offers a plain decimal the transaction form accepts', () => {
    for (const [price, text] of [
      [64123.456789, '64123.46'],
      [150_000_000.5, '150000000.5'],
      [1234.5678912, '1234.5679'],
      [1, '1'],
      [0.000123456789, '0.00012345679'],
    ] as const) {
      expect(priceField(price)).toBe(text);
      const tx = parseTx({
        coin: 'bitcoin',
        kind: 'BUY',
        at: '2026-01-01T00:00:00Z',
        quantity: '1',
        price: text,
        currency: 'USD',
      });
      expect(isInputError(tx)).toBe(false);
    }
  });

  it('offers nothing rather than an exponent or a price that is not one', () => {
    for (const price of [null, undefined, 0, -1, Number.NaN, Number.POSITIVE_INFINITY, 1e-9, 1e22]) {
      expect(priceField(price)).toBe('');
    }
  });
});
