import { compactingCollection } from '../http/node/runtimeEnv.mjs';

/**
 * One full garbage collection after many event streams have closed together. V8 collects when
 * allocation fills its heap, and a server whose streams have just left allocates little, so
 * what they held (their queues, sockets and closures, by then in the old generation) stayed:
 * 20 s after 1,000 streams closed nothing had been collected and RSS stood at 217 MB against
 * the 200 MB target (scripts/bench/load.mjs). The collection compacts (runtimeEnv.mjs says
 * why); it needs --expose-gc, as npm start runs, and without it this does nothing. It takes
 * tens of ms for a heap this size, so it runs once the closes have stopped for a moment, and at
 * most once per `minIntervalMs`.
 */
export interface ReleaseOptions {
  /** Closed streams that call for a collection. */
  threshold?: number;
  /** Quiet time after the last close before collecting, ms. */
  quietMs?: number;
  /** Least time between two collections, ms. */
  minIntervalMs?: number;
  gc?: (() => void) | undefined;
  now?: () => number;
}

export function releaseAfterCloses(options: ReleaseOptions = {}): { closed: () => void; stop: () => void } {
  const { threshold = 500, quietMs = 1000, minIntervalMs = 30_000, now = Date.now } = options;
  const gc = 'gc' in options ? options.gc : (globalThis as { gc?: unknown }).gc ? compactingCollection : undefined;
  let closes = 0;
  let last = Number.NEGATIVE_INFINITY;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const collect = () => {
    timer = undefined;
    if (closes < threshold) return;
    const wait = last + minIntervalMs - now();
    if (wait > 0) {
      timer = setTimeout(collect, wait);
      timer.unref?.();
      return;
    }
    closes = 0;
    last = now();
    gc?.();
  };
  return {
    closed() {
      if (!gc) return;
      closes++;
      if (closes < threshold) return;
      if (timer) clearTimeout(timer);
      timer = setTimeout(collect, quietMs);
      timer.unref?.();
    },
    stop() {
      if (timer) clearTimeout(timer);
      timer = undefined;
    },
  };
}
