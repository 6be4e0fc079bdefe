/**
 * Every package in package.json earns its place: the code imports it, a package.json script or a
 * test runs its command, or it types one that is imported. A package left behind fails here.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');
const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
  scripts: Record<string, string>;
};
/** Needed by another tool rather than by our code: TypeScript by `astro check`. */
const PEERS: Record<string, string> = { typescript: '@astrojs/check' };

const files = execFileSync('git', ['ls-files', '-co', '--exclude-standard'], { cwd: ROOT, encoding: 'utf8' })
  .split('\n')
  .filter((f) => /\.(ts|tsx|mjs|js|astro)$/.test(f) || f === '.ci/run')
  .filter((f) => fs.existsSync(path.join(ROOT, f)));
const code = files.map((f) => fs.readFileSync(path.join(ROOT, f), 'utf8')).join('\n');
const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
const imported = (name: string) => new RegExp(`['"\`]${escapeRe(name)}(/[^'"\`]*)?['"\`]`).test(code);
const commands = (name: string): string[] => {
  const manifest = path.join(ROOT, 'node_modules', name, 'package.json');
  if (!fs.existsSync(manifest)) return [];
  const bin = JSON.parse(fs.readFileSync(manifest, 'utf8')).bin as string | Record<string, string> | undefined;
  return typeof bin === 'string' ? [name.split('/').pop()!] : Object.keys(bin ?? {});
};
const run = (name: string) =>
  commands(name).some(
    (command) =>
      Object.values(pkg.scripts).some((s) => new RegExp(`(^|[\\s&|;])${escapeRe(command)}\\b`).test(s)) ||
      code.includes(`node_modules/${name}/`),
  );

describe('package.json', () => {
  it('holds only packages something imports or runs', () => {
    const all = Object.keys({ ...pkg.dependencies, ...pkg.devDependencies });
    const unused = all.filter((name) => {
      if (imported(name) || run(name)) return false;
      if (PEERS[name]) return !all.includes(PEERS[name]!);
      const typed = /^@types\/(.+)$/.exec(name)?.[1];
      if (typed) return !(typed === 'node' || imported(typed.includes('__') ? `@${typed.replace('__', '/')}` : typed));
      return true;
    });
    expect(unused).toEqual([]);
  });
});
