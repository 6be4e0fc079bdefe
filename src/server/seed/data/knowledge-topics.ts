/**
 * The demo topics (content/knowledge.ts): each topic's title and description in English and
 * Simplified Chinese, and the keywords that collect the articles of its language.
 */

type Lang = 'en' | 'zh';

export interface Topic {
  key: string;
  en: { title: string; description: string };
  zh: { title: string; description: string };
  match: Record<Lang, RegExp>;
}

export const TOPICS: Topic[] = [
  {
    key: 'bitcoin',
    en: {
      title: 'Bitcoin watch',
      description: 'Price action, miners, holders and the halving cycle of the largest cryptocurrency.',
    },
    zh: { title: '比特币观察', description: '聚焦第一大加密货币的价格走势、矿工、持币者与减半周期。' },
    match: {
      en: /\bbitcoin\b(?! cash| sv)|(?<!\/)\bbtc\b(?!\s+pairs?)|\bhalving\b/i,
      zh: /比特币(?!现金)|(?<!\/)BTC(?!\s*交易对)|减半/,
    },
  },
  {
    key: 'ethereum',
    en: {
      title: 'Ethereum and its upgrades',
      description: 'Network upgrades, staking, gas fees and the wider Ethereum ecosystem.',
    },
    zh: { title: '以太坊与网络升级', description: '网络升级、质押、Gas 费用与以太坊生态的最新进展。' },
    match: {
      en: /\bethereum\b(?! classic)|(?<!\/)\beth\b(?!\s+pairs?)/i,
      zh: /以太坊(?!经典)|(?<!\/)ETH(?!\s*交易对)/,
    },
  },
  {
    key: 'etf',
    en: {
      title: 'Crypto ETFs',
      description: 'Spot and futures exchange-traded funds, flows into them and the filings behind them.',
    },
    zh: { title: '加密 ETF', description: '现货与期货 ETF、资金流入流出及相关申请进展。' },
    match: { en: /\betfs?\b|fund/i, zh: /ETF|基金/ },
  },
  {
    key: 'regulation',
    en: {
      title: 'Regulation and policy',
      description: 'How lawmakers and regulators in the US, EU and Asia are shaping the industry.',
    },
    zh: { title: '监管与政策', description: '美国、欧盟与亚洲的立法者和监管机构如何塑造行业。' },
    match: { en: /regulat|\bsec\b|\blaw|polic|licen/i, zh: /监管|政策|合规|牌照|法案/ },
  },
  {
    key: 'stablecoins',
    en: {
      title: 'Stablecoins',
      description: 'Supply, reserves and the rules for dollar tokens such as USDT and USDC.',
    },
    zh: { title: '稳定币', description: 'USDT、USDC 等美元代币的供应、储备与监管规则。' },
    match: { en: /stablecoin|\busdt\b|\busdc\b|\bdai\b/i, zh: /稳定币|USDT|USDC/ },
  },
  {
    key: 'defi',
    en: { title: 'DeFi', description: 'Lending, decentralised exchanges, liquidity and yields on chain.' },
    zh: { title: 'DeFi 前沿', description: '链上借贷、去中心化交易所、流动性与收益。' },
    match: { en: /defi|lending|liquidity|\bdex\b|yield|tvl/i, zh: /DeFi|借贷|流动性|收益|锁仓/ },
  },
  {
    key: 'listings',
    en: {
      title: 'Exchange listings',
      description: 'New trading pairs and launches on the major exchanges, and how the tokens traded after.',
    },
    zh: { title: '交易所上新', description: '主流交易所的新交易对与新币上线，以及上线后的表现。' },
    match: { en: /\blist(s|ed|ing|ings)?\b|launch/i, zh: /上线|上币|上市|开放/ },
  },
  {
    key: 'security',
    en: {
      title: 'Hacks and security',
      description: 'Exploits, phishing campaigns, audits and how to keep funds safe.',
    },
    zh: { title: '安全事件', description: '漏洞攻击、钓鱼活动、审计以及如何保障资金安全。' },
    match: { en: /hack|exploit|secur|phishing|audit|stolen|attack/i, zh: /黑客|攻击|安全|钓鱼|漏洞|审计|被盗/ },
  },
  {
    key: 'layer-2',
    en: {
      title: 'Layer 2 and scaling',
      description: 'Rollups, sidechains and other ways of making blockchains cheaper and faster.',
    },
    zh: { title: '二层网络与扩容', description: 'Rollup、侧链以及让区块链更便宜更快速的各种方案。' },
    match: { en: /layer[ -]?2|rollup|scaling|arbitrum|optimism|\bfees?\b/i, zh: /二层|Layer 2|Rollup|扩容|手续费/ },
  },
  {
    key: 'markets',
    en: {
      title: 'Market outlook',
      description: 'Analysis of prices, volumes, derivatives positioning and macro drivers.',
    },
    zh: { title: '行情展望', description: '价格、成交量、衍生品持仓与宏观因素分析。' },
    match: { en: /market|rally|price|volume|futures|funding|outlook/i, zh: /行情|市场|价格|成交|期货|资金费率|展望/ },
  },
  {
    key: 'mining-staking',
    en: { title: 'Mining and staking', description: 'Hashrate, miner economics, validators and staking yields.' },
    zh: { title: '挖矿与质押', description: '算力、矿工经济、验证者与质押收益。' },
    match: { en: /min(ing|er|ers)\b|hashrate|stak|validator/i, zh: /矿|算力|质押|验证者/ },
  },
  {
    key: 'whales',
    en: {
      title: 'Whales and on-chain flows',
      description: 'Large holders, exchange balances and money moving on chain.',
    },
    zh: { title: '巨鲸与链上资金', description: '大户动向、交易所余额与链上资金流动。' },
    match: { en: /whale|on-chain|inflow|outflow|wallet|holder|address/i, zh: /巨鲸|链上|流入|流出|钱包|地址|持币/ },
  },
];
