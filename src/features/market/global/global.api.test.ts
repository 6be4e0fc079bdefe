import { sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { apiHarness } from '../../../../tests/api/helpers.ts';
import { SEED_NOW } from '../../../../tests/setup/constants.ts';
import type { Db } from '../../../server/db/index.ts';
import { type GlobalCharts, readGlobalCharts } from './global.server.ts';
import { recordSnapshot, SnapshotRecorder } from './record.server.ts';

const { get, db } = apiHarness();
const MIN = 60_000;
const DAY = 86_400_000;
const at = (ms: number) => new Date(ms).toISOString();

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db().execute(query)) as unknown as { rows: T[] }).rows;
}
const n = (v: unknown) => Number(v);

/** The snapshot rows of one resolution at one time. */
const slot = async (interval: string, time: number) =>
  (
    await rows<{
      market_cap: string;
      btc_cap: string;
      eth_cap: string;
      volume_24h: string;
      coins: number;
      source: string;
      recorded_at: Date;
    }>(
      sql`select market_cap, btc_cap, eth_cap, volume_24h, coins, source, recorded_at from market_snapshots
          where interval = ${interval}::market_snapshot_interval and at = ${at(time)}::timestamptz`,
    )
  )[0];

/** What the coin list sums to now (only the coins a source prices when `live`). */
const coinTotals = async (live = false) =>
  (
    await rows<{ cap: string; vol: string; n: number; btc: string; eth: string }>(sql`
      select sum(market_cap) as cap, sum(volume_24h) as vol, count(*)::int as n,
        (select market_cap from coins where symbol = 'BTC' order by rank limit 1) as btc,
        (select market_cap from coins where symbol = 'ETH' order by rank limit 1) as eth
      from coins where ${live ? sql`cardinality(sources) > 0` : sql`true`}`)
  )[0]!;

/** A round of the simulated market at `time`: the top coins' prices move. */
const simRound = (time: number, factor: number) =>
  db().execute(sql`update coins set price = price * ${factor}, market_cap = market_cap * ${factor},
    updated_at = ${at(time)}::timestamptz where rank <= 20`);

describe('the seeded history', () => {
  it('draws each range at its resolution, ending at the newest snapshot, labelled demo', async () => {
    const [newest] = await rows<{ at: Date; ytd: number; coins: number }>(sql`select max(at) as at,
      (select count(*)::int from market_snapshots where interval = '1d' and at >= '2026-01-01') as ytd,
      (select count(*)::int from coins) as coins from market_snapshots`);
    const expected = { '1d': ['5m', 288], '7d': ['1h', 168], '1m': ['1h', 720], '3m': ['1d', 90], '1y': ['1d', 365] };
    for (const [range, [interval, count]] of Object.entries(expected)) {
      const c = await readGlobalCharts(db(), range as keyof typeof expected);
      expect([range, c.interval, c.points.length]).toEqual([range, interval, count]);
      expect(c.points.every((p, i) => i === 0 || p.t > c.points[i - 1]!.t)).toBe(true);
      expect(c.points.at(-1)!.t).toBeLessThanOrEqual(new Date(newest!.at).getTime());
      expect(c).toMatchObject({ source: 'demo', demo: true, updatedAt: SEED_NOW.toISOString(), coins: newest!.coins });
    }
    expect((await readGlobalCharts(db(), '1d')).points.at(-1)!.t).toBe(new Date(newest!.at).getTime());
    const ytd = await readGlobalCharts(db(), 'ytd');
    expect([ytd.interval, ytd.points.length]).toEqual(['1d', newest!.ytd]);
    expect((await readGlobalCharts(db(), 'all')).points).toHaveLength(365);
  });

  it('derives dominance from the stored caps', async () => {
    const c = await readGlobalCharts(db(), '7d');
    const last = c.points.at(-1)!;
    const row = await slot('1h', last.t);
    expect(last.marketCap).toBeCloseTo(n(row!.market_cap), 0);
    expect(last.btcDominance).toBeCloseTo((n(row!.btc_cap) / n(row!.market_cap)) * 100, 9);
    expect(last.ethDominance).toBeCloseTo((n(row!.eth_cap) / n(row!.market_cap)) * 100, 9);
    expect(last.btcDominance!).toBeGreaterThan(last.ethDominance!);
  });
});

describe('GET /api/v1/global/charts', () => {
  it('answers a range in the envelope, cacheable a minute, the month by default', async () => {
    const { status, body, headers } = await get<GlobalCharts>('/api/v1/global/charts?range=1d');
    expect(status).toBe(200);
    expect(body).toMatchObject({ code: 0, msg: 'success', data: { range: '1d', interval: '5m', source: 'demo' } });
    expect(body.data.points).toHaveLength(288);
    expect(Object.keys(body.data.points[0]!).sort()).toEqual([
      'btcDominance',
      'ethDominance',
      'marketCap',
      't',
      'volume24h',
    ]);
    expect(headers.get('cache-control')).toMatch(/^public, max-age=60/);
    const month = await get<GlobalCharts>('/api/v1/global/charts');
    expect([month.body.data.range, month.body.data.interval]).toEqual(['1m', '1h']);
    expect((await get<GlobalCharts>('/api/v1/global/charts?range=all')).body.data.interval).toBe('1d');
  });

  it('refuses an unknown range with a message naming it, and an unsigned request', async () => {
    for (const q of ['range=2w', 'range=', 'range=1D']) {
      const bad = await get(`/api/v1/global/charts?${q}`);
      expect([q, bad.status, bad.body.code, bad.body.data]).toEqual([q, 400, 400, null]);
      expect(bad.body.msg).toMatch(/range/);
    }
    const zh = await get('/api/v1/global/charts?range=2w&lan=zh');
    expect(zh.body.msg).toMatch(/[\u4e00-\u9fff]/);
    const unsigned = await get('/api/v1/global/charts?range=7d', { signed: false });
    expect([unsigned.status, unsigned.body.code]).toEqual([400, 4001]);
  });
});

describe('recordSnapshot', () => {
  const T0 = SEED_NOW.getTime();

  it('records nothing while only the seeded market is there', async () => {
    expect(await recordSnapshot(db(), T0 + 3 * MIN)).toEqual({ recorded: false, reason: 'seed-only' });
    expect(await slot('5m', T0)).toBeUndefined();
  });

  it('writes the coin list’s sums into the current 5-minute, hourly and daily slots once the simulated market moves', async () => {
    await simRound(T0 + 2 * MIN, 1.01);
    const r = await recordSnapshot(db(), T0 + 7 * MIN);
    expect(r).toMatchObject({ recorded: true, source: 'sim', at: at(T0 + 5 * MIN), replaced: 0, pruned: 0 });
    const totals = await coinTotals();
    expect(r.recorded && r.coins).toBe(totals.n);
    const day = Date.UTC(2026, 10, 20);
    for (const [interval, time] of [
      ['5m', T0 + 5 * MIN],
      ['1h', T0],
      ['1d', day],
    ] as const) {
      const row = await slot(interval, time);
      expect([interval, row?.source, row?.coins]).toEqual([interval, 'sim', totals.n]);
      expect(n(row!.market_cap) / n(totals.cap)).toBeCloseTo(1, 12);
      expect(n(row!.volume_24h) / n(totals.vol)).toBeCloseTo(1, 12);
      expect(n(row!.btc_cap) / n(totals.btc)).toBeCloseTo(1, 12);
      expect(n(row!.eth_cap) / n(totals.eth)).toBeCloseTo(1, 12);
      expect(new Date(row!.recorded_at).toISOString()).toBe(at(T0 + 7 * MIN));
    }
    // The simulated rows go on from the demo history: the chart says demo while any point is.
    const c = await readGlobalCharts(db(), '1d');
    expect(c.points.at(-1)!.t).toBe(T0 + 5 * MIN);
    expect(c).toMatchObject({ source: 'demo', demo: true, updatedAt: at(T0 + 7 * MIN) });
  });

  it('lets the latest snapshot inside a slot win, and opens the next slot', async () => {
    const count = async () =>
      (await rows<{ n: number }>(sql`select count(*)::int as n from market_snapshots where interval = '5m'`))[0]!.n;
    const before = await count();
    await simRound(T0 + 8 * MIN, 1.02);
    await recordSnapshot(db(), T0 + 9 * MIN);
    expect(await count()).toBe(before);
    const moved = await coinTotals();
    expect(n((await slot('5m', T0 + 5 * MIN))!.market_cap) / n(moved.cap)).toBeCloseTo(1, 12);
    await simRound(T0 + 10 * MIN, 0.99);
    await recordSnapshot(db(), T0 + 11 * MIN);
    expect(await count()).toBe(before + 1);
    const again = await coinTotals();
    expect(n((await slot('5m', T0 + 10 * MIN))!.market_cap) / n(again.cap)).toBeCloseTo(1, 12);
    expect(n((await slot('5m', T0 + 5 * MIN))!.market_cap) / n(moved.cap)).toBeCloseTo(1, 12);
    expect(n((await slot('1h', T0))!.market_cap) / n(again.cap)).toBeCloseTo(1, 12);
  });

  it('prunes 5-minute rows after two days and hourly ones after forty, never daily ones', async () => {
    const now = T0 + 16 * MIN;
    await db().execute(sql`insert into market_snapshots (interval, at, market_cap, volume_24h, btc_cap, eth_cap, coins, source)
      values ('5m', ${at(now - 2 * DAY - 5 * MIN)}, 1, 1, 0, 0, 1, 'sim'), ('5m', ${at(now - 2 * DAY + 5 * MIN)}, 1, 1, 0, 0, 1, 'sim'),
             ('1h', ${at(now - 41 * DAY)}, 1, 1, 0, 0, 1, 'sim'), ('1h', ${at(now - 39 * DAY)}, 1, 1, 0, 0, 1, 'sim'),
             ('1d', ${at(now - 800 * DAY)}, 1, 1, 0, 0, 1, 'sim')`);
    await simRound(now - MIN, 1.001);
    expect(await recordSnapshot(db(), now)).toMatchObject({ recorded: true, pruned: 2 });
    expect(await slot('5m', now - 2 * DAY - 5 * MIN)).toBeUndefined();
    expect(await slot('5m', now - 2 * DAY + 5 * MIN)).toBeDefined();
    expect(await slot('1h', now - 41 * DAY)).toBeUndefined();
    expect(await slot('1h', now - 39 * DAY)).toBeDefined();
    expect(await slot('1d', now - 800 * DAY)).toBeDefined();
  });

  it('replaces every demo and simulated row with the first live snapshot, summing only the coins a source prices', async () => {
    const now = T0 + 22 * MIN;
    await db().execute(sql`update site_meta set value = ${JSON.stringify({ source: 'live', sources: ['binance'], updatedAt: at(now - MIN) })}::jsonb
      where key = 'data_source'`);
    await db().execute(sql`update coins set sources = '{binance}' where rank <= 10`);
    const before = (await rows<{ n: number }>(sql`select count(*)::int as n from market_snapshots`))[0]!.n;
    const r = await recordSnapshot(db(), now);
    expect(r).toMatchObject({ recorded: true, source: 'live', coins: 10, replaced: before });
    const left = await rows<{ source: string; n: number }>(
      sql`select source, count(*)::int as n from market_snapshots group by source`,
    );
    expect(left).toEqual([{ source: 'live', n: 3 }]);
    const live = await coinTotals(true);
    expect(n((await slot('5m', T0 + 20 * MIN))!.market_cap) / n(live.cap)).toBeCloseTo(1, 12);
    // Too short a history for a line yet: the range says so instead of drawing one point.
    const c = await readGlobalCharts(db(), '7d');
    expect(c).toMatchObject({ source: 'live', demo: false, coins: 10 });
    expect(c.points).toHaveLength(1);
  });

  it('records nothing from stale live data, or from an empty database', async () => {
    const stale = T0 + 22 * MIN + 6 * 60 * MIN;
    expect(await recordSnapshot(db(), stale)).toEqual({ recorded: false, reason: 'stale' });
    await db().execute(sql`delete from site_meta where key = 'data_source'`);
    expect(await recordSnapshot(db(), T0 + 30 * MIN)).toEqual({ recorded: false, reason: 'empty' });
  });
});

describe('SnapshotRecorder', () => {
  it('runs at start and then every interval, logging what it did; a failure is logged, not thrown', async () => {
    const lines: string[] = [];
    const recorder = new SnapshotRecorder({ db: db(), intervalMs: 60_000, log: (l) => lines.push(l) });
    recorder.start();
    await vi.waitFor(() => expect(lines).toHaveLength(1));
    await recorder.stop();
    expect(lines[0]).toMatch(/^\[market-snapshots\] nothing recorded: the database has no market data/);
    const broken = new Proxy(
      {},
      {
        get: () => () => {
          throw new Error('database gone');
        },
      },
    ) as Db;
    const failing = new SnapshotRecorder({ db: broken, log: (l) => lines.push(l) });
    failing.start();
    await vi.waitFor(() => expect(lines).toHaveLength(2));
    await failing.stop();
    expect(lines[1]).toBe('[market-snapshots] database gone; tried again in 300 s');
  });
});
