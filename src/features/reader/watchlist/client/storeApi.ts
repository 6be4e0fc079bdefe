/**
 * The favourites calls of SPEC §7 (docs/api.md), signed in with the session's token. Loaded
 * by the favourites store only for signed-in readers.
 */
import { apiGet, apiPost } from '../../../../stores/api.ts';
import type { Favourite, FavouritesApi } from './store.ts';

const V1 = '/new/v1/favorite';
const part = { COIN: 'coin', TICKER: 'tickers', EXCHANGE: 'exchange' } as const;
const deleteParam = { COIN: '_id', TICKER: 'ticker', EXCHANGE: 'exchange' } as const;

export const favouritesApi: FavouritesApi = {
  getIds: () => apiGet<Favourite[]>(`${V1}/tickers/getIds`),
  sync: (tickers) => apiPost<Favourite[]>(`${V1}/tickers/sync`, { tickers }),
  add: (f) => apiPost<Favourite[]>(`${V1}/${part[f.type]}/saveMore`, { ids: [f.id] }),
  remove: (f) => apiGet<Favourite[]>(`${V1}/${part[f.type]}/delete`, { [deleteParam[f.type]]: f.id }),
  replace: (tickers) => apiPost<Favourite[]>(`${V1}/tickers/saveCoinAndTickers`, { tickers }),
  reorder: (keys) => apiGet<Favourite[]>(`${V1}/changeIndex`, { ids: keys.join(',') }),
};
