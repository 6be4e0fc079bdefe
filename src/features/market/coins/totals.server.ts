/** The whole-market totals of the header strip and the home page. */
import {
  currentProvenance,
  GLOBAL_FACTS,
  readProvenance,
  siteIsLive,
  type GlobalFacts,
  type Provenance,
} from '../../../server/db/provenance.ts';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../server/db/index.ts';
import { coins, exchanges, siteMeta, tickers } from '../../../server/db/schema/index.ts';
import { memo } from '../../../server/db/cache.ts';
import { num, percentOf } from '../../../server/db/numbers.ts';

export interface GlobalTotals {
  totalMarketCap: number;
  totalVolume24h: number;
  /** Market-cap-weighted 24h change of the whole market, in percent. */
  marketCapChange24h: number | null;
  btcDominance: number | null;
  ethDominance: number | null;
  coinCount: number;
  exchangeCount: number;
  pairCount: number;
  source: string;
  updatedAt: string | null;
  /** Where the market data comes from, its age and whether it is stale. */
  provenance: Omit<Provenance, 'states'>;
  /**
   * Set when the market cap, volume, change and dominance are CoinGecko's whole-market figures
   * (every coin and exchange it follows) rather than the sums of our own rows: on live data,
   * while its totals are fresh. The counts are always ours.
   */
  wholeMarket: { source: 'coingecko'; updatedAt: string } | null;
  /**
   * What the market cap, volume, change and dominance add up: CoinGecko's `whole-market`; on live
   * data without it, the coins the `sources` price (demo rows left out); on demo data, the `demo` rows.
   */
  sums: 'whole-market' | 'sources' | 'demo';
  /** Summed market caps that are estimates: the sources' prices × the demo data's supplies (no supply source). */
  marketCapEstimate: boolean;
}

/** CoinGecko's totals older than this give way to our own sums (three missed hourly refreshes). */
const WHOLE_MARKET_FRESH_MS = 3 * 3_600_000;

/** Whole-market figures for the header strip and the home page. */
export async function globalTotals(db: Db): Promise<GlobalTotals> {
  // On live data the sums are of the coins the sources price: a demo row's figures are invented.
  const live = sql`(cardinality(${coins.sources}) > 0 or not ${siteIsLive})`;
  const [[agg], [ex], [tk], [btc], [eth], source, [gecko]] = await Promise.all([
    db
      .select({
        cap: sql<string>`coalesce(sum(${coins.marketCap}) filter (where ${live}), 0)`,
        vol: sql<string>`coalesce(sum(${coins.volume24h}) filter (where ${live}), 0)`,
        prevCap: sql<string>`sum(${coins.marketCap} / (1 + ${coins.change24h} / 100)) filter (where ${live})`,
        estimate: sql<boolean>`coalesce(bool_or(${coins.marketCap} is not null and ${coins.factsSource} is null) filter (where cardinality(${coins.sources}) > 0), false)`,
        n: sql<number>`count(*)`.mapWith(Number),
        updatedAt: sql<string | null>`max(${coins.updatedAt})`,
      })
      .from(coins),
    db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(exchanges),
    db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(tickers),
    db
      .select({ cap: coins.marketCap })
      .from(coins)
      .where(and(eq(coins.symbol, 'BTC'), live))
      .orderBy(asc(coins.rank))
      .limit(1),
    db
      .select({ cap: coins.marketCap })
      .from(coins)
      .where(and(eq(coins.symbol, 'ETH'), live))
      .orderBy(asc(coins.rank))
      .limit(1),
    readProvenance(db),
    db.select({ value: siteMeta.value, at: siteMeta.updatedAt }).from(siteMeta).where(eq(siteMeta.key, GLOBAL_FACTS)),
  ]);
  const cap = num(agg?.cap) ?? 0;
  const prev = num(agg?.prevCap);
  const whole = source.source === 'live' ? wholeMarketOf(gecko) : null;
  const sums: GlobalTotals['sums'] = whole ? 'whole-market' : source.source === 'live' ? 'sources' : 'demo';
  const ours = {
    totalMarketCap: cap,
    totalVolume24h: num(agg?.vol) ?? 0,
    marketCapChange24h: prev ? (cap / prev - 1) * 100 : null,
    btcDominance: percentOf(num(btc?.cap), cap),
    ethDominance: percentOf(num(eth?.cap), cap),
  };
  return {
    ...(whole?.figures ?? ours),
    wholeMarket: whole ? { source: 'coingecko', updatedAt: whole.updatedAt } : null,
    sums,
    marketCapEstimate: sums === 'sources' && agg?.estimate === true,
    coinCount: agg?.n ?? 0,
    exchangeCount: ex?.n ?? 0,
    pairCount: tk?.n ?? 0,
    source: source.source,
    updatedAt: agg?.updatedAt ? new Date(agg.updatedAt).toISOString() : null,
    provenance: { source: source.source, sources: source.sources, updatedAt: source.updatedAt, stale: source.stale },
  };
}

/** CoinGecko's stored totals as our figures, when fresh and complete; null otherwise. */
function wholeMarketOf(row: { value: unknown; at: Date | string } | undefined, now = Date.now()) {
  if (!row) return null;
  const g = row.value as Partial<GlobalFacts>;
  const updatedAt = new Date(row.at);
  const finite = (n: unknown): n is number => typeof n === 'number' && Number.isFinite(n);
  if (
    now - updatedAt.getTime() > WHOLE_MARKET_FRESH_MS ||
    !finite(g.marketCapUsd) ||
    g.marketCapUsd <= 0 ||
    !finite(g.volumeUsd)
  )
    return null;
  return {
    updatedAt: updatedAt.toISOString(),
    figures: {
      totalMarketCap: g.marketCapUsd,
      totalVolume24h: g.volumeUsd,
      marketCapChange24h: finite(g.marketCapChange24h) ? g.marketCapChange24h : null,
      btcDominance: finite(g.btcDominance) ? g.btcDominance : null,
      ethDominance: finite(g.ethDominance) ? g.ethDominance : null,
    },
  };
}

/**
 * The whole-market totals, shared by every page of the process for a few seconds (the header
 * strip shows them on every page; a page that needs them asks here instead of the database).
 * Their provenance (live or stale, and its age) is not kept with them: it is the current one
 * ({@link currentProvenance}), so the header says what /api/health says.
 */
export async function currentTotals(db: Db): Promise<GlobalTotals> {
  const [totals, p] = await Promise.all([memo(db, 'totals', 15_000, () => globalTotals(db)), currentProvenance(db)]);
  return {
    ...totals,
    source: p.source,
    provenance: { source: p.source, sources: p.sources, updatedAt: p.updatedAt, stale: p.stale },
  };
}
