// Builds the site when dist/ is missing or older than any source file, so `npm start` and the
// e2e tests always run what is in the tree.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const SOURCES = ['src', 'locales', 'public', 'astro.config.mjs', 'package.json', 'tsconfig.json'];

function newestMtime(target) {
  let stat;
  try {
    stat = fs.statSync(target);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target)) {
    if (entry.endsWith('.test.ts')) continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

export function buildIsStale() {
  const entry = path.join(root, 'dist/server/entry.mjs');
  if (!fs.existsSync(entry)) return true;
  const built = fs.statSync(entry).mtimeMs;
  return SOURCES.some((s) => newestMtime(path.join(root, s)) > built);
}

export function ensureBuild() {
  if (!buildIsStale()) return;
  console.log('Building Coinlens (the build is missing or older than the sources)…');
  const astro = path.join(root, 'node_modules/astro/astro.js');
  const result = spawnSync(process.execPath, [astro, 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('The build failed; see the output above.');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  try {
    ensureBuild();
  } catch (e) {
    console.error(e.message);
    process.exit(1);
  }
}
