/**
 * The script-src sources for the inline scripts Astro writes into pages (the island element and
 * the client directives): their SHA-256 hashes, computed from the sources at build time by the
 * `coinlens-csp-hashes` integration in astro.config.mjs and read once from
 * dist/server/csp-hashes.json. With them, script-src needs no 'unsafe-inline'.
 */
import fs from 'node:fs';
import path from 'node:path';

let cached: readonly string[] | null | undefined;

/**
 * The hash sources (`'sha256-…'`), or null under `astro dev`, whose Vite client injects inline
 * scripts of its own (the policy then allows inline scripts). A production server without the
 * file (a build from before it existed) allows none: inline scripts fail loudly in the console
 * rather than the policy silently opening up.
 */
export function inlineScriptSources(): readonly string[] | null {
  if (cached !== undefined) return cached;
  const file = path.join(process.env.COINLENS_ROOT ?? process.cwd(), 'dist', 'server', 'csp-hashes.json');
  try {
    const parsed = JSON.parse(fs.readFileSync(file, 'utf8')) as { scriptSrc?: unknown };
    cached = Array.isArray(parsed.scriptSrc)
      ? parsed.scriptSrc.filter((s): s is string => typeof s === 'string' && /^'sha256-[A-Za-z0-9+/=]+'$/.test(s))
      : [];
  } catch {
    if (import.meta.env?.DEV) cached = null;
    else {
      console.warn(`[csp] ${file} is missing: rebuild (npm run build); inline scripts are blocked until then.`);
      cached = [];
    }
  }
  return cached;
}
