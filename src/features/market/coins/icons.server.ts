import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';

const iconDir = (() => {
  try {
    return path.join(
      path.dirname(createRequire(import.meta.url).resolve('cryptocurrency-icons/package.json')),
      'svg',
      'color',
    );
  } catch {
    return null;
  }
})();

const escapeXml = (s: string) => s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A round badge with the symbol's first letters, for coins the icon set does not cover. */
export function letterIcon(symbol: string, color: string | null): string {
  const fill = color && /^#[0-9a-f]{3,8}$/i.test(color) ? color : '#8a94a6';
  const letters = escapeXml(
    symbol
      .replace(/[^A-Za-z0-9]/g, '')
      .slice(0, 3)
      .toUpperCase() || '?',
  );
  const size = letters.length > 2 ? 10 : 13;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><circle cx="16" cy="16" r="16" fill="${fill}"/><text x="16" y="16" dy="0.35em" text-anchor="middle" font-family="system-ui,sans-serif" font-weight="700" font-size="${size}" fill="#fff">${letters}</text></svg>`;
}

/** The SVG for a coin: the CC0 cryptocurrency-icons file when there is one, else a letter badge. */
export async function coinIconSvg(symbol: string, color: string | null, hasIcon: boolean): Promise<string> {
  const file = symbol.toLowerCase().replace(/[^a-z0-9$]/g, '');
  if (hasIcon && iconDir && file) {
    try {
      return await fs.readFile(path.join(iconDir, `${file}.svg`), 'utf8');
    } catch {
      /* fall through to the letter badge */
    }
  }
  return letterIcon(symbol, color);
}

/** Coin ids that name an icon file (the static server accepts exactly these). */
const ICON_ID = /^[a-z0-9]+(?:[-_.][a-z0-9]+)*$/;

/** Where the coin icons are kept as files, served by src/server/http/node/static.mjs. */
function iconFilesDir(dataDir: string): string {
  return path.join(dataDir, 'icons', 'coins');
}

/**
 * Keeps a coin's icon as a static file, so later requests are served from disk (and memory)
 * with long caching instead of asking the database. Written atomically; failures only cost
 * the next request another render.
 */
export async function saveIconFile(dataDir: string, id: string, svg: string): Promise<void> {
  if (!ICON_ID.test(id) || id.length > 100) return;
  const dir = iconFilesDir(dataDir);
  const file = path.join(dir, `${id}.svg`);
  const tmp = `${file}.${process.pid}.tmp`;
  try {
    await fs.mkdir(dir, { recursive: true });
    await fs.writeFile(tmp, svg);
    await fs.rename(tmp, file);
  } catch {
    await fs.rm(tmp, { force: true }).catch(() => {});
  }
}

/** Drops the icon files (after a seed or an import changed the coins). */
export async function clearIconFiles(dataDir: string): Promise<void> {
  await fs.rm(iconFilesDir(dataDir), { recursive: true, force: true });
}
