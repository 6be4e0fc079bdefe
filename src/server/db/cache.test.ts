import { afterEach, describe, expect, it, vi } from 'vitest';
import { marketChanged, memo, memoBounded, memoMarket } from './cache.ts';

afterEach(() => vi.useRealTimers());

describe('memo', () => {
  it('loads once per TTL and per database', async () => {
    vi.useFakeTimers();
    const db = {};
    const load = vi.fn(async () => load.mock.calls.length);
    expect(await memo(db, 'k', 1_000, load)).toBe(1);
    expect(await memo(db, 'k', 1_000, load)).toBe(1);
    expect(await memo({}, 'k', 1_000, load)).toBe(2);
    vi.advanceTimersByTime(1_001);
    // Past the TTL the old value is served while one reload runs; then the new one.
    expect(await memo(db, 'k', 1_000, load)).toBe(1);
    await vi.waitFor(async () => expect(await memo(db, 'k', 1_000, load)).toBe(3));
    expect(load).toHaveBeenCalledTimes(3);
    // Too old to serve at all (four TTLs): the caller waits for a fresh value.
    vi.advanceTimersByTime(4_001);
    expect(await memo(db, 'k', 1_000, load)).toBe(4);
  });

  it('keeps serving the old value when a background reload fails, and tries again', async () => {
    vi.useFakeTimers();
    const db = {};
    let fail = false;
    const load = vi.fn(async () => {
      if (fail) throw new Error('down');
      return load.mock.calls.length;
    });
    expect(await memo(db, 'k', 1_000, load)).toBe(1);
    vi.advanceTimersByTime(1_001);
    fail = true;
    expect(await memo(db, 'k', 1_000, load)).toBe(1);
    await Promise.resolve();
    expect(await memo(db, 'k', 1_000, load)).toBe(1);
    fail = false;
    await vi.waitFor(async () => expect(await memo(db, 'k', 1_000, load)).toBe(4));
  });

  it('forgets a failed load', async () => {
    const db = {};
    await expect(memo(db, 'k', 60_000, () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await memo(db, 'k', 60_000, async () => 'up')).toBe('up');
  });
});

describe('memoBounded', () => {
  it('keeps at most max entries, dropping the least recently used', async () => {
    const db = {};
    const loads: string[] = [];
    const get = (key: string) =>
      memoBounded(db, 'space', key, 60_000, 2, async () => {
        loads.push(key);
        return key;
      });
    await get('a');
    await get('b');
    await get('a'); // a is now the most recently used
    await get('c'); // drops b
    await get('a');
    await get('b');
    expect(loads).toEqual(['a', 'b', 'c', 'b']);
  });

  it('keeps spaces apart from each other and from memo', async () => {
    const db = {};
    expect(await memoBounded(db, 'one', 'k', 60_000, 10, async () => 1)).toBe(1);
    expect(await memoBounded(db, 'two', 'k', 60_000, 10, async () => 2)).toBe(2);
    expect(await memo(db, 'k', 60_000, async () => 3)).toBe(3);
    expect(await memoBounded(db, 'one', 'k', 60_000, 10, async () => 4)).toBe(1);
  });
});

describe('memoMarket', () => {
  const counter = () => {
    const load = vi.fn(async () => load.mock.calls.length);
    return load;
  };

  it('keeps a value until the market of its database changes, then waits for the new one', async () => {
    const db = {};
    const other = {};
    const load = counter();
    expect(await memoMarket(db, 's', 'k', load)).toBe(1);
    expect(await memoMarket(db, 's', 'k', load)).toBe(1);
    expect(await memoMarket(other, 's', 'k', load)).toBe(2);
    marketChanged(db);
    // Never the old value once a change is known: the first caller after it waits for the reload.
    expect(await memoMarket(db, 's', 'k', load)).toBe(3);
    expect(await memoMarket(other, 's', 'k', load)).toBe(2);
    expect(load).toHaveBeenCalledTimes(3);
  });

  it('shares one load among the callers that ask while it runs', async () => {
    const db = {};
    let release!: () => void;
    const load = vi.fn(() => new Promise<string>((resolve) => (release = () => resolve('rows'))));
    const waiting = [memoMarket(db, 's', 'k', load), memoMarket(db, 's', 'k', load), memoMarket(db, 's', 'k', load)];
    release();
    expect(await Promise.all(waiting)).toEqual(['rows', 'rows', 'rows']);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('reloads after its TTL even when no change was heard (writes nothing announces)', async () => {
    vi.useFakeTimers();
    const db = {};
    const load = counter();
    expect(await memoMarket(db, 's', 'k', load, { ttlMs: 1_000 })).toBe(1);
    vi.advanceTimersByTime(999);
    expect(await memoMarket(db, 's', 'k', load, { ttlMs: 1_000 })).toBe(1);
    vi.advanceTimersByTime(1);
    expect(await memoMarket(db, 's', 'k', load, { ttlMs: 1_000 })).toBe(2);
  });

  it('forgets a failed load, and a load that fails after a change does not bring back the old value', async () => {
    const db = {};
    expect(await memoMarket(db, 's', 'k', async () => 'old')).toBe('old');
    marketChanged(db);
    await expect(memoMarket(db, 's', 'k', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await memoMarket(db, 's', 'k', async () => 'new')).toBe('new');
  });

  it('keeps at most max keys, dropping the least recently used', async () => {
    const db = {};
    const loads: string[] = [];
    const get = (key: string) =>
      memoMarket(
        db,
        's',
        key,
        async () => {
          loads.push(key);
          return key;
        },
        { max: 2 },
      );
    await get('a');
    await get('b');
    await get('a');
    await get('c'); // drops b
    await get('a');
    await get('b');
    expect(loads).toEqual(['a', 'b', 'c', 'b']);
    // Another space has its own bound.
    await memoMarket(db, 'other', 'x', async () => 'x', { max: 2 });
    await get('a');
    await get('b');
    expect(loads).toEqual(['a', 'b', 'c', 'b']);
  });
});
