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
import { DomainError, notFound } from '../../../server/api/errors.ts';
import { coinIcon } from '../../market/coins/index.ts';
import { num, type Page } from '../../../server/db/numbers.ts';
import { roiMultiple } from '../../market/rankings/index.ts';
import { parseListPage, readListQuery } from '../../../lib/listQuery.ts';
import { LIST_SIZES } from '../../../lib/pageSizes.ts';

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
export const PLATFORM_SORTS = ['count', 'average', 'median', 'best', 'above'] as const;
type PlatformSort = (typeof PLATFORM_SORTS)[number];

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

/**
 * The median of a list of numbers (mean of the two middle values for an even count); null for none.
 * @example median([3, 1, 2]) // 2
 */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const s = [...values].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
}

/** One offering as the platform aggregation needs it. */
export interface PlatformRoiInput {
  platform: string | null;
  /** The exchange behind an IEO platform, for a link. */
  exchange: { name: string; displayName: string } | null;
  slug: string;
  name: string;
  symbol: string;
  /** Current ROI multiple; null while the token does not trade. */
  roi: number | null;
  /** Fundraising goal in USD. */
  goal: number | null;
}

export interface PlatformRoi {
  platform: string;
  exchange: { name: string; displayName: string } | null;
  /** Every offering held on the platform. */
  offerings: number;
  /** Offerings with an ROI (their tokens trade): the base of every figure below. */
  withRoi: number;
  average: number | null;
  median: number | null;
  best: { slug: string; name: string; symbol: string; roi: number } | null;
  worst: { slug: string; name: string; symbol: string; roi: number } | null;
  /** How many traded above their offering price (ROI > 1), and their share in per cent of `withRoi`. */
  aboveOne: number;
  aboveOneShare: number | null;
  /** Sum of the fundraising goals in USD (all offerings of the platform). */
  totalGoal: number;
}

/**
 * ROI aggregates per platform: offering count, how many trade, average, median, best and
 * worst ROI and the share above 1x. Offerings without a platform are left out. Ordered by
 * `sort` descending (missing values last), then by platform name.
 * @example platformRoiStats([{ platform: 'A', roi: 2, … }, { platform: 'A', roi: 0.5, … }])[0].median // 1.25
 */
export function platformRoiStats(
  rows: readonly PlatformRoiInput[],
  sort: PlatformSort = 'count',
  order: 'asc' | 'desc' = 'desc',
): PlatformRoi[] {
  const groups = new Map<string, PlatformRoiInput[]>();
  for (const r of rows) {
    const key = r.platform?.trim();
    if (!key) continue;
    const list = groups.get(key);
    if (list) list.push(r);
    else groups.set(key, [r]);
  }
  const out: PlatformRoi[] = [];
  for (const [platform, list] of groups) {
    const traded = list.filter(
      (r): r is PlatformRoiInput & { roi: number } => r.roi !== null && Number.isFinite(r.roi),
    );
    const rois = traded.map((r) => r.roi);
    const pick = (better: (a: number, b: number) => boolean) =>
      traded.reduce<(typeof traded)[number] | null>(
        (acc, r) => (acc === null || better(r.roi, acc.roi) || (r.roi === acc.roi && r.slug < acc.slug) ? r : acc),
        null,
      );
    const best = pick((a, b) => a > b);
    const worst = pick((a, b) => a < b);
    const aboveOne = rois.filter((x) => x > 1).length;
    const ref = (r: (typeof traded)[number] | null) =>
      r ? { slug: r.slug, name: r.name, symbol: r.symbol, roi: r.roi } : null;
    out.push({
      platform,
      exchange: list.find((r) => r.exchange)?.exchange ?? null,
      offerings: list.length,
      withRoi: traded.length,
      average: rois.length ? rois.reduce((a, b) => a + b, 0) / rois.length : null,
      median: median(rois),
      best: ref(best),
      worst: ref(worst),
      aboveOne,
      aboveOneShare: rois.length ? (aboveOne / rois.length) * 100 : null,
      totalGoal: list.reduce((a, r) => a + (r.goal ?? 0), 0),
    });
  }
  const key = (p: PlatformRoi): number | null =>
    sort === 'count'
      ? p.offerings
      : sort === 'average'
        ? p.average
        : sort === 'median'
          ? p.median
          : sort === 'best'
            ? (p.best?.roi ?? null)
            : p.aboveOneShare;
  const sign = order === 'asc' ? 1 : -1;
  return out.sort((a, b) => {
    const ka = key(a);
    const kb = key(b);
    if (ka !== kb) {
      if (ka === null) return 1;
      if (kb === null) return -1;
      return sign * (ka - kb);
    }
    return b.withRoi - a.withRoi || a.platform.localeCompare(b.platform);
  });
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
const roiSql = sql<string | null>`coalesce(${coins.price} / nullif(${offerings.price}, 0), ${offerings.roi})`;

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

interface OfferingQuery {
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

/** ROI aggregates per platform of one kind (IEO: exchange launchpads; ICO: token chains). */
export async function platformRoi(
  db: Db,
  q: { kind?: OfferingKind | undefined; sort?: PlatformSort | undefined; order?: 'asc' | 'desc' | undefined },
): Promise<{ kind: OfferingKind; sort: PlatformSort; order: 'asc' | 'desc'; list: PlatformRoi[] }> {
  const kind = q.kind ?? 'IEO';
  const sort = q.sort ?? 'count';
  const order = q.order ?? 'desc';
  const rows = await db
    .select({
      platform: offerings.platform,
      exchangeName: exchanges.name,
      exchangeDisplayName: exchanges.displayName,
      slug: offerings.slug,
      name: offerings.name,
      symbol: offerings.symbol,
      roi: roiSql,
      goal: offerings.goal,
    })
    .from(offerings)
    .leftJoin(coins, eq(coins.id, offerings.coinId))
    .leftJoin(exchanges, eq(exchanges.id, offerings.platformExchangeId))
    .where(eq(offerings.kind, kind));
  const list = platformRoiStats(
    rows.map((r) => ({
      platform: r.platform,
      exchange: r.exchangeName ? { name: r.exchangeName, displayName: r.exchangeDisplayName ?? r.exchangeName } : null,
      slug: r.slug,
      name: r.name,
      symbol: r.symbol,
      roi: num(r.roi),
      goal: num(r.goal),
    })),
    sort,
    order,
  );
  return { kind, sort, order, list };
}

/** Throws a 400 for a status that is not a phase of the kind asked for (e.g. kind=ICO&status=preheating). */
export function checkKindStatus(kind: OfferingKind | undefined, status: OfferingStatus | undefined): void {
  if (kind && status && !isPhaseOf(kind, status)) {
    throw new DomainError(400, 400, 'api.invalidParam', {
      field: 'status',
      message: `${status} is not a phase of ${kind}`,
    });
  }
}

/**
 * What /ieo reads from its URL (page, size, sort, order, type, status of that type, platform),
 * for the page and its exports alike. Unknown filter values fall back to "all".
 */
export function readOfferingQuery(
  params: URLSearchParams,
  defaultSize: number = LIST_SIZES.offerings,
): OfferingQuery & { page: number } {
  const { size, sort, order } = readListQuery(params, OFFERING_SORTS, [], defaultSize);
  const rawKind = params.get('kind');
  const kind = (OFFERING_KINDS as readonly string[]).includes(rawKind ?? '') ? (rawKind as OfferingKind) : undefined;
  const rawStatus = params.get('status') ?? '';
  const status =
    (OFFERING_STATUSES as readonly string[]).includes(rawStatus) && (!kind || isPhaseOf(kind, rawStatus))
      ? (rawStatus as OfferingStatus)
      : undefined;
  const rawPlatform = params.get('platform')?.trim() ?? '';
  const platform = rawPlatform && rawPlatform.length <= 80 ? rawPlatform : undefined;
  return { page: parseListPage(params.get('page') ?? undefined) ?? 1, size, kind, status, platform, sort, order };
}

/** What /ieo/ieo-roi reads from its URL: the ROI ranking of traded offerings, one type or all. */
export function readRoiQuery(
  params: URLSearchParams,
  defaultSize: number = LIST_SIZES['offering-roi'],
): OfferingQuery & { order: 'asc' | 'desc' } {
  const { size } = readListQuery(params, [] as const, [], defaultSize);
  const rawKind = params.get('kind');
  const kind = (OFFERING_KINDS as readonly string[]).includes(rawKind ?? '') ? (rawKind as OfferingKind) : undefined;
  return {
    page: parseListPage(params.get('page') ?? undefined) ?? 1,
    size,
    kind,
    sort: 'roi',
    order: params.get('order') === 'asc' ? 'asc' : 'desc',
    withRoi: true,
  };
}

/** What /ieo/ieo-platforms-roi reads from its URL: IEO launchpads (default) or ICO chains, and a sort. */
export function readPlatformRoiQuery(params: URLSearchParams): {
  kind: OfferingKind;
  sort: PlatformSort | undefined;
  order: 'asc' | 'desc' | undefined;
} {
  const kind: OfferingKind = params.get('kind') === 'ICO' ? 'ICO' : 'IEO';
  const rawSort = params.get('sort') ?? '';
  const sort = (PLATFORM_SORTS as readonly string[]).includes(rawSort) ? (rawSort as PlatformSort) : undefined;
  const order: 'asc' | 'desc' | undefined = sort && params.get('order') === 'asc' ? 'asc' : sort ? 'desc' : undefined;
  return { kind, sort, order };
}

/**
 * An offering's platform as readers see it: launchpads and chains by their names, the project's
 * own mainnet in the reader's language, nothing as '--'.
 */
export function platformLabel(v: { t(key: string): string }, platform: string | null | undefined): string {
  if (!platform) return '--';
  return platform === OWN_MAINNET ? v.t('ieo.ownMainnet') : platform;
}
