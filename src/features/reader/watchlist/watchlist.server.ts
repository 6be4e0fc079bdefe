/**
 * A signed-in user's favourites (SPEC §3 "Favourite entry", §4 "Favourite toggle", §7
 * "Favourites"): an ordered list of coins, tickers and exchanges, each entry exactly one of them
 * by identifier: a coin's slug (`coins.id`), a ticker's number (`tickers.id`, as a string) or an
 * exchange's name (`exchanges.name`).
 *
 * Rules, the same for every change:
 * - Ids that name nothing are refused (400 naming them) and nothing is saved; only `sync`, the
 *   upload of a visitor's local list at sign-in, skips them, so one delisted coin cannot keep a
 *   visitor's list from ever reaching the server.
 * - A list holds at most {@link FAVOURITES_MAX} entries; a change that would pass it is refused
 *   whole.
 * - Changes of one user run one at a time (the user's row is locked for the transaction), so two
 *   tabs cannot interleave an append and a reorder into a list with holes or duplicates.
 *
 * The order is `position` then id; positions may have gaps (a delete leaves one), a reorder
 * numbers them 0…n−1 again.
 */
import { and, asc, eq, inArray, max, sql } from 'drizzle-orm';
import type { Db } from '../../../server/db/index.ts';
import { lockedFor, type Tx } from '../../../server/db/userLock.ts';
import { coins, exchanges, favourites, tickers } from '../../../server/db/schema/index.ts';
import type { Locale } from '../../../lib/i18n/index.ts';
import { withLocalNames } from '../../market/coins/index.ts';
import { DomainError } from '../../../server/api/errors.ts';
import { listExchanges, type ExchangeSummary } from '../../market/exchanges/index.ts';
import { listCoins, type CoinSummary } from '../../market/coins/index.ts';
import { listTickers, type TickerRow } from '../../market/pairs/index.ts';

const FAVOURITE_TYPES = ['COIN', 'TICKER', 'EXCHANGE'] as const;
export type FavouriteType = (typeof FAVOURITE_TYPES)[number];

/** One entry as the API shows it: `{ id: 'bitcoin', type: 'COIN' }`. */
export interface FavouriteEntry {
  id: string;
  type: FavouriteType;
}

/** The most entries one user's list holds (and the most ids one request may name). */
export const FAVOURITES_MAX = 500;

/** The longest identifier looked up; anything longer names nothing. */
const ID_MAX = 120;

export const isFavouriteType = (v: unknown): v is FavouriteType => (FAVOURITE_TYPES as readonly unknown[]).includes(v);

/** `COIN:bitcoin`: the one key of an entry, as changeIndex spells the new order. */
const entryKey = (e: FavouriteEntry) => `${e.type}:${e.id}`;

/** The entries once each, first occurrence kept. */
export function dedupe(entries: readonly FavouriteEntry[]): FavouriteEntry[] {
  const seen = new Set<string>();
  return entries.filter((e) => {
    const key = entryKey(e);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

const favouriteError = (key: string, vars?: Record<string, string | number>, code = 400) =>
  new DomainError(400, code, `favourites.${key}`, vars);

/** The ids of a refusal, shortened: a message names at most ten, each at most 40 characters. */
function named(entries: readonly FavouriteEntry[]): string {
  const shown = entries.slice(0, 10).map((e) => (e.id.length > 40 ? `${e.id.slice(0, 40)}…` : e.id));
  return shown.join(', ') + (entries.length > 10 ? ` (+${entries.length - 10})` : '');
}

const unknownError = (entries: readonly FavouriteEntry[]) => favouriteError('unknown', { ids: named(entries) }, 4101);
const capError = () => favouriteError('cap', { count: FAVOURITES_MAX }, 4102);

/** A ticker id as its number, or null when the text is not one. */
function tickerNumber(id: string): number | null {
  if (!/^[1-9]\d{0,9}$/.test(id)) return null;
  const n = Number(id);
  return n <= 2_147_483_647 ? n : null;
}

/**
 * The entries that name nothing: no coin with that slug, no ticker with that number, no
 * exchange with that name. Three lookups at most, whatever the number of entries.
 */
async function unknownEntries(db: Db | Tx, entries: readonly FavouriteEntry[]): Promise<FavouriteEntry[]> {
  const ofType = (type: FavouriteType) =>
    entries.filter((e) => e.type === type && e.id.length <= ID_MAX).map((e) => e.id);
  const coinIds = ofType('COIN');
  const exchangeNames = ofType('EXCHANGE');
  const tickerIds = ofType('TICKER')
    .map(tickerNumber)
    .filter((n): n is number => n !== null);
  const [foundCoins, foundTickers, foundExchanges] = await Promise.all([
    coinIds.length ? db.select({ id: coins.id }).from(coins).where(inArray(coins.id, coinIds)) : [],
    tickerIds.length ? db.select({ id: tickers.id }).from(tickers).where(inArray(tickers.id, tickerIds)) : [],
    exchangeNames.length
      ? db.select({ name: exchanges.name }).from(exchanges).where(inArray(exchanges.name, exchangeNames))
      : [],
  ]);
  const known = new Set<string>([
    ...foundCoins.map((r) => `COIN:${r.id}`),
    ...foundTickers.map((r) => `TICKER:${r.id}`),
    ...foundExchanges.map((r) => `EXCHANGE:${r.name}`),
  ]);
  return entries.filter((e) => !known.has(entryKey(e)));
}

/**
 * Whether an entry's target still exists. A reseed or an import may drop a pair, a coin or an
 * exchange (favourites have no foreign key: the target is one of three tables); such entries are
 * left out of every answer and deleted by the user's next change, so the list a client shows is
 * always the one changeIndex expects.
 */
const targetExists = sql`case ${favourites.kind}
  when 'COIN' then exists (select 1 from ${coins} where ${coins.id} = ${favourites.target})
  when 'EXCHANGE' then exists (select 1 from ${exchanges} where ${exchanges.name} = ${favourites.target})
  else exists (select 1 from ${tickers} where ${tickers.id} = (case when ${favourites.target} ~ '^[0-9]{1,10}$' then ${favourites.target}::bigint end))
end`;

/** The user's list, in order (entries whose target is gone left out). */
export async function listFavourites(db: Db | Tx, userId: number): Promise<FavouriteEntry[]> {
  const rows = await db
    .select({ id: favourites.target, type: favourites.kind })
    .from(favourites)
    .where(and(eq(favourites.userId, userId), targetExists))
    .orderBy(asc(favourites.position), asc(favourites.id));
  return rows;
}

/** Deletes the user's entries whose target is gone (see {@link targetExists}). */
async function prune(tx: Tx, userId: number): Promise<void> {
  await tx.delete(favourites).where(and(eq(favourites.userId, userId), sql`not (${targetExists})`));
}

/** A change of the user's favourites: locked, and the entries of vanished targets pruned first. */
function changing<T>(db: Db, userId: number, change: (tx: Tx) => Promise<T>): Promise<T> {
  return lockedFor(db, userId, async (tx) => {
    await prune(tx, userId);
    return change(tx);
  });
}

/** Appends entries after the last position. */
async function append(tx: Tx, userId: number, entries: readonly FavouriteEntry[]): Promise<void> {
  if (entries.length === 0) return;
  const [last] = await tx
    .select({ position: max(favourites.position) })
    .from(favourites)
    .where(eq(favourites.userId, userId));
  const start = (last?.position ?? -1) + 1;
  await tx
    .insert(favourites)
    .values(entries.map((e, i) => ({ userId, kind: e.type, target: e.id, position: start + i })))
    .onConflictDoNothing();
}

/**
 * Adds entries after the existing ones (saveMore); entries already in the list stay where they
 * are. Unknown ids or passing the cap: refused, nothing saved. Answers the new list.
 */
export async function addFavourites(
  db: Db,
  userId: number,
  entries: readonly FavouriteEntry[],
): Promise<FavouriteEntry[]> {
  const wanted = dedupe(entries);
  const unknown = await unknownEntries(db, wanted);
  if (unknown.length) throw unknownError(unknown);
  return changing(db, userId, async (tx) => {
    const current = await listFavourites(tx, userId);
    const have = new Set(current.map(entryKey));
    const fresh = wanted.filter((e) => !have.has(entryKey(e)));
    if (current.length + fresh.length > FAVOURITES_MAX) throw capError();
    await append(tx, userId, fresh);
    return listFavourites(tx, userId);
  });
}

/** Removes one entry (the stars' "remove"); one not in the list changes nothing. Answers the new list. */
export async function removeFavourite(db: Db, userId: number, entry: FavouriteEntry): Promise<FavouriteEntry[]> {
  return changing(db, userId, async (tx) => {
    await tx
      .delete(favourites)
      .where(and(eq(favourites.userId, userId), eq(favourites.kind, entry.type), eq(favourites.target, entry.id)));
    return listFavourites(tx, userId);
  });
}

/**
 * Batch save (saveCoinAndTickers, SPEC §4 "Batch save replaces the whole list"): afterwards the
 * list holds exactly these entries. Entries already there keep their order; new ones follow in
 * the order given. An empty batch empties the list. Unknown ids or more than the cap: refused.
 */
export async function replaceFavourites(
  db: Db,
  userId: number,
  entries: readonly FavouriteEntry[],
): Promise<FavouriteEntry[]> {
  const wanted = dedupe(entries);
  if (wanted.length > FAVOURITES_MAX) throw capError();
  const unknown = await unknownEntries(db, wanted);
  if (unknown.length) throw unknownError(unknown);
  const keep = new Set(wanted.map(entryKey));
  return changing(db, userId, async (tx) => {
    const current = await listFavourites(tx, userId);
    const gone = current.filter((e) => !keep.has(entryKey(e)));
    for (const type of FAVOURITE_TYPES) {
      const ids = gone.filter((e) => e.type === type).map((e) => e.id);
      if (ids.length)
        await tx
          .delete(favourites)
          .where(and(eq(favourites.userId, userId), eq(favourites.kind, type), inArray(favourites.target, ids)));
    }
    const have = new Set(current.map(entryKey));
    await append(
      tx,
      userId,
      wanted.filter((e) => !have.has(entryKey(e))),
    );
    return listFavourites(tx, userId);
  });
}

/**
 * The upload of a visitor's local list at sign-in (sync): merged after the server's entries,
 * which keep their order; duplicates once; ids that name nothing (any more) are skipped. Passing
 * the cap is refused whole. Answers the new list.
 */
export async function mergeFavourites(
  db: Db,
  userId: number,
  entries: readonly FavouriteEntry[],
): Promise<FavouriteEntry[]> {
  const wanted = dedupe(entries);
  const unknown = new Set((await unknownEntries(db, wanted)).map(entryKey));
  const known = wanted.filter((e) => !unknown.has(entryKey(e)));
  return changing(db, userId, async (tx) => {
    const current = await listFavourites(tx, userId);
    const have = new Set(current.map(entryKey));
    const fresh = known.filter((e) => !have.has(entryKey(e)));
    if (current.length + fresh.length > FAVOURITES_MAX) throw capError();
    await append(tx, userId, fresh);
    return listFavourites(tx, userId);
  });
}

/**
 * A new order for the list (changeIndex): `order` must hold exactly the list's entries, each
 * once, else 400 and nothing changes (the client's list is stale: reload it). Answers the new list.
 */
export async function reorderFavourites(
  db: Db,
  userId: number,
  order: readonly FavouriteEntry[],
): Promise<FavouriteEntry[]> {
  return changing(db, userId, async (tx) => {
    const current = await listFavourites(tx, userId);
    const have = new Set(current.map(entryKey));
    const given = new Set(order.map(entryKey));
    const permutation =
      order.length === current.length && given.size === order.length && order.every((e) => have.has(entryKey(e)));
    if (!permutation) throw favouriteError('notPermutation', {}, 4103);
    if (order.length) {
      // One statement: each entry's new position from its index in the order given.
      await tx.execute(sql`
        update ${favourites} f set position = o.position - 1
        from unnest(${sql.param(order.map((e) => e.type))}::text[], ${sql.param(order.map((e) => e.id))}::text[])
          with ordinality as o(kind, target, position)
        where f.user_id = ${userId} and f.kind::text = o.kind and f.target = o.target`);
    }
    return listFavourites(tx, userId);
  });
}

/** One entry of a watchlist with its live row, in the shape of its own list API. */
type FavouriteRow =
  | { id: string; type: 'COIN'; row: CoinSummary & { localName: string | null } }
  | { id: string; type: 'TICKER'; row: TickerRow }
  | { id: string; type: 'EXCHANGE'; row: ExchangeSummary };

/**
 * The live rows of some entries (tickersByIds: a visitor's local list, or any list), in the
 * order given, each in the shape of its list API (/v1/coins, /v1/tickers, /v1/exchanges, read by
 * the same domain functions). Entries that name nothing are left out.
 */
export async function favouriteRows(
  db: Db,
  entries: readonly FavouriteEntry[],
  locale: Locale = 'en',
): Promise<FavouriteRow[]> {
  const wanted = dedupe(entries).filter((e) => e.id.length <= ID_MAX);
  const ofType = (type: FavouriteType) => wanted.filter((e) => e.type === type).map((e) => e.id);
  const coinIds = ofType('COIN');
  const tickerIds = ofType('TICKER')
    .map(tickerNumber)
    .filter((n): n is number => n !== null);
  const names = ofType('EXCHANGE');
  const [coinPage, tickerPage, exchangePage] = await Promise.all([
    coinIds.length ? listCoins(db, { page: 1, size: coinIds.length, ids: coinIds }, { points: true }) : null,
    tickerIds.length ? listTickers(db, { page: 1, size: tickerIds.length, ids: tickerIds }) : null,
    names.length ? listExchanges(db, { page: 1, size: names.length, names }) : null,
  ]);
  const rows = new Map<string, FavouriteRow>();
  for (const row of coinPage ? await withLocalNames(db, locale, coinPage.list) : [])
    rows.set(`COIN:${row.id}`, { id: row.id, type: 'COIN', row });
  for (const row of tickerPage?.list ?? []) rows.set(`TICKER:${row.id}`, { id: String(row.id), type: 'TICKER', row });
  for (const row of exchangePage?.list ?? []) rows.set(`EXCHANGE:${row.name}`, { id: row.name, type: 'EXCHANGE', row });
  return wanted.flatMap((e) => rows.get(entryKey(e)) ?? []);
}
