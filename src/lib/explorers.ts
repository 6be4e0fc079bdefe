/**
 * Block explorers whose URL scheme is known, recognised from a coin's explorer link, and the
 * offer the search makes for a recognised address or hash: only explorers some coin links to,
 * only on the query's networks, only with a URL built from the explorer's documented paths.
 */
import type { ChainQuery, Network } from './chainQuery.ts';

interface KnownExplorer {
  id: string;
  name: string;
  network: Network;
  /** A coin's explorer link that starts with this (after https:// and www.) is this explorer. */
  prefix: string;
  address: (a: string) => string;
  tx: (h: string) => string;
}

const E = (id: string, name: string, network: Network, prefix: string, address: string, tx: string): KnownExplorer => ({
  id,
  name,
  network,
  prefix,
  address: (a) => `https://${prefix}${address}${encodeURIComponent(a)}`,
  tx: (h) => `https://${prefix}${tx}${encodeURIComponent(h)}`,
});

/** Etherscan-style explorers all use /address/{a} and /tx/{h}. */
const scan = (id: string, name: string, network: Network, host: string) =>
  E(id, name, network, host, '/address/', '/tx/');

export const KNOWN_EXPLORERS: readonly KnownExplorer[] = [
  E('mempool', 'mempool.space', 'bitcoin', 'mempool.space', '/address/', '/tx/'),
  E('blockstream', 'Blockstream Explorer', 'bitcoin', 'blockstream.info', '/address/', '/tx/'),
  E('blockchair-bitcoin', 'Blockchair', 'bitcoin', 'blockchair.com/bitcoin', '/address/', '/transaction/'),
  E('litecoinspace', 'Litecoin Space', 'litecoin', 'litecoinspace.org', '/address/', '/tx/'),
  E('blockchair-litecoin', 'Blockchair', 'litecoin', 'blockchair.com/litecoin', '/address/', '/transaction/'),
  E('blockchair-dogecoin', 'Blockchair', 'dogecoin', 'blockchair.com/dogecoin', '/address/', '/transaction/'),
  scan('etherscan', 'Etherscan', 'ethereum', 'etherscan.io'),
  scan('bscscan', 'BscScan', 'bnb-chain', 'bscscan.com'),
  scan('polygonscan', 'PolygonScan', 'polygon', 'polygonscan.com'),
  scan('arbiscan', 'Arbiscan', 'arbitrum', 'arbiscan.io'),
  scan('optimism-etherscan', 'Optimism Etherscan', 'optimism', 'optimistic.etherscan.io'),
  scan('basescan', 'BaseScan', 'base', 'basescan.org'),
  scan('snowtrace', 'Snowtrace', 'avalanche', 'snowtrace.io'),
  E('tronscan', 'TRONSCAN', 'tron', 'tronscan.org', '/#/address/', '/#/transaction/'),
  E('solscan', 'Solscan', 'solana', 'solscan.io', '/account/', '/tx/'),
  E('solana-explorer', 'Solana Explorer', 'solana', 'explorer.solana.com', '/address/', '/tx/'),
];

/**
 * The known explorer a link points to, or null (an unknown host, or another path on a host
 * that serves several chains).
 * @example explorerOfUrl('https://etherscan.io/token/0xdac1…')?.id // 'etherscan'
 */
export function explorerOfUrl(url: string): KnownExplorer | null {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return null;
  }
  if (u.protocol !== 'https:' && u.protocol !== 'http:') return null;
  const at = `${u.hostname.replace(/^www\./, '')}${u.pathname}`.toLowerCase();
  return KNOWN_EXPLORERS.find((e) => at === e.prefix || at.startsWith(`${e.prefix}/`)) ?? null;
}

/** A coin that links to an explorer, as the catalog lists it. */
export interface ExplorerCoin {
  id: string;
  symbol: string;
  name: string;
}

/** Known explorers with the coins that link to them, the coin with the best rank first. */
export type ExplorerCatalog = { explorer: string; coins: ExplorerCoin[] }[];

/** One explorer offered for a query. */
export interface ExplorerLink {
  explorer: string;
  name: string;
  network: Network;
  href: string;
  /** The coins that list this explorer; the first names the row. */
  coins: ExplorerCoin[];
}

/**
 * The links to offer for a recognised query: the catalog's explorers on the query's networks,
 * in the order of the networks (Ethereum before the other EVM chains), then the catalog's.
 * @example explorerOffer(recogniseChainQuery('0x…')!, catalog) // [{ name: 'Etherscan', href: 'https://etherscan.io/address/0x…', … }]
 */
export function explorerOffer(query: ChainQuery, catalog: ExplorerCatalog): ExplorerLink[] {
  const links: ExplorerLink[] = [];
  for (const network of query.networks) {
    for (const entry of catalog) {
      const known = KNOWN_EXPLORERS.find((e) => e.id === entry.explorer);
      if (!known || known.network !== network || !entry.coins.length) continue;
      links.push({
        explorer: known.id,
        name: known.name,
        network,
        href: known[query.kind](query.value),
        coins: entry.coins,
      });
    }
  }
  return links;
}

/**
 * What the query is, in the reader's language: "An address on Ethereum and EVM chains",
 * "A transaction hash on Bitcoin / Litecoin / Dogecoin / TRON".
 */
export function describeChainQuery(
  query: ChainQuery,
  t: (key: string, vars?: Record<string, string>) => string,
): string {
  if (query.format === 'evm') return t(`explorer.evm.${query.kind}`);
  const networks = query.networks.map((n) => t(`explorer.network.${n}`)).join(' / ');
  return t(`explorer.${query.kind}`, { networks });
}
