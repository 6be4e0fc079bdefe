// A micro-cache for rendered public pages: under load, one render per page variant every
// couple of seconds instead of one per request (prices on the page are refreshed live by the
// browser anyway). A variant is the URL plus everything the middleware renders differently
// for: the locale, currency and theme cookies, x-locale and whether the visitor is on a phone.
// Only anonymous GETs answered 200 with HTML and no Set-Cookie are stored.

const VARY_COOKIES = ['locale', 'currency', 'theme'];
const MAX_ENTRIES = 2000;

function cookie(header, name) {
  const m = new RegExp(`(?:^|;\\s*)${name}=([^;]*)`).exec(header ?? '');
  return m ? m[1] : '';
}

/** The cache key of a request, or null when the request must not be served from the cache. */
export function variantKey(req) {
  if (req.method !== 'GET' || req.headers.authorization) return null;
  const url = req.url ?? '/';
  if (url.startsWith('/api/') || url.startsWith('/_astro/')) return null;
  const ua = (req.headers['user-agent'] ?? '').toLowerCase();
  const mobile = ua.includes('iphone') || ua.includes('android') ? 'm' : 'd';
  const cookies = VARY_COOKIES.map((n) => cookie(req.headers.cookie, n)).join('|');
  return `${url}\n${cookies}\n${req.headers['x-locale'] ?? ''}\n${mobile}`;
}

export function createPageCache(ttlMs) {
  const entries = new Map();

  /** Serves a fresh hit and returns true, or returns false and arranges to store the response. */
  function handle(req, res) {
    if (ttlMs <= 0) return false;
    const key = variantKey(req);
    if (key === null) return false;
    const hit = entries.get(key);
    if (hit && Date.now() - hit.at < ttlMs) {
      res.writeHead(200, { ...hit.headers, 'x-page-cache': 'hit' });
      res.end(hit.body);
      return true;
    }
    capture(res, (headers, body) => {
      if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value);
      entries.set(key, { at: Date.now(), headers, body });
    });
    return false;
  }

  return { handle, clear: () => entries.clear() };
}

/** Collects what the renderer writes and hands it to `store` when it is cacheable. */
function capture(res, store) {
  const chunks = [];
  const write = res.write;
  const end = res.end;
  res.write = function (chunk, ...rest) {
    if (chunk) chunks.push(Buffer.from(chunk));
    return write.call(this, chunk, ...rest);
  };
  res.end = function (chunk, ...rest) {
    if (chunk && typeof chunk !== 'function') chunks.push(Buffer.from(chunk));
    const type = String(res.getHeader('content-type') ?? '');
    const control = String(res.getHeader('cache-control') ?? '');
    if (res.statusCode === 200 && type.startsWith('text/html') && !res.getHeader('set-cookie') && !/no-store|private/.test(control)) {
      const headers = {};
      for (const [name, value] of Object.entries(res.getHeaders())) {
        // Compression is applied per response on the way out; store the identity body.
        if (!['content-encoding', 'content-length', 'transfer-encoding', 'vary'].includes(name)) headers[name] = value;
      }
      store(headers, Buffer.concat(chunks));
    }
    return end.call(this, chunk, ...rest);
  };
}
