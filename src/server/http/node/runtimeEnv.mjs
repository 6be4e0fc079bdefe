// How `npm start` runs the server: package.json's "start" sets these on its command line (glibc
// reads its variable, and V8 its flags, when the process starts, so the process cannot set them
// for itself), and the benchmarks start their server the same way (scripts/bench/lib.mjs), so they
// measure what npm start runs. src/server/http/node/runtimeEnv.test.ts checks that the two agree.
//
// They keep the memory the server holds after a burst of traffic down (scripts/bench/runtime.mjs,
// target 200 MB; measured 160-225 MB without them, 140-165 MB with them):
// - MALLOC_ARENA_MAX=2: glibc gives each thread that allocates its own malloc arena, and Node's
//   threads (the libuv pool compressing pages, V8's GC and compiler helpers) each kept one with
//   memory freed but not returned. Other C libraries ignore it.
// - --max-semi-space-size=8 (MB; V8's default is 16): the young generation the garbage of each
//   render lands in. Half of it costs a few percent of uncached renders' throughput.
// - MALLOC_MMAP_THRESHOLD_=65536: glibc serves allocations from this size up with their own
//   mapping, returned to the system when freed. By default the threshold rises after each such
//   free (up to 32 MB), so the first run's seed and large answers land in the main heap, which
//   only shrinks from its top: 65 MB of it stayed after the seed's memory was freed (230 MB RSS
//   at ready; 186 MB with it set).
import v8 from 'node:v8';

export const SERVER_ENV = Object.freeze({ MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '65536' });
// - --expose-gc: startServer() runs one full collection once the database is ready, after the
//   first run's seed left hundreds of MB of garbage (scripts/bench/load.mjs: 585 MB RSS at ready
//   without it, 225 MB with it). Nothing else calls gc().
export const SERVER_NODE_FLAGS = Object.freeze(['--max-semi-space-size=8', '--expose-gc']);

/**
 * One full collection that also compacts the heap, when the process has `gc` (--expose-gc);
 * returns whether it ran. A plain gc() frees the garbage but keeps every page that still holds a
 * survivor, so after a burst (the first run's seed, thousands of closed streams) the heap stayed
 * as large as the burst had made it: 5,000 streams closed, 48 MB used in 237 MB of heap, RSS
 * 443 MB. Compacting moves the survivors together and gives the rest back. The flag is V8's
 * own, set only around this one collection.
 */
export function compactingCollection() {
  const gc = /** @type {{ gc?: () => void }} */ (globalThis).gc;
  if (!gc) return false;
  v8.setFlagsFromString('--compact-on-every-full-gc');
  try {
    gc();
  } finally {
    v8.setFlagsFromString('--no-compact-on-every-full-gc');
  }
  return true;
}
