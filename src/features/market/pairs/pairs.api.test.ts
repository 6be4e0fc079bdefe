import { describe, expect, it } from 'vitest';
import type { Page } from '../../../server/db/numbers.ts';
import type { TickerRow } from './pairs.server.ts';
import { apiHarness } from '../../../../tests/api/helpers.ts';

const { get } = apiHarness();
const tickers = (query: string) => get<Page<TickerRow>>(`/api/v1/tickers?${query}`);

describe('GET /api/v1/tickers filters of /pairs and /futures', () => {
  it('keeps only futures of the requested contract type', async () => {
    const all = (await tickers('market=futures&size=100')).body.data;
    const quarterly = (await tickers('market=futures&contractType=QUARTERLY&size=100')).body.data;
    expect(quarterly.total).toBeGreaterThan(0);
    expect(quarterly.total).toBeLessThan(all.total);
    for (const k of quarterly.list) {
      expect(k.contractType).toBe('QUARTERLY');
      expect(k.pair).toMatch(/-QUARTERLY\//);
    }
  });

  it('keeps only spot pairs quoted in the requested currency, case-insensitively', async () => {
    const { body } = await tickers('market=spot&quote=btc&size=50');
    expect(body.data.total).toBeGreaterThan(0);
    for (const k of body.data.list) {
      expect(k.market).toBe('spot');
      expect(k.quoteSymbol).toBe('BTC');
    }
  });

  it('sorts by volume, largest first, by default', async () => {
    const vols = (await tickers('market=spot&size=20')).body.data.list.map((k) => k.volume24h ?? 0);
    expect(vols).toEqual([...vols].sort((a, b) => b - a));
  });

  it.each([
    ['an unknown contract type', 'contractType=DAILY'],
    ['a quote that is not a symbol', 'quote=US%24'],
  ])('rejects %s with a 400 envelope', async (_name, query) => {
    const { status, body } = await tickers(query);
    expect(status).toBe(400);
    expect(body.code).toBe(400);
  });
});
