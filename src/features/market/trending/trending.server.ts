/**
 * Trending coins (/trending, the home page's strip): the coins this site's readers open most,
 * counted by the first-party page-view beacon (src/features/views). A coin's views are those of
 * its pages, `/coin/<id>` and `/coin/<id>/<tab>`, whatever the locale prefix.
 *
 * `page_views` keeps one count per path and UTC day, so "the last 24 hours" is estimated from
 * two day buckets: today's count so far, plus yesterday's count times the share of today not yet
 * elapsed (the part of yesterday still inside the 24-hour window), as though yesterday's views
 * were spread evenly over its hours. At 06:00 UTC: today + 0.75 × yesterday. An even spread is
 * the only assumption a day bucket allows; it errs where traffic has a daily rhythm, and never
 * adds views that were not counted.
 *
 * With fewer than {@link MIN_TRENDING_VIEWS} estimated views over fewer than
 * {@link MIN_TRENDING_COINS} coins (a new site), a ranking by views would be noise: the list
 * says so and ranks by the market's own attention signals instead (the hot score of /hot).
 */
import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../server/db/index.ts';
import { coins, pageViews } from '../../../server/db/schema/index.ts';
import type { Page } from '../../../server/db/numbers.ts';
import { memoMarket } from '../../../server/db/cache.ts';
import { COIN_TABS } from '../coin/index.ts';
import { summaryColumns, toSummary, type CoinSummary } from '../coins/index.ts';
import { listHotCoins } from '../rankings/index.ts';
import { utcDay } from '../../views/index.ts';

const DAY = 86_400_000;

/** Rows of /trending when its URL names no size (the market tables' 50). */
export const TRENDING_PAGE_SIZE = 50;

/** Below this many estimated coin-page views in 24 hours the ranking falls back to the market signal. */
export const MIN_TRENDING_VIEWS = 20;
/** … or below this many coins viewed. */
export const MIN_TRENDING_COINS = 5;

/** What a trending list is ranked by: the readers' views, or (too few yet) the hot score of /hot. */
export type TrendingBasis = 'views' | 'market';

/** One coin's page views in the two UTC day buckets the estimate reads. */
export interface CoinViews {
  id: string;
  rank: number | null;
  today: number;
  yesterday: number;
}

export type TrendingCoin = CoinSummary & {
  position: number;
  /** Estimated views of the coin's pages in the last 24 hours (basis `views`), else null. */
  views: number | null;
  /** The /hot score, 0–100 (basis `market`), else null. */
  hotScore: number | null;
};

export type TrendingPage = Page<TrendingCoin> & {
  basis: TrendingBasis;
  /** Estimated views of all coin pages in the last 24 hours, one decimal. */
  totalViews: number;
  /** How many coins those views were of. */
  coinsViewed: number;
  /** The moment the estimate is for (ISO). */
  asOf: string;
  /** The weight yesterday's count had in the estimate: the share of today not yet elapsed. */
  yesterdayWeight: number;
  minViews: number;
  minCoins: number;
};

/**
 * The share of the current UTC day not yet elapsed at `now`, in (0, 1]: how much of yesterday's
 * count still falls inside the last 24 hours.
 * @example yesterdayWeight(Date.UTC(2026, 0, 1, 6)) // 0.75
 */
export function yesterdayWeight(now: number): number {
  return 1 - (((now % DAY) + DAY) % DAY) / DAY;
}

/**
 * Views in the 24 hours before `now`, from the UTC day buckets: today's count plus yesterday's
 * weighted by {@link yesterdayWeight}.
 * @example estimate24h(10, 40, Date.UTC(2026, 0, 1, 18)) // 10 + 40 × 0.25 = 20
 */
export function estimate24h(today: number, yesterday: number, now: number): number {
  return today + yesterday * yesterdayWeight(now);
}

/**
 * Coins by estimated views, most first; ties go to the coin with more views today (the newer
 * interest), then to the better market-cap rank, then by id so pages stay stable. Coins with no
 * view left in the window are left out.
 */
export function rankByViews(rows: readonly CoinViews[], now: number): { id: string; views: number }[] {
  return rows
    .map((r) => ({ ...r, views: estimate24h(r.today, r.yesterday, now) }))
    .filter((r) => r.views > 0)
    .sort(
      (a, b) =>
        b.views - a.views ||
        b.today - a.today ||
        (a.rank ?? Number.POSITIVE_INFINITY) - (b.rank ?? Number.POSITIVE_INFINITY) ||
        (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
    )
    .map(({ id, views }) => ({ id, views }));
}

/** Whether the views are enough to rank by: {@link MIN_TRENDING_VIEWS} over {@link MIN_TRENDING_COINS} coins. */
export function enoughViews(ranked: readonly { views: number }[]): boolean {
  return ranked.length >= MIN_TRENDING_COINS && ranked.reduce((s, r) => s + r.views, 0) >= MIN_TRENDING_VIEWS;
}

/**
 * Today's and yesterday's views per coin, from its overview and tab paths (a path of another
 * shape under /coin/, such as /coin/list_2, names no coin and drops out in the join).
 */
async function coinViews(db: Db, now: number): Promise<CoinViews[]> {
  const today = utcDay(now);
  const yesterday = utcDay(now - DAY);
  const res = (await db.execute(sql`
    select c.id, c.rank, v.today, v.yesterday
    from (
      select split_part(pv.path, '/', 3) as id,
             coalesce(sum(pv.n) filter (where pv.day = ${today}::date), 0)::int as today,
             coalesce(sum(pv.n) filter (where pv.day = ${yesterday}::date), 0)::int as yesterday
      from ${pageViews} pv
      where pv.day >= ${yesterday}::date and pv.day <= ${today}::date
        and pv.path like '/coin/%' and split_part(pv.path, '/', 5) = ''
        and (split_part(pv.path, '/', 4) = '' or split_part(pv.path, '/', 4) = any(${sql.param([...COIN_TABS])}::text[]))
      group by 1
    ) v
    join ${coins} c on c.id = v.id`)) as unknown as { rows: CoinViews[] };
  return res.rows;
}

/** The list rows of some coins, by id. */
async function summariesOf(db: Db, ids: readonly string[]): Promise<Map<string, CoinSummary>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select(summaryColumns)
    .from(coins)
    .where(inArray(coins.id, [...ids]));
  return new Map(rows.map((r) => [r.id, toSummary(r)]));
}

/** One page of trending coins at `now`: by views when there are enough, else by the hot score (and says which). */
export async function listTrending(
  db: Db,
  q: { page: number; size: number; now?: number | undefined },
): Promise<TrendingPage> {
  const now = q.now ?? Date.now();
  const ranked = rankByViews(await coinViews(db, now), now);
  const offset = (q.page - 1) * q.size;
  const meta = {
    page: q.page,
    size: q.size,
    totalViews: Math.round(ranked.reduce((s, r) => s + r.views, 0) * 10) / 10,
    coinsViewed: ranked.length,
    asOf: new Date(now).toISOString(),
    yesterdayWeight: yesterdayWeight(now),
    minViews: MIN_TRENDING_VIEWS,
    minCoins: MIN_TRENDING_COINS,
  };
  if (enoughViews(ranked)) {
    const slice = ranked.slice(offset, offset + q.size);
    const rows = await summariesOf(
      db,
      slice.map((r) => r.id),
    );
    const list = slice.flatMap((r, i) => {
      const c = rows.get(r.id);
      return c ? [{ ...c, position: offset + i + 1, views: Math.round(r.views * 10) / 10, hotScore: null }] : [];
    });
    return { ...meta, basis: 'views', list, total: ranked.length };
  }
  const hot = await listHotCoins(db, { page: q.page, size: q.size });
  const rows = await summariesOf(
    db,
    hot.list.map((h) => h.id),
  );
  const list = hot.list.flatMap((h) => {
    const c = rows.get(h.id);
    return c ? [{ ...c, position: h.position, views: null, hotScore: h.score }] : [];
  });
  return { ...meta, basis: 'market', list, total: hot.total };
}

/** The longest a {@link currentTrending} page is kept on a quiet market (no round to renew it). */
export const TRENDING_MEMO_MS = 30_000;

/**
 * {@link listTrending} as of now for the home page's strip and /trending: a page kept in this process until the
 * market changes (its prices and the hot fallback are market rows; src/server/db/cache.ts), and at
 * most {@link TRENDING_MEMO_MS}, not summed from page_views per render. An estimate over 24 hours
 * moves little in 30 s; `asOf` says when it was made. Shared: not to be changed.
 */
export function currentTrending(db: Db, q: { page: number; size: number }): Promise<TrendingPage> {
  return memoMarket(db, 'trending', `${q.page}:${q.size}`, () => listTrending(db, q), {
    ttlMs: TRENDING_MEMO_MS,
    max: 16,
  });
}
