/**
 * Hot coins (/hot): the coins drawing the most market attention right now. Without search or
 * page-view logs, attention is read from the market itself: three signals, each turned into a
 * percentile among the eligible coins so that no single unit (per cent, dollars) dominates.
 *
 * - turnover: 24h volume ÷ market cap × 100 (how actively the coin is traded for its size);
 * - move: the size of the 24h price change, up or down;
 * - inflow: the 1-day net fund inflow as a share of market cap (money arriving).
 *
 * The hot score is the mean of the three percentiles, 0–100. Coins trading less than
 * {@link MIN_RANK_VOLUME_USD} in 24 hours are left out, like in the price rankings.
 */
import { and, eq, gte, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../../server/db/index.ts';
import { coinFlows, coins } from '../../../server/db/schema/index.ts';
import { coinIcon, priceAge, priceAgeColumns } from '../coins/index.ts';
import { num, type Page } from '../../../server/db/numbers.ts';
import { memoMarket } from '../../../server/db/cache.ts';
import { MIN_RANK_VOLUME_USD, turnoverRate } from './rankings.server.ts';

export const HOT_SORTS = ['score', 'change24h', 'turnover', 'inflow'] as const;
type HotSort = (typeof HOT_SORTS)[number];

/** The signals of one coin before scoring. */
export interface HotInput {
  id: string;
  rank: number | null;
  marketCap: number | null;
  volume24h: number | null;
  change24h: number | null;
  /** Net inflow over one day, USD. */
  netflow1d: number | null;
}

export interface HotCoin {
  id: string;
  symbol: string;
  name: string;
  icon: string;
  rank: number | null;
  price: number | null;
  change24h: number | null;
  marketCap: number | null;
  volume24h: number | null;
  /** Per cent of market cap traded in 24h. */
  turnover: number | null;
  netflow1d: number | null;
  /** Net 1-day inflow in per cent of market cap. */
  inflowShare: number | null;
  /** 0–100, one decimal. */
  score: number;
  /** When its price was last renewed by a new figure, and whether that is too long ago. */
  priceAt: string | null;
  stale: boolean;
  position: number;
}

export type HotPage = Page<HotCoin> & { sort: HotSort; order: 'asc' | 'desc' };

/**
 * Mid-rank percentiles in [0, 1]: the share of the other values below each value, ties
 * counting half. Missing values score 0 and are left out of the others' comparisons.
 * @example percentiles([10, 30, 20]) // [0, 1, 0.5]
 */
export function percentiles(values: readonly (number | null)[]): number[] {
  const present = values.filter((x): x is number => x !== null && Number.isFinite(x)).sort((a, b) => a - b);
  const n = present.length;
  return values.map((x) => {
    if (x === null || !Number.isFinite(x)) return 0;
    if (n === 1) return 1;
    const below = lowerBound(present, x);
    const equal = lowerBound(present, x, true) - below;
    return (below + (equal - 1) / 2) / (n - 1);
  });
}

/** First index whose value is ≥ x (or > x with `after`), in an ascending array. */
function lowerBound(sorted: readonly number[], x: number, after = false): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    const v = sorted[mid] as number;
    if (v < x || (after && v === x)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The three attention signals of a coin, in per cent. */
export function hotSignals(c: HotInput): { turnover: number | null; move: number | null; inflowShare: number | null } {
  const cap = c.marketCap !== null && c.marketCap > 0 ? c.marketCap : null;
  return {
    turnover: turnoverRate(c.volume24h, cap),
    move: c.change24h === null ? null : Math.abs(c.change24h),
    inflowShare: c.netflow1d === null || cap === null ? null : (c.netflow1d / cap) * 100,
  };
}

/**
 * Hot scores (0–100, one decimal) of a set of coins: the mean percentile of turnover, size of
 * the 24h move and 1-day net inflow share, each among the coins given.
 */
export function hotScores(list: readonly HotInput[]): number[] {
  const signals = list.map(hotSignals);
  const t = percentiles(signals.map((s) => s.turnover));
  const m = percentiles(signals.map((s) => s.move));
  const f = percentiles(signals.map((s) => s.inflowShare));
  return list.map((_, i) => Math.round((((t[i] as number) + (m[i] as number) + (f[i] as number)) / 3) * 1000) / 10);
}

type Scored = Omit<HotCoin, 'position' | 'priceAt' | 'stale'> & { age: Parameters<typeof priceAge>[0] };

/**
 * Orders scored coins: by the chosen column (missing values last), then by 24h volume, then
 * by id so that equal rows keep a stable order across pages.
 */
export function sortHot<
  T extends Pick<Scored, 'id' | 'score' | 'change24h' | 'turnover' | 'inflowShare' | 'volume24h'>,
>(rows: readonly T[], sort: HotSort, order: 'asc' | 'desc'): T[] {
  const key = (r: T): number | null =>
    sort === 'score' ? r.score : sort === 'change24h' ? r.change24h : sort === 'turnover' ? r.turnover : r.inflowShare;
  const sign = order === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => {
    const ka = key(a);
    const kb = key(b);
    if (ka !== kb) {
      if (ka === null) return 1;
      if (kb === null) return -1;
      return sign * (ka - kb);
    }
    return (b.volume24h ?? 0) - (a.volume24h ?? 0) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  });
}

/** One page of hot coins, by hot score unless another column is asked for. */
export async function listHotCoins(
  db: Db,
  q: { page: number; size: number; sort?: HotSort | undefined; order?: 'asc' | 'desc' | undefined },
): Promise<HotPage> {
  const sort = q.sort ?? 'score';
  const order = q.order ?? 'desc';
  const rows = await db
    .select({
      id: coins.id,
      symbol: coins.symbol,
      name: coins.name,
      rank: coins.rank,
      price: coins.price,
      change24h: coins.change24h,
      marketCap: coins.marketCap,
      volume24h: coins.volume24h,
      netflow1d: coinFlows.netflow,
      ...priceAgeColumns,
    })
    .from(coins)
    .leftJoin(coinFlows, and(eq(coinFlows.coinId, coins.id), eq(coinFlows.window, '1d')))
    .where(and(gte(coins.volume24h, String(MIN_RANK_VOLUME_USD)), sql`${coins.marketCap} > 0`, isNotNull(coins.price)));
  const inputs = rows.map((r) => ({
    id: r.id,
    rank: r.rank,
    marketCap: num(r.marketCap),
    volume24h: num(r.volume24h),
    change24h: num(r.change24h),
    netflow1d: num(r.netflow1d),
  }));
  const scores = hotScores(inputs);
  const scored: Scored[] = rows.map((r, i) => {
    const input = inputs[i] as HotInput;
    const s = hotSignals(input);
    return {
      id: r.id,
      symbol: r.symbol,
      name: r.name,
      icon: coinIcon(r.id),
      rank: r.rank,
      price: num(r.price),
      change24h: input.change24h,
      marketCap: input.marketCap,
      volume24h: input.volume24h,
      turnover: s.turnover,
      netflow1d: input.netflow1d,
      inflowShare: s.inflowShare,
      score: scores[i] as number,
      age: { sources: r.sources, priceAt: r.priceAt },
    };
  });
  const offset = (q.page - 1) * q.size;
  // Every eligible coin is scored (percentiles need them all); only the page's rows are dated.
  const list = sortHot(scored, sort, order)
    .slice(offset, offset + q.size)
    .map(({ age, ...r }, i) => ({ ...r, ...priceAge(age), position: offset + i + 1 }));
  return { list, total: scored.length, page: q.page, size: q.size, sort, order };
}

/**
 * {@link listHotCoins} for the /hot and /trending pages: the score of every coin is the same for
 * every visitor until the market changes, so a page of it is kept until then
 * (src/server/db/cache.ts), not scored over the whole universe per request. Shared: not to be changed.
 */
export function currentHotCoins(
  db: Db,
  q: { page: number; size: number; sort?: HotSort | undefined; order?: 'asc' | 'desc' | undefined },
): Promise<HotPage> {
  const key = `${q.page}:${q.size}:${q.sort ?? ''}:${q.order ?? ''}`;
  return memoMarket(db, 'hot', key, () => listHotCoins(db, q), { max: 32 });
}
