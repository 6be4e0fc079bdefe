/**
 * The ten ranking kinds of SPEC §2. Each kind is one query with its own ordering; the
 * orderings and the filters that keep dust out are pure functions tested on their own.
 */
import { and, asc, desc, eq, gte, isNotNull, lte, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../server/db/index.ts';
import {
  coinFlows,
  coinRepos,
  coins,
  exchangeFlows,
  exchanges,
  offerings,
  tickers,
} from '../../../server/db/schema/index.ts';
import { coinIcon, priceAge, priceAgeColumns } from '../coins/index.ts';
import { num, type Page } from '../../../server/db/numbers.ts';
import { LIST_SIZES } from '../../../lib/pageSizes.ts';
import { isPageSize } from '../../../lib/pagination.ts';
import type { CoinChip } from '../../../lib/rows.ts';

export const RANK_KINDS = [
  'rise',
  'fall',
  'volume',
  'coin-flow',
  'exchange-flow',
  'turnover',
  'offering-roi',
  'repo-stars',
  'repo-activity',
  'exchange-count',
] as const;
export type RankKind = (typeof RANK_KINDS)[number];

/** Change periods of the rise and fall rankings. */
export const RANK_PERIODS = ['1h', '24h', '7d', '30d', '1y'] as const;
type RankPeriod = (typeof RANK_PERIODS)[number];
export const FLOW_WINDOWS = ['30m', '1h', '1d', '7d'] as const;
export type FlowWindow = (typeof FLOW_WINDOWS)[number];
/** Coin universes: the top 100 or 200 by market cap, or every coin. */
export const RANK_SCOPES = ['top100', 'top200', 'all'] as const;
type RankScope = (typeof RANK_SCOPES)[number];

/**
 * Coins trading less than this in 24 hours are left out of the price and turnover rankings:
 * a few dollars of volume can move a dead coin by thousands of per cent.
 */
export const MIN_RANK_VOLUME_USD = 10_000;

/** Which options a kind takes; the page shows only these filters. */
export const KIND_OPTIONS: Record<RankKind, { period?: true; window?: true; scope?: true; direction?: true }> = {
  rise: { period: true, scope: true },
  fall: { period: true, scope: true },
  volume: { scope: true },
  'coin-flow': { window: true, scope: true, direction: true },
  'exchange-flow': { window: true, direction: true },
  turnover: { scope: true },
  'offering-roi': {},
  'repo-stars': {},
  'repo-activity': {},
  'exchange-count': { scope: true },
};

export interface RankQuery {
  kind: RankKind;
  page: number;
  size: number;
  period?: RankPeriod | undefined;
  window?: FlowWindow | undefined;
  scope?: RankScope | undefined;
  /** Flows: `in` ranks by net inflow (largest first), `out` by net outflow. */
  direction?: 'in' | 'out' | undefined;
}

export const DEFAULTS = { period: '24h', window: '1d', scope: 'all', direction: 'in' } as const;

/** A ranked coin: the reference with the figures a ranking shows beside it. */
interface RankedCoin extends CoinChip {
  rank: number | null;
  marketCap: number | null;
  volume24h: number | null;
  /** When its price was last renewed by a new figure, and whether that is too long ago. */
  priceAt: string | null;
  stale: boolean;
}

export type RankRow =
  | ({ type: 'coin'; position: number; value: number | null } & RankedCoin)
  | ({ type: 'coin-flow'; position: number; inflow: number; outflow: number; netflow: number } & RankedCoin)
  | {
      type: 'exchange-flow';
      position: number;
      name: string;
      displayName: string;
      exchangeType: 'CEX' | 'DEX';
      inflow: number;
      outflow: number;
      netflow: number;
      volume24h: number | null;
    }
  | {
      type: 'offering';
      position: number;
      slug: string;
      name: string;
      symbol: string;
      kind: 'ICO' | 'IEO';
      platform: string | null;
      price: number | null;
      roi: number;
      endAt: string | null;
      status: string;
    }
  | ({
      type: 'repo';
      position: number;
      url: string;
      stars: number;
      forks: number;
      commits30d: number;
      contributors: number;
      lastCommitAt: string;
    } & RankedCoin);

export type Ranking = Page<RankRow> & {
  kind: RankKind;
  period?: RankPeriod;
  window?: FlowWindow;
  scope?: RankScope;
  direction?: 'in' | 'out';
};

/** Turnover rate in per cent: 24h volume over market cap; null without a positive market cap. */
export function turnoverRate(volume24h: number | null, marketCap: number | null): number | null {
  if (volume24h === null || marketCap === null || marketCap <= 0) return null;
  return (volume24h / marketCap) * 100;
}

/** Return on investment as a multiple of the offering price (2 = the price doubled); null without both prices. */
export function roiMultiple(currentPrice: number | null, offeringPrice: number | null): number | null {
  if (currentPrice === null || offeringPrice === null || offeringPrice <= 0 || currentPrice < 0) return null;
  return currentPrice / offeringPrice;
}

/** The highest market-cap rank a scope admits, or null for all coins. */
export function scopeLimit(scope: RankScope): number | null {
  return scope === 'top100' ? 100 : scope === 'top200' ? 200 : null;
}

/** 1-based positions continue across pages. */
export const position = (page: number, size: number, index: number) => (page - 1) * size + index + 1;

const changeColumn = {
  '1h': coins.change1h,
  '24h': coins.change24h,
  '7d': coins.change7d,
  '30d': coins.change30d,
  '1y': coins.change1y,
} as const;

const coinRef = {
  id: coins.id,
  symbol: coins.symbol,
  name: coins.name,
  rank: coins.rank,
  price: coins.price,
  change24h: coins.change24h,
  marketCap: coins.marketCap,
  volume24h: coins.volume24h,
  ...priceAgeColumns,
};

function toCoinRef(r: {
  id: string;
  symbol: string;
  name: string;
  rank: number | null;
  price: string | null;
  change24h: string | null;
  marketCap: string | null;
  volume24h: string | null;
  sources: string[];
  priceAt: Date | null;
}): RankedCoin {
  return {
    id: r.id,
    symbol: r.symbol,
    name: r.name,
    icon: coinIcon(r.id),
    rank: r.rank,
    price: num(r.price),
    change24h: num(r.change24h),
    marketCap: num(r.marketCap),
    volume24h: num(r.volume24h),
    ...priceAge(r),
  };
}

function scopeWhere(scope: RankScope): SQL | undefined {
  const limit = scopeLimit(scope);
  return limit === null ? undefined : lte(coins.rank, limit);
}

async function count(
  db: Db,
  from: Parameters<ReturnType<Db['select']>['from']>[0],
  where: SQL | undefined,
): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(from)
    .where(where);
  return row?.n ?? 0;
}

/** One page of a ranking. Positions are 1-based and continue across pages. */
export async function getRanking(db: Db, q: RankQuery): Promise<Ranking> {
  const { kind, page, size } = q;
  const offset = (page - 1) * size;
  const opts = KIND_OPTIONS[kind];
  const period = q.period ?? DEFAULTS.period;
  const window = q.window ?? DEFAULTS.window;
  const scope = q.scope ?? DEFAULTS.scope;
  const direction = q.direction ?? DEFAULTS.direction;
  const meta = {
    kind,
    page,
    size,
    ...(opts.period ? { period } : {}),
    ...(opts.window ? { window } : {}),
    ...(opts.scope ? { scope } : {}),
    ...(opts.direction ? { direction } : {}),
  };
  const at = (i: number) => position(page, size, i);

  if (kind === 'rise' || kind === 'fall' || kind === 'volume' || kind === 'turnover') {
    const turnover = sql<string>`${coins.volume24h} / nullif(${coins.marketCap}, 0) * 100`;
    const metric = kind === 'volume' ? coins.volume24h : kind === 'turnover' ? turnover : changeColumn[period];
    const where = and(
      scopeWhere(scope),
      kind === 'volume' ? isNotNull(coins.volume24h) : gte(coins.volume24h, String(MIN_RANK_VOLUME_USD)),
      kind === 'turnover'
        ? sql`${coins.marketCap} > 0`
        : kind === 'volume'
          ? undefined
          : isNotNull(changeColumn[period]),
    );
    const order = kind === 'fall' ? asc(metric) : desc(metric);
    const [rows, total] = await Promise.all([
      db
        .select({ ...coinRef, value: metric })
        .from(coins)
        .where(where)
        .orderBy(order, asc(coins.rank), asc(coins.id))
        .limit(size)
        .offset(offset),
      count(db, coins, where),
    ]);
    return {
      ...meta,
      total,
      list: rows.map((r, i) => ({ type: 'coin', position: at(i), value: num(r.value), ...toCoinRef(r) })),
    };
  }

  if (kind === 'coin-flow') {
    const where = and(eq(coinFlows.window, window), scopeWhere(scope));
    const order = direction === 'in' ? desc(coinFlows.netflow) : asc(coinFlows.netflow);
    const [rows, [total]] = await Promise.all([
      db
        .select({ ...coinRef, inflow: coinFlows.inflow, outflow: coinFlows.outflow, netflow: coinFlows.netflow })
        .from(coinFlows)
        .innerJoin(coins, eq(coins.id, coinFlows.coinId))
        .where(where)
        .orderBy(order, asc(coins.rank), asc(coins.id))
        .limit(size)
        .offset(offset),
      db
        .select({ n: sql<number>`count(*)`.mapWith(Number) })
        .from(coinFlows)
        .innerJoin(coins, eq(coins.id, coinFlows.coinId))
        .where(where),
    ]);
    return {
      ...meta,
      total: total?.n ?? 0,
      list: rows.map((r, i) => ({
        type: 'coin-flow',
        position: at(i),
        inflow: num(r.inflow) ?? 0,
        outflow: num(r.outflow) ?? 0,
        netflow: num(r.netflow) ?? 0,
        ...toCoinRef(r),
      })),
    };
  }

  if (kind === 'exchange-flow') {
    const where = eq(exchangeFlows.window, window);
    const order = direction === 'in' ? desc(exchangeFlows.netflow) : asc(exchangeFlows.netflow);
    const [rows, total] = await Promise.all([
      db
        .select({
          name: exchanges.name,
          displayName: exchanges.displayName,
          exchangeType: exchanges.type,
          volume24h: exchanges.reportedVolume24h,
          inflow: exchangeFlows.inflow,
          outflow: exchangeFlows.outflow,
          netflow: exchangeFlows.netflow,
        })
        .from(exchangeFlows)
        .innerJoin(exchanges, eq(exchanges.id, exchangeFlows.exchangeId))
        .where(where)
        .orderBy(order, asc(exchanges.name))
        .limit(size)
        .offset(offset),
      count(db, exchangeFlows, where),
    ]);
    return {
      ...meta,
      total,
      list: rows.map((r, i) => ({
        type: 'exchange-flow',
        position: at(i),
        name: r.name,
        displayName: r.displayName,
        exchangeType: r.exchangeType,
        volume24h: num(r.volume24h),
        inflow: num(r.inflow) ?? 0,
        outflow: num(r.outflow) ?? 0,
        netflow: num(r.netflow) ?? 0,
      })),
    };
  }

  if (kind === 'offering-roi') {
    // A traded offering's ROI follows its coin's price; the stored multiple covers the rest.
    const roi = sql<string>`coalesce(${coins.price} / nullif(${offerings.price}, 0), ${offerings.roi})`;
    const where = sql`${roi} is not null`;
    const [rows, [total]] = await Promise.all([
      db
        .select({
          slug: offerings.slug,
          name: offerings.name,
          symbol: offerings.symbol,
          kind: offerings.kind,
          platform: offerings.platform,
          price: offerings.price,
          roi,
          endAt: offerings.endAt,
          status: offerings.status,
        })
        .from(offerings)
        .leftJoin(coins, eq(coins.id, offerings.coinId))
        .where(where)
        .orderBy(sql`${roi} desc`, asc(offerings.slug))
        .limit(size)
        .offset(offset),
      db
        .select({ n: sql<number>`count(*)`.mapWith(Number) })
        .from(offerings)
        .leftJoin(coins, eq(coins.id, offerings.coinId))
        .where(where),
    ]);
    return {
      ...meta,
      total: total?.n ?? 0,
      list: rows.map((r, i) => ({
        type: 'offering',
        position: at(i),
        slug: r.slug,
        name: r.name,
        symbol: r.symbol,
        kind: r.kind,
        platform: r.platform,
        price: num(r.price),
        roi: num(r.roi) ?? 0,
        endAt: r.endAt ? r.endAt.toISOString() : null,
        status: r.status,
      })),
    };
  }

  if (kind === 'repo-stars' || kind === 'repo-activity') {
    const orders =
      kind === 'repo-stars'
        ? [desc(coinRepos.stars), desc(coinRepos.forks)]
        : [desc(coinRepos.commits30d), desc(coinRepos.lastCommitAt)];
    const [rows, total] = await Promise.all([
      db
        .select({
          ...coinRef,
          url: coinRepos.url,
          stars: coinRepos.stars,
          forks: coinRepos.forks,
          commits30d: coinRepos.commits30d,
          contributors: coinRepos.contributors,
          lastCommitAt: coinRepos.lastCommitAt,
        })
        .from(coinRepos)
        .innerJoin(coins, eq(coins.id, coinRepos.coinId))
        .orderBy(...orders, asc(coins.id))
        .limit(size)
        .offset(offset),
      count(db, coinRepos, undefined),
    ]);
    return {
      ...meta,
      total,
      list: rows.map((r, i) => ({
        type: 'repo',
        position: at(i),
        url: r.url,
        stars: r.stars,
        forks: r.forks,
        commits30d: r.commits30d,
        contributors: r.contributors,
        lastCommitAt: r.lastCommitAt.toISOString(),
        ...toCoinRef(r),
      })),
    };
  }

  // exchange-count: on how many exchanges a coin trades.
  const listed = db
    .select({ coinId: tickers.coinId, n: sql<number>`count(distinct ${tickers.exchangeId})`.mapWith(Number).as('n') })
    .from(tickers)
    .groupBy(tickers.coinId)
    .as('listed');
  const where = scopeWhere(scope);
  const [rows, [total]] = await Promise.all([
    db
      .select({ ...coinRef, value: listed.n })
      .from(listed)
      .innerJoin(coins, eq(coins.id, listed.coinId))
      .where(where)
      .orderBy(desc(listed.n), asc(coins.rank), asc(coins.id))
      .limit(size)
      .offset(offset),
    db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(listed)
      .innerJoin(coins, eq(coins.id, listed.coinId))
      .where(where),
  ]);
  return {
    ...meta,
    total: total?.n ?? 0,
    list: rows.map((r, i) => ({ type: 'coin', position: at(i), value: Number(r.value), ...toCoinRef(r) })),
  };
}

/**
 * The ranking a /rank URL asks for (type, page, size and the kind's own filters): the page and
 * its exports read it the same way. Unknown values fall back to defaults, so a stale bookmark
 * still shows a ranking.
 */
export function readRankQuery(params: URLSearchParams, defaultSize: number = LIST_SIZES.rank): RankQuery {
  const pick = <T extends string>(name: string, allowed: readonly T[]): T | undefined => {
    const value = params.get(name);
    return allowed.includes(value as T) ? (value as T) : undefined;
  };
  const kind: RankKind = pick('type', RANK_KINDS) ?? 'rise';
  const opts = KIND_OPTIONS[kind];
  const rawPage = params.get('page');
  const sizeParam = Number(params.get('size'));
  return {
    kind,
    page: rawPage && /^[1-9]\d{0,5}$/.test(rawPage) ? Number(rawPage) : 1,
    size: isPageSize(sizeParam) ? sizeParam : defaultSize,
    period: opts.period ? pick('period', RANK_PERIODS) : undefined,
    window: opts.window ? pick('window', FLOW_WINDOWS) : undefined,
    scope: opts.scope ? pick('scope', RANK_SCOPES) : undefined,
    direction: opts.direction ? pick('direction', ['in', 'out'] as const) : undefined,
  };
}
