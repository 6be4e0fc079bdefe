// The Node server's settings from the environment (docs/configuration.md), read when it starts.

/** Reads a whole number of milliseconds from the environment, with a default. */
function envMs(name, fallback, min = 0) {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min)
    throw new Error(`${name} must be a whole number of at least ${min} (got "${raw}"). See docs/configuration.md.`);
  return n;
}

/**
 * The Node server's timeouts (docs/configuration.md). requestTimeout bounds receiving a
 * request (headers and body), not sending the answer, so event streams, long answers, are
 * not cut; a client that trickles a body is answered 408 and disconnected.
 */
export function serverTimeouts() {
  const requestTimeout = envMs('HTTP_REQUEST_TIMEOUT_MS', 60_000, 1000);
  return {
    // Node wants headers no later than the whole request.
    headersTimeout: Math.min(envMs('HTTP_HEADERS_TIMEOUT_MS', 20_000, 1000), requestTimeout),
    requestTimeout,
    // A little over the 60 s idle timeout of common proxies and load balancers, so they, not
    // we, close an idle kept-alive connection (closing first races their next request).
    keepAliveTimeout: envMs('HTTP_KEEPALIVE_TIMEOUT_MS', 65_000, 1000),
  };
}

/** The page cache's settings: TTL, and the bound in bytes (docs/configuration.md). */
export function pageCacheSettings() {
  return { ttlMs: envMs('PAGE_CACHE_MS', 2000), maxBytes: envMs('PAGE_CACHE_MB', 64) * 1024 * 1024 };
}
