import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { releaseAfterCloses } from './release.ts';

describe('releaseAfterCloses', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const setup = () => {
    const gc = vi.fn();
    const release = releaseAfterCloses({ threshold: 3, quietMs: 100, minIntervalMs: 1000, gc, now: Date.now });
    const close = (n: number) => {
      for (let i = 0; i < n; i++) release.closed();
    };
    return { gc, release, close };
  };

  it('collects once the closes reach the threshold and then stop for a moment', () => {
    const { gc, close } = setup();
    close(2);
    vi.advanceTimersByTime(5000);
    expect(gc).not.toHaveBeenCalled();
    close(1);
    vi.advanceTimersByTime(50);
    close(1); // still closing: wait for quiet
    vi.advanceTimersByTime(99);
    expect(gc).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(gc).toHaveBeenCalledTimes(1);
  });

  it('collects at most once per interval while streams keep closing, and counts afresh after', () => {
    const { gc, close } = setup();
    close(3);
    vi.advanceTimersByTime(100);
    expect(gc).toHaveBeenCalledTimes(1);
    close(3);
    vi.advanceTimersByTime(100);
    expect(gc).toHaveBeenCalledTimes(1); // too soon: deferred to the end of the interval
    vi.advanceTimersByTime(899); // the first ran at 100: the next may run at 1100
    expect(gc).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(gc).toHaveBeenCalledTimes(2);
    close(2);
    vi.advanceTimersByTime(5000);
    expect(gc).toHaveBeenCalledTimes(2);
  });

  it('does nothing without gc (a process started without --expose-gc), and stop cancels', () => {
    const none = releaseAfterCloses({ threshold: 1, quietMs: 10, gc: undefined });
    none.closed();
    vi.advanceTimersByTime(100);
    const { gc, release, close } = setup();
    close(3);
    release.stop();
    vi.advanceTimersByTime(5000);
    expect(gc).not.toHaveBeenCalled();
  });
});
