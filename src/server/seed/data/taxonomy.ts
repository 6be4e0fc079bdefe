/** Tags, concept sectors and the hand-kept facts about manifest coins the seeder relies on. */

export const TAGS: { slug: string; name: string }[] = [
  { slug: 'mineable', name: 'Mineable' },
  { slug: 'pow', name: 'Proof of Work' },
  { slug: 'pos', name: 'Proof of Stake' },
  { slug: 'smart-contracts', name: 'Smart Contracts' },
  { slug: 'stablecoin', name: 'Stablecoin' },
  { slug: 'meme', name: 'Meme' },
  { slug: 'defi', name: 'DeFi' },
  { slug: 'layer-1', name: 'Layer 1' },
  { slug: 'layer-2', name: 'Layer 2' },
  { slug: 'gaming', name: 'Gaming' },
  { slug: 'ai', name: 'AI' },
  { slug: 'privacy', name: 'Privacy' },
  { slug: 'exchange-token', name: 'Exchange Token' },
  { slug: 'oracle', name: 'Oracle' },
  { slug: 'storage', name: 'Storage' },
  { slug: 'rwa', name: 'Real World Assets' },
];

export const CONCEPTS: { slug: string; name: string; description: string }[] = [
  { slug: 'defi', name: 'DeFi', description: 'Lending, trading and yield protocols that run on public blockchains without intermediaries.' },
  { slug: 'layer-1', name: 'Layer 1', description: 'Base blockchains that settle their own transactions and secure their own consensus.' },
  { slug: 'layer-2', name: 'Layer 2', description: 'Networks that batch transactions and settle them on a layer-1 chain for lower fees.' },
  { slug: 'meme', name: 'Meme', description: 'Community-driven tokens inspired by internet culture, usually with no formal utility.' },
  { slug: 'stablecoins', name: 'Stablecoins', description: 'Tokens designed to hold a steady value, most of them pegged to the US dollar.' },
  { slug: 'ai', name: 'AI', description: 'Projects that combine blockchains with machine learning, compute markets or AI agents.' },
  { slug: 'gaming-metaverse', name: 'Gaming & Metaverse', description: 'Tokens of blockchain games, virtual worlds and digital collectibles.' },
  { slug: 'exchange-tokens', name: 'Exchange Tokens', description: 'Tokens issued by trading platforms, often giving fee discounts or other perks.' },
  { slug: 'privacy', name: 'Privacy', description: 'Coins and protocols that hide amounts, senders or receivers of transactions.' },
  { slug: 'storage', name: 'Storage', description: 'Decentralised networks that rent out disk space, bandwidth or data services.' },
  { slug: 'oracles', name: 'Oracles', description: 'Services that bring off-chain data such as prices onto blockchains.' },
  { slug: 'real-world-assets', name: 'Real World Assets', description: 'Tokens that represent bonds, funds, commodities or other off-chain assets.' },
];

/** Which concept sector a tag puts a coin in. */
export const TAG_CONCEPT: Record<string, string> = {
  defi: 'defi',
  'layer-1': 'layer-1',
  'layer-2': 'layer-2',
  meme: 'meme',
  stablecoin: 'stablecoins',
  ai: 'ai',
  gaming: 'gaming-metaverse',
  'exchange-token': 'exchange-tokens',
  privacy: 'privacy',
  storage: 'storage',
  oracle: 'oracles',
  rwa: 'real-world-assets',
};

/** Manifest entries that are not crypto-assets (fiat icons, a generic placeholder, brands). */
export const NOT_COINS = new Set(['USD', 'EUR', 'GBP', 'JPY', 'CNY', 'RUB', 'GENERIC', 'SBERBANK', 'QIWI']);

/** Current names for manifest entries whose label is dated or odd. */
export const NAME_OVERRIDES: Record<string, string> = {
  BNB: 'BNB',
  FIL: 'Filecoin',
  LINK: 'Chainlink',
  BSV: 'Bitcoin SV',
  MIOTA: 'IOTA',
  AAVE: 'Aave',
  LEO: 'UNUS SED LEO',
  KCS: 'KuCoin Token',
  USDT: 'Tether',
  MKR: 'Maker',
};

/** USD stablecoins among the manifest coins (besides the top list). */
export const STABLE_SYMBOLS = new Set(['USDT', 'USDC', 'DAI', 'TUSD', 'GUSD', 'HUSD', 'PAX', 'SAI', 'USDE', 'FDUSD', 'PYUSD']);

/** Manifest coins with their own chain (the rest default to tokens on a host chain). */
export const NATIVE_SYMBOLS = new Set(
  (
    'ADA AE AEON AION ALGO ARDR ARK ATOM AVAX AYWA BCD BCH BCN BEAM BLK BLOCK BSD BSV BTC BTCD BTCP BTCZ BTG ' +
    'BTM BTS BTX BURST BZE CLAM CLOAK COLX CRW D DASH DCR DGB DOGE DOT ECA ELA EMC EMC2 EOS ETC ETH ETN ETP ' +
    'EXP FCT FIL FJC FLO FLUX FSN FTC GAME GBYTE GRC GRIN GRS HNS HUSH ICP ICX IGNIS IOST IOTX KMD KRB KSM ' +
    'LBC LSK LTC MIOTA MONA MSR MZC NANO NAS NAV NEBL NEO NLG NMC NULS NXS NXT OK ONE ONT PART PASC PINK PIRL ' +
    'PIVX POA POT PPC QRL QTUM RDD RIC RVN RYO SC SIB SIN SKY SLR SMART SOL STEEM STRAT STX SUMO SYS TRTL TRX ' +
    'TZC UBQ VET VIA VRC VRSC VTC WAN WAVES WAX WGR XCP XDN XEM XLM XMG XMR XMY XPM XRP XSG XTZ XVG XZC ZCL ZEC ' +
    'ZEL ZEN ZIL THETA BNB HT ARRR'
  ).split(' '),
);

/** Manifest coins mined with proof of work. */
export const POW_SYMBOLS = new Set(
  (
    'AEON BCD BCH BCN BEAM BSV BTC BTCD BTCP BTCZ BTG BTX DASH DCR DGB DOGE ETC EMC2 EXP FJC FLO FLUX FTC GRIN ' +
    'GRS HNS HUSH KMD KRB LBC LTC MONA MSR MZC NMC PIRL PPC RIC RVN RYO SC SIB SIN SUMO SYS TRTL TZC UBQ VIA VRC ' +
    'VRSC VTC XMG XMR XMY XPM XSG XVG XZC ZCL ZEC ZEL ZEN'
  ).split(' '),
);

export const PRIVACY_SYMBOLS = new Set('XMR ZEC DASH BEAM GRIN PIVX XVG HUSH CLOAK ZEN ZCL BTCP RYO SUMO MSR AEON XZC TRTL KRB ZEL'.split(' '));

/** Hand-picked tags for notable manifest tokens; others get plausible random ones. */
export const KNOWN_TAGS: Record<string, string[]> = {
  AAVE: ['defi'], UNI: ['defi'], MKR: ['defi'], COMP: ['defi'], SNX: ['defi'], CRV: ['defi'], SUSHI: ['defi'],
  YFI: ['defi'], BAL: ['defi'], '1INCH': ['defi'], ZRX: ['defi'], KNC: ['defi'], LRC: ['defi', 'layer-2'],
  BNT: ['defi'], UMA: ['defi', 'oracle'], REN: ['defi'], RAY: ['defi'], SER: ['defi'], FIDA: ['defi'],
  LINK: ['oracle', 'defi'], BAND: ['oracle'], API3: ['oracle'], NMR: ['ai'], AGI: ['ai'], CTXC: ['ai'], DBC: ['ai'],
  GRT: ['ai', 'defi'], SAND: ['gaming'], MANA: ['gaming'], ENJ: ['gaming'], CHZ: ['gaming'], APE: ['gaming', 'meme'],
  GMT: ['gaming'], ATLAS: ['gaming'], AURY: ['gaming'], GAME: ['gaming'], WAX: ['gaming', 'layer-1'],
  STORJ: ['storage'], SC: ['storage', 'mineable', 'pow'], MAID: ['storage'], BTT: ['storage'], HOT: ['storage'],
  FIL: ['storage'], BNB: ['exchange-token'], KCS: ['exchange-token'], HT: ['exchange-token'], LEO: ['exchange-token'],
  BIX: ['exchange-token'], MCO: ['exchange-token'], NEXO: ['defi'], CHSB: ['defi'], PAXG: ['rwa'], WBTC: ['defi'],
  SAFEMOON: ['meme'], DOGE: ['meme'], DEEZ: ['meme'], EDOGE: ['meme'], KLOWN: ['meme'], POLY: ['rwa'], OMG: ['layer-2'],
  MATIC: ['layer-2', 'pos'], SKL: ['layer-2'], LPT: ['ai'], OXT: ['privacy'], AMPL: ['defi'],
};

/**
 * Manifest coins that rank right below the top list (they are still widely traded);
 * everything else from the 2017-era manifest fills the long tail.
 */
export const NOTABLE_SYMBOLS = new Set(
  (
    'MKR XTZ EOS NEO THETA SAND MANA CHZ CRV GRT STX QNT ZEC DASH MIOTA XEM BAT COMP SNX 1INCH KSM ZIL ENJ HOT ' +
    'RVN ZRX ANKR YFI SUSHI GNO RAY PAXG TUSD NEXO KCS HT GMT APE FLUX BTT CHSB AMP LRC ONE ICX IOTX WAVES QTUM ' +
    'DGB SC STORJ LPT UMA BAND OMG KNC MATIC BSV SOL AVAX LINK ATOM ALGO FIL VET ICP XMR LTC BCH XLM ETC DOT ADA ' +
    'TRX XRP DOGE BNB LEO SKL CELR BAL NMR DCR BTG RLC AGI OCEAN MINA SNT ELF AAVE UNI WBTC DAI USDC USDT'
  ).split(' '),
);

/** Host chains for tokens without a known platform, with how often each is picked. */
export const TOKEN_PLATFORMS: [string, number][] = [
  ['Ethereum', 70],
  ['BNB Chain', 12],
  ['Solana', 8],
  ['Polygon', 4],
  ['Arbitrum', 3],
  ['Base', 3],
];
