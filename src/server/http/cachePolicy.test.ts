import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CACHE } from './cachePolicy.mjs';

const SRC = path.resolve(import.meta.dirname, '../..');

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sources(full);
    return /\.(ts|astro|mjs)$/.test(e.name) && !/\.test\.ts$/.test(e.name) ? [full] : [];
  });
}

/** A Cache-Control value written out: `'public, s-maxage=…'`, `'no-store'` after a Cache-Control key. */
const LITERAL =
  /['"`](?:public|private)\s*,\s*(?:no-|s-maxage|max-age)[^'"`]*['"`]|[Cc]ache-[Cc]ontrol['"]?\s*[,:]\s*['"`][a-z]/;

describe('cache policies', () => {
  it('are named in one module: no page or route writes its own Cache-Control value', () => {
    const own = path.join(SRC, 'server/http/cachePolicy.mjs');
    const offenders = sources(SRC)
      .filter((f) => f !== own)
      .flatMap((f) =>
        fs
          .readFileSync(f, 'utf8')
          .split('\n')
          .flatMap((line, i) => (LITERAL.test(line) ? [`${path.relative(SRC, f)}:${i + 1}: ${line.trim()}`] : [])),
      );
    expect(offenders).toEqual([]);
  });

  it('the check sees a value written out, and lets a named one pass', () => {
    expect(
      LITERAL.test("Astro.response.headers.set('Cache-Control', 'public, s-maxage=30, stale-while-revalidate=120');"),
    ).toBe(true);
    expect(LITERAL.test("const headers = { 'Cache-Control': 'no-store' };")).toBe(true);
    expect(LITERAL.test("c.header('cache-control', 'public, max-age=300')")).toBe(true);
    expect(LITERAL.test("Astro.response.headers.set('Cache-Control', page ? CACHE.lists : CACHE.none);")).toBe(false);
  });

  it('keep shared caches out of what is personal, and every value distinct', () => {
    expect(CACHE.none).toBe('no-store');
    for (const v of [CACHE.personal, CACHE.personalFeed]) expect(v).toMatch(/^private\b/);
    const values = Object.values(CACHE);
    expect(new Set(values).size).toBe(values.length);
  });
});
