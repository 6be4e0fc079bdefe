/**
 * Every feature folder says what it holds in a README that fits on a screen (issue 23), and the
 * README stays true: every file it names exists, and every source file of the folder is named
 * (tests and the two faces excepted), so a file added or moved without its line fails here.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const FEATURES = path.resolve(import.meta.dirname);
const ROOT = path.resolve(FEATURES, '../..');
const GROUPS = ['market', 'content', 'reader'];
/** A name that starts at one of src's folders is read from src (`server/db/userLock.ts`). */
const SRC_FOLDERS = /^(server|lib|stores|islands|components|pages|layouts|features|styles)\//;

/** features/<group>/<area> in the three groups, features/<area> otherwise. */
function featureFolders(): string[] {
  const dirs = (at: string) =>
    fs
      .readdirSync(at, { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => path.join(at, e.name));
  return dirs(FEATURES).flatMap((d) => (GROUPS.includes(path.basename(d)) ? dirs(d) : [d]));
}

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    return e.isDirectory() ? filesUnder(full) : [full];
  });
}

/** Names in backticks that look like files or folders of ours: `client/votes.ts`, `tabs/*.astro`, `locales/votes/`. */
function namedFiles(readme: string): string[] {
  return [...readme.matchAll(/`([\w./*[\]-]+)`/g)]
    .map((m) => m[1]!)
    .filter((n) => /\.(tsx?|astro|css|mjs)$/.test(n) || /^(src|locales|tests)\//.test(n) || SRC_FOLDERS.test(n));
}

/** A name as the README writes it, relative to the feature, or to the repository when it starts at a top folder. */
function pattern(feature: string, name: string): RegExp {
  const full = /^(src|locales|tests|docs)\//.test(name)
    ? path.join(ROOT, name)
    : SRC_FOLDERS.test(name)
      ? path.join(ROOT, 'src', name)
      : path.join(feature, name);
  const escaped = full.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*');
  return new RegExp(`^${escaped}${name.endsWith('/') ? '' : '$'}`);
}

const exists = (re: RegExp, all: string[]) => all.some((f) => re.test(f));

describe('feature folders', () => {
  const folders = featureFolders();
  const repoFiles = ['src', 'locales', 'tests'].flatMap((top) => filesUnder(path.join(ROOT, top)));

  it('are the ones the map knows (a group holds areas, not files)', () => {
    expect(folders.length).toBeGreaterThan(20);
    for (const group of GROUPS) {
      const loose = fs.readdirSync(path.join(FEATURES, group)).filter((n) => !n.endsWith('.test.ts'));
      expect(loose.every((n) => fs.statSync(path.join(FEATURES, group, n)).isDirectory())).toBe(true);
    }
  });

  it.each(folders.map((f) => [path.relative(FEATURES, f), f]))('%s has a README of at most 30 lines', (_, folder) => {
    const file = path.join(folder, 'README.md');
    expect(fs.existsSync(file)).toBe(true);
    expect(fs.readFileSync(file, 'utf8').trimEnd().split('\n').length).toBeLessThanOrEqual(30);
  });

  it.each(folders.map((f) => [path.relative(FEATURES, f), f]))(
    '%s README names its files, and only files that exist',
    (_, folder) => {
      const readme = fs.readFileSync(path.join(folder, 'README.md'), 'utf8');
      const patterns = namedFiles(readme).map((n) => [n, pattern(folder, n)] as const);
      expect(patterns.filter(([, re]) => !exists(re, repoFiles)).map(([n]) => n)).toEqual([]);
      const own = filesUnder(folder).filter(
        (f) =>
          /\.(tsx?|astro|css)$/.test(f) &&
          !/\.test\.tsx?$/.test(f) &&
          !/(^|\/)(client\/)?index\.ts$/.test(path.relative(folder, f)),
      );
      const unnamed = own.filter(
        (f) => !patterns.some(([, re]) => re.test(f)) && !readme.includes(`\`${path.basename(f)}\``),
      );
      expect(unnamed.map((f) => path.relative(folder, f))).toEqual([]);
    },
  );
});
