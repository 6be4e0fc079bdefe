import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import type { DbHandle } from '../db/client.ts';
import { openEmptyDb } from '../../../tests/setup/db.ts';
import { generateDemoData, seedDemo, seedIfEmpty, type SeedSummary } from './index.ts';

const NOW = new Date('2026-11-20T12:34:56Z');
const HOUR_START = Date.UTC(2026, 10, 20, 12);
const CONTRACT_TYPES = [
  'PERPETUAL',
  'UPSWEEKLY',
  'DOWNSWEEKLY',
  'WEEKLY',
  'BIWEEKLY',
  'MONTHLY',
  'QUARTERLY',
  'BIQUARTERLY',
];

let handle: DbHandle;
let summary: SeedSummary;
let seedMs = 0;

async function rows<T = Record<string, unknown>>(query: SQL): Promise<T[]> {
  const result = (await handle.db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

async function one<T = Record<string, unknown>>(query: SQL): Promise<T> {
  const [row] = await rows<T>(query);
  if (!row) throw new Error('no row');
  return row;
}

const n = (v: unknown) => Number(v);

describe('demo seed', () => {
  beforeAll(async () => {
    handle = await openEmptyDb();
    const started = performance.now();
    summary = await seedDemo(handle.db, { now: NOW });
    seedMs = performance.now() - started;
    console.info(`seedDemo: ${Math.round(seedMs)} ms`, summary);
  }, 120_000);

  afterAll(async () => {
    await handle?.close();
  });

  it('reports what it wrote', async () => {
    const counts = await one(sql`select
      (select count(*) from coins) as coins, (select count(*) from exchanges) as exchanges,
      (select count(*) from tickers) as tickers, (select count(*) from klines) as klines`);
    expect(summary).toEqual({
      coins: n(counts.coins),
      exchanges: n(counts.exchanges),
      tickers: n(counts.tickers),
      klines: n(counts.klines),
    });
  });

  it('has at least 500 coins, 120 exchanges of both types and 8000 tickers', async () => {
    expect(summary.coins).toBeGreaterThanOrEqual(500);
    expect(summary.exchanges).toBe(120);
    expect(summary.tickers).toBeGreaterThanOrEqual(8000);
    const types = await rows<{ type: string; n: number }>(
      sql`select type, count(*)::int as n from exchanges group by type order by type`,
    );
    expect(types.map((t) => t.type)).toEqual(['CEX', 'DEX']);
    const icons = await one(
      sql`select count(*) filter (where has_icon) as with_icon, count(*) filter (where not has_icon) as without from coins`,
    );
    expect(n(icons.with_icon)).toBeGreaterThan(400);
    expect(n(icons.without)).toBeGreaterThanOrEqual(40);
  });

  it('lists every contract type many times, perpetuals most', async () => {
    const counts = await rows<{ contract_type: string; n: number }>(
      sql`select contract_type, count(*)::int as n from tickers where market = 'futures' group by contract_type order by n desc`,
    );
    expect(counts.map((c) => c.contract_type).sort()).toEqual([...CONTRACT_TYPES].sort());
    expect(counts[0]?.contract_type).toBe('PERPETUAL');
    for (const c of counts) expect(c.n).toBeGreaterThanOrEqual(20);
    const bad =
      await one(sql`select count(*) as n from tickers where (market = 'futures') <> (contract_type is not null)
      or (market = 'futures' and pair <> base_symbol || '-' || contract_type || '/' || quote_symbol)
      or (market = 'spot' and pair <> base_symbol || '/' || quote_symbol)`);
    expect(n(bad.n)).toBe(0);
  });

  it('stores a year of daily and a month of hourly klines for every coin', async () => {
    const counts = await rows<{ interval: string; n: number; coins: number; last: string }>(
      sql`select interval, count(*)::int as n, count(distinct coin_id)::int as coins, max(open_time) as last from klines group by interval order by interval`,
    );
    const byInterval = Object.fromEntries(counts.map((c) => [c.interval, c]));
    expect(byInterval['1d']).toMatchObject({ n: summary.coins * 365, coins: summary.coins });
    expect(byInterval['1h']).toMatchObject({ n: summary.coins * 720, coins: summary.coins });
    expect(new Date(byInterval['1h']?.last ?? 0).getTime()).toBe(HOUR_START - 3_600_000);
  });

  it('sums the whole market from the same candles: the last snapshot is the coin list total', async () => {
    const counts = await rows<{ interval: string; n: number }>(
      sql`select interval, count(*)::int as n from market_snapshots where source = 'demo' group by interval order by interval`,
    );
    expect(Object.fromEntries(counts.map((c) => [c.interval, c.n]))).toEqual({ '5m': 288, '1h': 720, '1d': 365 });
    const last = await one(sql`select
      (select market_cap from market_snapshots where interval = '1h' order by at desc limit 1) as hourly,
      (select market_cap from market_snapshots where interval = '5m' order by at desc limit 1) as five,
      (select sum(price * circulating_supply) from coins) as total,
      (select volume_24h from market_snapshots where interval = '1h' order by at desc limit 1) as volume,
      (select volume_24h from market_snapshots where interval = '1d' order by at desc limit 1) as today,
      (select volume_24h from market_snapshots where interval = '1h' order by at limit 1) as first_volume,
      (select sum(volume_24h) from coins) as coin_volume,
      (select btc_cap from market_snapshots where interval = '1d' order by at desc limit 1) as btc,
      (select market_cap from coins where symbol = 'BTC') as btc_now`);
    for (const key of ['hourly', 'five'] as const) expect(n(last[key]) / n(last.total)).toBeCloseTo(1, 9);
    // The candles of the last 24 hours trade each coin's 24h volume: the market's volume is the list's.
    for (const key of ['volume', 'today'] as const) expect(n(last[key]) / n(last.coin_volume)).toBeCloseTo(1, 6);
    expect(n(last.first_volume) / n(last.volume)).toBeGreaterThan(0.5);
    expect(n(last.first_volume) / n(last.volume)).toBeLessThan(2);
    expect(n(last.btc) / n(last.btc_now)).toBeCloseTo(1, 9);
    // The daily series is the sum of the coins' daily candles: spot-check one day.
    const day = await one(sql`with d as (select min(at) as at from market_snapshots where interval = '1d')
      select (select market_cap from market_snapshots, d where interval = '1d' and market_snapshots.at = d.at) as snap,
        (select sum(k.close * c.circulating_supply) from klines k join coins c on c.id = k.coin_id, d
          where k.interval = '1d' and k.open_time = d.at) as summed`);
    expect(n(day.snap) / n(day.summed)).toBeCloseTo(1, 9);
  });

  it('keeps candles well-formed: open = previous close, high ≥ max(open, close), low ≤ min(open, close), low > 0', async () => {
    const bad = await one(sql`select
      count(*) filter (where high < greatest(open, close) or low > least(open, close) or low <= 0 or high < low) as shape,
      count(*) filter (where prev is not null and prev <> open) as gaps
      from (select *, lag(close) over (partition by coin_id, interval order by open_time) as prev from klines) k`);
    expect(n(bad.shape)).toBe(0);
    expect(n(bad.gaps)).toBe(0);
  });

  it('stores minute candles for the last day of every coin that roll up exactly to their hours', async () => {
    const counts =
      await one(sql`select count(*)::int as n, count(distinct coin_id)::int as coins, min(open_time) as first, max(open_time) as last
      from klines where interval = '1m'`);
    expect(n(counts.n)).toBe(summary.coins * 24 * 60);
    expect(n(counts.coins)).toBe(summary.coins);
    expect(new Date(counts.first as string).getTime()).toBe(HOUR_START - 24 * 3_600_000);
    expect(new Date(counts.last as string).getTime()).toBe(HOUR_START - 60_000);
    const rolled = await rows<{ joined: number; bad: number }>(sql`
      with m as (
        select coin_id, to_timestamp(floor(extract(epoch from open_time) / 3600) * 3600) as hour,
          (array_agg(open order by open_time))[1] as o, (array_agg(close order by open_time desc))[1] as c,
          max(high) as h, min(low) as l, sum(volume) as v, count(*) as minutes
        from klines where interval = '1m' group by 1, 2
      )
      select count(*)::int as joined,
        count(*) filter (where m.o <> k.open or m.c <> k.close or m.h <> k.high or m.l <> k.low or m.v <> k.volume or m.minutes <> 60)::int as bad
      from m join klines k on k.coin_id = m.coin_id and k.interval = '1h' and k.open_time = m.hour`);
    expect(rolled[0]).toEqual({ joined: summary.coins * 24, bad: 0 });
  });

  it('ends every kline series at the coin price and derives the coin fields from it', async () => {
    const bad = await rows(sql`
      with last as (
        select distinct on (coin_id, interval) coin_id, interval, close from klines order by coin_id, interval, open_time desc
      ), ext as (
        select coin_id, max(high) as hi, min(low) as lo from klines group by coin_id
      ), ago as (
        select coin_id, open from klines where interval = '1h' and open_time = ${new Date(HOUR_START - 24 * 3_600_000)}
      )
      select c.id from coins c
        join last l on l.coin_id = c.id
        join ext e on e.coin_id = c.id
        join ago a on a.coin_id = c.id
      where l.close <> c.price or c.ath < e.hi or c.atl > e.lo
        or abs(c.change_24h - (c.price / a.open - 1) * 100) > 1e-5`);
    expect(bad).toEqual([]);
  });

  it('computes market cap as price × circulating supply and ranks by it without gaps', async () => {
    const cap =
      await one(sql`select count(*) filter (where abs(market_cap - price * circulating_supply) > market_cap * 1e-9) as off,
      count(*) filter (where market_cap <> price * circulating_supply) as inexact from coins`);
    expect(n(cap.off)).toBe(0);
    expect(n(cap.inexact)).toBe(0);
    const ranks = await rows<{ rank: number }>(sql`select rank from coins order by market_cap desc, id`);
    expect(ranks.map((r) => r.rank)).toEqual(ranks.map((_, i) => i + 1));
    const dominance = await one(
      sql`select sum(market_cap / (select sum(market_cap) from coins) * 100) as total from coins`,
    );
    expect(Math.abs(n(dominance.total) - 100)).toBeLessThan(1e-9);
  });

  it('keeps the other coin figures consistent', async () => {
    const bad = await one(sql`select count(*) as n from coins where
      price <= 0 or high_24h < price or low_24h > price or total_supply < circulating_supply
      or max_supply < total_supply or ath < price or atl > price or ath_at > ${NOW} or atl_at > ${NOW}
      or volume_24h <= 0 or jsonb_array_length(sparkline_7d) <> 168 or (sparkline_7d->>167)::numeric <> price`);
    expect(n(bad.n)).toBe(0);
    const top = await rows<{ symbol: string; price: string; rank: number }>(
      sql`select symbol, price, rank from coins where rank <= 3 order by rank`,
    );
    expect(top.map((c) => c.symbol)).toEqual(['BTC', 'ETH', 'USDT']);
    const stables = await one(
      sql`select max(abs(price - 1)) as dev from coins where symbol in ('USDT', 'USDC', 'DAI')`,
    );
    expect(n(stables.dev)).toBeLessThan(0.01);
    const tiny = await one(sql`select count(*) as n from coins where price < 0.0000001`);
    expect(n(tiny.n)).toBeGreaterThan(0);
    const reviewed = await one(
      sql`select count(*) filter (where not reviewed and rank <= 100) as top, avg(reviewed::int) as share from coins`,
    );
    expect(n(reviewed.top)).toBe(0);
    expect(n(reviewed.share)).toBeGreaterThan(0.75);
  });

  it('gives every coin tags, a website, an explorer and at least one market', async () => {
    const bad = await one(sql`select count(*) as n from coins c where
      not exists (select 1 from coin_tags t where t.coin_id = c.id)
      or not exists (select 1 from coin_links l where l.coin_id = c.id and l.kind = 'website')
      or not exists (select 1 from coin_links l where l.coin_id = c.id and l.kind = 'explorer')
      or not exists (select 1 from tickers t where t.coin_id = c.id)`);
    expect(n(bad.n)).toBe(0);
    const usdt = await rows<{ slug: string }>(
      sql`select k.slug from coin_concepts cc join concepts k on k.id = cc.concept_id where cc.coin_id = 'tether'`,
    );
    expect(usdt.map((r) => r.slug)).toContain('stablecoins');
  });

  it('quotes tickers with bid < price < ask and a sane spread', async () => {
    const bad = await one(sql`select count(*) as n from tickers where not (best_bid < price and price < best_ask)
      or (best_ask - best_bid) / best_ask > 0.0101 or (best_ask - best_bid) / best_ask < 0.00009 or volume_24h <= 0`);
    expect(n(bad.n)).toBe(0);
    const deviation = await one(
      sql`select max(abs(t.price / c.price - 1)) as dev from tickers t join coins c on c.id = t.coin_id`,
    );
    expect(n(deviation.dev)).toBeLessThanOrEqual(0.005);
    const volume = await one(sql`select max(abs(v / c.volume_24h - 1)) as dev from coins c
      join (select coin_id, sum(volume_24h) as v from tickers group by coin_id) t on t.coin_id = c.id`);
    expect(n(volume.dev)).toBeLessThan(0.001);
  });

  it('fills exchange totals and ranks from the tickers', async () => {
    const bad = await one(sql`select count(*) as n from exchanges e
      left join (select exchange_id, sum(volume_24h) as v, count(*) as pairs, count(distinct coin_id) as coins from tickers group by exchange_id) t
        on t.exchange_id = e.id
      where abs(e.reported_volume_24h - coalesce(t.v, 0)) > coalesce(t.v, 0) * 1e-9
        or e.pair_count <> coalesce(t.pairs, 0) or e.coin_count <> coalesce(t.coins, 0)`);
    expect(n(bad.n)).toBe(0);
    const ranks = await rows<{ rank: number }>(sql`select rank from exchanges order by reported_volume_24h desc, name`);
    expect(ranks.map((r) => r.rank)).toEqual(ranks.map((_, i) => i + 1));
  });

  it('writes rates and the data source', async () => {
    const rates = await rows<{ symbol: string; rate: string }>(sql`select symbol, rate from rates`);
    const rate = Object.fromEntries(rates.map((r) => [r.symbol, Number(r.rate)]));
    for (const s of ['USD', 'USDT', 'CNY', 'JPY', 'KRW', 'HKD', 'TWD', 'EUR', 'BTC', 'ETH'])
      expect(rate[s]).toBeGreaterThan(0);
    expect(rate.USD).toBe(1);
    const btc = await one<{ price: string }>(sql`select price from coins where id = 'bitcoin'`);
    expect((rate.BTC ?? 0) * Number(btc.price)).toBeCloseTo(1, 8);
    const meta = await one<{ value: { source: string; seededAt: string } }>(
      sql`select value from site_meta where key = 'data_source'`,
    );
    expect(meta.value).toEqual({ source: 'demo', seededAt: NOW.toISOString() });
  });

  it('seeds fund flows for every coin and exchange in the four windows, exact in cents and scaled by volume', async () => {
    const counts = await one(sql`select (select count(*) from coin_flows) as cf, (select count(*) from coins) as c,
      (select count(*) from exchange_flows) as ef, (select count(*) from exchanges) as e`);
    expect(n(counts.cf)).toBe(4 * n(counts.c));
    expect(n(counts.ef)).toBe(4 * n(counts.e));
    const bad = await one(sql`select count(*) as n from (
        select inflow, outflow, netflow from coin_flows union all select inflow, outflow, netflow from exchange_flows) f
      where netflow <> inflow - outflow or inflow < 0 or outflow < 0 or scale(inflow) > 2 or scale(outflow) > 2`);
    expect(n(bad.n)).toBe(0);
    // The 1 d gross flow is a share (25–45 %) of the 24 h volume; longer windows move more money.
    const scale = await one(sql`select count(*) filter (where (f.inflow + f.outflow) > c.volume_24h * 0.46
        or (f.inflow + f.outflow) < c.volume_24h * 0.24) as off
      from coin_flows f join coins c on c.id = f.coin_id where f.window = '1d' and c.volume_24h > 1000`);
    expect(n(scale.off)).toBe(0);
    const order = await one(sql`select count(*) as n from coin_flows a join coin_flows b on a.coin_id = b.coin_id
      where a.window = '1h' and b.window = '7d' and a.inflow + a.outflow > b.inflow + b.outflow`);
    expect(n(order.n)).toBe(0);
  });

  it('gives the top 100 coins 100 ranked holders holding less than the circulating supply', async () => {
    const per = await rows<{ coins: number; bad: number }>(sql`select count(*)::int as coins,
      count(*) filter (where h.n <> 100 or h.total >= c.circulating_supply or h.min_rank <> 1 or h.max_rank <> 100)::int as bad
      from (select coin_id, count(*) as n, sum(balance) as total, min(rank) as min_rank, max(rank) as max_rank from coin_holders group by coin_id) h
      join coins c on c.id = h.coin_id`);
    expect(per[0]).toEqual({ coins: 100, bad: 0 });
    const outside = await one(
      sql`select count(*) as n from (select distinct coin_id from coin_holders) h join coins c on c.id = h.coin_id where c.rank > 100`,
    );
    expect(n(outside.n)).toBe(0);
    const unordered = await one(sql`select count(*) as n from coin_holders a join coin_holders b
      on a.coin_id = b.coin_id and b.rank = a.rank + 1 where b.balance > a.balance`);
    expect(n(unordered.n)).toBe(0);
    // A holder labelled with an exchange is an exchange that lists the coin.
    const stray = await one(sql`select count(*) as n from coin_holders h where h.exchange_id is not null
      and not exists (select 1 from tickers t where t.coin_id = h.coin_id and t.exchange_id = h.exchange_id)`);
    expect(n(stray.n)).toBe(0);
  });

  it('stores 30 days of chain activity and large transfers of at least 100,000 USD for the top 100', async () => {
    const chain = await one(sql`select count(*) as n, count(distinct coin_id) as coins, max(day) as last,
      count(*) filter (where new_addresses > active_addresses or transactions <= 0 or transfer_volume <= 0) as bad from coin_chain_daily`);
    expect(n(chain.n)).toBe(100 * 30);
    expect(n(chain.coins)).toBe(100);
    expect(String(chain.last).slice(0, 10)).toBe('2026-11-19');
    expect(n(chain.bad)).toBe(0);
    const transfers =
      await one(sql`select count(distinct t.coin_id) as coins, count(*) filter (where t.value_usd < 100000
        or abs(t.value_usd - t.amount * c.price) > t.value_usd * 1e-6 or t.at > ${NOW} or t.from_address = t.to_address) as bad
      from coin_transfers t join coins c on c.id = t.coin_id`);
    expect(n(transfers.coins)).toBe(100);
    expect(n(transfers.bad)).toBe(0);
  });

  it('keeps exchange balances to exchanges listing the coin and below the circulating supply', async () => {
    const bad = await one(sql`select count(*) as n from exchange_balances b where balance <= 0
      or not exists (select 1 from tickers t where t.coin_id = b.coin_id and t.exchange_id = b.exchange_id)`);
    expect(n(bad.n)).toBe(0);
    const over =
      await one(sql`select count(*) as n from (select coin_id, sum(balance) as s from exchange_balances group by coin_id) b
      join coins c on c.id = b.coin_id where b.s >= c.circulating_supply * 0.25`);
    expect(n(over.n)).toBe(0);
    const btc = await one(sql`select count(*) as n from exchange_balances where coin_id = 'bitcoin'`);
    expect(n(btc.n)).toBeGreaterThanOrEqual(10);
  });

  it('has repository activity exactly for coins with a repository link', async () => {
    const mismatch = await one(sql`select
      (select count(*) from coin_repos r where not exists (select 1 from coin_links l where l.coin_id = r.coin_id and l.kind = 'repository' and l.url = r.url)) as orphan,
      (select count(distinct l.coin_id) from coin_links l where l.kind = 'repository' and not exists (select 1 from coin_repos r where r.coin_id = l.coin_id)) as missing,
      (select count(*) from coin_repos) as repos`);
    expect(n(mismatch.orphan)).toBe(0);
    expect(n(mismatch.missing)).toBe(0);
    expect(n(mismatch.repos)).toBeGreaterThan(100);
    const bad = await one(sql`select count(*) as n from coin_repos where jsonb_array_length(weekly_commits) <> 52
      or commits < (select sum(x::int) from jsonb_array_elements_text(weekly_commits) x)
      or commits_30d < (select sum(x::int) from jsonb_array_elements_text(weekly_commits) with ordinality w(x, i) where i > 48) or last_commit_at > ${NOW}
      or forks > stars or contributors < 1`);
    expect(n(bad.n)).toBe(0);
  });

  it('has a roadmap with done and planned entries and a process history for the top coins', async () => {
    const m =
      await one(sql`select count(distinct coin_id) filter (where kind = 'roadmap' and not done and at > ${NOW}::date) as planned,
      count(distinct coin_id) filter (where kind = 'roadmap' and done) as delivered,
      count(*) filter (where kind = 'process' and (not done or at > ${NOW}::date)) as bad_process from coin_milestones`);
    expect(n(m.planned)).toBe(100);
    expect(n(m.delivered)).toBe(100);
    expect(n(m.bad_process)).toBe(0);
  });

  it('seeds demo users with locked passwords and reviews of top coins and exchanges', async () => {
    const u = await one(
      sql`select count(*) as n, count(*) filter (where username not like 'demo\_%' or password_hash not like '!%') as bad from users`,
    );
    expect(n(u.n)).toBe(40);
    expect(n(u.bad)).toBe(0);
    const reviews = await rows<{
      target_type: string;
      targets: number;
      bad: number;
    }>(sql`select target_type, count(distinct target_id)::int as targets,
      count(*) filter (where overall < 1 or overall > 5 or length(content) < 8)::int as bad from comments group by target_type order by target_type`);
    expect(reviews.filter((r) => r.target_type !== 'offering')).toEqual([
      { target_type: 'coin', targets: 30, bad: 0 },
      { target_type: 'exchange', targets: 30, bad: 0 },
    ]);
    // The content seeder reviews some of the offerings that have ended.
    const offeringReviews = reviews.find((r) => r.target_type === 'offering');
    expect(offeringReviews?.targets).toBeGreaterThan(0);
    expect(offeringReviews?.bad).toBe(0);
    const dims = await rows<{ target_type: string; keys: string }>(sql`select distinct target_type,
      (select string_agg(k, ',' order by k) from jsonb_object_keys(ratings) k) as keys from comments where target_type in ('coin', 'exchange')`);
    expect(dims.sort((a, b) => a.target_type.localeCompare(b.target_type))).toEqual([
      { target_type: 'coin', keys: 'business,community,product,team,technology' },
      { target_type: 'exchange', keys: 'experience,reputation,safety,speed,support,welfare' },
    ]);
    const unknown =
      await one(sql`select count(*) as n from comments c where c.target_type = 'exchange' and not exists (select 1 from exchanges e where e.name = c.target_id)
      or c.target_type = 'coin' and not exists (select 1 from coins k where k.id = c.target_id)
      or c.target_type = 'offering' and not exists (select 1 from offerings o where o.slug = c.target_id)`);
    expect(n(unknown.n)).toBe(0);
  });

  it('reseeding replaces the demo users and reviews instead of duplicating them', async () => {
    await seedDemo(handle.db, { now: NOW });
    const counts = await one(sql`select (select count(*) from users) as users,
      (select count(*) from comments where target_type in ('coin', 'exchange')) as comments,
      (select count(*) from coin_holders) as holders`);
    expect(n(counts.users)).toBe(40);
    expect(n(counts.holders)).toBe(100 * 100);
    const data = generateDemoData(NOW);
    expect(n(counts.comments)).toBe(data.comments.length);
  }, 120_000);

  it('seedIfEmpty leaves a seeded database alone', async () => {
    expect(await seedIfEmpty(handle.db)).toBe(false);
  });

  it('generates identical data for the same clock, and the same market for another clock', () => {
    const a = generateDemoData(NOW);
    const b = generateDemoData(NOW);
    const { history: historyA, ...restA } = a;
    const { history: historyB, ...restB } = b;
    expect(restB).toEqual(restA);
    for (const id of ['bitcoin', 'wrapped-bitcoin', a.coins.at(-1)?.id ?? ''])
      expect(historyB.rowsOf(id)).toEqual(historyA.rowsOf(id));
    const decimal = /^-?\d+(\.\d+)?$/;
    const numericKeys = ['price', 'marketCap', 'circulatingSupply', 'volume24h', 'change24h', 'ath', 'atl'] as const;
    for (const coin of a.coins) for (const k of numericKeys) expect(String(coin[k])).toMatch(decimal);
    for (const t of a.tickers.slice(0, 500))
      expect(`${t.price} ${t.priceQuote} ${t.bestBid} ${t.bestAsk}`).toMatch(/^[\d. ]+$/);
    const later = generateDemoData(new Date(NOW.getTime() + 7 * 86_400_000 + 5 * 3_600_000));
    const market = (d: typeof a) => d.coins.map((c) => [c.id, c.price, c.marketCap, c.rank, c.volume24h]);
    expect(market(later)).toEqual(market(a));
    expect(later.tickers.length).toBe(a.tickers.length);
  }, 60_000);
});
