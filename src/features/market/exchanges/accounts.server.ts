/** The centralised exchanges a reader can open an account with (/exchange/establishAccount). */
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../server/db/index.ts';
import { exchanges, tickers } from '../../../server/db/schema/index.ts';
import { num, type Page } from '../../../server/db/numbers.ts';
import type { SortOrder } from '../coins/index.ts';

/**
 * Currencies issued by states, as they appear as quotes of spot pairs. An exchange "supports" a
 * fiat when it trades against it: the pairs are what a reader can actually deposit and buy with.
 */
export const FIAT_QUOTES = [
  'USD',
  'EUR',
  'GBP',
  'JPY',
  'KRW',
  'CNY',
  'HKD',
  'TWD',
  'SGD',
  'AUD',
  'CAD',
  'CHF',
  'TRY',
  'BRL',
  'INR',
  'IDR',
  'RUB',
  'UAH',
  'NGN',
  'ZAR',
  'MXN',
  'ARS',
  'THB',
  'VND',
  'PHP',
] as const;
type FiatQuote = (typeof FIAT_QUOTES)[number];

export const ACCOUNT_SORTS = ['rank', 'name', 'makerFee', 'takerFee', 'fiatCount', 'starRating'] as const;
export type AccountSort = (typeof ACCOUNT_SORTS)[number];

/** A centralised exchange a reader can open an account with (/exchange/establishAccount). */
interface AccountOption {
  name: string;
  displayName: string;
  country: string | null;
  rank: number | null;
  makerFee: number | null;
  takerFee: number | null;
  /** Fiat currencies it has spot pairs in, alphabetical. */
  fiat: string[];
  /** The exchange says it takes fiat deposits (its feature flag), whether or not pairs show it. */
  fiatFeature: boolean;
  starRating: number | null;
  reviewed: boolean;
  /** The exchange's own site without tracking parameters; null when it has none we can link. */
  signUpUrl: string | null;
}

/** Query parameters that only identify who sent the reader (referral and campaign tracking). */
const TRACKING =
  /^(utm_.*|ref|ref_?id|refcode|referral|referrer|invite|invite_?code|aff|aff_?id|affiliate|partner|source|campaign|fbclid|gclid|msclkid|yclid|mc_cid|mc_eid)$/i;

/**
 * The link to an exchange's site with any tracking parameter removed; only http(s) links.
 * @example signUpUrl('https://x.example/join?ref=abc&lang=en') // 'https://x.example/join?lang=en'
 */
export function signUpUrl(website: string | null): string | null {
  if (!website) return null;
  let url: URL;
  try {
    url = new URL(website);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (url.username || url.password) return null;
  for (const key of [...url.searchParams.keys()]) if (TRACKING.test(key)) url.searchParams.delete(key);
  url.hash = '';
  return url.href;
}

interface AccountQuery {
  page: number;
  size: number;
  sort?: AccountSort | undefined;
  order?: SortOrder | undefined;
  /** Only exchanges with pairs in this fiat. */
  fiat?: FiatQuote | undefined;
}

/**
 * The centralised exchanges (DEXs have no accounts to open), with their fees, the fiat currencies
 * they have pairs in, rating and review status. Default order: rank. Fees sort cheapest first.
 */
export async function listAccountOptions(db: Db, q: AccountQuery): Promise<Page<AccountOption>> {
  const sort = q.sort ?? 'rank';
  const order =
    q.order ?? (sort === 'rank' || sort === 'name' || sort === 'makerFee' || sort === 'takerFee' ? 'asc' : 'desc');
  const fiatList = sql`(select coalesce(array_agg(distinct t.quote_symbol order by t.quote_symbol), '{}') from ${tickers} t
    where t.exchange_id = ${exchanges.id} and t.market = 'spot' and t.quote_symbol in (${sql.join(
      FIAT_QUOTES.map((f) => sql`${f}`),
      sql`, `,
    )}))`;
  const key: Record<AccountSort, SQL> = {
    rank: sql`${exchanges.rank}`,
    name: sql`lower(${exchanges.displayName})`,
    makerFee: sql`${exchanges.makerFee}`,
    takerFee: sql`${exchanges.takerFee}`,
    fiatCount: sql`cardinality(${fiatList})`,
    starRating: sql`${exchanges.starRating}`,
  };
  const where = and(
    eq(exchanges.type, 'CEX'),
    q.fiat
      ? sql`exists (select 1 from ${tickers} t where t.exchange_id = ${exchanges.id} and t.market = 'spot' and t.quote_symbol = ${q.fiat})`
      : undefined,
  );
  const direction = order === 'asc' ? sql`asc nulls last` : sql`desc nulls last`;
  const [totalRow, rows] = await Promise.all([
    db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(exchanges)
      .where(where),
    db
      .select({
        name: exchanges.name,
        displayName: exchanges.displayName,
        country: exchanges.country,
        rank: exchanges.rank,
        makerFee: exchanges.makerFee,
        takerFee: exchanges.takerFee,
        fiat: sql<string[]>`${fiatList}`,
        hasFiat: exchanges.hasFiat,
        starRating: exchanges.starRating,
        reviewed: exchanges.reviewed,
        website: exchanges.website,
      })
      .from(exchanges)
      .where(where)
      .orderBy(sql`${key[sort]} ${direction}`, asc(exchanges.name))
      .limit(q.size)
      .offset((q.page - 1) * q.size),
  ]);
  return {
    list: rows.map((r) => ({
      name: r.name,
      displayName: r.displayName,
      country: r.country,
      rank: r.rank,
      makerFee: num(r.makerFee),
      takerFee: num(r.takerFee),
      fiat: r.fiat,
      fiatFeature: r.hasFiat,
      starRating: num(r.starRating),
      reviewed: r.reviewed,
      signUpUrl: signUpUrl(r.website),
    })),
    total: totalRow[0]?.n ?? 0,
    page: q.page,
    size: q.size,
  };
}
