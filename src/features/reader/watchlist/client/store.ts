/**
 * Favourites in the browser (SPEC §4 "Favourite toggle"): coins, pairs (tickers) and exchanges.
 *
 * - Visitors keep their list in localStorage (`SESSION_KEYS.localFavourites`, kept at logout).
 * - Signed-in readers' list lives on the server; the last copy loaded is kept in localStorage
 *   (`SESSION_KEYS.serverFavourites`, cleared at logout by the session store).
 * - At start when signed in: local favourites not yet uploaded (sync flag not "1") are sent
 *   first (`favorite/tickers/sync`), the flag becomes "1" on code 0; then the server list loads.
 * - Once uploaded, the local list follows the server's while signed in: a favourite removed on
 *   the server is removed here too, so the next sign-in does not upload it again.
 * - Toggle: in the active list → removed, else added. Batch save replaces the whole list,
 *   reorder sets a new order (server when signed in, local otherwise).
 *
 * `createFavourites(env)` holds the rules over injected storage and API adapters (unit tests use
 * fakes, no DOM); nothing here touches `window` or `localStorage` at import time.
 */
import { atom, type WritableAtom } from 'nanostores';
import { SESSION_KEYS } from '../../../../lib/account.ts';
import {
  dedupe,
  parseFavourites,
  toTickerMap,
  favouriteKey,
  type Favourite,
  type FavouriteType,
} from '../../../../lib/favourites.ts';

export {
  favouriteKey,
  parseFavouriteKey,
  parseFavourites,
  toTickerMap,
  type Favourite,
  type FavouriteType,
} from '../../../../lib/favourites.ts';

/** The favourites API (SPEC §7), each call answering the user's whole list. */
export interface FavouritesApi {
  getIds(): Promise<Favourite[]>;
  /** POST favorite/tickers/sync: merges a visitor's list after the server's. */
  sync(tickers: Record<string, FavouriteType>): Promise<Favourite[]>;
  /** POST favorite/{coin|tickers|exchange}/saveMore. */
  add(f: Favourite): Promise<Favourite[]>;
  /** GET favorite/{coin|tickers|exchange}/delete. */
  remove(f: Favourite): Promise<Favourite[]>;
  /** POST favorite/tickers/saveCoinAndTickers: the list becomes exactly this. */
  replace(tickers: Record<string, FavouriteType>): Promise<Favourite[]>;
  /** GET favorite/changeIndex?ids=TYPE:id,… */
  reorder(keys: string[]): Promise<Favourite[]>;
}

interface FavouritesEnv {
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  api: FavouritesApi;
}

interface FavouritesState {
  /** The active list: the server's when signed in, the local one otherwise. */
  list: Favourite[];
  signedIn: boolean;
  /** The list is the server's answer (signed in) or the local list (visitor), not a cached copy. */
  ready: boolean;
}

export interface Favourites {
  $favourites: WritableAtom<FavouritesState>;
  /** Visitor: the local list. Signed in: cached copy at once, then sync (once) and the server list. */
  start(signedIn: boolean): Promise<void>;
  has(f: Favourite): boolean;
  /** Removes the entry when it is in the active list, else adds it; resolves to "now in the list". */
  toggle(f: Favourite): Promise<boolean>;
  /** Replaces the whole active list. */
  save(list: Favourite[]): Promise<void>;
  /** Puts the same entries in a new order. */
  reorder(list: Favourite[]): Promise<void>;
  /** After logout: the server list is gone from the client; the visitor's local list is active. */
  signedOut(): void;
}

export function createFavourites(
  env: FavouritesEnv,
  $favourites: WritableAtom<FavouritesState> = atom<FavouritesState>({ list: [], signedIn: false, ready: false }),
): Favourites {
  const read = (key: string) => {
    try {
      return env.storage.getItem(key);
    } catch {
      return null;
    }
  };
  const write = (key: string, value: string) => {
    try {
      env.storage.setItem(key, value);
    } catch {
      /* storage full or disabled: the list still works for this page */
    }
  };
  const local = () => parseFavourites(read(SESSION_KEYS.localFavourites));
  /**
   * Sets the active list and keeps it where it belongs. Signed in, once the visitor's list is
   * on the server (the sync flag), the local list is the server's too: what was removed there
   * stays removed when the local list is uploaded at the next sign-in.
   */
  const set = (list: Favourite[], signedIn = $favourites.get().signedIn) => {
    const clean = dedupe(list);
    const text = JSON.stringify(clean);
    write(signedIn ? SESSION_KEYS.serverFavourites : SESSION_KEYS.localFavourites, text);
    if (signedIn && read(SESSION_KEYS.favouritesSynced) === '1') write(SESSION_KEYS.localFavourites, text);
    $favourites.set({ list: clean, signedIn, ready: true });
  };
  // Signing in or out while a server call runs: its answer no longer belongs to the active list.
  let generation = 0;

  async function start(signedIn: boolean): Promise<void> {
    const mine = ++generation;
    if (!signedIn) {
      $favourites.set({ list: local(), signedIn: false, ready: true });
      return;
    }
    $favourites.set({ list: parseFavourites(read(SESSION_KEYS.serverFavourites)), signedIn: true, ready: false });
    const pending = local();
    if (read(SESSION_KEYS.favouritesSynced) !== '1') {
      try {
        // Nothing to upload is as good as uploaded.
        if (pending.length > 0) await env.api.sync(toTickerMap(pending));
        write(SESSION_KEYS.favouritesSynced, '1');
      } catch (e) {
        console.error('[favourites] sync', e); // tried again at the next start; the local list stays as it is meanwhile
      }
    }
    const list = await env.api.getIds();
    if (mine === generation) set(list, true);
  }

  const has = (f: Favourite) => $favourites.get().list.some((x) => x.id === f.id && x.type === f.type);

  return {
    $favourites,
    start,
    has,
    async toggle(f) {
      const present = has(f);
      const { signedIn } = $favourites.get();
      if (!signedIn) {
        const list = $favourites.get().list;
        set(present ? list.filter((x) => !(x.id === f.id && x.type === f.type)) : [...list, f], false);
        return !present;
      }
      const mine = generation;
      const list = present ? await env.api.remove(f) : await env.api.add(f);
      if (mine === generation) set(list, true);
      return !present;
    },
    async save(list) {
      if (!$favourites.get().signedIn) return set(list, false);
      const mine = generation;
      const saved = await env.api.replace(toTickerMap(list));
      if (mine === generation) set(saved, true);
    },
    async reorder(list) {
      if (!$favourites.get().signedIn) return set(list, false);
      const mine = generation;
      const saved = await env.api.reorder(list.map(favouriteKey));
      if (mine === generation) set(saved, true);
    },
    signedOut() {
      generation++;
      for (const key of [SESSION_KEYS.serverFavourites, SESSION_KEYS.favouritesSynced]) {
        try {
          env.storage.removeItem(key);
        } catch {
          /* nothing stored */
        }
      }
      $favourites.set({ list: local(), signedIn: false, ready: true });
    },
  };
}

// ---- the browser's instance ----

/** The browser's favourites (start them with `startFavourites()`). */
export const $favourites: WritableAtom<FavouritesState> = atom<FavouritesState>({
  list: [],
  signedIn: false,
  ready: false,
});

let browser: Favourites | null = null;
let loading: Promise<void> = Promise.resolve();

/** The browser's latest start (at page load, sign-in): rejects when the server list could not be loaded. */
export const favouritesLoading = (): Promise<void> => loading;

/** The API adapter loads only for signed-in readers: a visitor's stars need no request code. */
const remote = <K extends keyof FavouritesApi>(name: K) =>
  (async (...args: Parameters<FavouritesApi[K]>) => {
    const { favouritesApi } = await import('./storeApi.ts');
    return (favouritesApi[name] as (...a: Parameters<FavouritesApi[K]>) => Promise<Favourite[]>)(...args);
  }) as FavouritesApi[K];

/**
 * The browser's instance, started once: signed in when the session's `csrf` cookie exists; follows
 * sign-in and logout through the session store's `coinlens:session` window event.
 */
export function startFavourites(signedIn: () => boolean): Favourites {
  if (browser) return browser;
  const favourites = createFavourites(
    {
      storage: localStorage,
      api: {
        getIds: remote('getIds'),
        sync: remote('sync'),
        add: remote('add'),
        remove: remote('remove'),
        replace: remote('replace'),
        reorder: remote('reorder'),
      },
    },
    $favourites,
  );
  browser = favourites;
  const begin = () => {
    loading = favourites.start(signedIn());
    loading.catch((e: unknown) => console.error('[favourites]', e));
  };
  begin();
  window.addEventListener('coinlens:session', () => {
    const now = signedIn();
    if (now === $favourites.get().signedIn) return;
    if (now) begin();
    else favourites.signedOut();
  });
  return favourites;
}
