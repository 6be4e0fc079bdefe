/**
 * The texts of the demo community content (content/community.ts): partners, project updates by
 * kind, questions with their answers, askers' display names, official accounts' handles and the
 * projects' and exchanges' posts on Twitter/X and Weibo, each in English and Chinese.
 */
import type { UpdateKind } from '../../../features/content/community/index.ts';
import type { SeedCoin, SeedExchange } from '../content/context.ts';

export interface Vars {
  c: SeedCoin;
  x: SeedExchange;
  n: number;
  v: string;
  partner: string;
}

export type Text = (v: Vars) => [title: string, body: string];

export const PARTNERS = [
  'Chainlink Labs',
  'Google Cloud',
  'Visa',
  'Circle',
  'Alchemy',
  'Ledger',
  'Fireblocks',
  'Mastercard',
  'Coinbase Cloud',
  'The Graph',
  'Microsoft Azure',
  'Deutsche Telekom',
];

export const UPDATE_TEXTS: Record<UpdateKind, { en: Text[]; zh: Text[] }> = {
  release: {
    en: [
      (v) => [
        `${v.c.name} releases v${v.v} with faster sync and lower fees`,
        `The ${v.c.name} core team has released version ${v.v}. Node operators can expect initial sync to finish about ${10 + (v.n % 30)}% faster, and the new fee estimator lowers the average cost of a ${v.c.symbol} transfer.\n\nThe release also fixes several edge cases in peer discovery. Operators are asked to upgrade within two weeks; older versions remain compatible until the next network upgrade.`,
      ],
      (v) => [
        `${v.c.name} mainnet upgrade v${v.v} scheduled`,
        `${v.c.name} will activate the v${v.v} upgrade on mainnet after it ran without incident on testnet for ${2 + (v.n % 5)} weeks. The upgrade adds account abstraction features for wallets and raises the block gas limit.\n\nExchanges and wallet providers have been notified; ${v.c.symbol} deposits and withdrawals may pause briefly around the activation block.`,
      ],
      (v) => [
        `${v.c.name} wallet SDK ${v.v} is out`,
        `A new version of the official ${v.c.name} SDK (${v.v}) is available. It brings TypeScript types for every RPC method, hardware-wallet signing and a simpler API for ${v.c.symbol} staking.\n\nThe changelog lists ${12 + (v.n % 20)} improvements and two breaking changes, with a migration guide for existing integrations.`,
      ],
    ],
    zh: [
      (v) => [
        `${v.c.name}发布v${v.v}版本：同步更快、手续费更低`,
        `${v.c.name}核心团队发布了${v.v}版本。节点初次同步速度提升约${10 + (v.n % 30)}%，新的手续费估算器降低了${v.c.symbol}转账的平均成本。\n\n此版本还修复了节点发现中的若干问题。请节点运营者在两周内升级；旧版本在下一次网络升级前保持兼容。`,
      ],
      (v) => [
        `${v.c.name}主网v${v.v}升级时间确定`,
        `${v.c.name}的v${v.v}升级已在测试网平稳运行${2 + (v.n % 5)}周，即将在主网激活。此次升级为钱包带来账户抽象功能，并提高了区块Gas上限。\n\n交易所和钱包服务商已收到通知，激活区块前后${v.c.symbol}充提可能短暂暂停。`,
      ],
      (v) => [
        `${v.c.name}钱包SDK ${v.v}发布`,
        `${v.c.name}官方SDK新版本（${v.v}）现已发布，为所有RPC方法提供TypeScript类型，支持硬件钱包签名，并简化了${v.c.symbol}质押接口。\n\n更新日志列出了${12 + (v.n % 20)}项改进和两项不兼容变更，并附有迁移指南。`,
      ],
    ],
  },
  partnership: {
    en: [
      (v) => [
        `${v.c.name} partners with ${v.partner}`,
        `${v.c.name} announced a strategic partnership with ${v.partner}. The two teams will work on enterprise infrastructure for ${v.c.symbol}, starting with a managed node service and payment settlement pilots.\n\nThe first integrations are expected within the next quarter.`,
      ],
      (v) => [
        `${v.partner} joins the ${v.c.name} ecosystem as a validator`,
        `${v.partner} is now running a validator on the ${v.c.name} network and will contribute to protocol research. The ${v.c.name} foundation said the move adds geographic diversity to the validator set.`,
      ],
    ],
    zh: [
      (v) => [
        `${v.c.name}与${v.partner}达成战略合作`,
        `${v.c.name}宣布与${v.partner}达成战略合作，双方将围绕${v.c.symbol}共同建设企业级基础设施，首先推出托管节点服务和支付结算试点。\n\n首批集成预计在下个季度上线。`,
      ],
      (v) => [
        `${v.partner}加入${v.c.name}生态成为验证者`,
        `${v.partner}已在${v.c.name}网络运行验证节点，并将参与协议研究。${v.c.name}基金会表示，此举提升了验证者集合的地域多样性。`,
      ],
    ],
  },
  listing: {
    en: [
      (v) => [
        `${v.c.symbol} now trading on ${v.x.displayName}`,
        `${v.x.displayName} has listed ${v.c.name} (${v.c.symbol}) with ${v.c.symbol}/USDT and ${v.c.symbol}/BTC pairs. The ${v.c.name} team thanked the community for the support; deposits opened one day before trading.`,
      ],
      (v) => [
        `${v.x.displayName} adds ${v.c.symbol} perpetual futures`,
        `${v.c.name} (${v.c.symbol}) perpetual contracts are now available on ${v.x.displayName} with up to ${v.n % 2 === 0 ? 50 : 20}x leverage, giving traders another venue to hedge ${v.c.symbol} exposure.`,
      ],
    ],
    zh: [
      (v) => [
        `${v.c.symbol}已登陆${v.x.displayName}`,
        `${v.x.displayName}已上线${v.c.name}（${v.c.symbol}），开放${v.c.symbol}/USDT和${v.c.symbol}/BTC交易对。${v.c.name}团队感谢社区的支持；充值已于开盘前一天开放。`,
      ],
      (v) => [
        `${v.x.displayName}上线${v.c.symbol}永续合约`,
        `${v.c.name}（${v.c.symbol}）永续合约现已在${v.x.displayName}上线，最高${v.n % 2 === 0 ? 50 : 20}倍杠杆，为交易者提供了新的${v.c.symbol}对冲渠道。`,
      ],
    ],
  },
  governance: {
    en: [
      (v) => [
        `${v.c.name} proposal #${v.n} passes with ${60 + (v.n % 35)}% support`,
        `Holders of ${v.c.symbol} approved governance proposal #${v.n}, which moves part of the treasury into a grants programme for developer tooling. Turnout was the highest of the year.\n\nThe change takes effect after a seven-day timelock.`,
      ],
      (v) => [
        `${v.c.name} opens vote on fee changes`,
        `A vote on proposal #${v.n} is open to ${v.c.symbol} holders for the next seven days. The proposal would lower base fees and send a share of protocol revenue to stakers.\n\nThe forum thread collects the arguments for and against.`,
      ],
    ],
    zh: [
      (v) => [
        `${v.c.name}第${v.n}号提案以${60 + (v.n % 35)}%支持率通过`,
        `${v.c.symbol}持有者通过了第${v.n}号治理提案，将部分国库资金转入开发者工具资助计划，本次投票率为年内最高。\n\n该变更将在七天时间锁后生效。`,
      ],
      (v) => [
        `${v.c.name}开启手续费调整投票`,
        `第${v.n}号提案投票已向${v.c.symbol}持有者开放，为期七天。提案建议降低基础手续费，并将部分协议收入分配给质押者。\n\n论坛帖子汇总了正反双方的观点。`,
      ],
    ],
  },
  security: {
    en: [
      (v) => [
        `${v.c.name} completes security audit`,
        `An independent audit of the ${v.c.name} contracts found no critical issues; ${1 + (v.n % 4)} medium findings have been fixed. The full report is published in the project's repository.`,
      ],
      (v) => [
        `${v.c.name} raises bug bounty to $${1 + (v.n % 5)}M`,
        `${v.c.name} has raised the top reward of its bug bounty to $${1 + (v.n % 5)} million for critical vulnerabilities that could lead to a loss of ${v.c.symbol}. Reports go through the project's disclosure programme.`,
      ],
    ],
    zh: [
      (v) => [
        `${v.c.name}完成安全审计`,
        `第三方机构对${v.c.name}合约的审计未发现严重问题，${1 + (v.n % 4)}个中等风险问题已修复。完整报告已在项目代码库公开。`,
      ],
      (v) => [
        `${v.c.name}漏洞赏金上调至${1 + (v.n % 5)}00万美元`,
        `${v.c.name}将漏洞赏金计划的最高奖励提高到${1 + (v.n % 5)}00万美元，针对可能导致${v.c.symbol}损失的严重漏洞。报告请通过项目的披露渠道提交。`,
      ],
    ],
  },
  event: {
    en: [
      (v) => [
        `${v.c.name} community call recap`,
        `In this month's community call the ${v.c.name} team reviewed the roadmap, showed a demo of the new explorer and answered questions about ${v.c.symbol} tokenomics. A recording is available on the project's channels.`,
      ],
      (v) => [
        `${v.c.name} hackathon opens with $${100 + (v.n % 9) * 50}K in prizes`,
        `Developers can now register for the ${v.c.name} online hackathon. Tracks cover DeFi, payments and developer tools, with $${100 + (v.n % 9) * 50}K in prizes paid in ${v.c.symbol}.`,
      ],
    ],
    zh: [
      (v) => [
        `${v.c.name}社区电话会议回顾`,
        `在本月社区电话会议上，${v.c.name}团队回顾了路线图，演示了新版区块浏览器，并回答了关于${v.c.symbol}代币经济的问题。会议录像已在项目官方渠道发布。`,
      ],
      (v) => [
        `${v.c.name}黑客松开启报名，奖金${10 + (v.n % 9) * 5}万美元`,
        `${v.c.name}线上黑客松现已开放报名，赛道涵盖DeFi、支付和开发者工具，总奖金${10 + (v.n % 9) * 5}万美元，以${v.c.symbol}发放。`,
      ],
    ],
  },
};

export interface QuestionTemplate {
  /** Whether the question names a coin. */
  coin: boolean;
  title: (c: SeedCoin) => string;
  body: (c: SeedCoin) => string;
  answers: ((c: SeedCoin) => string)[];
}

export const QUESTIONS_EN: QuestionTemplate[] = [
  {
    coin: true,
    title: (c) => `Is it safe to keep ${c.symbol} on an exchange long term?`,
    body: (c) =>
      `I bought some ${c.name} and left it on the exchange. Should I move it to my own wallet, and which kind of wallet supports ${c.symbol}?`,
    answers: [
      (c) =>
        `Not your keys, not your coins. For an amount you would hate to lose, move ${c.symbol} to a hardware wallet and keep the seed phrase offline.`,
      (c) =>
        `Large exchanges keep most funds in cold storage, but you still carry their risk. Leave only what you trade; withdraw the rest. Check the ${c.name} website for the list of wallets.`,
      () => `Whatever you choose, turn on 2FA with an authenticator app and a withdrawal allowlist on the exchange.`,
    ],
  },
  {
    coin: true,
    title: (c) => `Why did my ${c.symbol} withdrawal take so long?`,
    body: (c) =>
      `My ${c.symbol} withdrawal has been "processing" for two hours. Is the network congested or is it the exchange?`,
    answers: [
      (c) =>
        `Look up the transaction hash in a ${c.name} block explorer. If there is no hash yet, the exchange has not sent it; many batch withdrawals or review large ones manually.`,
      () =>
        `Exchanges sometimes pause withdrawals of one network during wallet maintenance. Their announcement page usually says so.`,
      (c) =>
        `When the network is busy the fee the exchange pays may be too low. It normally confirms within a few hours once ${c.symbol} fees drop.`,
    ],
  },
  {
    coin: true,
    title: (c) => `How does ${c.name} staking work and what are the risks?`,
    body: (c) =>
      `I see staking yields for ${c.symbol} everywhere. Where does the yield come from, and can I lose my coins?`,
    answers: [
      (c) =>
        `The yield comes from newly issued ${c.symbol} and transaction fees paid to validators. You can lose part of your stake if your validator is slashed for misbehaving.`,
      () =>
        `Also consider the unbonding period: you cannot sell while your coins are unlocking, so a price drop in that time hits you fully.`,
      () => `Liquid staking tokens avoid the lock-up but add smart-contract risk. Read the audits first.`,
    ],
  },
  {
    coin: true,
    title: (c) => `What drives the price of ${c.symbol}?`,
    body: (c) =>
      `Beginner here. ${c.name} moved a lot this week. What usually moves its price: news, whales, or the whole market?`,
    answers: [
      () => `Mostly the whole market: altcoins follow Bitcoin most of the time. Project news matters on top of that.`,
      (c) =>
        `Watch exchange inflows. Large ${c.symbol} deposits to exchanges often come before selling pressure. The fund-flow page shows them.`,
      () => `Token unlocks and listings are scheduled events: check the calendar before you buy.`,
    ],
  },
  {
    coin: true,
    title: (c) => `Sent ${c.symbol} on the wrong network — can I recover it?`,
    body: (c) =>
      `I withdrew ${c.symbol} and picked a different network than my deposit address supports. The transaction is confirmed. Is it gone?`,
    answers: [
      () =>
        `If the receiving address is on an exchange, contact their support with the transaction hash. Many can recover it for a fee.`,
      () =>
        `If it was your own wallet and the network is EVM-compatible, importing the same seed phrase on that network usually shows the funds.`,
    ],
  },
  {
    coin: false,
    title: () => `What is the difference between a CEX and a DEX?`,
    body: () => `Which is better for a beginner who only wants to buy and hold a few coins?`,
    answers: [
      () =>
        `A centralised exchange holds your funds and matches orders for you; a DEX lets you trade from your own wallet through smart contracts.`,
      () => `For a beginner a large, regulated CEX is simpler: fiat deposits, support, and no gas fees to think about.`,
      () => `DEXs list tokens without review, so scams are more common there. Always check the contract address.`,
    ],
  },
  {
    coin: false,
    title: () => `How do I read funding rates on perpetual futures?`,
    body: () => `The funding rate is 0.01% on one exchange and negative on another. What does it tell me?`,
    answers: [
      () => `Positive funding means longs pay shorts: more traders are leveraged long. Negative means the opposite.`,
      () => `It is paid every eight hours on most exchanges, so 0.01% is about 11% a year if it stays there.`,
    ],
  },
  {
    coin: false,
    title: () => `Are token unlocks always bad for the price?`,
    body: () => `A project I hold has a large unlock next month. Should I sell before it?`,
    answers: [
      () =>
        `Not always. Markets often price unlocks in early. What matters is who receives the tokens and whether they are likely to sell.`,
      () => `Team and investor unlocks have a worse record than ecosystem or community allocations.`,
    ],
  },
  {
    coin: false,
    title: () => `How are crypto gains taxed?`,
    body: () => `Do I owe tax when I swap one coin for another, or only when I cash out?`,
    answers: [
      () =>
        `In most countries a swap between two coins is a taxable disposal. Keep a record of every trade with its value at the time.`,
      () =>
        `Rules differ a lot by country; ask a local tax adviser. Portfolio trackers can export the reports they need.`,
    ],
  },
  {
    coin: false,
    title: () => `What does "market cap" actually measure?`,
    body: () => `Is a coin with a bigger market cap always safer?`,
    answers: [
      () =>
        `Market cap is price × circulating supply. It says how much the market values the coins in circulation, not how much money went in.`,
      () => `Compare it with the fully diluted value: a large gap means a lot of supply is still to come.`,
      () => `Bigger caps are usually more liquid and less volatile, but not "safe".`,
    ],
  },
];

export const QUESTIONS_ZH: QuestionTemplate[] = [
  {
    coin: true,
    title: (c) => `${c.symbol}长期放在交易所安全吗？`,
    body: (c) => `买了一些${c.name}一直放在交易所，需要转到自己的钱包吗？哪些钱包支持${c.symbol}？`,
    answers: [
      (c) => `私钥不在自己手里，币就不算自己的。金额较大的话建议把${c.symbol}转到硬件钱包，助记词离线保存。`,
      () => `大交易所大部分资产放在冷钱包，但风险依然存在。只留交易用的部分，其余提出来。`,
      () => `无论放哪里，都要开启谷歌验证器和提币地址白名单。`,
    ],
  },
  {
    coin: true,
    title: (c) => `${c.symbol}提币一直显示处理中怎么办？`,
    body: (c) => `${c.symbol}提币两个小时了还在处理中，是网络拥堵还是交易所的问题？`,
    answers: [
      (c) =>
        `先在${c.name}区块浏览器查一下交易哈希。如果还没有哈希，说明交易所还没发出，很多交易所是批量处理或人工审核大额提币。`,
      () => `交易所钱包维护时会暂停某条链的充提，公告里一般会写。`,
      () => `网络拥堵时手续费不够会卡住，等拥堵缓解一般几个小时内会到账。`,
    ],
  },
  {
    coin: true,
    title: (c) => `${c.name}质押收益从哪里来？有什么风险？`,
    body: (c) => `很多平台都有${c.symbol}质押，年化看起来不错，收益来源是什么？会亏本吗？`,
    answers: [
      (c) => `收益来自新增发的${c.symbol}和支付给验证者的手续费。如果验证者作恶被罚没，你的质押也会损失一部分。`,
      () => `还要注意解锁期，解锁期间不能卖出，价格下跌只能扛着。`,
      () => `流动性质押代币没有锁定期，但多了智能合约风险，先看审计报告。`,
    ],
  },
  {
    coin: true,
    title: (c) => `${c.symbol}的价格主要受什么影响？`,
    body: (c) => `新手提问：${c.name}这周波动很大，一般是消息面、大户还是整个大盘带动的？`,
    answers: [
      () => `主要还是看大盘，山寨币大多数时候跟随比特币。项目自身的消息是叠加因素。`,
      (c) => `可以关注交易所资金流入，大额${c.symbol}充值进交易所往往意味着抛压。`,
      () => `代币解锁、上新币这些都是提前公布的事件，买之前看看日历。`,
    ],
  },
  {
    coin: true,
    title: (c) => `${c.symbol}转错网络了还能找回吗？`,
    body: (c) => `提币的时候选错了网络，交易已经确认，${c.symbol}是不是找不回来了？`,
    answers: [
      () => `如果收款地址是交易所的，带着交易哈希联系客服，很多交易所可以付费找回。`,
      () => `如果是自己的钱包并且是EVM兼容链，用同一个助记词在那条链上导入一般就能看到。`,
    ],
  },
  {
    coin: false,
    title: () => `中心化交易所和去中心化交易所有什么区别？`,
    body: () => `只想买几个币长期持有的新手，用哪个更合适？`,
    answers: [
      () => `中心化交易所替你保管资产并撮合订单；去中心化交易所通过智能合约让你用自己的钱包直接交易。`,
      () => `新手建议用大型合规的中心化交易所，法币入金方便，有客服，不用操心Gas费。`,
      () => `DEX上币没有审核，骗局更多，一定要核对合约地址。`,
    ],
  },
  {
    coin: false,
    title: () => `永续合约的资金费率怎么看？`,
    body: () => `同一个币在一家交易所资金费率是0.01%，另一家是负的，说明什么？`,
    answers: [
      () => `资金费率为正说明多头付费给空头，市场上加杠杆做多的人更多；为负则相反。`,
      () => `大部分交易所每八小时结算一次，0.01%持续一年大约相当于11%。`,
    ],
  },
  {
    coin: false,
    title: () => `代币解锁一定会砸盘吗？`,
    body: () => `持有的项目下个月有一大笔解锁，要不要提前卖？`,
    answers: [
      () => `不一定，市场往往会提前消化。关键看解锁给了谁、他们有没有卖出的动机。`,
      () => `团队和投资人的解锁历史上表现更差，生态和社区部分影响较小。`,
    ],
  },
  {
    coin: false,
    title: () => `市值到底代表什么？`,
    body: () => `市值越大的币就越安全吗？`,
    answers: [
      () => `市值等于价格乘以流通量，反映的是市场对流通部分的估值，并不是投入了多少钱。`,
      () => `要和完全稀释估值对比着看，差距大说明未来还有大量代币释放。`,
      () => `市值大通常流动性更好、波动更小，但谈不上安全。`,
    ],
  },
  {
    coin: false,
    title: () => `新手怎么避免被空投骗局骗？`,
    body: () => `钱包里突然多了一个不认识的代币，还有网站让我去领取，这是真的吗？`,
    answers: [
      () => `九成是骗局。不要去那个网站授权，授权之后钱包里的资产可能被转走。`,
      () => `可以在钱包里隐藏这个代币，千万不要尝试卖出或转账。`,
      () => `定期用授权管理工具检查并撤销不认识的合约授权。`,
    ],
  },
];

export const AUTHORS_EN = [
  'Satoshi Fan',
  'CryptoNomad',
  'HodlQueen',
  'BlockByBlock',
  'DeFi Dan',
  'LedgerLena',
  'GasFeeGary',
  'MoonWatcher',
  'ChainReader',
  'Alice Tran',
  'Marco B.',
  'NodeRunner',
  'Priya K.',
  'ColdWalletCarl',
  'TokenTom',
];
export const AUTHORS_ZH = [
  '币圈小白',
  '链上观察员',
  '老韭菜',
  '囤币达人',
  '矿工老王',
  'DeFi研究员',
  '区块链小李',
  '合约玩家',
  '长期主义者',
  '数字游民',
  '比特信徒',
  '钱包安全控',
  '量化小张',
  '月光族',
  '一级市场老陈',
];
export const GENERIC_EN = [
  'Good question, I had the same problem last month.',
  'Do your own research and never invest more than you can afford to lose.',
  'The project docs explain this in the FAQ section.',
];
export const GENERIC_ZH = [
  '好问题，我上个月也遇到过。',
  '自己多研究，不要投入超过承受能力的资金。',
  '项目官网的常见问题里有解释。',
];

/** Official accounts of the top projects; other coins get a handle from their name. */
export const PROJECT_HANDLES: Record<string, string> = {
  bitcoin: 'bitcoin',
  ethereum: 'ethereum',
  tether: 'Tether_to',
  binancecoin: 'BNBCHAIN',
  solana: 'solana',
  ripple: 'Ripple',
  'usd-coin': 'circle',
  cardano: 'Cardano',
  dogecoin: 'dogecoin',
  tron: 'trondao',
  chainlink: 'chainlink',
  polkadot: 'Polkadot',
  avalanche: 'avax',
  'avalanche-2': 'avax',
  litecoin: 'litecoin',
  uniswap: 'Uniswap',
};

export type PostText = (v: Vars) => string;
export const COIN_TWEETS_EN: PostText[] = [
  (v) =>
    `${v.c.name} v${v.v} is live. Faster sync, lower fees and a long list of fixes. Node operators: please upgrade. #${v.c.symbol}`,
  (v) =>
    `Thank you to everyone who joined today's community call. ${v.n} questions answered, recording is up on our channels.`,
  (v) => `New milestone: ${v.n},000 daily active addresses on ${v.c.name}. Building never stops. 🚀`,
  (v) => `Governance vote #${v.n} is open. ${v.c.symbol} holders, make your voice heard before the window closes.`,
  (v) => `We're excited to partner with ${v.partner} to bring ${v.c.symbol} to more people.`,
  (v) => `Security reminder: ${v.c.name} will never DM you or ask for your seed phrase. Report impersonators.`,
  (v) => `The ${v.c.name} hackathon is open. Tracks for DeFi, payments and tooling. Register now.`,
];
export const COIN_TWEETS_ZH: PostText[] = [
  (v) => `${v.c.name} v${v.v}版本已上线，同步更快、手续费更低，请节点运营者尽快升级。#${v.c.symbol}`,
  (v) => `${v.c.name}中文社区AMA今晚8点开始，欢迎大家提问！`,
  (v) => `${v.c.name}日活地址突破${v.n}万，感谢社区的支持。`,
];
export const EXCHANGE_TWEETS_EN: PostText[] = [
  (v) => `${v.x.displayName} will list ${v.c.name} (${v.c.symbol}). Deposits are open, trading starts soon.`,
  (v) => `${v.c.symbol}/USDT perpetual futures are now live on ${v.x.displayName} with up to 50x leverage.`,
  (v) =>
    `Scheduled wallet maintenance for the ${v.c.symbol} network. Deposits and withdrawals pause for about two hours; trading is not affected.`,
  (v) => `Trade ${v.c.symbol} with zero maker fees this week on ${v.x.displayName}. Terms apply.`,
  (v) => `Our latest proof of reserves is out: user assets are backed at ${100 + (v.n % 20)}%.`,
];
export const EXCHANGE_TWEETS_ZH: PostText[] = [(v) => `${v.x.displayName}将上线${v.c.name}（${v.c.symbol}），充值已开放。`];
export const COIN_WEIBO_ZH: PostText[] = [
  (v) => `【版本发布】${v.c.name} v${v.v}正式上线，节点同步速度提升，手续费更低，请节点运营者及时升级。`,
  (v) => `【社区活动】${v.c.name}中文社区AMA将于本周举行，${v.c.symbol}团队成员在线答疑，欢迎转发提问！`,
  (v) => `【治理投票】第${v.n}号提案投票已开启，${v.c.symbol}持有者快来参与投票。`,
  (v) => `【安全提醒】${v.c.name}官方不会私信索要助记词，请谨防假冒账号和钓鱼网站。`,
  (v) => `【生态合作】${v.c.name}与${v.partner}达成合作，${v.c.symbol}生态再添新成员。`,
];
export const EXCHANGE_WEIBO_ZH: PostText[] = [
  (v) => `【上新】${v.x.displayName}将上线${v.c.name}（${v.c.symbol}），现已开放充值，交易即将开启。`,
  (v) => `【合约】${v.x.displayName}已上线${v.c.symbol}/USDT永续合约，最高50倍杠杆。`,
  (v) => `【维护公告】${v.x.displayName}将对${v.c.symbol}钱包进行例行维护，期间暂停充提，交易不受影响。`,
  (v) => `【福利】本周在${v.x.displayName}交易${v.c.symbol}享挂单零手续费，详情见活动页。`,
  (v) => `【储备金证明】${v.x.displayName}最新储备金证明发布，用户资产储备率${100 + (v.n % 20)}%。`,
];
export const COIN_WEIBO_EN: PostText[] = [(v) => `${v.c.name} v${v.v} is now live. Upgrade your nodes. #${v.c.symbol}`];
