/**
 * The texts of the coin detail tabs' demo data (depth-gen.ts, onchain-gen.ts): holder labels,
 * milestones, the demo users' names and their reviews.
 */

export const HOLDER_LABELS = [
  'Foundation treasury',
  'Team vesting',
  'Ecosystem fund',
  'Staking contract',
  'Bridge escrow',
  'Market maker',
  'Early investor',
];

export const ROADMAP_ITEMS: [string, string][] = [
  ['Mainnet upgrade', 'A protocol upgrade with lower fees and faster finality.'],
  ['Light client release', 'A light client for phones and browsers that verifies headers itself.'],
  ['Cross-chain bridge', 'A trust-minimised bridge to the major smart-contract chains.'],
  ['Governance v2', 'On-chain proposals with delegated voting and a timelock.'],
  ['Developer SDK 2.0', 'A rewritten SDK with typed bindings and better documentation.'],
  ['Security audit', 'An independent audit of the core contracts and node software.'],
  ['Scaling roadmap phase 2', 'Sharded execution and data availability sampling on testnet.'],
  ['Wallet integration', 'Native support in the most used hardware and mobile wallets.'],
  ['Ecosystem grants round', 'A funding round for tools, research and community projects.'],
  ['Zero-knowledge proofs', 'Private transfers and succinct state proofs.'],
];

export const PROCESS_ITEMS: [string, string][] = [
  ['Whitepaper published', 'The design of the protocol is published for review.'],
  ['Testnet launch', 'The first public test network opens to developers.'],
  ['Mainnet launch', 'The production network goes live with its genesis block.'],
  ['First exchange listing', 'Trading starts on the first exchange.'],
  ['Major protocol upgrade', 'A hard fork activates new features and fixes.'],
  ['Partnership announced', 'A partnership with an established industry company.'],
  ['Foundation established', 'A foundation is set up to steward the project.'],
];

export const FIRST = ['trader', 'hodler', 'whale', 'miner', 'analyst', 'builder', 'investor', 'degen', 'quant', 'satoshi_fan'];
export const NICK = [
  'Demo Trader',
  'Demo Hodler',
  'Demo Whale',
  'Demo Miner',
  'Demo Analyst',
  'Demo Builder',
  'Demo Investor',
  'Demo Degen',
  'Demo Quant',
  'Demo Satoshi Fan',
];

export const COIN_REVIEW_TEXT: Record<'low' | 'mid' | 'high', string[]> = {
  high: [
    'Strong team that ships on schedule, and the community is very active.',
    'Solid technology and a clear business model. Holding this long term.',
    'One of the few projects with a real product that people actually use.',
    'Development activity is impressive and the roadmap is realistic.',
  ],
  mid: [
    'Decent project, but the token economics could be explained better.',
    'Good technology, the marketing and adoption still need work.',
    'Promising, though the competition in this sector is tough.',
    'The product works; I am waiting to see more real-world usage.',
  ],
  low: [
    'Roadmap keeps slipping and the team rarely communicates.',
    'Hard to see what the token is needed for. Too much hype.',
    'Liquidity is thin and the community is mostly speculation.',
  ],
};

export const EXCHANGE_REVIEW_TEXT: Record<'low' | 'mid' | 'high', string[]> = {
  high: [
    'Fast withdrawals, deep order books and support answered within minutes.',
    'Reliable platform with low fees. Never had a problem with deposits.',
    'The app is easy to use and the security features are thorough.',
    'Great selection of pairs and frequent promotions for active traders.',
  ],
  mid: [
    'Works fine for spot trading, but verification took a few days.',
    'Fees are fair; customer support could be faster at busy times.',
    'Good liquidity on major pairs, smaller coins are thin.',
    'Interface is a bit cluttered but everything works as expected.',
  ],
  low: [
    'Withdrawal was stuck for two days and support kept sending templates.',
    'Too many outages during volatile markets. Not impressed.',
    'Hidden fees on withdrawals and slow responses from support.',
  ],
};
