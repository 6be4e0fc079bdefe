// A micro-cache for rendered pages: under load, one render per page variant every couple of
// seconds instead of one per request (prices on the page are refreshed live by the browser
// anyway).
//
// - Keys come from the app itself (src/server/http/renderInputs.ts publishes the function the
//   middleware uses to read a request's render inputs), so a page is only ever served for the
//   inputs it was rendered with.
// - Each encoding of an entry (identity, br, gzip) is compressed once, on first demand, and
//   served from memory after that: a hit costs no compression.
// - Single flight: while a key renders, other requests for it wait for that render.
// - Bounded by bytes (least recently used entries go first) and swept by age.

/** What a render must look like to be stored. */
export function isCacheable(status, headers) {
  if (status !== 200) return false;
  if (!String(headers['content-type'] ?? '').startsWith('text/html')) return false;
  if (headers['set-cookie']) return false;
  const control = String(headers['cache-control'] ?? '');
  if (/no-store|no-cache/.test(control)) return false;
  // Private only because of the visitor's settings, which are part of the key: fine to keep.
  if (/\bprivate\b/.test(control) && headers['x-coinlens-private'] !== 'settings') return false;
  return true;
}

/** Keys longer than this (a path and query of several KB) are not cached: nobody asks twice. */
export const MAX_KEY_LENGTH = 2048;

/**
 * @param {{ ttlMs: number, maxBytes?: number, maxEntryBytes?: number, maxKeyLength?: number, sweepMs?: number, now?: () => number, compress: (body: Buffer, encoding: string) => Promise<Buffer> }} options
 *   maxEntryBytes: a render bigger than this is not kept (default a sixteenth of maxBytes), so
 *   one huge page cannot flush the rest.
 */
export function createPageCache({
  ttlMs,
  maxBytes = 64 * 1024 * 1024,
  maxEntryBytes = Math.floor(maxBytes / 16),
  maxKeyLength = MAX_KEY_LENGTH,
  sweepMs,
  now = Date.now,
  compress,
}) {
  /** key → { at, status, headers, bodies: Map<encoding, Buffer>, pending: Map<encoding, Promise<Buffer>>, bytes } */
  const entries = new Map();
  /** key → Promise<entry | null> of the render under way */
  const inflight = new Map();
  let bytes = 0;

  const fresh = (entry) => now() - entry.at < ttlMs;

  function drop(key) {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    bytes -= entry.bytes;
  }

  function account(entry, delta) {
    entry.bytes += delta;
    bytes += delta;
    // A Map iterates in insertion order: the first keys are the least recently used.
    for (const key of entries.keys()) {
      if (bytes <= maxBytes) break;
      drop(key);
    }
  }

  /** Drops every expired entry (run by a timer, so memory goes back even when no one asks). */
  function sweep() {
    for (const [key, entry] of entries) if (!fresh(entry)) drop(key);
  }
  const sweeper = setInterval(sweep, sweepMs ?? Math.max(1000, ttlMs * 5));
  sweeper.unref?.();

  return {
    enabled: ttlMs > 0,

    /** Whether a key is short enough to be cached at all. */
    admits(key) {
      return key.length <= maxKeyLength;
    },

    /** A fresh entry for the key (marked recently used), or undefined. */
    get(key) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (!fresh(entry)) {
        drop(key);
        return undefined;
      }
      entries.delete(key);
      entries.set(key, entry);
      return entry;
    },

    /** The render under way for the key, if any. */
    pending(key) {
      return inflight.get(key);
    },

    /**
     * Marks a render of `key` as under way; the returned function ends it with the entry stored
     * (or null when the render was not cacheable) and wakes the requests waiting for it.
     */
    claim(key) {
      let settle;
      const promise = new Promise((resolve) => (settle = resolve));
      inflight.set(key, promise);
      return (entry) => {
        if (inflight.get(key) === promise) inflight.delete(key);
        settle(entry);
      };
    },

    /** Stores a render's identity body; returns the entry, or null when it is too big to keep. */
    store(key, status, headers, body) {
      drop(key);
      if (body.length > maxEntryBytes || key.length > maxKeyLength) return null;
      const entry = {
        key,
        at: now(),
        status,
        headers,
        bodies: new Map([['identity', body]]),
        pending: new Map(),
        bytes: 0,
      };
      entries.set(key, entry);
      account(entry, body.length);
      return entry;
    },

    /** The entry's body in an encoding, compressed once and kept. */
    variant(entry, encoding) {
      const have = entry.bodies.get(encoding);
      if (have) return Promise.resolve(have);
      let pending = entry.pending.get(encoding);
      if (!pending) {
        pending = compress(entry.bodies.get('identity'), encoding).then((body) => {
          entry.pending.delete(encoding);
          entry.bodies.set(encoding, body);
          // Only count it while the entry is still held (it may have been evicted meanwhile).
          if (entries.get(entry.key) === entry) account(entry, body.length);
          return body;
        });
        entry.pending.set(encoding, pending);
      }
      return pending;
    },

    sweep,
    stats: () => ({ entries: entries.size, bytes, inflight: inflight.size }),
    clear() {
      entries.clear();
      bytes = 0;
    },
    close() {
      clearInterval(sweeper);
    },
  };
}
