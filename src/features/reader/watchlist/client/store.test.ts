import { describe, expect, it, vi } from 'vitest';
import { SESSION_KEYS } from '../../../../lib/account.ts';
import {
  createFavourites,
  favouriteKey,
  parseFavouriteKey,
  parseFavourites,
  type Favourite,
  type FavouritesApi,
} from './store.ts';

const C = (id: string): Favourite => ({ id, type: 'COIN' });
const T = (id: string): Favourite => ({ id, type: 'TICKER' });
const X = (id: string): Favourite => ({ id, type: 'EXCHANGE' });

/** A localStorage stand-in and a server that keeps one list, answering like the real API. */
function fakes(init: { storage?: Record<string, string>; server?: Favourite[] } = {}) {
  const store = new Map(Object.entries(init.storage ?? {}));
  let server = [...(init.server ?? [])];
  const same = (a: Favourite, b: Favourite) => a.id === b.id && a.type === b.type;
  const merge = (tickers: Record<string, string>) => {
    for (const [id, type] of Object.entries(tickers)) {
      const f = { id, type: type.toUpperCase() } as Favourite;
      if (!server.some((x) => same(x, f))) server.push(f);
    }
  };
  const api: FavouritesApi = {
    getIds: vi.fn(async () => [...server]),
    sync: vi.fn(async (tickers) => (merge(tickers), [...server])),
    add: vi.fn(async (f) => (merge({ [f.id]: f.type }), [...server])),
    remove: vi.fn(async (f) => ((server = server.filter((x) => !same(x, f))), [...server])),
    replace: vi.fn(async (tickers) => {
      const next = Object.entries(tickers).map(([id, type]) => ({ id, type }) as Favourite);
      server = [
        ...server.filter((x) => next.some((n) => same(n, x))),
        ...next.filter((n) => !server.some((x) => same(n, x))),
      ];
      return [...server];
    }),
    reorder: vi.fn(async (keys: string[]) => ((server = keys.map((k) => parseFavouriteKey(k)!)), [...server])),
  };
  const env = {
    storage: {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, String(v)),
      removeItem: (k: string) => void store.delete(k),
    },
    api,
  };
  return { env, api, store, server: () => server };
}

const stored = (store: Map<string, string>, key: string) => parseFavourites(store.get(key) ?? null);

describe('keys and stored lists', () => {
  it('reads TYPE:id keys and refuses anything else', () => {
    expect(favouriteKey(C('bitcoin'))).toBe('COIN:bitcoin');
    expect(parseFavouriteKey('TICKER:12')).toEqual(T('12'));
    expect(parseFavouriteKey('exchange:binance')).toEqual(X('binance'));
    for (const bad of ['bitcoin', 'TOKEN:x', 'COIN:', ':x']) expect(parseFavouriteKey(bad)).toBeNull();
  });

  it('drops malformed stored lists and entries, and duplicates', () => {
    expect(parseFavourites('{nope')).toEqual([]);
    expect(parseFavourites('{"id":"x"}')).toEqual([]);
    expect(
      parseFavourites(
        JSON.stringify([C('a'), { id: 'b', type: 'TOKEN' }, { id: '', type: 'COIN' }, null, C('a'), T('1')]),
      ),
    ).toEqual([C('a'), T('1')]);
  });
});

describe('a visitor', () => {
  it('keeps favourites in localStorage: toggle adds, toggling again removes; no request', async () => {
    const f = fakes({ storage: { [SESSION_KEYS.localFavourites]: JSON.stringify([C('bitcoin')]) } });
    const fav = createFavourites(f.env);
    await fav.start(false);
    expect(fav.$favourites.get()).toEqual({ list: [C('bitcoin')], signedIn: false, ready: true });
    expect(await fav.toggle(X('binance'))).toBe(true);
    expect(await fav.toggle(C('bitcoin'))).toBe(false);
    expect(fav.$favourites.get().list).toEqual([X('binance')]);
    expect(stored(f.store, SESSION_KEYS.localFavourites)).toEqual([X('binance')]);
    for (const call of Object.values(f.api)) expect(call).not.toHaveBeenCalled();
  });

  it('batch save replaces the local list and reorder keeps the new order', async () => {
    const f = fakes({ storage: { [SESSION_KEYS.localFavourites]: JSON.stringify([C('a'), C('b')]) } });
    const fav = createFavourites(f.env);
    await fav.start(false);
    await fav.save([T('7'), C('b')]);
    expect(stored(f.store, SESSION_KEYS.localFavourites)).toEqual([T('7'), C('b')]);
    await fav.reorder([C('b'), T('7')]);
    expect(fav.$favourites.get().list).toEqual([C('b'), T('7')]);
    expect(f.api.replace).not.toHaveBeenCalled();
    expect(f.api.reorder).not.toHaveBeenCalled();
  });
});

describe('a signed-in reader', () => {
  it('uploads local favourites first when the sync flag is not 1, then loads the server list; the flag becomes 1', async () => {
    const f = fakes({
      storage: { [SESSION_KEYS.localFavourites]: JSON.stringify([C('eth'), T('5')]) },
      server: [C('btc')],
    });
    const order: string[] = [];
    (f.api.sync as ReturnType<typeof vi.fn>).mockImplementationOnce(
      async () => (order.push('sync'), f.server().push(C('eth'), T('5')), f.server()),
    );
    (f.api.getIds as ReturnType<typeof vi.fn>).mockImplementationOnce(
      async () => (order.push('getIds'), [...f.server()]),
    );
    const fav = createFavourites(f.env);
    await fav.start(true);
    expect(order).toEqual(['sync', 'getIds']);
    expect(f.api.sync).toHaveBeenCalledWith({ eth: 'COIN', '5': 'TICKER' });
    expect(f.store.get(SESSION_KEYS.favouritesSynced)).toBe('1');
    expect(fav.$favourites.get()).toEqual({ list: [C('btc'), C('eth'), T('5')], signedIn: true, ready: true });
    expect(stored(f.store, SESSION_KEYS.serverFavourites)).toEqual([C('btc'), C('eth'), T('5')]);
    // Uploaded, the local list follows the server's.
    expect(stored(f.store, SESSION_KEYS.localFavourites)).toEqual([C('btc'), C('eth'), T('5')]);
  });

  it('a favourite removed while signed in stays removed after signing out and in again (the local list follows the server)', async () => {
    const f = fakes({ storage: { [SESSION_KEYS.localFavourites]: JSON.stringify([C('eth'), C('sol')]) } });
    const fav = createFavourites(f.env);
    await fav.start(true);
    expect(await fav.toggle(C('eth'))).toBe(false);
    fav.signedOut();
    expect(fav.$favourites.get().list).toEqual([C('sol')]);
    await fav.start(true);
    expect(f.server()).toEqual([C('sol')]);
    expect(fav.$favourites.get().list).toEqual([C('sol')]);
  });

  it('does not upload again once the flag is 1, nor with no local favourites', async () => {
    for (const storage of [
      { [SESSION_KEYS.localFavourites]: JSON.stringify([C('eth')]), [SESSION_KEYS.favouritesSynced]: '1' },
      { [SESSION_KEYS.favouritesSynced]: '0' },
    ] as Record<string, string>[]) {
      const f = fakes({ storage, server: [C('btc')] });
      const fav = createFavourites(f.env);
      await fav.start(true);
      expect(f.api.sync).not.toHaveBeenCalled();
      expect(fav.$favourites.get().list).toEqual([C('btc')]);
    }
  });

  it('leaves the flag unset when the upload fails (tried again next time) and still loads the server list', async () => {
    const f = fakes({ storage: { [SESSION_KEYS.localFavourites]: JSON.stringify([C('eth')]) }, server: [C('btc')] });
    (f.api.sync as ReturnType<typeof vi.fn>).mockRejectedValueOnce(new Error('code 500'));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const fav = createFavourites(f.env);
    await fav.start(true);
    expect(f.store.has(SESSION_KEYS.favouritesSynced)).toBe(false);
    expect(fav.$favourites.get().list).toEqual([C('btc')]);
    // Not uploaded yet: the visitor's list is kept for the next try.
    expect(stored(f.store, SESSION_KEYS.localFavourites)).toEqual([C('eth')]);
  });

  it('shows the cached server list at once, marked not ready until the server answers', async () => {
    const f = fakes({ storage: { [SESSION_KEYS.serverFavourites]: JSON.stringify([C('old')]) }, server: [C('new')] });
    const fav = createFavourites(f.env);
    const started = fav.start(true);
    expect(fav.$favourites.get()).toEqual({ list: [C('old')], signedIn: true, ready: false });
    await started;
    expect(fav.$favourites.get()).toEqual({ list: [C('new')], signedIn: true, ready: true });
  });

  it('toggles on the server: in the server list → deleted, else saved; the list follows the answer', async () => {
    const f = fakes({
      storage: { [SESSION_KEYS.localFavourites]: JSON.stringify([C('local')]), [SESSION_KEYS.favouritesSynced]: '1' },
      server: [C('btc')],
    });
    const fav = createFavourites(f.env);
    await fav.start(true);
    // In the local list but not the server's: the server list is the active one, so it is added.
    expect(await fav.toggle(C('local'))).toBe(true);
    expect(f.api.add).toHaveBeenCalledWith(C('local'));
    expect(await fav.toggle(C('btc'))).toBe(false);
    expect(f.api.remove).toHaveBeenCalledWith(C('btc'));
    expect(fav.$favourites.get().list).toEqual([C('local')]);
    expect(stored(f.store, SESSION_KEYS.serverFavourites)).toEqual([C('local')]);
  });

  it('keeps the list unchanged when the server refuses a toggle', async () => {
    const f = fakes({ server: [C('btc')] });
    const fav = createFavourites(f.env);
    await fav.start(true);
    (f.api.add as ReturnType<typeof vi.fn>).mockRejectedValueOnce(new Error('at most 500'));
    await expect(fav.toggle(C('eth'))).rejects.toThrow('at most 500');
    expect(fav.$favourites.get().list).toEqual([C('btc')]);
  });

  it('batch save replaces the server list (saveCoinAndTickers) and reorder uses changeIndex keys', async () => {
    const f = fakes({ server: [C('a'), C('b'), C('c')] });
    const fav = createFavourites(f.env);
    await fav.start(true);
    await fav.save([C('c'), X('binance'), C('a')]);
    expect(f.api.replace).toHaveBeenCalledWith({ c: 'COIN', binance: 'EXCHANGE', a: 'COIN' });
    expect(fav.$favourites.get().list).toEqual([C('a'), C('c'), X('binance')]);
    await fav.reorder([X('binance'), C('a'), C('c')]);
    expect(f.api.reorder).toHaveBeenCalledWith(['EXCHANGE:binance', 'COIN:a', 'COIN:c']);
    expect(fav.$favourites.get().list).toEqual([X('binance'), C('a'), C('c')]);
  });

  it('at logout drops the server list and the sync flag; the local list, as the server last had it, becomes active again', async () => {
    const f = fakes({ storage: { [SESSION_KEYS.localFavourites]: JSON.stringify([C('mine')]) }, server: [C('btc')] });
    const fav = createFavourites(f.env);
    await fav.start(true);
    fav.signedOut();
    expect(f.store.has(SESSION_KEYS.serverFavourites)).toBe(false);
    expect(f.store.has(SESSION_KEYS.favouritesSynced)).toBe(false);
    expect(fav.$favourites.get()).toEqual({ list: [C('btc'), C('mine')], signedIn: false, ready: true });
  });

  it('ignores a server answer that arrives after logout', async () => {
    const f = fakes({ server: [C('btc')] });
    let answer: (l: Favourite[]) => void = () => {};
    (f.api.getIds as ReturnType<typeof vi.fn>).mockImplementationOnce(
      () => new Promise<Favourite[]>((r) => (answer = r)),
    );
    const fav = createFavourites(f.env);
    const started = fav.start(true);
    await Promise.resolve();
    fav.signedOut();
    answer([C('btc')]);
    await started;
    expect(fav.$favourites.get()).toEqual({ list: [], signedIn: false, ready: true });
    expect(f.store.has(SESSION_KEYS.serverFavourites)).toBe(false);
  });
});
