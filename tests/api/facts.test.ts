import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coinAbout } from '../../src/features/market/coin/about.server.ts';
import { globalTotals } from '../../src/features/market/coins/totals.server.ts';
import { FactsRefresh, matchCoins, matchExchanges } from '../../src/server/ingest/facts.ts';
import { CoinGecko, type CoinFacts } from '../../src/server/ingest/sources/coingecko.ts';
import { fixture, startFakeUpstream, type FakeUpstream } from '../setup/fakeUpstream.ts';
import { apiHarness } from './helpers.ts';

const { get, db } = apiHarness();
const NOW = Date.UTC(2026, 10, 24, 12);

let up: FakeUpstream;
beforeAll(async () => {
  up = await startFakeUpstream({
    '/coins/markets': { body: fixture('coingecko', 'markets') },
    '/exchanges': { body: fixture('coingecko', 'exchanges') },
    '/global': { body: fixture('coingecko', 'global') },
    '/coins/bitcoin': { body: fixture('coingecko', 'coin-bitcoin') },
  });
});
afterAll(() => up.close());

const refresh = (o: { detailsPerRefresh?: number; log?: (line: string) => void } = {}) =>
  new FactsRefresh({
    db: db(),
    gecko: new CoinGecko({ baseUrl: up.url, apiKey: 'k', retries: 0, sleep: async () => {} }),
    intervalMs: 3_600_000,
    now: () => NOW,
    ...o,
  });

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db().execute(query)) as unknown as { rows: T[] }).rows;
}

const facts = (id: string, symbol: string): CoinFacts => ({
  id,
  symbol,
  name: id,
  image: null,
  rank: null,
  priceUsd: null,
  marketCapUsd: null,
  volumeUsd: null,
  circulatingSupply: 1,
  totalSupply: null,
  maxSupply: null,
  ath: null,
  athAt: null,
  atl: null,
  atlAt: null,
  change24h: null,
  updatedAt: null,
});

describe('matching CoinGecko to our coins and exchanges', () => {
  it('matches by id, else by a symbol both sides hold once', () => {
    const ours = [
      { id: 'bitcoin', symbol: 'BTC' },
      { id: 'xrp', symbol: 'XRP' },
      { id: 'usdx-a', symbol: 'USDX' },
      { id: 'usdx-b', symbol: 'USDX' },
      { id: 'lone', symbol: 'LONE' },
    ];
    const m = matchCoins(
      [
        facts('bitcoin', 'BTC'),
        facts('ripple', 'XRP'),
        facts('usdx', 'USDX'),
        facts('lone-1', 'LONE'),
        facts('lone-2', 'LONE'),
      ],
      ours,
    );
    expect(Object.fromEntries([...m].map(([k, f]) => [k, f.id]))).toEqual({ bitcoin: 'bitcoin', xrp: 'ripple' });
  });

  it('maps exchange slugs whose CoinGecko id differs, and exchanges named like ours', () => {
    const ex = fixture<{ id: string; name: string }[]>('coingecko', 'exchanges').map(
      (e) => ({ id: e.id, name: e.name, trustScore: 10 }) as never,
    );
    expect(
      matchExchanges(ex, ['binance', 'okx', 'bybit', 'coinbase-exchange', 'nowhere']).map(([name, f]) => [
        name,
        (f as { id: string }).id,
      ]),
    ).toEqual([
      ['binance', 'binance'],
      ['okx', 'okex'],
      ['coinbase-exchange', 'gdax'],
    ]);
  });
});

describe('the CoinGecko facts refresh', () => {
  it('writes supplies, the market cap from our price, trust scores, and credits CoinGecko', async () => {
    const [before] = await rows<{ price: string; circ: string }>(
      sql`select price::text, circulating_supply::text as circ from coins where id = 'bitcoin'`,
    );
    const [quokka] = await rows<{ n: number }>(
      sql`select count(*)::int as n from coins where facts_source is not null`,
    );
    expect(quokka!.n).toBe(0);
    expect(await refresh({ detailsPerRefresh: 0 }).refresh()).toEqual({
      coins: 6,
      exchanges: expect.any(Number),
      global: true,
      details: 0,
    });
    const [btc] = await rows<{ circ: string; cap: string; price: string; src: string; at: Date }>(
      sql`select circulating_supply::text as circ, market_cap::text as cap, price::text, facts_source as src, facts_updated_at as at from coins where id = 'bitcoin'`,
    );
    expect(btc).toMatchObject({ circ: '19809121', price: before!.price, src: 'coingecko' });
    // The all-time high and low are CoinGecko's: a history of our own reaches back a year at most.
    const [extremes] = await rows<{ ath: string; ath_at: Date | string; atl: string }>(
      sql`select ath::text, ath_at, atl::text from coins where id = 'bitcoin'`,
    );
    expect([extremes!.ath, new Date(extremes!.ath_at).toISOString(), extremes!.atl]).toEqual([
      '108135',
      '2024-12-17T15:02:41.429Z',
      '67.81',
    ]);
    // On a coin the sources price, a higher high our history just saw stays (CoinGecko's lags).
    await rows(
      sql`update coins set sources = '{okx}', ath = 200000, ath_at = '2026-11-24T11:00:00Z' where id = 'bitcoin'`,
    );
    await refresh({ detailsPerRefresh: 0 }).refresh();
    const [kept] = await rows<{ ath: string; atl: string }>(
      sql`select ath::text, atl::text from coins where id = 'bitcoin'`,
    );
    expect(kept).toEqual({ ath: '200000', atl: '67.81' });
    await rows(sql`update coins set sources = '{}' where id = 'bitcoin'`);
    expect(Number(btc!.cap)).toBeCloseTo(Number(before!.price) * 19809121, 0);
    expect(new Date(btc!.at).getTime()).toBe(NOW);
    expect(before!.circ).not.toBe('19809121');
    // XRP is "ripple" at CoinGecko: matched by its symbol.
    const [xrp] = await rows<{ circ: string }>(
      sql`select circulating_supply::text as circ from coins where symbol = 'XRP' and facts_source = 'coingecko'`,
    );
    expect(xrp!.circ).toBe('57512012301');
    const ex = await rows<{ name: string; trust: number; src: string }>(
      sql`select name, trust_score as trust, facts_source as src from exchanges where facts_source is not null order by name`,
    );
    expect(ex.map((e) => e.name)).toEqual(expect.arrayContaining(['binance', 'kraken', 'okx']));
    expect(ex.every((e) => e.trust === 10 && e.src === 'coingecko')).toBe(true);
    const [meta] = await rows<{ value: { source: string; coins: number } }>(
      sql`select value from site_meta where key = 'facts_source'`,
    );
    expect(meta!.value).toMatchObject({ source: 'coingecko', coins: 6 });

    // The coin page credits CoinGecko beside the supply; the API says where the facts came from.
    const detail = await get<{ factsSource: string | null; circulatingSupply: number }>('/api/v1/coins/bitcoin');
    expect(detail.body.data).toMatchObject({ factsSource: 'coingecko', circulatingSupply: 19809121 });
    const okx = await get<{ trustScore: number | null; factsSource: string | null; country: string | null }>(
      '/api/v1/exchanges/okx',
    );
    expect(okx.body.data).toMatchObject({ trustScore: 10, factsSource: 'coingecko' });
  });

  it('writes the links and categories of the top coins in turn, and leaves a coin whose call failed as it was', async () => {
    const links = (id: string) =>
      rows<{ kind: string; url: string }>(
        sql`select kind::text, url from coin_links where coin_id = ${id} order by id`,
      );
    const tags = (id: string) =>
      rows<{ slug: string; name: string }>(
        sql`select t.slug, t.name from coin_tags ct join tags t on t.id = ct.tag_id where ct.coin_id = ${id} order by t.slug`,
      );
    const repositories = (await links('bitcoin')).filter((l) => l.kind === 'repository');
    const ethereumBefore = [await links('ethereum'), await tags('ethereum')];
    expect(repositories.length).toBeGreaterThan(0);
    const lines: string[] = [];
    const facts = refresh({ detailsPerRefresh: 2, log: (l) => lines.push(l) });
    // Bitcoin and Ethereum, the top two: only bitcoin has an answer (Ethereum's call gets a 404).
    expect(await facts.refresh()).toMatchObject({ details: 1 });
    expect(lines.join('\n')).toMatch(/details of ethereum: .*404/);
    const btc = await links('bitcoin');
    expect(btc.filter((l) => l.kind !== 'repository')).toEqual([
      { kind: 'website', url: 'https://bitcoin.org/' },
      { kind: 'whitepaper', url: 'https://bitcoin.org/bitcoin.pdf' },
      ...[
        'https://mempool.space/',
        'https://blockchair.com/bitcoin/',
        'https://btc.com/',
        'https://btc.tokenview.io/',
        'https://www.oklink.com/btc',
      ].map((url) => ({ kind: 'explorer', url })),
      { kind: 'community', url: 'https://www.reddit.com/r/Bitcoin/' },
      { kind: 'community', url: 'https://bitcointalk.org/' },
      { kind: 'telegram', url: 'https://t.me/bitcoin_news' },
    ]);
    expect(btc.filter((l) => l.kind === 'repository')).toEqual(repositories);
    expect(await tags('bitcoin')).toEqual([
      { slug: 'bitcoin-ecosystem', name: 'Bitcoin Ecosystem' },
      { slug: 'cryptocurrency', name: 'Cryptocurrency' },
      { slug: 'layer-1-l1', name: 'Layer 1 (L1)' },
      { slug: 'proof-of-work-pow', name: 'Proof of Work (PoW)' },
    ]);
    expect([await links('ethereum'), await tags('ethereum')]).toEqual(ethereumBefore);
    // The coin page's API shows them, and only web addresses whoever wrote the rows.
    await rows(sql`insert into coin_links (coin_id, kind, url) values ('bitcoin', 'community', 'javascript:alert(1)')`);
    const detail = await get<{ links: { kind: string; url: string }[]; tags: { slug: string }[] }>(
      '/api/v1/coins/bitcoin',
    );
    expect(detail.body.data.links).toEqual(
      expect.arrayContaining([{ kind: 'whitepaper', url: 'https://bitcoin.org/bitcoin.pdf' }]),
    );
    expect(detail.body.data.tags.map((t) => t.slug)).toContain('layer-1-l1');
    expect(JSON.stringify(detail.body.data.links)).not.toMatch(/javascript/);
    // The next refresh goes on down the ranking: neither of the first two is asked again.
    const before = up.requests.length;
    await facts.refresh();
    const asked = up.requests
      .slice(before)
      .map((r) => r.path)
      .filter((p) => /^\/coins\/(?!markets)/.test(p));
    expect(asked).toHaveLength(2);
    expect(asked).not.toContain('/coins/bitcoin');
    expect(asked).not.toContain('/coins/ethereum');
  });

  it('stores CoinGecko’s descriptions; a coin page reads the one in its language, else English', async () => {
    up.route('/coins/bitcoin', { body: fixture('coingecko', 'coin-bitcoin-localized') });
    const facts = refresh({ detailsPerRefresh: 1 });
    await facts.refresh();
    const stored = await rows<{ locale: string; source: string }>(
      sql`select locale, source from coin_descriptions where coin_id = 'bitcoin' order by locale`,
    );
    expect(stored).toEqual(['en', 'ko', 'zh', 'zh-hk'].map((locale) => ({ locale, source: 'coingecko' })));
    const seeded = { id: 'bitcoin', description: 'The seeder’s words.' };
    const about = async (locale: 'en' | 'zh' | 'zh-hk' | 'ko') => coinAbout(db(), seeded, locale);
    expect(await about('en')).toMatchObject({
      locale: 'en',
      source: 'coingecko',
      text: expect.stringMatching(/^Bitcoin is/),
    });
    expect(await about('zh')).toMatchObject({ locale: 'zh', text: expect.stringMatching(/^比特币是第一个/) });
    expect(await about('zh-hk')).toMatchObject({ locale: 'zh-hk', text: expect.stringMatching(/^比特幣是第一個/) });
    expect((await about('zh-hk'))?.convertedFrom).toBeUndefined();
    expect(await about('ko')).toMatchObject({ locale: 'ko', text: expect.stringMatching(/^비트코인은/) });
    // No Traditional one: the Simplified one, converted and marked; none in Korean: English.
    await rows(sql`delete from coin_descriptions where coin_id = 'bitcoin' and locale in ('zh-hk', 'ko')`);
    expect(await about('zh-hk')).toMatchObject({
      locale: 'zh-hk',
      convertedFrom: 'zh',
      text: expect.stringMatching(/^比特幣是第一個/),
    });
    expect(await about('ko')).toMatchObject({ locale: 'en', source: 'coingecko' });
    // No description from CoinGecko at all: the seeder's English one, as demo.
    expect(await coinAbout(db(), { id: 'ethereum', description: 'Seeded.' }, 'ko')).toEqual({
      text: 'Seeded.',
      locale: 'en',
      source: 'demo',
    });
  });

  it('keeps the market-wide totals, which the whole-market figures use on live data while they are fresh', async () => {
    const live = JSON.stringify({ source: 'live', sources: ['binance'], updatedAt: new Date().toISOString() });
    await rows(
      sql`insert into site_meta (key, value) values ('data_source', ${live}::jsonb) on conflict (key) do update set value = excluded.value`,
    );
    const now = Date.now();
    await new FactsRefresh({
      db: db(),
      gecko: new CoinGecko({ baseUrl: up.url, apiKey: 'k', retries: 0 }),
      intervalMs: 3_600_000,
      detailsPerRefresh: 0,
      now: () => now,
    }).refresh();
    const totals = await globalTotals(db());
    // The fixture's /global: $3.41T, $125.4B, BTC 56.1 %.
    expect(totals).toMatchObject({
      totalMarketCap: 3412033120312.41,
      totalVolume24h: 125410330221.77,
      wholeMarket: { source: 'coingecko', updatedAt: new Date(now).toISOString() },
    });
    const g = fixture<{
      data: { market_cap_percentage: Record<string, number>; market_cap_change_percentage_24h_usd: number };
    }>('coingecko', 'global').data;
    expect([totals.btcDominance, totals.ethDominance, totals.marketCapChange24h]).toEqual([
      g.market_cap_percentage.btc,
      g.market_cap_percentage.eth,
      g.market_cap_change_percentage_24h_usd,
    ]);
    // Older than three hours: our own sums again (of the coins the sources price), and no credit.
    await rows(sql`update coins set sources = '{binance}' where id in ('bitcoin', 'ethereum')`);
    const [ours] = await rows<{ cap: string }>(
      sql`select sum(market_cap)::text as cap from coins where cardinality(sources) > 0`,
    );
    expect(totals.totalMarketCap).not.toBe(Number(ours!.cap));
    await rows(sql`update site_meta set updated_at = now() - interval '3 hours 1 minute' where key = 'global_facts'`);
    const old = await globalTotals(db());
    expect(old).toMatchObject({ totalMarketCap: Number(ours!.cap), wholeMarket: null, sums: 'sources' });
    // Nor on demo data, however fresh.
    await rows(sql`update site_meta set updated_at = now() where key = 'global_facts'`);
    await rows(sql`update site_meta set value = jsonb_set(value, '{source}', '"demo"') where key = 'data_source'`);
    expect((await globalTotals(db())).wholeMarket).toBeNull();
  });

  it('a failed /global leaves the stored totals and the rest of the refresh alone', async () => {
    const before = await rows<{ value: unknown }>(sql`select value from site_meta where key = 'global_facts'`);
    up.route('/global', { status: 500 });
    const lines: string[] = [];
    expect(await refresh({ detailsPerRefresh: 0, log: (l) => lines.push(l) }).refresh()).toMatchObject({
      coins: 6,
      global: false,
    });
    expect(lines.join('\n')).toMatch(/market-wide totals: coingecko: HTTP 500; the stored ones stay/);
    expect(await rows(sql`select value from site_meta where key = 'global_facts'`)).toEqual(before);
    up.route('/global', { body: fixture('coingecko', 'global') });
  });

  it('changes nothing when a call fails', async () => {
    await rows(sql`update coins set circulating_supply = 1, facts_source = null where id = 'ethereum'`);
    up.route('/exchanges', { status: 500 });
    await expect(refresh().refresh()).rejects.toThrow(/coingecko: HTTP 500/);
    const [eth] = await rows<{ circ: string; src: string | null }>(
      sql`select circulating_supply::text as circ, facts_source as src from coins where id = 'ethereum'`,
    );
    expect(eth).toEqual({ circ: '1', src: null });
    up.route('/exchanges', { body: fixture('coingecko', 'exchanges') });
  });
});
