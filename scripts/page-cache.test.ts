import { describe, expect, it } from 'vitest';
import { createPageCache, isCacheable } from './page-cache.mjs';

const html = { 'content-type': 'text/html; charset=utf-8' };

function cache(opts: { ttlMs?: number; maxBytes?: number } = {}) {
  let clock = 1_000;
  const compressions: string[] = [];
  const c = createPageCache({
    ttlMs: opts.ttlMs ?? 2000,
    maxBytes: opts.maxBytes ?? 1 << 20,
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
    expect(isCacheable(200, { ...html, 'cache-control': 'private, max-age=0', 'x-coinlens-private': 'settings' })).toBe(true);
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
    const bodies = await Promise.all([c.variant(entry, 'br'), c.variant(entry, 'br'), c.variant(entry, 'gzip'), c.variant(entry, 'identity')]);
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
});
