/**
 * ROI per platform (/ieo/ieo-platforms-roi): the pure aggregation of offerings by platform
 * (count, average, median, best, worst, share above 1x), its query and what the page reads
 * from its URL.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../../../server/db/index.ts';
import { coins, exchanges, offerings } from '../../../server/db/schema/index.ts';
import { num } from '../../../server/db/numbers.ts';
import { roiSql, type OfferingKind } from './offerings.server.ts';

export const PLATFORM_SORTS = ['count', 'average', 'median', 'best', 'above'] as const;
type PlatformSort = (typeof PLATFORM_SORTS)[number];

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
