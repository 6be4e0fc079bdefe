import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(import.meta.dirname);

function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    return e.isDirectory() ? filesUnder(full) : /\.(tsx?|astro|mjs|js)$/.test(e.name) ? [full] : [];
  });
}

/** Every relative import of a file, resolved to an absolute path. */
function importsOf(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  const specs = [...text.matchAll(/(?:import|export)[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g)].map(
    (m) => m[1] ?? m[2] ?? '',
  );
  return specs.filter((s) => s.startsWith('.')).map((s) => path.resolve(path.dirname(file), s));
}

describe('dependency rule (DESIGN §2)', () => {
  it.each(['islands', 'stores'])('nothing under src/%s imports from src/server', (folder) => {
    const offenders = filesUnder(path.join(SRC, folder)).flatMap((file) =>
      importsOf(file)
        .filter((target) => target.startsWith(path.join(SRC, 'server')))
        .map((target) => `${path.relative(SRC, file)} → ${path.relative(SRC, target)}`),
    );
    expect(offenders).toEqual([]);
  });

  it('src/lib imports nothing outside src/lib', () => {
    const lib = path.join(SRC, 'lib');
    const offenders = filesUnder(lib).flatMap((file) =>
      importsOf(file)
        .filter((target) => !target.startsWith(lib))
        .map((target) => `${path.relative(SRC, file)} → ${path.relative(SRC, target)}`),
    );
    expect(offenders).toEqual([]);
  });

  it('the checker sees a violation when there is one', () => {
    const file = path.join(SRC, 'islands', '__probe__.ts');
    fs.writeFileSync(file, "import { config } from '../server/config.ts';\n");
    try {
      expect(importsOf(file).some((t) => t.startsWith(path.join(SRC, 'server')))).toBe(true);
    } finally {
      fs.rmSync(file);
    }
  });
});
