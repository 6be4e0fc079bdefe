import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { z } from 'zod';
import { DomainError } from '../../../server/api/errors.ts';
import {
  addFavourites,
  favouriteRows,
  FAVOURITES_MAX,
  isFavouriteType,
  listFavourites,
  mergeFavourites,
  reorderFavourites,
  removeFavourite,
  replaceFavourites,
  type FavouriteEntry,
  type FavouriteType,
} from './watchlist.server.ts';
import type { ApiEnv } from '../../../server/api/env.ts';
import { requireAuth } from '../../../server/api/middleware/auth.ts';
import { done, fail } from '../../../server/api/respond.ts';
import { doc } from '../../../server/api/openapi.ts';
import type { RouteDoc } from '../../../server/api/openapi.ts';

type C = Context<ApiEnv>;

/** The signed-in user's id (requireAuth ran). */
const me = (c: C) => c.get('user')!.id;

const invalid = (key: string, vars?: Record<string, string | number>) =>
  new DomainError(400, 400, `favourites.${key}`, vars);

/** 500 ids of 120 characters and their quotes: 128 KB is plenty. */
const listBody = bodyLimit({
  maxSize: 128 * 1024,
  onError: (c) => fail(c as C, 413, 413, (c as C).get('t')('favourites.tooMany', { count: FAVOURITES_MAX })),
});

/** A JSON object body; anything else is refused. */
async function body(c: C): Promise<Record<string, unknown>> {
  let value: unknown;
  try {
    value = await c.req.json();
  } catch {
    throw invalid('badBody');
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw invalid('badBody');
  return value as Record<string, unknown>;
}

/** `{ ids: string[] }` of saveMore: one to {@link FAVOURITES_MAX} non-empty strings. */
function idsOf(b: Record<string, unknown>, type: FavouriteType): FavouriteEntry[] {
  const ids = b.ids;
  if (!Array.isArray(ids) || ids.length === 0 || !ids.every((id) => typeof id === 'string' && id.trim() !== ''))
    throw invalid('idsRule');
  if (ids.length > FAVOURITES_MAX) throw invalid('tooMany', { count: FAVOURITES_MAX });
  return (ids as string[]).map((id) => ({ id: id.trim(), type }));
}

/**
 * `{ tickers: { [id]: type } }`. `upper` accepts the type in any case (sync, tickersByIds). The entries come
 * in the order JSON.parse gives an object's keys: integer-like keys (ticker ids) first, in
 * ascending order, then the others as written.
 */
function mapOf(b: Record<string, unknown>, upper: boolean): FavouriteEntry[] {
  const map = b.tickers;
  if (!map || typeof map !== 'object' || Array.isArray(map)) throw invalid('mapRule');
  const pairs = Object.entries(map as Record<string, unknown>);
  if (pairs.length > FAVOURITES_MAX) throw invalid('tooMany', { count: FAVOURITES_MAX });
  return pairs.map(([id, raw]) => {
    const type = upper && typeof raw === 'string' ? raw.toUpperCase() : raw;
    if (!isFavouriteType(type)) throw invalid('typeRule', { id: id.length > 40 ? `${id.slice(0, 40)}…` : id });
    if (id.trim() === '') throw invalid('mapRule');
    return { id: id.trim(), type };
  });
}

/** One id from the query (`_id`, `ticker`, `exchange` of the delete paths). */
function queryId(c: C, param: string): string {
  const id = c.req.query(param)?.trim() ?? '';
  if (id === '' || id.length > 120) throw invalid('paramRule', { param });
  return id;
}

/** changeIndex's `ids`: `TYPE:id` entries separated by commas (`COIN:bitcoin,TICKER:123,EXCHANGE:binance`); empty for an empty list. */
function orderOf(c: C): FavouriteEntry[] {
  const raw = c.req.query('ids');
  if (raw === undefined) throw invalid('orderRule');
  if (raw.trim() === '') return [];
  const parts = raw.split(',');
  if (parts.length > FAVOURITES_MAX) throw invalid('orderRule');
  return parts.map((part) => {
    const at = part.indexOf(':');
    const type = part.slice(0, at).trim().toUpperCase();
    const id = part.slice(at + 1).trim();
    if (at < 1 || !isFavouriteType(type) || id === '') throw invalid('orderRule');
    return { id, type };
  });
}

/** The documented shapes of favourite input (checked above with their own messages). */
const idsBody = z.object({ ids: z.array(z.string()).min(1).max(FAVOURITES_MAX) });
const tickersBody = z.object({ tickers: z.record(z.enum(['COIN', 'TICKER', 'EXCHANGE'])).describe('id → type') });
const fav = (summary: string, more: Partial<RouteDoc> = {}) =>
  doc({ tag: 'Favourites', summary, handlerValidates: true, ...more });

/**
 * SPEC §7 "Favourites" under /api/new/v1 (auth unless noted). Every change answers the user's
 * new list, `[{ id, type }]` in order; a refused request changes nothing.
 *
 * - saveMore (coin, tickers, exchange): add `ids` after the existing entries.
 * - delete: remove one entry; one not in the list changes nothing.
 * - saveCoinAndTickers: batch save, the list becomes exactly `tickers` (entries kept keep their order).
 * - sync: a visitor's local list at sign-in, merged after the server's; unknown ids skipped.
 * - changeIndex?ids=TYPE:id,…: the new order, a permutation of the list.
 * - tickersByIds (no auth): the live rows of `tickers`, `[{ id, type, row }]`.
 */
export const favouriteRoutes = new Hono<ApiEnv>()
  .post(
    '/new/v1/favorite/coin/saveMore',
    fav('Add coins to the list', { body: idsBody }),
    requireAuth,
    listBody,
    async (c) => done(c, await addFavourites(c.get('db'), me(c), idsOf(await body(c), 'COIN'))),
  )
  .post(
    '/new/v1/favorite/tickers/saveMore',
    fav('Add market pairs to the list', { body: idsBody }),
    requireAuth,
    listBody,
    async (c) => done(c, await addFavourites(c.get('db'), me(c), idsOf(await body(c), 'TICKER'))),
  )
  .post(
    '/new/v1/favorite/exchange/saveMore',
    fav('Add exchanges to the list', { body: idsBody }),
    requireAuth,
    listBody,
    async (c) => done(c, await addFavourites(c.get('db'), me(c), idsOf(await body(c), 'EXCHANGE'))),
  )
  .get(
    '/new/v1/favorite/coin/delete',
    fav('Remove a coin', { query: z.object({ _id: z.string() }) }),
    requireAuth,
    async (c) => done(c, await removeFavourite(c.get('db'), me(c), { id: queryId(c, '_id'), type: 'COIN' })),
  )
  .get(
    '/new/v1/favorite/tickers/delete',
    fav('Remove a market pair', { query: z.object({ ticker: z.string() }) }),
    requireAuth,
    async (c) => done(c, await removeFavourite(c.get('db'), me(c), { id: queryId(c, 'ticker'), type: 'TICKER' })),
  )
  .get(
    '/new/v1/favorite/exchange/delete',
    fav('Remove an exchange', { query: z.object({ exchange: z.string() }) }),
    requireAuth,
    async (c) => done(c, await removeFavourite(c.get('db'), me(c), { id: queryId(c, 'exchange'), type: 'EXCHANGE' })),
  )
  .post(
    '/new/v1/favorite/tickers/saveCoinAndTickers',
    fav('Replace the whole list', { body: tickersBody }),
    requireAuth,
    listBody,
    async (c) => done(c, await replaceFavourites(c.get('db'), me(c), mapOf(await body(c), false))),
  )
  .post(
    '/new/v1/favorite/tickers/sync',
    fav('Merge a visitor’s local list after sign-in', { body: tickersBody }),
    requireAuth,
    listBody,
    async (c) => done(c, await mergeFavourites(c.get('db'), me(c), mapOf(await body(c), true))),
  )
  .get('/new/v1/favorite/tickers/getIds', fav('The list, in order'), requireAuth, async (c) =>
    done(c, await listFavourites(c.get('db'), me(c))),
  )
  .post(
    '/new/v1/favorite/tickers/tickersByIds',
    fav('Live rows of favourites (for visitors too)', { body: tickersBody }),
    listBody,
    async (c) => done(c, await favouriteRows(c.get('db'), mapOf(await body(c), true), c.get('locale'))),
  )
  .get(
    '/new/v1/favorite/changeIndex',
    fav('Put the list in a new order', {
      query: z.object({ ids: z.string().describe('TYPE:id,… a permutation of the list') }),
    }),
    requireAuth,
    async (c) => done(c, await reorderFavourites(c.get('db'), me(c), orderOf(c))),
  );
