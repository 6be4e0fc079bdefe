/**
 * What the invented demo offerings (content/offerings.ts) are made of: the launchpads and chains
 * they sell on, name parts, sector texts, people, funds, partners, rating agencies, countries and
 * roadmap steps, and the texts of the demo users' reviews.
 */

/** Exchange launchpads: the display name of the seeded exchange, the programme name and its coin. */
export const LAUNCHPADS = [
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
export const CHAINS = [
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

export type Sector =
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

export const NAME_A = [
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
export const NAME_B: Record<Sector, string[]> = {
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
export const SECTORS = Object.keys(NAME_B) as Sector[];

export const ABOUT: Record<Sector, string> = {
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
export const USE: Record<Sector, string> = {
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

export const FIRST = [
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
export const LAST = [
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
export const ROLES = [
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
export const FUNDS = [
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
export const PARTNERS = [
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
export const AGENCIES = [
  { name: 'TokenGrade', ratings: ['AA', 'A', 'BBB', 'BB', 'B'] },
  { name: 'ChainRate', ratings: ['Stable+', 'Stable', 'Positive', 'Risky'] },
  { name: 'ICO Scope', ratings: ['4.6 / 5', '4.1 / 5', '3.7 / 5', '3.2 / 5'] },
  { name: 'Crypto Research Index', ratings: ['A-', 'B+', 'B', 'C+'] },
];
export const COUNTRIES = [
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

export const ROADMAP_STEPS: Record<'before' | 'after', string[]> = {
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

export const REVIEW_TEXT: Record<'low' | 'mid' | 'high', string[]> = {
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
