/**
 * The exchange table and an exchange's page, with the SPEC §9 expected volume and rank; the
 * exchanges a reader can open an account with are in accounts.server.ts.
 */
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../server/db/index.ts';
import { exchanges } from '../../../server/db/schema/index.ts';
import { memo, memoMarket } from '../../../server/db/cache.ts';
import { currentProvenance } from '../../../server/db/provenance.ts';
import { notFound } from '../../../server/api/errors.ts';
import { num, type Page } from '../../../server/db/numbers.ts';
import type { SortOrder } from '../coins/index.ts';
import type { ExchangeSummary } from '../../../lib/rows.ts';
export type { ExchangeSummary } from '../../../lib/rows.ts';

/** Monthly visits are reported per month, volumes per 24 hours. */
const DAYS_PER_MONTH = 30;

/**
 * Weighted average 24h volume per daily visit over exchanges that report both:
 * Σ volume / Σ daily visits (each exchange's volume-per-visit weighted by its visits).
 */
export async function volumePerVisit(db: Db): Promise<number> {
  const [row] = await db
    .select({
      volume: sql<string | null>`sum(${exchanges.reportedVolume24h})`,
      visits: sql<string | null>`sum(${exchanges.monthlyVisits})`,
    })
    .from(exchanges)
    .where(sql`${exchanges.monthlyVisits} > 0 and ${exchanges.reportedVolume24h} > 0 and ${exchanges.reviewed}`);
  const volume = num(row?.volume);
  const visits = num(row?.visits);
  return volume && visits ? volume / (visits / DAYS_PER_MONTH) : 0;
}

/** The SPEC §9 expected rank of every exchange that reports visits, and the average it used. */
interface ExpectedRanking {
  perVisit: number;
  /** Exchange name → expected rank (1 = largest expected volume); absent without visits. */
  ranks: Map<string, number>;
}

/**
 * Ranks every exchange by expected volume (ties share a rank, exchanges without an expected
 * volume last) and keeps the ranks of those that report visits: a whole-universe window, so a
 * filtered or paged list still shows the global rank.
 */
export async function expectedRanking(db: Db): Promise<ExpectedRanking> {
  const perVisit = await volumePerVisit(db);
  const ranked = db
    .select({
      name: exchanges.name,
      visits: exchanges.monthlyVisits,
      expectedRank: sql<number>`rank() over (order by ${expectedSql(perVisit)} desc nulls last)`.as('expected_rank'),
    })
    .from(exchanges)
    .as('ranked');
  const rows = await db
    .select({ name: ranked.name, expectedRank: ranked.expectedRank })
    .from(ranked)
    .where(sql`${ranked.visits} > 0`);
  return { perVisit, ranks: new Map(rows.map((r) => [r.name, Number(r.expectedRank)])) };
}

/**
 * {@link expectedRanking} shared by the pages of a process for a minute: ranking every exchange
 * on every request grew with the number of exchanges, and expected volumes move slowly. So an
 * expected rank (and the average behind it) may be up to a minute older than the reported
 * volumes beside it.
 */
function currentExpectedRanking(db: Db): Promise<ExpectedRanking> {
  return memo(db, 'expectedRanking', 60_000, () => expectedRanking(db));
}

/**
 * SPEC §9: expected volume = weighted average volume per visit × visits, at most the
 * self-reported volume. Null when the exchange reports no visits.
 */
export function expectedVolume(perVisit: number, monthlyVisits: number | null, reported: number | null): number | null {
  return volumeEstimate(perVisit, monthlyVisits, reported)?.expected ?? null;
}

/** The steps of the expected-volume formula, for showing how a figure came about. */
interface VolumeEstimate {
  /** Weighted average 24h volume per daily visit over all exchanges. */
  perVisit: number;
  /** This exchange's monthly visits / 30. */
  dailyVisits: number;
  /** perVisit × dailyVisits, before the cap. */
  uncapped: number;
  /** min(uncapped, reported). */
  expected: number;
  /** True when the reported volume was the smaller and became the expected volume. */
  capped: boolean;
}

/**
 * SPEC §9 expected volume with its intermediate steps. Null when the exchange reports no
 * visits or no volume.
 * @example volumeEstimate(10, 3_000_000, 500_000) // { dailyVisits: 100000, uncapped: 1000000, expected: 500000, capped: true, … }
 */
export function volumeEstimate(
  perVisit: number,
  monthlyVisits: number | null,
  reported: number | null,
): VolumeEstimate | null {
  if (monthlyVisits === null || !(monthlyVisits > 0) || reported === null || !Number.isFinite(reported)) return null;
  const dailyVisits = monthlyVisits / DAYS_PER_MONTH;
  const uncapped = perVisit * dailyVisits;
  const capped = uncapped > reported;
  return { perVisit, dailyVisits, uncapped, expected: capped ? reported : uncapped, capped };
}

export const EXCHANGE_SORTS = [
  'rank',
  'name',
  'expectedVolume',
  'reportedVolume',
  'pairCount',
  'coinCount',
  'monthlyVisits',
  'starRating',
] as const;
type ExchangeSort = (typeof EXCHANGE_SORTS)[number];

export interface ExchangeDetail extends ExchangeSummary {
  foundedOn: string | null;
  makerFee: number | null;
  takerFee: number | null;
  features: { spot: boolean; leverage: boolean; fiat: boolean; miningIncentive: boolean; futures: boolean };
  followers: number | null;
  apiDelayMs: number | null;
  webDelayMs: number | null;
  website: string | null;
  description: string | null;
  volumePerVisit: number;
  /** How the expected volume was worked out; null without visits or reported volume. */
  volumeEstimate: VolumeEstimate | null;
  /** CoinGecko's trust score (1–10) when its facts are refreshed, else null. */
  trustScore: number | null;
  /** Where the trust score and country came from ("coingecko"), null for the seeder's figures. */
  factsSource: string | null;
  /** The sources that report its pairs ("okx"); empty for the demo data. */
  sources: string[];
  /** The seeder's figures on a site that runs on live sources: no source reports this exchange. */
  demo: boolean;
  updatedAt: string;
}

const expectedSql = (perVisit: number) =>
  sql`least(${perVisit}::numeric * ${exchanges.monthlyVisits} / ${DAYS_PER_MONTH}, ${exchanges.reportedVolume24h})`;

function sortSql(sort: ExchangeSort, perVisit: number): SQL {
  switch (sort) {
    case 'rank':
      return sql`${exchanges.rank}`;
    case 'name':
      return sql`lower(${exchanges.displayName})`;
    case 'expectedVolume':
      return expectedSql(perVisit);
    case 'reportedVolume':
      return sql`${exchanges.reportedVolume24h}`;
    case 'pairCount':
      return sql`${exchanges.pairCount}`;
    case 'coinCount':
      return sql`${exchanges.coinCount}`;
    case 'monthlyVisits':
      return sql`${exchanges.monthlyVisits}`;
    case 'starRating':
      return sql`${exchanges.starRating}`;
  }
}

const baseColumns = {
  name: exchanges.name,
  displayName: exchanges.displayName,
  type: exchanges.type,
  country: exchanges.country,
  rank: exchanges.rank,
  reportedVolume24h: exchanges.reportedVolume24h,
  coinCount: exchanges.coinCount,
  pairCount: exchanges.pairCount,
  monthlyVisits: exchanges.monthlyVisits,
  starRating: exchanges.starRating,
  reviewed: exchanges.reviewed,
};

type ListRow = {
  name: string;
  displayName: string;
  type: 'CEX' | 'DEX';
  country: string | null;
  rank: number | null;
  reportedVolume24h: string | null;
  coinCount: number;
  pairCount: number;
  monthlyVisits: number | null;
  starRating: string | null;
  reviewed: boolean;
};

function toSummary(r: ListRow, ranking: ExpectedRanking): ExchangeSummary {
  const { perVisit } = ranking;
  const reported = num(r.reportedVolume24h);
  return {
    name: r.name,
    displayName: r.displayName,
    type: r.type,
    country: r.country,
    rank: r.rank,
    expectedRank: ranking.ranks.get(r.name) ?? null,
    reportedVolume24h: reported,
    expectedVolume24h: expectedVolume(perVisit, r.monthlyVisits, reported),
    coinCount: r.coinCount,
    pairCount: r.pairCount,
    monthlyVisits: r.monthlyVisits,
    starRating: num(r.starRating),
    reviewed: r.reviewed,
  };
}

interface ExchangeListQuery {
  page: number;
  size: number;
  sort?: ExchangeSort | undefined;
  order?: SortOrder | undefined;
  type?: 'CEX' | 'DEX' | undefined;
  /** Only these exchanges, by name (a watchlist); at most a page of them. */
  names?: readonly string[] | undefined;
}

/** The number of exchanges (of one type), shared for a few seconds: it changes only with imports. */
function exchangeCount(db: Db, type: 'CEX' | 'DEX' | undefined): Promise<number> {
  return memo(db, `exchangeCount:${type ?? 'all'}`, 10_000, async () => {
    const [row] = await db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(exchanges)
      .where(type ? eq(exchanges.type, type) : undefined);
    return row?.n ?? 0;
  });
}

/**
 * One page of the exchange table, default order by reported-volume rank. The page walks an index
 * in the default order (exchanges_rank_order_idx, per type exchanges_type_rank_order_idx) and
 * stops at its last row; the count and the expected ranks are shared whole-universe values.
 */
export async function listExchanges(db: Db, q: ExchangeListQuery): Promise<Page<ExchangeSummary>> {
  const sort = q.sort ?? 'rank';
  const order = q.order ?? (sort === 'rank' || sort === 'name' ? 'asc' : 'desc');
  const named = q.names ? (q.names.length ? inArray(exchanges.name, [...q.names]) : sql`false`) : undefined;
  const where = and(q.type ? eq(exchanges.type, q.type) : undefined, named);
  const direction = order === 'asc' ? sql`asc nulls last` : sql`desc nulls last`;
  // A list of named exchanges counts itself (a few rows); the universe's count is shared.
  const countNamed = async () =>
    (
      await db
        .select({ n: sql<number>`count(*)`.mapWith(Number) })
        .from(exchanges)
        .where(where)
    )[0]?.n ?? 0;
  const [ranking, total] = await Promise.all([
    currentExpectedRanking(db),
    named ? countNamed() : exchangeCount(db, q.type),
  ]);
  const rows = await db
    .select(baseColumns)
    .from(exchanges)
    .where(where)
    .orderBy(sql`${sortSql(sort, ranking.perVisit)} ${direction}`, asc(exchanges.name))
    .limit(q.size)
    .offset((q.page - 1) * q.size);
  return { list: rows.map((r) => toSummary(r as ListRow, ranking)), total, page: q.page, size: q.size };
}

/**
 * {@link listExchanges} for the exchange list pages: a page of the table is kept in this process
 * until the market changes (src/server/db/cache.ts), like the coin tables, not asked of the
 * database per render. A list of named exchanges (a watchlist) is read fresh. Callers must not
 * change the rows: they are shared.
 */
export function currentExchangeList(db: Db, q: ExchangeListQuery): Promise<Page<ExchangeSummary>> {
  if (q.names !== undefined) return listExchanges(db, q);
  const key = `${q.sort ?? ''}:${q.order ?? ''}:${q.type ?? ''}:${q.page}:${q.size}`;
  return memoMarket(db, 'exchangeList', key, () => listExchanges(db, q), { max: 32 });
}

/**
 * Everything the exchange page shows, kept until the market changes (the live rounds update the
 * exchanges' figures). Throws a 404 DomainError for an unknown name.
 */
export function getExchange(db: Db, name: string): Promise<ExchangeDetail> {
  return memoMarket(db, 'exchange', name, () => readExchange(db, name));
}

async function readExchange(db: Db, name: string): Promise<ExchangeDetail> {
  const ranking = await currentExpectedRanking(db);
  const { perVisit } = ranking;
  const [row] = await db
    .select({
      ...baseColumns,
      foundedOn: exchanges.foundedOn,
      makerFee: exchanges.makerFee,
      takerFee: exchanges.takerFee,
      hasSpot: exchanges.hasSpot,
      hasLeverage: exchanges.hasLeverage,
      hasFiat: exchanges.hasFiat,
      hasMiningIncentive: exchanges.hasMiningIncentive,
      hasFutures: exchanges.hasFutures,
      followers: exchanges.followers,
      apiDelayMs: exchanges.apiDelayMs,
      webDelayMs: exchanges.webDelayMs,
      website: exchanges.website,
      description: exchanges.description,
      trustScore: exchanges.trustScore,
      factsSource: exchanges.factsSource,
      sources: exchanges.sources,
      updatedAt: exchanges.updatedAt,
    })
    .from(exchanges)
    .where(eq(exchanges.name, name));
  if (!row) throw notFound('api.exchangeNotFound');
  return {
    ...toSummary(row as ListRow, ranking),
    foundedOn: row.foundedOn,
    makerFee: num(row.makerFee),
    takerFee: num(row.takerFee),
    features: {
      spot: row.hasSpot,
      leverage: row.hasLeverage,
      fiat: row.hasFiat,
      miningIncentive: row.hasMiningIncentive,
      futures: row.hasFutures,
    },
    followers: row.followers,
    apiDelayMs: row.apiDelayMs,
    webDelayMs: row.webDelayMs,
    website: row.website,
    description: row.description,
    volumePerVisit: perVisit,
    volumeEstimate: volumeEstimate(perVisit, row.monthlyVisits, num(row.reportedVolume24h)),
    trustScore: row.trustScore,
    factsSource: row.factsSource,
    sources: row.sources,
    demo: row.sources.length === 0 && (await currentProvenance(db)).source === 'live',
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The exchange's id for a slug, or a 404 DomainError. */
export async function exchangeId(db: Db, name: string): Promise<number> {
  const [row] = await db.select({ id: exchanges.id }).from(exchanges).where(eq(exchanges.name, name));
  if (!row) throw notFound('api.exchangeNotFound');
  return row.id;
}
