import { createHash } from 'node:crypto';
import { CACHE } from './cachePolicy.mjs';

/** Feeds and sitemaps change with new content: cache briefly, serve stale while refreshing. */
const XML_CACHE_CONTROL = CACHE.feed;

/**
 * A cacheable text response (feeds, sitemaps, robots.txt) with a strong ETag and, when known,
 * Last-Modified; answers 304 when the client already holds this body.
 */
export function cachedText(request: Request, body: string, contentType: string, lastModified?: Date): Response {
  const etag = `"${createHash('sha1').update(body).digest('base64url').slice(0, 27)}"`;
  const headers = new Headers({ 'Content-Type': contentType, 'Cache-Control': XML_CACHE_CONTROL, ETag: etag });
  if (lastModified) headers.set('Last-Modified', lastModified.toUTCString());
  const match = request.headers.get('if-none-match');
  if (match?.split(',').some((t) => t.trim().replace(/^W\//, '') === etag)) {
    return new Response(null, { status: 304, headers });
  }
  return new Response(body, { status: 200, headers });
}

/** A plain-text 404 for machine URLs (feeds, sitemaps) that name nothing. */
export function textNotFound(message: string): Response {
  return new Response(`${message}\n`, {
    status: 404,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': CACHE.none },
  });
}
