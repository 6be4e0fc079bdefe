// The first start on the sources (issue "Real market data"): while the first run's demo market is
// there (the seeder's site_meta marker), the sources' first answered round replaces it, and
// startMarket returns only once that round is written; never once someone has signed up, nor after
// that round. The coins rank by market cap in every round. A database of its own: the demo market
// is gone after the first test.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { config } from '../../src/server/config.ts';
import { startMarket } from '../../src/server/ingest/index.ts';
import { LiveMarket } from '../../src/server/ingest/market.ts';
import type { SourceState, SourceTicker, TickerSource } from '../../src/server/ingest/sources/types.ts';
import type { Realtime } from '../../src/server/realtime/index.ts';
import { apiHarness } from './helpers.ts';

const { db, get } = apiHarness();

function okx(answer: () => SourceTicker[]): TickerSource {
  let ok: number | null = null;
  return {
    name: 'okx',
    exchange: { name: 'okx', displayName: 'OKX', website: 'https://www.okx.com', hasFutures: true },
    async tickers() {
      ok = Date.now();
      return answer();
    },
    state: (): SourceState => ({
      name: 'okx',
      status: ok ? 'ok' : 'idle',
      lastSuccessAt: ok,
      lastError: null,
      budget: { used: 0, limit: 10, windowMs: 1000 },
    }),
  };
}

const ticker = (base: string, last: number, quoteVolume24h = 5_000_000): SourceTicker => ({
  source: 'okx',
  exchange: 'okx',
  market: 'spot',
  instrument: `${base}-USDT`,
  base,
  quote: 'USDT',
  last,
  contractType: null,
  expiry: null,
  open24h: null,
  high24h: null,
  low24h: null,
  change24h: 1,
  baseVolume24h: null,
  quoteVolume24h,
  bid: null,
  ask: null,
  at: Date.now() - 1000,
});

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db().execute(query)) as unknown as { rows: T[] }).rows;
}
const pending = () =>
  db().execute(
    sql`insert into site_meta (key, value) values ('demo_market_pending', '{}'::jsonb) on conflict do nothing`,
  );
const count = async (table: string, where = 'true') =>
  (await rows<{ n: number }>(sql.raw(`select count(*)::int as n from ${table} where ${where}`)))[0]!.n;

describe('the first start on the sources', () => {
  it('startMarket on a freshly seeded database returns once the first round has replaced the demo market', async () => {
    await pending();
    expect(await count('coins', 'cardinality(sources) = 0')).toBeGreaterThan(100);
    expect(await count('exchanges')).toBeGreaterThan(10);
    expect(await count('articles')).toBeGreaterThan(0);
    const articles = await count('articles');
    let market: LiveMarket | undefined;
    const hub = {
      isLeader: true,
      // The market only: the CoinGecko facts and history figures beside it are not under test.
      addSource: async (s: LiveMarket) => {
        if (s.name !== 'sources') return;
        market = s;
        s.start(async () => {});
      },
    } as unknown as Realtime;
    // Solana's pair reports no 24-hour change: the seeder's must not stay on the live coin.
    const source = okx(() => [
      ticker('BTC', 64_000, 30_000_000),
      ticker('ETH', 3_000, 20_000_000),
      { ...ticker('SOL', 150), change24h: null },
      ticker('FRESHY', 2, 3_000_000),
    ]);
    const conf = {
      ...config(),
      LIVE: 'sources' as const,
      COINGECKO_API_KEY: '',
      BACKFILL_COINS: 0,
      STREAM_INTERVAL_MS: 0,
    };
    try {
      expect(await startMarket({ hub, db: db(), config: conf, log: () => {}, sources: [source] })).toBe('sources');
      // No wait here: the round was written before startMarket returned.
      const coins = await rows<{ id: string; rank: number | null; sources: string[] }>(
        sql`select id, rank, sources from coins order by rank nulls last, id`,
      );
      // The sources' coins, a new one among them, and tether: the USDT currency is priced from it.
      expect(coins.map((c) => c.id).sort()).toEqual(['bitcoin', 'ethereum', 'freshy', 'solana', 'tether']);
      expect(coins.filter((c) => c.id !== 'tether').every((c) => c.sources.includes('okx'))).toBe(true);
      expect(await count('exchanges')).toBe(1);
      expect(await count('tickers', 'source is null')).toBe(0);
      expect(await count('tickers')).toBe(4);
      // Ranks by market cap, 1 upwards; the new coin has no supply, so no market cap and no rank.
      const caps = await rows<{ id: string; rank: number | null; cap: string | null }>(
        sql`select id, rank, market_cap::text as cap from coins order by market_cap desc nulls last`,
      );
      expect(caps.filter((c) => c.cap !== null).map((c) => c.rank)).toEqual([1, 2, 3, 4]);
      expect(caps.find((c) => c.id === 'freshy')!.rank).toBeNull();
      // The coins the sources price lose the seeder's history and what it drew: no demo change,
      // high or sparkline on a live coin. Tether, kept without a source, keeps its (labelled) demo ones.
      expect(await count('klines', "coin_id = 'bitcoin'")).toBe(0);
      expect(await count('klines', "coin_id = 'tether'")).toBeGreaterThan(0);
      const [btc] = await rows<Record<string, unknown>>(
        sql`select change_1h, change_7d, change_30d, change_1y, high_24h, ath, atl, open_yesterday, sparkline_path, first_exchange, first_listed_at from coins where id = 'bitcoin'`,
      );
      expect(Object.values(btc!).every((v) => v === null)).toBe(true);
      const [sol] = await rows<{ change_24h: string | null }>(sql`select change_24h from coins where id = 'solana'`);
      expect(sol!.change_24h).toBeNull();
      const [usdt] = await rows<{ change_7d: string | null; sparkline_path: string | null }>(
        sql`select change_7d, sparkline_path from coins where id = 'tether'`,
      );
      expect(usdt!.change_7d).not.toBeNull();
      expect(usdt!.sparkline_path).not.toBeNull();
      // Nor invented fees, visits, followers, delays or rating on the exchange that stays.
      const [ex] = await rows<Record<string, unknown>>(
        sql`select maker_fee, taker_fee, monthly_visits, followers, api_delay_ms, web_delay_ms, star_rating from exchanges where name = 'okx'`,
      );
      expect(Object.values(ex!).every((v) => v === null)).toBe(true);
      // Content stays; the articles that named a removed coin keep their text.
      expect(await count('articles')).toBe(articles);
      // The pages and the API show the sources' universe only.
      const list = await get<{ list: { id: string; demo: boolean }[]; total: number }>('/api/v1/coins?size=10');
      expect(list.body.data.total).toBe(5);
      expect(list.body.data.list[0]!.id).toBe('bitcoin');
      expect(list.body.data.list.filter((c) => c.demo).map((c) => c.id)).toEqual(['tether']);
      expect(await count('site_meta', "key = 'demo_market_pending'")).toBe(0);
      // Pages are served from now on: later rounds replace nothing.
      await db().execute(sql`insert into coins (id, symbol, name) values ('listed-later', 'LTR', 'Listed Later')`);
      await market!.round();
      expect(await count('coins', "id = 'listed-later'")).toBe(1);
    } finally {
      await market?.stop();
    }
  });

  it('replaces the demo market in its first answered round only; every round ranks by market cap', async () => {
    await pending();
    await db().execute(
      sql`insert into coins (id, symbol, name, price, circulating_supply, market_cap) values ('kept-by-hand', 'KBH', 'Kept By Hand', 1, 1e15, 1e15)`,
    );
    let btc = 64_000;
    const market = new LiveMarket({
      db: db(),
      sources: [okx(() => [ticker('BTC', btc, 30_000_000), ticker('ETH', 3_000, 20_000_000)])],
      intervalMs: 30_000,
      staleMs: 60_000,
      log: () => {},
      replaceDemo: true,
    });
    await market.round();
    // Its first answered round removes whatever no source reports.
    expect(await count('coins', "id = 'kept-by-hand'")).toBe(0);
    await db().execute(
      sql`insert into coins (id, symbol, name, price, circulating_supply, market_cap) values ('kept-by-hand', 'KBH', 'Kept By Hand', 1, 1e15, 1e15)`,
    );
    btc = 65_000;
    await market.round();
    const [kept] = await rows<{ rank: number }>(sql`select rank from coins where id = 'kept-by-hand'`);
    expect(kept!.rank).toBe(1);
  });

  it('goes on writing rounds after the replacement, though a pair names a coin that went with it', async () => {
    await pending();
    await db().execute(sql`insert into coins (id, symbol, name) values ('doomed', 'DMD', 'Doomed')`);
    // A futures pair makes no price: its coin has no price from the sources and goes with the demo market.
    const perp: SourceTicker = {
      ...ticker('DMD', 0.5),
      instrument: 'DMD-USDT-SWAP',
      market: 'futures',
      contractType: 'PERPETUAL',
    };
    const lines: string[] = [];
    const market = new LiveMarket({
      db: db(),
      sources: [okx(() => [ticker('BTC', 64_000, 30_000_000), perp])],
      intervalMs: 30_000,
      staleMs: 60_000,
      log: (l) => lines.push(l),
      replaceDemo: true,
    });
    await market.round();
    expect(await count('coins', "id = 'doomed'")).toBe(0);
    await market.round();
    const [btc] = await rows<{ n: number }>(
      sql`select count(*)::int as n from tickers where source = 'okx' and pair = 'BTC/USDT'`,
    );
    expect(btc!.n).toBe(1);
    expect(lines.filter((l) => /failed/.test(l))).toEqual([]);
  });

  it('replaces nothing when this process is not the one running the sources at start', async () => {
    let market: LiveMarket | undefined;
    const hub = {
      isLeader: false,
      addSource: async (s: LiveMarket) => void (s.name === 'sources' && (market = s)),
    } as unknown as Realtime;
    await pending();
    await db().execute(sql`insert into coins (id, symbol, name) values ('someone-elses', 'SOE', 'Someone Else''s')`);
    const conf = {
      ...config(),
      LIVE: 'sources' as const,
      COINGECKO_API_KEY: '',
      BACKFILL_COINS: 0,
      STREAM_INTERVAL_MS: 0,
    };
    await startMarket({
      hub,
      db: db(),
      config: conf,
      log: () => {},
      sources: [okx(() => [ticker('BTC', 64_000, 30_000_000)])],
    });
    // It leads later, when pages have long been served.
    await market!.round();
    expect(await count('coins', "id = 'someone-elses'")).toBe(1);
    // The choice is left to the process that runs the sources.
    expect(await count('site_meta', "key = 'demo_market_pending'")).toBe(1);
  });

  it('replaces nothing once someone has signed up', async () => {
    await pending();
    await db().execute(
      sql`insert into coins (id, symbol, name) values ('reviewed-by-someone', 'RBS', 'Reviewed By Someone')`,
    );
    await db().execute(
      sql`insert into users (username, invitation_code, password_hash) values ('alice', 'INVITE-ALICE', 'x')`,
    );
    const market = new LiveMarket({
      db: db(),
      sources: [okx(() => [ticker('BTC', 64_000, 30_000_000)])],
      intervalMs: 30_000,
      staleMs: 60_000,
      log: () => {},
      replaceDemo: true,
    });
    await market.round();
    expect(await count('coins', "id = 'reviewed-by-someone'")).toBe(1);
    await db().execute(sql`delete from users where username = 'alice'`);
    await db().execute(sql`delete from site_meta where key = 'demo_market_pending'`);
  });

  it('keeps the demo market when the first start runs offline (the simulated market)', async () => {
    await pending();
    const silent: TickerSource = {
      ...okx(() => []),
      tickers: () => Promise.reject(new Error('getaddrinfo ENOTFOUND')),
    };
    const hub = { isLeader: true, addSource: async () => {} } as unknown as Realtime;
    const conf = { ...config(), LIVE: 'auto' as const, SOURCES_PROBE_MS: 200 };
    expect(await startMarket({ hub, db: db(), config: conf, log: () => {}, sources: [silent] })).toBe('sim');
    expect(await count('site_meta', "key = 'demo_market_pending'")).toBe(0);
  });

  it('leaves a database that has run before as it is', async () => {
    const before = await count('coins');
    await db().execute(sql`insert into coins (id, symbol, name) values ('ran-before', 'RBF', 'Ran Before')`);
    // No marker: the demo market was kept at an earlier start (or never seeded).
    const market = new LiveMarket({
      db: db(),
      sources: [okx(() => [ticker('BTC', 64_000, 30_000_000)])],
      intervalMs: 30_000,
      staleMs: 60_000,
      log: () => {},
      replaceDemo: true,
    });
    await market.round();
    expect(await count('coins')).toBe(before + 1);
  });
});
