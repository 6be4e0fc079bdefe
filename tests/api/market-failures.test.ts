// The live market's rounds end to end, through the real adapters, against a local fake of the
// exchanges (tests/setup/fakeUpstream.ts) that misbehaves as real ones do: answers that list a
// pair twice, zero prices, whole outages with 5xx, a source that hangs. What the pages read (the
// coin row, the market tab's pairs) is checked through the database and the API.
import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { config } from '../../src/server/config.ts';
import { listHotCoins } from '../../src/features/market/rankings/hot.server.ts';
import { findKlineCoin } from '../../src/features/market/klines/klines.server.ts';
import { topMovers } from '../../src/features/market/coins/coins.server.ts';
import { currentTotals, globalTotals } from '../../src/features/market/coins/totals.server.ts';
import { getRanking } from '../../src/features/market/rankings/queries.server.ts';
import { search } from '../../src/features/search/search.server.ts';
import { widgetCoins } from '../../src/features/site/site.server.ts';
import { LiveMarket } from '../../src/server/ingest/market.ts';
import { BinanceSpot } from '../../src/server/ingest/sources/binance.ts';
import { Bybit } from '../../src/server/ingest/sources/bybit.ts';
import { Kraken } from '../../src/server/ingest/sources/kraken.ts';
import { Okx } from '../../src/server/ingest/sources/okx.ts';
import type { TickerSource } from '../../src/server/ingest/sources/types.ts';
import type { TickInput } from '../../src/server/realtime/types.ts';
import { TickWriter } from '../../src/server/realtime/persist.ts';
import { fixture, startFakeUpstream, type FakeAnswer, type FakeUpstream } from '../setup/fakeUpstream.ts';
import { apiHarness } from './helpers.ts';

const { get, db } = apiHarness();

/** An hour ago, whole seconds: the pages judge a price's age by the real clock. */
const T = Math.floor(Date.now() / 1000) * 1000 - 3_600_000;
const STALE_MS = 60_000;
let clock = T;
let up: FakeUpstream;

type BinanceTicker = { symbol: string; lastPrice: string; closeTime: number; [k: string]: unknown };

/** Binance's recorded 24-hour tickers: `pick` of them, changed by `edit`, closing at `at`. */
function binanceAnswer(
  pick: string[],
  at: number,
  edit: (t: BinanceTicker) => BinanceTicker = (t) => t,
): BinanceTicker[] {
  return fixture<BinanceTicker[]>('binance', 'ticker-24hr')
    .filter((t) => pick.includes(t.symbol))
    .map((t) => edit({ ...t, closeTime: at }));
}

/** OKX answering only BTC-USDT on spot, at `price`, stamped `at`. */
function okxRoute(price: () => string, at: () => number) {
  return (q: URLSearchParams): FakeAnswer => {
    const type = q.get('instType')!;
    if (type !== 'SPOT') return { body: { code: '0', msg: '', data: [] } };
    const body = fixture<{ data: { instId: string }[] }>('okx', 'tickers-spot');
    return {
      body: {
        ...body,
        data: body.data.filter((t) => t.instId === 'BTC-USDT').map((t) => ({ ...t, last: price(), ts: String(at()) })),
      },
    };
  };
}

/** Kraken answering only XBT/USD at `price` (its answers carry no time: they count as of arrival). */
function krakenTicker(price: string) {
  const body = fixture<{ error: string[]; result: Record<string, { c: string[] }> }>('kraken', 'Ticker');
  const btc = body.result.XXBTZUSD!;
  return { error: [], result: { XXBTZUSD: { ...btc, c: [price, btc.c[1]!] } } };
}

const fast = { retries: 0, timeoutMs: 5_000, now: () => clock };
const binance = () => new BinanceSpot({ baseUrl: up.url, ...fast });
const okx = () => new Okx({ baseUrl: up.url, ...fast });
const kraken = () => new Kraken({ baseUrl: up.url, ...fast });

function market(sources: TickerSource[], more: Partial<ConstructorParameters<typeof LiveMarket>[0]> = {}) {
  return new LiveMarket({
    db: db(),
    sources,
    intervalMs: 30_000,
    staleMs: STALE_MS,
    now: () => clock,
    log: () => {},
    ...more,
  });
}

async function rows<R>(query: ReturnType<typeof sql>): Promise<R[]> {
  return ((await db().execute(query)) as unknown as { rows: R[] }).rows;
}

async function bitcoin() {
  const [row] = await rows<{ price: string; price_at: Date; sources: string[]; volume: string }>(
    sql`select price::text, price_at, sources, volume_24h::text as volume from coins where id = 'bitcoin'`,
  );
  return {
    price: Number(row!.price),
    priceAt: new Date(row!.price_at).getTime(),
    sources: row!.sources,
    volume: Number(row!.volume),
  };
}

type Pair = {
  pair: string;
  source: string | null;
  excluded: string | null;
  price: number | null;
  volume24h: number | null;
  change24h: number | null;
  spread: number | null;
  updatedAt: string;
};
/** The coin's market tab, as the page and the API read it (the demo pairs of other exchanges gone first). */
async function marketTab(coin: string): Promise<Pair[]> {
  await db().execute(sql`delete from tickers where coin_id = ${coin} and source is null`);
  const res = await get<{ list: Pair[]; total: number }>(`/api/v1/coins/${coin}/tickers?size=100`);
  expect(res.status).toBe(200);
  expect(res.body.data.total).toBeLessThan(100);
  return res.body.data.list;
}

/** Writes a round's ticks as the realtime hub does. */
const writer = () => new TickWriter(db());

beforeEach(async () => {
  clock = T;
  up = await startFakeUpstream({
    '/api/v3/exchangeInfo': { body: fixture('binance', 'exchangeInfo') },
    '/0/public/AssetPairs': { body: fixture('kraken', 'AssetPairs') },
    '/api/v5/public/instruments': (q) =>
      q.get('instType') === 'SPOT'
        ? { body: fixture('okx', 'instruments-spot') }
        : { body: { code: '0', msg: '', data: [] } },
  });
});
afterEach(() => up.close());

describe('an answer that lists a pair twice', () => {
  it('counts it once: the coin’s price and volume are those of the market tab’s rows', async () => {
    const once = binanceAnswer(['BTCUSDT', 'BTCFDUSD'], T);
    const btcusdt = once.find((t) => t.symbol === 'BTCUSDT')!;
    // The same symbol again, further down the answer, with the same figures.
    up.route('/api/v3/ticker/24hr', { body: [...once, { ...btcusdt }] });
    const m = market([binance()]);
    const ticks = await m.round();
    await writer().write(ticks);

    const tab = (await marketTab('bitcoin')).filter((p) => p.excluded === null);
    expect(tab.map((p) => p.pair).sort()).toEqual(['BTC/FDUSD', 'BTC/USDT']);
    const coin = await bitcoin();
    const counted = tab.reduce((sum, p) => sum + p.volume24h!, 0);
    expect(coin.volume).toBeCloseTo(counted, -1);
    const vwap = tab.reduce((sum, p) => sum + p.price! * p.volume24h!, 0) / counted;
    expect(coin.price).toBeCloseTo(vwap, 4);
  });
});

describe('a zero price', () => {
  it('is marked on the market tab as rejected as an invalid price, not as stale, and leaves the price', async () => {
    let answer = binanceAnswer(['BTCUSDT', 'BTCFDUSD'], T);
    up.route('/api/v3/ticker/24hr', () => ({ body: answer }));
    const m = market([binance()]);
    await writer().write(await m.round());
    expect((await marketTab('bitcoin')).find((p) => p.pair === 'BTC/USDT')).toMatchObject({
      excluded: null,
      price: 96512.34,
    });

    clock = T + 10_000;
    answer = binanceAnswer(['BTCUSDT', 'BTCFDUSD', 'MITOUSDT'], clock, (t) =>
      t.symbol === 'BTCUSDT' ? { ...t, lastPrice: '0.00000000' } : t,
    );
    await writer().write(await m.round());
    const usdt = (await marketTab('bitcoin')).find((p) => p.pair === 'BTC/USDT')!;
    expect(usdt).toMatchObject({
      excluded: 'invalid-price',
      price: null,
      volume24h: null,
      change24h: null,
      spread: null,
    });
    expect(Date.parse(usdt.updatedAt)).toBe(clock);
    // Bitcoin's price is FDUSD's pair alone now; a pair that never traded (MITO's 0) is not added.
    expect((await bitcoin()).price).toBeCloseTo(96520.01, 2);
    expect(await rows(sql`select 1 from tickers where instrument = 'MITOUSDT'`)).toEqual([]);
  });
});

describe('one market of a source failing', () => {
  it('keeps its other markets fresh in the round, and its own pairs listed until they go stale', async () => {
    let linearDown = false;
    up.route('/v5/market/instruments-info', (q) => {
      const category = q.get('category');
      if (category !== 'linear') return { body: fixture('bybit', `instruments-${category}`) };
      return { body: fixture('bybit', q.get('cursor') ? 'instruments-linear-2' : 'instruments-linear-1') };
    });
    up.route('/v5/market/tickers', (q) => {
      if (linearDown && q.get('category') === 'linear') return { status: 502, body: 'Bad Gateway' };
      return { body: { ...fixture<object>('bybit', `tickers-${q.get('category')}`), time: clock } };
    });
    const m = market([new Bybit({ baseUrl: up.url, ...fast })]);
    const pair = async (name: string) => {
      const [row] = await rows<{ excluded: string | null; volume: string | null; at: string }>(
        sql`select t.excluded, t.volume_24h::text as volume, t.updated_at::text as at from tickers t join exchanges e on e.id = t.exchange_id where e.name = 'bybit' and t.pair = ${name}`,
      );
      return { ...row!, at: Date.parse(row!.at) };
    };
    await m.round();
    expect(await pair('BTC-PERPETUAL/USDT')).toMatchObject({ excluded: 'futures', volume: expect.any(String) });

    linearDown = true;
    clock = T + 10_000;
    await m.round();
    // Spot is this round's; the linear contracts are still listed (not dropped as delisted), as last answered.
    expect((await pair('BTC/USDT')).at).toBe(T + 10_000);
    expect(await pair('BTC-PERPETUAL/USDT')).toMatchObject({ excluded: 'futures', volume: expect.any(String), at: T });
    clock = T + STALE_MS + 1_000;
    await m.round();
    expect(await pair('BTC-PERPETUAL/USDT')).toMatchObject({ excluded: 'stale', at: T });
    expect(await pair('BTC/USDT')).toMatchObject({ excluded: null });
  });
});

describe("OKX's dated futures in the two weeks before a quarterly delivery", () => {
  it('keep the names OKX gives them (this_week, next_week, quarter, next_quarter), as the methodology says', async () => {
    // Monday 15 June 2026: the June quarterly (the 26th) is OKX's next_week now.
    clock = Date.UTC(2026, 5, 15, 12);
    const contracts = [
      { instId: 'BTC-USD-260619', alias: 'this_week', expTime: String(Date.UTC(2026, 5, 19, 8)) },
      { instId: 'BTC-USD-260626', alias: 'next_week', expTime: String(Date.UTC(2026, 5, 26, 8)) },
      { instId: 'BTC-USD-260925', alias: 'quarter', expTime: String(Date.UTC(2026, 8, 25, 8)) },
      { instId: 'BTC-USD-261225', alias: 'next_quarter', expTime: String(Date.UTC(2026, 11, 25, 8)) },
    ];
    const instrument = fixture<{ data: Record<string, string>[] }>('okx', 'instruments-futures').data[0]!;
    const ticker = fixture<{ data: Record<string, string>[] }>('okx', 'tickers-futures').data[0]!;
    const envelope = (data: unknown[]) => ({ body: { code: '0', msg: '', data } });
    up.route('/api/v5/public/instruments', (q) =>
      q.get('instType') === 'FUTURES'
        ? envelope(contracts.map((c) => ({ ...instrument, ...c, state: 'live' })))
        : { body: fixture('okx', 'instruments-spot') },
    );
    up.route('/api/v5/market/tickers', (q) =>
      q.get('instType') === 'FUTURES'
        ? envelope(contracts.map((c) => ({ ...ticker, instId: c.instId, ts: String(clock) })))
        : envelope([]),
    );
    await market([okx()]).round();
    const pairs = await rows<{ pair: string; instrument: string }>(
      sql`select t.pair, t.instrument from tickers t join exchanges e on e.id = t.exchange_id where e.name = 'okx' and t.source = 'okx' and t.market = 'futures' order by t.expires_at`,
    );
    expect(pairs).toEqual([
      { pair: 'BTC-WEEKLY/USD', instrument: 'BTC-USD-260619' },
      { pair: 'BTC-BIWEEKLY/USD', instrument: 'BTC-USD-260626' },
      { pair: 'BTC-QUARTERLY/USD', instrument: 'BTC-USD-260925' },
      { pair: 'BTC-BIQUARTERLY/USD', instrument: 'BTC-USD-261225' },
    ]);
  });
});

describe('an outage in which no source answers', () => {
  it('moves no price: the last price computed from fresh data stays, with the time of its newest figure', async () => {
    // Binance at 70,021, OKX at 70,030 and Kraken at 29,024 (an outlier among three), each
    // figure of a different age, so that the three go stale one round apart.
    up.route('/api/v3/ticker/24hr', {
      body: binanceAnswer(['BTCUSDT'], T - 20_000, (t) => ({ ...t, lastPrice: '70021.00' })),
    });
    up.route(
      '/api/v5/market/tickers',
      okxRoute(
        () => '70030',
        () => T - 10_000,
      ),
    );
    up.route('/0/public/Ticker', { body: krakenTicker('29024.0') });
    const m = market([binance(), okx(), kraken()]);
    const hub = writer();
    const first = await m.round();
    await hub.write(first);
    const before = await bitcoin();
    expect(before.price).toBeGreaterThan(70_020);
    expect(before.price).toBeLessThan(70_031);
    // Its newest figure is OKX's: Kraken's, newer, is the outlier, which made nothing.
    expect(before.priceAt).toBe(T - 10_000);
    expect(before.sources).toEqual(['binance', 'okx']);

    for (const path of ['/api/v3/ticker/24hr', '/api/v5/market/tickers', '/0/public/Ticker'])
      up.route(path, { status: 503, body: 'down' });
    // 45 s on Binance's figure is stale, OKX's and Kraken's are not: two prices are left, too
    // few for the outlier test; 10 s later only Kraken's; then none.
    for (const at of [T + 45_000, T + 55_000, T + 65_000, T + 120_000]) {
      clock = at;
      const ticks = await m.round();
      expect(ticks.filter((t: TickInput) => t.coinId === 'bitcoin')).toEqual([]);
      await hub.write(ticks);
      expect(await bitcoin()).toEqual(before);
    }
    // The pages read it as stale: the header, the list row and the API say so.
    const coin = await get<{ price: number; priceAt: string; stale: boolean }>('/api/v1/coins/bitcoin');
    expect(coin.body.data).toMatchObject({
      price: before.price,
      priceAt: new Date(T - 10_000).toISOString(),
      stale: true,
    });
    // So does every other list that shows its price: the rankings, hot coins, the movers, the chart page.
    const volume = await getRanking(db(), { kind: 'volume', page: 1, size: 100 });
    expect(volume.list.find((r) => 'id' in r && r.id === 'bitcoin')).toMatchObject({ stale: true });
    expect((await listHotCoins(db(), { page: 1, size: 500 })).list.find((c) => c.id === 'bitcoin')).toMatchObject({
      stale: true,
    });
    expect((await findKlineCoin(db(), 'btc'))!.stale).toBe(true);
    const movers = await topMovers(db(), 100);
    expect([...movers.gainers, ...movers.losers].find((c) => c.id === 'bitcoin')).toMatchObject({ stale: true });
    // The embeddable widget and the search results' coin rows.
    expect((await widgetCoins(db(), ['bitcoin'])).coins[0]).toMatchObject({
      id: 'bitcoin',
      stale: true,
      priceAt: new Date(T - 10_000).toISOString(),
    });
    const found = (await search(db(), { q: 'bitcoin', kind: 'coin' })).sections.find((s) => s.kind === 'coin');
    expect(found?.kind === 'coin' && found.list.find((c) => c.id === 'bitcoin')).toMatchObject({ stale: true });

    // Kraken answers again, at a sane price: a new figure, so a new price, of that figure's age.
    up.route('/0/public/Ticker', { body: krakenTicker('70100.0') });
    clock = T + 130_000;
    await hub.write(await m.round());
    expect(await bitcoin()).toMatchObject({ price: 70_100, priceAt: T + 130_000, sources: ['kraken'] });
  });
});

describe('a source that hangs', () => {
  it('does not hold the others back: they are asked every round, and its answer joins when it comes', async () => {
    const realClock = { retries: 0, timeoutMs: 10_000 };
    up.route('/api/v3/ticker/24hr', () => ({ body: binanceAnswer(['BTCUSDT'], Date.now()) }));
    // Kraken answers the first question at once, the second after 6 s.
    up.route('/0/public/Ticker', [
      { body: krakenTicker('96500.0') },
      { body: krakenTicker('96600.0'), delayMs: 6_000 },
    ]);
    const m = new LiveMarket({
      db: db(),
      sources: [new BinanceSpot({ baseUrl: up.url, ...realClock }), new Kraken({ baseUrl: up.url, ...realClock })],
      intervalMs: 200,
      staleMs: STALE_MS,
      log: () => {},
    });
    const published: TickInput[][] = [];
    m.start(async (ticks) => void published.push(ticks));
    try {
      await m.firstRound;
      const asked = () => up.requests.filter((r) => r.path === '/api/v3/ticker/24hr').length;
      const start = asked();
      // While Kraken hangs, a round every 200 ms asks Binance again (before, every round waited
      // for Kraken's answer), and reprices bitcoin from Binance's new figure.
      await expect.poll(() => asked() - start, { timeout: 5_500, interval: 50 }).toBeGreaterThanOrEqual(3);
      expect(published.filter((ticks) => ticks.some((t) => t.coinId === 'bitcoin')).length).toBeGreaterThanOrEqual(3);
      // One question at a time: Kraken was not asked again meanwhile.
      expect(up.requests.filter((r) => r.path === '/0/public/Ticker').length).toBe(2);
      const krakenPrice = async () =>
        (
          await rows<{ price: string }>(
            sql`select t.price_quote::text as price from tickers t join exchanges e on e.id = t.exchange_id where e.name = 'kraken' and t.pair = 'BTC/USD'`,
          )
        )[0]?.price;
      expect(await krakenPrice()).toBe('96500');
      await expect.poll(krakenPrice, { timeout: 8_000 }).toBe('96600');
    } finally {
      await m.stop();
    }
  });
});

describe("the header strip's Live/Stale word", () => {
  /** What the strip and /api/health say: stale or not. */
  const both = async () => [
    (await currentTotals(db())).provenance.stale,
    (await get<{ stale: boolean }>('/api/health')).body.data.stale,
  ];

  it('agrees with /api/health within one refresh, whichever way the data turns', async () => {
    // Live data that turns stale in a second and a half, by the clock alone (no write).
    const turnsStale = new Date(Date.now() - config().STALE_MS + 1_500).toISOString();
    await db().execute(sql`insert into site_meta (key, value, updated_at) values ('data_source', ${JSON.stringify({ source: 'live', sources: ['binance'], updatedAt: turnsStale })}::jsonb, now())
      on conflict (key) do update set value = excluded.value`);
    expect(await both()).toEqual([false, false]);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(await both()).toEqual([true, true]);
    // A round with fresh data: the strip says live again at once, as the health endpoint does.
    clock = Date.now();
    up.route('/api/v3/ticker/24hr', { body: binanceAnswer(['BTCUSDT'], clock) });
    await market([binance()]).round();
    expect(await both()).toEqual([false, false]);
  });
});

describe('the whole-market totals on live data without a supply source', () => {
  it('add up the coins the sources price, not the demo rows, and say their market caps are estimates', async () => {
    up.route('/api/v3/ticker/24hr', { body: binanceAnswer(['BTCUSDT', 'ETHUSDT'], clock) });
    await writer().write(await market([binance()]).round());
    const [sums] = await rows<{ cap: string; vol: string }>(
      sql`select sum(market_cap)::text as cap, sum(volume_24h)::text as vol from coins where cardinality(sources) > 0`,
    );
    const totals = await globalTotals(db());
    expect(totals).toMatchObject({ sums: 'sources', marketCapEstimate: true, wholeMarket: null });
    expect(totals.totalMarketCap).toBeCloseTo(Number(sums!.cap), 0);
    expect(totals.totalVolume24h).toBeCloseTo(Number(sums!.vol), 0);
    // The demo rows are still listed (and counted as coins), but add nothing to the sums.
    const [all] = await rows<{ cap: string; n: number }>(
      sql`select sum(market_cap)::text as cap, count(*)::int as n from coins`,
    );
    expect(Number(all!.cap) - totals.totalMarketCap).toBeGreaterThan(1e11);
    expect(totals.coinCount).toBe(all!.n);
    // Each live coin says its market cap is an estimate: the live price × the demo data's supply.
    const btc = await get<{ marketCap: number; marketCapEstimate: boolean; supplySource: string | null }>(
      '/api/v1/coins/bitcoin',
    );
    expect(btc.body.data).toMatchObject({ marketCapEstimate: true, supplySource: null });
  });
});
