/**
 * The columnists a signed-in reader follows (SPEC §4 "Columnist follow"), shared by every follow
 * button of a page and by the user centre's "my interests" tab. The list is asked for once per
 * page (`columnist/list?size=0`); a toggle sends save when the columnist is not followed and
 * delete when it is, and the list changes only when the server answers code 0 (a refusal
 * rejects with the server's message and changes nothing). The last list is mirrored in
 * localStorage (SESSION_KEYS.columnistFavourites, cleared at logout) so the next page can mark
 * its buttons before the answer arrives.
 *
 * `createFollows(env)` is the logic over an injected API (unit tests use fakes); `follows()` is
 * the browser's one instance, built on first use.
 */
import { atom, type WritableAtom } from 'nanostores';
import { SESSION_KEYS } from '../../../../lib/sessionKeys.ts';
import { apiGet, apiPost } from '../../../../stores/api.ts';

export interface FollowsEnv {
  /** GET columnist/list?size=0: the followed columnists' ids. */
  list(): Promise<number[]>;
  /** POST columnist/save or columnist/delete with `{ _id }`; resolves to `data` on code 0 only. */
  save(id: number): Promise<boolean>;
  remove(id: number): Promise<boolean>;
  storage?: Pick<Storage, 'getItem' | 'setItem'> | undefined;
}

export interface Follows {
  /** The followed ids; null until known (never loaded, or signed out). */
  $followed: WritableAtom<ReadonlySet<number> | null>;
  /** Loads the list once; later calls share the first answer (a failure lets the next call try again). */
  load(): Promise<ReadonlySet<number>>;
  /** Takes a list fetched with more detail elsewhere (the user centre) as this page's answer. */
  adopt(ids: readonly number[]): void;
  /** Follows or unfollows; resolves to the new state (true = followed). */
  toggle(id: number): Promise<boolean>;
  /** Forgets the list (logout): the next load asks again. */
  reset(): void;
}

/** The ids stored by an earlier page, or null when there are none (or they are not ours). */
export function parseStoredIds(raw: string | null): number[] | null {
  if (!raw) return null;
  try {
    const ids: unknown = JSON.parse(raw);
    return Array.isArray(ids) && ids.every((n) => Number.isInteger(n) && (n as number) > 0) ? (ids as number[]) : null;
  } catch {
    return null;
  }
}

export function createFollows(
  env: FollowsEnv,
  $followed: WritableAtom<ReadonlySet<number> | null> = atom<ReadonlySet<number> | null>(null),
): Follows {
  let loading: Promise<ReadonlySet<number>> | null = null;
  /** Bumped by reset: an answer to a request made before it is dropped. */
  let epoch = 0;

  const store = (ids: ReadonlySet<number>) => {
    $followed.set(ids);
    try {
      env.storage?.setItem(SESSION_KEYS.columnistFavourites, JSON.stringify([...ids]));
    } catch {
      /* storage full or disabled: this page still knows */
    }
  };

  const load = () => {
    if (loading) return loading;
    if ($followed.get() === null) {
      let stored: number[] | null = null;
      try {
        stored = parseStoredIds(env.storage?.getItem(SESSION_KEYS.columnistFavourites) ?? null);
      } catch {
        /* storage disabled: wait for the server */
      }
      if (stored) $followed.set(new Set(stored));
    }
    const asked = epoch;
    const request = env.list().then(
      (ids) => {
        const set = new Set(ids);
        if (asked === epoch) store(set);
        return set;
      },
      (e: unknown) => {
        if (loading === request) loading = null;
        throw e;
      },
    );
    loading = request;
    return request;
  };

  return {
    $followed,
    load,
    adopt(ids) {
      const set = new Set(ids);
      loading = Promise.resolve(set);
      store(set);
    },
    async toggle(id) {
      const known = await load();
      const current = $followed.get() ?? known;
      const followed = current.has(id) ? await env.remove(id) : await env.save(id);
      // Only a code 0 answer gets here: the list follows the server's word.
      const next = new Set($followed.get() ?? current);
      if (followed) next.add(id);
      else next.delete(id);
      store(next);
      return followed;
    },
    reset() {
      epoch += 1;
      loading = null;
      $followed.set(null);
    },
  };
}

function browserStorage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined; // reading localStorage throws where storage is blocked
  }
}

let instance: Follows | null = null;

/** The page's follows store (one list request per page, whoever asks first). */
export function follows(): Follows {
  return (instance ??= createFollows({
    list: async () => (await apiGet<{ _id: number }[]>('/new/v1/columnist/list', { size: 0 })).map((c) => c._id),
    save: (id) => apiPost<boolean>('/new/v1/columnist/save', { _id: id }),
    remove: (id) => apiPost<boolean>('/new/v1/columnist/delete', { _id: id }),
    storage: browserStorage(),
  }));
}
