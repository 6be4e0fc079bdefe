import { eq } from 'drizzle-orm';
import { coinNames, coins } from '../../../server/db/schema/index.ts';
import { describe, expect, it } from 'vitest';
import { COIN_NAMES } from '../../../server/seed/data/coin-names.ts';
import { TOP_COINS } from '../../../server/seed/data/coins-top.ts';
import { apiHarness } from '../../../../tests/api/helpers.ts';

const { get, call, db } = apiHarness();

interface CoinHit {
  id: string;
  name: string;
}
interface Results {
  sections: { kind: string; total: number; list: CoinHit[] }[];
}
const coinIds = (r: Results) => r.sections.find((s) => s.kind === 'coin')!.list.map((c) => c.id);

describe('localised coin names (seed)', () => {
  it('stores the names of the top coins in zh, zh-hk and ko, matched to their ids', async () => {
    const rows = await db()
      .select({ coin_id: coinNames.coinId, locale: coinNames.locale, name: coinNames.name, symbol: coins.symbol })
      .from(coinNames)
      .innerJoin(coins, eq(coins.id, coinNames.coinId));
    const of = (id: string, locale: string) => rows.find((r) => r.coin_id === id && r.locale === locale)?.name;
    expect(of('bitcoin', 'zh')).toBe('比特币');
    expect(of('bitcoin', 'zh-hk')).toBe('比特幣');
    expect(of('bitcoin', 'ko')).toBe('비트코인');
    expect(of('ethereum', 'zh')).toBe('以太坊');
    expect(of('dogecoin', 'zh')).toBe('狗狗币');
    expect(
      rows.every((r) => ['zh', 'zh-hk', 'ko'].includes(r.locale) && r.name.trim() === r.name && r.name.length > 0),
    ).toBe(true);
    // Every name of the table reached a coin of that symbol: none lost to a renamed id.
    const expected = Object.values(COIN_NAMES).reduce((n, set) => n + Object.keys(set).length, 0);
    expect(rows.length).toBe(expected);
    for (const r of rows) expect(COIN_NAMES[r.symbol]?.[r.locale as 'zh']).toBe(r.name);
    // The whole top list has a Korean name; the Chinese ones cover the coins known by one.
    expect(new Set(rows.filter((r) => r.locale === 'ko').map((r) => r.symbol)).size).toBe(TOP_COINS.length);
    expect(rows.filter((r) => r.locale === 'zh').length).toBeGreaterThanOrEqual(20);
  });
});

describe('searching coins by any language’s name', () => {
  it('finds bitcoin by its English name on a zh request, and by 比特币 / 비트코인 on an en one', async () => {
    const zh = await get<Results>('/api/v1/search?q=bitcoin&kind=coin&lan=zh');
    expect(zh.status).toBe(200);
    expect(coinIds(zh.body.data)[0]).toBe('bitcoin');
    for (const q of ['比特币', '比特幣', '비트코인', '比特']) {
      const en = await get<Results>(`/api/v1/search?q=${encodeURIComponent(q)}&kind=coin&lan=en`);
      expect(coinIds(en.body.data), q).toContain('bitcoin');
    }
    // 比特币 is an exact name of bitcoin and part of bitcoin-cash's 比特币现金: exact first.
    const both = await get<Results>(`/api/v1/search?q=${encodeURIComponent('比特币')}&kind=coin&lan=zh`);
    expect(coinIds(both.body.data).slice(0, 2)).toEqual(['bitcoin', 'bitcoin-cash']);
  });

  it('gives the quick-search list the names by language, and keys only for what no field says', async () => {
    const res =
      await get<{ id: string; name: string; keys: string[]; names?: Record<string, string> }[]>(
        '/api/v1/quick_search/coin',
      );
    const btc = res.body.data.find((c) => c.id === 'bitcoin')!;
    expect(btc.name).toBe('Bitcoin');
    expect(btc.names).toEqual({ zh: '比特币', 'zh-hk': '比特幣', ko: '비트코인' });
    // The box searches the name and the names themselves; keys would only repeat them (bytes at 20,000 coins).
    for (const name of ['Bitcoin', '比特币', '比特幣', '비트코인']) expect(btc.keys).not.toContain(name);
    const usdc = res.body.data.find((c) => c.id === 'usd-coin');
    expect(usdc?.names?.zh).toBeUndefined();
  });
});

describe('localName in API rows', () => {
  it('adds the name in the request’s language to /v1/coins and tickersByIds, null in English', async () => {
    const zh = await get<{ list: { id: string; name: string; localName: string | null }[] }>(
      '/api/v1/coins?size=10&lan=zh',
    );
    expect(zh.body.data.list.find((c) => c.id === 'bitcoin')).toMatchObject({ name: 'Bitcoin', localName: '比特币' });
    const en = await get<{ list: { id: string; localName: string | null }[] }>('/api/v1/coins?size=10&lan=en');
    expect(en.body.data.list.find((c) => c.id === 'bitcoin')!.localName).toBeNull();
    const rows = await call<{ id: string; row: { localName: string | null } }[]>(
      'POST',
      '/api/new/v1/favorite/tickers/tickersByIds?lan=ko',
      { json: { tickers: { bitcoin: 'COIN' } } },
    );
    expect(rows.status).toBe(200);
    expect(rows.body.data[0]!.row.localName).toBe('비트코인');
  });
});
