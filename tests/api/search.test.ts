import { beforeAll, describe, expect, it } from 'vitest';
import { coins, exchanges, tickers } from '../../src/server/db/schema/index.ts';
import { bestMatch, MAX_QUERY_LENGTH, search, type SearchSection } from '../../src/server/domain/search.ts';
import { apiHarness } from './helpers.ts';

const { get, db } = apiHarness();

interface Results {
  query: string;
  kind: string | null;
  sections: SearchSection[];
}
const section = <K extends SearchSection['kind']>(r: Results, kind: K) => r.sections.find((s) => s.kind === kind) as Extract<SearchSection, { kind: K }>;

// A family of made-up coins whose ranking rules are known: "zqx" is an exact symbol for one,
// a prefix for two (one better ranked), a substring for one, and an exact name for another.
beforeAll(async () => {
  await db().insert(coins).values([
    { id: 'alpha-zqx-coin', symbol: 'AZQXA', name: 'Alpha Zqx Coin', rank: 2001 },
    { id: 'zqx-prefix-low', symbol: 'ZQXL', name: 'Zqx Low', rank: 2005 },
    { id: 'zqx-prefix-high', symbol: 'ZQXH', name: 'Zqx High', rank: 2002 },
    { id: 'zqx-exact', symbol: 'ZQX', name: 'Exact Token', rank: 2010 },
    { id: 'percent-coin', symbol: 'PCT', name: '100% Coin', rank: 2020 },
    { id: 'underscore-coin', symbol: 'UND', name: 'Under_Score', rank: 2021 },
  ]);
  const [ex] = await db().insert(exchanges).values({ name: 'zqx-exchange', displayName: 'ZQX Exchange', type: 'CEX', rank: 999 }).returning({ id: exchanges.id });
  await db().insert(tickers).values([
    { exchangeId: ex!.id, coinId: 'zqx-exact', pair: 'ZQX/USDT', baseSymbol: 'ZQX', quoteSymbol: 'USDT', volume24h: '100' },
    { exchangeId: ex!.id, coinId: 'zqx-exact', pair: 'ZQX/BTC', baseSymbol: 'ZQX', quoteSymbol: 'BTC', volume24h: '900' },
    { exchangeId: ex!.id, coinId: 'zqx-prefix-high', pair: 'ZQXH/USDT', baseSymbol: 'ZQXH', quoteSymbol: 'USDT', volume24h: '5000' },
  ]);
});

describe('search ranking (domain)', () => {
  it('puts the exact symbol first, then prefixes by rank, then substrings', async () => {
    const r = await search(db(), { q: 'zqx', kind: 'coin', size: 10 });
    const ids = section(r, 'coin').list.map((c) => c.id);
    expect(ids).toEqual(['zqx-exact', 'zqx-prefix-high', 'zqx-prefix-low', 'alpha-zqx-coin']);
    expect(section(r, 'coin').list.map((c) => c.tier)).toEqual([0, 1, 1, 2]);
    expect(section(r, 'coin').total).toBe(4);
  });

  it('matches case-insensitively on symbol, name and id', async () => {
    for (const q of ['ZQX', 'Zqx', 'zqx-exact', 'exact token']) {
      const r = await search(db(), { q, kind: 'coin', size: 10 });
      expect(section(r, 'coin').list.map((c) => c.id)).toContain('zqx-exact');
    }
  });

  it('takes % and _ literally (LIKE wildcards are escaped)', async () => {
    expect(section(await search(db(), { q: '%', kind: 'coin', size: 10 }), 'coin').list.map((c) => c.id)).toEqual(['percent-coin']);
    expect(section(await search(db(), { q: '_', kind: 'coin', size: 10 }), 'coin').list.map((c) => c.id)).toEqual(['underscore-coin']);
    expect(section(await search(db(), { q: 'nd_r', kind: 'coin', size: 10 }), 'coin').total).toBe(0);
  });

  it('finds pairs by base, ranking the exact base above a longer base, then by volume', async () => {
    const r = await search(db(), { q: 'zqx', kind: 'pair', size: 10 });
    expect(section(r, 'pair').list.map((p) => p.pair)).toEqual(['ZQX/BTC', 'ZQX/USDT', 'ZQXH/USDT']);
    const slash = await search(db(), { q: 'zqx/usdt', kind: 'pair', size: 10 });
    expect(section(slash, 'pair').list.map((p) => p.pair)).toEqual(['ZQX/USDT', 'ZQXH/USDT']);
  });

  it('pages a section and still counts every kind', async () => {
    const first = await search(db(), { q: 'zqx', kind: 'coin', page: 1, size: 10 });
    const r = await search(db(), { q: 'zqx', kind: 'coin', page: 2, size: 10 });
    expect(section(r, 'coin').list).toEqual([]);
    expect(section(r, 'coin').total).toBe(section(first, 'coin').total);
    expect(section(r, 'exchange').total).toBe(1);
    expect(section(r, 'exchange').list).toEqual([]); // only the asked kind is listed
  });

  it('jumps to exact matches only', async () => {
    expect(await bestMatch(db(), 'BTC')).toEqual({ kind: 'coin', id: 'bitcoin' });
    expect(await bestMatch(db(), 'zqx')).toEqual({ kind: 'coin', id: 'zqx-exact' });
    expect(await bestMatch(db(), 'binance')).toEqual({ kind: 'exchange', name: 'binance' });
    expect(await bestMatch(db(), 'zqx exchange')).toEqual({ kind: 'exchange', name: 'zqx-exchange' });
    expect(await bestMatch(db(), 'bitc')).toBeNull();
    expect(await bestMatch(db(), '')).toBeNull();
  });
});

describe('GET /api/v1/search', () => {
  it('finds Bitcoin first for "btc", with exchanges and pairs grouped and counted', async () => {
    const { status, body } = await get<Results>('/api/v1/search?q=btc');
    expect(status).toBe(200);
    expect(body.code).toBe(0);
    expect(body.data.kind).toBeNull();
    expect(body.data.sections.map((s) => s.kind)).toEqual(['coin', 'exchange', 'pair']);
    const coin = section(body.data, 'coin');
    expect(coin.list[0]).toMatchObject({ id: 'bitcoin', symbol: 'BTC', tier: 0 });
    expect(coin.total).toBeGreaterThanOrEqual(coin.list.length);
    for (const c of coin.list) expect(`${c.symbol} ${c.name} ${c.id}`.toLowerCase()).toContain('btc');
    const pair = section(body.data, 'pair');
    expect(pair.list[0]!.baseSymbol).toBe('BTC');
    const volumes = pair.list.filter((p) => p.tier === 0).map((p) => p.volume24h ?? 0);
    expect(volumes).toEqual([...volumes].sort((a, b) => b - a));
  });

  it('finds exchanges by display name and lists one kind page by page', async () => {
    const { body } = await get<Results>('/api/v1/search?q=Binance&kind=exchange&size=10');
    const ex = section(body.data, 'exchange');
    expect(ex.list[0]!.name).toBe('binance');
    expect(ex.list.every((e) => e.displayName.toLowerCase().includes('binance') || e.name.includes('binance'))).toBe(true);
    const p1 = section((await get<Results>('/api/v1/search?q=eth&kind=pair&size=10&page=1')).body.data, 'pair');
    const p2 = section((await get<Results>('/api/v1/search?q=eth&kind=pair&size=10&page=2')).body.data, 'pair');
    expect(p2.page).toBe(2);
    expect(p1.list.map((p) => p.id)).not.toEqual(expect.arrayContaining(p2.list.map((p) => p.id)));
    expect(p1.total).toBe(p2.total);
  });

  it('answers an unknown string with empty sections', async () => {
    const { status, body } = await get<Results>('/api/v1/search?q=qqqzzzxxx');
    expect(status).toBe(200);
    expect(body.data.sections.every((s) => s.total === 0 && s.list.length === 0)).toBe(true);
  });

  it.each([
    ['missing q', ''],
    ['blank q', 'q=%20%20'],
    ['too long q', `q=${'a'.repeat(MAX_QUERY_LENGTH + 1)}`],
    ['unknown kind', 'q=btc&kind=nft'],
    ['page 0', 'q=btc&page=0'],
    ['size 7', 'q=btc&size=7'],
  ])('rejects %s with a 400 envelope', async (_name, qs) => {
    const { status, body } = await get(`/api/v1/search?${qs}`);
    expect(status).toBe(400);
    expect(body.code).toBe(400);
    expect(body.data).toBeNull();
    expect(body.msg).toMatch(/q|kind|page|size/);
  });

  it('accepts a query of exactly the maximum length', async () => {
    const { status } = await get(`/api/v1/search?q=${'a'.repeat(MAX_QUERY_LENGTH)}`);
    expect(status).toBe(200);
  });
});
