// Load shedding for src/server/http/node/server.mjs: which requests are expensive work, per-client token
// buckets for them, and a bound on how many run at once.
//
// - The limits apply to work, not to answers from the page micro-cache: server.mjs asks only
//   after a cache miss, so a popular page stays unlimited however often it is asked for.
// - Buckets live in this process's memory, not in PostgreSQL like the account throttles
//   (src/server/auth/throttle.ts): a check must cost nothing on the path it protects (a
//   database write per search would load the very database the searches overload), and losing
//   them on a restart only grants one more burst. The map is bounded and swept.
// - /api/health, static files and everything not listed here never wait for a slot.
import { CACHE } from '../cachePolicy.mjs';

/** Locale prefixes of page paths (src/lib/format/locale.ts), longest first. */
const LOCALE_PREFIX = /^\/(?:zh-hk|zh|en|ko)(?=\/|$)/;

/** Query parameters that carry free text: any route filtering by one does a text search. */
const TEXT_PARAMS = ['q', 'keyword', 'kw', 'search', 'query'];

/** Kline ranges that read many stored rows, and intervals rolled up from finer stored ones. */
const LONG_RANGES = new Set(['6M', '1Y', 'YTD', 'ALL']);
const ROLLED_INTERVALS = new Set(['5m', '15m', '4h', '1w']);

/** Pages of a list past this one cost an OFFSET scan that grows with the page number. */
export const DEEP_PAGE = 50;

/** Whether TRUST_PROXY says a reverse proxy in front sets X-Forwarded-For. */
export function trustsProxy(env = process.env) {
  return ['1', 'true', 'yes'].includes(String(env.TRUST_PROXY ?? '').toLowerCase());
}

/**
 * The client's address, the one every per-IP limit counts (these, the account throttles, the
 * stream caps, the view counts): the socket's peer, or behind a trusted proxy the address that
 * proxy appended to X-Forwarded-For (the last entry: the ones before it are whatever the client
 * sent, so anyone could choose them).
 * @example clientAddress({ headers: { 'x-forwarded-for': '6.6.6.6, 203.0.113.9' }, socket: { remoteAddress: '10.0.0.2' } }, true) // '203.0.113.9'
 */
export function clientAddress(req, trustProxy) {
  if (trustProxy) {
    const raw = req.headers['x-forwarded-for'];
    const list = (Array.isArray(raw) ? raw.join(',') : (raw ?? ''))
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    if (list.length) return list[list.length - 1];
  }
  return req.socket?.remoteAddress ?? 'unknown';
}

/**
 * Decides the request's client address once and leaves X-Forwarded-For holding just that (or
 * nothing), so Astro's `clientAddress`, which reads the header's first entry, agrees with it.
 */
export function settleClientAddress(req, trustProxy) {
  const address = clientAddress(req, trustProxy);
  if (trustProxy && req.headers['x-forwarded-for'] !== undefined) req.headers['x-forwarded-for'] = address;
  else delete req.headers['x-forwarded-for'];
  return address;
}

/**
 * Whether a request is expensive work: share cards, searches (the search page and API, quick search, any
 * text filter), klines over long or custom ranges or rolled-up intervals, deep pages of a list,
 * and the portfolio posts that value a whole list (evaluate, import, merge). A request whose URL cannot be read is not (the app answers it 400/404 cheaply).
 * @example isExpensive('GET', '/zh/search?q=btc') // true
 * @example isExpensive('GET', '/api/v1/klines?coin=bitcoin&interval=1h&range=1M') // false
 */
export function isExpensive(method, rawUrl) {
  // Writes have limits of their own, except the portfolio posts that value or check a whole list.
  if (method === 'POST') return /^\/api\/new\/v1\/portfolio\/(?:evaluate|import|merge)(?:\?|$)/.test(rawUrl ?? '');
  if (method !== 'GET' && method !== 'HEAD') return false;
  let url;
  try {
    url = new URL(rawUrl ?? '/', 'http://localhost');
  } catch {
    return false;
  }
  const path = url.pathname;
  if (path === '/api/health' || path.startsWith('/api/stream/')) return false;
  const params = url.searchParams;
  if (TEXT_PARAMS.some((name) => (params.get(name) ?? '').trim() !== '')) return true;
  const page = Number(params.get('page') ?? params.get('pageNum') ?? 1);
  if (Number.isFinite(page) && page > DEEP_PAGE) return true;
  if (path.startsWith('/api/')) {
    if (/^\/api\/v1\/(?:search|quick_search)(?:\/|$)/.test(path)) return true;
    if (path === '/api/v1/klines') return longKlines(params);
    return false;
  }
  const sitePath = path.replace(LOCALE_PREFIX, '') || '/';
  if (/^\/search\/?$/.test(sitePath)) return true;
  // Share cards: an image drawn on a cache miss (src/features/site/cards).
  if (sitePath.startsWith('/cards/')) return true;
  if (sitePath.startsWith('/kline/')) return longKlines(params);
  return false;
}

function longKlines(params) {
  return (
    params.has('from') ||
    params.has('to') ||
    LONG_RANGES.has(params.get('range') ?? '') ||
    ROLLED_INTERVALS.has(params.get('interval') ?? '')
  );
}

/**
 * Token buckets per client: `burst` requests at once, refilled at `perSecond`. At most
 * `maxKeys` clients are remembered: full buckets (clients that have been quiet long enough) are
 * swept first, then the least recently seen.
 * @param {{ burst: number, perSecond: number, maxKeys?: number, now?: () => number }} options
 */
export function createRateLimiter({ burst, perSecond, maxKeys = 50_000, now = Date.now }) {
  /** key → { tokens, at } in least-recently-seen order */
  const buckets = new Map();
  const level = (b, t) => Math.min(burst, b.tokens + ((t - b.at) / 1000) * perSecond);

  function sweep() {
    const t = now();
    for (const [key, b] of buckets) if (level(b, t) >= burst) buckets.delete(key);
  }

  return {
    /**
     * Takes one token for `key`: `{ ok: true }`, or `{ ok: false, retryAfter }` with the whole
     * seconds until a token is back.
     */
    take(key) {
      const t = now();
      const b = buckets.get(key);
      const tokens = b ? level(b, t) : burst;
      buckets.delete(key);
      if (buckets.size >= maxKeys) {
        sweep();
        if (buckets.size >= maxKeys) buckets.delete(buckets.keys().next().value);
      }
      if (tokens >= 1) {
        buckets.set(key, { tokens: tokens - 1, at: t });
        return { ok: true };
      }
      buckets.set(key, { tokens, at: t });
      return { ok: false, retryAfter: Math.max(1, Math.ceil((1 - tokens) / perSecond)) };
    },
    sweep,
    get size() {
      return buckets.size;
    },
  };
}

/**
 * A bound on concurrent expensive work: `concurrency` run at once; up to `maxQueue` more wait
 * at most `maxWaitMs` for a slot, and the rest are refused at once.
 * @param {{ concurrency: number, maxWaitMs: number, maxQueue?: number, setTimer?: typeof setTimeout, clearTimer?: typeof clearTimeout }} options
 */
export function createWorkQueue({
  concurrency,
  maxWaitMs,
  maxQueue = concurrency * 8,
  setTimer = setTimeout,
  clearTimer = clearTimeout,
}) {
  let active = 0;
  /** { grant, timer } in arrival order */
  const waiting = [];

  const releaser = () => {
    let done = false;
    return () => {
      if (done) return;
      done = true;
      const next = waiting.shift();
      if (next) {
        clearTimer(next.timer);
        next.grant(releaser());
      } else active--;
    };
  };

  return {
    /** A release function once a slot is ours, or null when none came in time. */
    acquire() {
      if (active < concurrency) {
        active++;
        return Promise.resolve(releaser());
      }
      if (waiting.length >= maxQueue) return Promise.resolve(null);
      return new Promise((resolve) => {
        const waiter = { grant: resolve, timer: undefined };
        waiter.timer = setTimer(() => {
          const i = waiting.indexOf(waiter);
          if (i >= 0) waiting.splice(i, 1);
          resolve(null);
        }, maxWaitMs);
        waiter.timer?.unref?.();
        waiting.push(waiter);
      });
    },
    stats: () => ({ active, waiting: waiting.length }),
  };
}

/** Reads a whole number from the environment, with a default and a floor. */
function envNumber(env, name, fallback, min = 0) {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n < min)
    throw new Error(`${name} must be a number of at least ${min} (got "${raw}"). See docs/configuration.md.`);
  return n;
}

/** The shedding settings from the environment (docs/configuration.md). */
export function shedSettings(env = process.env) {
  return {
    burst: envNumber(env, 'EXPENSIVE_BURST', 30, 1),
    perSecond: envNumber(env, 'EXPENSIVE_PER_MINUTE', 60, 1) / 60,
    concurrency: envNumber(env, 'EXPENSIVE_CONCURRENCY', 2, 1),
    maxWaitMs: envNumber(env, 'EXPENSIVE_QUEUE_MS', 2000, 0),
  };
}

/**
 * The answer to a shed request: the app publishes a localised one (src/server/http/shed.ts,
 * the API's envelope under /api, a page otherwise); this English one stands in before the app
 * has loaded.
 * @param {{ url?: string, headers: Record<string, string | string[] | undefined> }} req
 * @param {{ status: 429 | 503, retryAfter: number }} verdict
 * @returns {{ status: number, headers: Record<string, string>, body: string }}
 */
export function shedAnswer(req, verdict) {
  const published = globalThis[Symbol.for('coinlens.shedAnswer')];
  if (typeof published === 'function') return published(req, verdict);
  const headers = {
    'retry-after': String(verdict.retryAfter),
    'cache-control': CACHE.none,
    'x-content-type-options': 'nosniff',
  };
  const msg =
    verdict.status === 429
      ? 'Too many requests: please wait a moment and try again.'
      : 'The server is busy: please try again in a moment.';
  if ((req.url ?? '').startsWith('/api/')) {
    return {
      status: verdict.status,
      headers: { ...headers, 'content-type': 'application/json; charset=utf-8' },
      body: JSON.stringify({ code: verdict.status === 429 ? 4290 : 5030, data: null, msg }),
    };
  }
  return { status: verdict.status, headers: { ...headers, 'content-type': 'text/plain; charset=utf-8' }, body: msg };
}
