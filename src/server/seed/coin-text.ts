/** Generated descriptions and placeholder links for the demo coins. */
import { KNOWN_REPOSITORIES } from './data/repositories.ts';
import type { Rng } from './random.ts';

export type LinkKind = 'website' | 'whitepaper' | 'explorer' | 'repository' | 'community' | 'telegram';

/** "19.9 million", "589.2 trillion", "128,500". */
export function humanAmount(n: number): string {
  const units: [number, string][] = [
    [1e12, 'trillion'],
    [1e9, 'billion'],
    [1e6, 'million'],
  ];
  for (const [size, word] of units) {
    if (n >= size) return `${(n / size).toFixed(n / size >= 100 ? 0 : 1)} ${word}`;
  }
  return Math.round(n).toLocaleString('en-US');
}

const SECTOR_PHRASES: Record<string, string> = {
  defi: 'decentralised finance',
  'layer-1': 'base-layer blockchains',
  'layer-2': 'scaling networks',
  meme: 'community meme coins',
  stablecoin: 'stablecoins',
  ai: 'AI and compute',
  gaming: 'gaming and virtual worlds',
  'exchange-token': 'exchange tokens',
  privacy: 'privacy',
  storage: 'decentralised storage',
  oracle: 'oracles',
  rwa: 'tokenised real-world assets',
};

interface DescriptionInput {
  name: string;
  symbol: string;
  platform: string | null;
  tags: string[];
  circulating: number;
  max: number | null;
  listedOn: string;
  stable: boolean;
}

export function describe(c: DescriptionInput, rng: Rng): string {
  const kind = c.stable
    ? 'a stablecoin that aims to hold a value of one US dollar'
    : c.platform
      ? `a token issued on ${c.platform}`
      : c.tags.includes('pow')
        ? 'the native coin of a proof-of-work blockchain'
        : 'the native coin of its own blockchain';
  const sectors = c.tags.map((t) => SECTOR_PHRASES[t]).filter((s): s is string => !!s);
  const sector = sectors.length ? ` It is grouped with ${sectors.slice(0, 2).join(' and ')} projects.` : '';
  const supply = `About ${humanAmount(c.circulating)} ${c.symbol} are in circulation${
    c.max ? ` out of a maximum of ${humanAmount(c.max)}` : ', with no fixed maximum supply'
  }.`;
  const year = c.listedOn.slice(0, 4);
  const closing = rng.pick([
    `It has been traded since ${year}.`,
    `Trading in ${c.symbol} began in ${year}.`,
    `${c.symbol} was first listed in ${year}.`,
  ]);
  // No "demo" disclaimer in the text: the pages label demo rows themselves, and a coin the live
  // sources later price keeps its description.
  return `${c.name} (${c.symbol}) is ${kind}.${sector} ${supply} ${closing}`;
}

/**
 * The real block explorers of the chains whose addresses the search recognises (src/lib/explorers.ts
 * knows their URL schemes), so an address typed into the search is offered on them.
 */
const CHAIN_EXPLORERS: Record<string, string[]> = {
  bitcoin: ['https://mempool.space', 'https://blockchair.com/bitcoin'],
  litecoin: ['https://litecoinspace.org', 'https://blockchair.com/litecoin'],
  dogecoin: ['https://blockchair.com/dogecoin'],
  ethereum: ['https://etherscan.io'],
  bnb: ['https://bscscan.com'],
  'polygon-ecosystem-token': ['https://polygonscan.com'],
  arbitrum: ['https://arbiscan.io'],
  optimism: ['https://optimistic.etherscan.io'],
  avalanche: ['https://snowtrace.io'],
  tron: ['https://tronscan.org'],
  solana: ['https://solscan.io', 'https://explorer.solana.com'],
};

/** Placeholder links: .example domains except the GitHub organisation and the real explorers above. */
export function coinLinks(
  id: string,
  platform: string | null,
  full: boolean,
  rng: Rng,
): { kind: LinkKind; url: string }[] {
  const chain = platform ? platform.toLowerCase().replace(/[^a-z0-9]+/g, '-') : id;
  const explorers = CHAIN_EXPLORERS[id] ?? [
    platform ? `https://explorer.${chain}.example/token/${id}` : `https://explorer.${id}.example`,
  ];
  const links: { kind: LinkKind; url: string }[] = [
    { kind: 'website', url: `https://${id}.example` },
    ...explorers.map((url) => ({ kind: 'explorer' as const, url })),
  ];
  if (full || rng.chance(0.7)) links.push({ kind: 'whitepaper', url: `https://${id}.example/whitepaper.pdf` });
  if (full || rng.chance(0.6))
    links.push({ kind: 'repository', url: KNOWN_REPOSITORIES[id] ?? `https://github.com/${id}` });
  if (full || rng.chance(0.5)) links.push({ kind: 'community', url: `https://forum.${id}.example` });
  if (full || rng.chance(0.5)) links.push({ kind: 'telegram', url: `https://chat.example/${id}` });
  return links;
}
