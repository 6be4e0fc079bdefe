import { describe, expect, it } from 'vitest';
import { highlight } from './highlight.ts';

const marked = (text: string, q: string) =>
  highlight(text, q)
    .map((p) => (p.match ? `[${p.text}]` : p.text))
    .join('');

describe('highlight', () => {
  it.each([
    ['Bitcoin', 'bit', '[Bit]coin'],
    ['Bitcoin', 'BIT', '[Bit]coin'],
    ['BitcoinDark', 'coin', 'Bit[coin]Dark'],
    ['BTC/USDT', 'btc/usdt', '[BTC]/[USDT]'],
    ['BTC Perpetual/USDT', 'btc usdt', '[BTC] Perpetual/[USDT]'],
    ['aaaa', 'aa', '[aaaa]'], // overlapping occurrences merge
    ['Ethereum', 'xyz', 'Ethereum'],
    ['Ethereum', '', 'Ethereum'],
    ['50% off', '%', '50[%] off'], // no pattern syntax
  ])('%s / %s → %s', (text, q, expected) => {
    expect(marked(text, q)).toBe(expected);
  });

  it('keeps the text whole and returns nothing for empty text', () => {
    expect(highlight('', 'a')).toEqual([]);
    expect(
      highlight('Cardano', 'ar')
        .map((p) => p.text)
        .join(''),
    ).toBe('Cardano');
  });
});
