/**
 * Search: the quick-search lists, the full search over every kind (the /search page, /q and
 * GET /api/v1/search), the quick query's exact match and the empty page's suggestions.
 */
import { asc, eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../server/db/index.ts';
import { coins, exchanges } from '../../server/db/schema/index.ts';
import {
  QUICK_SEARCH_COINS,
  QUICK_SEARCH_EXCHANGES,
  QUICK_SEARCH_HITS,
  type QuickSearchItem,
} from '../../lib/search.ts';
import { DomainError } from '../../server/api/errors.ts';
import { memoBounded } from '../../server/db/cache.ts';
import { coinIcon, priceAge, priceAgeColumns } from '../market/coins/index.ts';
import { coinNameBook, localCoinName } from '../market/coins/index.ts';
import { num } from '../../server/db/numbers.ts';
import {
  type CoinHit,
  type ExchangeHit,
  MAX_QUERY_LENGTH,
  normaliseQuery,
  SEARCH_KINDS,
  type SearchKind,
  type Searcher,
  type SearchQuery,
  type SearchResults,
  type SearchSection,
  searchable,
} from './query.server.ts';
import {
  findCoins,
  findExchanges,
  LOCAL_NAME_LOCALES,
  searchCoins,
  searchExchanges,
  searchPairs,
} from './marketSearch.server.ts';
import {
  articleSearcher,
  searchAnnouncements,
  searchLives,
  searchQuestions,
  searchWiki,
} from './contentSearch.server.ts';

/**
 * The bytes of JSON each quick-search answer may take, envelope included (uncompressed: 50 KB
 * for both lists, about 13 KB gzipped), whatever the size of the market.
 */
export const QUICK_SEARCH_BYTES = { coin: 40_000, exchange: 10_000 } as const;
const ENVELOPE_BYTES = Buffer.byteLength(JSON.stringify({ code: 0, data: [], msg: 'success' }));

/** The items from the first that fit `bytes` of JSON together (with their commas). */
function withinBytes<T>(items: readonly T[], bytes: number): T[] {
  let used = ENVELOPE_BYTES;
  let n = 0;
  for (const item of items) {
    used += Buffer.byteLength(JSON.stringify(item)) + (n ? 1 : 0);
    if (used > bytes) break;
    n += 1;
  }
  return items.slice(0, n);
}

type CoinNames = Awaited<ReturnType<typeof coinNameBook>>;

/**
 * A coin as a quick-search item. One list serves every language (cached by browsers and CDNs
 * alike): each item carries its local names, which the box shows in the page's language and
 * searches in all of them. `keys` holds only what the other fields do not (the name without
 * spaces when it has some, the platform): every byte is paid 500 times.
 */
function coinItem(book: CoinNames, r: { id: string; symbol: string; name: string; platform: string | null }) {
  const names: Record<string, string> = {};
  for (const l of LOCAL_NAME_LOCALES) {
    const n = localCoinName(book, l, r.id);
    if (n) names[l] = n;
  }
  const joined = r.name.replace(/\s+/g, '');
  const item: QuickSearchItem = {
    id: r.id,
    symbol: r.symbol,
    name: r.name,
    keys: [...(joined !== r.name ? [joined] : []), ...(r.platform ? [r.platform] : [])],
  };
  if (Object.keys(names).length) item.names = names;
  return item;
}

function exchangeItem(r: { name: string; displayName: string; type: string }): QuickSearchItem {
  return {
    id: r.name,
    symbol: r.displayName,
    name: r.displayName,
    keys: [r.displayName.replace(/[\s.]+/g, ''), r.type],
  };
}

/** The top coins as quick-search items, by market-cap rank: QUICK_SEARCH_COINS, within 40 KB. */
export async function quickSearchCoins(db: Db): Promise<QuickSearchItem[]> {
  const [rows, book] = await Promise.all([
    db
      .select({ id: coins.id, symbol: coins.symbol, name: coins.name, platform: coins.platform })
      .from(coins)
      .orderBy(sql`${coins.rank} asc nulls last`, asc(coins.id))
      .limit(QUICK_SEARCH_COINS),
    coinNameBook(db),
  ]);
  return withinBytes(
    rows.map((r) => coinItem(book, r)),
    QUICK_SEARCH_BYTES.coin,
  );
}

/** The top exchanges as quick-search items, by volume rank: QUICK_SEARCH_EXCHANGES, within 10 KB. */
export async function quickSearchExchanges(db: Db): Promise<QuickSearchItem[]> {
  const rows = await db
    .select({ name: exchanges.name, displayName: exchanges.displayName, type: exchanges.type })
    .from(exchanges)
    .orderBy(sql`${exchanges.rank} asc nulls last`, asc(exchanges.name))
    .limit(QUICK_SEARCH_EXCHANGES);
  return withinBytes(rows.map(exchangeItem), QUICK_SEARCH_BYTES.exchange);
}

/**
 * The coins and exchanges a query finds on the server, as quick-search items, best first (the
 * searchers' order): what the box adds to its own lists' hits as the reader types.
 * @example await quickSearchFind(db, 'gen560') // { coins: [{ id: 'gen-coin-560', … }], exchanges: [] }
 */
export async function quickSearchFind(
  db: Db,
  raw: string,
): Promise<{ coins: QuickSearchItem[]; exchanges: QuickSearchItem[] }> {
  const q = normaliseQuery(raw);
  if (!q) return { coins: [], exchanges: [] };
  const [coinRows, exchangeRows, book] = await Promise.all([
    findCoins(db, q, QUICK_SEARCH_HITS.coin),
    findExchanges(db, q, QUICK_SEARCH_HITS.exchange),
    coinNameBook(db),
  ]);
  return { coins: coinRows.map((r) => coinItem(book, r)), exchanges: exchangeRows.map(exchangeItem) };
}
// ---------------------------------------------------------------------------------------------
// Full search (the /search page, /q and GET /api/v1/search)
// ---------------------------------------------------------------------------------------------

const SEARCHERS: { [K in SearchKind]: Searcher<K> } = {
  coin: searchCoins,
  exchange: searchExchanges,
  pair: searchPairs,
  news: articleSearcher('news'),
  research: articleSearcher('research'),
  lives: searchLives,
  announcement: searchAnnouncements,
  wiki: searchWiki,
  question: searchQuestions,
};

/** How many rows of each kind the all-kinds overview shows before "show all". */
const PREVIEW_SIZE: Record<SearchKind, number> = {
  coin: 5,
  exchange: 5,
  pair: 10,
  news: 5,
  research: 3,
  lives: 5,
  announcement: 5,
  wiki: 3,
  question: 3,
};

/**
 * Searches every kind (counts for all of them, up to TOTAL_CAP) and lists the asked kind's page,
 * or every kind's first rows when no kind is asked for. Kinds the query cannot match are not
 * searched (`searchable`: content needs three characters). Content is searched in the reader's
 * content languages (`locale`, default en). Throws a 400 DomainError for a query over
 * MAX_QUERY_LENGTH; an empty query finds nothing.
 * @example await search(db, { q: 'btc' }) // sections coin (Bitcoin first), exchange, pair, news …
 */
export async function search(db: Db, q: SearchQuery): Promise<SearchResults> {
  const query = normaliseQuery(q.q);
  if (query.length > MAX_QUERY_LENGTH)
    throw new DomainError(400, 400, 'searchPage.tooLong', { count: MAX_QUERY_LENGTH });
  const page = q.page ?? 1;
  const locale = q.locale ?? 'en';
  const kinds = SEARCH_KINDS.filter((k) => !q.kinds || q.kinds.includes(k));
  const sections = await Promise.all(
    kinds.map(async (kind) => {
      const size =
        q.kind === undefined ? (q.size ?? PREVIEW_SIZE[kind]) : kind === q.kind ? (q.size ?? PREVIEW_SIZE[kind]) : 0;
      const at = kind === q.kind ? page : 1;
      if (!searchable(kind, query))
        return { kind, total: 0, capped: false, page: at, size, list: [], searched: false } as SearchSection;
      const found = await (SEARCHERS[kind] as Searcher<typeof kind>)(db, query, at, size, locale, q.signedIn ?? false);
      return { kind, ...found, page: at, size, searched: true } as SearchSection;
    }),
  );
  return { query, kind: q.kind ?? null, sections };
}

/** How long the /search page keeps a query's results, and how many queries it keeps. */
const KEPT_MS = 2_000;
const KEPT_QUERIES = 128;

/**
 * {@link search} for the /search page: a query gives every visitor of a language the same results,
 * so a popular one is read at most once per 2 s (src/server/db/cache.ts), not nine searches per
 * visitor; the API reads fresh, and a signed-in reader's search is their own. Shared: not to be changed.
 */
export function currentSearch(db: Db, q: SearchQuery): Promise<SearchResults> {
  if (q.signedIn || q.kinds) return search(db, q);
  const key = [normaliseQuery(q.q), q.kind ?? '', q.page ?? 1, q.size ?? '', q.locale ?? 'en'].join('\u0000');
  return memoBounded(db, 'search', key, KEPT_MS, KEPT_QUERIES, () => search(db, q));
}

/**
 * Results with every section empty, for a query that is not searched (an address or hash longer
 * than a text query may be, which only the block explorers can answer).
 */
export function emptyResults(query: string): SearchResults {
  return {
    query,
    kind: null,
    sections: SEARCH_KINDS.map(
      (kind) => ({ kind, total: 0, capped: false, page: 1, size: 0, list: [], searched: false }) as SearchSection,
    ),
  };
}

/** Where a quick query (`/q/{str}`) should jump: an exact coin symbol or id, or exchange. */
type BestMatch = { kind: 'coin'; id: string } | { kind: 'exchange'; name: string };

/**
 * The exact match for a quick query: a coin id, else the best-ranked coin with that symbol,
 * else an exchange by name or display name (case-insensitive). Null when nothing matches
 * exactly.
 * @example await bestMatch(db, 'btc') // { kind: 'coin', id: 'bitcoin' }
 */
export async function bestMatch(db: Db, raw: string): Promise<BestMatch | null> {
  const term = normaliseQuery(raw).toLowerCase();
  if (!term || term.length > MAX_QUERY_LENGTH) return null;
  const [coin] = await db
    .select({ id: coins.id })
    .from(coins)
    .where(or(eq(coins.id, term), sql`lower(${coins.symbol}) = ${term}`))
    .orderBy(sql`case when ${coins.id} = ${term} then 0 else 1 end`, sql`${coins.rank} asc nulls last`, asc(coins.id))
    .limit(1);
  if (coin) return { kind: 'coin', id: coin.id };
  const [exchange] = await db
    .select({ name: exchanges.name })
    .from(exchanges)
    .where(or(eq(exchanges.name, term), sql`lower(${exchanges.displayName}) = ${term}`))
    .orderBy(sql`${exchanges.rank} asc nulls last`, asc(exchanges.name))
    .limit(1);
  return exchange ? { kind: 'exchange', name: exchange.name } : null;
}

/** What the empty search page suggests: the largest coins and exchanges. */
export async function searchSuggestions(db: Db, limit = 10): Promise<{ coins: CoinHit[]; exchanges: ExchangeHit[] }> {
  const [coinRows, exchangeRows] = await Promise.all([
    db
      .select({
        id: coins.id,
        symbol: coins.symbol,
        name: coins.name,
        rank: coins.rank,
        price: coins.price,
        change24h: coins.change24h,
        marketCap: coins.marketCap,
        ...priceAgeColumns,
      })
      .from(coins)
      .orderBy(sql`${coins.rank} asc nulls last`, asc(coins.id))
      .limit(limit),
    db
      .select({
        name: exchanges.name,
        displayName: exchanges.displayName,
        type: exchanges.type,
        rank: exchanges.rank,
        reportedVolume24h: exchanges.reportedVolume24h,
        pairCount: exchanges.pairCount,
      })
      .from(exchanges)
      .orderBy(sql`${exchanges.rank} asc nulls last`, asc(exchanges.name))
      .limit(limit),
  ]);
  return {
    coins: coinRows.map(({ sources, ...r }) => ({
      ...r,
      icon: coinIcon(r.id),
      price: num(r.price),
      change24h: num(r.change24h),
      marketCap: num(r.marketCap),
      ...priceAge({ sources, priceAt: r.priceAt }),
      tier: 0,
    })),
    exchanges: exchangeRows.map((r) => ({ ...r, reportedVolume24h: num(r.reportedVolume24h), tier: 0 })),
  };
}
