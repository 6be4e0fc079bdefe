/**
 * The site records the whole market itself: every few minutes the coin list's sums (market cap,
 * 24-hour volume, BTC's and ETH's caps, how many coins) are written to the current 5-minute,
 * hourly and daily slots of `market_snapshots` (the latest snapshot inside a slot wins), and the
 * fine resolutions are pruned once no range draws them.
 *
 * Sources never mix in a chart. The demo seeder's rows ('demo') go on under the simulated market
 * ('sim', the same demo coins moving); live sources' prices ('live') describe another universe,
 * so the first live snapshot deletes every demo and simulated row, as the Fear & Greed index's
 * first fetch replaces the demo year.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../../server/db/index.ts';
import { readProvenance } from '../../../server/db/provenance.ts';
import { Repeat } from '../../../server/realtime/repeat.ts';
import type { PriceSource } from '../../../server/realtime/types.ts';
import { KEEP_MS, SNAPSHOT_INTERVALS, slotsOf } from './series.ts';

export type SnapshotSource = 'live' | 'sim';

export type RecordResult =
  | {
      recorded: true;
      source: SnapshotSource;
      /** The 5-minute slot written (the hourly and daily ones contain it). */
      at: string;
      coins: number;
      /** Fine-resolution rows past their keep, and demo or simulated rows a live snapshot replaced. */
      pruned: number;
      replaced: number;
    }
  | { recorded: false; reason: 'empty' | 'stale' | 'seed-only' };

const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;

/**
 * What the coin list is priced from now: live sources, the simulated market (the demo coins have
 * moved since the seed), or a reason not to record (no data; live data gone stale, where a gap
 * says more than a flat line; the seeded market alone, whose history the seeder already wrote).
 */
async function currentSource(db: Db, now: number): Promise<SnapshotSource | Exclude<RecordResult, { recorded: true }>> {
  const p = await readProvenance(db, now);
  if (p.source === 'none') return { recorded: false, reason: 'empty' };
  if (p.source === 'live') return p.stale ? { recorded: false, reason: 'stale' } : 'live';
  const [moved] = rowsOf<{ moved: boolean | null }>(
    await db.execute(
      sql`select max(updated_at) > coalesce(${p.updatedAt}::timestamptz, '-infinity'::timestamptz) as moved from coins`,
    ),
  );
  return moved?.moved ? 'sim' : { recorded: false, reason: 'seed-only' };
}

/**
 * Writes the snapshot of `now` into its three slots and prunes what no range needs.
 * @example await recordSnapshot(db, Date.now()) // { recorded: true, source: 'sim', at: '…T10:05:00.000Z', coins: 572, … }
 */
export async function recordSnapshot(db: Db, now: number = Date.now()): Promise<RecordResult> {
  const source = await currentSource(db, now);
  if (typeof source !== 'string') return source;
  const slots = slotsOf(now);
  // On live data the sums are of the coins the sources price, as the home page's totals are.
  const counted = source === 'live' ? sql`cardinality(sources) > 0` : sql`true`;
  const capOf = (symbol: string) =>
    sql`(select market_cap from coins where symbol = ${symbol} and ${counted} and market_cap is not null order by rank asc limit 1)`;
  const recordedAt = new Date(now).toISOString();
  return db.transaction(async (tx) => {
    let replaced = 0;
    if (source === 'live')
      replaced = rowsOf<{ n: number }>(
        await tx.execute(sql`with gone as (delete from market_snapshots where source <> 'live' returning 1)
          select count(*)::int as n from gone`),
      )[0]!.n;
    const [written] = rowsOf<{ coins: number }>(
      await tx.execute(sql`
        with totals as (
          select coalesce(sum(market_cap), 0) as cap, coalesce(sum(volume_24h), 0) as vol, count(*)::int as n
          from coins where ${counted}
        ), upserted as (
          insert into market_snapshots (interval, at, market_cap, volume_24h, btc_cap, eth_cap, coins, source, recorded_at)
          select s.interval::market_snapshot_interval, s.at, t.cap, t.vol, coalesce(${capOf('BTC')}, 0),
                 coalesce(${capOf('ETH')}, 0), t.n, ${source}, ${recordedAt}::timestamptz
          from totals t, unnest(${sql.param([...SNAPSHOT_INTERVALS])}::text[],
                                ${sql.param(SNAPSHOT_INTERVALS.map((i) => slots[i].toISOString()))}::timestamptz[]) as s(interval, at)
          on conflict (interval, at) do update set
            market_cap = excluded.market_cap, volume_24h = excluded.volume_24h, btc_cap = excluded.btc_cap,
            eth_cap = excluded.eth_cap, coins = excluded.coins, source = excluded.source, recorded_at = excluded.recorded_at
          returning coins
        )
        select max(coins)::int as coins from upserted`),
    );
    const pruned = rowsOf<{ n: number }>(
      await tx.execute(sql`with gone as (
          delete from market_snapshots
          where (interval = '5m' and at < ${new Date(now - KEEP_MS['5m']!).toISOString()}::timestamptz)
             or (interval = '1h' and at < ${new Date(now - KEEP_MS['1h']!).toISOString()}::timestamptz)
          returning 1)
        select count(*)::int as n from gone`),
    )[0]!.n;
    return {
      recorded: true as const,
      source,
      at: slots['5m'].toISOString(),
      coins: written?.coins ?? 0,
      pruned,
      replaced,
    };
  });
}

export interface SnapshotRecorderOptions {
  db: Db;
  /** Default five minutes: one run per 5-minute slot. */
  intervalMs?: number;
  log?: (line: string) => void;
  now?: () => number;
}

/**
 * The periodic job: a "source" without ticks, so the realtime hub runs it on its leader only
 * (one writer per database) and stops it with the rest. A failed run is logged and the next one
 * comes as usual; a run that records nothing says why once, not every five minutes.
 */
export class SnapshotRecorder implements PriceSource {
  readonly name = 'market-snapshots';
  private readonly repeat: Repeat;
  private lastSkip: string | null = null;

  constructor(private readonly o: SnapshotRecorderOptions) {
    const every = o.intervalMs ?? 300_000;
    this.repeat = new Repeat(
      every,
      async () => this.report(await recordSnapshot(o.db, (o.now ?? Date.now)())),
      (e) => this.o.log?.(`[market-snapshots] ${(e as Error).message}; tried again in ${Math.round(every / 1000)} s`),
    );
  }

  start(): void {
    this.repeat.start();
  }

  stop(): Promise<void> {
    return this.repeat.stop();
  }

  private report(r: RecordResult): void {
    if (!r.recorded) {
      if (this.lastSkip !== r.reason)
        this.o.log?.(`[market-snapshots] nothing recorded: ${SKIP_WORDS[r.reason]} (said once until it changes)`);
      this.lastSkip = r.reason;
      return;
    }
    // The first snapshot, a replacement, and then one line an hour.
    const worth = this.lastSkip !== '' || r.replaced > 0 || r.at.endsWith(':00:00.000Z');
    this.lastSkip = '';
    if (worth)
      this.o.log?.(
        `[market-snapshots] ${r.source} snapshot of ${r.coins} coins at ${r.at}${r.replaced ? `, ${r.replaced} demo rows replaced` : ''}${r.pruned ? `, ${r.pruned} old rows pruned` : ''}`,
      );
  }
}

const SKIP_WORDS: Record<Extract<RecordResult, { recorded: false }>['reason'], string> = {
  empty: 'the database has no market data',
  stale: 'the live market data is stale (the sources stopped answering); a gap is truer than a flat line',
  'seed-only':
    'only the seeded demo market so far (its history is seeded); recording starts with the first market round',
};
