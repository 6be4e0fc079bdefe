/**
 * The ~50 biggest coins by market cap, in order, with approximate prices and supplies for a
 * plausible late-2026 market. Demo figures, not quotes: the seeder adds noise and simulated
 * histories. Symbols refer to the coin universe (icon manifest + coins-extra.ts).
 */

export interface TopCoin {
  symbol: string;
  /** Approximate price in USD. */
  price: number;
  circulating: number;
  /** Defaults to the circulating supply. */
  total?: number;
  max?: number;
  /** Date the coin was first listed (YYYY-MM-DD). */
  listedOn: string;
  issuePrice?: number;
  /** The chain a token lives on; absent for native coins. */
  platform?: string;
  tags: string[];
  /** Daily volatility as a fraction. */
  volatility: number;
  /** A USD stablecoin: price pinned near 1. */
  stable?: boolean;
  /** A wrapped coin that tracks another coin's price. */
  pegTo?: string;
}

const L1 = ['layer-1'];
const POS_L1 = ['pos', 'smart-contracts', 'layer-1'];
const POW = ['mineable', 'pow', 'layer-1'];

export const TOP_COINS: TopCoin[] = [
  { symbol: 'BTC', price: 95_000, circulating: 19_950_000, max: 21_000_000, listedOn: '2013-04-28', tags: POW, volatility: 0.03 },
  { symbol: 'ETH', price: 3_400, circulating: 120_700_000, listedOn: '2015-08-07', issuePrice: 0.311, tags: ['pos', 'smart-contracts', 'layer-1'], volatility: 0.04 },
  { symbol: 'USDT', price: 1, circulating: 150_000_000_000, total: 152_300_000_000, listedOn: '2015-02-25', platform: 'Ethereum', tags: ['stablecoin'], volatility: 0.001, stable: true },
  { symbol: 'XRP', price: 2.3, circulating: 60_500_000_000, total: 99_986_000_000, max: 100_000_000_000, listedOn: '2013-08-04', tags: L1, volatility: 0.055 },
  { symbol: 'BNB', price: 900, circulating: 139_200_000, max: 200_000_000, listedOn: '2017-07-25', issuePrice: 0.15, tags: ['exchange-token', ...POS_L1], volatility: 0.035 },
  { symbol: 'SOL', price: 180, circulating: 545_000_000, total: 612_000_000, listedOn: '2020-04-10', issuePrice: 0.22, tags: POS_L1, volatility: 0.055 },
  { symbol: 'USDC', price: 1, circulating: 76_000_000_000, listedOn: '2018-10-08', platform: 'Ethereum', tags: ['stablecoin'], volatility: 0.001, stable: true },
  { symbol: 'DOGE', price: 0.22, circulating: 150_500_000_000, listedOn: '2013-12-15', tags: [...POW, 'meme'], volatility: 0.07 },
  { symbol: 'TRX', price: 0.3, circulating: 94_600_000_000, listedOn: '2017-09-13', issuePrice: 0.0019, tags: POS_L1, volatility: 0.035 },
  { symbol: 'ADA', price: 0.75, circulating: 36_200_000_000, total: 45_000_000_000, max: 45_000_000_000, listedOn: '2017-10-01', issuePrice: 0.0024, tags: POS_L1, volatility: 0.06 },
  { symbol: 'HYPE', price: 38, circulating: 336_000_000, total: 999_800_000, max: 1_000_000_000, listedOn: '2024-11-29', tags: ['defi', 'layer-1', 'exchange-token'], volatility: 0.08 },
  { symbol: 'LINK', price: 18, circulating: 680_000_000, total: 1_000_000_000, max: 1_000_000_000, listedOn: '2017-09-20', issuePrice: 0.11, platform: 'Ethereum', tags: ['oracle', 'defi'], volatility: 0.06 },
  { symbol: 'USDE', price: 1, circulating: 12_500_000_000, listedOn: '2024-02-19', platform: 'Ethereum', tags: ['stablecoin', 'defi'], volatility: 0.001, stable: true },
  { symbol: 'BCH', price: 520, circulating: 19_930_000, max: 21_000_000, listedOn: '2017-07-23', tags: POW, volatility: 0.05 },
  { symbol: 'XLM', price: 0.35, circulating: 31_500_000_000, total: 50_000_000_000, max: 50_000_000_000, listedOn: '2014-08-05', tags: L1, volatility: 0.055 },
  { symbol: 'SUI', price: 3.2, circulating: 3_600_000_000, total: 10_000_000_000, max: 10_000_000_000, listedOn: '2023-05-03', issuePrice: 0.1, tags: POS_L1, volatility: 0.08 },
  { symbol: 'AVAX', price: 24, circulating: 425_000_000, total: 458_000_000, max: 720_000_000, listedOn: '2020-09-22', issuePrice: 0.5, tags: POS_L1, volatility: 0.065 },
  { symbol: 'LEO', price: 9.2, circulating: 923_000_000, total: 985_000_000, listedOn: '2019-05-21', issuePrice: 1, platform: 'Ethereum', tags: ['exchange-token'], volatility: 0.04 },
  { symbol: 'HBAR', price: 0.21, circulating: 42_500_000_000, total: 50_000_000_000, max: 50_000_000_000, listedOn: '2019-09-17', issuePrice: 0.12, tags: POS_L1, volatility: 0.065 },
  { symbol: 'LTC', price: 100, circulating: 76_500_000, max: 84_000_000, listedOn: '2013-04-28', tags: POW, volatility: 0.05 },
  { symbol: 'TON', price: 3, circulating: 2_550_000_000, total: 5_140_000_000, listedOn: '2021-08-26', tags: POS_L1, volatility: 0.05 },
  { symbol: 'SHIB', price: 0.000013, circulating: 589_200_000_000_000, total: 589_500_000_000_000, listedOn: '2020-08-01', platform: 'Ethereum', tags: ['meme'], volatility: 0.07 },
  { symbol: 'DOT', price: 4.2, circulating: 1_620_000_000, listedOn: '2020-08-19', issuePrice: 2.9, tags: ['pos', 'layer-1'], volatility: 0.06 },
  { symbol: 'XMR', price: 330, circulating: 18_450_000, listedOn: '2014-05-21', tags: [...POW, 'privacy'], volatility: 0.045 },
  { symbol: 'DAI', price: 1, circulating: 5_300_000_000, listedOn: '2019-11-22', platform: 'Ethereum', tags: ['stablecoin', 'defi'], volatility: 0.001, stable: true },
  { symbol: 'WBTC', price: 94_930, circulating: 128_500, listedOn: '2019-01-30', platform: 'Ethereum', tags: ['defi'], volatility: 0.03, pegTo: 'BTC' },
  { symbol: 'BGB', price: 4.8, circulating: 700_000_000, total: 920_000_000, listedOn: '2021-07-29', issuePrice: 0.0196, platform: 'Ethereum', tags: ['exchange-token'], volatility: 0.05 },
  { symbol: 'UNI', price: 9, circulating: 630_000_000, total: 1_000_000_000, max: 1_000_000_000, listedOn: '2020-09-17', platform: 'Ethereum', tags: ['defi'], volatility: 0.065 },
  { symbol: 'PEPE', price: 0.0000105, circulating: 420_690_000_000_000, max: 420_690_000_000_000, listedOn: '2023-04-17', platform: 'Ethereum', tags: ['meme'], volatility: 0.1 },
  { symbol: 'AAVE', price: 280, circulating: 15_200_000, total: 16_000_000, max: 16_000_000, listedOn: '2020-10-02', platform: 'Ethereum', tags: ['defi'], volatility: 0.065 },
  { symbol: 'NEAR', price: 3, circulating: 1_260_000_000, total: 1_280_000_000, listedOn: '2020-08-11', issuePrice: 0.4, tags: [...POS_L1, 'ai'], volatility: 0.07 },
  { symbol: 'APT', price: 5.5, circulating: 700_000_000, total: 1_200_000_000, listedOn: '2022-10-12', tags: POS_L1, volatility: 0.07 },
  { symbol: 'ICP', price: 6.5, circulating: 537_000_000, total: 540_000_000, listedOn: '2021-03-23', tags: ['smart-contracts', 'layer-1', 'ai'], volatility: 0.065 },
  { symbol: 'OKB', price: 170, circulating: 21_000_000, max: 21_000_000, listedOn: '2019-04-30', platform: 'Ethereum', tags: ['exchange-token'], volatility: 0.04 },
  { symbol: 'ETC', price: 20, circulating: 153_500_000, max: 210_700_000, listedOn: '2016-07-24', tags: [...POW, 'smart-contracts'], volatility: 0.055 },
  { symbol: 'ONDO', price: 1, circulating: 3_160_000_000, total: 10_000_000_000, max: 10_000_000_000, listedOn: '2024-01-18', issuePrice: 0.055, platform: 'Ethereum', tags: ['rwa', 'defi'], volatility: 0.08 },
  { symbol: 'CRO', price: 0.13, circulating: 31_000_000_000, total: 100_000_000_000, max: 100_000_000_000, listedOn: '2018-12-14', tags: ['exchange-token', 'layer-1'], volatility: 0.06 },
  { symbol: 'POL', price: 0.25, circulating: 10_500_000_000, listedOn: '2023-10-25', platform: 'Ethereum', tags: ['layer-2', 'pos'], volatility: 0.065 },
  { symbol: 'TAO', price: 420, circulating: 9_600_000, max: 21_000_000, listedOn: '2023-03-06', tags: ['ai', 'layer-1'], volatility: 0.085 },
  { symbol: 'ATOM', price: 4.8, circulating: 470_000_000, listedOn: '2019-03-14', issuePrice: 0.1, tags: ['pos', 'layer-1'], volatility: 0.06 },
  { symbol: 'ENA', price: 0.55, circulating: 6_800_000_000, total: 15_000_000_000, max: 15_000_000_000, listedOn: '2024-04-02', platform: 'Ethereum', tags: ['defi'], volatility: 0.09 },
  { symbol: 'KAS', price: 0.09, circulating: 26_800_000_000, max: 28_700_000_000, listedOn: '2022-05-26', tags: POW, volatility: 0.07 },
  { symbol: 'ALGO', price: 0.25, circulating: 8_750_000_000, max: 10_000_000_000, listedOn: '2019-06-20', issuePrice: 2.4, tags: POS_L1, volatility: 0.06 },
  { symbol: 'ARB', price: 0.45, circulating: 5_200_000_000, total: 10_000_000_000, max: 10_000_000_000, listedOn: '2023-03-23', platform: 'Arbitrum', tags: ['layer-2'], volatility: 0.075 },
  { symbol: 'FIL', price: 2.8, circulating: 700_000_000, total: 1_960_000_000, max: 1_960_000_000, listedOn: '2017-12-13', issuePrice: 5, tags: ['storage'], volatility: 0.065 },
  { symbol: 'VET', price: 0.025, circulating: 86_000_000_000, total: 86_700_000_000, max: 86_700_000_000, listedOn: '2017-08-22', tags: POS_L1, volatility: 0.06 },
  { symbol: 'RNDR', price: 4.2, circulating: 518_000_000, total: 533_000_000, max: 644_000_000, listedOn: '2020-06-11', platform: 'Ethereum', tags: ['ai'], volatility: 0.08 },
  { symbol: 'WLD', price: 1.3, circulating: 1_950_000_000, total: 10_000_000_000, max: 10_000_000_000, listedOn: '2023-07-24', platform: 'Optimism', tags: ['ai'], volatility: 0.09 },
  { symbol: 'OP', price: 0.75, circulating: 1_750_000_000, total: 4_290_000_000, max: 4_290_000_000, listedOn: '2022-05-31', platform: 'Optimism', tags: ['layer-2'], volatility: 0.075 },
  { symbol: 'JUP', price: 0.55, circulating: 3_100_000_000, total: 7_000_000_000, max: 10_000_000_000, listedOn: '2024-01-31', platform: 'Solana', tags: ['defi'], volatility: 0.085 },
];
