/**
 * Recently added coins (/new-coins): every coin with a first-seen date, newest first. The date is
 * `coins.first_listed_at` where it is known to the hour (the demo seeder's listing hour; for a
 * coin the live sources brought in, the round in which the site first saw it trade, written by
 * src/server/ingest/coinSymbols.ts), else the listing day `coins.listed_on`. The first exchange is
 * `coins.first_exchange` (where that was); a coin whose data does not say shows none.
 */
import { asc, count, desc, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../../server/db/index.ts';
import { coins, exchanges } from '../../../server/db/schema/index.ts';
import type { Page } from '../../../server/db/numbers.ts';
import { memoMarket } from '../../../server/db/cache.ts';
import { iso, summaryColumns, toSummary, type CoinSummary } from '../coins/index.ts';

/** Rows of /new-coins when its URL names no size (the market tables' 50). */
export const NEW_COINS_PAGE_SIZE = 50;

export type NewCoin = CoinSummary & {
  position: number;
  /** When the coin was first seen (ISO). */
  addedAt: string;
  /** `time`: the hour is known (first_listed_at); `day`: only the listing day (listed_on). */
  addedPrecision: 'time' | 'day';
  /** The exchange it was first seen on: its name as shown, and its page's slug when the site has one. */
  firstExchange: { displayName: string; name: string | null } | null;
};

/** The first-seen moment: the hour when known, else the listing day at 00:00 UTC. */
const addedAt = sql<
  Date | string | null
>`coalesce(${coins.firstListedAt}, (${coins.listedOn}::timestamp at time zone 'UTC'))`;

/** One page of the coins with a first-seen date, newest first (ties by id, so pages are stable). */
export async function listNewCoins(db: Db, q: { page: number; size: number }): Promise<Page<NewCoin>> {
  const offset = (q.page - 1) * q.size;
  const where = isNotNull(addedAt);
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        ...summaryColumns,
        addedAt,
        exact: sql<boolean>`${coins.firstListedAt} is not null`,
        firstExchange: coins.firstExchange,
        exchangeName: sql<
          string | null
        >`(select e.name from ${exchanges} e where e.display_name = ${coins.firstExchange} order by e.id limit 1)`,
      })
      .from(coins)
      .where(where)
      .orderBy(desc(addedAt), asc(coins.id))
      .limit(q.size)
      .offset(offset),
    db.select({ n: count() }).from(coins).where(where),
  ]);
  const list = rows.map((r, i) => ({
    ...toSummary(r),
    position: offset + i + 1,
    addedAt: iso(r.addedAt) as string,
    addedPrecision: r.exact ? ('time' as const) : ('day' as const),
    firstExchange: r.firstExchange ? { displayName: r.firstExchange, name: r.exchangeName } : null,
  }));
  return { list, total: Number(counted?.n ?? 0), page: q.page, size: q.size };
}

/**
 * {@link listNewCoins} for /new-coins: first-seen dates and prices change only with the market, so
 * a page is kept until it does (src/server/db/cache.ts). Shared: not to be changed.
 */
export function currentNewCoins(db: Db, q: { page: number; size: number }): Promise<Page<NewCoin>> {
  return memoMarket(db, 'newCoins', `${q.page}:${q.size}`, () => listNewCoins(db, q), { max: 32 });
}
