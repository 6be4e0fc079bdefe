/**
 * The watchlist's list logic, pure (unit-tested without a DOM): the rows are shown in one table per
 * type (coins, pairs, exchanges), each in the list's own order, so a move within a table is a
 * move past the neighbouring entry of the same type in the one list the store and the server keep.
 */
import { favouriteKey, type Favourite, type FavouriteType } from '../../../../lib/favourites.ts';

/** The tables of the watchlist, in the order they are shown. */
export const WATCHLIST_TYPES: readonly FavouriteType[] = ['COIN', 'TICKER', 'EXCHANGE'];

/**
 * The strings the watchlist draws (for `islandDict`): its own and the list columns it shares
 * with the coin, pair and exchange lists.
 */
export const WATCHLIST_DICT = [
  'watch',
  'list.empty',
  'contract',
  'market.futures',
  'coin.rank',
  'coin.name',
  'coin.price',
  'coin.change24h',
  'coin.change7d',
  'coin.marketCap',
  'coin.volume24h',
  'coin.circulatingSupply',
  'coin.sparkline',
  'coin.unreviewed',
  'exchange.rank',
  'exchange.name',
  'exchange.pair',
  'exchange.spread',
  'exchange.expectedVolume',
  'exchange.reportedVolume',
  'exchange.pairCount',
  'exchange.coinCount',
  'exchange.monthlyVisits',
  'exchange.starRating',
  'exchange.unreviewedNotice',
  'exchange.cex',
  'exchange.dex',
  'exchange.type',
  'exchange.country',
  'provenance',
] as const;

/** The entries of one type, in list order. */
export function ofType(list: readonly Favourite[], type: FavouriteType): Favourite[] {
  return list.filter((f) => f.type === type);
}

/**
 * Moves the entry `key` one place up (-1) or down (+1) among the entries of its type: it swaps
 * places with that neighbour in the whole list. At either end, or for an unknown key, the list
 * comes back unchanged (the same array).
 * @example move([C:a, T:1, C:b], 'COIN:b', -1) // [C:b, T:1, C:a]
 */
export function move(list: readonly Favourite[], key: string, delta: -1 | 1): readonly Favourite[] {
  const at = list.findIndex((f) => favouriteKey(f) === key);
  if (at < 0) return list;
  const type = list[at]!.type;
  let other = at + delta;
  while (other >= 0 && other < list.length && list[other]!.type !== type) other += delta;
  if (other < 0 || other >= list.length) return list;
  const next = [...list];
  [next[at], next[other]] = [next[other]!, next[at]!];
  return next;
}

/**
 * Drops the entry `key` where the entry `target` of the same type is: before it when dragged
 * upwards, after it when dragged downwards, so the dragged row lands where it was let go. The
 * entries of the other types keep their places in the whole list. Unchanged (the same array)
 * when either key is unknown, the types differ or the row was let go where it started.
 * @example moveTo([C:a, C:b, C:c], 'COIN:a', 'COIN:c') // [C:b, C:c, C:a]
 */
export function moveTo(list: readonly Favourite[], key: string, target: string): readonly Favourite[] {
  const from = list.findIndex((f) => favouriteKey(f) === key);
  const to = list.findIndex((f) => favouriteKey(f) === target);
  if (from < 0 || to < 0 || from === to || list[from]!.type !== list[to]!.type) return list;
  const moved = ofType(list, list[from]!.type).filter((f) => favouriteKey(f) !== key);
  const targetAt = moved.findIndex((f) => favouriteKey(f) === target);
  moved.splice(from < to ? targetAt + 1 : targetAt, 0, list[from]!);
  return withTypeOrder(list, moved);
}

/**
 * The list with the entries of one type put in the order of `order` (the rows of a table after a
 * drag), in the places that type holds; the other types stay where they are. `order` must hold
 * exactly that type's entries, else the list comes back unchanged (the same array).
 */
export function withTypeOrder(list: readonly Favourite[], order: readonly Favourite[]): readonly Favourite[] {
  const type = order[0]?.type;
  if (!type) return list;
  const same = ofType(list, type);
  const keys = new Set(same.map(favouriteKey));
  if (order.length !== same.length || !order.every((f) => f.type === type && keys.delete(favouriteKey(f)))) return list;
  if (sameOrder(same, order)) return list;
  let i = 0;
  return list.map((f) => (f.type === type ? order[i++]! : f));
}

/**
 * The request bodies of `tickersByIds` for a list: its `tickers` map holds an id once, so a coin
 * and an exchange of the same id (say "kraken") go in separate requests. Mostly one body.
 * @example tickerMaps([{ id: 'x', type: 'COIN' }, { id: 'x', type: 'EXCHANGE' }]) // [{ x: 'COIN' }, { x: 'EXCHANGE' }]
 */
export function tickerMaps(list: readonly Favourite[]): Record<string, FavouriteType>[] {
  const maps: Record<string, FavouriteType>[] = [];
  for (const f of list) {
    let map = maps.find((m) => !Object.hasOwn(m, f.id));
    if (!map) maps.push((map = {}));
    map[f.id] = f.type;
  }
  return maps;
}

/** Same entries in the same order. */
export function sameOrder(a: readonly Favourite[], b: readonly Favourite[]): boolean {
  return a.length === b.length && a.every((f, i) => favouriteKey(f) === favouriteKey(b[i]!));
}
