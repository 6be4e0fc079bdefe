import { describe, expect, it } from 'vitest';
import { SESSION_KEYS } from '../../../../lib/sessionKeys.ts';
import { createFollows, parseStoredIds, type FollowsEnv } from './store.ts';

class Refused extends Error {}

/** A fake server: the followed ids, the calls made, and an optional refusal for the next change. */
function fakeServer(initial: number[] = []) {
  const server = new Set(initial);
  const calls: string[] = [];
  let refuse: string | null = null;
  const mem = new Map<string, string>();
  const env: FollowsEnv = {
    list: async () => {
      calls.push('list');
      return [...server];
    },
    save: async (id) => {
      calls.push(`save ${id}`);
      if (refuse) throw new Refused(refuse);
      server.add(id);
      return true;
    },
    remove: async (id) => {
      calls.push(`delete ${id}`);
      if (refuse) throw new Refused(refuse);
      server.delete(id);
      return false;
    },
    storage: { getItem: (k) => mem.get(k) ?? null, setItem: (k, v) => void mem.set(k, v) },
  };
  return { env, server, calls, mem, refuseNext: (msg: string | null) => (refuse = msg) };
}

describe('follows store', () => {
  it('asks for the list once per page, however many buttons ask', async () => {
    const s = fakeServer([3, 5]);
    const f = createFollows(s.env);
    expect(f.$followed.get()).toBeNull();
    const [a, b] = await Promise.all([f.load(), f.load()]);
    await f.load();
    expect(a).toBe(b);
    expect([...f.$followed.get()!]).toEqual([3, 5]);
    expect(s.calls).toEqual(['list']);
  });

  it('toggles: save when not followed, delete when followed', async () => {
    const s = fakeServer([3]);
    const f = createFollows(s.env);
    expect(await f.toggle(7)).toBe(true);
    expect(f.$followed.get()!.has(7)).toBe(true);
    expect(await f.toggle(3)).toBe(false);
    expect([...f.$followed.get()!]).toEqual([7]);
    expect(s.calls).toEqual(['list', 'save 7', 'delete 3']);
    expect([...s.server]).toEqual([7]);
  });

  it('changes nothing when the server refuses, and passes its message on', async () => {
    const s = fakeServer([3]);
    const f = createFollows(s.env);
    await f.load();
    s.refuseNext('You can follow at most 500 columnists.');
    await expect(f.toggle(9)).rejects.toThrow('You can follow at most 500 columnists.');
    await expect(f.toggle(3)).rejects.toThrow(Refused);
    expect([...f.$followed.get()!]).toEqual([3]);
    expect(s.mem.get(SESSION_KEYS.columnistFavourites)).toBe('[3]');
  });

  it('a failed list request is asked again by the next load', async () => {
    const s = fakeServer([4]);
    let fail = true;
    const list = s.env.list;
    s.env.list = async () => {
      if (fail) throw new Error('network');
      return list();
    };
    const f = createFollows(s.env);
    await expect(f.load()).rejects.toThrow('network');
    fail = false;
    expect([...(await f.load())]).toEqual([4]);
  });

  it('marks from the stored list at once, then takes the server list', async () => {
    const s = fakeServer([8]);
    s.mem.set(SESSION_KEYS.columnistFavourites, '[2,8]');
    const f = createFollows(s.env);
    const loading = f.load();
    expect([...f.$followed.get()!]).toEqual([2, 8]);
    await loading;
    expect([...f.$followed.get()!]).toEqual([8]);
    expect(s.mem.get(SESSION_KEYS.columnistFavourites)).toBe('[8]');
  });

  it('reset (logout) forgets the list and drops an answer still on its way', async () => {
    const s = fakeServer([1]);
    const f = createFollows(s.env);
    const pending = f.load();
    f.reset();
    await pending;
    expect(f.$followed.get()).toBeNull();
    await f.load();
    expect(s.calls).toEqual(['list', 'list']);
  });

  it("adopts a list fetched elsewhere as the page's answer, asking no more", async () => {
    const s = fakeServer([4, 6]);
    const f = createFollows(s.env);
    f.adopt([4, 6]);
    expect(await f.toggle(4)).toBe(false);
    expect([...f.$followed.get()!]).toEqual([6]);
    expect(s.calls).toEqual(['delete 4']);
  });

  it('reads only a stored list of positive whole numbers', () => {
    expect(parseStoredIds('[1,2]')).toEqual([1, 2]);
    for (const raw of [null, '', 'x', '{}', '[0]', '[1.5]', '["1"]']) expect(parseStoredIds(raw)).toBeNull();
  });
});
