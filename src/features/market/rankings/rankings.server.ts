/**
 * The ten ranking kinds of SPEC §2. Each kind is one query with its own ordering (in
 * queries.server.ts); the orderings and the filters that keep dust out are pure functions tested
 * on their own.
 */
import type { Page } from '../../../server/db/numbers.ts';
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
export type RankScope = (typeof RANK_SCOPES)[number];

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
export interface RankedCoin extends CoinChip {
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
      /** 'github': read from GitHub's API, `fetchedAt` being its age; 'demo': the seeder's invention. */
      source: 'github' | 'demo';
      fetchedAt: string | null;
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
