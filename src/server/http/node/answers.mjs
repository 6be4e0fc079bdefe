// What the Node server around Astro (./server.mjs) does to single requests and answers: the
// stand-in for requests Astro cannot take, the captured response a render is written into, the
// whole-body send, Node's own refusals with the security headers, forged proxy headers, the path a
// log may keep, and the guard on event streams.
import { STATUS_CODES } from 'node:http';
import { EventEmitter } from 'node:events';
import { compress, encodingFor, varyWithEncoding } from './compress.mjs';

/**
 * Requests Astro cannot take as sent go to the app on a stand-in, with the original noted in
 * these headers, so its edge rule (src/server/http/edge.ts) answers them like any other refused
 * request: localised 404/400/405 pages or API envelopes with the security headers, not a bare
 * "Not found" or a 500. Clients cannot set them (removed on arrival).
 */
export const RAW_URL = 'x-coinlens-raw-url';
export const RAW_METHOD = 'x-coinlens-raw-method';
/** Methods the fetch Request that Astro builds refuses to carry. */
export const UNCARRIED_METHODS = new Set(['CONNECT', 'TRACE', 'TRACK']);

/** Puts a request Astro cannot take on the stand-in path, keeping the original for the app. */
export function standIn(req, { method = false } = {}) {
  if (method) {
    req.headers[RAW_METHOD] = req.method;
    req.method = 'GET';
  } else {
    req.headers[RAW_URL] = req.url ?? '/';
    req.url = '/';
  }
}

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
export class CapturedResponse extends EventEmitter {
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
export async function sendBody(req, res, status, headers, body, encoded) {
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
