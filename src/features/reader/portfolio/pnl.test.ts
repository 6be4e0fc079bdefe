import { describe, expect, it } from 'vitest';
import { Oversold, plain, positions, quantitiesAt, totals, valued, type PnlTx } from './pnl.ts';

const tx = (p: Partial<PnlTx> & Pick<PnlTx, 'kind' | 'quantity'>): PnlTx => ({
  coin: 'bitcoin',
  at: '2026-01-01T00:00:00Z',
  price: null,
  fee: '0',
  currency: 'USD',
  usdRate: '1',
  ...p,
});
const s = (v: Parameters<typeof plain>[0]) => plain(v, 12);

describe('portfolio arithmetic (worked examples)', () => {
  it('a partial sell realises against the average cost, fees included', () => {
    const p = positions([
      tx({ kind: 'BUY', quantity: '2', price: '10000', fee: '20' }),
      tx({ kind: 'SELL', quantity: '0.5', price: '12000', fee: '10', at: '2026-02-01T00:00:00Z' }),
    ]).get('bitcoin')!;
    // cost 2 × 10,000 + 20 = 20,020; a quarter leaves at 5,005; proceeds 6,000 − 10.
    expect([s(p.quantity), s(p.cost), s(p.realised), s(p.fees)]).toEqual(['1.5', '15015', '985', '30']);
    const v = valued(p, { price: '11000', change24h: '10' });
    expect([s(v.value), s(v.unrealised), s(v.averageCost)]).toEqual(['16500', '1485', '10010']);
    expect(s(v.valueDayAgo)).toBe('15000');
  });

  it('prices in other currencies count through their rate of the day', () => {
    const p = positions([
      tx({ coin: 'ethereum', kind: 'BUY', quantity: '1', price: '2700', currency: 'EUR', usdRate: '0.9' }),
      tx({ coin: 'ethereum', kind: 'BUY', quantity: '1', price: '3000', at: '2026-01-02T00:00:00Z' }),
      tx({
        coin: 'ethereum',
        kind: 'SELL',
        quantity: '1',
        price: '4950000',
        fee: '1500',
        currency: 'KRW',
        usdRate: '1500',
        at: '2026-01-03T00:00:00Z',
      }),
    ]).get('ethereum')!;
    // 2,700 € at 0.9 € per dollar = $3,000; the sell is $3,300 less a $1 fee against $3,000.
    expect([s(p.quantity), s(p.cost), s(p.realised)]).toEqual(['1', '3000', '299']);
  });

  it('transfers move coins at the average cost and their fee is a realised loss', () => {
    const p = positions([
      tx({ kind: 'BUY', quantity: '1', price: '100' }),
      tx({ kind: 'TRANSFER_IN', quantity: '1', at: '2026-01-02T00:00:00Z' }),
      tx({ kind: 'TRANSFER_OUT', quantity: '0.5', fee: '1', at: '2026-01-03T00:00:00Z' }),
      tx({ kind: 'TRANSFER_IN', quantity: '2', price: '40', at: '2026-01-04T00:00:00Z' }),
    ]).get('bitcoin')!;
    // 1 at 100, 1 more at the average (100): 200 for 2; half a coin out at 50; 2 in at 40 each.
    expect([s(p.quantity), s(p.cost), s(p.realised)]).toEqual(['3.5', '230', '-1']);
    const free = positions([tx({ coin: 'dogecoin', kind: 'TRANSFER_IN', quantity: '10' })]).get('dogecoin')!;
    expect([s(free.cost), valued(free, undefined).averageCost?.toFixed()]).toEqual(['0', '0']);
  });

  it('stays exact where doubles drift, and selling everything leaves no residue', () => {
    const txs = [0, 1, 2].map((d) =>
      tx({ kind: 'BUY', quantity: '1', price: '0.1', at: `2026-01-0${d + 1}T00:00:00Z` }),
    );
    const p = positions(txs).get('bitcoin')!;
    expect(p.cost.toFixed()).toBe('0.3');
    const thirds = positions([
      ...txs,
      tx({ kind: 'SELL', quantity: '1', price: '0.2', at: '2026-02-01T00:00:00Z' }),
      tx({ kind: 'SELL', quantity: '2', price: '0.2', at: '2026-02-02T00:00:00Z' }),
    ]).get('bitcoin')!;
    expect([thirds.quantity.toFixed(), thirds.cost.toFixed(), s(thirds.realised)]).toEqual(['0', '0', '0.3']);
  });

  it('applies in time order and refuses a sell of more than was held then, naming it', () => {
    const txs = [
      tx({ kind: 'BUY', quantity: '1', price: '1', at: '2026-01-02T00:00:00Z' }),
      tx({ kind: 'SELL', quantity: '1', price: '1', at: '2026-01-01T00:00:00Z' }),
    ];
    expect(() => positions(txs)).toThrow(Oversold);
    try {
      positions(txs);
    } catch (e) {
      expect([(e as Oversold).index, (e as Oversold).held]).toEqual([1, '0']);
    }
    // Same time: the order given.
    expect(positions([tx({ kind: 'BUY', quantity: '1' }), tx({ kind: 'SELL', quantity: '1', price: '2' })]).size).toBe(
      1,
    );
  });

  it('totals: value, cost, both profits and the 24h change of what is held', () => {
    const ps = positions([
      tx({ kind: 'BUY', quantity: '1', price: '100' }),
      tx({ coin: 'ethereum', kind: 'BUY', quantity: '2', price: '50' }),
      tx({ coin: 'gone', kind: 'BUY', quantity: '5', price: '2' }),
    ]);
    const rows = [
      valued(ps.get('bitcoin')!, { price: 110, change24h: 10 }),
      valued(ps.get('ethereum')!, { price: '45', change24h: '-10' }),
      valued(ps.get('gone')!, undefined),
    ];
    const t = totals(rows);
    expect([s(t.value), s(t.cost), s(t.unrealised), s(t.realised)]).toEqual(['210', '210', '0', '0']);
    // now 110 + 90 = 200; a day ago 100 + 100 = 200.
    expect(s(t.change24h)).toBe('0');
  });

  it('quantities over time for the value chart', () => {
    const q = quantitiesAt(
      [
        tx({ kind: 'BUY', quantity: '2', at: '2026-01-02T00:00:00Z' }),
        tx({ kind: 'SELL', quantity: '0.5', price: '1', at: '2026-01-03T12:00:00Z' }),
      ],
      [Date.parse('2026-01-01T00:00:00Z'), Date.parse('2026-01-02T00:00:00Z'), Date.parse('2026-01-04T00:00:00Z')],
    );
    expect(q.get('bitcoin')!.map((b) => b.toFixed())).toEqual(['0', '2', '1.5']);
  });
});
