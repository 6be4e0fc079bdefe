/**
 * Token offerings (ICO and IEO): the list of /ieo with kind, status and platform filters, the
 * ROI ranking of /ieo/ieo-roi, the per-platform ROI aggregates of /ieo/ieo-platforms-roi and the
 * detail of /ieo/{id}.
 *
 * Two rules hold everywhere:
 * - **Status follows the clock.** The phase is derived from the start and end times at read
 *   time ({@link offeringStatusAt}, mirrored in SQL by `statusSql`), so a demo database seeded
 *   last week still shows a fundraising that ended yesterday as ended. The stored `status`
 *   column is the phase when the row was written.
 * - **ROI follows the coin.** An offering linked to a listed coin has ROI = coin price ÷
 *   offering price ({@link roiMultiple}, the rule of the rankings page); the stored `roi`
 *   covers tokens without a coin row. No ROI before the token trades.
 */
import { and, asc, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../server/db/index.ts';
import { coins, exchanges, offerings } from '../../../server/db/schema/index.ts';
import { notFound } from '../../../server/api/errors.ts';
import { coinIcon } from '../../market/coins/index.ts';
import { num, type Page } from '../../../server/db/numbers.ts';
import { roiMultiple } from '../../market/rankings/index.ts';

export { roiMultiple };

export const OFFERING_KINDS = ['ICO', 'IEO'] as const;
export type OfferingKind = (typeof OFFERING_KINDS)[number];

/** The phases of each kind in the order an offering goes through them. */
export const PHASES = {
  IEO: ['coming_soon', 'preheating', 'fundraising', 'fundraising_ended'],
  ICO: ['upcoming', 'ongoing', 'finished', 'traded'],
} as const satisfies Record<OfferingKind, readonly string[]>;
export type OfferingStatus = (typeof PHASES)[OfferingKind][number];
export const OFFERING_STATUSES = [...PHASES.IEO, ...PHASES.ICO] as const;

/** An IEO starting within this many days is warming up ("preheating"); later ones are "coming soon". */
export const PREHEAT_DAYS = 7;
const DAY_MS = 86_400_000;

export const OFFERING_SORTS = ['start', 'end', 'roi', 'goal', 'price', 'name'] as const;
type OfferingSort = (typeof OFFERING_SORTS)[number];

/**
 * The phase of an offering at `now`. IEO: coming soon (start more than {@link PREHEAT_DAYS}
 * away or unknown), preheating (start within that window), fundraising (between start and
 * end), fundraising ended. ICO: upcoming, ongoing, then finished until its token trades
 * (`listed`), traded after. A missing end means the sale has no fixed end yet.
 * @example offeringStatusAt({ kind: 'ICO', startAt: past, endAt: past, listed: true }, now) // 'traded'
 */
export function offeringStatusAt(
  o: { kind: OfferingKind; startAt: Date | null; endAt: Date | null; listed: boolean },
  now: Date,
): OfferingStatus {
  const t = now.getTime();
  const start = o.startAt?.getTime() ?? null;
  const end = o.endAt?.getTime() ?? null;
  if (o.kind === 'IEO') {
    if (start === null || start > t + PREHEAT_DAYS * DAY_MS) return 'coming_soon';
    if (start > t) return 'preheating';
    if (end === null || end > t) return 'fundraising';
    return 'fundraising_ended';
  }
  if (start === null || start > t) return 'upcoming';
  if (end === null || end > t) return 'ongoing';
  return o.listed ? 'traded' : 'finished';
}

/** Whether a status belongs to a kind's phases. */
export function isPhaseOf(kind: OfferingKind, status: string): status is OfferingStatus {
  return (PHASES[kind] as readonly string[]).includes(status);
}

/** The platform of an ICO sold on the project's own chain (shown translated). */
const OWN_MAINNET = 'Own mainnet';

/**
 * ROI as SPEC §3 shows it: a multiple with two decimals and an "x"; '--' without one.
 * @example formatRoi(12.3449) // '12.34x'
 * @example formatRoi(15234.5) // '15,234.50x'
 */
export function formatRoi(roi: number | null | undefined): string {
  if (roi === null || roi === undefined || !Number.isFinite(roi)) return '--';
  return `${roi.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}x`;
}

// ---------------------------------------------------------------------------------------------
// Queries

const tsParam = (d: Date) => sql`${d.toISOString()}::timestamptz`;
const listedSql = sql`(${offerings.coinId} is not null or ${offerings.roi} is not null)`;

/** {@link offeringStatusAt} in SQL, for filtering and counting. */
function statusSql(now: Date): SQL<OfferingStatus> {
  const n = tsParam(now);
  const preheat = tsParam(new Date(now.getTime() + PREHEAT_DAYS * DAY_MS));
  const s = offerings.startAt;
  const e = offerings.endAt;
  return sql<OfferingStatus>`(case when ${offerings.kind} = 'IEO' then
      (case when ${s} is null or ${s} > ${preheat} then 'coming_soon'
            when ${s} > ${n} then 'preheating'
            when ${e} is null or ${e} > ${n} then 'fundraising'
            else 'fundraising_ended' end)
    else
      (case when ${s} is null or ${s} > ${n} then 'upcoming'
            when ${e} is null or ${e} > ${n} then 'ongoing'
            when ${listedSql} then 'traded'
            else 'finished' end)
    end)`;
}

/** ROI: the linked coin's price over the offering price, else the stored multiple (the rankings rule). */
export const roiSql = sql<string | null>`coalesce(${coins.price} / nullif(${offerings.price}, 0), ${offerings.roi})`;

export interface OfferingRow {
  id: number;
  slug: string;
  kind: OfferingKind;
  name: string;
  symbol: string;
  platform: string | null;
  /** The exchange running an IEO. */
  exchange: { name: string; displayName: string } | null;
  /** The listed coin of a traded offering. */
  coin: { id: string; symbol: string; name: string; icon: string; price: number | null } | null;
  price: number | null;
  acceptCoin: string | null;
  goal: number | null;
  hardCap: number | null;
  startAt: string | null;
  endAt: string | null;
  country: string | null;
  status: OfferingStatus;
  roi: number | null;
}

export interface OfferingDetail extends OfferingRow {
  supply: number | null;
  softCap: number | null;
  additionalIssue: boolean | null;
  team: { name: string; role: string }[];
  advisers: string[];
  partners: string[];
  ratingAgencies: { name: string; rating: string }[];
  investors: string[];
  roadmap: { date: string; title: string }[];
  description: string | null;
  /** The kind's phases in order, to show where the offering stands. */
  phases: readonly OfferingStatus[];
}

export interface OfferingQuery {
  page: number;
  size: number;
  kind?: OfferingKind | undefined;
  status?: OfferingStatus | undefined;
  /** Exact platform name (e.g. "Binance Launchpad"), case-insensitive. */
  platform?: string | undefined;
  sort?: OfferingSort | undefined;
  order?: 'asc' | 'desc' | undefined;
  /** Only offerings with an ROI (the ROI ranking). */
  withRoi?: boolean | undefined;
}

export type OfferingPage = Page<OfferingRow> & {
  kind: OfferingKind | null;
  status: OfferingStatus | null;
  platform: string | null;
  sort: OfferingSort;
  order: 'asc' | 'desc';
};

const rowColumns = (now: Date) => ({
  id: offerings.id,
  slug: offerings.slug,
  kind: offerings.kind,
  name: offerings.name,
  symbol: offerings.symbol,
  platform: offerings.platform,
  exchangeName: exchanges.name,
  exchangeDisplayName: exchanges.displayName,
  coinId: coins.id,
  coinSymbol: coins.symbol,
  coinName: coins.name,
  coinPrice: coins.price,
  price: offerings.price,
  acceptCoin: offerings.acceptCoin,
  goal: offerings.goal,
  hardCap: offerings.hardCap,
  startAt: offerings.startAt,
  endAt: offerings.endAt,
  country: offerings.country,
  status: statusSql(now),
  roi: roiSql,
});

interface RawRow {
  id: number;
  slug: string;
  kind: OfferingKind;
  name: string;
  symbol: string;
  platform: string | null;
  exchangeName: string | null;
  exchangeDisplayName: string | null;
  coinId: string | null;
  coinSymbol: string | null;
  coinName: string | null;
  coinPrice: string | null;
  price: string | null;
  acceptCoin: string | null;
  goal: string | null;
  hardCap: string | null;
  startAt: Date | null;
  endAt: Date | null;
  country: string | null;
  status: OfferingStatus;
  roi: string | null;
}

function toRow(r: RawRow): OfferingRow {
  return {
    id: r.id,
    slug: r.slug,
    kind: r.kind,
    name: r.name,
    symbol: r.symbol,
    platform: r.platform,
    exchange: r.exchangeName ? { name: r.exchangeName, displayName: r.exchangeDisplayName ?? r.exchangeName } : null,
    coin: r.coinId
      ? {
          id: r.coinId,
          symbol: r.coinSymbol ?? '',
          name: r.coinName ?? '',
          icon: coinIcon(r.coinId),
          price: num(r.coinPrice),
        }
      : null,
    price: num(r.price),
    acceptCoin: r.acceptCoin,
    goal: num(r.goal),
    hardCap: num(r.hardCap),
    startAt: r.startAt ? r.startAt.toISOString() : null,
    endAt: r.endAt ? r.endAt.toISOString() : null,
    country: r.country,
    status: r.status,
    roi: num(r.roi),
  };
}

function listWhere(q: OfferingQuery, now: Date): SQL | undefined {
  const parts: SQL[] = [];
  if (q.kind) parts.push(eq(offerings.kind, q.kind));
  if (q.status) parts.push(sql`${statusSql(now)} = ${q.status}`);
  if (q.platform)
    parts.push(
      ilike(
        offerings.platform,
        q.platform.replace(/[\\%_]/g, (c) => `\\${c}`),
      ),
    );
  if (q.withRoi) parts.push(sql`${roiSql} is not null`);
  return parts.length ? and(...parts) : undefined;
}

const sortColumn = (sort: OfferingSort): SQL =>
  ({
    start: sql`${offerings.startAt}`,
    end: sql`${offerings.endAt}`,
    roi: sql`${roiSql}`,
    goal: sql`${offerings.goal}`,
    price: sql`${offerings.price}`,
    name: sql`lower(${offerings.name})`,
  })[sort];

/**
 * One page of offerings. Default order: newest start first (upcoming sales on top); with
 * `withRoi`, highest ROI first. Missing values sort last either way.
 */
export async function listOfferings(db: Db, q: OfferingQuery, now = new Date()): Promise<OfferingPage> {
  const sort = q.sort ?? (q.withRoi ? 'roi' : 'start');
  const order = q.order ?? (sort === 'name' ? 'asc' : 'desc');
  const where = listWhere(q, now);
  const col = sortColumn(sort);
  const [rows, [agg]] = await Promise.all([
    db
      .select(rowColumns(now))
      .from(offerings)
      .leftJoin(coins, eq(coins.id, offerings.coinId))
      .leftJoin(exchanges, eq(exchanges.id, offerings.platformExchangeId))
      .where(where)
      .orderBy(order === 'asc' ? sql`${col} asc nulls last` : sql`${col} desc nulls last`, asc(offerings.id))
      .limit(q.size)
      .offset((q.page - 1) * q.size),
    db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(offerings)
      .leftJoin(coins, eq(coins.id, offerings.coinId))
      .where(where),
  ]);
  return {
    list: rows.map(toRow),
    total: agg?.n ?? 0,
    page: q.page,
    size: q.size,
    kind: q.kind ?? null,
    status: q.status ?? null,
    platform: q.platform ?? null,
    sort,
    order,
  };
}

/** How many offerings are in each status right now, per kind (the filter chips). */
export async function offeringStatusCounts(db: Db, now = new Date()): Promise<Record<OfferingStatus, number>> {
  const status = statusSql(now);
  const rows = await db
    .select({ status, n: sql<number>`count(*)`.mapWith(Number) })
    .from(offerings)
    .groupBy(sql`1`);
  const out = Object.fromEntries(OFFERING_STATUSES.map((s) => [s, 0])) as Record<OfferingStatus, number>;
  for (const r of rows) if (r.status in out) out[r.status] = r.n;
  return out;
}

/**
 * An offering by slug or numeric id. Unknown ids are a 404 with SPEC §8's "Content does not
 * exist or has been removed".
 */
export async function getOffering(db: Db, idOrSlug: string, now = new Date()): Promise<OfferingDetail> {
  const key = idOrSlug.trim();
  if (!key || key.length > 120) throw offeringNotFound();
  const byId = /^\d{1,9}$/.test(key);
  const [r] = await db
    .select({
      ...rowColumns(now),
      supply: offerings.supply,
      softCap: offerings.softCap,
      additionalIssue: offerings.additionalIssue,
      team: offerings.team,
      advisers: offerings.advisers,
      partners: offerings.partners,
      ratingAgencies: offerings.ratingAgencies,
      investors: offerings.investors,
      roadmap: offerings.roadmap,
      description: offerings.description,
    })
    .from(offerings)
    .leftJoin(coins, eq(coins.id, offerings.coinId))
    .leftJoin(exchanges, eq(exchanges.id, offerings.platformExchangeId))
    .where(byId ? or(eq(offerings.id, Number(key)), eq(offerings.slug, key)) : eq(offerings.slug, key.toLowerCase()))
    .orderBy(desc(sql`${offerings.slug} = ${key}`))
    .limit(1);
  if (!r) throw offeringNotFound();
  return {
    ...toRow(r),
    supply: num(r.supply),
    softCap: num(r.softCap),
    additionalIssue: r.additionalIssue,
    team: r.team ?? [],
    advisers: r.advisers ?? [],
    partners: r.partners ?? [],
    ratingAgencies: r.ratingAgencies ?? [],
    investors: r.investors ?? [],
    roadmap: [...(r.roadmap ?? [])].sort((a, b) => a.date.localeCompare(b.date)),
    description: r.description,
    phases: PHASES[r.kind],
  };
}

export const offeringNotFound = () => notFound('ieo.gone');

/**
 * An offering's platform as readers see it: launchpads and chains by their names, the project's
 * own mainnet in the reader's language, nothing as '--'.
 */
export function platformLabel(v: { t(key: string): string }, platform: string | null | undefined): string {
  if (!platform) return '--';
  return platform === OWN_MAINNET ? v.t('ieo.ownMainnet') : platform;
}
