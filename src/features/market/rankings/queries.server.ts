/** One query per ranking kind of SPEC §2: a page of a ranking ({@link getRanking}). */
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
import { num } from '../../../server/db/numbers.ts';
import { memoMarket } from '../../../server/db/cache.ts';
import {
  DEFAULTS,
  KIND_OPTIONS,
  MIN_RANK_VOLUME_USD,
  position,
  scopeLimit,
  type RankedCoin,
  type RankQuery,
  type Ranking,
  type RankScope,
} from './rankings.server.ts';

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
      // Every flow row has its coin (a foreign key): the join is needed only for a rank scope,
      // and without it the count is read from the window's index, not a hash of every coin.
      scopeWhere(scope)
        ? db
            .select({ n: sql<number>`count(*)`.mapWith(Number) })
            .from(coinFlows)
            .innerJoin(coins, eq(coins.id, coinFlows.coinId))
            .where(where)
        : db
            .select({ n: sql<number>`count(*)`.mapWith(Number) })
            .from(coinFlows)
            .where(eq(coinFlows.window, window)),
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
          source: coinRepos.source,
          fetchedAt: coinRepos.fetchedAt,
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
        source: r.source === 'github' ? ('github' as const) : ('demo' as const),
        fetchedAt: r.fetchedAt ? r.fetchedAt.toISOString() : null,
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
 * {@link getRanking} for the /rank and /flow pages: a ranking is the same for every visitor until
 * the market changes, so a page of it is kept until then (src/server/db/cache.ts; at most its
 * TTL for the rows no market round writes, such as repositories and offerings), not sorted and
 * counted per request. Shared: not to be changed.
 */
export function currentRanking(db: Db, q: RankQuery): Promise<Ranking> {
  const key = [q.kind, q.page, q.size, q.period, q.window, q.scope, q.direction].join(':');
  return memoMarket(db, 'ranking', key, () => getRanking(db, q), { max: 64 });
}
