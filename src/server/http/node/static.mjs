// Static files from memory: the build's client files (listed once at start, so a request for a
// page costs no file-system lookup) and the coin icons the app writes under DATA_DIR/icons.
// Each file is read once and each compressed encoding made once; ETags answer revalidations.
import { CACHE } from '../cachePolicy.mjs';
import fs from 'node:fs';
import path from 'node:path';
import { compress, encodingFor, varyWithEncoding } from './compress.mjs';

const TYPES = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml; charset=utf-8',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.html': 'text/html; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
};

/** Coin ids are slugs; anything else is not an icon file (and never reaches the file system). */
const ICON_PATH = /^\/icons\/coins\/([a-z0-9]+(?:[-_.][a-z0-9]+)*)\.svg$/;

function listFiles(dir, prefix = '') {
  let out = [];
  let names;
  try {
    names = fs.readdirSync(dir, { withFileTypes: true });
  } catch {
    return out;
  }
  for (const d of names) {
    if (d.name.startsWith('.')) continue;
    const rel = `${prefix}/${d.name}`;
    if (d.isDirectory()) out = out.concat(listFiles(path.join(dir, d.name), rel));
    else if (d.isFile()) out.push(rel);
  }
  return out;
}

/**
 * @param {{ clientDir: string, iconsDir?: string, maxBytes?: number }} options
 */
export function createStaticFiles({ clientDir, iconsDir, maxBytes = 32 * 1024 * 1024 }) {
  const built = new Set(listFiles(clientDir));
  /** url path → { body, type, etag, cacheControl, bodies: Map<encoding, Buffer|Promise> } */
  const memory = new Map();
  let bytes = 0;

  function forget(key) {
    const f = memory.get(key);
    if (!f) return;
    memory.delete(key);
    bytes -= f.bytes;
  }

  function grow(file, n) {
    file.bytes += n;
    bytes += n;
    // Least recently loaded first (a Map keeps insertion order).
    for (const k of memory.keys()) {
      if (bytes <= maxBytes) break;
      forget(k);
    }
  }

  /** Icons are rewritten when the coin data changes: one held for a minute is checked again. */
  async function stillCurrent(file) {
    if (!file.recheck || Date.now() - file.checkedAt < 60_000) return true;
    try {
      const st = await fs.promises.stat(file.full);
      file.checkedAt = Date.now();
      return st.mtimeMs === file.mtimeMs && st.size === file.body.length;
    } catch {
      return false;
    }
  }

  async function load(urlPath) {
    const hit = memory.get(urlPath);
    if (hit && (await stillCurrent(hit))) return hit;
    if (hit) forget(urlPath);
    let full;
    let cacheControl;
    if (built.has(urlPath)) {
      full = path.join(clientDir, urlPath);
      // Hashed build assets never change under their name; other public files may.
      cacheControl = urlPath.startsWith('/_astro/') ? CACHE.immutable : CACHE.hour;
    } else {
      const icon = iconsDir && ICON_PATH.exec(urlPath);
      if (!icon) return null;
      full = path.join(iconsDir, `${icon[1]}.svg`);
      cacheControl = CACHE.icon;
    }
    let body;
    let stat;
    try {
      [body, stat] = await Promise.all([fs.promises.readFile(full), fs.promises.stat(full)]);
    } catch {
      return null;
    }
    const type = TYPES[path.extname(full).toLowerCase()] ?? 'application/octet-stream';
    const file = {
      key: urlPath,
      full,
      body,
      type,
      cacheControl,
      etag: `W/"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`,
      bodies: new Map(),
      bytes: 0,
      recheck: !built.has(urlPath),
      mtimeMs: stat.mtimeMs,
      checkedAt: Date.now(),
    };
    memory.set(urlPath, file);
    grow(file, body.length);
    return file;
  }

  function variant(file, encoding) {
    if (encoding === 'identity') return file.body;
    let v = file.bodies.get(encoding);
    if (!v) {
      v = compress(file.body, encoding).then((body) => {
        file.bodies.set(encoding, body);
        if (memory.get(file.key) === file) grow(file, body.length);
        return body;
      });
      file.bodies.set(encoding, v);
    }
    return v;
  }

  return {
    /** Whether a request may be a static file (GET/HEAD of a built file or an icon path). */
    candidate(req, pathname) {
      if (req.method !== 'GET' && req.method !== 'HEAD') return false;
      return built.has(pathname) || (!!iconsDir && ICON_PATH.test(pathname));
    },

    /** Serves the file and resolves true, or resolves false when there is none. */
    async serve(req, res, pathname) {
      const file = await load(pathname);
      if (!file) return false;
      const headers = {
        'Content-Type': file.type,
        'Cache-Control': file.cacheControl,
        ETag: file.etag,
        'X-Content-Type-Options': 'nosniff',
      };
      const encoding = encodingFor(req.headers['accept-encoding'], file.type, file.body.length);
      if (encodingFor('br', file.type, file.body.length) !== 'identity') headers.Vary = varyWithEncoding();
      if (req.headers['if-none-match'] === file.etag) {
        res.writeHead(304, headers);
        res.end();
        return true;
      }
      const body = await variant(file, encoding);
      if (encoding !== 'identity') headers['Content-Encoding'] = encoding;
      headers['Content-Length'] = body.length;
      res.writeHead(200, headers);
      res.end(req.method === 'HEAD' ? undefined : body);
      return true;
    },

    /** Forgets a cached file (an icon rewritten by the app). */
    forget,
  };
}
