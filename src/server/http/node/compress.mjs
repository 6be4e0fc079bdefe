// Response compression, done by the app (Astro's Node adapter compresses nothing). Whole bodies
// only: pages are rendered into a buffer first, so the compressor knows the size in advance.
//
// Brotli quality 5 with a 256 KiB window, text mode and the size hint: measured on the site's
// pages (37–282 KB of HTML), quality 5 makes bodies ~12% smaller than quality 4 and ~18% smaller
// than gzip -6 for about 1 ms per 50 KB; quality 6–9 gain under 2% for 1.5–12× the time, and 11
// (35% smaller again) costs ~1.7 ms per KB, too slow even once per cache entry. Compression runs
// on libuv's thread pool (the async zlib calls), not on the event loop.
import zlib from 'node:zlib';
import { promisify } from 'node:util';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const C = zlib.constants;

/** Bodies smaller than this go out as they are: the headers would eat the saving. */
export const MIN_COMPRESS_BYTES = 1024;
export const BROTLI_QUALITY = 5;
export const BROTLI_WINDOW = 18;

/**
 * The encoding to answer with for an Accept-Encoding header: the accepted one with the highest
 * q-value, brotli before gzip on a tie, identity when neither is acceptable.
 * @example preferredEncoding('gzip, deflate, br') // 'br'
 */
export function preferredEncoding(header) {
  if (!header) return 'identity';
  let best = 'identity';
  let bestQ = 0;
  const rank = { br: 2, gzip: 1 };
  for (const part of String(header).split(',')) {
    const [rawName, ...params] = part.trim().toLowerCase().split(';');
    let name = rawName.trim();
    if (name === 'x-gzip') name = 'gzip';
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (!(q > 0)) continue;
    const candidates = name === '*' ? ['br', 'gzip'] : rank[name] ? [name] : [];
    for (const c of candidates) {
      if (q > bestQ || (q === bestQ && rank[c] > (rank[best] ?? 0))) {
        best = c;
        bestQ = q;
      }
    }
  }
  return best;
}

/** Whether a content type is worth compressing (text, JSON, JavaScript, SVG, XML). */
export function isCompressible(type) {
  const t = String(type ?? '').toLowerCase();
  return /^text\/|^application\/(json|javascript|xml|rss\+xml|atom\+xml|manifest\+json|ld\+json|x-javascript)|^image\/svg\+xml/.test(
    t,
  );
}

/** Compresses a whole body. */
export function compress(body, encoding) {
  if (encoding === 'br') {
    return brotli(body, {
      params: {
        [C.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
        [C.BROTLI_PARAM_LGWIN]: BROTLI_WINDOW,
        [C.BROTLI_PARAM_MODE]: C.BROTLI_MODE_TEXT,
        [C.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    });
  }
  if (encoding === 'gzip') return gzip(body, { level: 6 });
  return Promise.resolve(body);
}

/** The encoding a response gets: identity when the body is small or not text. */
export function encodingFor(acceptEncoding, type, size) {
  return size >= MIN_COMPRESS_BYTES && isCompressible(type) ? preferredEncoding(acceptEncoding) : 'identity';
}

/** Adds Accept-Encoding to a Vary header value. */
export function varyWithEncoding(vary) {
  const parts = vary
    ? String(vary)
        .split(/\s*,\s*/)
        .filter(Boolean)
    : [];
  if (!parts.some((p) => p.toLowerCase() === 'accept-encoding')) parts.push('Accept-Encoding');
  return parts.join(', ');
}
