// The production server: Astro's handler (middleware mode) inside a small Node server that adds
// what @astrojs/node lacks. Started by scripts/start.mjs (npm start) and by the e2e tests.
//
// - Pages and API answers are rendered into a buffer, then sent in one write with a
//   Content-Length, compressed for the client (./compress.mjs). Astro streams a page
//   as hundreds of small chunks; writing them one by one to the socket was a sixth of the CPU.
// - Rendered pages are kept for PAGE_CACHE_MS in a micro-cache (./pageCache.mjs) keyed by
//   the app's own reading of the request's render inputs.
// - Static files come from memory (./static.mjs); event streams go straight through.
// - Load shedding (./shed.mjs): past the cache, expensive work (searches, long kline
//   ranges, deep pages) is limited per client (429) and bounded in how much runs at once (503
//   after a short wait); /api/health and cheap pages never wait for it.
// - Timeouts on receiving requests (headers, bodies), none on sending answers (event streams).
// Single requests and answers are handled in ./answers.mjs, settings read in ./settings.mjs.
import http from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { compress, encodingFor } from './compress.mjs';
import {
  answerClientError,
  CapturedResponse,
  dropForwarded,
  guardStream,
  loggablePath,
  RAW_METHOD,
  RAW_URL,
  sendBody,
  standIn,
  UNCARRIED_METHODS,
} from './answers.mjs';
import { compactingCollection } from './runtimeEnv.mjs';
import { pageCacheSettings, serverTimeouts } from './settings.mjs';
import { createStaticFiles } from './static.mjs';
import { createPageCache, isCacheable } from './pageCache.mjs';
import {
  createRateLimiter,
  createWorkQueue,
  isExpensive,
  settleClientAddress,
  shedAnswer,
  shedSettings,
  trustsProxy,
} from './shed.mjs';

/** The repository (this file is src/server/http/node/server.mjs). */
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../../..');

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
  const res = await firstHealth(`${url}/api/health`).catch((e) => ({
    ok: false,
    json: async () => ({ msg: String(e) }),
  }));
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
  // The first run's seed generates the whole demo history in this process: hundreds of MB of
  // garbage in the old generation, which grew to hold it and would not be collected until
  // traffic filled it again, so RSS stayed near 500 MB (load benchmark, issue 25). One full
  // collection now gives it back (about 225 MB after, from about 585); it costs tens of ms,
  // once, before the first visitor. `gc` is there when started with --expose-gc (runtimeEnv.mjs).
  compactingCollection();
  return server;
}

/**
 * The first request, which waits for the start: node:http, not fetch, whose client gives up on an
 * answer after five minutes (undici's headersTimeout) while a first start seeding a large universe
 * (SEED_COINS=20000, a quarter of an hour) was still going on; it then stopped the server it waited for.
 * @param {string} url
 * @returns {Promise<{ ok: boolean, status: number | undefined, json: () => Promise<any> }>}
 */
function firstHealth(url) {
  return new Promise((resolve, reject) => {
    http
      .get(url, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => {
          body += chunk;
        });
        res.on('end', () =>
          resolve({ ok: res.statusCode === 200, status: res.statusCode, json: async () => JSON.parse(body) }),
        );
        res.on('error', reject);
      })
      .on('error', reject);
  });
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
