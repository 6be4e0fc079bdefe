/**
 * Every source file fits on a screen or two (issue 23): at most 400 lines, outside the pages
 * (Astro's router, one view each), the tests and the seeder's data and texts.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');
const MAX_LINES = 400;
const EXEMPT = [/^src\/pages\//, /\.test\.tsx?$/, /^src\/server\/seed\/data\//, /^src\/server\/db\/migrations\//];

function sources(dir: string): string[] {
  return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = `${dir}/${e.name}`;
    if (e.isDirectory()) return sources(rel);
    return /\.(tsx?|astro|mjs|css)$/.test(e.name) && !EXEMPT.some((re) => re.test(rel)) ? [rel] : [];
  });
}

it(`keeps every source file at ${MAX_LINES} lines or fewer`, () => {
  const files = [...sources('src'), ...sources('scripts')];
  expect(files.length).toBeGreaterThan(300);
  const long = files
    .map((f) => [f, fs.readFileSync(path.join(ROOT, f), 'utf8').trimEnd().split('\n').length] as const)
    .filter(([, lines]) => lines > MAX_LINES)
    .map(([f, lines]) => `${f}: ${lines}`);
  expect(long).toEqual([]);
});
