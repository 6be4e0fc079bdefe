// The production server: Astro's handler (middleware mode) inside a small Node server that adds
// what @astrojs/node's standalone mode lacks: br/gzip compression and immutable caching of the
// hashed /_astro/* assets. Started by scripts/start.mjs (npm start) and by the e2e tests.
import http from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import fs from 'node:fs';
import compression from 'compression';
import send from 'send';
import { createPageCache } from './page-cache.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

/** Starts listening and resolves once the database is open (migrated and seeded on first run). */
export async function startServer({ port = Number(process.env.PORT ?? 4321), host = process.env.HOST ?? 'localhost', log = console.log } = {}) {
  process.env.COINLENS_ROOT ??= root;
  // React and friends pick their development builds when NODE_ENV is unset: several times slower.
  process.env.NODE_ENV ??= 'production';
  const { handler } = await import(pathToFileURL(path.join(root, 'dist/server/entry.mjs')).href);
  const clientDir = path.join(root, 'dist/client');
  const compress = compression({ threshold: 1024 });
  const pages = createPageCache(Number(process.env.PAGE_CACHE_MS ?? 2000));
  const render = (req, res) =>
    handler(req, res, () => {
      res.statusCode = 404;
      res.end('Not found');
    });
  const server = http.createServer((req, res) => {
    // Event streams go out uncompressed (compression would hold events back) and unbuffered.
    if (req.url?.startsWith('/api/stream/')) {
      guardStream(res);
      return render(req, res);
    }
    compress(req, res, () => {
      const file = staticFile(clientDir, req);
      if (!file) return pages.handle(req, res) || render(req, res);
      // Hashed build assets never change under their name; other public files may.
      const immutable = file.startsWith('/_astro/');
      send(req, file, { root: clientDir, dotfiles: 'deny', immutable, maxAge: immutable ? '365d' : '1h' })
        .on('error', () => render(req, res))
        .pipe(res);
    });
  });
  // Server-sent events and slow clients: no request timeout, but a bound on idle sockets.
  server.requestTimeout = 0;
  server.keepAliveTimeout = 65_000;
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
    throw new Error(body.msg ?? 'The database could not be opened.');
  }
  log(`Coinlens is ready on http://${host === '0.0.0.0' || host === '::' ? 'localhost' : host}:${port} (database ready in ${Date.now() - started} ms)`);
  return server;
}

/** Most bytes a stream client may leave unread in the socket before it is dropped. */
export const MAX_STREAM_BACKLOG = 1 << 20;

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

/** The path of a built static file for a GET/HEAD request, or null to let Astro render. */
function staticFile(clientDir, req) {
  if (req.method !== 'GET' && req.method !== 'HEAD') return null;
  let pathname;
  try {
    pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
  } catch {
    return null;
  }
  if (pathname === '/' || pathname.includes('\0')) return null;
  const full = path.join(clientDir, pathname);
  if (!full.startsWith(clientDir + path.sep)) return null;
  try {
    return fs.statSync(full).isFile() ? pathname : null;
  } catch {
    return null;
  }
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
