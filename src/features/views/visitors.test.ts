import { describe, expect, it } from 'vitest';
import { createVisitorLedger } from './visitors.server.ts';

const UA = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0';

describe('createVisitorLedger', () => {
  it('knows a visitor’s first request for an item today from the repeats', () => {
    const ledger = createVisitorLedger({ now: () => Date.parse('2026-11-24T08:00:00Z') });
    expect(ledger.first('192.0.2.1', UA, 'pv:/news/1')).toBe(true);
    expect(ledger.first('192.0.2.1', UA, 'pv:/news/1')).toBe(false);
    expect(ledger.first('192.0.2.2', UA, 'pv:/news/1')).toBe(true);
    expect(ledger.first('192.0.2.1', `${UA} Edg/130`, 'pv:/news/1')).toBe(true);
    expect(ledger.first('192.0.2.1', UA, 'pv:/news/2')).toBe(true);
    // Fields cannot run into each other.
    expect(ledger.first('192.0.2.1', 'ab', 'c')).toBe(true);
    expect(ledger.first('192.0.2.1', 'a', 'bc')).toBe(true);
    expect(ledger.size).toBe(6);
  });

  it('forgets everything at the UTC day boundary (a new secret, no marks)', () => {
    let clock = Date.parse('2026-11-24T23:59:59Z');
    const ledger = createVisitorLedger({ now: () => clock });
    for (let i = 0; i < 10; i++) ledger.first(`192.0.2.${i}`, UA, 'read:article:1');
    expect(ledger.size).toBe(10);
    expect(ledger.first('192.0.2.1', UA, 'read:article:1')).toBe(false);
    clock += 2000;
    expect(ledger.first('192.0.2.1', UA, 'read:article:1')).toBe(true);
    expect(ledger.size).toBe(1);
  });

  it('holds at most maxMarks, forgetting the oldest', () => {
    const ledger = createVisitorLedger({ now: () => 0, maxMarks: 100 });
    for (let i = 0; i < 1000; i++) ledger.first(`10.0.${i >> 8}.${i & 255}`, UA, 'pv:/');
    expect(ledger.size).toBe(100);
    expect(ledger.first('10.0.3.231', UA, 'pv:/')).toBe(false); // the newest is remembered
    expect(ledger.first('10.0.0.0', UA, 'pv:/')).toBe(true); // the oldest was forgotten
  });
});
