import { describe, expect, it, vi } from 'vitest';
import { createPageCache, isCacheable, MAX_KEY_LENGTH } from './pageCache.mjs';

const html = { 'content-type': 'text/html; charset=utf-8' };

function cache(opts: { ttlMs?: number; maxBytes?: number; maxEntryBytes?: number } = {}) {
  let clock = 1_000;
  const compressions: string[] = [];
  const c = createPageCache({
    ttlMs: opts.ttlMs ?? 2000,
    maxBytes: opts.maxBytes ?? 1 << 20,
    maxEntryBytes: opts.maxEntryBytes ?? opts.maxBytes ?? 1 << 20,
    now: () => clock,
    compress: async (body: Buffer, encoding: string) => {
      compressions.push(encoding);
      return Buffer.from(`${encoding}:${body.toString()}`);
    },
  });
  return { c, compressions, tick: (ms: number) => (clock += ms) };
}

describe('isCacheable', () => {
  it('keeps 200 HTML pages, private only when the settings made them private', () => {
    expect(isCacheable(200, html)).toBe(true);
    expect(isCacheable(200, { ...html, 'cache-control': 'public, s-maxage=10' })).toBe(true);
    expect(isCacheable(200, { ...html, 'cache-control': 'private, max-age=0', 'x-coinlens-private': 'settings' })).toBe(
      true,
    );
    expect(isCacheable(200, { ...html, 'cache-control': 'private' })).toBe(false);
    expect(isCacheable(200, { ...html, 'cache-control': 'no-store' })).toBe(false);
    expect(isCacheable(200, { ...html, 'set-cookie': ['a=1'] })).toBe(false);
    expect(isCacheable(404, html)).toBe(false);
    expect(isCacheable(200, { 'content-type': 'application/json' })).toBe(false);
  });
});

describe('createPageCache', () => {
  it('serves an entry within its TTL, then forgets it', () => {
    const { c, tick } = cache();
    const entry = c.store('k', 200, html, Buffer.from('<p>1</p>'));
    expect(c.get('k')).toBe(entry);
    tick(1999);
    expect(c.get('k')).toBe(entry);
    tick(1);
    expect(c.get('k')).toBeUndefined();
    expect(c.stats().bytes).toBe(0);
  });

  it('compresses each encoding once, however many hits ask for it', async () => {
    const { c, compressions } = cache();
    const entry = c.store('k', 200, html, Buffer.from('page'));
    const bodies = await Promise.all([
      c.variant(entry, 'br'),
      c.variant(entry, 'br'),
      c.variant(entry, 'gzip'),
      c.variant(entry, 'identity'),
    ]);
    expect(bodies.map((b) => b.toString())).toEqual(['br:page', 'br:page', 'gzip:page', 'page']);
    expect(await c.variant(entry, 'br')).toBe(bodies[0]);
    expect(compressions).toEqual(['br', 'gzip']);
    expect(c.stats().bytes).toBe('page'.length + 'br:page'.length + 'gzip:page'.length);
  });

  it('stays within its byte bound, dropping the least recently used first', () => {
    const { c } = cache({ maxBytes: 25 });
    c.store('a', 200, html, Buffer.alloc(10));
    c.store('b', 200, html, Buffer.alloc(10));
    c.get('a'); // a is now more recent than b
    c.store('c', 200, html, Buffer.alloc(10));
    expect(c.get('b')).toBeUndefined();
    expect(c.get('a')).toBeDefined();
    expect(c.get('c')).toBeDefined();
    expect(c.stats().bytes).toBe(20);
  });

  it('lets requests wait for the render under way (single flight)', async () => {
    const { c } = cache();
    expect(c.pending('k')).toBeUndefined();
    const settle = c.claim('k');
    const waiting = c.pending('k');
    expect(waiting).toBeDefined();
    const entry = c.store('k', 200, html, Buffer.from('x'));
    settle(entry);
    expect(await waiting).toBe(entry);
    expect(c.pending('k')).toBeUndefined();
    // An uncacheable render wakes the waiters with null: they render for themselves.
    const again = c.claim('j');
    const w2 = c.pending('j');
    again(null);
    expect(await w2).toBeNull();
  });

  it('holds its byte bound under many large entries (the 16 KB-path flood of the probe)', async () => {
    const { c } = cache({ maxBytes: 1 << 20, maxEntryBytes: 64 * 1024 });
    for (let i = 0; i < 2000; i++) {
      const entry = c.store(`/search?q=${i}${'x'.repeat(1000)}`, 200, html, Buffer.alloc(40 * 1024, 'a'));
      if (i % 10 === 0 && entry) await c.variant(entry, 'br');
      expect(c.stats().bytes).toBeLessThanOrEqual(1 << 20);
    }
    expect(c.stats().entries).toBeLessThan(30);
    expect(c.stats().entries).toBeGreaterThan(10);
  });

  it('does not keep a render bigger than its share of the bound', () => {
    const { c } = cache({ maxBytes: 1600, maxEntryBytes: 100 });
    expect(c.store('small', 200, html, Buffer.alloc(100))).not.toBeNull();
    expect(c.store('big', 200, html, Buffer.alloc(101))).toBeNull();
    expect(c.get('big')).toBeUndefined();
    expect(c.get('small')).toBeDefined();
    expect(c.stats()).toMatchObject({ entries: 1, bytes: 100 });
    // By default the share is a sixteenth.
    const d = createPageCache({ ttlMs: 1000, maxBytes: 1600, compress: async (b: Buffer) => b });
    expect(d.store('a', 200, html, Buffer.alloc(100))).not.toBeNull();
    expect(d.store('b', 200, html, Buffer.alloc(101))).toBeNull();
    d.close();
  });

  it('refuses keys of absurd length', () => {
    const { c } = cache();
    const long = `/search?q=${'x'.repeat(MAX_KEY_LENGTH)}`;
    expect(c.admits('/search?q=btc')).toBe(true);
    expect(c.admits(long)).toBe(false);
    expect(c.store(long, 200, html, Buffer.from('x'))).toBeNull();
    expect(c.stats().entries).toBe(0);
  });

  it('sweeps expired entries on its own, without anyone asking for them', () => {
    vi.useFakeTimers();
    try {
      let clock = 0;
      const c = createPageCache({ ttlMs: 2000, sweepMs: 5000, now: () => clock, compress: async (b: Buffer) => b });
      for (let i = 0; i < 100; i++) c.store(`/p/${i}`, 200, html, Buffer.alloc(1000));
      expect(c.stats()).toMatchObject({ entries: 100, bytes: 100_000 });
      clock = 1500;
      c.store('/fresh', 200, html, Buffer.alloc(10));
      clock = 2500;
      vi.advanceTimersByTime(5000);
      // Only the entry stored at 1500 is still within its 2 s.
      expect(c.stats()).toMatchObject({ entries: 1, bytes: 10 });
      c.close();
    } finally {
      vi.useRealTimers();
    }
  });
});
