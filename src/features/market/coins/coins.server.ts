/**
 * The coin lists: the table's pages (sorts, filters, a watchlist's coins), the row shape every
 * coin list shares and a price's age, the top movers and the icon facts. The whole-market
 * totals are in totals.server.ts, one coin's detail in detail.server.ts.
 */
import { siteIsLive } from '../../../server/db/provenance.ts';
import { and, asc, eq, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../server/db/index.ts';
import { coins } from '../../../server/db/schema/index.ts';
import { prepared } from '../../../server/db/prepared.ts';
import { memo, memoMarket } from '../../../server/db/cache.ts';
import { num, type Page } from '../../../server/db/numbers.ts';
import { config } from '../../../server/config.ts';
import type { SparkTrend } from '../../../lib/sparkline.ts';
import type { CoinSummary } from '../../../lib/rows.ts';
export type { CoinSummary } from '../../../lib/rows.ts';

/** Coins shown by the "top 200" filters of SPEC §9. */
const TOP_FILTER_SIZE = 200;

export const COIN_SORTS = [
  'rank',
  'name',
  'price',
  'change24h',
  'change7d',
  'marketCap',
  'volume24h',
  'circulatingSupply',
] as const;
export type CoinSort = (typeof COIN_SORTS)[number];
export const COIN_FILTERS = ['all', 'top_cap', 'top_volume'] as const;
type CoinFilter = (typeof COIN_FILTERS)[number];
export type SortOrder = 'asc' | 'desc';

export const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);

export const coinIcon = (id: string) => `/icons/coins/${encodeURIComponent(id)}.svg`;

/** The columns of a coin list row; {@link toSummary} turns a selected row into a {@link CoinSummary}. */
export const summaryColumns = {
  id: coins.id,
  symbol: coins.symbol,
  name: coins.name,
  rank: coins.rank,
  price: coins.price,
  change1h: coins.change1h,
  change24h: coins.change24h,
  change7d: coins.change7d,
  marketCap: coins.marketCap,
  volume24h: coins.volume24h,
  circulatingSupply: coins.circulatingSupply,
  sparkPath: coins.sparklinePath,
  sparkTrend: coins.sparklineTrend,
  // Aliased: topMovers selects these columns from a subquery.
  demo: sql<boolean>`(cardinality(${coins.sources}) = 0 and ${siteIsLive})`.as('demo'),
  sources: coins.sources,
  priceAt: coins.priceAt,
  factsSource: coins.factsSource,
  factsUpdatedAt: coins.factsUpdatedAt,
};

type ColumnData<C> = C extends SQL<infer T> | SQL.Aliased<infer T> ? T : C extends { _: { data: infer D } } ? D : never;
type SummaryRow = { [K in keyof typeof summaryColumns]: ColumnData<(typeof summaryColumns)[K]> | null } & {
  sparkline?: number[] | null;
};

/** The columns a coin's price age is read from ({@link priceAge}), for lists that select their own columns. */
export const priceAgeColumns = { sources: coins.sources, priceAt: coins.priceAt };

/** When a row's price was last renewed by a new figure, and whether it is stale: for every place a price is shown. */
export function priceAge(r: { sources: string[] | null; priceAt: Date | string | null }): {
  priceAt: string | null;
  stale: boolean;
} {
  const priceAt = iso(r.priceAt);
  return { priceAt, stale: priceIsStale(r.sources ?? [], priceAt) };
}

/** Whether a live price (one with sources) is older than the stale threshold at `now`. */
function priceIsStale(sources: readonly string[], priceAt: string | null, now = Date.now()): boolean {
  return sources.length > 0 && (priceAt === null || now - Date.parse(priceAt) > config().STALE_MS);
}

export function toSummary(r: SummaryRow): CoinSummary {
  const sources = r.sources ?? [];
  const priceAt = iso(r.priceAt);
  const marketCap = num(r.marketCap);
  return {
    id: r.id!,
    symbol: r.symbol!,
    name: r.name!,
    icon: coinIcon(r.id!),
    rank: r.rank,
    price: num(r.price),
    change1h: num(r.change1h),
    change24h: num(r.change24h),
    change7d: num(r.change7d),
    marketCap,
    volume24h: num(r.volume24h),
    circulatingSupply: num(r.circulatingSupply),
    demo: r.demo === true,
    sources,
    priceAt,
    stale: priceIsStale(sources, priceAt),
    supplySource: r.factsSource,
    supplyAt: iso(r.factsUpdatedAt),
    marketCapEstimate: sources.length > 0 && r.factsSource === null && marketCap !== null,
    spark: r.sparkPath ? { d: r.sparkPath, trend: (r.sparkTrend ?? 'flat') as SparkTrend } : null,
    ...(r.sparkline !== undefined ? { sparkline: r.sparkline ?? [] } : {}),
  };
}

/** The SQL expression a coin list sorts by. */
export const coinSortColumn: Record<CoinSort, SQL> = {
  rank: sql`${coins.rank}`,
  name: sql`lower(${coins.name})`,
  price: sql`${coins.price}`,
  change24h: sql`${coins.change24h}`,
  change7d: sql`${coins.change7d}`,
  marketCap: sql`${coins.marketCap}`,
  volume24h: sql`${coins.volume24h}`,
  circulatingSupply: sql`${coins.circulatingSupply}`,
};

interface CoinListQuery {
  page: number;
  size: number;
  sort?: CoinSort | undefined;
  order?: SortOrder | undefined;
  filter?: CoinFilter | undefined;
  /** Only these coins (a watchlist); at most a page of them. */
  ids?: readonly string[] | undefined;
}

/**
 * One page of the coin table and the number of coins it pages through, in one statement (the
 * count is a scalar subquery; the page itself walks an index and stops at its last row).
 * Default order: market-cap rank. `points` adds the seven days of prices (the API).
 */
export async function listCoins(db: Db, q: CoinListQuery, opts: { points?: boolean } = {}): Promise<Page<CoinSummary>> {
  const sort = q.sort ?? 'rank';
  const order = q.order ?? (sort === 'rank' || sort === 'name' ? 'asc' : 'desc');
  const filter = q.filter ?? 'all';
  const byIds = q.ids !== undefined;
  const shape = `listCoins:${sort}:${order}:${filter}:${opts.points ? 1 : 0}${byIds ? ':ids' : ''}`;
  // The ids are a parameter of the statement (an array), not part of its text.
  const where = () =>
    and(coinFilter(db, filter), byIds ? sql`${coins.id} = any(${sql.placeholder('ids')}::text[])` : undefined);
  const count = () => db.select({ n: sql<number>`count(*)` }).from(coins).where(where());
  // A filtered list counts at most 200 coins in the statement; the whole universe's count
  // reads every coin, grows with it and changes only when coins are added, so it is shared.
  const whole = filter === 'all' && !byIds;
  // One prepared statement per shape (sort, order, filter, points); the page is a parameter.
  const statement = prepared(db, shape, (name) =>
    db
      .select({
        ...summaryColumns,
        ...(opts.points ? { sparkline: coins.sparkline7d } : {}),
        total: whole ? sql<null>`null` : sql<number>`(${count()})`.mapWith(Number),
      })
      .from(coins)
      .where(where())
      .orderBy(
        sql`${coinSortColumn[sort]} ${order === 'asc' ? sql`asc nulls last` : sql`desc nulls last`}`,
        asc(coins.id),
      )
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(name),
  );
  const countAlone = () =>
    prepared(db, `${shape}:count`, (name) => count().prepare(name))
      .execute({ ids: q.ids ?? [] })
      .then((r) => Number(r[0]?.n ?? 0));
  const [rows, shared] = await Promise.all([
    statement.execute({ limit: q.size, offset: (q.page - 1) * q.size, ids: q.ids ?? [] }),
    whole ? memo(db, 'coinCount', 10_000, countAlone) : null,
  ]);
  // Past the last page there is no row to carry the count: ask for it alone.
  let total = shared ?? rows[0]?.total ?? undefined;
  if (total === undefined || total === null) total = await countAlone();
  return { list: rows.map(toSummary), total, page: q.page, size: q.size };
}

/**
 * {@link listCoins} for the pages and the API: the coin tables are what visitors load most, so a
 * page of them is kept in this process until the market changes (src/server/db/cache.ts),
 * not asked of the database per request. A watchlist (`ids`) is read fresh. Callers must not
 * change the rows: they are shared.
 */
export function currentCoinList(db: Db, q: CoinListQuery, opts: { points?: boolean } = {}): Promise<Page<CoinSummary>> {
  if (q.ids !== undefined) return listCoins(db, q, opts);
  const key = `${q.sort ?? ''}:${q.order ?? ''}:${q.filter ?? ''}:${q.page}:${q.size}:${opts.points ? 1 : 0}`;
  // 64 pages: the first pages of the common orders stay; an API client walking every page at
  // size 100 with points (about 130 KB each) does not hold more than a few megabytes.
  return memoMarket(db, 'coinList', key, () => listCoins(db, q, opts), { max: 64 });
}

/** The WHERE clause of a coin-list filter (the "top 200" filters of SPEC §9). */
function coinFilter(db: Db, filter: CoinFilter): SQL | undefined {
  if (filter === 'top_cap') return lte(coins.rank, TOP_FILTER_SIZE);
  if (filter === 'top_volume') {
    const top = db
      .select({ id: coins.id })
      .from(coins)
      .orderBy(sql`${coins.volume24h} desc nulls last`)
      .limit(TOP_FILTER_SIZE);
    return inArray(coins.id, top);
  }
  return undefined;
}

/** Biggest 24h gainers and losers among the top coins by market cap. */
export async function topMovers(db: Db, limit = 5): Promise<{ gainers: CoinSummary[]; losers: CoinSummary[] }> {
  // Both ends of the same few hundred rows, ranked in one (prepared) statement.
  const rows = await prepared(db, `topMovers:${limit}`, (name) => {
    const ranked = db
      .select({
        ...summaryColumns,
        up: sql<number>`row_number() over (order by ${coins.change24h} desc, ${coins.id})`.as('up'),
        down: sql<number>`row_number() over (order by ${coins.change24h} asc, ${coins.id})`.as('down'),
      })
      .from(coins)
      .where(and(lte(coins.rank, TOP_FILTER_SIZE), sql`${coins.change24h} is not null`))
      .as('ranked');
    return db.select().from(ranked).where(sql`${ranked.up} <= ${limit} or ${ranked.down} <= ${limit}`).prepare(name);
  }).execute();
  const pick = (key: 'up' | 'down') =>
    rows
      .filter((r) => Number(r[key]) <= limit)
      .sort((a, b) => Number(a[key]) - Number(b[key]))
      .map((r) => toSummary(r));
  return { gainers: pick('up'), losers: pick('down') };
}

/**
 * {@link topMovers} for the home page: both lists kept in this process until the market changes
 * (src/server/db/cache.ts), like the coin tables. Shared: not to be changed.
 */
export function currentTopMovers(db: Db, limit = 5): Promise<{ gainers: CoinSummary[]; losers: CoinSummary[] }> {
  return memoMarket(db, 'topMovers', String(limit), () => topMovers(db, limit), { max: 4 });
}

/** Icon facts for the icon endpoint. */
export async function coinIconInfo(db: Db, id: string) {
  const [row] = await db
    .select({ symbol: coins.symbol, color: coins.color, hasIcon: coins.hasIcon })
    .from(coins)
    .where(eq(coins.id, id));
  return row ?? null;
}
