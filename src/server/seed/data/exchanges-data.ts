/**
 * The 120 demo exchanges (95 centralised, 25 decentralised), real names in rough order of
 * trading volume. Countries and founding dates are approximate; all figures the seeder
 * attaches to them (fees, volumes, visits, ratings) are simulated.
 *
 * Flags: f futures · l leverage · $ fiat deposits · m mining incentive · x no spot market ·
 * e EUR markets · u USD markets (on a USDT-first exchange).
 * Quote profiles: g USDT-first · us USD-first · eu EUR-first · kr KRW · jp JPY.
 */

type QuoteProfile = 'g' | 'us' | 'eu' | 'kr' | 'jp';

export interface ExchangeSeed {
  displayName: string;
  type: 'CEX' | 'DEX';
  country: string | null;
  foundedOn: string;
  flags: string;
  profile: QuoteProfile;
  /** DEX: the chain whose tokens it trades ("*" for any). */
  chain: string | null;
  color: string | null;
}

type CexRow = [name: string, country: string, founded: string, flags: string, profile: QuoteProfile, color?: string];
type DexRow = [name: string, founded: string, chain: string, flags: string, color?: string];

const CEX: CexRow[] = [
  ['Binance', 'Cayman Islands', '2017-07-14', 'fl$e', 'g', '#f0b90b'],
  ['Bybit', 'United Arab Emirates', '2018-03-01', 'fl$', 'g', '#f7a600'],
  ['OKX', 'Seychelles', '2017-01-01', 'fl$', 'g', '#121212'],
  ['Coinbase Exchange', 'United States', '2012-06-20', '$e', 'us', '#0052ff'],
  ['Upbit', 'South Korea', '2017-10-24', '$', 'kr', '#093687'],
  ['Bitget', 'Seychelles', '2018-07-01', 'fl', 'g', '#00cbd4'],
  ['Gate.io', 'Cayman Islands', '2013-04-01', 'flm', 'g', '#2354e6'],
  ['KuCoin', 'Seychelles', '2017-09-15', 'fl', 'g', '#23af91'],
  ['HTX', 'Seychelles', '2013-09-01', 'fl', 'g', '#1d63ff'],
  ['MEXC', 'Seychelles', '2018-04-01', 'fl', 'g', '#1972e2'],
  ['Kraken', 'United States', '2011-07-28', 'fl$e', 'us', '#5741d9'],
  ['Crypto.com Exchange', 'Singapore', '2019-11-14', 'fl$u', 'g', '#103f68'],
  ['Bithumb', 'South Korea', '2014-01-01', '$', 'kr', '#f37321'],
  ['Bitfinex', 'British Virgin Islands', '2012-12-01', 'l$e', 'us', '#16b157'],
  ['BingX', 'Singapore', '2018-01-01', 'fl', 'g', '#2a54ff'],
  ['Bitstamp', 'Luxembourg', '2011-08-01', '$e', 'us', '#00a94f'],
  ['Gemini', 'United States', '2014-10-25', 'f$', 'us', '#00dcfa'],
  ['BitMart', 'Cayman Islands', '2017-03-15', 'fm', 'g'],
  ['LBank', 'British Virgin Islands', '2015-06-01', 'fm', 'g'],
  ['WhiteBIT', 'Lithuania', '2018-01-01', 'fl$e', 'g'],
  ['XT.com', 'Seychelles', '2018-11-01', 'fm', 'g'],
  ['Deribit', 'United Arab Emirates', '2016-06-01', 'fl', 'g', '#14b8a6'],
  ['BitMEX', 'Seychelles', '2014-11-01', 'fl', 'g', '#e84142'],
  ['Bitvavo', 'Netherlands', '2018-03-01', '$', 'eu', '#0051ff'],
  ['Coinone', 'South Korea', '2014-08-01', '$', 'kr'],
  ['Korbit', 'South Korea', '2013-07-01', '$', 'kr'],
  ['bitFlyer', 'Japan', '2014-01-09', 'l$', 'jp', '#2a8ed3'],
  ['Coincheck', 'Japan', '2012-08-01', '$', 'jp'],
  ['Phemex', 'Singapore', '2019-11-01', 'fl', 'g'],
  ['CoinEx', 'Hong Kong', '2017-12-01', 'fl', 'g'],
  ['Poloniex', 'Seychelles', '2014-01-01', 'fl', 'g'],
  ['Binance.US', 'United States', '2019-09-18', '$', 'us', '#f3ba2f'],
  ['Bitpanda', 'Austria', '2014-10-01', '$', 'eu'],
  ['BTCTurk', 'Turkey', '2013-06-01', '$', 'g'],
  ['Bitso', 'Mexico', '2014-04-01', '$u', 'g'],
  ['Mercado Bitcoin', 'Brazil', '2013-07-01', '$', 'g'],
  ['Indodax', 'Indonesia', '2014-02-01', '$', 'g'],
  ['Bitkub', 'Thailand', '2018-02-01', '$', 'g'],
  ['Toobit', 'Cayman Islands', '2022-03-01', 'fl', 'g'],
  ['AscendEX', 'Singapore', '2018-07-01', 'flm', 'g'],
  ['ProBit Global', 'Seychelles', '2018-04-01', 'm', 'g'],
  ['Hotcoin', 'Seychelles', '2017-08-01', 'fm', 'g'],
  ['DigiFinex', 'Seychelles', '2017-11-01', 'f', 'g'],
  ['Bitrue', 'Singapore', '2018-07-01', 'fm', 'g'],
  ['Pionex', 'Singapore', '2019-06-01', 'f', 'g'],
  ['WOO X', 'Seychelles', '2019-11-01', 'fl', 'g'],
  ['BTSE', 'United Arab Emirates', '2018-08-01', 'fl$', 'g'],
  ['bitbank', 'Japan', '2014-05-01', '$', 'jp'],
  ['GMO Coin', 'Japan', '2016-10-01', 'l$', 'jp'],
  ['Zaif', 'Japan', '2014-03-01', '$', 'jp'],
  ['WazirX', 'India', '2018-03-08', '', 'g'],
  ['CoinDCX', 'India', '2018-04-01', 'f', 'g'],
  ['Luno', 'United Kingdom', '2013-11-01', '$', 'g'],
  ['VALR', 'South Africa', '2018-06-01', 'f$', 'g'],
  ['Independent Reserve', 'Australia', '2013-11-01', '$', 'us'],
  ['BTC Markets', 'Australia', '2013-06-01', '$', 'us'],
  ['Paribu', 'Turkey', '2017-03-01', '$', 'g'],
  ['Bullish', 'Gibraltar', '2021-11-01', '$', 'us'],
  ['HashKey Exchange', 'Hong Kong', '2022-11-01', '$', 'us'],
  ['OSL', 'Hong Kong', '2018-09-01', '$', 'us'],
  ['LATOKEN', 'Cayman Islands', '2017-05-01', 'm', 'g'],
  ['BitoPro', 'Taiwan', '2018-01-01', '$', 'g'],
  ['MAX Exchange', 'Taiwan', '2018-01-01', '$', 'g'],
  ['Blockchain.com Exchange', 'United Kingdom', '2020-01-01', '$e', 'us'],
  ['CEX.IO', 'United Kingdom', '2013-12-01', 'l$e', 'us'],
  ['EXMO', 'United Kingdom', '2014-09-01', '$e', 'g'],
  ['Zonda', 'Estonia', '2014-01-01', '$', 'eu'],
  ['Bit2Me', 'Spain', '2014-01-01', '$', 'eu'],
  ['Young Platform', 'Italy', '2018-09-01', '$', 'eu'],
  ['Coinmate', 'Czech Republic', '2014-01-01', '$', 'eu'],
  ['Uphold', 'United States', '2014-10-01', '$e', 'us'],
  ['LMAX Digital', 'United Kingdom', '2018-08-01', '$', 'us'],
  ['Bitunix', 'Seychelles', '2021-11-01', 'fl', 'g'],
  ['BloFin', 'Cayman Islands', '2019-06-01', 'fl', 'g'],
  ['Deepcoin', 'Singapore', '2018-01-01', 'fl', 'g'],
  ['CoinW', 'Seychelles', '2017-07-01', 'flm', 'g'],
  ['WEEX', 'Seychelles', '2018-05-01', 'fl', 'g'],
  ['BigONE', 'Seychelles', '2017-10-01', 'm', 'g'],
  ['P2B', 'Lithuania', '2018-05-01', 'm', 'g'],
  ['Coinstore', 'Singapore', '2021-01-01', 'fm', 'g'],
  ['Tapbit', 'Seychelles', '2021-05-01', 'fl', 'g'],
  ['HitBTC', 'Hong Kong', '2013-12-01', 'm', 'g'],
  ['ZebPay', 'India', '2014-03-01', '$', 'g'],
  ['NovaDAX', 'Brazil', '2018-11-01', '$', 'g'],
  ['Foxbit', 'Brazil', '2014-08-01', '$', 'g'],
  ['Ripio', 'Argentina', '2013-12-01', '$', 'g'],
  ['CoinSpot', 'Australia', '2013-12-01', '$', 'us'],
  ['Swyftx', 'Australia', '2017-11-01', '$', 'us'],
  ['CoinJar', 'Australia', '2013-05-01', '$', 'us'],
  ['BitOasis', 'United Arab Emirates', '2015-01-01', '$', 'g'],
  ['Tokocrypto', 'Indonesia', '2018-03-01', '$', 'g'],
  ['GOPAX', 'South Korea', '2017-12-01', '$', 'kr'],
  ['BITPoint', 'Japan', '2016-03-01', '$', 'jp'],
  ['SBI VC Trade', 'Japan', '2017-06-01', '$', 'jp'],
  ['Delta Exchange', 'Saint Vincent and the Grenadines', '2018-04-01', 'flx', 'g'],
];

const DEX: DexRow[] = [
  ['Uniswap v3', '2021-05-05', 'Ethereum', 'm', '#ff007a'],
  ['PancakeSwap v3', '2023-04-03', 'BNB Chain', 'm', '#d1884f'],
  ['Hyperliquid', '2023-02-01', '*', 'fl', '#97fce4'],
  ['Raydium', '2021-02-21', 'Solana', 'm', '#c200fb'],
  ['Uniswap v2', '2020-05-18', 'Ethereum', 'm', '#ff007a'],
  ['Orca', '2021-02-15', 'Solana', 'm', '#ffd15c'],
  ['Aerodrome', '2023-08-28', 'Base', 'm', '#0433ff'],
  ['Curve', '2020-01-20', 'Ethereum', 'm', '#3465a4'],
  ['dYdX', '2019-04-01', '*', 'flx', '#6966ff'],
  ['Meteora', '2023-11-01', 'Solana', 'm'],
  ['Jupiter', '2021-10-01', 'Solana', 'fl', '#22c55e'],
  ['SushiSwap', '2020-08-28', 'Ethereum', 'm', '#fa52a0'],
  ['Balancer', '2020-03-30', 'Ethereum', 'm'],
  ['GMX', '2021-09-01', '*', 'flx', '#2d42fc'],
  ['Camelot', '2022-11-01', 'Arbitrum', 'm'],
  ['Velodrome', '2022-06-01', 'Optimism', 'm'],
  ['Trader Joe', '2021-06-01', 'Avalanche', 'm', '#f2716a'],
  ['QuickSwap', '2020-10-08', 'Polygon', 'm'],
  ['Thena', '2023-01-05', 'BNB Chain', 'm'],
  ['1inch', '2019-08-01', 'Ethereum', ''],
  ['KyberSwap', '2018-03-01', 'Ethereum', 'm'],
  ['Osmosis', '2021-06-19', 'Cosmos', 'm', '#750bbb'],
  ['Maverick', '2023-03-01', 'Ethereum', 'm'],
  ['DODO', '2020-08-01', 'Ethereum', 'm'],
  ['Bancor', '2017-06-12', 'Ethereum', ''],
];

export const EXCHANGE_SEEDS: ExchangeSeed[] = [
  ...CEX.map(([displayName, country, foundedOn, flags, profile, color]): ExchangeSeed => ({
    displayName,
    type: 'CEX',
    country,
    foundedOn,
    flags,
    profile,
    chain: null,
    color: color ?? null,
  })),
  ...DEX.map(([displayName, foundedOn, chain, flags, color]): ExchangeSeed => ({
    displayName,
    type: 'DEX',
    country: null,
    foundedOn,
    flags,
    profile: 'g',
    chain,
    color: color ?? null,
  })),
];

/**
 * Dated futures each derivatives venue lists besides perpetuals, and for how many of the
 * top coins. Together they make every contract type appear many times.
 */
export const DATED_CONTRACTS: Record<string, { types: string[]; top: number }> = {
  binance: { types: ['QUARTERLY', 'BIQUARTERLY', 'UPSWEEKLY', 'DOWNSWEEKLY'], top: 25 },
  okx: { types: ['WEEKLY', 'BIWEEKLY', 'QUARTERLY', 'BIQUARTERLY'], top: 20 },
  bybit: { types: ['WEEKLY', 'MONTHLY', 'QUARTERLY', 'BIQUARTERLY'], top: 15 },
  htx: { types: ['WEEKLY', 'BIWEEKLY', 'QUARTERLY', 'BIQUARTERLY'], top: 15 },
  deribit: { types: ['WEEKLY', 'MONTHLY', 'QUARTERLY', 'BIQUARTERLY'], top: 12 },
  bitmex: { types: ['MONTHLY', 'QUARTERLY', 'BIQUARTERLY'], top: 12 },
  'gate-io': { types: ['WEEKLY', 'MONTHLY', 'QUARTERLY', 'UPSWEEKLY', 'DOWNSWEEKLY'], top: 15 },
  bitget: { types: ['QUARTERLY', 'UPSWEEKLY', 'DOWNSWEEKLY'], top: 15 },
  mexc: { types: ['UPSWEEKLY', 'DOWNSWEEKLY', 'MONTHLY'], top: 15 },
  kraken: { types: ['MONTHLY', 'QUARTERLY'], top: 10 },
  phemex: { types: ['WEEKLY', 'BIWEEKLY'], top: 10 },
  kucoin: { types: ['QUARTERLY', 'BIWEEKLY'], top: 10 },
  'crypto-com-exchange': { types: ['MONTHLY', 'BIWEEKLY'], top: 8 },
};

/** Venues whose futures are quoted in USD rather than USDT. */
export const USD_FUTURES = new Set(['bitmex', 'deribit', 'kraken', 'dydx', 'hyperliquid', 'gmx', 'gemini', 'coinbase-international-exchange', 'delta-exchange']);
