/**
 * Demo ICO/IEO offerings: about 120 rows.
 *
 * - ~35 historical sales of real tokens (Ethereum's 2014 ICO, Binance Launchpad IEOs …) with
 *   approximate public figures, linked to the seeded coin of the same symbol when it exists.
 *   Their stored ROI is the seeded coin price over the sale price (the rankings rule), or an
 *   approximate multiple for tokens the demo universe lacks.
 * - ~85 invented projects spread over every phase relative to `now`: upcoming and coming-soon
 *   sales, IEOs warming up or raising right now, recently ended sales, traded tokens.
 *
 * Status is the phase at `now` (offeringStatusAt). Project texts (description, roadmap, team
 * roles) are English, as projects publish them; pages localise everything around them.
 * Demo users (demo_*, written by the market seeder just before) review some ended offerings.
 */
import { and, eq, inArray, like } from 'drizzle-orm';
import { comments, coins, offerings, users } from '../../db/schema/index.ts';
import { offeringStatusAt, roiMultiple, type OfferingKind } from '../../../features/content/offerings/index.ts';
import { DEMO_USERNAMES } from '../../db/provenance.ts';
import { REVIEW_DIMENSIONS } from '../../../features/reader/reviews/index.ts';
import type { Rng } from '../random.ts';
import { bulkInsert } from '../bulk.ts';
import { TOP_COINS } from '../data/coins-top.ts';
import type { ContentSeedContext, SeedExchange } from './context.ts';
import { slugify } from '../../../lib/slug.ts';

const DAY = 86_400_000;
type Row = typeof offerings.$inferInsert;

/** Exchange launchpads: the display name of the seeded exchange, the programme name and its coin. */
const LAUNCHPADS = [
  { exchange: 'Binance', platform: 'Binance Launchpad', accept: ['BNB'], weight: 5 },
  { exchange: 'OKX', platform: 'OKX Jumpstart', accept: ['OKB', 'USDT'], weight: 3 },
  { exchange: 'Bybit', platform: 'Bybit Launchpad', accept: ['USDT', 'MNT'], weight: 3 },
  { exchange: 'KuCoin', platform: 'KuCoin Spotlight', accept: ['USDT', 'KCS'], weight: 3 },
  { exchange: 'Gate.io', platform: 'Gate.io Startup', accept: ['USDT', 'GT'], weight: 3 },
  { exchange: 'Bitget', platform: 'Bitget Launchpad', accept: ['BGB', 'USDT'], weight: 2 },
  { exchange: 'MEXC', platform: 'MEXC Kickstarter', accept: ['MX'], weight: 2 },
  { exchange: 'HTX', platform: 'HTX Primelist', accept: ['HT', 'USDT'], weight: 2 },
  { exchange: 'BitMart', platform: 'BitMart Shooting Star', accept: ['BMX', 'USDT'], weight: 1 },
  { exchange: 'CoinEx', platform: 'CoinEx Dock', accept: ['CET', 'USDT'], weight: 1 },
] as const;

/** Chains an ICO token is issued on (the ICO "platform"). */
const CHAINS = [
  { platform: 'Ethereum (ERC-20)', accept: ['ETH', 'USDT', 'USDC'], weight: 5 },
  { platform: 'BNB Chain (BEP-20)', accept: ['BNB', 'USDT'], weight: 3 },
  { platform: 'Solana (SPL)', accept: ['SOL', 'USDC'], weight: 3 },
  { platform: 'Arbitrum', accept: ['ETH', 'USDC'], weight: 2 },
  { platform: 'Base', accept: ['ETH', 'USDC'], weight: 2 },
  { platform: 'Polygon', accept: ['POL', 'USDT'], weight: 1 },
  { platform: 'Avalanche C-Chain', accept: ['AVAX', 'USDC'], weight: 1 },
  { platform: 'TON', accept: ['TON', 'USDT'], weight: 1 },
  { platform: 'Own mainnet', accept: ['BTC', 'ETH', 'USDT'], weight: 1 },
] as const;

/** A historical sale of a real token. Figures are approximate public numbers; `roi` is used when the coin is not seeded. */
interface Historic {
  kind: OfferingKind;
  name: string;
  symbol: string;
  /** Alternative symbols of the traded coin (renamed tokens). */
  coinSymbols?: string[];
  platform: string;
  exchange?: string;
  start: string;
  end: string;
  price: number;
  accept: string;
  goal: number;
  supply: number;
  country: string;
  team: [string, string][];
  investors?: string[];
  partners?: string[];
  advisers?: string[];
  additionalIssue: boolean;
  roi: number;
  /** Mainnet launch date, where public (YYYY-MM-DD). */
  mainnet?: string;
  /** What the project is, after "<name> is". */
  about: string;
}

type Sector =
  | 'l1'
  | 'l2'
  | 'defi'
  | 'gaming'
  | 'ai'
  | 'storage'
  | 'payments'
  | 'oracle'
  | 'exchange'
  | 'social'
  | 'rwa'
  | 'depin'
  | 'identity';

const HISTORIC: Historic[] = [
  {
    kind: 'ICO',
    name: 'Ethereum',
    symbol: 'ETH',
    mainnet: '2015-07-30',
    platform: 'Own mainnet',
    start: '2014-07-22',
    end: '2014-09-02',
    price: 0.311,
    accept: 'BTC',
    goal: 18_400_000,
    supply: 72_000_000,
    country: 'Switzerland',
    team: [
      ['Vitalik Buterin', 'Co-founder'],
      ['Gavin Wood', 'Co-founder, CTO'],
      ['Joseph Lubin', 'Co-founder'],
      ['Jeffrey Wilcke', 'Co-founder'],
    ],
    partners: ['Ethereum Foundation'],
    additionalIssue: true,
    roi: 9_800,
    about:
      'the programmable blockchain that introduced general-purpose smart contracts; ether pays for computation and, since 2022, secures the network through staking',
  },
  {
    kind: 'ICO',
    name: 'Cardano',
    symbol: 'ADA',
    mainnet: '2017-09-29',
    platform: 'Own mainnet',
    start: '2015-09-01',
    end: '2017-01-01',
    price: 0.0024,
    accept: 'BTC',
    goal: 62_200_000,
    supply: 45_000_000_000,
    country: 'Japan',
    team: [
      ['Charles Hoskinson', 'Founder'],
      ['Jeremy Wood', 'Co-founder'],
    ],
    partners: ['IOHK', 'Emurgo', 'Cardano Foundation'],
    additionalIssue: false,
    roi: 250,
    about: 'a proof-of-stake blockchain built from peer-reviewed research, with the Ouroboros consensus protocol',
  },
  {
    kind: 'ICO',
    name: 'TRON',
    symbol: 'TRX',
    mainnet: '2018-05-31',
    platform: 'Ethereum (ERC-20)',
    start: '2017-08-31',
    end: '2017-09-02',
    price: 0.0019,
    accept: 'ETH',
    goal: 70_000_000,
    supply: 100_000_000_000,
    country: 'Singapore',
    team: [['Justin Sun', 'Founder']],
    additionalIssue: true,
    roi: 140,
    about: 'a high-throughput blockchain focused on content, entertainment and stablecoin transfers',
  },
  {
    kind: 'ICO',
    name: 'EOS',
    symbol: 'EOS',
    mainnet: '2018-06-14',
    platform: 'Ethereum (ERC-20)',
    start: '2017-06-26',
    end: '2018-06-01',
    price: 4.56,
    accept: 'ETH',
    goal: 4_100_000_000,
    supply: 1_000_000_000,
    country: 'Cayman Islands',
    team: [
      ['Brendan Blumer', 'CEO, Block.one'],
      ['Dan Larimer', 'CTO, Block.one'],
    ],
    partners: ['Block.one'],
    additionalIssue: true,
    roi: 0.15,
    about: 'a delegated proof-of-stake platform for decentralised applications without per-transaction fees',
  },
  {
    kind: 'ICO',
    name: 'NEO (AntShares)',
    symbol: 'NEO',
    platform: 'Own mainnet',
    start: '2016-08-08',
    end: '2016-09-07',
    price: 0.032,
    accept: 'BTC',
    goal: 4_500_000,
    supply: 100_000_000,
    country: 'China',
    team: [
      ['Da Hongfei', 'Founder'],
      ['Erik Zhang', 'Co-founder'],
    ],
    investors: ['Fenbushi Capital'],
    additionalIssue: false,
    roi: 200,
    about: 'a smart-contract platform (launched as AntShares) for digital assets and digital identity',
  },
  {
    kind: 'ICO',
    name: 'Tezos',
    symbol: 'XTZ',
    mainnet: '2018-09-17',
    platform: 'Own mainnet',
    start: '2017-07-01',
    end: '2017-07-14',
    price: 0.46,
    accept: 'BTC',
    goal: 232_000_000,
    supply: 763_000_000,
    country: 'Switzerland',
    team: [
      ['Arthur Breitman', 'Co-founder'],
      ['Kathleen Breitman', 'Co-founder'],
    ],
    investors: ['Draper Associates'],
    partners: ['Tezos Foundation'],
    additionalIssue: true,
    roi: 1.5,
    about: 'a self-amending proof-of-stake blockchain whose holders vote on protocol upgrades on-chain',
  },
  {
    kind: 'ICO',
    name: 'Filecoin',
    symbol: 'FIL',
    mainnet: '2020-10-15',
    platform: 'Own mainnet',
    start: '2017-08-10',
    end: '2017-09-07',
    price: 5,
    accept: 'BTC',
    goal: 257_000_000,
    supply: 2_000_000_000,
    country: 'United States',
    team: [['Juan Benet', 'Founder, Protocol Labs']],
    investors: ['Sequoia Capital', 'Andreessen Horowitz', 'Union Square Ventures', 'Winklevoss Capital'],
    partners: ['Protocol Labs', 'CoinList'],
    additionalIssue: false,
    roi: 0.6,
    about: 'a decentralised storage network where miners earn FIL for storing and serving data',
  },
  {
    kind: 'ICO',
    name: 'Polkadot',
    symbol: 'DOT',
    mainnet: '2020-05-26',
    platform: 'Own mainnet',
    start: '2017-10-15',
    end: '2017-10-27',
    price: 0.29,
    accept: 'ETH',
    goal: 145_000_000,
    supply: 1_000_000_000,
    country: 'Switzerland',
    team: [
      ['Gavin Wood', 'Founder'],
      ['Robert Habermeier', 'Co-founder'],
      ['Peter Czaban', 'Co-founder'],
    ],
    partners: ['Web3 Foundation', 'Parity Technologies'],
    investors: ['Polychain Capital'],
    additionalIssue: true,
    roi: 15,
    about: 'a sharded multichain network that connects parachains through a shared relay chain',
  },
  {
    kind: 'ICO',
    name: 'Chainlink',
    symbol: 'LINK',
    mainnet: '2019-05-30',
    platform: 'Ethereum (ERC-20)',
    start: '2017-09-19',
    end: '2017-09-19',
    price: 0.11,
    accept: 'ETH',
    goal: 32_000_000,
    supply: 1_000_000_000,
    country: 'Cayman Islands',
    team: [
      ['Sergey Nazarov', 'Co-founder'],
      ['Steve Ellis', 'Co-founder'],
    ],
    advisers: ['Ari Juels'],
    additionalIssue: false,
    roi: 130,
    about: 'a decentralised oracle network that brings off-chain data to smart contracts',
  },
  {
    kind: 'ICO',
    name: 'Cosmos',
    symbol: 'ATOM',
    mainnet: '2019-03-13',
    platform: 'Own mainnet',
    start: '2017-04-06',
    end: '2017-04-06',
    price: 0.1,
    accept: 'BTC',
    goal: 17_300_000,
    supply: 236_000_000,
    country: 'Switzerland',
    team: [
      ['Jae Kwon', 'Co-founder'],
      ['Ethan Buchman', 'Co-founder'],
    ],
    partners: ['Interchain Foundation', 'Tendermint'],
    additionalIssue: true,
    roi: 45,
    about: 'the hub of an ecosystem of interoperable blockchains connected through the IBC protocol',
  },
  {
    kind: 'ICO',
    name: 'Binance Coin',
    symbol: 'BNB',
    mainnet: '2019-04-18',
    platform: 'Ethereum (ERC-20)',
    start: '2017-06-26',
    end: '2017-07-03',
    price: 0.15,
    accept: 'ETH',
    goal: 15_000_000,
    supply: 200_000_000,
    country: 'China',
    team: [
      ['Changpeng Zhao', 'Founder, CEO'],
      ['Yi He', 'Co-founder'],
    ],
    investors: ['Black Hole Capital'],
    additionalIssue: false,
    roi: 4_000,
    about: 'the token of the Binance ecosystem, first an ERC-20 fee-discount token, later the gas token of BNB Chain',
  },
  {
    kind: 'ICO',
    name: 'Algorand',
    symbol: 'ALGO',
    platform: 'Own mainnet',
    start: '2019-06-19',
    end: '2019-06-19',
    price: 2.4,
    accept: 'USD',
    goal: 60_000_000,
    supply: 10_000_000_000,
    country: 'Singapore',
    team: [['Silvio Micali', 'Founder']],
    investors: ['Union Square Ventures', 'Pillar VC'],
    partners: ['Algorand Foundation'],
    additionalIssue: false,
    roi: 0.08,
    about: 'a pure proof-of-stake blockchain designed by Turing Award winner Silvio Micali',
  },
  {
    kind: 'ICO',
    name: 'Solana',
    symbol: 'SOL',
    mainnet: '2020-03-16',
    platform: 'Own mainnet',
    start: '2020-03-24',
    end: '2020-03-24',
    price: 0.22,
    accept: 'USD',
    goal: 1_760_000,
    supply: 500_000_000,
    country: 'Switzerland',
    team: [
      ['Anatoly Yakovenko', 'Co-founder, CEO'],
      ['Raj Gokal', 'Co-founder, COO'],
    ],
    investors: ['Multicoin Capital'],
    partners: ['CoinList', 'Solana Foundation'],
    additionalIssue: true,
    roi: 700,
    about: 'a high-performance blockchain using proof of history to order transactions',
  },
  {
    kind: 'ICO',
    name: 'Avalanche',
    symbol: 'AVAX',
    mainnet: '2020-09-21',
    platform: 'Own mainnet',
    start: '2020-07-15',
    end: '2020-07-16',
    price: 0.5,
    accept: 'USD',
    goal: 42_000_000,
    supply: 720_000_000,
    country: 'British Virgin Islands',
    team: [
      ['Emin Gün Sirer', 'Founder'],
      ['Kevin Sekniqi', 'Co-founder'],
      ['Ted Yin', 'Co-founder'],
    ],
    investors: ['Polychain Capital', 'Initialized Capital', 'Andreessen Horowitz'],
    additionalIssue: false,
    roi: 50,
    about: 'a platform of subnets and a smart-contract chain secured by the Avalanche consensus family',
  },
  {
    kind: 'ICO',
    name: 'NEAR Protocol',
    symbol: 'NEAR',
    mainnet: '2020-04-22',
    platform: 'Own mainnet',
    start: '2020-08-24',
    end: '2020-08-26',
    price: 0.4,
    accept: 'USD',
    goal: 30_000_000,
    supply: 1_000_000_000,
    country: 'Switzerland',
    team: [
      ['Illia Polosukhin', 'Co-founder'],
      ['Alexander Skidanov', 'Co-founder'],
    ],
    investors: ['Andreessen Horowitz', 'Pantera Capital', 'Coinbase Ventures'],
    partners: ['CoinList'],
    additionalIssue: true,
    roi: 7,
    about: 'a sharded proof-of-stake blockchain focused on usability for developers and users',
  },
  {
    kind: 'ICO',
    name: 'Basic Attention Token',
    symbol: 'BAT',
    platform: 'Ethereum (ERC-20)',
    start: '2017-05-31',
    end: '2017-05-31',
    price: 0.036,
    accept: 'ETH',
    goal: 35_000_000,
    supply: 1_500_000_000,
    country: 'United States',
    team: [
      ['Brendan Eich', 'CEO'],
      ['Brian Bondy', 'Co-founder'],
    ],
    partners: ['Brave Software'],
    additionalIssue: false,
    roi: 6,
    about: "the token of the Brave browser's privacy-preserving advertising system",
  },
  {
    kind: 'ICO',
    name: '0x',
    symbol: 'ZRX',
    platform: 'Ethereum (ERC-20)',
    start: '2017-08-15',
    end: '2017-08-16',
    price: 0.05,
    accept: 'ETH',
    goal: 24_000_000,
    supply: 1_000_000_000,
    country: 'United States',
    team: [
      ['Will Warren', 'Co-founder'],
      ['Amir Bandeali', 'Co-founder'],
    ],
    investors: ['Pantera Capital', 'Polychain Capital'],
    additionalIssue: false,
    roi: 6,
    about: 'an open protocol for peer-to-peer exchange of tokens on Ethereum',
  },
  {
    kind: 'ICO',
    name: 'Decentraland',
    symbol: 'MANA',
    platform: 'Ethereum (ERC-20)',
    start: '2017-08-08',
    end: '2017-08-18',
    price: 0.024,
    accept: 'ETH',
    goal: 24_000_000,
    supply: 2_800_000_000,
    country: 'Argentina',
    team: [
      ['Ariel Meilich', 'Co-founder'],
      ['Esteban Ordano', 'Co-founder'],
    ],
    additionalIssue: false,
    roi: 12,
    about: 'a virtual world owned by its users, where land and items are tokens',
  },
  {
    kind: 'ICO',
    name: 'Augur',
    symbol: 'REP',
    platform: 'Ethereum (ERC-20)',
    start: '2015-08-17',
    end: '2015-10-01',
    price: 0.6,
    accept: 'BTC',
    goal: 5_300_000,
    supply: 11_000_000,
    country: 'United States',
    team: [
      ['Jack Peterson', 'Co-founder'],
      ['Joey Krug', 'Co-founder'],
    ],
    additionalIssue: false,
    roi: 2,
    about: 'a decentralised prediction-market protocol where REP holders report outcomes',
  },
  {
    kind: 'ICO',
    name: 'Bancor',
    symbol: 'BNT',
    platform: 'Ethereum (ERC-20)',
    start: '2017-06-12',
    end: '2017-06-12',
    price: 4,
    accept: 'ETH',
    goal: 153_000_000,
    supply: 79_000_000,
    country: 'Switzerland',
    team: [
      ['Eyal Hertzog', 'Co-founder'],
      ['Guy Benartzi', 'Co-founder'],
      ['Galia Benartzi', 'Co-founder'],
    ],
    investors: ['Draper Associates'],
    additionalIssue: true,
    roi: 0.1,
    about: 'a protocol of automated liquidity pools, one of the first automated market makers',
  },
  {
    kind: 'ICO',
    name: 'ICON',
    symbol: 'ICX',
    platform: 'Ethereum (ERC-20)',
    start: '2017-09-18',
    end: '2017-09-20',
    price: 0.11,
    accept: 'ETH',
    goal: 43_000_000,
    supply: 800_000_000,
    country: 'South Korea',
    team: [['Min Kim', 'Co-founder']],
    additionalIssue: true,
    roi: 1.5,
    about: 'a South Korean interoperability blockchain connecting independent communities',
  },
  {
    kind: 'ICO',
    name: 'Qtum',
    symbol: 'QTUM',
    platform: 'Own mainnet',
    start: '2017-03-16',
    end: '2017-03-21',
    price: 0.3,
    accept: 'BTC',
    goal: 15_600_000,
    supply: 100_000_000,
    country: 'Singapore',
    team: [
      ['Patrick Dai', 'Co-founder'],
      ['Neil Mahi', 'Co-founder'],
    ],
    additionalIssue: false,
    roi: 8,
    about: 'a hybrid blockchain combining the Bitcoin UTXO model with Ethereum-style smart contracts',
  },
  {
    kind: 'ICO',
    name: 'Chiliz',
    symbol: 'CHZ',
    platform: 'Ethereum (ERC-20)',
    start: '2018-06-25',
    end: '2018-07-10',
    price: 0.02,
    accept: 'ETH',
    goal: 66_000_000,
    supply: 8_888_888_888,
    country: 'Malta',
    team: [['Alexandre Dreyfus', 'Founder, CEO']],
    partners: ['Socios.com'],
    additionalIssue: false,
    roi: 2,
    about: 'the token of Socios.com, used for sports and entertainment fan tokens',
  },
  {
    kind: 'IEO',
    name: 'BitTorrent',
    symbol: 'BTT',
    platform: 'Binance Launchpad',
    exchange: 'Binance',
    start: '2019-01-28',
    end: '2019-01-28',
    price: 0.00012,
    accept: 'BNB',
    goal: 7_200_000,
    supply: 990_000_000_000,
    country: 'Singapore',
    team: [['Justin Sun', 'CEO']],
    partners: ['TRON'],
    additionalIssue: false,
    roi: 0.007,
    about: 'the token of the BitTorrent ecosystem, rewarding seeders and paying for faster downloads',
  },
  {
    kind: 'IEO',
    name: 'Fetch.ai',
    symbol: 'FET',
    platform: 'Binance Launchpad',
    exchange: 'Binance',
    start: '2019-02-25',
    end: '2019-02-25',
    price: 0.0867,
    accept: 'BNB',
    goal: 6_000_000,
    supply: 1_152_997_575,
    country: 'United Kingdom',
    team: [
      ['Humayun Sheikh', 'Co-founder, CEO'],
      ['Toby Simpson', 'Co-founder, CTO'],
    ],
    additionalIssue: false,
    roi: 7,
    about: 'a platform for autonomous economic agents and machine learning on a decentralised network',
  },
  {
    kind: 'IEO',
    name: 'Celer Network',
    symbol: 'CELR',
    platform: 'Binance Launchpad',
    exchange: 'Binance',
    start: '2019-03-18',
    end: '2019-03-19',
    price: 0.0067,
    accept: 'BNB',
    goal: 4_000_000,
    supply: 10_000_000_000,
    country: 'Singapore',
    team: [
      ['Mo Dong', 'Co-founder'],
      ['Junda Liu', 'Co-founder'],
      ['Xiaozhou Li', 'Co-founder'],
      ['Qingkai Liang', 'Co-founder'],
    ],
    investors: ['Pantera Capital', 'FBG Capital'],
    additionalIssue: false,
    roi: 1.2,
    about: 'a layer-2 scaling platform of state channels and cross-chain bridges',
  },
  {
    kind: 'IEO',
    name: 'Matic Network',
    symbol: 'MATIC',
    mainnet: '2020-05-30',
    coinSymbols: ['MATIC', 'POL'],
    platform: 'Binance Launchpad',
    exchange: 'Binance',
    start: '2019-04-24',
    end: '2019-04-24',
    price: 0.00263,
    accept: 'BNB',
    goal: 5_000_000,
    supply: 10_000_000_000,
    country: 'India',
    team: [
      ['Jaynti Kanani', 'Co-founder'],
      ['Sandeep Nailwal', 'Co-founder'],
      ['Anurag Arjun', 'Co-founder'],
    ],
    investors: ['Binance Labs', 'Coinbase Ventures'],
    additionalIssue: false,
    roi: 80,
    about: 'an Ethereum scaling platform (now Polygon) of sidechains and rollups',
  },
  {
    kind: 'IEO',
    name: 'Harmony',
    symbol: 'ONE',
    platform: 'Binance Launchpad',
    exchange: 'Binance',
    start: '2019-05-28',
    end: '2019-05-28',
    price: 0.003175,
    accept: 'BNB',
    goal: 5_000_000,
    supply: 12_600_000_000,
    country: 'United States',
    team: [['Stephen Tse', 'Founder']],
    additionalIssue: true,
    roi: 4,
    about: 'a sharded proof-of-stake blockchain aiming at fast finality and low fees',
  },
  {
    kind: 'IEO',
    name: 'Band Protocol',
    symbol: 'BAND',
    platform: 'Binance Launchpad',
    exchange: 'Binance',
    start: '2019-09-17',
    end: '2019-09-17',
    price: 0.47,
    accept: 'BNB',
    goal: 5_850_000,
    supply: 100_000_000,
    country: 'Thailand',
    team: [
      ['Soravis Srinawakoon', 'Co-founder, CEO'],
      ['Sorawit Suriyakarn', 'Co-founder, CTO'],
      ['Paul Nattapatsiri', 'Co-founder'],
    ],
    investors: ['Sequoia India', 'Binance Labs', 'Spartan Group'],
    additionalIssue: true,
    roi: 2,
    about: 'a cross-chain data oracle platform',
  },
  {
    kind: 'IEO',
    name: 'Kava',
    symbol: 'KAVA',
    platform: 'Binance Launchpad',
    exchange: 'Binance',
    start: '2019-10-23',
    end: '2019-10-23',
    price: 0.46,
    accept: 'BNB',
    goal: 3_000_000,
    supply: 100_000_000,
    country: 'United States',
    team: [
      ['Brian Kerr', 'Co-founder, CEO'],
      ['Scott Stuart', 'Co-founder'],
      ["Ruaridh O'Donnell", 'Co-founder'],
    ],
    investors: ['Arrington XRP Capital'],
    additionalIssue: true,
    roi: 0.9,
    about: 'a cross-chain DeFi platform for lending and stablecoin minting',
  },
  {
    kind: 'IEO',
    name: 'The Sandbox',
    symbol: 'SAND',
    platform: 'Binance Launchpad',
    exchange: 'Binance',
    start: '2020-08-13',
    end: '2020-08-14',
    price: 0.00833,
    accept: 'BNB',
    goal: 3_000_000,
    supply: 3_000_000_000,
    country: 'Hong Kong',
    team: [
      ['Arthur Madrid', 'Co-founder, CEO'],
      ['Sébastien Borget', 'Co-founder, COO'],
    ],
    investors: ['Animoca Brands'],
    additionalIssue: false,
    roi: 35,
    about: 'a user-generated virtual world where players build, own and monetise experiences',
  },
  {
    kind: 'IEO',
    name: 'Axie Infinity',
    symbol: 'AXS',
    platform: 'Binance Launchpad',
    exchange: 'Binance',
    start: '2020-10-07',
    end: '2020-10-07',
    price: 0.1,
    accept: 'BNB',
    goal: 2_970_000,
    supply: 270_000_000,
    country: 'Vietnam',
    team: [
      ['Trung Nguyen', 'Co-founder, CEO'],
      ['Aleksander Larsen', 'Co-founder'],
      ['Jeffrey Zirlin', 'Co-founder'],
    ],
    partners: ['Sky Mavis'],
    additionalIssue: false,
    roi: 40,
    about: 'the governance token of Axie Infinity, a play-to-earn game of collectible creatures',
  },
  {
    kind: 'IEO',
    name: 'STEPN',
    symbol: 'GMT',
    platform: 'Binance Launchpad',
    exchange: 'Binance',
    start: '2022-03-09',
    end: '2022-03-09',
    price: 0.01,
    accept: 'BNB',
    goal: 5_000_000,
    supply: 6_000_000_000,
    country: 'Australia',
    team: [
      ['Jerry Huang', 'Co-founder'],
      ['Yawn Rong', 'Co-founder'],
    ],
    investors: ['Sequoia India', 'Folius Ventures'],
    additionalIssue: false,
    roi: 5,
    about: 'the governance token of STEPN, a move-to-earn lifestyle app',
  },
  {
    kind: 'IEO',
    name: 'UNUS SED LEO',
    symbol: 'LEO',
    platform: 'Bitfinex',
    exchange: 'Bitfinex',
    start: '2019-05-08',
    end: '2019-05-20',
    price: 1,
    accept: 'USDT',
    goal: 1_000_000_000,
    supply: 1_000_000_000,
    country: 'British Virgin Islands',
    team: [
      ['Jan Ludovicus van der Velde', 'CEO, iFinex'],
      ['Giancarlo Devasini', 'CFO, iFinex'],
      ['Paolo Ardoino', 'CTO, iFinex'],
    ],
    partners: ['iFinex'],
    additionalIssue: false,
    roi: 9,
    about: 'the utility token of the iFinex ecosystem (Bitfinex), bought back and burned from company revenue',
  },
  {
    kind: 'IEO',
    name: 'Sui',
    symbol: 'SUI',
    mainnet: '2023-05-03',
    platform: 'KuCoin Spotlight',
    exchange: 'KuCoin',
    start: '2023-04-18',
    end: '2023-04-19',
    price: 0.1,
    accept: 'USDT',
    goal: 30_000_000,
    supply: 10_000_000_000,
    country: 'United States',
    team: [
      ['Evan Cheng', 'Co-founder, CEO'],
      ['Sam Blackshear', 'Co-founder, CTO'],
      ['Adeniyi Abiodun', 'Co-founder'],
      ['George Danezis', 'Co-founder'],
      ['Kostas Chalkias', 'Co-founder'],
    ],
    investors: ['Andreessen Horowitz', 'Jump Crypto', 'Coinbase Ventures', 'Binance Labs'],
    partners: ['Mysten Labs'],
    additionalIssue: false,
    roi: 35,
    about: 'a layer-1 blockchain built on the Move language with an object-centric data model',
  },
];

// --- invented projects ---------------------------------------------------------------------

const NAME_A = [
  'Nova',
  'Aether',
  'Quanta',
  'Lumen',
  'Orbit',
  'Helix',
  'Vertex',
  'Zephyr',
  'Nimbus',
  'Astra',
  'Cobalt',
  'Photon',
  'Kairos',
  'Solace',
  'Arbor',
  'Mosaic',
  'Tidal',
  'Ember',
  'Onyx',
  'Polaris',
  'Sable',
  'Velox',
  'Cirrus',
  'Rune',
  'Drift',
  'Prism',
  'Nexa',
  'Halo',
  'Juno',
  'Karst',
  'Lyra',
  'Meridian',
  'Opal',
  'Pylon',
  'Quill',
  'Riven',
  'Strata',
  'Tessera',
  'Umbra',
  'Wren',
];
const NAME_B: Record<Sector, string[]> = {
  l1: ['Chain', 'Network'],
  l2: ['Rollup', 'Layer'],
  defi: ['Finance', 'Swap', 'Lend'],
  gaming: ['Games', 'Arena', 'Quest'],
  ai: ['AI', 'Mind', 'Compute'],
  storage: ['Storage', 'Vault'],
  payments: ['Pay', 'Remit'],
  oracle: ['Oracle', 'Feeds'],
  exchange: ['DEX', 'Exchange'],
  social: ['Social', 'Fan'],
  rwa: ['RWA', 'Estate'],
  depin: ['Grid', 'Mesh'],
  identity: ['ID', 'Pass'],
};
const SECTORS = Object.keys(NAME_B) as Sector[];

const ABOUT: Record<Sector, string> = {
  l1: 'a proof-of-stake layer-1 blockchain with sub-second finality and a parallel transaction engine',
  l2: 'a zero-knowledge rollup that settles on Ethereum and cuts transaction fees by two orders of magnitude',
  defi: 'a non-custodial lending and swap protocol with isolated markets and on-chain risk limits',
  gaming: 'a web3 game studio whose titles let players own, trade and upgrade in-game assets',
  ai: 'a decentralised marketplace for GPU compute and AI model inference',
  storage: 'a decentralised storage network that pays node operators for proven capacity',
  payments: 'a stablecoin payment rail for merchants and cross-border remittances',
  oracle: 'an oracle network delivering signed price feeds and off-chain data to smart contracts',
  exchange: 'an order-book decentralised exchange with cross-chain settlement',
  social: 'a creator platform where fans hold tokens that unlock content and voting rights',
  rwa: 'a platform that tokenises treasury bills, real estate and private credit',
  depin: 'a physical infrastructure network that rewards people for running wireless hotspots and sensors',
  identity: 'a self-sovereign identity protocol with reusable, privacy-preserving credentials',
};
const USE: Record<Sector, string> = {
  l1: 'The token pays gas fees, secures the network through staking and governs protocol upgrades.',
  l2: 'The token is used for sequencer staking, fee discounts and governance.',
  defi: 'Holders vote on listed assets and risk parameters and share protocol fees through staking.',
  gaming: 'The token is the in-game currency for crafting, tournaments and marketplace fees.',
  ai: 'Buyers pay for compute in the token; providers stake it as a guarantee of service quality.',
  storage: 'Clients pay for storage deals in the token; providers stake it as collateral.',
  payments: 'The token grants fee rebates to merchants and rewards liquidity providers.',
  oracle: 'Node operators stake the token and earn it for every data request they answer.',
  exchange: 'Stakers receive a share of trading fees and vote on new listings.',
  social: 'Fans spend the token on memberships and creators earn it through engagement.',
  rwa: 'The token governs the issuance framework and accrues a share of management fees.',
  depin: 'Operators earn the token for verified coverage; users burn it to pay for data transfer.',
  identity: 'Verifiers pay small fees in the token; issuers stake it to vouch for their credentials.',
};

const FIRST = [
  'Alex',
  'Maria',
  'Daniel',
  'Sofia',
  'Kenji',
  'Min-jun',
  'Wei',
  'Lucas',
  'Elena',
  'Omar',
  'Priya',
  'Tomás',
  'Hannah',
  'Ivan',
  'Chloe',
  'Arjun',
  'Yuki',
  'Noah',
  'Leila',
  'Marco',
  'Jia',
  'Ethan',
  'Nadia',
  'Felix',
];
const LAST = [
  'Chen',
  'Novak',
  'Schmidt',
  'Tanaka',
  'Kim',
  'Rossi',
  'Okafor',
  'Petrov',
  'Haddad',
  'Singh',
  'García',
  'Müller',
  'Lindqvist',
  'Park',
  'Zhang',
  'Moreau',
  'Kowalski',
  'Silva',
  'Yilmaz',
  'Nguyen',
  'Fischer',
  'Costa',
  'Ahmed',
  'Walsh',
];
const ROLES = [
  'Co-founder, CEO',
  'Co-founder, CTO',
  'Chief Operating Officer',
  'Head of Research',
  'Lead Protocol Engineer',
  'Head of Growth',
  'Head of Product',
  'Chief Financial Officer',
  'Head of Security',
  'Community Lead',
];
const FUNDS = [
  'Northstar Ventures',
  'Blue Harbor Capital',
  'Meridian Digital',
  'Granite Peak Partners',
  'Lattice Fund',
  'Silverline Capital',
  'Eastwind Ventures',
  'Keystone Crypto',
  'Arcadia Labs Fund',
  'Tundra Capital',
  'Open Ledger Ventures',
  'Helios Digital Assets',
  'Redwood Block Capital',
  'Signal Hill Partners',
  'Parallel Asset Management',
  'Cedar Grove Ventures',
];
const PARTNERS = [
  'Chainsafe Audits',
  'Ledgerline Custody',
  'Nodeworks',
  'Bridgepoint Labs',
  'Sentinel Security',
  'Cloudforge Hosting',
  'Fiat Rails Inc.',
  'Atlas Market Makers',
  'Blockshield Audits',
  'Metaverse Studio Group',
  'Polar Data Services',
  'OpenGrid Alliance',
];
const AGENCIES = [
  { name: 'TokenGrade', ratings: ['AA', 'A', 'BBB', 'BB', 'B'] },
  { name: 'ChainRate', ratings: ['Stable+', 'Stable', 'Positive', 'Risky'] },
  { name: 'ICO Scope', ratings: ['4.6 / 5', '4.1 / 5', '3.7 / 5', '3.2 / 5'] },
  { name: 'Crypto Research Index', ratings: ['A-', 'B+', 'B', 'C+'] },
];
const COUNTRIES = [
  'Singapore',
  'Switzerland',
  'Cayman Islands',
  'British Virgin Islands',
  'United States',
  'United Kingdom',
  'Estonia',
  'Hong Kong',
  'South Korea',
  'Japan',
  'United Arab Emirates',
  'Seychelles',
  'Germany',
  'Canada',
  'Gibraltar',
  'Lithuania',
];

const ROADMAP_STEPS: Record<'before' | 'after', string[]> = {
  before: [
    'Whitepaper published',
    'Seed round closed',
    'Public testnet',
    'Security audit completed',
    'Incentivised testnet',
    'Strategic round closed',
  ],
  after: [
    'Token generation event and exchange listing',
    'Mainnet launch',
    'Cross-chain bridge',
    'Mobile wallet release',
    'DAO governance goes live',
    'Ecosystem grants programme',
    'Version 2 of the protocol',
  ],
};

/** How many invented offerings per phase: [kind, status, count]. */
const PLAN: [OfferingKind, string, number][] = [
  ['ICO', 'upcoming', 8],
  ['ICO', 'ongoing', 8],
  ['ICO', 'finished', 6],
  ['ICO', 'traded', 18],
  ['IEO', 'coming_soon', 8],
  ['IEO', 'preheating', 8],
  ['IEO', 'fundraising', 7],
  ['IEO', 'fundraising_ended', 24],
];

/** A price rounded to two significant digits, as sale prices are set. */
function nicePrice(x: number): number {
  const p = 10 ** Math.floor(Math.log10(x) - 1);
  return Math.round(x / p) * p;
}
const round = (x: number, step: number) => Math.round(x / step) * step;
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);

function person(rng: Rng, used: Set<string>): string {
  for (;;) {
    const name = `${rng.pick(FIRST)} ${rng.pick(LAST)}`;
    if (!used.has(name)) {
      used.add(name);
      return name;
    }
  }
}

function roadmap(rng: Rng, start: number, end: number): { date: string; title: string }[] {
  const before = rng.shuffle(ROADMAP_STEPS.before).slice(0, rng.int(2, 3));
  const after = rng.shuffle(ROADMAP_STEPS.after).slice(0, rng.int(2, 4));
  const out: { date: string; title: string }[] = [];
  before.forEach((title, i) => out.push({ date: iso(start - (before.length - i) * rng.range(45, 120) * DAY), title }));
  out.push({ date: iso(start), title: 'Token sale opens' });
  after.forEach((title, i) => out.push({ date: iso(end + (i * rng.range(60, 150) + rng.range(1, 20)) * DAY), title }));
  return out.sort((a, b) => a.date.localeCompare(b.date));
}

/** An invented project in a given phase at `now`. */
function invented(
  rng: Rng,
  kind: OfferingKind,
  status: string,
  now: number,
  usedNames: Set<string>,
  takenSymbols: Set<string>,
  exchangeId: (displayName: string) => number | null,
): Row {
  const sector = rng.pick(SECTORS);
  let name = '';
  let symbol = '';
  for (;;) {
    const a = rng.pick(NAME_A);
    name = `${a} ${rng.pick(NAME_B[sector])}`;
    symbol = (a.replace(/[^A-Za-z]/g, '').slice(0, rng.int(3, 4)) + (rng.chance(0.3) ? 'X' : '')).toUpperCase();
    if (!usedNames.has(name) && !takenSymbols.has(symbol)) break;
  }
  usedNames.add(name);
  takenSymbols.add(symbol);

  // Dates by phase; IEO subscriptions last days, ICO sales weeks.
  const length = (kind === 'IEO' ? rng.range(1, 5) : rng.range(14, 45)) * DAY;
  let start: number;
  if (status === 'upcoming') start = now + rng.range(3, 60) * DAY;
  else if (status === 'coming_soon') start = now + rng.range(8, 45) * DAY;
  else if (status === 'preheating') start = now + rng.range(0.3, 6.8) * DAY;
  else if (status === 'ongoing' || status === 'fundraising') start = now - rng.range(0.1, 0.8) * length;
  else if (status === 'finished') start = now - length - rng.range(1, 20) * DAY;
  else start = now - length - rng.range(kind === 'IEO' ? 2 : 10, 420) * DAY;
  start = round(start, 3_600_000);
  const end = start + round(length, 3_600_000);

  const venue = kind === 'IEO' ? rng.weighted(LAUNCHPADS, (l) => l.weight) : rng.weighted(CHAINS, (c) => c.weight);
  const price = nicePrice(rng.logRange(0.002, 1.5));
  const goal = round(kind === 'IEO' ? rng.logRange(800_000, 12_000_000) : rng.logRange(2_000_000, 60_000_000), 50_000);
  const saleShare = rng.range(0.02, 0.2);
  const supply = round(goal / price / saleShare, 1_000_000) || 1_000_000;
  const people = new Set<string>();
  const team = ROLES.slice(0, rng.int(3, 6)).map((role) => ({ name: person(rng, people), role }));
  const advisers = Array.from({ length: rng.int(1, 4) }, () => person(rng, people));
  const listed = status === 'traded' || (status === 'fundraising_ended' && end < now - DAY);
  // Traded multiples: a long right tail, most sales ending between 0.3x and 5x.
  const roi = listed ? Math.round(Math.exp(rng.normal() * 1.2 + 0.25) * 10_000) / 10_000 : null;
  const agencies = rng.shuffle(AGENCIES).slice(0, rng.int(1, 3));
  return {
    slug: `${slugify(name)}-${symbol.toLowerCase()}`,
    kind,
    name,
    symbol,
    coinId: null,
    platform: venue.platform,
    platformExchangeId: 'exchange' in venue ? exchangeId(venue.exchange) : null,
    supply: String(supply),
    goal: String(goal),
    price: String(price),
    acceptCoin: rng.pick(venue.accept),
    softCap: String(round(goal * rng.range(0.2, 0.5), 50_000)),
    hardCap: String(goal),
    startAt: new Date(start),
    endAt: new Date(end),
    country: rng.pick(COUNTRIES),
    additionalIssue: rng.chance(0.25),
    team,
    advisers,
    partners: rng.shuffle(PARTNERS).slice(0, rng.int(1, 4)),
    ratingAgencies: agencies.map((a) => ({ name: a.name, rating: rng.pick(a.ratings) })),
    investors: rng.shuffle(FUNDS).slice(0, rng.int(2, 5)),
    roadmap: roadmap(rng, start, end),
    roi: roi === null ? null : String(roi),
    status: offeringStatusAt({ kind, startAt: new Date(start), endAt: new Date(end), listed }, new Date(now)),
    description:
      `${name} (${symbol}) is ${ABOUT[sector]}. ${USE[sector]} ` +
      `The ${kind === 'IEO' ? `${venue.platform} sale` : 'token sale'} offers ${Math.round(saleShare * 100)}% of the ${supply.toLocaleString('en-US')} ${symbol} supply ` +
      `at ${price} USD per token, with a hard cap of ${goal.toLocaleString('en-US')} USD.`,
  };
}

const REVIEW_TEXT: Record<'low' | 'mid' | 'high', string[]> = {
  high: [
    'The team delivered every roadmap milestone on time and the token has real utility.',
    'Well-run sale: fair allocation, clear vesting and an early exchange listing.',
    '项目团队执行力很强，主网按时上线，社区也很活跃。',
    'Strong backers and a product people actually use. Glad I joined the sale.',
  ],
  mid: [
    'Decent project, but the vesting schedule for early investors worries me.',
    'The technology looks solid; adoption after the listing has been slower than promised.',
    '代币经济模型还可以，但解锁压力比较大，需要继续观察。',
    'Allocation per participant was tiny, the project itself seems fine.',
  ],
  low: [
    'The price fell below the sale price right after listing and the team went quiet.',
    'Roadmap keeps slipping and most of the supply sits with insiders.',
    '上线后一路下跌，团队几乎不更新进展。',
  ],
};

/** Reviews by the demo users on ended offerings; none when the demo users are absent. */
async function seedReviews(ctx: ContentSeedContext, rows: Row[]): Promise<void> {
  const demo = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(like(users.username, DEMO_USERNAMES))
    .orderBy(users.id);
  if (demo.length === 0) return;
  await ctx.db.delete(comments).where(
    and(
      eq(comments.targetType, 'offering'),
      inArray(
        comments.userId,
        demo.map((u) => u.id),
      ),
    ),
  );
  const rng = ctx.rng('offering-reviews');
  const dims = REVIEW_DIMENSIONS.offering;
  const now = ctx.now.getTime();
  const reviewed = rows.filter(
    (r) => r.status === 'traded' || r.status === 'fundraising_ended' || r.status === 'finished',
  );
  const out: (typeof comments.$inferInsert)[] = [];
  for (const r of reviewed) {
    if (!rng.chance(0.45)) continue;
    const quality = r.roi ? Math.max(1.5, Math.min(4.7, 3 + Math.log10(Number(r.roi)) * 0.8)) : rng.range(2.2, 4);
    const authors = rng.shuffle(demo).slice(0, rng.int(1, Math.min(8, demo.length)));
    const since = Math.max(r.endAt!.getTime(), now - 400 * DAY);
    for (const u of authors) {
      const ratings: Record<string, number> = {};
      for (const d of dims) ratings[d] = Math.max(1, Math.min(5, Math.round(quality + rng.clampedNormal() * 0.8)));
      const values = Object.values(ratings);
      const overall = Math.round((values.reduce((a, b) => a + b, 0) / values.length) * 10) / 10;
      const tone = overall >= 4 ? 'high' : overall <= 2.5 ? 'low' : 'mid';
      out.push({
        userId: u.id,
        targetType: 'offering',
        targetId: r.slug,
        content: rng.pick(REVIEW_TEXT[tone]),
        anonymous: rng.chance(0.1),
        ratings,
        overall: String(overall),
        createdAt: new Date(Math.floor(rng.range(since, now) / 1000) * 1000),
      });
    }
  }
  await bulkInsert(ctx.db, comments, out);
}

/** Writes the demo rows; returns how many were written. */
export async function seedOfferings(ctx: ContentSeedContext): Promise<number> {
  const rng = ctx.rng('offerings');
  const now = ctx.now.getTime();
  const bySymbol = new Map<string, ContentSeedContext['coins'][number]>();
  for (const c of ctx.coins) if (!bySymbol.has(c.symbol.toUpperCase())) bySymbol.set(c.symbol.toUpperCase(), c);
  const byName = new Map<string, SeedExchange>(ctx.exchanges.map((e) => [e.displayName, e]));
  const exchangeId = (displayName: string) => byName.get(displayName)?.id ?? null;

  // Linked coins' prices, for a stored ROI that agrees with the live rule.
  // Only coins whose demo price is modelled on the real market (coins-top.ts): elsewhere the
  // generated price would turn a real sale into a meaningless ROI.
  const modelled = new Set(TOP_COINS.map((c) => c.symbol.toUpperCase()));
  const linked = HISTORIC.map(
    (h) =>
      (h.coinSymbols ?? [h.symbol])
        .filter((s) => modelled.has(s))
        .map((s) => bySymbol.get(s))
        .find(Boolean) ?? null,
  );
  const ids = linked.filter((c): c is NonNullable<typeof c> => c !== null).map((c) => c.id);
  const prices = new Map(
    ids.length
      ? (await ctx.db.select({ id: coins.id, price: coins.price }).from(coins).where(inArray(coins.id, ids))).map(
          (c) => [c.id, c.price === null ? null : Number(c.price)],
        )
      : [],
  );

  const rows: Row[] = HISTORIC.map((h, i) => {
    const coin = linked[i];
    const start = Date.parse(`${h.start}T08:00:00Z`);
    const end = Math.max(start + 4 * 3_600_000, Date.parse(`${h.end}T20:00:00Z`));
    const roi = coin ? roiMultiple(prices.get(coin.id) ?? null, h.price) : h.roi;
    return {
      slug: `${slugify(h.name)}-${h.symbol.toLowerCase()}`,
      kind: h.kind,
      name: h.name,
      symbol: h.symbol,
      coinId: coin?.id ?? null,
      platform: h.platform,
      platformExchangeId: h.exchange ? exchangeId(h.exchange) : null,
      supply: String(h.supply),
      goal: String(h.goal),
      price: String(h.price),
      acceptCoin: h.accept,
      softCap: String(round(h.goal * 0.3, 10_000)),
      hardCap: String(h.goal),
      startAt: new Date(start),
      endAt: new Date(end),
      country: h.country,
      additionalIssue: h.additionalIssue,
      team: h.team.map(([name, role]) => ({ name, role })),
      advisers: h.advisers ?? [],
      partners: h.partners ?? [],
      ratingAgencies: [],
      investors: h.investors ?? [],
      // Only dated public events: the sale itself and, where known, the mainnet launch.
      roadmap: [
        { date: h.start, title: 'Token sale opens' },
        { date: h.end, title: 'Token sale closes' },
        ...(h.mainnet ? [{ date: h.mainnet, title: 'Mainnet launch' }] : []),
      ].sort((a, b) => a.date.localeCompare(b.date)),
      roi: roi === null ? String(h.roi) : String(Math.round(roi * 1e6) / 1e6),
      status: offeringStatusAt({ kind: h.kind, startAt: new Date(start), endAt: new Date(end), listed: true }, ctx.now),
      description:
        `${h.name} (${h.symbol}) is ${h.about}. ` +
        `Its ${h.kind === 'IEO' ? `${h.platform} sale` : 'token sale'} raised about ${h.goal.toLocaleString('en-US')} USD at ${h.price} USD per token (figures approximate).`,
    };
  });

  const usedNames = new Set(rows.map((r) => r.name));
  const takenSymbols = new Set([...bySymbol.keys(), ...rows.map((r) => r.symbol)]);
  for (const [kind, status, count] of PLAN) {
    for (let i = 0; i < count; i++) rows.push(invented(rng, kind, status, now, usedNames, takenSymbols, exchangeId));
  }
  await bulkInsert(ctx.db, offerings, rows);
  await seedReviews(ctx, rows);
  return rows.length;
}
