/**
 * The coin universe: the CC0 cryptocurrency-icons manifest (real names, symbols, colours,
 * icons) plus the hand-written extras, with unique URL-slug ids and static facts
 * (platform, tags) attached.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import manifest from 'cryptocurrency-icons/manifest.json' with { type: 'json' };
import { EXTRA_COINS, type ExtraCoin } from './data/coins-extra.ts';
import { TOP_COINS, type TopCoin } from './data/coins-top.ts';
import {
  KNOWN_TAGS,
  NAME_OVERRIDES,
  NATIVE_SYMBOLS,
  NOT_COINS,
  NOTABLE_SYMBOLS,
  POW_SYMBOLS,
  PRIVACY_SYMBOLS,
  STABLE_SYMBOLS,
  TOKEN_PLATFORMS,
} from './data/taxonomy.ts';
import { rngFor } from './random.ts';

interface ManifestItem {
  symbol: string;
  name: string;
  color: string;
}

const require = createRequire(import.meta.url);

const MANIFEST: readonly ManifestItem[] = manifest;

/** Lower-cased symbols that have a colour SVG; null when the package folder cannot be read. */
function iconFiles(): Set<string> | null {
  try {
    const dir = path.join(path.dirname(require.resolve('cryptocurrency-icons/package.json')), 'svg', 'color');
    return new Set(
      fs
        .readdirSync(dir)
        .filter((f) => f.endsWith('.svg'))
        .map((f) => f.slice(0, -4)),
    );
  } catch {
    return null;
  }
}

export interface CoinBase {
  id: string;
  symbol: string;
  name: string;
  color: string;
  hasIcon: boolean;
  platform: string | null;
  tags: string[];
  stable: boolean;
  /** Position in the hand-written top list, if any. */
  top: TopCoin | null;
  extra: ExtraCoin | null;
  /** Well known: ranks right below the top list. */
  notable: boolean;
  /** Made up by the SEED_COINS scale option (scale.ts), ranked below every real coin. */
  generated?: boolean;
}

export const slugify = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');

const TOKEN_TAGS: [string, number][] = [
  ['defi', 30],
  ['gaming', 12],
  ['ai', 10],
  ['meme', 8],
  ['storage', 5],
  ['oracle', 4],
  ['rwa', 4],
  ['layer-2', 3],
  ['exchange-token', 3],
  ['privacy', 2],
];

export function defaultTags(symbol: string, native: boolean): string[] {
  const rng = rngFor(`tags:${symbol}`);
  if (STABLE_SYMBOLS.has(symbol)) return ['stablecoin'];
  if (native) {
    const tags = ['layer-1'];
    if (POW_SYMBOLS.has(symbol)) tags.push('mineable', 'pow');
    else tags.push('pos');
    if (PRIVACY_SYMBOLS.has(symbol)) tags.push('privacy');
    else if (rng.chance(0.3)) tags.push('smart-contracts');
    return tags;
  }
  const tags = [rng.weighted(TOKEN_TAGS, ([, w]) => w)[0]];
  if (rng.chance(0.35)) {
    const second = rng.weighted(TOKEN_TAGS, ([, w]) => w)[0];
    if (!tags.includes(second)) tags.push(second);
  }
  return tags;
}

/** Builds the universe in a fixed order: manifest order, then the extras. */
export function buildUniverse(): CoinBase[] {
  const icons = iconFiles();
  const topBySymbol = new Map(TOP_COINS.map((t) => [t.symbol, t]));
  const seen = new Set<string>();
  const usedIds = new Set<string>();
  const out: CoinBase[] = [];
  const add = (symbol: string, name: string, color: string, hasIcon: boolean, extra: ExtraCoin | null) => {
    const key = `${symbol}\u0000${name}`;
    if (seen.has(key)) return;
    seen.add(key);
    let id = slugify(name) || slugify(symbol);
    if (usedIds.has(id)) id = `${id}-${slugify(symbol)}`;
    for (let n = 2; usedIds.has(id); n++) id = `${slugify(name)}-${slugify(symbol)}-${n}`;
    usedIds.add(id);
    const top = topBySymbol.get(symbol) ?? null;
    if (top) topBySymbol.delete(symbol);
    let platform: string | null;
    if (top) platform = top.platform ?? null;
    else if (extra) platform = extra.platform;
    else if (NATIVE_SYMBOLS.has(symbol)) platform = null;
    else platform = rngFor(`platform:${symbol}`).weighted(TOKEN_PLATFORMS, ([, w]) => w)[0];
    const tags = top?.tags ?? extra?.tags ?? KNOWN_TAGS[symbol] ?? defaultTags(symbol, platform === null);
    out.push({
      id,
      symbol,
      name,
      color,
      hasIcon,
      platform,
      tags: [...tags],
      stable: top?.stable ?? (STABLE_SYMBOLS.has(symbol) || tags.includes('stablecoin')),
      top,
      extra,
      notable: extra !== null || NOTABLE_SYMBOLS.has(symbol),
    });
  };
  const manifestSymbols = new Set<string>();
  for (const item of MANIFEST) {
    if (NOT_COINS.has(item.symbol)) continue;
    manifestSymbols.add(item.symbol);
    const hasIcon = icons ? icons.has(item.symbol.toLowerCase()) : true;
    add(item.symbol, NAME_OVERRIDES[item.symbol] ?? item.name, item.color, hasIcon, null);
  }
  for (const extra of EXTRA_COINS) {
    if (manifestSymbols.has(extra.symbol)) continue;
    add(extra.symbol, extra.name, extra.color, false, extra);
  }
  const missing = [...topBySymbol.keys()];
  if (missing.length) throw new Error(`seed: top coins missing from the universe: ${missing.join(', ')}`);
  return out;
}
