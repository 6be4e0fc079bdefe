import { describe, expect, it } from 'vitest';
import { PriceBus } from './bus.ts';
import { RingBuffer } from './ring.ts';
import type { PriceTick } from './types.ts';

const tick = (coinId: string, price: number, at = 1000) => ({ coinId, price, change24h: null, at });

describe('RingBuffer', () => {
  it('keeps the newest items up to its capacity, oldest first', () => {
    const r = new RingBuffer<number>(3);
    expect(r.push(1)).toBeUndefined();
    r.push(2);
    r.push(3);
    expect(r.push(4)).toBe(1);
    expect(r.push(5)).toBe(2);
    expect(r.toArray()).toEqual([3, 4, 5]);
    expect(r.filter((n) => n > 3)).toEqual([4, 5]);
    expect(r.size).toBe(3);
    expect(() => new RingBuffer(0)).toThrow(RangeError);
  });
});

describe('PriceBus', () => {
  it('numbers ticks in increasing order and delivers them to subscribers', async () => {
    let now = 5_000;
    const bus = new PriceBus({ now: () => now });
    await bus.start();
    const got: PriceTick[][] = [];
    const off = bus.subscribe((t) => got.push(t));
    const a = await bus.publish([tick('bitcoin', 1), tick('ethereum', 2)]);
    now = 4_000; // a clock step backwards must not reorder
    const b = await bus.publish([tick('bitcoin', 3)]);
    expect(a[0]!.seq).toBeGreaterThanOrEqual(5_000_000);
    expect(a[1]!.seq).toBe(a[0]!.seq + 1);
    expect(b[0]!.seq).toBe(a[1]!.seq + 1);
    expect(got).toEqual([a, b]);
    expect(bus.latest('bitcoin')?.price).toBe(3);
    expect(bus.lastSeq).toBe(b[0]!.seq);
    off();
    await bus.publish([tick('bitcoin', 4)]);
    expect(got).toHaveLength(2);
    await bus.stop();
  });

  it('replays from the ring while it covers the id, else asks for a snapshot', async () => {
    let now = 1_000;
    const bus = new PriceBus({ ringSize: 4, now: () => now });
    await bus.start();
    expect(bus.since(0)).toBeNull(); // before anything was seen
    now = 2_000;
    const first = await bus.publish([tick('a', 1), tick('b', 1)]);
    const second = await bus.publish([tick('a', 2), tick('b', 2)]);
    expect(bus.since(first[1]!.seq)?.map((t) => t.seq)).toEqual(second.map((t) => t.seq));
    expect(bus.since(first[0]!.seq)).toHaveLength(3);
    expect(bus.since(second[1]!.seq)).toEqual([]);
    expect(bus.since(second[1]!.seq + 1)).toBeNull(); // an id from the future
    // Evict the first batch: ids before the eviction can no longer be replayed.
    const third = await bus.publish([tick('a', 3), tick('b', 3)]);
    expect(bus.since(first[0]!.seq)).toBeNull();
    expect(bus.since(first[1]!.seq)).toEqual([...second, ...third]);
    expect(bus.since(Number.NaN)).toBeNull();
    await bus.stop();
  });

  it('ignores a batch delivered twice', async () => {
    const bus = new PriceBus();
    await bus.start();
    const got: PriceTick[][] = [];
    bus.subscribe((t) => got.push(t));
    const ticks = await bus.publish([tick('a', 1)]);
    bus.deliver(ticks);
    expect(got).toHaveLength(1);
    await bus.stop();
  });
});

describe('PriceBus gaps', () => {
  it('replays nothing from before a gap', async () => {
    let now = 1_000;
    const bus = new PriceBus({ now: () => now });
    await bus.start();
    now = 2_000;
    const [a] = await bus.publish([tick('a', 1)]);
    const [b] = await bus.publish([tick('a', 2)]);
    expect(bus.since(a!.seq)).toEqual([b]);
    bus.markGap();
    expect(bus.since(a!.seq)).toBeNull();
    const [c] = await bus.publish([tick('a', 3)]);
    expect(bus.since(b!.seq)).toEqual([c]);
    await bus.stop();
  });
});
