/**
 * A fixed-capacity ring buffer: pushing beyond the capacity evicts the oldest item.
 * @example const r = new RingBuffer<number>(2); r.push(1); r.push(2); r.push(3); r.toArray() // [2, 3]
 */
export class RingBuffer<T> {
  private readonly items: (T | undefined)[];
  private start = 0;
  private count = 0;

  constructor(readonly capacity: number) {
    if (!Number.isInteger(capacity) || capacity < 1) throw new RangeError('capacity must be a positive integer');
    this.items = new Array<T | undefined>(capacity);
  }

  get size(): number {
    return this.count;
  }

  /** Appends an item; returns the evicted oldest item when the buffer was full. */
  push(item: T): T | undefined {
    if (this.count < this.capacity) {
      this.items[(this.start + this.count) % this.capacity] = item;
      this.count++;
      return undefined;
    }
    const evicted = this.items[this.start];
    this.items[this.start] = item;
    this.start = (this.start + 1) % this.capacity;
    return evicted;
  }

  /** Oldest first. */
  toArray(): T[] {
    const out: T[] = [];
    for (let i = 0; i < this.count; i++) out.push(this.items[(this.start + i) % this.capacity] as T);
    return out;
  }

  /** The items for which `keep` is true, oldest first. */
  filter(keep: (item: T) => boolean): T[] {
    const out: T[] = [];
    for (let i = 0; i < this.count; i++) {
      const item = this.items[(this.start + i) % this.capacity] as T;
      if (keep(item)) out.push(item);
    }
    return out;
  }
}
