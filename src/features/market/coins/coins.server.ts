import {
  currentProvenance,
  GLOBAL_FACTS,
  readProvenance,
  siteIsLive,
  type GlobalFacts,
  type Provenance,
} from '../../../server/db/provenance.ts';
import { and, asc, eq, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../server/db/index.ts';
import {
  coinConcepts,
  coinLinks,
  coins,
  coinTags,
  concepts,
  exchanges,
  siteMeta,
  tags,
  tickers,
} from '../../../server/db/schema/index.ts';
import { prepared } from '../../../server/db/prepared.ts';
import { memo, memoBounded, memoMarket } from '../../../server/db/cache.ts';
import { notFound } from '../../../server/api/errors.ts';
import { num, percentOf, type Page } from '../../../server/db/numbers.ts';
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

const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);

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
  /** Where the market data comes from, its age and whether it is stale. */
  provenance: Omit<Provenance, 'states'>;
  /**
   * Set when the market cap, volume, change and dominance are CoinGecko's whole-market figures
   * (every coin and exchange it follows) rather than the sums of our own rows: on live data,
   * while its totals are fresh. The counts are always ours.
   */
  wholeMarket: { source: 'coingecko'; updatedAt: string } | null;
  /**
   * What the market cap, volume, change and dominance add up: CoinGecko's `whole-market`; on live
   * data without it, the coins the `sources` price (demo rows left out); on demo data, the `demo` rows.
   */
  sums: 'whole-market' | 'sources' | 'demo';
  /** Summed market caps that are estimates: the sources' prices × the demo data's supplies (no supply source). */
  marketCapEstimate: boolean;
}

/** CoinGecko's totals older than this give way to our own sums (three missed hourly refreshes). */
const WHOLE_MARKET_FRESH_MS = 3 * 3_600_000;

/** Whole-market figures for the header strip and the home page. */
export async function globalTotals(db: Db): Promise<GlobalTotals> {
  // On live data the sums are of the coins the sources price: a demo row's figures are invented.
  const live = sql`(cardinality(${coins.sources}) > 0 or not ${siteIsLive})`;
  const [[agg], [ex], [tk], [btc], [eth], source, [gecko]] = await Promise.all([
    db
      .select({
        cap: sql<string>`coalesce(sum(${coins.marketCap}) filter (where ${live}), 0)`,
        vol: sql<string>`coalesce(sum(${coins.volume24h}) filter (where ${live}), 0)`,
        prevCap: sql<string>`sum(${coins.marketCap} / (1 + ${coins.change24h} / 100)) filter (where ${live})`,
        estimate: sql<boolean>`coalesce(bool_or(${coins.marketCap} is not null and ${coins.factsSource} is null) filter (where cardinality(${coins.sources}) > 0), false)`,
        n: sql<number>`count(*)`.mapWith(Number),
        updatedAt: sql<string | null>`max(${coins.updatedAt})`,
      })
      .from(coins),
    db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(exchanges),
    db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(tickers),
    db
      .select({ cap: coins.marketCap })
      .from(coins)
      .where(and(eq(coins.symbol, 'BTC'), live))
      .orderBy(asc(coins.rank))
      .limit(1),
    db
      .select({ cap: coins.marketCap })
      .from(coins)
      .where(and(eq(coins.symbol, 'ETH'), live))
      .orderBy(asc(coins.rank))
      .limit(1),
    readProvenance(db),
    db.select({ value: siteMeta.value, at: siteMeta.updatedAt }).from(siteMeta).where(eq(siteMeta.key, GLOBAL_FACTS)),
  ]);
  const cap = num(agg?.cap) ?? 0;
  const prev = num(agg?.prevCap);
  const whole = source.source === 'live' ? wholeMarketOf(gecko) : null;
  const sums: GlobalTotals['sums'] = whole ? 'whole-market' : source.source === 'live' ? 'sources' : 'demo';
  const ours = {
    totalMarketCap: cap,
    totalVolume24h: num(agg?.vol) ?? 0,
    marketCapChange24h: prev ? (cap / prev - 1) * 100 : null,
    btcDominance: percentOf(num(btc?.cap), cap),
    ethDominance: percentOf(num(eth?.cap), cap),
  };
  return {
    ...(whole?.figures ?? ours),
    wholeMarket: whole ? { source: 'coingecko', updatedAt: whole.updatedAt } : null,
    sums,
    marketCapEstimate: sums === 'sources' && agg?.estimate === true,
    coinCount: agg?.n ?? 0,
    exchangeCount: ex?.n ?? 0,
    pairCount: tk?.n ?? 0,
    source: source.source,
    updatedAt: agg?.updatedAt ? new Date(agg.updatedAt).toISOString() : null,
    provenance: { source: source.source, sources: source.sources, updatedAt: source.updatedAt, stale: source.stale },
  };
}

/** CoinGecko's stored totals as our figures, when fresh and complete; null otherwise. */
function wholeMarketOf(row: { value: unknown; at: Date | string } | undefined, now = Date.now()) {
  if (!row) return null;
  const g = row.value as Partial<GlobalFacts>;
  const updatedAt = new Date(row.at);
  const finite = (n: unknown): n is number => typeof n === 'number' && Number.isFinite(n);
  if (
    now - updatedAt.getTime() > WHOLE_MARKET_FRESH_MS ||
    !finite(g.marketCapUsd) ||
    g.marketCapUsd <= 0 ||
    !finite(g.volumeUsd)
  )
    return null;
  return {
    updatedAt: updatedAt.toISOString(),
    figures: {
      totalMarketCap: g.marketCapUsd,
      totalVolume24h: g.volumeUsd,
      marketCapChange24h: finite(g.marketCapChange24h) ? g.marketCapChange24h : null,
      btcDominance: finite(g.btcDominance) ? g.btcDominance : null,
      ethDominance: finite(g.ethDominance) ? g.ethDominance : null,
    },
  };
}

/**
 * The whole-market totals, shared by every page of the process for a few seconds (the header
 * strip shows them on every page; a page that needs them asks here instead of the database).
 * Their provenance (live or stale, and its age) is not kept with them: it is the current one
 * ({@link currentProvenance}), so the header says what /api/health says.
 */
export async function currentTotals(db: Db): Promise<GlobalTotals> {
  const [totals, p] = await Promise.all([memo(db, 'totals', 15_000, () => globalTotals(db)), currentProvenance(db)]);
  return {
    ...totals,
    source: p.source,
    provenance: { source: p.source, sources: p.sources, updatedAt: p.updatedAt, stale: p.stale },
  };
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

interface CoinListing {
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
  /** When the row was last written (the price's own age is `priceAt`). */
  updatedAt: string;
  /** Where the supplies came from ("coingecko"), null for the seeder's figures (= supplySource). */
  factsSource: string | null;
}

type Json<T> = T;

type ListingRow = { exchange: string; displayName: string; pairs: number; volume24h: string | null };

/**
 * A coin's largest listings (its pairs grouped by exchange, the `limit` exchanges with the most
 * 24h volume) and the number of exchanges listing it, in one statement. Reads every pair of the
 * coin: thousands for the top coins of a large universe.
 */
export async function coinListings(
  db: Db,
  id: string,
  limit: number,
): Promise<{ listings: ListingRow[]; exchangeCount: number }> {
  const outerId = sql.raw('"coins"."id"');
  const statement = prepared(db, `coinListings:${limit}`, (name) =>
    db
      .select({
        listings: sql<ListingRow[]>`(select coalesce(json_agg(json_build_object(
            'exchange', x.name, 'displayName', x.display_name, 'pairs', x.pairs, 'volume24h', x.volume::text) order by x.volume desc nulls last, x.name), '[]'::json)
          from (select e.name, e.display_name, count(*) as pairs, sum(tk.volume_24h) as volume
                from ${tickers} tk join ${exchanges} e on e.id = tk.exchange_id where tk.coin_id = ${outerId}
                group by e.name, e.display_name order by sum(tk.volume_24h) desc nulls last, e.name limit ${limit}) x)`,
        exchangeCount:
          sql<number>`(select count(distinct tk.exchange_id) from ${tickers} tk where tk.coin_id = ${outerId})`.mapWith(
            Number,
          ),
      })
      .from(coins)
      .where(eq(coins.id, sql.placeholder('id')))
      .prepare(name),
  );
  const [row] = await statement.execute({ id });
  return { listings: row?.listings ?? [], exchangeCount: row?.exchangeCount ?? 0 };
}

/** Coins whose listings a process keeps at once (the most recently viewed). */
const LISTINGS_KEPT = 1_000;

/**
 * {@link coinListings} shared by the pages of a process for a minute per coin: grouping every
 * pair of a coin grew with the universe (bitcoin has thousands of pairs), while a coin's
 * per-exchange volumes change only when pairs are imported (live prices move pair prices, not
 * volumes). So the listings and the exchange count may be up to a minute older than the coin's
 * price beside them.
 */
function currentCoinListings(db: Db, id: string, limit: number) {
  return memoBounded(db, 'coinListings', `${limit}:${id}`, 60_000, LISTINGS_KEPT, () => coinListings(db, id, limit));
}

/**
 * {@link getCoin} for the coin pages and the API, kept in this process until the market changes
 * (like {@link currentCoinList}); an unknown coin is not kept. The detail is shared: read only.
 */
export function currentCoin(db: Db, id: string): Promise<CoinDetail> {
  return memoMarket(db, 'coin', id, () => getCoin(db, id));
}

/**
 * Everything the coin overview shows: the coin row with its links, tags and concepts
 * aggregated as JSON beside it in one statement, then its largest listings (shared, see
 * {@link currentCoinListings}). Dominance uses the whole-market totals every page already
 * holds. Throws a 404 DomainError for an unknown id.
 */
export async function getCoin(db: Db, id: string, listingLimit = 10): Promise<CoinDetail> {
  // Qualified: inside the subqueries a bare "id" would be the inner table's.
  const outerId = sql.raw('"coins"."id"');
  const statement = prepared(db, `getCoin:${listingLimit}`, (name) =>
    db
      .select({
        coin: coins,
        links: sql<
          Json<{ kind: string; url: string }[]>
        >`(select coalesce(json_agg(json_build_object('kind', l.kind, 'url', l.url) order by l.id), '[]'::json)
        from ${coinLinks} l where l.coin_id = ${outerId})`,
        tags: sql<
          Json<{ slug: string; name: string }[]>
        >`(select coalesce(json_agg(json_build_object('slug', t.slug, 'name', t.name) order by t.name), '[]'::json)
        from ${coinTags} ct join ${tags} t on t.id = ct.tag_id where ct.coin_id = ${outerId})`,
        concepts: sql<
          Json<{ slug: string; name: string }[]>
        >`(select coalesce(json_agg(json_build_object('slug', c.slug, 'name', c.name) order by c.name), '[]'::json)
        from ${coinConcepts} cc join ${concepts} c on c.id = cc.concept_id where cc.coin_id = ${outerId})`,
      })
      .from(coins)
      .where(eq(coins.id, sql.placeholder('id')))
      .prepare(name),
  );
  const [row] = await statement.execute({ id });
  if (!row) throw notFound('api.coinNotFound');
  const { coin, links, tags: tagRows, concepts: conceptRows } = row;
  const [{ listings, exchangeCount }, totals] = await Promise.all([
    currentCoinListings(db, id, listingLimit),
    currentTotals(db),
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
    ...toSummary({
      ...coin,
      sparkPath: coin.sparklinePath,
      sparkTrend: coin.sparklineTrend,
      sparkline: coin.sparkline7d,
      demo: coin.sources.length === 0 && totals.provenance.source === 'live',
    }),
    color: coin.color,
    change30d: num(coin.change30d),
    change1y: num(coin.change1y),
    totalSupply: total,
    maxSupply: max,
    circulationRate: percentOf(circulating, supplyCeiling),
    fullyDilutedMarketCap: price !== null && supplyCeiling !== null ? price * supplyCeiling : null,
    dominance: percentOf(marketCap, totals.totalMarketCap || null),
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
    exchangeCount,
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
    // Only web addresses reach a page's href, whoever wrote the row (an import, a source, by hand).
    links: links.filter((l) => /^https?:\/\//i.test(l.url)),
    tags: tagRows,
    concepts: conceptRows,
    updatedAt: coin.updatedAt.toISOString(),
    factsSource: coin.factsSource,
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
