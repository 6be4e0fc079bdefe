/** One coin's detail for its pages and the API: the coin row, its links, tags, concepts and largest listings. */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../../server/db/index.ts';
import {
  coinConcepts,
  coinLinks,
  coins,
  coinTags,
  concepts,
  exchanges,
  tags,
  tickers,
} from '../../../server/db/schema/index.ts';
import { prepared } from '../../../server/db/prepared.ts';
import { memoBounded, memoMarket } from '../../../server/db/cache.ts';
import { notFound } from '../../../server/api/errors.ts';
import { num, percentOf } from '../../../server/db/numbers.ts';
import type { CoinSummary } from '../../../lib/rows.ts';
import { iso, toSummary } from './coins.server.ts';
import { currentTotals } from './totals.server.ts';

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
