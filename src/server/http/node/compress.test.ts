import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { compress, encodingFor, isCompressible, preferredEncoding, varyWithEncoding } from './compress.mjs';

describe('preferredEncoding', () => {
  it.each([
    [undefined, 'identity'],
    ['', 'identity'],
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['x-gzip', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['br;q=0.5, gzip;q=0.8', 'gzip'],
    ['br;q=0.8, gzip;q=0.8', 'br'],
    ['*', 'br'],
    ['deflate', 'identity'],
    ['gzip;q=0, br;q=0', 'identity'],
    ['identity', 'identity'],
  ])('%s → %s', (header, expected) => {
    expect(preferredEncoding(header)).toBe(expected);
  });
});

describe('compression', () => {
  it('compresses text of 1 KB or more, and nothing else', () => {
    expect(isCompressible('text/html; charset=utf-8')).toBe(true);
    expect(isCompressible('application/json')).toBe(true);
    expect(isCompressible('image/svg+xml')).toBe(true);
    expect(isCompressible('image/png')).toBe(false);
    expect(encodingFor('br', 'text/html', 1024)).toBe('br');
    expect(encodingFor('br', 'text/html', 1023)).toBe('identity');
    expect(encodingFor('br', 'image/png', 50_000)).toBe('identity');
  });

  it('round-trips brotli and gzip', async () => {
    const body = Buffer.from('<p>Bitcoin</p>'.repeat(500));
    expect(zlib.brotliDecompressSync(await compress(body, 'br')).equals(body)).toBe(true);
    expect(zlib.gunzipSync(await compress(body, 'gzip')).equals(body)).toBe(true);
    expect(await compress(body, 'identity')).toBe(body);
  });

  it('adds Accept-Encoding to Vary once', () => {
    expect(varyWithEncoding(undefined)).toBe('Accept-Encoding');
    expect(varyWithEncoding('Cookie, X-Locale')).toBe('Cookie, X-Locale, Accept-Encoding');
    expect(varyWithEncoding('Cookie, accept-encoding')).toBe('Cookie, accept-encoding');
  });
});
