// The production server: Astro's handler (middleware mode) inside a small Node server that adds
// what @astrojs/node lacks. Started by scripts/start.mjs (npm start) and by the e2e tests.
//
// - Pages and API answers are rendered into a buffer, then sent in one write with a
//   Content-Length, compressed for the client (scripts/http/compress.mjs). Astro streams a page
//   as hundreds of small chunks; writing them one by one to the socket was a sixth of the CPU.
// - Rendered pages are kept for PAGE_CACHE_MS in a micro-cache (scripts/page-cache.mjs) keyed by
//   the app's own reading of the request's render inputs.
// - Static files come from memory (scripts/http/static.mjs); event streams go straight through.
// - Load shedding (scripts/http/shed.mjs): past the cache, expensive work (searches, long kline
//   ranges, deep pages) is limited per client (429) and bounded in how much runs at once (503
//   after a short wait); /api/health and cheap pages never wait for it.
// - Timeouts on receiving requests (headers, bodies), none on sending answers (event streams).
import http, { STATUS_CODES } from 'node:http';
import path from 'node:path';
import { EventEmitter } from 'node:events';
import { pathToFileURL } from 'node:url';
import { compress, encodingFor, varyWithEncoding } from './http/compress.mjs';
import { createStaticFiles } from './http/static.mjs';
import { createPageCache, isCacheable } from './page-cache.mjs';
import {
  createRateLimiter,
  createWorkQueue,
  isExpensive,
  settleClientAddress,
  shedAnswer,
  shedSettings,
  trustsProxy,
} from './http/shed.mjs';

/**
 * Requests Astro cannot take as sent go to the app on a stand-in, with the original noted in
 * these headers, so its edge rule (src/server/http/edge.ts) answers them like any other refused
 * request: localised 404/400/405 pages or API envelopes with the security headers, not a bare
 * "Not found" or a 500. Clients cannot set them (removed on arrival).
 */
const RAW_URL = 'x-coinlens-raw-url';
const RAW_METHOD = 'x-coinlens-raw-method';
/** Methods the fetch Request that Astro builds refuses to carry. */
const UNCARRIED_METHODS = new Set(['CONNECT', 'TRACE', 'TRACK']);

/** Puts a request Astro cannot take on the stand-in path, keeping the original for the app. */
function standIn(req, { method = false } = {}) {
  if (method) {
    req.headers[RAW_METHOD] = req.method;
    req.method = 'GET';
  } else {
    req.headers[RAW_URL] = req.url ?? '/';
    req.url = '/';
  }
}

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

/**
 * A request's path as the log may keep it: no query (reset and activation links carry their
 * token there, account calls their codes and addresses) and no private feed token.
 * @example loggablePath('/en/user/reset?token=abc') // '/en/user/reset'
 */
export function loggablePath(url) {
  return (url ?? '/').split('?')[0].replace(/^(\/feeds\/private\/)[^/]+/, '$1…');
}

/**
 * A stand-in for the ServerResponse that Astro's Node handler writes into: it collects the
 * status, headers and body, and resolves `done` when the handler ends the response.
 */
class CapturedResponse extends EventEmitter {
  constructor(req) {
    super();
    this.req = req;
    this.statusCode = 200;
    this.statusMessage = '';
    this.headersSent = false;
    this.writableEnded = false;
    this.destroyed = false;
    this.headers = {};
    this.chunks = [];
    this.done = new Promise((resolve) => (this.finish = resolve));
  }
  setHeader(name, value) {
    this.headers[name.toLowerCase()] = value;
    return this;
  }
  getHeader(name) {
    return this.headers[name.toLowerCase()];
  }
  getHeaders() {
    return { ...this.headers };
  }
  hasHeader(name) {
    return name.toLowerCase() in this.headers;
  }
  removeHeader(name) {
    delete this.headers[name.toLowerCase()];
  }
  writeHead(status, message, headers) {
    if (typeof message !== 'string') headers = message;
    this.statusCode = status;
    if (Array.isArray(headers)) for (let i = 0; i < headers.length; i += 2) this.setHeader(headers[i], headers[i + 1]);
    else if (headers) for (const [k, v] of Object.entries(headers)) if (v !== undefined) this.setHeader(k, v);
    this.headersSent = true;
    return this;
  }
  write(chunk, encoding, cb) {
    // A byte chunk is kept as a view, not copied: Astro hands over the page's bytes and never
    // touches them again, and a copy of every page was a needless 40 KB per render.
    if (chunk !== undefined && chunk !== null && typeof chunk !== 'function')
      this.chunks.push(
        typeof chunk === 'string'
          ? Buffer.from(chunk, typeof encoding === 'string' ? encoding : 'utf8')
          : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength),
      );
    const callback = typeof encoding === 'function' ? encoding : cb;
    if (callback) queueMicrotask(callback);
    this.headersSent = true;
    return true;
  }
  end(chunk, encoding, cb) {
    if (typeof chunk === 'function') {
      cb = chunk;
      chunk = undefined;
    }
    if (chunk !== undefined && chunk !== null) this.write(chunk, encoding);
    if (this.writableEnded) return this;
    this.writableEnded = true;
    this.headersSent = true;
    this.finish();
    this.emit('finish');
    if (typeof cb === 'function') queueMicrotask(cb);
    else if (typeof encoding === 'function') queueMicrotask(encoding);
    return this;
  }
  destroy(err) {
    this.destroyed = true;
    this.error = err;
    if (!this.writableEnded) this.end();
    return this;
  }
  flushHeaders() {}
  body() {
    return this.chunks.length === 1 ? this.chunks[0] : Buffer.concat(this.chunks);
  }
}

/** Response headers as sent: without the app's internal x-coinlens-* notes. */
function publicHeaders(headers) {
  const out = {};
  for (const [k, v] of Object.entries(headers))
    if (!k.startsWith('x-coinlens-') && k !== 'content-length' && k !== 'transfer-encoding') out[k] = v;
  return out;
}

/** Sends a whole body, compressed for the client when it is worth it. */
async function sendBody(req, res, status, headers, body, encoded) {
  const out = publicHeaders(headers);
  const type = out['content-type'];
  const encoding = encoded ? encoded.encoding : encodingFor(req.headers['accept-encoding'], type, body.length);
  if (encodingFor('br', type, body.length) !== 'identity') out.vary = varyWithEncoding(out.vary);
  const payload = encoded ? encoded.body : encoding === 'identity' ? body : await compress(body, encoding);
  if (encoding !== 'identity') out['content-encoding'] = encoding;
  out['content-length'] = payload.length;
  res.writeHead(status, out);
  res.end(req.method === 'HEAD' ? undefined : payload);
}

/**
 * Answers a request Node itself refuses before any handler sees it (a malformed request 400, a
 * header block over the limit 431, a request not received in time 408), as Node would, but with
 * the security headers every other answer carries.
 * @param {Error & { code?: string }} err
 * @param {import('node:net').Socket & { _httpMessage?: { headersSent?: boolean } }} socket
 * @param {Record<string, string>} headers
 */
export function answerClientError(err, socket, headers) {
  // Nothing to answer on a dead connection, nor in the middle of an answer already begun.
  if (err.code === 'ECONNRESET' || !socket.writable || socket._httpMessage?.headersSent) {
    socket.destroy();
    return;
  }
  const status = err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : err.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
  const lines = Object.entries(headers)
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join('');
  socket.write(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${lines}Content-Length: 0\r\nConnection: close\r\n\r\n`);
  socket.destroySoon();
}

/** Request headers a client could forge to look like a proxy's. */
const FORWARDED = ['x-forwarded-for', 'x-forwarded-proto', 'x-forwarded-host', 'x-forwarded-port', 'forwarded'];

/**
 * Removes the proxy headers from a request unless a proxy we sit behind (TRUST_PROXY) set them:
 * Astro and the render inputs believe them, so anyone could otherwise pick the protocol that
 * decides HSTS and the page-cache variant.
 * @param {Record<string, unknown>} headers a Node request's headers, changed in place
 * @param {boolean} trustProxy
 */
export function dropForwarded(headers, trustProxy) {
  if (!trustProxy) for (const name of FORWARDED) delete headers[name];
}

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

/**
 * The HTTP server around Astro's handler, not yet listening: static files, the page cache,
 * load shedding of expensive work, event streams, timeouts. startServer() makes the real one;
 * tests pass a handler of their own.
 * @param {{
 *   handler: (req: http.IncomingMessage, res: any, next: () => void) => unknown,
 *   statics?: { candidate: (req: http.IncomingMessage, pathname: string) => boolean, serve: (req: http.IncomingMessage, res: http.ServerResponse, pathname: string) => Promise<boolean> },
 *   pages?: ReturnType<typeof createPageCache>,
 *   keyOf?: (req: http.IncomingMessage) => string | null,
 *   trustProxy?: boolean,
 *   shed?: ReturnType<typeof shedSettings>,
 *   timeouts?: ReturnType<typeof serverTimeouts> & { connectionsCheckingInterval?: number },
 *   securityHeaders?: (req: { url?: string, headers: http.IncomingHttpHeaders, socket?: { encrypted?: boolean } }) => Record<string, string>,
 * }} options
 */
export function createSiteServer({
  handler,
  statics,
  pages = createPageCache({ ttlMs: 0, compress }),
  keyOf: appKeyOf = () => null,
  trustProxy = trustsProxy(),
  shed = shedSettings(),
  timeouts = serverTimeouts(),
  securityHeaders = () => ({}),
}) {
  const keyOf = (req) => {
    // A stand-in is never looked up: its URL is not the request's.
    if (!pages.enabled || req.headers[RAW_URL] !== undefined) return null;
    const key = appKeyOf(req);
    // A key of absurd length (a 16 KB query string) is not worth keeping: render it uncached.
    return key !== null && pages.admits(key) ? key : null;
  };
  const limiter = createRateLimiter({ burst: shed.burst, perSecond: shed.perSecond });
  const queue = createWorkQueue({ concurrency: shed.concurrency, maxWaitMs: shed.maxWaitMs });
  const busyFor = Math.max(1, Math.ceil(shed.maxWaitMs / 1000));

  // Renders under way: a shutdown lets them finish before the database goes away.
  const active = new Set();

  /** Renders a request through Astro into memory. */
  const render = async (req) => {
    const captured = new CapturedResponse(req);
    const notFound = () => captured.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found');
    if (UNCARRIED_METHODS.has(req.method ?? '')) standIn(req, { method: true });
    const rendering = (async () => {
      await handler(req, captured, () => {
        // Astro routes every path it can decode (src/pages/[...rest].astro), so this one cannot
        // be (%ff, an encoded slash): once more on the stand-in, for the app's answer.
        if (req.headers[RAW_URL] !== undefined) return notFound();
        standIn(req);
        return handler(req, captured, notFound);
      });
      await captured.done;
    })();
    active.add(rendering);
    try {
      await rendering;
    } finally {
      active.delete(rendering);
    }
    return captured;
  };

  const sendEntry = async (req, res, entry, state) => {
    const encoding = encodingFor(
      req.headers['accept-encoding'],
      entry.headers['content-type'],
      entry.bodies.get('identity').length,
    );
    const body = await pages.variant(entry, encoding);
    await sendBody(req, res, entry.status, { ...entry.headers, 'x-page-cache': state }, body, { encoding, body });
  };

  const refuse = (req, res, verdict) => {
    const answer = shedAnswer(req, verdict);
    return sendBody(req, res, answer.status, answer.headers, Buffer.from(answer.body));
  };

  const page = async (req, res, client) => {
    const key = keyOf(req);
    if (key !== null) {
      const hit = pages.get(key);
      if (hit) return sendEntry(req, res, hit, 'hit');
      const pending = pages.pending(key);
      if (pending) {
        const entry = await pending;
        if (entry) return sendEntry(req, res, entry, 'hit');
      }
    }
    // Past the cache: this is work. Expensive work is limited per client, then bounded in
    // how much of it runs at once.
    let release;
    if (isExpensive(req.method, req.url)) {
      const verdict = limiter.take(client);
      if (!verdict.ok) return refuse(req, res, { status: 429, retryAfter: verdict.retryAfter });
      release = await queue.acquire();
      if (!release) return refuse(req, res, { status: 503, retryAfter: busyFor });
      // While it waited, the client may have left, or someone else rendered the same page.
      const hit = key !== null ? pages.get(key) : undefined;
      if (res.destroyed || hit) {
        release();
        return hit && !res.destroyed ? sendEntry(req, res, hit, 'hit') : undefined;
      }
    }
    try {
      const settle = key !== null ? pages.claim(key) : undefined;
      let captured;
      try {
        captured = await render(req);
      } catch (e) {
        settle?.(null);
        throw e;
      }
      const body = captured.body();
      if (settle) {
        const entry =
          !captured.destroyed && isCacheable(captured.statusCode, captured.headers)
            ? pages.store(key, captured.statusCode, captured.headers, body)
            : null;
        settle(entry);
        if (entry) return await sendEntry(req, res, entry, 'miss');
      }
      if (captured.destroyed) {
        res.destroy(captured.error);
        return undefined;
      }
      return await sendBody(req, res, captured.statusCode, captured.headers, body);
    } finally {
      release?.();
    }
  };

  const server = http.createServer(
    { connectionsCheckingInterval: timeouts.connectionsCheckingInterval ?? 30_000 },
    (req, res) => {
      dropForwarded(req.headers, trustProxy);
      delete req.headers[RAW_URL];
      delete req.headers[RAW_METHOD];
      // Every answer carries the security headers, whoever makes it: the app sets its own (they
      // win), and these stand for the answers made around it (static files and their 304s,
      // Astro's trailing-slash redirects, a failed render's 500).
      for (const [k, v] of Object.entries(securityHeaders(req))) res.setHeader(k, v);
      const client = settleClientAddress(req, trustProxy);
      // Event streams go out as written: unbuffered and uncompressed.
      if (req.url?.startsWith('/api/stream/') && (req.method === 'GET' || req.method === 'HEAD')) {
        guardStream(res);
        return handler(req, res, () => {
          standIn(req);
          return page(req, res).catch(() => res.destroy());
        });
      }
      const pathname = (req.url ?? '/').split('?')[0];
      const work = statics?.candidate(req, pathname)
        ? statics.serve(req, res, pathname).then((served) => served || page(req, res, client))
        : page(req, res, client);
      work.catch((e) => {
        console.error('[serve]', req.method, loggablePath(req.url), e);
        if (!res.headersSent)
          res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('Internal server error');
        else res.destroy();
      });
      return undefined;
    },
  );
  server.on('clientError', (err, socket) => answerClientError(err, socket, securityHeaders({ headers: {}, socket })));
  server.headersTimeout = timeouts.headersTimeout;
  server.requestTimeout = timeouts.requestTimeout;
  server.keepAliveTimeout = timeouts.keepAliveTimeout;
  // Clients quiet long enough to have a full bucket again are forgotten.
  const sweeper = setInterval(() => limiter.sweep(), 60_000);
  sweeper.unref();
  server.on('close', () => {
    clearInterval(sweeper);
    pages.close();
  });
  server.drainRenders = (ms) =>
    Promise.race([Promise.allSettled([...active]), new Promise((r) => setTimeout(r, ms).unref())]);
  server.shedStats = () => ({ ...queue.stats(), clients: limiter.size });
  return server;
}

/** Starts listening and resolves once the database is open (migrated and seeded on first run). */
export async function startServer({
  port = Number(process.env.PORT ?? 4321),
  host = process.env.HOST ?? 'localhost',
  log = console.log,
} = {}) {
  process.env.COINLENS_ROOT ??= root;
  // React and friends pick their development builds when NODE_ENV is unset: several times slower.
  process.env.NODE_ENV ??= 'production';
  const { handler } = await import(pathToFileURL(path.join(root, 'dist/server/entry.mjs')).href);
  // Published by the app's entrypoint as it loads (src/server/http/headers.ts).
  const securityHeaders = globalThis[Symbol.for('coinlens.securityHeaders')];
  if (typeof securityHeaders !== 'function')
    throw new Error('The build has no security headers: rebuild (npm run build).');
  const statics = createStaticFiles({
    clientDir: path.join(root, 'dist/client'),
    iconsDir: path.join(path.resolve(process.env.DATA_DIR || './data'), 'icons', 'coins'),
  });
  const pages = createPageCache({ ...pageCacheSettings(), compress });
  const server = createSiteServer({
    handler,
    statics,
    pages,
    securityHeaders,
    keyOf: (req) => globalThis[Symbol.for('coinlens.variantKey')]?.(req) ?? null,
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(undefined));
  });
  const address = server.address();
  const url = `http://${typeof address === 'object' && address ? (address.family === 'IPv6' ? `[${address.address}]` : address.address) : host}:${port}`;
  // Open the database now rather than on the first visitor: the embedded server, migrations and
  // the first-run seed (the middleware boots on the first request; this is that request).
  const started = Date.now();
  const res = await fetch(`${url}/api/health`).catch((e) => ({ ok: false, json: async () => ({ msg: String(e) }) }));
  if (!res.ok) {
    const body = await res.json().catch(() => ({}));
    server.close();
    await globalThis[Symbol.for('coinlens.boot')]?.shutdown();
    // The server's own reason (the configuration's error, the database's); without one, only what is known.
    throw new Error(
      body.msg ?? `the server did not become ready (HTTP ${res.status ?? 'no answer'}); see the log above.`,
    );
  }
  log(
    `Coinlens is ready on http://${host === '0.0.0.0' || host === '::' ? 'localhost' : host}:${port} (database ready in ${Date.now() - started} ms)`,
  );
  return server;
}

/**
 * Most bytes a stream client may leave unread in the socket before it is dropped
 * (SSE_CLIENT_BUFFER_KB, default 128 KB: a minute of ticks for a page of coins). The stream's
 * own queue has the same bound (src/server/realtime/sse.ts), so one stalled client holds at
 * most twice this.
 */
export const MAX_STREAM_BACKLOG = (Number(process.env.SSE_CLIENT_BUFFER_KB) || 128) * 1024;

/**
 * Drops a server-sent-events client that stops reading: Astro writes without waiting for
 * 'drain', so a stalled client would otherwise collect every tick in memory. Its EventSource
 * reconnects later and resumes with Last-Event-ID.
 */
export function guardStream(res) {
  const write = res.write;
  res.write = function (chunk, ...rest) {
    if (res.destroyed) return false;
    if (res.writableLength > MAX_STREAM_BACKLOG) {
      res.destroy();
      return false;
    }
    return write.call(this, chunk, ...rest);
  };
}

/**
 * Closes the HTTP server, then shuts the app down (live prices, the pool, and the embedded
 * PostgreSQL server, which writes its last checkpoint and exits).
 */
export async function stopServer(server) {
  // Live prices first: their open event streams would keep server.close() waiting.
  await globalThis[Symbol.for('coinlens.realtime')]?.stop();
  const closed = new Promise((resolve) => server.close(() => resolve(undefined)));
  server.closeIdleConnections?.();
  setTimeout(() => server.closeAllConnections?.(), 2000).unref();
  await closed;
  await server.drainRenders?.(10_000);
  await globalThis[Symbol.for('coinlens.boot')]?.shutdown();
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  startServer()
    .then((server) => {
      let stopping = false;
      const stop = async () => {
        if (stopping) return;
        stopping = true;
        await stopServer(server).catch((e) => console.error(e));
        process.exit(0);
      };
      process.on('SIGINT', stop);
      process.on('SIGTERM', stop);
    })
    .catch((e) => {
      console.error(`\nCoinlens could not start: ${e.message}`);
      process.exit(1);
    });
}
