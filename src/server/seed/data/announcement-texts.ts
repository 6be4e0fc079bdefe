/**
 * The texts of the demo announcements and site notices (content/announcements.ts): each
 * announcement category's templates and the operator's notices, in English and Chinese.
 */
import type { AnnouncementCategory, NoticeCategory } from '../../../features/content/announcements/index.ts';
import type { SeedCoin } from '../content/context.ts';

export interface Vars {
  x: string;
  c: SeedCoin;
  c2: SeedCoin;
  n: number;
  /** A time after publication, "YYYY-MM-DD HH:mm". */
  at: string;
  day: string;
}

export interface Template {
  /** Which coins the announcement is about: none, one (the first), or two. */
  coins: 0 | 1 | 2;
  en: (v: Vars) => [title: string, body: string];
  zh: (v: Vars) => [title: string, body: string];
}

const RISK_EN =
  'Digital asset prices can be volatile. Please trade with care and understand the risks before investing.';
const RISK_ZH = '数字资产价格波动较大，请在充分了解风险的前提下谨慎投资。';

export const TEMPLATES: Record<AnnouncementCategory, Template[]> = {
  listing: [
    {
      coins: 1,
      en: (v) => [
        `${v.x} Will List ${v.c.name} (${v.c.symbol})`,
        `${v.x} will list ${v.c.name} (${v.c.symbol}) and open the ${v.c.symbol}/USDT and ${v.c.symbol}/BTC trading pairs at ${v.at} (UTC).\n\nDeposits of ${v.c.symbol} are open now. Withdrawals open one day after trading starts.\n\n${RISK_EN}`,
      ],
      zh: (v) => [
        `${v.x}将上线${v.c.name}（${v.c.symbol}）`,
        `${v.x}将上线${v.c.name}（${v.c.symbol}），并于${v.at}（UTC）开放${v.c.symbol}/USDT、${v.c.symbol}/BTC交易对。\n\n${v.c.symbol}充值现已开放，提现将于开盘后一天开放。\n\n${RISK_ZH}`,
      ],
    },
    {
      coins: 1,
      en: (v) => [
        `${v.c.symbol}/USDT Perpetual Contract Now Live with Up to ${v.n % 4 === 0 ? 75 : 50}x Leverage`,
        `${v.x} has launched the USDT-margined ${v.c.symbol} perpetual contract with up to ${v.n % 4 === 0 ? 75 : 50}x leverage. Trading opened at ${v.at} (UTC).\n\nFunding is settled every eight hours. Leverage tiers and margin requirements are listed on the contract page.\n\n${RISK_EN}`,
      ],
      zh: (v) => [
        `${v.x}上线${v.c.symbol}/USDT永续合约，最高${v.n % 4 === 0 ? 75 : 50}倍杠杆`,
        `${v.x}已上线${v.c.symbol} USDT本位永续合约，最高支持${v.n % 4 === 0 ? 75 : 50}倍杠杆，已于${v.at}（UTC）开放交易。\n\n资金费率每八小时结算一次，杠杆档位及保证金要求请见合约页面。\n\n${RISK_ZH}`,
      ],
    },
    {
      coins: 1,
      en: (v) => [
        `${v.x} Lists ${v.c.name} (${v.c.symbol}) in the Innovation Zone`,
        `${v.c.name} (${v.c.symbol}) is now listed in the ${v.x} Innovation Zone, trading against USDT from ${v.at} (UTC).\n\nInnovation Zone tokens are newer projects with higher price risk. Users must read the risk disclosure before their first trade.\n\n${RISK_EN}`,
      ],
      zh: (v) => [
        `${v.x}创新区上线${v.c.name}（${v.c.symbol}）`,
        `${v.c.name}（${v.c.symbol}）已在${v.x}创新区上线，将于${v.at}（UTC）开放USDT交易。\n\n创新区代币多为新项目，价格风险较高，首次交易前须阅读风险提示。\n\n${RISK_ZH}`,
      ],
    },
    {
      coins: 1,
      en: (v) => [
        `${v.x} Adds ${v.c.symbol}/USDC and ${v.c.symbol}/EUR Trading Pairs`,
        `${v.x} will open the ${v.c.symbol}/USDC and ${v.c.symbol}/EUR spot trading pairs at ${v.at} (UTC).\n\nTrading bots and the convert function will support the new pairs in the following days.`,
      ],
      zh: (v) => [
        `${v.x}新增${v.c.symbol}/USDC、${v.c.symbol}/EUR交易对`,
        `${v.x}将于${v.at}（UTC）开放${v.c.symbol}/USDC、${v.c.symbol}/EUR现货交易对。\n\n交易机器人及闪兑功能将于随后几天支持新交易对。`,
      ],
    },
  ],
  delisting: [
    {
      coins: 1,
      en: (v) => [
        `${v.x} Will Delist ${v.c.name} (${v.c.symbol}) on ${v.day}`,
        `After a periodic review, ${v.x} will delist ${v.c.name} (${v.c.symbol}) and close all its trading pairs on ${v.day}.\n\nOpen orders will be cancelled when trading stops. Withdrawals stay available for 90 days after the delisting.`,
      ],
      zh: (v) => [
        `${v.x}将于${v.day}下架${v.c.name}（${v.c.symbol}）`,
        `经定期评估，${v.x}将于${v.day}下架${v.c.name}（${v.c.symbol}）并关闭其全部交易对。\n\n停止交易时未成交挂单将被撤销，下架后90天内仍可提现。`,
      ],
    },
    {
      coins: 1,
      en: (v) => [
        `Notice on Removing the ${v.c.symbol}/BTC and ${v.c.symbol}/ETH Trading Pairs`,
        `To keep liquidity healthy, ${v.x} will remove the ${v.c.symbol}/BTC and ${v.c.symbol}/ETH spot pairs at ${v.at} (UTC).\n\n${v.c.symbol} stays listed: the ${v.c.symbol}/USDT pair is not affected.`,
      ],
      zh: (v) => [
        `关于下架${v.c.symbol}/BTC、${v.c.symbol}/ETH交易对的公告`,
        `为保持市场流动性，${v.x}将于${v.at}（UTC）下架${v.c.symbol}/BTC、${v.c.symbol}/ETH现货交易对。\n\n${v.c.symbol}不会下架，${v.c.symbol}/USDT交易对不受影响。`,
      ],
    },
    {
      coins: 1,
      en: (v) => [
        `${v.x} Adds the Monitoring Tag to ${v.c.symbol}`,
        `${v.c.name} (${v.c.symbol}) now carries the monitoring tag on ${v.x}: the token may be delisted if it no longer meets the listing criteria.\n\nUsers must confirm a risk warning before trading monitored tokens.\n\n${RISK_EN}`,
      ],
      zh: (v) => [
        `${v.x}对${v.c.symbol}添加观察标签`,
        `${v.x}已对${v.c.name}（${v.c.symbol}）添加观察标签：若该代币不再符合上架标准，可能被下架。\n\n交易带观察标签的代币前，用户须确认风险提示。\n\n${RISK_ZH}`,
      ],
    },
  ],
  activity: [
    {
      coins: 1,
      en: (v) => [
        `${v.c.symbol} Trading Competition: Share ${(v.n * 1000).toLocaleString('en')} USDT in Rewards`,
        `Trade ${v.c.symbol} on ${v.x} until ${v.day} and share a prize pool of ${(v.n * 1000).toLocaleString('en')} USDT.\n\nThe ranking counts spot and futures volume of ${v.c.symbol} pairs. Rewards are paid within 14 days after the event.`,
      ],
      zh: (v) => [
        `${v.c.symbol}交易大赛：瓜分${(v.n * 1000).toLocaleString('en')} USDT奖励`,
        `即日起至${v.day}在${v.x}交易${v.c.symbol}，瓜分${(v.n * 1000).toLocaleString('en')} USDT奖池。\n\n排名按${v.c.symbol}相关交易对的现货及合约交易量计算，奖励将于活动结束后14天内发放。`,
      ],
    },
    {
      coins: 2,
      en: (v) => [
        `${v.x} Launchpool: Stake ${v.c.symbol} to Earn ${v.c2.symbol}`,
        `Stake ${v.c.symbol} in the ${v.x} Launchpool from ${v.at} (UTC) to earn ${v.c2.name} (${v.c2.symbol}) for 10 days.\n\nRewards are calculated hourly from each user's share of the pool and can be claimed at any time.`,
      ],
      zh: (v) => [
        `${v.x} Launchpool：质押${v.c.symbol}赚取${v.c2.symbol}`,
        `自${v.at}（UTC）起在${v.x} Launchpool质押${v.c.symbol}，即可在10天内赚取${v.c2.name}（${v.c2.symbol}）。\n\n奖励按用户在池中的份额每小时计算，可随时领取。`,
      ],
    },
    {
      coins: 1,
      en: (v) => [
        `Deposit ${v.c.symbol} and Win a Share of ${(v.n * 500).toLocaleString('en')} USDT`,
        `Users who deposit at least 100 USDT worth of ${v.c.symbol} on ${v.x} before ${v.day} join a draw for ${(v.n * 500).toLocaleString('en')} USDT in rewards.\n\nEach user can win once. Winners are announced on the event page.`,
      ],
      zh: (v) => [
        `充值${v.c.symbol}，瓜分${(v.n * 500).toLocaleString('en')} USDT`,
        `${v.day}前在${v.x}充值价值至少100 USDT的${v.c.symbol}，即可参与${(v.n * 500).toLocaleString('en')} USDT奖励抽奖。\n\n每位用户限中奖一次，中奖名单将在活动页面公布。`,
      ],
    },
    {
      coins: 1,
      en: (v) => [
        `${v.x} Savings: Earn Up to ${4 + (v.n % 9)}% APR on ${v.c.symbol}`,
        `${v.x} Savings now offers up to ${4 + (v.n % 9)}% APR on flexible ${v.c.symbol} deposits until ${v.day}.\n\nThe boosted rate applies to the first 2,000 USDT worth per user; interest is paid daily.`,
      ],
      zh: (v) => [
        `${v.x}理财：${v.c.symbol}活期最高${4 + (v.n % 9)}%年化`,
        `即日起至${v.day}，${v.x}理财${v.c.symbol}活期产品最高年化${4 + (v.n % 9)}%。\n\n加息额度为每位用户前2,000 USDT等值资产，利息每日发放。`,
      ],
    },
  ],
  maintenance: [
    {
      coins: 0,
      en: (v) => [
        `Scheduled System Maintenance on ${v.day}`,
        `${v.x} will perform a system upgrade at ${v.at} (UTC). Trading, deposits and withdrawals will be paused for about ${1 + (v.n % 3)} hours.\n\nOpen orders are kept. We will announce when services resume.`,
      ],
      zh: (v) => [
        `${v.day}系统维护公告`,
        `${v.x}将于${v.at}（UTC）进行系统升级，交易及充提暂停约${1 + (v.n % 3)}小时。\n\n现有挂单将保留，服务恢复时将另行通知。`,
      ],
    },
    {
      coins: 1,
      en: (v) => [
        `${v.x} Will Suspend ${v.c.symbol} Deposits and Withdrawals for the ${v.c.name} Network Upgrade`,
        `${v.x} will suspend deposits and withdrawals of ${v.c.symbol} from ${v.at} (UTC) to support the ${v.c.name} network upgrade.\n\nTrading of ${v.c.symbol} is not affected. We will handle all technical requirements for users holding ${v.c.symbol} on ${v.x}.`,
      ],
      zh: (v) => [
        `${v.x}将暂停${v.c.symbol}充提以支持${v.c.name}网络升级`,
        `${v.x}将于${v.at}（UTC）起暂停${v.c.symbol}充值及提现，以支持${v.c.name}网络升级。\n\n${v.c.symbol}交易不受影响，${v.x}将为持有${v.c.symbol}的用户处理全部技术事宜。`,
      ],
    },
    {
      coins: 1,
      en: (v) => [
        `${v.c.symbol} Deposits and Withdrawals Resumed After the Network Upgrade`,
        `${v.x} has completed the ${v.c.name} network upgrade. Deposits and withdrawals of ${v.c.symbol} resumed at ${v.at} (UTC).\n\nThank you for your patience.`,
      ],
      zh: (v) => [
        `${v.c.symbol}网络升级完成，充提已恢复`,
        `${v.x}已完成${v.c.name}网络升级，${v.c.symbol}充值及提现已于${v.at}（UTC）恢复。\n\n感谢您的耐心等待。`,
      ],
    },
    {
      coins: 1,
      en: (v) => [
        `${v.c.symbol} Wallet Maintenance on ${v.day}`,
        `${v.x} will maintain the ${v.c.symbol} wallet at ${v.at} (UTC). Deposits and withdrawals of ${v.c.symbol} will be paused for about one hour.`,
      ],
      zh: (v) => [
        `${v.c.symbol}钱包维护公告（${v.day}）`,
        `${v.x}将于${v.at}（UTC）维护${v.c.symbol}钱包，${v.c.symbol}充提暂停约一小时。`,
      ],
    },
  ],
  other: [
    {
      coins: 1,
      en: (v) => [
        `${v.x} Adjusts Leverage and Margin Tiers for ${v.c.symbol} Perpetual Contracts`,
        `From ${v.at} (UTC), ${v.x} will update the leverage and maintenance margin tiers of the ${v.c.symbol} perpetual contracts.\n\nPositions opened before the change may need more margin. Please check your positions to avoid liquidation.`,
      ],
      zh: (v) => [
        `${v.x}调整${v.c.symbol}永续合约杠杆及保证金档位`,
        `自${v.at}（UTC）起，${v.x}将调整${v.c.symbol}永续合约的杠杆及维持保证金档位。\n\n调整前已开仓位可能需要追加保证金，请及时检查仓位以免被强平。`,
      ],
    },
    {
      coins: 2,
      en: (v) => [
        `${v.x} Publishes Its Proof of Reserves for ${v.c.symbol} and ${v.c2.symbol}`,
        `${v.x} has published its monthly proof of reserves. Reserve ratios for ${v.c.symbol} and ${v.c2.symbol} are above 100%.\n\nUsers can verify their own balances with the Merkle tree tool on the reserves page.`,
      ],
      zh: (v) => [
        `${v.x}公布${v.c.symbol}及${v.c2.symbol}储备金证明`,
        `${v.x}已公布本月储备金证明，${v.c.symbol}及${v.c2.symbol}储备率均高于100%。\n\n用户可在储备金页面使用默克尔树工具自行验证资产。`,
      ],
    },
    {
      coins: 0,
      en: (v) => [
        `${v.x} Updates Its Spot Trading Fee Schedule`,
        `From ${v.day}, ${v.x} will apply a new spot fee schedule: the base maker fee drops to 0.08% and VIP tiers are recalculated daily.\n\nFee discounts for paying with the platform token remain in place.`,
      ],
      zh: (v) => [
        `${v.x}更新现货交易手续费标准`,
        `自${v.day}起，${v.x}将实行新的现货手续费标准：基础挂单费率降至0.08%，VIP等级每日重新计算。\n\n使用平台币抵扣手续费的折扣保持不变。`,
      ],
    },
    {
      coins: 1,
      en: (v) => [
        `${v.x} Launches ${v.c.symbol} Options Trading`,
        `${v.x} now offers daily, weekly and monthly ${v.c.symbol} options settled in USDT. Trading opened at ${v.at} (UTC).\n\n${RISK_EN}`,
      ],
      zh: (v) => [
        `${v.x}上线${v.c.symbol}期权交易`,
        `${v.x}现已上线以USDT结算的${v.c.symbol}日、周、月期权，已于${v.at}（UTC）开放交易。\n\n${RISK_ZH}`,
      ],
    },
  ],
};

export interface NoticeTemplate {
  category: NoticeCategory;
  en: (v: Vars) => [string, string];
  zh: (v: Vars) => [string, string];
}

export const NOTICES: NoticeTemplate[] = [
  {
    category: 'product',
    en: () => [
      'Per-exchange announcement lists are live',
      'Every exchange now has its own announcement list, with listings, delistings, activities and maintenance notices sorted by category.\n\nOpen Announcements and choose an exchange, or follow the link on the exchange page.',
    ],
    zh: () => [
      '交易所公告分站上线',
      '每家交易所现有独立的公告列表，上币、下架、活动及维护公告按类别分类。\n\n打开“公告”并选择交易所，或从交易所页面的链接进入。',
    ],
  },
  {
    category: 'product',
    en: () => [
      'The Korean interface is now available',
      'Coinlens can now be read in Korean. Choose 한국어 in the language menu at the top of any page.\n\nPrices, numbers and dates follow Korean conventions.',
    ],
    zh: () => [
      '韩语界面正式上线',
      'Coinlens现已支持韩语。在任意页面顶部的语言菜单中选择“한국어”即可切换。\n\n价格、数字及日期均按韩语习惯显示。',
    ],
  },
  {
    category: 'product',
    en: () => [
      'New fund-flow rankings for coins and exchanges',
      'The fund-flow page now ranks coins and exchanges by net inflow over 30 minutes, 1 hour, 1 day and 7 days.\n\nOpen Fund flow in the navigation to compare where money is moving.',
    ],
    zh: () => [
      '新增币种及交易所资金流向排行',
      '资金流向页面现可按30分钟、1小时、1天及7天统计币种与交易所的净流入排行。\n\n在导航中打开“资金流向”即可查看资金动向。',
    ],
  },
  {
    category: 'product',
    en: (v) => [
      'Coin pages add repository activity',
      `Coin pages now show development activity from the project's source repositories: commits, contributors and stars over time.\n\nSee the ${v.c.name} page for an example.`,
    ],
    zh: (v) => [
      '币种页面新增开发活跃度',
      `币种详情页现可查看项目代码仓库的开发活跃度：提交、贡献者及星标随时间的变化。\n\n可在${v.c.name}页面查看示例。`,
    ],
  },
  {
    category: 'data',
    en: (v) => [
      `Correction of the ${v.c.symbol} circulating supply`,
      `The circulating supply of ${v.c.name} (${v.c.symbol}) has been corrected after a review of the project's published token schedule.\n\nMarket cap and rank figures were recalculated on ${v.day}.`,
    ],
    zh: (v) => [
      `${v.c.symbol}流通量数据更正`,
      `经核对项目方公布的代币释放计划，${v.c.name}（${v.c.symbol}）的流通量已更正。\n\n市值及排名已于${v.day}重新计算。`,
    ],
  },
  {
    category: 'data',
    en: (v) => [
      `${v.n} exchanges added to our market data`,
      `Market data from ${v.n} more exchanges is now included in prices, volumes and fund flows.\n\nEach exchange page shows its reported and expected volume.`,
    ],
    zh: (v) => [
      `新增${v.n}家交易所行情数据`,
      `价格、成交量及资金流向现已纳入另外${v.n}家交易所的行情数据。\n\n各交易所页面均显示其公布成交量及预估成交量。`,
    ],
  },
  {
    category: 'data',
    en: () => [
      'How we estimate exchange volume',
      "Expected volume is the weighted average volume per visit times the exchange's visits, capped at the volume it reports.\n\nRanks by expected volume are shown beside the reported ranks.",
    ],
    zh: () => [
      '交易所预估成交量的计算方法',
      '预估成交量=加权平均单次访问成交量×交易所访问量，且不超过其公布的成交量。\n\n按预估成交量的排名与公布排名并列显示。',
    ],
  },
  {
    category: 'data',
    en: (v) => [
      `${v.x} volume data temporarily delayed`,
      `Market data from ${v.x} arrived late between ${v.at} and two hours later (UTC). Affected volumes have been back-filled.\n\nNo prices were affected.`,
    ],
    zh: (v) => [
      `${v.x}成交量数据短暂延迟`,
      `${v.at}（UTC）起约两小时内，${v.x}行情数据出现延迟，受影响的成交量已补齐。\n\n价格数据未受影响。`,
    ],
  },
  {
    category: 'maintenance',
    en: (v) => [
      `Scheduled site maintenance on ${v.day}`,
      `Coinlens will be upgraded at ${v.at} (UTC). Pages stay readable; live prices may pause for up to 15 minutes.`,
    ],
    zh: (v) => [
      `${v.day}网站维护通知`,
      `Coinlens将于${v.at}（UTC）进行升级，期间页面可正常浏览，实时价格可能暂停最多15分钟。`,
    ],
  },
  {
    category: 'maintenance',
    en: () => [
      'Live price interruption resolved',
      'Live price updates were interrupted for a short time today. The stream has been restored and missed candles were rebuilt.\n\nWe apologise for the inconvenience.',
    ],
    zh: () => [
      '实时价格中断已恢复',
      '今日实时价格推送曾短暂中断，现已恢复，缺失的K线已重新生成。\n\n给您带来不便，敬请谅解。',
    ],
  },
  {
    category: 'activity',
    en: () => [
      'Tell us what to build next: user survey',
      'We are asking readers which data and tools they miss. The survey takes five minutes.\n\nTen participants will receive a one-year subscription to our data reports.',
    ],
    zh: () => [
      '用户调研：告诉我们您需要什么',
      '我们正在征集读者对数据和工具的需求，问卷约需五分钟。\n\n将抽取十位参与者赠送一年期数据报告订阅。',
    ],
  },
  {
    category: 'activity',
    en: (v) => [
      `Community Q&A week: ask about ${v.c.name}`,
      `This week our analysts answer questions about ${v.c.name} (${v.c.symbol}) and the wider market in the Q&A section.\n\nThe best questions are featured on the home page.`,
    ],
    zh: (v) => [
      `社区问答周：关于${v.c.name}的一切`,
      `本周分析师将在问答区解答关于${v.c.name}（${v.c.symbol}）及整体市场的问题。\n\n优质提问将在首页展示。`,
    ],
  },
  {
    category: 'policy',
    en: () => [
      'Privacy policy updated',
      'Our privacy policy now explains in more detail which cookies we use: language, currency, theme and, for signed-in users, the session.\n\nWe do not sell personal data.',
    ],
    zh: () => [
      '隐私政策更新',
      '隐私政策已更新，更详细地说明了我们使用的Cookie：语言、货币、主题，以及登录用户的会话。\n\n我们不会出售个人数据。',
    ],
  },
  {
    category: 'policy',
    en: () => [
      'Beware of fake Coinlens accounts',
      'Coinlens never asks for your password, private keys or payments in private messages.\n\nReport suspicious accounts that use our name to our support team.',
    ],
    zh: () => [
      '谨防假冒Coinlens账号',
      'Coinlens不会通过私信索要您的密码、私钥或任何付款。\n\n如发现冒用我们名义的可疑账号，请向客服举报。',
    ],
  },
];
