import { describe, expect, it } from 'vitest';
import { favouriteKey, type Favourite } from '../../../../lib/favourites.ts';
import { move, moveTo, ofType, sameOrder, tickerMaps, withTypeOrder } from './order.ts';

const C = (id: string): Favourite => ({ id, type: 'COIN' });
const T = (id: string): Favourite => ({ id, type: 'TICKER' });
const E = (id: string): Favourite => ({ id, type: 'EXCHANGE' });
const keys = (list: readonly Favourite[]) => list.map(favouriteKey).join(' ');

describe('move (the up and down buttons)', () => {
  const list = [C('a'), T('1'), C('b'), E('x'), C('c'), T('2')];

  it('swaps with the neighbour of the same type, skipping the others', () => {
    expect(keys(move(list, 'COIN:b', -1))).toBe('COIN:b TICKER:1 COIN:a EXCHANGE:x COIN:c TICKER:2');
    expect(keys(move(list, 'COIN:b', 1))).toBe('COIN:a TICKER:1 COIN:c EXCHANGE:x COIN:b TICKER:2');
    expect(keys(move(list, 'TICKER:1', 1))).toBe('COIN:a TICKER:2 COIN:b EXCHANGE:x COIN:c TICKER:1');
  });

  it('leaves the list alone at either end of its type or for an unknown key', () => {
    expect(move(list, 'COIN:a', -1)).toBe(list);
    expect(move(list, 'COIN:c', 1)).toBe(list);
    expect(move(list, 'EXCHANGE:x', 1)).toBe(list);
    expect(move(list, 'COIN:zzz', 1)).toBe(list);
  });
});

describe('moveTo (drag and drop)', () => {
  const list = [C('a'), T('1'), C('b'), C('c'), E('x')];

  it('drops after the target when dragged down, before it when dragged up', () => {
    expect(keys(moveTo(list, 'COIN:a', 'COIN:c'))).toBe('COIN:b TICKER:1 COIN:c COIN:a EXCHANGE:x');
    expect(keys(moveTo(list, 'COIN:c', 'COIN:a'))).toBe('COIN:c TICKER:1 COIN:a COIN:b EXCHANGE:x');
    expect(keys(moveTo(list, 'COIN:a', 'COIN:b'))).toBe('COIN:b TICKER:1 COIN:a COIN:c EXCHANGE:x');
  });

  it('refuses a drop on another type, on itself or on an unknown entry', () => {
    expect(moveTo(list, 'COIN:a', 'TICKER:1')).toBe(list);
    expect(moveTo(list, 'COIN:a', 'COIN:a')).toBe(list);
    expect(moveTo(list, 'COIN:a', 'COIN:q')).toBe(list);
  });
});

describe('withTypeOrder', () => {
  const list = [C('a'), T('1'), C('b'), T('2')];

  it('puts one type in the given order in its own places', () => {
    expect(keys(withTypeOrder(list, [T('2'), T('1')]))).toBe('COIN:a TICKER:2 COIN:b TICKER:1');
  });

  it('refuses an order that is not exactly that type’s entries', () => {
    expect(withTypeOrder(list, [T('2')])).toBe(list);
    expect(withTypeOrder(list, [T('2'), T('2')])).toBe(list);
    expect(withTypeOrder(list, [T('2'), C('a')])).toBe(list);
    expect(withTypeOrder(list, [T('1'), T('2')])).toBe(list);
    expect(withTypeOrder(list, [])).toBe(list);
  });

  it('is a permutation: the whole list keeps every entry once', () => {
    const out = withTypeOrder(list, [C('b'), C('a')]);
    expect([...out].map(favouriteKey).sort()).toEqual([...list].map(favouriteKey).sort());
    expect(ofType(out, 'COIN')).toEqual([C('b'), C('a')]);
  });
});

describe('tickerMaps (tickersByIds bodies)', () => {
  it('sends the whole list in one map when no id repeats', () => {
    expect(tickerMaps([C('bitcoin'), T('12'), E('binance')])).toEqual([
      { bitcoin: 'COIN', '12': 'TICKER', binance: 'EXCHANGE' },
    ]);
  });

  it('puts a second entry of the same id in another map', () => {
    expect(tickerMaps([C('kraken'), E('kraken'), T('3')])).toEqual([
      { kraken: 'COIN', '3': 'TICKER' },
      { kraken: 'EXCHANGE' },
    ]);
  });

  it('sends nothing for an empty list', () => {
    expect(tickerMaps([])).toEqual([]);
  });
});

describe('sameOrder', () => {
  it('compares entries and order', () => {
    expect(sameOrder([C('a'), T('1')], [C('a'), T('1')])).toBe(true);
    expect(sameOrder([C('a'), T('1')], [T('1'), C('a')])).toBe(false);
    expect(sameOrder([C('a')], [C('a'), T('1')])).toBe(false);
  });
});
