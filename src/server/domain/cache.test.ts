import { afterEach, describe, expect, it, vi } from 'vitest';
import { memo, memoBounded } from './cache.ts';

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
