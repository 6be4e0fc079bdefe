import { and, asc, desc, eq, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/index.ts';
import { coinConcepts, coinLinks, coins, coinTags, concepts, exchanges, siteMeta, tags, tickers } from '../db/schema/index.ts';
import { notFound } from './errors.ts';
import { num, percentOf, type Page } from './numbers.ts';

/** Coins shown by the "top 200" filters of SPEC §9. */
export const TOP_FILTER_SIZE = 200;

export const COIN_SORTS = ['rank', 'name', 'price', 'change24h', 'change7d', 'marketCap', 'volume24h', 'circulatingSupply'] as const;
export type CoinSort = (typeof COIN_SORTS)[number];
export const COIN_FILTERS = ['all', 'top_cap', 'top_volume'] as const;
export type CoinFilter = (typeof COIN_FILTERS)[number];
export type SortOrder = 'asc' | 'desc';

export interface CoinSummary {
  id: string;
  symbol: string;
  name: string;
  icon: string;
  rank: number | null;
  price: number | null;
  change1h: number | null;
  change24h: number | null;
  change7d: number | null;
  marketCap: number | null;
  volume24h: number | null;
  circulatingSupply: number | null;
  sparkline: number[];
}

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
  sparkline: coins.sparkline7d,
};

type SummaryRow = { [K in keyof typeof summaryColumns]: (typeof summaryColumns)[K]['_']['data'] | null };

export function toSummary(r: SummaryRow): CoinSummary {
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
    marketCap: num(r.marketCap),
    volume24h: num(r.volume24h),
    circulatingSupply: num(r.circulatingSupply),
    sparkline: r.sparkline ?? [],
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

export interface CoinListQuery {
  page: number;
  size: number;
  sort?: CoinSort | undefined;
  order?: SortOrder | undefined;
  filter?: CoinFilter | undefined;
}

/** One page of the coin table. Default order: market-cap rank. */
export async function listCoins(db: Db, q: CoinListQuery): Promise<Page<CoinSummary>> {
  const sort = q.sort ?? 'rank';
  const order = q.order ?? (sort === 'rank' || sort === 'name' ? 'asc' : 'desc');
  let where: SQL | undefined;
  if (q.filter === 'top_cap') where = lte(coins.rank, TOP_FILTER_SIZE);
  if (q.filter === 'top_volume') {
    const top = db
      .select({ id: coins.id })
      .from(coins)
      .orderBy(sql`${coins.volume24h} desc nulls last`)
      .limit(TOP_FILTER_SIZE);
    where = inArray(coins.id, top);
  }
  const column = coinSortColumn[sort];
  const direction = order === 'asc' ? sql`asc nulls last` : sql`desc nulls last`;
  const [rows, [count]] = await Promise.all([
    db
      .select(summaryColumns)
      .from(coins)
      .where(where)
      .orderBy(sql`${column} ${direction}`, asc(coins.id))
      .limit(q.size)
      .offset((q.page - 1) * q.size),
    db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(coins).where(where),
  ]);
  return { list: rows.map(toSummary), total: count?.n ?? 0, page: q.page, size: q.size };
}

export interface GlobalTotals {
  totalMarketCap: number;
  totalVolume24h: number;
  /** Market-cap-weighted 24h change of the whole market, in percent. */
  marketCapChange24h: number | null;
  btcDominance: number | null;
  ethDominance: number | null;
  coinCount: number;
  exchangeCount: number;
  pairCount: number;
  source: string;
  updatedAt: string | null;
}

/** Whole-market figures for the header strip and the home page. */
export async function globalTotals(db: Db): Promise<GlobalTotals> {
  const [[agg], [ex], [tk], [btc], [eth], source] = await Promise.all([
    db
      .select({
        cap: sql<string>`coalesce(sum(${coins.marketCap}), 0)`,
        vol: sql<string>`coalesce(sum(${coins.volume24h}), 0)`,
        prevCap: sql<string>`sum(${coins.marketCap} / (1 + ${coins.change24h} / 100))`,
        n: sql<number>`count(*)`.mapWith(Number),
        updatedAt: sql<string | null>`max(${coins.updatedAt})`,
      })
      .from(coins),
    db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(exchanges),
    db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(tickers),
    db.select({ cap: coins.marketCap }).from(coins).where(eq(coins.symbol, 'BTC')).orderBy(asc(coins.rank)).limit(1),
    db.select({ cap: coins.marketCap }).from(coins).where(eq(coins.symbol, 'ETH')).orderBy(asc(coins.rank)).limit(1),
    dataSource(db),
  ]);
  const cap = num(agg?.cap) ?? 0;
  const prev = num(agg?.prevCap);
  return {
    totalMarketCap: cap,
    totalVolume24h: num(agg?.vol) ?? 0,
    marketCapChange24h: prev ? (cap / prev - 1) * 100 : null,
    btcDominance: percentOf(num(btc?.cap), cap),
    ethDominance: percentOf(num(eth?.cap), cap),
    coinCount: agg?.n ?? 0,
    exchangeCount: ex?.n ?? 0,
    pairCount: tk?.n ?? 0,
    source,
    updatedAt: agg?.updatedAt ? new Date(agg.updatedAt).toISOString() : null,
  };
}

/** Which data source filled the database ("demo" for the seeder). */
export async function dataSource(db: Db): Promise<string> {
  const [row] = await db.select({ value: siteMeta.value }).from(siteMeta).where(eq(siteMeta.key, 'data_source'));
  const value = row?.value as { source?: unknown } | undefined;
  return typeof value?.source === 'string' ? value.source : 'none';
}

/** Biggest 24h gainers and losers among the top coins by market cap. */
export async function topMovers(db: Db, limit = 5): Promise<{ gainers: CoinSummary[]; losers: CoinSummary[] }> {
  const inTop = and(lte(coins.rank, TOP_FILTER_SIZE), sql`${coins.change24h} is not null`);
  const [gainers, losers] = await Promise.all([
    db.select(summaryColumns).from(coins).where(inTop).orderBy(desc(coins.change24h), asc(coins.id)).limit(limit),
    db.select(summaryColumns).from(coins).where(inTop).orderBy(asc(coins.change24h), asc(coins.id)).limit(limit),
  ]);
  return { gainers: gainers.map(toSummary), losers: losers.map(toSummary) };
}

export interface CoinListing {
  exchange: string;
  displayName: string;
  pairs: number;
  volume24h: number | null;
  share: number | null;
}

export interface CoinDetail extends CoinSummary {
  color: string | null;
  change30d: number | null;
  change1y: number | null;
  totalSupply: number | null;
  maxSupply: number | null;
  circulationRate: number | null;
  fullyDilutedMarketCap: number | null;
  dominance: number | null;
  turnoverRate: number | null;
  high24h: number | null;
  low24h: number | null;
  ath: number | null;
  athAt: string | null;
  atl: number | null;
  atlAt: string | null;
  openYesterday: number | null;
  closeYesterday: number | null;
  issuePrice: number | null;
  listedOn: string | null;
  firstExchange: string | null;
  firstListedAt: string | null;
  exchangeCount: number;
  listedExchanges: CoinListing[];
  platform: string | null;
  isToken: boolean;
  reviewed: boolean;
  description: string | null;
  links: { kind: string; url: string }[];
  tags: { slug: string; name: string }[];
  concepts: { slug: string; name: string }[];
  updatedAt: string;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Everything the coin overview shows. Throws a 404 DomainError for an unknown id. */
export async function getCoin(db: Db, id: string, listingLimit = 10): Promise<CoinDetail> {
  const [coin] = await db.select().from(coins).where(eq(coins.id, id));
  if (!coin) throw notFound('api.coinNotFound');
  const [links, tagRows, conceptRows, listings, [exchangeCount], totals] = await Promise.all([
    db.select({ kind: coinLinks.kind, url: coinLinks.url }).from(coinLinks).where(eq(coinLinks.coinId, id)).orderBy(asc(coinLinks.id)),
    db.select({ slug: tags.slug, name: tags.name }).from(coinTags).innerJoin(tags, eq(tags.id, coinTags.tagId)).where(eq(coinTags.coinId, id)).orderBy(asc(tags.name)),
    db
      .select({ slug: concepts.slug, name: concepts.name })
      .from(coinConcepts)
      .innerJoin(concepts, eq(concepts.id, coinConcepts.conceptId))
      .where(eq(coinConcepts.coinId, id))
      .orderBy(asc(concepts.name)),
    db
      .select({
        exchange: exchanges.name,
        displayName: exchanges.displayName,
        pairs: sql<number>`count(*)`.mapWith(Number),
        volume24h: sql<string | null>`sum(${tickers.volume24h})`,
      })
      .from(tickers)
      .innerJoin(exchanges, eq(exchanges.id, tickers.exchangeId))
      .where(eq(tickers.coinId, id))
      .groupBy(exchanges.name, exchanges.displayName)
      .orderBy(sql`sum(${tickers.volume24h}) desc nulls last`, asc(exchanges.name))
      .limit(listingLimit),
    db.select({ n: sql<number>`count(distinct ${tickers.exchangeId})`.mapWith(Number) }).from(tickers).where(eq(tickers.coinId, id)),
    db.select({ cap: sql<string>`coalesce(sum(${coins.marketCap}), 0)` }).from(coins),
  ]);
  const price = num(coin.price);
  const circulating = num(coin.circulatingSupply);
  const total = num(coin.totalSupply);
  const max = num(coin.maxSupply);
  const marketCap = num(coin.marketCap);
  const volume = num(coin.volume24h);
  const supplyCeiling = max ?? total;
  const coinVolume = listings.reduce((s, l) => s + (num(l.volume24h) ?? 0), 0);
  return {
    ...toSummary({ ...coin, sparkline: coin.sparkline7d }),
    color: coin.color,
    change30d: num(coin.change30d),
    change1y: num(coin.change1y),
    totalSupply: total,
    maxSupply: max,
    circulationRate: percentOf(circulating, supplyCeiling),
    fullyDilutedMarketCap: price !== null && supplyCeiling !== null ? price * supplyCeiling : null,
    dominance: percentOf(marketCap, num(totals[0]?.cap)),
    turnoverRate: percentOf(volume, marketCap),
    high24h: num(coin.high24h),
    low24h: num(coin.low24h),
    ath: num(coin.ath),
    athAt: iso(coin.athAt),
    atl: num(coin.atl),
    atlAt: iso(coin.atlAt),
    openYesterday: num(coin.openYesterday),
    closeYesterday: num(coin.closeYesterday),
    issuePrice: num(coin.issuePrice),
    listedOn: coin.listedOn,
    firstExchange: coin.firstExchange,
    firstListedAt: iso(coin.firstListedAt),
    exchangeCount: exchangeCount?.n ?? 0,
    listedExchanges: listings.map((l) => ({
      exchange: l.exchange,
      displayName: l.displayName,
      pairs: l.pairs,
      volume24h: num(l.volume24h),
      share: percentOf(num(l.volume24h), coinVolume),
    })),
    platform: coin.platform,
    isToken: coin.isToken,
    reviewed: coin.reviewed,
    description: coin.description,
    links,
    tags: tagRows,
    concepts: conceptRows,
    updatedAt: coin.updatedAt.toISOString(),
  };
}

/** Icon facts for the icon endpoint. */
export async function coinIconInfo(db: Db, id: string) {
  const [row] = await db
    .select({ symbol: coins.symbol, color: coins.color, hasIcon: coins.hasIcon })
    .from(coins)
    .where(eq(coins.id, id));
  return row ?? null;
}
