import { describe, expect, it } from 'vitest';
import { readCsv } from './csv.ts';

describe('portfolio CSV', () => {
  it('refuses an oversized cell before any pattern reads it', () => {
    const cell = `${'1'.repeat(40_000)}!`;
    const csv = `Date(UTC),Pair,Side,Price,Executed,Amount,Fee\n2026-01-01 00:00:00,BTCUSDT,BUY,1,${cell},1USDT,0USDT\n`;
    expect(readCsv(csv)).toEqual({ field: 'body', key: 'portfolio.csvUnreadable' });
  });

  it('names a quote currency it has no rate for instead of misreading the pair', () => {
    const csv =
      'Date(UTC),Pair,Side,Price,Executed,Amount,Fee\n2026-01-01 00:00:00,BTCFDUSD,BUY,1,1BTC,1FDUSD,0FDUSD\n';
    const out = readCsv(csv);
    expect('rows' in out && out.rows[0]).toMatchObject({ line: 2, error: { key: 'portfolio.currencyRule' } });
  });
});
