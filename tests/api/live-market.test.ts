import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { STALE_MS_DEFAULT } from '../../src/server/ingest/aggregate.ts';
import { config, type SourceName } from '../../src/server/config.ts';
import { FactsRefresh } from '../../src/server/ingest/facts.ts';
import { createGecko, createSources, startMarket } from '../../src/server/ingest/index.ts';
import { CoinGecko } from '../../src/server/ingest/sources/coingecko.ts';
import { CoinGeckoMarkets } from '../../src/server/ingest/sources/coingeckoMarkets.ts';
import { fixture, startFakeUpstream } from '../setup/fakeUpstream.ts';
import type { Realtime } from '../../src/server/realtime/index.ts';
import { LiveMarket, pairName } from '../../src/server/ingest/market.ts';
import { relabel } from '../../src/server/ingest/sources/contracts.ts';
import { readProvenance } from '../../src/server/db/provenance.ts';
import { listCoins, topMovers } from '../../src/features/market/coins/coins.server.ts';
import { SourceError } from '../../src/server/ingest/sources/http.ts';
import type { SourceState, SourceTicker, TickerSource } from '../../src/server/ingest/sources/types.ts';
import { apiHarness } from './helpers.ts';

const { get, db } = apiHarness();

const NOW = Date.UTC(2026, 10, 24, 12, 0, 0);

function ticker(
  over: Partial<SourceTicker> & Pick<SourceTicker, 'instrument' | 'base' | 'quote' | 'last'>,
): SourceTicker {
  return {
    source: 'okx',
    exchange: 'okx',
    market: 'spot',
    contractType: null,
    expiry: null,
    open24h: null,
    high24h: null,
    low24h: null,
    change24h: 1.5,
    baseVolume24h: null,
    quoteVolume24h: 1_000_000,
    bid: null,
    ask: null,
    at: NOW - 1000,
    ...over,
  };
}

/** An exchange source answering what the test says, or failing. */
class FakeSource implements TickerSource {
  answer: SourceTicker[] | Error = [];
  private ok: number | null = null;
  private failing = false;
  constructor(
    readonly name: string,
    readonly exchange: TickerSource['exchange'],
  ) {}
  async tickers(): Promise<SourceTicker[]> {
    this.failing = this.answer instanceof Error;
    if (this.answer instanceof Error) throw this.answer;
    this.ok = NOW;
    return this.answer;
  }
  state(): SourceState {
    return {
      name: this.name,
      status: this.failing ? 'failing' : this.ok ? 'ok' : 'idle',
      lastSuccessAt: this.ok,
      lastError: null,
      budget: { used: 0, limit: 10, windowMs: 1000 },
    };
  }
}

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db().execute(query)) as unknown as { rows: T[] }).rows;
}

describe('the live market', () => {
  it('names pairs like the lists: spot, perpetual and a dated future without a slot', () => {
    expect(pairName(ticker({ instrument: 'BTC-USDT', base: 'BTC', quote: 'USDT', last: 1 }))).toBe('BTC/USDT');
    expect(
      pairName(
        ticker({
          instrument: 'BTC-USDT-SWAP',
          base: 'BTC',
          quote: 'USDT',
          last: 1,
          market: 'futures',
          contractType: 'PERPETUAL',
        }),
      ),
    ).toBe('BTC-PERPETUAL/USDT');
    expect(
      pairName(
        ticker({
          instrument: 'BTC-USD-261127',
          base: 'BTC',
          quote: 'USD',
          last: 1,
          market: 'futures',
          expiry: Date.UTC(2026, 10, 27, 8),
        }),
      ),
    ).toBe('BTC-20261127/USD');
  });

  it('recomputes contract labels from the expiries, whatever the source said', () => {
    // 27 November 2026 is November's last Friday: the monthly contract, whatever the source said.
    const friday = Date.UTC(2026, 10, 27, 8);
    const [t] = relabel(
      [
        ticker({
          instrument: 'BTC-USD-261127',
          base: 'BTC',
          quote: 'USD',
          last: 1,
          market: 'futures',
          contractType: 'QUARTERLY',
          expiry: friday,
        }),
      ],
      NOW,
    );
    expect(t!.contractType).toBe('MONTHLY');
  });

  it('writes a round: the exchange, its real pairs in place of the demo ones, provenance, the coin volume, and the ticks', async () => {
    const okx = new FakeSource('okx', {
      name: 'okx',
      displayName: 'OKX',
      website: 'https://www.okx.com',
      hasFutures: true,
    });
    const kraken = new FakeSource('kraken', {
      name: 'kraken',
      displayName: 'Kraken',
      website: 'https://www.kraken.com',
      hasFutures: false,
    });
    okx.answer = [
      ticker({ instrument: 'BTC-USDT', base: 'BTC', quote: 'USDT', last: 64_000, quoteVolume24h: 3_000_000 }),
      ticker({ instrument: 'BTC-USDC', base: 'BTC', quote: 'USDC', last: 64_100, quoteVolume24h: 1_000_000 }),
      ticker({
        instrument: 'BTC-USDT-SWAP',
        base: 'BTC',
        quote: 'USDT',
        last: 64_050,
        market: 'futures',
        contractType: 'PERPETUAL',
        quoteVolume24h: 9_000_000,
      }),
      // Too little traded to become a coin of its own.
      ticker({ instrument: 'NOPE-USDT', base: 'NOPECOINXYZ', quote: 'USDT', last: 2, quoteVolume24h: 10_000 }),
    ];
    kraken.answer = [
      ticker({
        source: 'kraken',
        exchange: 'kraken',
        instrument: 'XXBTZUSD',
        base: 'BTC',
        quote: 'USD',
        last: 64_200,
        quoteVolume24h: 1_000_000,
      }),
      ticker({
        source: 'kraken',
        exchange: 'kraken',
        instrument: 'XBTEUR',
        base: 'BTC',
        quote: 'EUR',
        last: 90_000,
        quoteVolume24h: 10,
        at: NOW - 10 * 60_000,
      }),
    ];
    const [demo] = await rows<{ n: number }>(
      sql`select count(*)::int as n from tickers t join exchanges e on e.id = t.exchange_id where e.name = 'okx' and t.source is null`,
    );
    expect(demo!.n).toBeGreaterThan(0);

    const market = new LiveMarket({
      db: db(),
      sources: [okx, kraken],
      intervalMs: 30_000,
      staleMs: 5 * 60_000,
      now: () => NOW,
      log: () => {},
    });
    const ticks = await market.round();

    // VWAP of 64,000 ×3M, 64,100 ×1M and 64,200 ×1M (USDT and USDC pegged: no USD pair of theirs).
    const btc = ticks.find((t) => t.coinId === 'bitcoin')!;
    expect(btc.price).toBeCloseTo((64_000 * 3 + 64_100 + 64_200) / 5, 6);
    expect(btc.ownTickers).toBe(true);
    expect(ticks.some((t) => t.coinId.toLowerCase().includes('nope'))).toBe(false);

    const pairs = await rows<{
      pair: string;
      source: string;
      instrument: string;
      excluded: string | null;
      price: string;
      price_quote: string;
      volume_24h: string;
    }>(
      sql`select t.pair, t.source, t.instrument, t.excluded, t.price::text, t.price_quote::text, t.volume_24h::text from tickers t join exchanges e on e.id = t.exchange_id where e.name in ('okx', 'kraken') order by t.pair, t.source`,
    );
    expect(pairs.map((p) => [p.pair, p.source, p.excluded])).toEqual([
      ['BTC-PERPETUAL/USDT', 'okx', 'futures'],
      ['BTC/EUR', 'kraken', 'stale'],
      ['BTC/USD', 'kraken', null],
      ['BTC/USDC', 'okx', null],
      ['BTC/USDT', 'okx', null],
    ]);
    expect(pairs.find((p) => p.pair === 'BTC/USDT')).toMatchObject({
      instrument: 'BTC-USDT',
      price: '64000',
      price_quote: '64000',
      volume_24h: '3000000',
    });

    const [coin] = await rows<{ sources: string[]; volume_24h: string }>(
      sql`select sources, volume_24h::text from coins where id = 'bitcoin'`,
    );
    expect(coin).toEqual({ sources: ['kraken', 'okx'], volume_24h: '5000000' });
    // Priced by the sources for the first time (the demo market was kept here): the seeder's
    // history and what it drew went; a coin no source prices keeps its demo ones, labelled.
    const [history] = await rows<{ btc: number; doge: number }>(
      sql`select count(*) filter (where coin_id = 'bitcoin')::int as btc, count(*) filter (where coin_id = 'dogecoin')::int as doge from klines`,
    );
    expect(history!.btc).toBe(0);
    expect(history!.doge).toBeGreaterThan(0);
    const [drawn] = await rows<{ btc: string | null; doge: string | null }>(
      sql`select (select change_7d::text from coins where id = 'bitcoin') as btc, (select change_7d::text from coins where id = 'dogecoin') as doge`,
    );
    expect(drawn).toEqual({ btc: null, doge: expect.any(String) });
    const [ex] = await rows<{ sources: string[]; pair_count: number; reported_volume_24h: string }>(
      sql`select sources, pair_count, reported_volume_24h::text from exchanges where name = 'okx'`,
    );
    expect(ex).toEqual({ sources: ['okx'], pair_count: 3, reported_volume_24h: '4000000' });

    const health = await get<{ source: string; sources: string[]; updatedAt: string; states: SourceState[] }>(
      '/api/health',
    );
    expect(health.body.data).toMatchObject({
      source: 'live',
      sources: ['okx', 'kraken'],
      updatedAt: new Date(NOW).toISOString(),
    });
    expect(health.body.data.states.map((s) => [s.name, s.status])).toEqual([
      ['okx', 'ok'],
      ['kraken', 'ok'],
    ]);
  });

  it('keeps the last good data of a failing source, which goes stale and leaves the price', async () => {
    const okx = new FakeSource('okx', {
      name: 'okx',
      displayName: 'OKX',
      website: 'https://www.okx.com',
      hasFutures: true,
    });
    const kraken = new FakeSource('kraken', {
      name: 'kraken',
      displayName: 'Kraken',
      website: 'https://www.kraken.com',
      hasFutures: false,
    });
    okx.answer = [ticker({ instrument: 'ETH-USDT', base: 'ETH', quote: 'USDT', last: 3000 })];
    kraken.answer = [
      ticker({ source: 'kraken', exchange: 'kraken', instrument: 'XETHZUSD', base: 'ETH', quote: 'USD', last: 3010 }),
    ];
    let now = NOW;
    const market = new LiveMarket({
      db: db(),
      sources: [okx, kraken],
      intervalMs: 30_000,
      staleMs: 60_000,
      now: () => now,
      log: () => {},
    });
    expect((await market.round()).find((t) => t.coinId === 'ethereum')!.price).toBe(3005);

    okx.answer = new SourceError('okx', 'HTTP 500', 500);
    kraken.answer = [
      ticker({
        source: 'kraken',
        exchange: 'kraken',
        instrument: 'XETHZUSD',
        base: 'ETH',
        quote: 'USD',
        last: 3020,
        at: NOW + 119_000,
      }),
    ];
    now = NOW + 120_000;
    const ticks = await market.round();
    // OKX's pair is two minutes old: stale, so Kraken alone makes the price; the row stays.
    expect(ticks.find((t) => t.coinId === 'ethereum')!.price).toBe(3020);
    const [pair] = await rows<{ excluded: string | null; price_quote: string }>(
      sql`select t.excluded, t.price_quote::text from tickers t join exchanges e on e.id = t.exchange_id where e.name = 'okx' and t.pair = 'ETH/USDT'`,
    );
    expect(pair).toEqual({ excluded: 'stale', price_quote: '3000' });
    const [meta] = await rows<{ value: { sources: string[] } }>(
      sql`select value from site_meta where key = 'data_source'`,
    );
    expect(meta!.value.sources).toEqual(['kraken']);
  });

  it('when every source fails, the data keeps its time and reads as stale; the prices stay', async () => {
    const okx = new FakeSource('okx', {
      name: 'okx',
      displayName: 'OKX',
      website: 'https://www.okx.com',
      hasFutures: true,
    });
    okx.answer = [ticker({ instrument: 'ETH-USDT', base: 'ETH', quote: 'USDT', last: 3000 })];
    let now = NOW;
    const market = new LiveMarket({
      db: db(),
      sources: [okx],
      intervalMs: 30_000,
      staleMs: 60_000,
      now: () => now,
      log: () => {},
    });
    await market.round();
    okx.answer = new SourceError('okx', 'HTTP 500', 500);
    now = NOW + 30_000;
    await market.round();
    now = NOW + 120_000;
    expect(await market.round()).toEqual([]);
    const [meta] = await rows<{ value: { updatedAt: string; sources: string[] } }>(
      sql`select value from site_meta where key = 'data_source'`,
    );
    expect(meta!.value).toMatchObject({ updatedAt: new Date(NOW).toISOString(), sources: ['okx'] });
    // The site's threshold (STALE_MS) decides what the badge says.
    expect((await readProvenance(db(), NOW + 1000)).stale).toBe(false);
    const p = await readProvenance(db(), NOW + STALE_MS_DEFAULT + 1000);
    expect(p).toMatchObject({ source: 'live', stale: true });
    expect(p.states).toEqual([expect.objectContaining({ name: 'okx', status: 'failing' })]);
    const [pair] = await rows<{ price_quote: string }>(
      sql`select t.price_quote::text from tickers t join exchanges e on e.id = t.exchange_id where e.name = 'okx' and t.pair = 'ETH/USDT'`,
    );
    expect(pair!.price_quote).toBe('3000');
  });
});

describe('coins new to the database', () => {
  it('are added once they trade a million dollars a day, named by their symbol, unranked', async () => {
    const okx = new FakeSource('okx', {
      name: 'okx',
      displayName: 'OKX',
      website: 'https://www.okx.com',
      hasFutures: true,
    });
    okx.answer = [
      ticker({ instrument: 'FRESHX-USDT', base: 'FRESHX', quote: 'USDT', last: 0.42, quoteVolume24h: 2_500_000 }),
      ticker({ instrument: 'TINYX-USDT', base: 'TINYX', quote: 'USDT', last: 0.01, quoteVolume24h: 50_000 }),
    ];
    const lines: string[] = [];
    const market = new LiveMarket({
      db: db(),
      sources: [okx],
      intervalMs: 30_000,
      staleMs: 60_000,
      now: () => NOW,
      log: (l) => lines.push(l),
    });
    const ticks = await market.round();
    expect(ticks.map((t) => [t.coinId, t.price])).toContainEqual(['freshx', 0.42]);
    const added = await rows<{
      id: string;
      symbol: string;
      name: string;
      rank: number | null;
      sources: string[];
      reviewed: boolean;
    }>(sql`select id, symbol, name, rank, sources, reviewed from coins where symbol in ('FRESHX', 'TINYX')`);
    expect(added).toEqual([
      { id: 'freshx', symbol: 'FRESHX', name: 'FRESHX', rank: null, sources: ['okx'], reviewed: false },
    ]);
    // First seen this round, on the exchange that traded it: what /new-coins lists.
    const [seen] = await rows<{ at: string; exchange: string | null }>(
      sql`select first_listed_at as at, first_exchange as exchange from coins where id = 'freshx'`,
    );
    expect([new Date(seen!.at).getTime(), seen!.exchange]).toEqual([NOW, 'OKX']);
    const [pair] = await rows<{ pair: string }>(sql`select pair from tickers where coin_id = 'freshx'`);
    expect(pair!.pair).toBe('FRESHX/USDT');
    await market.round();
    expect(lines.filter((l) => l.includes('new coins'))).toEqual(['[ingest] new coins from the sources: FRESHX']);
  });
});

describe('demo rows on a live site', () => {
  it('are flagged in every coin list, the movers included (their columns come from a subquery)', async () => {
    const before = await topMovers(db(), 5);
    const okx = new FakeSource('okx', {
      name: 'okx',
      displayName: 'OKX',
      website: 'https://www.okx.com',
      hasFutures: true,
    });
    okx.answer = [ticker({ instrument: 'BTC-USDT', base: 'BTC', quote: 'USDT', last: 64_000 })];
    await new LiveMarket({
      db: db(),
      sources: [okx],
      intervalMs: 30_000,
      staleMs: 60_000,
      now: () => NOW,
      log: () => {},
    }).round();
    const page = await listCoins(db(), { page: 1, size: 5, sort: 'rank', order: 'asc', filter: 'all' });
    expect(Object.fromEntries(page.list.map((c) => [c.id, c.demo]))).toMatchObject({ bitcoin: false, tether: true });
    const movers = await topMovers(db(), 5);
    expect([...movers.gainers, ...movers.losers].length).toBeGreaterThan(0);
    expect([...movers.gainers, ...movers.losers].every((c) => typeof c.demo === 'boolean')).toBe(true);
    expect(before.gainers.length).toBeGreaterThan(0);
  });
});

describe('which market runs (startMarket)', () => {
  const hub = () => {
    const added: string[] = [];
    return { added, hub: { addSource: async (s: { name: string }) => void added.push(s.name) } as unknown as Realtime };
  };
  const okx = () =>
    new FakeSource('okx', { name: 'okx', displayName: 'OKX', website: 'https://www.okx.com', hasFutures: true });

  it('LIVE=sources runs the sources, and the CoinGecko facts only with a key', async () => {
    const a = hub();
    expect(
      await startMarket({
        hub: a.hub,
        db: db(),
        config: { ...config(), LIVE: 'sources', COINGECKO_API_KEY: '' },
        log: () => {},
        sources: [okx()],
      }),
    ).toBe('sources');
    expect(a.added).toEqual(['sources', 'history-figures']);
    const b = hub();
    await startMarket({
      hub: b.hub,
      db: db(),
      config: { ...config(), LIVE: 'sources', COINGECKO_API_KEY: 'k' },
      log: () => {},
      sources: [okx()],
    });
    expect(b.added).toEqual(['sources', 'coingecko-facts', 'history-figures']);
  });

  it('LIVE=auto runs the demo when no source answers in time, and the sources when one does', async () => {
    const silent = okx();
    silent.answer = new SourceError('okx', 'request failed: getaddrinfo ENOTFOUND', undefined);
    const lines: string[] = [];
    const a = hub();
    expect(
      await startMarket({
        hub: a.hub,
        db: db(),
        config: { ...config(), LIVE: 'auto', SOURCES_PROBE_MS: 1000 },
        log: (l) => lines.push(l),
        sources: [silent],
      }),
    ).toBe('sim');
    expect(a.added).toEqual(['sim']);
    expect(lines.join('\n')).toMatch(/no market source answered .*simulated demo market/);
    const live = okx();
    live.answer = [ticker({ instrument: 'BTC-USDT', base: 'BTC', quote: 'USDT', last: 1 })];
    const b = hub();
    expect(
      await startMarket({
        hub: b.hub,
        db: db(),
        config: { ...config(), LIVE: 'auto', COINGECKO_API_KEY: '' },
        log: () => {},
        sources: [live],
      }),
    ).toBe('sources');
    expect(b.added).toEqual(['sources', 'history-figures']);
  });

  it('LIVE=auto takes the probe answers into the first round instead of asking again', async () => {
    let added: LiveMarket | undefined;
    const capture = {
      addSource: async (s: LiveMarket) => void (s.name === 'sources' && (added = s)),
    } as unknown as Realtime;
    const calls = { okx: 0, bybit: 0 };
    const counted = (name: 'okx' | 'bybit', answer: () => SourceTicker[]) => {
      const s = new FakeSource(name, {
        name,
        displayName: name,
        website: `https://${name}.example`,
        hasFutures: false,
      });
      s.tickers = async () => (calls[name]++, answer());
      return s;
    };
    let okxPrice = 101;
    const okxSource = counted('okx', () => [
      ticker({ instrument: 'BTC-USDT', base: 'BTC', quote: 'USDT', last: okxPrice, at: Date.now() }),
    ]);
    // Bybit fails while probed, then answers: the first round asks it again.
    let bybitUp = false;
    const bybitSource = counted('bybit', () => {
      if (!bybitUp) throw new SourceError('bybit', 'request failed: timeout', undefined);
      return [
        ticker({
          source: 'bybit',
          exchange: 'bybit',
          instrument: 'BTCUSDT',
          base: 'BTC',
          quote: 'USDT',
          last: 101,
          at: Date.now(),
        }),
      ];
    });
    const conf = {
      ...config(),
      LIVE: 'auto' as const,
      COINGECKO_API_KEY: '',
      BACKFILL_COINS: 0,
      STREAM_INTERVAL_MS: 0,
    };
    expect(
      await startMarket({ hub: capture, db: db(), config: conf, log: () => {}, sources: [okxSource, bybitSource] }),
    ).toBe('sources');
    expect(calls).toEqual({ okx: 1, bybit: 1 });
    bybitUp = true;
    okxPrice = 999; // what a second request would have said
    const first = await added!.round();
    expect(calls).toEqual({ okx: 1, bybit: 2 });
    expect(first.find((t) => t.coinId === 'bitcoin')?.price).toBeCloseTo(101, 6);
    await added!.round();
    expect(calls).toEqual({ okx: 2, bybit: 3 });
  });

  it('LIVE=sim and off leave the market to the hub', async () => {
    for (const LIVE of ['sim', 'off'] as const)
      expect(
        await startMarket({ hub: hub().hub, db: db(), config: { ...config(), LIVE }, log: () => {}, sources: [okx()] }),
      ).toBe('none');
  });
});

describe("CoinGecko's markets (other exchanges' pairs and derivatives)", () => {
  it('go through a round like any exchange’s: pairs with provenance, flags as exclusions, new exchanges, then their websites from the facts', async () => {
    const up = await startFakeUpstream({
      '/exchanges/gdax/tickers': { body: fixture('coingecko', 'exchange-tickers-gdax') },
      '/derivatives': { body: fixture('coingecko', 'derivatives') },
      '/coins/markets': { body: fixture('coingecko', 'markets') },
      '/exchanges': { body: fixture('coingecko', 'exchanges') },
      '/global': { body: fixture('coingecko', 'global') },
    });
    try {
      const gecko = new CoinGecko({ baseUrl: up.url, apiKey: 'k', retries: 0, now: () => NOW });
      const okx = new FakeSource('okx', {
        name: 'okx',
        displayName: 'OKX',
        website: 'https://www.okx.com',
        hasFutures: true,
      });
      okx.answer = [
        ticker({ instrument: 'BTC-USDT', base: 'BTC', quote: 'USDT', last: 94_500, quoteVolume24h: 3_000_000 }),
      ];
      // As createSources builds it: the exchanges of the configured adapters are theirs.
      const markets = new CoinGeckoMarkets({
        gecko,
        exchanges: ['gdax'],
        skip: ['okx', 'binance'],
        refreshMs: 1_800_000,
        exchangesPerRefresh: 1,
        derivatives: true,
        now: () => NOW,
      });
      const [demoBefore] = await rows<{ n: number }>(
        sql`select count(*)::int as n from tickers t join exchanges e on e.id = t.exchange_id where e.name = 'coinbase-exchange' and t.source is null`,
      );
      expect(demoBefore!.n).toBeGreaterThan(0);
      // Deepcoin new to the database: CoinGecko's markets add it.
      await rows(sql`delete from exchanges where name = 'deepcoin'`);
      const market = new LiveMarket({
        db: db(),
        sources: [okx, markets],
        intervalMs: 30_000,
        staleMs: 5 * 60_000,
        now: () => NOW,
        log: () => {},
      });
      const ticks = await market.round();

      const pairs = await rows<{
        exchange: string;
        pair: string;
        source: string;
        instrument: string;
        excluded: string | null;
        expires: string | null;
      }>(sql`
        select e.name as exchange, t.pair, t.source, t.instrument, t.excluded, t.expires_at as expires from tickers t join exchanges e on e.id = t.exchange_id
        where t.source = 'coingecko' order by e.name, t.pair`);
      expect(pairs.map((p) => [p.exchange, p.pair, p.excluded])).toEqual([
        ['bitget', 'BTC-PERPETUAL/USDT', 'futures'],
        ['bitget', 'ETH-PERPETUAL/USDT', 'futures'],
        ['coinbase-exchange', 'BTC/USD', null],
        ['coinbase-exchange', 'BTC/USDT', null],
        ['coinbase-exchange', 'DOGE/USD', 'stale'],
        ['coinbase-exchange', 'ETH/EUR', null],
        ['coinbase-exchange', 'ETH/USD', null],
        ['coinbase-exchange', 'SOL/USD', null],
        ['coinbase-exchange', 'USDT/USD', null],
        ['coinbase-exchange', 'XRP/USD', 'flagged'],
        ['deepcoin', 'ETH-PERPETUAL/USDT', 'futures'],
        // 25 December 2026 is December's last Friday: the quarterly contract.
        ['gate-io', 'BTC-QUARTERLY/USD', 'futures'],
        ['gate-io', 'SOL-PERPETUAL/USDT', 'futures'],
      ]);
      const dated = pairs.find((p) => p.pair === 'BTC-QUARTERLY/USD')!;
      expect([dated.instrument, new Date(dated.expires!).getTime()]).toEqual([
        'BTCUSD_20261225',
        Date.UTC(2026, 11, 25, 8),
      ]);
      // The seeder's Coinbase pairs gave way; Binance's copy at CoinGecko is Binance's adapter's business.
      const [demoAfter] = await rows<{ n: number }>(
        sql`select count(*)::int as n from tickers t join exchanges e on e.id = t.exchange_id where e.name = 'coinbase-exchange' and t.source is null`,
      );
      expect(demoAfter!.n).toBe(0);
      expect(pairs.some((p) => p.exchange === 'binance' || p.exchange === 'okx')).toBe(false);

      // Bitcoin's price: OKX and Coinbase's two pairs; the flagged XRP price counts for nothing.
      const [btc] = await rows<{ sources: string[] }>(sql`select sources from coins where id = 'bitcoin'`);
      expect(btc!.sources).toEqual(['coingecko', 'okx']);
      const btcTick = ticks.find((t) => t.coinId === 'bitcoin')!;
      expect(btcTick.price).toBeGreaterThan(94_480);
      expect(btcTick.price).toBeLessThan(94_510);
      const [xrp] = await rows<{ sources: string[] }>(
        sql`select sources from coins where symbol = 'XRP' order by rank limit 1`,
      );
      expect(xrp!.sources).not.toContain('coingecko');

      const exchanges = await rows<{
        name: string;
        display_name: string;
        website: string | null;
        has_futures: boolean;
        sources: string[];
      }>(
        sql`select name, display_name, website, has_futures, sources from exchanges where name in ('deepcoin', 'gate-io', 'coinbase-exchange') order by name`,
      );
      // CoinGecko's "Gate (Futures)" is the seeder's Gate.io: its row, reviews and favourites stay.
      expect(exchanges.map((e) => [e.name, e.display_name, e.has_futures, e.sources])).toEqual([
        ['coinbase-exchange', 'Coinbase Exchange', false, ['coingecko']],
        ['deepcoin', 'Deepcoin', true, ['coingecko']],
        ['gate-io', 'Gate.io', true, ['coingecko']],
      ]);
      expect(exchanges.find((e) => e.name === 'deepcoin')!.website).toBeNull();
      // Exchanges rank by their reported spot volume, as the seeder ranks them: Deepcoin reports
      // only derivatives here, so no rank.
      const byRank = await rows<{ name: string }>(sql`select name from exchanges where rank is not null order by rank`);
      const byVolume = await rows<{ name: string }>(
        sql`select name from exchanges where reported_volume_24h > 0 order by reported_volume_24h desc, name`,
      );
      expect(byRank).toEqual(byVolume);
      expect(byRank.findIndex((e) => e.name === 'coinbase-exchange')).toBeGreaterThan(0);
      const [deepcoinRank] = await rows<{ rank: number | null }>(
        sql`select rank from exchanges where name = 'deepcoin'`,
      );
      expect(deepcoinRank!.rank).toBeNull();
      const health = await get<{ sources: string[]; states: SourceState[] }>('/api/health');
      expect(health.body.data.sources).toEqual(['okx', 'coingecko']);
      expect(health.body.data.states.map((s) => [s.name, s.status])).toEqual([
        ['okx', 'ok'],
        ['coingecko', 'ok'],
      ]);

      // The facts fill in the websites CoinGecko's markets left empty or the seeder's placeholders,
      // matching by name; an adapter's own address stays (CoinGecko's for Kraken is a referral link).
      expect(
        (await rows<{ website: string }>(sql`select website from exchanges where name = 'coinbase-exchange'`))[0]!
          .website,
      ).toBe('https://coinbase-exchange.example');
      await rows(sql`update exchanges set website = 'https://www.kraken.com' where name = 'kraken'`);
      await new FactsRefresh({
        db: db(),
        gecko,
        intervalMs: 3_600_000,
        detailsPerRefresh: 0,
        now: () => NOW,
      }).refresh();
      const sites = await rows<{ name: string; website: string; trust: number }>(
        sql`select name, website, trust_score as trust from exchanges where name in ('coinbase-exchange', 'kraken') order by name`,
      );
      expect(sites).toEqual([
        { name: 'coinbase-exchange', website: 'https://www.coinbase.com/', trust: 10 },
        { name: 'kraken', website: 'https://www.kraken.com', trust: 10 },
      ]);
      // An exchange's age is its newest figure's, not the round's.
      const [coinbaseAge] = await rows<{ at: string }>(
        sql`select updated_at::text as at from exchanges where name = 'coinbase-exchange'`,
      );
      expect(new Date(coinbaseAge!.at).getTime()).toBe(Date.UTC(2026, 10, 24, 11, 59, 12));
      // A second round inside the refresh interval asks CoinGecko nothing; when OKX fails then,
      // CoinGecko's answer from memory does not make the data fresh: its time stays.
      const asked = up.requests.length;
      okx.answer = new SourceError('okx', 'HTTP 500', 500);
      const later = new LiveMarket({
        db: db(),
        sources: [okx, markets],
        intervalMs: 30_000,
        staleMs: 5 * 60_000,
        now: () => NOW + 60_000,
        log: () => {},
      });
      await later.round();
      expect(up.requests.length).toBe(asked);
      expect((await readProvenance(db(), NOW + 60_000)).updatedAt).toBe(new Date(NOW).toISOString());

      // CoinGecko's next answer for Coinbase no longer lists SOL/USD (out of its busiest 100): the
      // row stays (favourites may name it), stale and without volume, out of the exchange's figures.
      const [before] = await rows<{ pairs: number }>(
        sql`select pair_count as pairs from exchanges where name = 'coinbase-exchange'`,
      );
      const gdax = fixture<{ tickers: { base: string }[] }>('coingecko', 'exchange-tickers-gdax');
      up.route('/exchanges/gdax/tickers', { body: { ...gdax, tickers: gdax.tickers.filter((t) => t.base !== 'SOL') } });
      const next = NOW + 1_800_000;
      const again = new CoinGeckoMarkets({
        gecko,
        exchanges: ['gdax'],
        skip: ['okx', 'binance'],
        refreshMs: 1_800_000,
        exchangesPerRefresh: 1,
        derivatives: false,
        now: () => next,
      });
      await new LiveMarket({
        db: db(),
        sources: [again],
        intervalMs: 30_000,
        staleMs: 5 * 60_000,
        now: () => next,
        log: () => {},
      }).round();
      const [sol] = await rows<{ vol: string | null; excluded: string | null }>(
        sql`select t.volume_24h::text as vol, t.excluded from tickers t join exchanges e on e.id = t.exchange_id where e.name = 'coinbase-exchange' and t.pair = 'SOL/USD'`,
      );
      expect(sol).toEqual({ vol: null, excluded: 'stale' });
      const [after] = await rows<{ pairs: number }>(
        sql`select pair_count as pairs from exchanges where name = 'coinbase-exchange'`,
      );
      expect(after!.pairs).toBe(before!.pairs - 1);
      // The exchanges that answer did not cover (as after a restart, before CoinGecko is asked
      // about them again) keep their pairs' figures.
      const [bitget] = await rows<{ vol: string | null }>(
        sql`select t.volume_24h::text as vol from tickers t join exchanges e on e.id = t.exchange_id where e.name = 'bitget' and t.pair = 'BTC-PERPETUAL/USDT'`,
      );
      expect(bitget!.vol).not.toBeNull();
    } finally {
      await up.close();
    }
  });

  it('run beside the adapters when a key is configured, and not when COINGECKO_MARKETS_MS is 0', () => {
    const base = { ...config(), SOURCES: ['binance', 'okx'] as SourceName[], COINGECKO_API_KEY: 'k' };
    const gecko = createGecko(base);
    expect(createSources(base, gecko).map((s) => s.name)).toEqual(['binance', 'okx', 'coingecko']);
    expect(createSources({ ...base, COINGECKO_MARKETS_MS: 0 }, gecko).map((s) => s.name)).toEqual(['binance', 'okx']);
    expect(createSources(base, createGecko({ ...base, COINGECKO_API_KEY: '' })).map((s) => s.name)).toEqual([
      'binance',
      'okx',
    ]);
  });
});
