/**
 * Favourite entries (SPEC §3 "Favourite entry") as the browser keeps and sends them: exactly one
 * of a coin id, a pair's numeric id (TICKER) or an exchange name. Pure functions, shared by the
 * favourites store and the star script (which must stay small: no store, no request code).
 */
export type FavouriteType = 'COIN' | 'TICKER' | 'EXCHANGE';

/** One entry as the API answers it: a coin id, a pair's numeric id or an exchange name. */
export interface Favourite {
  id: string;
  type: FavouriteType;
}

const TYPES: readonly string[] = ['COIN', 'TICKER', 'EXCHANGE'];

/**
 * The `TYPE:id` key used in markup (`data-fav`) and by `changeIndex`.
 * @example favouriteKey({ id: 'bitcoin', type: 'COIN' }) // 'COIN:bitcoin'
 */
export function favouriteKey(f: Favourite): string {
  return `${f.type}:${f.id}`;
}

/**
 * Reads a `TYPE:id` key; null when it is not one.
 * @example parseFavouriteKey('TICKER:12') // { id: '12', type: 'TICKER' }
 */
export function parseFavouriteKey(key: string): Favourite | null {
  const colon = key.indexOf(':');
  if (colon < 0) return null;
  const type = key.slice(0, colon).toUpperCase();
  const id = key.slice(colon + 1);
  return TYPES.includes(type) && id ? { id, type: type as FavouriteType } : null;
}

/** A stored list; anything malformed is dropped, duplicates keep their first place. */
export function parseFavourites(raw: string | null): Favourite[] {
  if (!raw) return [];
  try {
    const v: unknown = JSON.parse(raw);
    if (!Array.isArray(v)) return [];
    return dedupe(
      v.filter(
        (f): f is Favourite =>
          !!f && typeof f === 'object' && typeof f.id === 'string' && f.id !== '' && TYPES.includes(f.type),
      ),
    );
  } catch {
    return [];
  }
}

export function dedupe(list: readonly Favourite[]): Favourite[] {
  const seen = new Set<string>();
  return list.filter((f) => {
    const k = favouriteKey(f);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

/** The body map of `sync` and `saveCoinAndTickers` (id → type). */
export function toTickerMap(list: readonly Favourite[]): Record<string, FavouriteType> {
  return Object.fromEntries(list.map((f) => [f.id, f.type]));
}
