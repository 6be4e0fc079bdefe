import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { QUICK_SEARCH_EXCHANGES } from '../../lib/search.ts';
import { DAY_MS, signature } from '../../lib/signature.ts';
import { apiHarness } from '../../../tests/api/helpers.ts';

const { get, db } = apiHarness();

describe('envelope, signature and errors', () => {
  it('answers a signed request with code 0', async () => {
    const { status, body } = await get('/api/new/v1/getBaseTotalInfo');
    expect(status).toBe(200);
    expect(body.code).toBe(0);
    expect(body.msg).toBe('success');
  });

  it.each([
    ['missing', ''],
    ['garbage', 'not-a-signature'],
    ['two days old', 'OLD'],
  ])('rejects a %s signature with 400 and a non-zero code', async (_name, t) => {
    const value = t === 'OLD' ? await signature(Date.now() - 2 * DAY_MS, 'coinlens') : t;
    const { status, body } = await get(`/api/new/v1/getBaseTotalInfo${value ? `?t=${value}` : ''}`, { signed: false });
    expect(status).toBe(400);
    expect(body.code).not.toBe(0);
    expect(body.msg).toMatch(/signature/i);
  });

  it('accepts yesterday and tomorrow (clock skew)', async () => {
    for (const offset of [-DAY_MS, DAY_MS]) {
      const t = await signature(Date.now() + offset, 'coinlens');
      expect((await get(`/api/new/v1/getBaseTotalInfo?t=${t}`, { signed: false })).status).toBe(200);
    }
  });

  it('answers errors in the requested language (lan, then cookie, then x-locale)', async () => {
    const zh = await get('/api/new/v1/getBaseTotalInfo?t=bad&lan=zh', { signed: false });
    const en = await get('/api/new/v1/getBaseTotalInfo?t=bad&lan=en', { signed: false });
    const ko = await get('/api/new/v1/getBaseTotalInfo?t=bad', { signed: false, headers: { 'x-locale': 'ko' } });
    expect(zh.body.msg).not.toBe(en.body.msg);
    expect(ko.body.msg).not.toBe(en.body.msg);
    expect(/[\u4e00-\u9fff]/.test(zh.body.msg)).toBe(true);
    expect(/[\uac00-\ud7af]/.test(ko.body.msg)).toBe(true);
  });

  it('gives 404 in the envelope for an unknown API path', async () => {
    const { status, body } = await get('/api/v1/nothing-here');
    expect(status).toBe(404);
    expect(body.code).toBe(404);
  });
});

describe('GET /api/new/v1/getBaseTotalInfo', () => {
  it('sums the coin table and counts coins, exchanges and pairs', async () => {
    const { body } = await get<Record<string, number | string>>('/api/new/v1/getBaseTotalInfo');
    const [row] = await db()
      .execute(
        sql`select sum(market_cap)::float8 as cap, (select count(*) from exchanges)::int as ex, (select count(*) from tickers)::int as tk from coins`,
      )
      .then((r) => (r as unknown as { rows: { cap: number; ex: number; tk: number }[] }).rows);
    expect(body.data.totalMarketCap).toBeCloseTo(Number(row!.cap), -3);
    expect(body.data.exchangeCount).toBe(Number(row!.ex));
    expect(body.data.pairCount).toBe(Number(row!.tk));
    expect(body.data.coinCount).toBeGreaterThanOrEqual(500);
    expect(body.data.btcDominance).toBeGreaterThan(0);
    expect(body.data.btcDominance).toBeLessThan(100);
    expect(body.data.source).toBe('demo');
  });
});

describe('GET /api/v1/coins', () => {
  it('pages by rank with the default size 10', async () => {
    const { body } = await get<{ list: { rank: number }[]; total: number; size: number }>('/api/v1/coins');
    expect(body.data.size).toBe(10);
    expect(body.data.list.map((c) => c.rank)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(body.data.total).toBeGreaterThanOrEqual(500);
  });

  it('second page continues where the first ends', async () => {
    const { body } = await get<{ list: { rank: number }[] }>('/api/v1/coins?page=2&size=20');
    expect(body.data.list[0]!.rank).toBe(21);
  });

  it('sorts by 24h change descending', async () => {
    const { body } = await get<{ list: { change24h: number }[] }>('/api/v1/coins?sort=change24h&order=desc&size=50');
    const values = body.data.list.map((c) => c.change24h);
    expect(values).toEqual([...values].sort((a, b) => b - a));
  });

  it('filters the top 200 by volume', async () => {
    const { body } = await get<{ total: number }>('/api/v1/coins?filter=top_volume');
    expect(body.data.total).toBe(200);
  });

  it.each([
    ['page=0', 'page'],
    ['page=abc', 'page'],
    ['size=15', 'size'],
    ['size=1000', 'size'],
    ['sort=bogus', 'sort'],
    ['order=sideways', 'order'],
    ['filter=top_everything', 'filter'],
  ])('rejects %s with 400 naming the field', async (query, field) => {
    const { status, body } = await get(`/api/v1/coins?${query}`);
    expect(status).toBe(400);
    expect(body.code).toBe(400);
    expect(body.msg).toContain(field);
  });

  it('returns a coin with its links and derived figures', async () => {
    const { body } = await get<Record<string, unknown>>('/api/v1/coins/bitcoin');
    expect(body.code).toBe(0);
    expect(body.data.symbol).toBe('BTC');
    expect(body.data.rank).toBe(1);
    expect((body.data.links as unknown[]).length).toBeGreaterThan(0);
    expect(body.data.dominance).toBeGreaterThan(0);
    expect(body.data.exchangeCount).toBeGreaterThan(10);
  });

  it('answers an unknown coin with 404', async () => {
    const { status, body } = await get('/api/v1/coins/no-such-coin');
    expect(status).toBe(404);
    expect(body.code).toBe(404);
  });

  it('answers a malformed id with 400, not 500', async () => {
    const { status } = await get(`/api/v1/coins/${encodeURIComponent('<script>')}`);
    expect(status).toBe(400);
  });
});

describe('GET /api/v1/exchanges and tickers', () => {
  it('lists exchanges with expected volume never above the reported volume', async () => {
    const { body } = await get<{
      list: { reportedVolume24h: number; expectedVolume24h: number | null }[];
      total: number;
    }>('/api/v1/exchanges?size=100');
    expect(body.data.total).toBe(120);
    for (const e of body.data.list) {
      if (e.expectedVolume24h !== null) expect(e.expectedVolume24h).toBeLessThanOrEqual(e.reportedVolume24h + 1e-6);
    }
  });

  it('filters by type', async () => {
    const { body } = await get<{ list: { type: string }[] }>('/api/v1/exchanges?type=DEX&size=50');
    expect(body.data.list.length).toBeGreaterThan(0);
    expect(body.data.list.every((e) => e.type === 'DEX')).toBe(true);
  });

  it('returns an exchange with features and volume per visit', async () => {
    const { body: list } = await get<{ list: { name: string }[] }>('/api/v1/exchanges?size=10');
    const name = list.data.list[0]!.name;
    const { body } = await get<Record<string, unknown>>(`/api/v1/exchanges/${name}`);
    expect(body.data.name).toBe(name);
    expect(body.data.features).toBeTypeOf('object');
    expect(body.data.volumePerVisit).toBeGreaterThan(0);
    expect((await get('/api/v1/exchanges/nope-exchange')).status).toBe(404);
  });

  it('lists a coin’s tickers by volume, with spread rate', async () => {
    const { body } = await get<{ list: { coinId: string; volume24h: number; spread: number | null }[] }>(
      '/api/v1/tickers?coin=bitcoin&size=20',
    );
    expect(body.data.list.every((t) => t.coinId === 'bitcoin')).toBe(true);
    const volumes = body.data.list.map((t) => t.volume24h);
    expect(volumes).toEqual([...volumes].sort((a, b) => b - a));
    expect(body.data.list.some((t) => t.spread !== null && t.spread > 0)).toBe(true);
  });

  it('lists futures with contract types', async () => {
    const { body } = await get<{ list: { market: string; contractType: string | null; pair: string }[] }>(
      '/api/v1/tickers?market=futures&size=50',
    );
    expect(body.data.list.length).toBe(50);
    for (const t of body.data.list) {
      expect(t.market).toBe('futures');
      expect(t.pair).toContain(`-${t.contractType}/`);
    }
  });
});

describe('quick search and data centre', () => {
  it('lists coins and exchanges as {symbol, id, name, keys}', async () => {
    const coins =
      await get<{ symbol: string; id: string; name: string; keys: string[] }[]>('/api/v1/quick_search/coin');
    expect(coins.body.data.length).toBeGreaterThanOrEqual(500);
    expect(coins.body.data[0]).toMatchObject({ symbol: 'BTC', id: 'bitcoin' });
    expect(Array.isArray(coins.body.data[0]!.keys)).toBe(true);
    const exchanges = await get<unknown[]>('/api/v1/quick_search/exchange');
    // The top exchanges only (the rest are found on the server as the reader types): 100 of the 120.
    expect(exchanges.body.data.length).toBe(QUICK_SEARCH_EXCHANGES);
    expect(coins.headers.get('cache-control')).toContain('max-age=300');
  });

  it('lists the block explorers the coins link to, with the coins, for the quick search', async () => {
    const { body, headers } = await get<{ explorer: string; coins: { id: string; symbol: string }[] }[]>(
      '/api/v1/quick_search/explorer',
    );
    const byId = new Map(body.data.map((e) => [e.explorer, e.coins.map((c) => c.id)]));
    expect(byId.get('etherscan')).toContain('ethereum');
    expect(byId.get('mempool')).toEqual(['bitcoin']);
    expect(byId.get('tronscan')).toEqual(['tron']);
    expect(byId.get('solscan')).toEqual(['solana']);
    expect(byId.get('bscscan')).toEqual(['bnb']);
    // Placeholder (.example) explorer links are not explorers anyone can be sent to.
    expect([...byId.keys()].every((id) => !id.includes('example'))).toBe(true);
    expect(headers.get('cache-control')).toContain('max-age=300');
  });

  it('returns rates for the ten symbols with USD = 1, no signature needed', async () => {
    const { status, body } = await get<{ base: string; rates: Record<string, number>; timestamp: number }>(
      '/api/v1/data/exrate?base=USD&symbols=CNY,USD,USDT,BTC,ETH,JPY,KRW,HKD,TWD,EUR',
      { signed: false },
    );
    expect(status).toBe(200);
    expect(body.data.base).toBe('USD');
    expect(body.data.rates.USD).toBe(1);
    expect(Object.keys(body.data.rates).sort()).toEqual([
      'BTC',
      'CNY',
      'ETH',
      'EUR',
      'HKD',
      'JPY',
      'KRW',
      'TWD',
      'USD',
      'USDT',
    ]);
    expect(body.data.rates.BTC).toBeLessThan(0.001);
    expect(body.data.timestamp).toBeGreaterThan(0);
  });

  it('takes the BTC and ETH rates from the current coin prices (SPEC §9: always refreshed)', async () => {
    await db().execute(
      sql`update coins set price = case id when 'bitcoin' then 50000 when 'ethereum' then 2500 end where id in ('bitcoin', 'ethereum')`,
    );
    const { body } = await get<{ rates: Record<string, number> }>('/api/v1/data/exrate?base=USD&symbols=BTC,ETH,CNY', {
      signed: false,
    });
    expect(body.data.rates.BTC).toBeCloseTo(1 / 50000, 12);
    expect(body.data.rates.ETH).toBeCloseTo(1 / 2500, 12);
    expect(body.data.rates.CNY).toBeGreaterThan(1);
  });

  it.each([
    ['base=EUR', 'base'],
    ['symbols=USD,DOGE', 'DOGE'],
  ])('rejects exrate %s', async (query, word) => {
    const { status, body } = await get(`/api/v1/data/exrate?${query}`, { signed: false });
    expect(status).toBe(400);
    expect(body.msg).toContain(word);
  });

  it('returns the weighted volume per visit', async () => {
    const { body } = await get<{ volumePerVisit: number }>('/api/v1/data/volumePerVisit', { signed: false });
    expect(body.data.volumePerVisit).toBeGreaterThan(0);
  });
});
