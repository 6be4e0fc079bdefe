/**
 * The texts of the demo articles (content/articles.ts): the columnists, and the news and research
 * templates in English and Simplified Chinese.
 */

export type Lang = 'en' | 'zh';

export interface SeedColumnist {
  name: string;
  lang: Lang;
  bio: string;
}

export const COLUMNISTS: SeedColumnist[] = [
  {
    name: 'Maya Lindqvist',
    lang: 'en',
    bio: 'Covers market structure and exchange flows. Former equities trader, writing about crypto liquidity since 2017.',
  },
  {
    name: 'Daniel Okafor',
    lang: 'en',
    bio: 'On-chain analyst. Reads wallets, miners and stablecoin supply so you do not have to.',
  },
  {
    name: 'Priya Raman',
    lang: 'en',
    bio: 'Policy and regulation correspondent following rule-making in the US, EU and Asia.',
  },
  {
    name: 'Tomás Ferreira',
    lang: 'en',
    bio: 'Derivatives desk: futures basis, options skew and funding rates, explained weekly.',
  },
  {
    name: 'Hannah Becker',
    lang: 'en',
    bio: 'Writes about protocol upgrades, developer activity and the economics of block space.',
  },
  {
    name: 'Samuel Hart',
    lang: 'en',
    bio: 'Macro strategist connecting rates, the dollar and risk appetite to digital assets.',
  },
  {
    name: 'Elena Petrova',
    lang: 'en',
    bio: 'Security researcher tracking exploits, phishing campaigns and wallet safety.',
  },
  { name: 'James Whitaker', lang: 'en', bio: 'Long-form research on valuation frameworks and token supply schedules.' },
  { name: '林晓舟', lang: 'zh', bio: '专注交易所资金流向与市场结构分析，曾任券商研究员。' },
  { name: '陈一鸣', lang: 'zh', bio: '链上数据分析师，长期跟踪巨鲸地址、矿工行为与稳定币供应。' },
  { name: '王思远', lang: 'zh', bio: '关注全球加密监管动态，解读政策对行业的影响。' },
  { name: '赵婧', lang: 'zh', bio: '衍生品研究员，每周解读期货基差、期权偏度与资金费率。' },
  { name: '刘子墨', lang: 'zh', bio: '公链与二层网络观察者，撰写协议升级与开发者生态报道。' },
  { name: '周北辰', lang: 'zh', bio: '宏观策略作者，从利率、美元与风险偏好角度看数字资产。' },
  { name: '孙可欣', lang: 'zh', bio: '深度研究作者，擅长估值框架与代币经济模型分析。' },
];

export interface Template {
  /** About a smaller coin (exchange listings): picked outside the top 15. */
  small?: true;
  title: string;
  summary: string;
  body: string[];
}

/** News templates; placeholders: {coin} {sym} {coin2} {sym2} {pct} {pct2} {ex} {amt} {n} {days}. */
export const NEWS: Record<Lang, Template[]> = {
  en: [
    {
      title: '{coin} climbs {pct}% as spot volumes return to {ex}',
      summary: '{sym} rose {pct}% over the day while spot trading on {ex} picked up after a quiet week.',
      body: [
        '{coin} ({sym}) gained {pct}% in the last 24 hours, its strongest daily move in {days} days, as spot volumes on {ex} climbed back above their monthly average.',
        'Traders pointed to steady buying during Asian hours and a drop in exchange balances as signs that the move was driven by spot demand rather than leverage. Funding rates on perpetual futures stayed close to neutral.',
        'Order-book depth within 1% of the price also improved, which market makers said made it easier to fill large orders without moving the market.',
        'Whether the rally holds will depend on follow-through volume over the coming sessions, analysts said. Nothing here is investment advice.',
      ],
    },
    {
      small: true,
      title: '{ex} lists {coin} ({sym}) with USDT and BTC pairs',
      summary: '{ex} opened {sym}/USDT and {sym}/BTC trading, with deposits enabled ahead of the launch.',
      body: [
        '{ex} said it has listed {coin} ({sym}) and opened {sym}/USDT and {sym}/BTC spot pairs. Deposits were enabled several hours before trading began, and withdrawals open one day after the listing.',
        'The exchange said the listing followed its standard review of the project’s team, token distribution and smart-contract audits.',
        'Listings on large venues often bring a short burst of volume. Past listings on {ex} saw volume settle within {days} days.',
      ],
    },
    {
      title: '{coin} developers publish roadmap for next network upgrade',
      summary: 'The upgrade focuses on lower fees and faster finality; a public testnet is planned within weeks.',
      body: [
        'Core developers of {coin} have published a roadmap for the network’s next upgrade, which targets lower transaction fees and faster finality.',
        'A public testnet is scheduled to launch in about {days} days. Node operators will be asked to update their software before the activation height is set.',
        'The proposal also reworks how fees are split between validators and the treasury, a change that drew debate on the project’s forum.',
        'Developers said the timeline could move if the testnet surfaces problems.',
      ],
    },
    {
      title: 'Whale moves {amt} of {sym} to exchanges, on-chain data shows',
      summary: 'A large holder transferred {amt} worth of {coin} to {ex}, the biggest single deposit in weeks.',
      body: [
        'A wallet that had been dormant for over a year sent {amt} worth of {coin} to {ex} on Tuesday, according to on-chain data.',
        'Large deposits to exchanges are often read as a sign that a holder may sell, though they can also be used as collateral or moved between custody accounts.',
        'The transfer came as {sym} traded {pct}% below its high of the month. Exchange balances of {sym} have otherwise been falling for {days} days.',
      ],
    },
    {
      title: '{coin} slips {pct}% after funding rates turn negative',
      summary: 'Short sellers paid longs for the first time in weeks as {sym} fell {pct}%.',
      body: [
        '{coin} fell {pct}% on the day as funding rates on {sym} perpetual futures turned negative, meaning traders betting on a decline paid those betting on a rise.',
        'Open interest dropped by roughly {pct2}% over the same period, suggesting some leveraged long positions were closed or liquidated.',
        'Spot buyers stepped in near the previous week’s low, and analysts said that level would be watched closely.',
      ],
    },
    {
      title: 'Asset manager adds {coin} exposure, filing shows',
      summary: 'A quarterly filing shows a new position worth {amt} in a fund tracking {coin}.',
      body: [
        'An asset manager disclosed a new position worth {amt} tied to {coin} ({sym}) in its latest quarterly filing.',
        'The filing does not show when the position was bought or whether it has changed since the quarter ended.',
        'Institutional filings are published with a delay and give only a partial picture, but they are followed closely as a gauge of professional demand for digital assets.',
      ],
    },
    {
      title: '{coin} and {coin2} lead weekly gains among large caps',
      summary: '{sym} rose {pct}% and {sym2} {pct2}% over seven days, outpacing the wider market.',
      body: [
        '{coin} ({sym}) and {coin2} ({sym2}) were the best performers among the largest coins this week, up {pct}% and {pct2}% respectively.',
        'Both moves came with rising volume. {ex} reported its busiest week for {sym} trading in {days} days.',
        'The broader market was little changed over the same period, and dominance of the largest coin edged lower as money rotated into other large caps.',
      ],
    },
    {
      title: 'Regulators publish draft rules for stablecoin issuers',
      summary: 'The draft sets reserve, audit and redemption requirements; comments are open for {days} days.',
      body: [
        'Financial regulators have published draft rules for stablecoin issuers, covering reserve assets, monthly audits and redemption times.',
        'Under the proposal, reserves would have to be held in cash and short-term government debt, and holders would have the right to redeem at par within one business day.',
        'The public comment period runs for {days} days. Industry groups welcomed the clarity but asked for a longer transition period.',
        '{coin} and {coin2} traders said the rules could affect liquidity on exchanges that rely on stablecoin pairs.',
      ],
    },
    {
      title: '{coin} network fees fall to a six-month low',
      summary: 'Average transaction fees on {coin} dropped as activity moved to second-layer networks.',
      body: [
        'Average transaction fees on the {coin} network have fallen to their lowest level in six months, according to block data.',
        'Developers attributed the decline to more activity moving to second-layer networks and to more efficient batching by exchanges.',
        'Lower fees make small transfers cheaper but reduce revenue for validators and miners, a trade-off the community has debated for years.',
      ],
    },
    {
      title: '{ex} pauses {sym} deposits for scheduled wallet maintenance',
      summary: 'Deposits and withdrawals of {coin} on {ex} are paused for a few hours; trading continues.',
      body: [
        '{ex} has temporarily paused deposits and withdrawals of {coin} ({sym}) while it upgrades its wallet infrastructure.',
        'Trading of {sym} pairs continues as normal during the maintenance window, the exchange said. Deposits sent during the pause will be credited once the upgrade is complete.',
        'Scheduled maintenance of this kind is common ahead of network upgrades.',
      ],
    },
    {
      title: 'Open interest in {sym} futures reaches {amt}',
      summary: 'Futures open interest for {coin} hit a record as traders added leveraged positions.',
      body: [
        'Open interest in {coin} futures across major exchanges rose to {amt}, the highest level on record.',
        'Rising open interest together with rising prices can point to new money entering the market, but it also raises the risk of sharp moves when leveraged positions are closed.',
        '{ex} accounted for the largest share of open interest, followed by other large derivatives venues.',
      ],
    },
    {
      title: '{coin} ecosystem fund commits {amt} to developer grants',
      summary: 'The fund will back wallets, tooling and applications building on {coin}.',
      body: [
        'The foundation behind {coin} said it will commit {amt} to grants for teams building wallets, developer tools and applications on the network.',
        'Applications open next month, and grants will be paid in stages tied to milestones.',
        'Ecosystem funds have become a common way for networks to attract developers, though their long-term effect on usage is hard to measure.',
      ],
    },
    {
      title: 'Analysts split over {coin} outlook after {pct}% monthly move',
      summary: 'Some see room to run for {sym}; others point to slowing on-chain activity.',
      body: [
        '{coin} has moved {pct}% over the past month, and analysts are divided on what comes next.',
        'Optimists point to growing exchange outflows and steady demand from long-term holders. Sceptics note that active addresses have declined over the same {days} days.',
        'Both camps agree that volatility is likely to stay high while liquidity remains thin outside peak trading hours.',
      ],
    },
    {
      title: 'Security firm flags phishing campaign targeting {coin} holders',
      summary: 'Fake wallet-update sites have drained funds from {n} addresses, researchers say.',
      body: [
        'A blockchain security firm has warned of a phishing campaign that uses fake wallet-update pages to trick {coin} holders into signing malicious transactions.',
        'Researchers said at least {n} addresses have been drained so far. The sites copy the look of popular wallets and are promoted through search ads.',
        'Users are advised never to enter a recovery phrase on a website and to check the address of any page asking them to sign a transaction.',
      ],
    },
  ],
  zh: [
    {
      title: '{coin} 上涨 {pct}%，{ex} 现货成交量回升',
      summary: '{sym} 24 小时上涨 {pct}%，{ex} 现货交易在平淡一周后明显回暖。',
      body: [
        '{coin}（{sym}）过去 24 小时上涨 {pct}%，创下近 {days} 天以来最大单日涨幅，{ex} 的现货成交量也重新回到月均水平之上。',
        '交易员指出，亚洲时段买盘稳定，交易所余额持续下降，说明此轮上涨主要由现货需求推动，而非杠杆。永续合约资金费率基本保持中性。',
        '价格上下 1% 范围内的订单簿深度同样有所改善，做市商表示大额订单更容易成交而不明显冲击价格。',
        '分析人士认为，行情能否延续取决于未来几个交易时段的成交量。本文不构成投资建议。',
      ],
    },
    {
      small: true,
      title: '{ex} 上线 {coin}（{sym}），开通 USDT 与 BTC 交易对',
      summary: '{ex} 开通 {sym}/USDT 与 {sym}/BTC 现货交易，充值已提前开放。',
      body: [
        '{ex} 宣布上线 {coin}（{sym}），并开通 {sym}/USDT 与 {sym}/BTC 现货交易对。充值在开盘前数小时开放，提现将在上线一天后开放。',
        '交易所表示，此次上线经过了对项目团队、代币分配和智能合约审计的常规审核。',
        '大型平台上线新币通常会带来短期成交量激增。以往在 {ex} 上线的项目，成交量一般会在 {days} 天内回落。',
      ],
    },
    {
      title: '{coin} 开发团队公布下一次网络升级路线图',
      summary: '升级重点是降低手续费和加快最终确认，公开测试网将在数周内上线。',
      body: [
        '{coin} 核心开发者公布了下一次网络升级的路线图，目标是降低交易手续费并缩短最终确认时间。',
        '公开测试网计划在约 {days} 天后上线。在确定激活高度之前，节点运营者需要完成软件更新。',
        '提案还调整了手续费在验证者与国库之间的分配方式，这一改动在社区论坛上引发讨论。',
        '开发者表示，如果测试网发现问题，时间表可能会调整。',
      ],
    },
    {
      title: '链上数据：巨鲸向交易所转入价值 {amt} 的 {sym}',
      summary: '一个大户地址向 {ex} 转入价值 {amt} 的 {coin}，为数周以来最大单笔充值。',
      body: [
        '链上数据显示，一个沉寂一年多的钱包周二向 {ex} 转入了价值 {amt} 的 {coin}。',
        '大额充值到交易所通常被解读为可能的抛售信号，但也可能用于抵押或在托管账户之间调拨。',
        '转账发生时，{sym} 较本月高点低 {pct}%。除此之外，{sym} 的交易所余额已连续 {days} 天下降。',
      ],
    },
    {
      title: '资金费率转负，{coin} 下跌 {pct}%',
      summary: '数周以来首次出现空头向多头支付资金费，{sym} 下跌 {pct}%。',
      body: [
        '{coin} 当日下跌 {pct}%，{sym} 永续合约资金费率转为负值，意味着看跌的交易者需要向看涨者支付费用。',
        '同期未平仓合约减少约 {pct2}%，显示部分杠杆多头已平仓或被强平。',
        '现货买盘在上周低点附近出现，分析人士表示这一价位值得密切关注。',
      ],
    },
    {
      title: '资管机构增持 {coin}，季度持仓文件显示',
      summary: '最新季度文件显示，一家资管机构新建了价值 {amt} 的 {coin} 基金头寸。',
      body: [
        '一家资产管理公司在最新季度持仓文件中披露，新建了与 {coin}（{sym}）相关、价值 {amt} 的头寸。',
        '文件并未显示买入时间，也无法反映季度结束后持仓是否发生变化。',
        '机构持仓披露存在滞后，只能反映部分情况，但仍被视为衡量专业资金需求的重要参考。',
      ],
    },
    {
      title: '{coin} 与 {coin2} 领涨本周大市值币种',
      summary: '七天内 {sym} 上涨 {pct}%，{sym2} 上涨 {pct2}%，跑赢大盘。',
      body: [
        '本周大市值币种中，{coin}（{sym}）与 {coin2}（{sym2}）表现最佳，分别上涨 {pct}% 和 {pct2}%。',
        '两者上涨均伴随成交量放大。{ex} 表示本周 {sym} 成交量创下 {days} 天以来新高。',
        '同期整体市场变化不大，资金向其他大市值币种轮动，龙头币种的市占率小幅下降。',
      ],
    },
    {
      title: '监管机构发布稳定币发行方规则草案',
      summary: '草案对储备、审计和赎回提出要求，公开征求意见期为 {days} 天。',
      body: [
        '金融监管机构发布了稳定币发行方规则草案，内容涵盖储备资产、月度审计和赎回时限。',
        '根据草案，储备须以现金和短期国债形式持有，持有人有权在一个工作日内按面值赎回。',
        '公开征求意见期为 {days} 天。行业协会对规则明确表示欢迎，但希望延长过渡期。',
        '{coin} 和 {coin2} 的交易者认为，新规可能影响依赖稳定币交易对的交易所流动性。',
      ],
    },
    {
      title: '{coin} 网络手续费降至六个月低点',
      summary: '随着交易活动转向二层网络，{coin} 平均手续费明显下降。',
      body: [
        '区块数据显示，{coin} 网络平均交易手续费已降至六个月以来最低水平。',
        '开发者认为，这主要是因为更多活动转向二层网络，以及交易所批量打包交易的效率提高。',
        '手续费降低让小额转账更便宜，但也减少了验证者和矿工的收入，社区对此权衡已争论多年。',
      ],
    },
    {
      title: '{ex} 暂停 {sym} 充提，进行钱包例行维护',
      summary: '{ex} 暂停 {coin} 充值与提现数小时，交易不受影响。',
      body: [
        '{ex} 宣布暂时暂停 {coin}（{sym}）的充值和提现，以升级钱包基础设施。',
        '交易所表示，维护期间 {sym} 交易对照常交易。维护期间发起的充值将在升级完成后到账。',
        '此类例行维护在网络升级前较为常见。',
      ],
    },
    {
      title: '{sym} 期货未平仓合约升至 {amt}',
      summary: '{coin} 期货未平仓合约创历史新高，交易者持续加杠杆。',
      body: [
        '主要交易所的 {coin} 期货未平仓合约升至 {amt}，创历史最高水平。',
        '未平仓合约与价格同步上升可能意味着新资金入场，但也增加了杠杆头寸集中平仓时出现剧烈波动的风险。',
        '{ex} 的未平仓合约占比最大，其次是其他大型衍生品平台。',
      ],
    },
    {
      title: '{coin} 生态基金拨款 {amt} 支持开发者',
      summary: '该基金将资助基于 {coin} 的钱包、工具与应用开发。',
      body: [
        '{coin} 背后的基金会宣布，将拨出 {amt} 资助在该网络上开发钱包、开发者工具和应用的团队。',
        '申请将于下月开放，资助款项将按里程碑分阶段发放。',
        '生态基金已成为公链吸引开发者的常见方式，但其对长期使用量的影响难以衡量。',
      ],
    },
    {
      title: '月内波动 {pct}%，分析师对 {coin} 后市看法分歧',
      summary: '有人认为 {sym} 仍有上行空间，也有人担心链上活跃度放缓。',
      body: [
        '{coin} 过去一个月波动幅度达 {pct}%，分析师对后市看法不一。',
        '乐观者指出交易所净流出增加、长期持有者需求稳定；谨慎者则注意到同期 {days} 天内活跃地址数有所下降。',
        '双方都认为，在非高峰时段流动性偏弱的情况下，波动可能仍将维持高位。',
      ],
    },
    {
      title: '安全公司警告：钓鱼攻击瞄准 {coin} 持有者',
      summary: '研究人员称，伪造的钱包升级网站已盗取 {n} 个地址的资产。',
      body: [
        '一家区块链安全公司警告称，有钓鱼团伙利用伪造的钱包升级页面，诱骗 {coin} 持有者签署恶意交易。',
        '研究人员表示，目前至少已有 {n} 个地址被盗。这些网站仿冒热门钱包的界面，并通过搜索广告推广。',
        '建议用户切勿在任何网站输入助记词，并在签署交易前仔细核对页面地址。',
      ],
    },
  ],
};

export const RESEARCH: Record<Lang, Template[]> = {
  en: [
    {
      title: '{coin} quarterly review: activity, supply and market structure',
      summary: 'A look at {coin} network usage, holder behaviour and trading venues over the last quarter.',
      body: [
        '## Key findings',
        'Network activity on {coin} grew steadily over the quarter, while the share of supply held by long-term holders reached {pct}%. Exchange balances continued to decline.',
        '## Network usage',
        'Daily active addresses rose by about {pct2}% quarter on quarter. Transaction counts grew faster than fees, which points to more small payments and fewer congested periods.',
        '## Holders',
        'Coins that have not moved for more than a year now make up the majority of supply. Historically, this group sells into strength, so its behaviour near previous highs is worth watching.',
        '## Market structure',
        '{ex} remained the largest venue for {sym} spot trading. Derivatives volume outpaced spot volume by a wide margin, and funding rates were positive on most days.',
        '## Outlook',
        'We see the quarter as one of consolidation. The main risks are a reversal in stablecoin supply and a sharp drop in derivatives open interest. This report is not investment advice.',
      ],
    },
    {
      title: 'Scaling compared: {coin} and {coin2}',
      summary: 'How {coin} and {coin2} differ in throughput, fees, decentralisation and developer activity.',
      body: [
        '## Why compare them',
        '{coin} and {coin2} compete for the same users and developers, but take different approaches to scaling. This report compares them on four measures.',
        '## Throughput and fees',
        'Over the last {days} days, {coin2} processed more transactions per second on average, while {coin} kept fees more stable during peaks.',
        '## Decentralisation',
        '{coin} has a larger and more evenly distributed validator set. {coin2} relies on fewer, larger operators, which speeds up finality but concentrates risk.',
        '## Developers',
        'Monthly active developers grew on both networks; {coin} by about {pct}% and {coin2} by about {pct2}%.',
        '## Conclusion',
        'Neither network dominates on every measure. The choice depends on whether an application values cost stability or raw throughput.',
      ],
    },
    {
      title: 'Stablecoin flows and what they say about {coin} demand',
      summary: 'Stablecoin supply on exchanges is a leading indicator of buying power; we test it against {sym}.',
      body: [
        '## The idea',
        'Stablecoins waiting on exchanges are buying power. When their supply rises, prices of large coins such as {coin} have tended to follow.',
        '## What the data shows',
        'Over the last {days} days, stablecoin balances on exchanges rose by {amt}. In the same period {sym} moved {pct}%.',
        '## Caveats',
        'The relationship is loose: stablecoins also serve as collateral for derivatives, and some exchanges do not publish wallet addresses.',
        '## Takeaway',
        'Stablecoin flows are a useful background indicator for {coin} demand but should not be used on their own.',
      ],
    },
    {
      title: 'Valuation framework for {coin}: network value, fees and supply',
      summary: 'Three ways to value {coin}, and what each of them says today.',
      body: [
        '## Three lenses',
        'There is no single accepted way to value a crypto network. We look at {coin} through network value to transactions, fee revenue and supply dynamics.',
        '## Network value to transactions',
        'The ratio of market value to on-chain transfer volume sits near its {days}-day average, suggesting neither froth nor deep value.',
        '## Fee revenue',
        'Annualised fees amount to {amt}. Fee revenue has grown about {pct}% year on year.',
        '## Supply',
        'Net issuance is low and a large share of supply is held by long-term holders, which limits available float.',
        '## Summary',
        'On these measures {coin} looks fairly valued. Each model has weaknesses, and none of this is investment advice.',
      ],
    },
    {
      title: 'Derivatives positioning report: {sym} futures and options',
      summary: 'Open interest, funding, basis and options skew for {coin} this month.',
      body: [
        '## Futures',
        'Open interest in {sym} futures reached {amt}. Funding rates averaged slightly positive, and the annualised basis on quarterly contracts was about {pct}%.',
        '## Options',
        'Put-call skew flattened over the month, showing less demand for downside protection. The largest open interest sits at round-number strikes.',
        '## Venues',
        '{ex} held the largest share of futures open interest.',
        '## What to watch',
        'A rapid rise in open interest without spot volume would make {sym} vulnerable to liquidation cascades.',
      ],
    },
    {
      small: true,
      title: 'Token unlocks ahead: {coin} and {coin2}',
      summary: 'Scheduled unlocks release new supply of {sym} and {sym2}; we size them against daily volume.',
      body: [
        '## The schedule',
        'Over the next {days} days, scheduled unlocks will release tokens of {coin} and {coin2} to early investors and team members.',
        '## Size against liquidity',
        'The {sym} unlock is worth about {amt}, roughly {pct}% of average daily volume. The {sym2} unlock is smaller relative to its market.',
        '## Past unlocks',
        'Prices have often weakened before unlocks and recovered after, as the event is widely anticipated.',
        '## Conclusion',
        'Unlocks add supply but rarely decide the trend on their own. Liquidity and broader market direction matter more.',
      ],
    },
  ],
  zh: [
    {
      title: '{coin} 季度回顾：链上活动、供应与市场结构',
      summary: '回顾上季度 {coin} 的网络使用、持有者行为和交易场所分布。',
      body: [
        '## 核心结论',
        '本季度 {coin} 网络活动稳步增长，长期持有者持有的供应占比达到 {pct}%，交易所余额继续下降。',
        '## 网络使用',
        '日活跃地址数环比增长约 {pct2}%。交易笔数增速快于手续费增速，说明小额支付增多、拥堵时段减少。',
        '## 持有者',
        '超过一年未移动的代币已占供应的大部分。历史上这类持有者倾向于在上涨时卖出，因此在前高附近的行为值得关注。',
        '## 市场结构',
        '{ex} 仍是 {sym} 现货交易的最大平台。衍生品成交量远高于现货，多数交易日资金费率为正。',
        '## 展望',
        '我们认为本季度以整固为主。主要风险在于稳定币供应回落以及衍生品未平仓合约骤降。本报告不构成投资建议。',
      ],
    },
    {
      title: '扩容路线对比：{coin} 与 {coin2}',
      summary: '从吞吐量、手续费、去中心化程度和开发者活跃度比较 {coin} 与 {coin2}。',
      body: [
        '## 为什么比较',
        '{coin} 与 {coin2} 争夺相同的用户和开发者，但扩容思路不同。本报告从四个维度进行比较。',
        '## 吞吐量与手续费',
        '过去 {days} 天，{coin2} 平均每秒处理的交易更多，而 {coin} 在高峰期的手续费更稳定。',
        '## 去中心化',
        '{coin} 的验证者数量更多、分布更均匀；{coin2} 依赖少数大型节点，最终确认更快但风险更集中。',
        '## 开发者',
        '两条链的月活跃开发者均有增长：{coin} 约增长 {pct}%，{coin2} 约增长 {pct2}%。',
        '## 结论',
        '两者都没有在所有维度上占优，选择取决于应用更看重成本稳定还是吞吐量。',
      ],
    },
    {
      title: '稳定币流向与 {coin} 需求',
      summary: '交易所稳定币余额是购买力的领先指标，本文用 {sym} 的数据加以检验。',
      body: [
        '## 思路',
        '停留在交易所的稳定币代表潜在购买力。稳定币供应增加时，{coin} 等大市值币种的价格往往随之上涨。',
        '## 数据表现',
        '过去 {days} 天，交易所稳定币余额增加了 {amt}，同期 {sym} 变动 {pct}%。',
        '## 局限',
        '两者关系并不紧密：稳定币也被用作衍生品保证金，部分交易所也未公开钱包地址。',
        '## 结论',
        '稳定币流向可作为观察 {coin} 需求的背景指标，但不宜单独使用。',
      ],
    },
    {
      title: '{coin} 估值框架：网络价值、手续费与供应',
      summary: '用三种方法为 {coin} 估值，并看看它们目前分别给出什么结论。',
      body: [
        '## 三个视角',
        '加密网络没有公认的唯一估值方法。本文从网络价值与交易量之比、手续费收入和供应变化三个角度观察 {coin}。',
        '## 网络价值与交易量之比',
        '市值与链上转账量之比接近 {days} 日均值，既不显示泡沫，也不显示明显低估。',
        '## 手续费收入',
        '年化手续费约为 {amt}，同比增长约 {pct}%。',
        '## 供应',
        '净增发较低，且大部分供应由长期持有者持有，可流通筹码有限。',
        '## 小结',
        '按上述指标，{coin} 估值大致合理。每种模型都有缺陷，本文不构成投资建议。',
      ],
    },
    {
      title: '衍生品持仓报告：{sym} 期货与期权',
      summary: '本月 {coin} 的未平仓合约、资金费率、基差与期权偏度。',
      body: [
        '## 期货',
        '{sym} 期货未平仓合约达到 {amt}。资金费率平均略为正值，季度合约年化基差约为 {pct}%。',
        '## 期权',
        '本月看跌看涨偏度趋于平缓，显示对下行保护的需求减少。未平仓量最大的行权价集中在整数关口。',
        '## 交易场所',
        '{ex} 的期货未平仓合约占比最大。',
        '## 关注点',
        '如果未平仓合约快速上升而现货成交量没有跟上，{sym} 将更容易出现连环强平。',
      ],
    },
    {
      small: true,
      title: '代币解锁前瞻：{coin} 与 {coin2}',
      summary: '{sym} 与 {sym2} 即将迎来计划解锁，本文将解锁规模与日均成交量对比。',
      body: [
        '## 解锁安排',
        '未来 {days} 天，{coin} 与 {coin2} 将按计划向早期投资者和团队成员释放代币。',
        '## 规模与流动性',
        '{sym} 解锁价值约 {amt}，约为日均成交量的 {pct}%。{sym2} 解锁规模相对其市场更小。',
        '## 历史经验',
        '由于解锁事件广为人知，价格往往在解锁前走弱、解锁后回升。',
        '## 结论',
        '解锁会增加供应，但很少单独决定趋势，流动性和大盘方向更为重要。',
      ],
    },
  ],
};
