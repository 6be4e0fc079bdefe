/**
 * Well-known coins the cryptocurrency-icons manifest lacks (it stops around 2021). They get
 * a letter badge instead of an icon. Prices are rough demo anchors, not quotes.
 * Entries whose symbol the manifest already has are skipped by the universe builder.
 */

export interface ExtraCoin {
  symbol: string;
  name: string;
  color: string;
  /** Chain for tokens, null for native coins. */
  platform: string | null;
  /** Year of first listing. */
  listedYear: number;
  tags: string[];
  /** Approximate USD price. */
  price: number;
}

type Row = [symbol: string, name: string, color: string, platform: string | null, year: number, tags: string, price: number];

const ROWS: Row[] = [
  ['TON', 'Toncoin', '#0098ea', null, 2021, 'pos smart-contracts layer-1', 3],
  ['SUI', 'Sui', '#4da2ff', null, 2023, 'pos smart-contracts layer-1', 3.2],
  ['APT', 'Aptos', '#06f7f7', null, 2022, 'pos smart-contracts layer-1', 5.5],
  ['ARB', 'Arbitrum', '#28a0f0', 'Arbitrum', 2023, 'layer-2', 0.45],
  ['OP', 'Optimism', '#ff0420', 'Optimism', 2022, 'layer-2', 0.75],
  ['PEPE', 'Pepe', '#4c9641', 'Ethereum', 2023, 'meme', 0.0000105],
  ['SHIB', 'Shiba Inu', '#ffa409', 'Ethereum', 2020, 'meme', 0.000013],
  ['NEAR', 'NEAR Protocol', '#00c08b', null, 2020, 'pos smart-contracts layer-1 ai', 3],
  ['INJ', 'Injective', '#0082fa', null, 2020, 'defi layer-1', 14],
  ['SEI', 'Sei', '#9e1f19', null, 2023, 'pos smart-contracts layer-1', 0.22],
  ['TIA', 'Celestia', '#7b2bf9', null, 2023, 'pos layer-1', 2.1],
  ['RNDR', 'Render', '#cf1011', 'Ethereum', 2020, 'ai', 4.2],
  ['HBAR', 'Hedera', '#222222', null, 2019, 'pos smart-contracts layer-1', 0.21],
  ['KAS', 'Kaspa', '#70c7ba', null, 2022, 'mineable pow layer-1', 0.09],
  ['IMX', 'Immutable', '#17b5cb', 'Ethereum', 2021, 'gaming layer-2', 0.7],
  ['MNT', 'Mantle', '#65b3ae', 'Ethereum', 2023, 'layer-2', 0.95],
  ['TAO', 'Bittensor', '#2a2a2a', null, 2023, 'ai layer-1', 420],
  ['JUP', 'Jupiter', '#22c55e', 'Solana', 2024, 'defi', 0.55],
  ['WLD', 'Worldcoin', '#191919', 'Optimism', 2023, 'ai', 1.3],
  ['PYTH', 'Pyth Network', '#e6dafe', 'Solana', 2023, 'oracle defi', 0.16],
  ['STRK', 'Starknet', '#ec796b', 'Ethereum', 2024, 'layer-2', 0.16],
  ['ONDO', 'Ondo', '#1a1a2e', 'Ethereum', 2024, 'rwa defi', 1],
  ['ENA', 'Ethena', '#111111', 'Ethereum', 2024, 'defi', 0.55],
  ['USDE', 'Ethena USDe', '#3d3d3d', 'Ethereum', 2024, 'stablecoin defi', 1],
  ['BONK', 'Bonk', '#f8a01c', 'Solana', 2023, 'meme', 0.000021],
  ['WIF', 'dogwifhat', '#c49a6c', 'Solana', 2023, 'meme', 0.85],
  ['FLOKI', 'FLOKI', '#f0a12f', 'Ethereum', 2021, 'meme', 0.00011],
  ['FET', 'Artificial Superintelligence Alliance', '#1d2b4f', 'Ethereum', 2019, 'ai', 0.65],
  ['LDO', 'Lido DAO', '#f69988', 'Ethereum', 2021, 'defi', 1.1],
  ['FLOW', 'Flow', '#00ef8b', null, 2021, 'pos smart-contracts layer-1 gaming', 0.5],
  ['EGLD', 'MultiversX', '#23f7dd', null, 2020, 'pos smart-contracts layer-1', 22],
  ['AXS', 'Axie Infinity', '#0055d5', 'Ethereum', 2020, 'gaming', 3.1],
  ['GALA', 'Gala', '#0d0d0d', 'Ethereum', 2020, 'gaming', 0.018],
  ['CAKE', 'PancakeSwap', '#d1884f', 'BNB Chain', 2020, 'defi', 2.4],
  ['JTO', 'Jito', '#9bd6a7', 'Solana', 2023, 'defi', 2.2],
  ['AR', 'Arweave', '#222326', null, 2018, 'storage layer-1', 9],
  ['HNT', 'Helium', '#474dff', 'Solana', 2020, 'storage', 3.5],
  ['POL', 'Polygon Ecosystem Token', '#6c00f6', 'Ethereum', 2023, 'layer-2 pos', 0.25],
  ['HYPE', 'Hyperliquid', '#97fce4', null, 2024, 'defi layer-1 exchange-token', 38],
  ['BGB', 'Bitget Token', '#00cbd4', 'Ethereum', 2021, 'exchange-token', 4.8],
  ['OKB', 'OKB', '#2b2b2b', 'Ethereum', 2019, 'exchange-token', 170],
  ['CRO', 'Cronos', '#103f68', null, 2018, 'exchange-token layer-1', 0.13],
  ['XDC', 'XDC Network', '#244b81', null, 2018, 'layer-1 rwa', 0.07],
  ['FDUSD', 'First Digital USD', '#00b373', 'Ethereum', 2023, 'stablecoin', 1],
  ['PYUSD', 'PayPal USD', '#0070e0', 'Ethereum', 2023, 'stablecoin', 1],
  ['RUNE', 'THORChain', '#33ff99', null, 2019, 'defi layer-1', 1.6],
  ['KAVA', 'Kava', '#ff433e', null, 2019, 'defi layer-1', 0.4],
  ['MINA', 'Mina', '#e39844', null, 2021, 'pos layer-1 privacy', 0.45],
  ['ROSE', 'Oasis', '#0092f6', null, 2020, 'pos layer-1 privacy', 0.06],
  ['JASMY', 'JasmyCoin', '#f7931a', 'Ethereum', 2021, 'storage', 0.016],
  ['ENS', 'Ethereum Name Service', '#5298ff', 'Ethereum', 2021, 'defi', 22],
  ['DYDX', 'dYdX', '#6966ff', null, 2021, 'defi', 0.7],
  ['GMX', 'GMX', '#2d42fc', 'Arbitrum', 2021, 'defi', 18],
  ['PENDLE', 'Pendle', '#1be3c2', 'Ethereum', 2021, 'defi', 4.5],
  ['RON', 'Ronin', '#1273ea', null, 2021, 'gaming layer-1', 0.9],
  ['AKT', 'Akash Network', '#ff414c', null, 2020, 'ai storage', 2.1],
  ['W', 'Wormhole', '#3d3d3d', 'Solana', 2024, 'defi', 0.12],
  ['ZRO', 'LayerZero', '#1d1d1d', 'Ethereum', 2024, 'defi', 2.4],
  ['ETHFI', 'ether.fi', '#5b3dc4', 'Ethereum', 2024, 'defi', 1.2],
  ['BLUR', 'Blur', '#ff8700', 'Ethereum', 2023, 'gaming', 0.15],
  ['ORDI', 'ORDI', '#1f1f1f', 'Bitcoin', 2023, 'meme', 11],
  ['SATS', 'SATS (Ordinals)', '#f7931a', 'Bitcoin', 2023, 'meme', 0.00000016],
  ['NOT', 'Notcoin', '#fee10c', 'TON', 2024, 'gaming meme', 0.0028],
  ['BRETT', 'Brett', '#00a3ff', 'Base', 2024, 'meme', 0.07],
  ['POPCAT', 'Popcat', '#ff7d9a', 'Solana', 2023, 'meme', 0.35],
  ['TURBO', 'Turbo', '#9460f8', 'Ethereum', 2023, 'meme ai', 0.0045],
  ['BOME', 'BOOK OF MEME', '#2e9f5c', 'Solana', 2024, 'meme', 0.0021],
  ['MEW', 'cat in a dogs world', '#cea670', 'Solana', 2024, 'meme', 0.0032],
  ['NEIRO', 'Neiro', '#e89e37', 'Ethereum', 2024, 'meme', 0.00048],
  ['BABYDOGE', 'Baby Doge Coin', '#f4b731', 'BNB Chain', 2021, 'meme', 0.0000000014],
  ['CORE', 'Core', '#ff9211', null, 2023, 'pos layer-1', 0.7],
  ['S', 'Sonic', '#1a3a8c', null, 2024, 'pos smart-contracts layer-1', 0.45],
  ['CFX', 'Conflux', '#1f1f1f', null, 2020, 'pow layer-1', 0.11],
  ['OCEAN', 'Ocean Protocol', '#141414', 'Ethereum', 2019, 'ai', 0.4],
  ['CKB', 'Nervos Network', '#3cc68a', null, 2019, 'mineable pow layer-1', 0.006],
  ['XEC', 'eCash', '#0074c2', null, 2021, 'mineable pow layer-1', 0.000025],
  ['CELO', 'Celo', '#fcff52', null, 2020, 'layer-2 pos', 0.5],
  ['ZK', 'ZKsync', '#1e69ff', 'Ethereum', 2024, 'layer-2', 0.09],
  ['ASTR', 'Astar', '#0ae2ff', null, 2022, 'smart-contracts layer-1', 0.04],
  ['OSMO', 'Osmosis', '#750bbb', null, 2022, 'defi layer-1', 0.3],
  ['TRB', 'Tellor', '#20f092', 'Ethereum', 2019, 'oracle', 45],
  ['API3', 'API3', '#1d1d1d', 'Ethereum', 2020, 'oracle', 1.1],
  ['FXS', 'Frax Share', '#2b2b2b', 'Ethereum', 2020, 'defi', 2.6],
  ['CVX', 'Convex Finance', '#3a3a3a', 'Ethereum', 2021, 'defi', 3.2],
  ['WOO', 'WOO', '#20252f', 'Ethereum', 2020, 'exchange-token defi', 0.11],
  ['GT', 'GateToken', '#2354e6', null, 2019, 'exchange-token', 19],
  ['TWT', 'Trust Wallet Token', '#3375bb', 'BNB Chain', 2020, 'defi', 0.9],
  ['SSV', 'ssv.network', '#1ba5f8', 'Ethereum', 2021, 'defi', 9],
  ['RPL', 'Rocket Pool', '#ff7436', 'Ethereum', 2018, 'defi', 6],
  ['DYM', 'Dymension', '#ead8c4', null, 2024, 'layer-1', 0.3],
  ['MANTA', 'Manta Network', '#0091ff', null, 2024, 'layer-2', 0.3],
  ['LUNC', 'Terra Classic', '#ffd83d', null, 2019, 'pos layer-1', 0.00006],
  ['LUNA', 'Terra', '#172852', null, 2022, 'pos layer-1', 0.2],
  ['VIRTUAL', 'Virtuals Protocol', '#3bd3df', 'Base', 2024, 'ai', 1.4],
  ['AERO', 'Aerodrome Finance', '#0433ff', 'Base', 2023, 'defi', 0.9],
  ['JOE', 'JOE', '#f2716a', 'Avalanche', 2021, 'defi', 0.2],
  ['VELO', 'Velodrome Finance', '#ff1100', 'Optimism', 2022, 'defi', 0.06],
  ['ORCA', 'Orca', '#ffd15c', 'Solana', 2021, 'defi', 2.5],
  ['EIGEN', 'EigenLayer', '#1a0c6d', 'Ethereum', 2024, 'defi', 1.5],
  ['GRASS', 'Grass', '#c5ff4a', 'Solana', 2024, 'ai', 1.8],
];

export const EXTRA_COINS: ExtraCoin[] = ROWS.map(([symbol, name, color, platform, listedYear, tags, price]) => ({
  symbol,
  name,
  color,
  platform,
  listedYear,
  tags: tags.split(' '),
  price,
}));
