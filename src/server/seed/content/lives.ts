/**
 * Demo flash news ("lives").
 *
 * 160 news events over the 10 days ending at `now`, denser in the last two days as a live desk
 * is, each published in English and Chinese (320 rows, the Chinese edition a few minutes after
 * the English one). About 15% are flagged important (hacks, ETF flows, record figures …).
 * Coins are drawn from the top of the market with a weight that falls with rank, so the
 * leaders' coin pages (/coin/bitcoin/lives) fill; prices in the text start from the coin's
 * seeded price. Every row has its own source URL (the natural key an import would use).
 */
import { inArray } from 'drizzle-orm';
import { coins, flashNews, flashNewsCoins } from '../../db/schema/index.ts';
import { bulkInsert } from '../bulk.ts';
import { STABLE_SYMBOLS } from '../data/taxonomy.ts';
import type { Rng } from '../random.ts';
import { enQuantity, usdAmount, zhQuantity } from './amounts.ts';
import type { ContentSeedContext, SeedCoin, SeedExchange } from './context.ts';

const EVENTS = 160;
/** Events in the last 48 hours; the rest spread over the days before. */
const RECENT_EVENTS = 50;
const DAYS = 10;
const TOP = 60;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const ORDINAL_SUFFIX: Record<string, string> = { one: 'st', two: 'nd', few: 'rd', other: 'th' };
const ordinalRules = new Intl.PluralRules('en', { type: 'ordinal' });
/** @example ordinal(3) // '3rd' */
const ordinal = (n: number) => `${n}${ORDINAL_SUFFIX[ordinalRules.select(n)]}`;

interface Vars {
  c: SeedCoin;
  c2: SeedCoin;
  x: SeedExchange;
  /** A price of `c` near its seeded price, already formatted. */
  price: string;
  /** A percentage, one decimal. */
  pct: string;
  /** A whole number in millions (dollars or tokens). */
  m: number;
  /** A small whole number (months, days, rounds …). */
  n: number;
}

interface Template {
  /** Which coins the item is about: the picked coin(s) or fixed symbols. */
  coins: 0 | 1 | 2 | readonly string[];
  /** Chance that an item of this kind is flagged important. */
  important: number;
  /** Which coins the story can be about (default any of the top coins). */
  fits?: (c: SeedCoin) => boolean;
  en: (v: Vars) => [title: string, body: string];
  zh: (v: Vars) => [title: string, body: string];
}

const PROOF_OF_WORK = new Set(['BTC', 'LTC', 'DOGE', 'BCH', 'ETC', 'XMR', 'KAS', 'ZEC', 'DASH']);

const TEMPLATES: Template[] = [
  {
    coins: 1,
    important: 0.15,
    en: (v) => [
      `${v.c.symbol} rises above ${v.price} USDT, up ${v.pct}% in 24 hours`,
      `Market data shows ${v.c.name} (${v.c.symbol}) has climbed above ${v.price} USDT and is up ${v.pct}% over the past 24 hours. Volatility is high; trade with care.`,
    ],
    zh: (v) => [
      `${v.c.symbol}突破${v.price} USDT，24小时涨幅${v.pct}%`,
      `行情显示，${v.c.symbol}现已突破${v.price} USDT，24小时涨幅达${v.pct}%。行情波动较大，请注意风险。`,
    ],
  },
  {
    coins: 1,
    important: 0.15,
    en: (v) => [
      `${v.c.symbol} falls below ${v.price} USDT, down ${v.pct}% on the day`,
      `${v.c.name} (${v.c.symbol}) has dropped below ${v.price} USDT and is down ${v.pct}% in 24 hours, market data shows. Volatility is high; trade with care.`,
    ],
    zh: (v) => [
      `${v.c.symbol}跌破${v.price} USDT，日内跌幅${v.pct}%`,
      `行情显示，${v.c.symbol}现已跌破${v.price} USDT，24小时跌幅达${v.pct}%。行情波动较大，请注意风险。`,
    ],
  },
  {
    coins: 1,
    important: 0.05,
    en: (v) => [
      `Whale Alert: ${usdAmount(v.m * 10_000_000, 'en')} of ${v.c.symbol} moved to ${v.x.displayName}`,
      `On-chain data shows a single address transferring about ${usdAmount(v.m * 10_000_000, 'en')} worth of ${v.c.symbol} from an unknown wallet to ${v.x.displayName}. Large deposits to exchanges often come before selling.`,
    ],
    zh: (v) => [
      `巨鲸警报：价值约${usdAmount(v.m * 10_000_000, 'zh')}的${v.c.symbol}转入${v.x.displayName}`,
      `链上数据显示，某地址将价值约${usdAmount(v.m * 10_000_000, 'zh')}的${v.c.symbol}从未知钱包转入${v.x.displayName}。大额资金流入交易所通常被视为潜在抛压信号。`,
    ],
  },
  {
    coins: 1,
    important: 0.2,
    fits: (c) => (c.rank ?? 0) > 15,
    en: (v) => [
      `${v.x.displayName} will list ${v.c.name} (${v.c.symbol}) for spot trading`,
      `${v.x.displayName} announced it will list ${v.c.name} (${v.c.symbol}) and open the ${v.c.symbol}/USDT spot pair. Deposits are already open; withdrawals open one day after trading starts.`,
    ],
    zh: (v) => [
      `${v.x.displayName}将上线${v.c.symbol}现货交易`,
      `${v.x.displayName}宣布将上线${v.c.name}（${v.c.symbol}），并开放${v.c.symbol}/USDT现货交易对。充值现已开放，提现将于开盘一天后开放。`,
    ],
  },
  {
    coins: ['BTC'],
    important: 0.4,
    en: (v) => [
      `US spot Bitcoin ETFs saw net inflows of ${usdAmount(v.m * 8_000_000, 'en')} yesterday`,
      `Spot Bitcoin ETFs in the United States recorded net inflows of about ${usdAmount(v.m * 8_000_000, 'en')} yesterday, the ${ordinal(v.n)} day of inflows in a row, according to issuer data. Total assets under management rose to a new high.`,
    ],
    zh: (v) => [
      `美国现货比特币ETF昨日净流入${usdAmount(v.m * 8_000_000, 'zh')}`,
      `发行方数据显示，美国现货比特币ETF昨日净流入约${usdAmount(v.m * 8_000_000, 'zh')}，为连续第${v.n}个交易日净流入，总资产管理规模创下新高。`,
    ],
  },
  {
    coins: ['ETH'],
    important: 0.25,
    en: (v) => [
      `Spot Ether ETFs record ${usdAmount(v.m * 3_000_000, 'en')} in net outflows`,
      `US spot Ether ETFs saw net outflows of about ${usdAmount(v.m * 3_000_000, 'en')} on the last trading day, issuer data show, ending a ${v.n}-day streak of inflows.`,
    ],
    zh: (v) => [
      `现货以太坊ETF单日净流出${usdAmount(v.m * 3_000_000, 'zh')}`,
      `发行方数据显示，美国现货以太坊ETF上一交易日净流出约${usdAmount(v.m * 3_000_000, 'zh')}，结束了连续${v.n}日的净流入。`,
    ],
  },
  {
    coins: 2,
    important: 0.2,
    en: (v) => [
      `${usdAmount(v.m * 4_000_000, 'en')} liquidated across crypto markets in 24 hours`,
      `Derivatives data show about ${usdAmount(v.m * 4_000_000, 'en')} of positions were liquidated in the past 24 hours, most of them longs. ${v.c.symbol} and ${v.c2.symbol} led the liquidations.`,
    ],
    zh: (v) => [
      `全网24小时爆仓${usdAmount(v.m * 4_000_000, 'zh')}`,
      `合约数据显示，过去24小时全网爆仓约${usdAmount(v.m * 4_000_000, 'zh')}，其中多单占多数，${v.c.symbol}与${v.c2.symbol}爆仓额居前。`,
    ],
  },
  {
    coins: 1,
    important: 0.1,
    en: (v) => [
      `${v.c.name} mainnet upgrade set to activate in ${v.n} days`,
      `The ${v.c.name} core developers confirmed the network upgrade will activate in about ${v.n} days. Node operators are asked to update their clients before the activation block; exchanges may pause ${v.c.symbol} deposits briefly.`,
    ],
    zh: (v) => [
      `${v.c.symbol}主网升级将于${v.n}天后激活`,
      `${v.c.name}核心开发者确认，网络升级将于约${v.n}天后激活。节点运营者需在激活区块前完成客户端更新，部分交易所可能短暂暂停${v.c.symbol}充提。`,
    ],
  },
  {
    coins: 1,
    important: 0.05,
    en: (v) => [
      `${v.c.name} ecosystem project raises ${usdAmount(v.m * 1_000_000, 'en')} in Series A`,
      `A wallet infrastructure project building on ${v.c.name} has closed a ${usdAmount(v.m * 1_000_000, 'en')} Series A round. The funds will go to engineering and to expanding into Asian markets.`,
    ],
    zh: (v) => [
      `${v.c.symbol}生态项目完成${usdAmount(v.m * 1_000_000, 'zh')}A轮融资`,
      `一家基于${v.c.name}构建的钱包基础设施项目宣布完成${usdAmount(v.m * 1_000_000, 'zh')}A轮融资，资金将用于研发及拓展亚洲市场。`,
    ],
  },
  {
    coins: 1,
    important: 0.05,
    en: (v) => [
      `${v.c.symbol} exchange reserves fall to a ${v.n}-month low`,
      `On-chain analytics show the amount of ${v.c.symbol} held on centralised exchanges has fallen to its lowest level in ${v.n} months, as holders keep moving coins to self-custody.`,
    ],
    zh: (v) => [
      `${v.c.symbol}交易所余额降至${v.n}个月低点`,
      `链上数据显示，中心化交易所的${v.c.symbol}余额已降至近${v.n}个月来最低水平，持有者持续将资产转入自托管钱包。`,
    ],
  },
  {
    coins: ['USDT', 'ETH'],
    important: 0.1,
    en: (v) => [
      `Tether mints ${enQuantity(v.m * 10_000_000)} USDT on Ethereum`,
      `The Tether Treasury minted ${enQuantity(v.m * 10_000_000)} USDT on the Ethereum network, according to on-chain data. Tether said the new supply is authorised but not yet issued.`,
    ],
    zh: (v) => [
      `Tether在以太坊上增发${zhQuantity(v.m * 10_000_000)}枚USDT`,
      `链上数据显示，Tether Treasury在以太坊网络上增发${zhQuantity(v.m * 10_000_000)}枚USDT。Tether表示，此次为授权但尚未发行的额度。`,
    ],
  },
  {
    coins: 1,
    important: 0.9,
    fits: (c) => c.symbol !== 'BTC',
    en: (v) => [
      `${v.c.name} cross-chain bridge exploited for about ${usdAmount(v.m * 1_000_000, 'en')}`,
      `A cross-chain bridge serving ${v.c.name} was exploited for about ${usdAmount(v.m * 1_000_000, 'en')}, security firms report. The team has paused deposits and is working with exchanges to freeze the stolen funds.`,
    ],
    zh: (v) => [
      `${v.c.symbol}跨链桥遭攻击，损失约${usdAmount(v.m * 1_000_000, 'zh')}`,
      `安全机构报告，服务于${v.c.name}的一座跨链桥遭到攻击，损失约${usdAmount(v.m * 1_000_000, 'zh')}。项目方已暂停充值，并正与交易所合作冻结被盗资金。`,
    ],
  },
  {
    coins: ['BTC', 'ETH'],
    important: 0.35,
    en: (v) => [
      `Fed official signals patience on rates; BTC and ETH edge ${v.n % 2 ? 'higher' : 'lower'}`,
      `A Federal Reserve governor said the central bank can be patient before its next rate move. Bitcoin and Ether moved ${v.n % 2 ? 'higher' : 'lower'} after the remarks, and rate futures now price a cut at the meeting after next.`,
    ],
    zh: (v) => [
      `美联储官员称降息可保持耐心，BTC与ETH小幅${v.n % 2 ? '上涨' : '下跌'}`,
      `一位美联储理事表示，央行在下一次调整利率前可以保持耐心。讲话发布后比特币与以太坊小幅${v.n % 2 ? '上涨' : '下跌'}，利率期货目前预计将在下下次会议降息。`,
    ],
  },
  {
    coins: 1,
    important: 0.05,
    fits: (c) => !PROOF_OF_WORK.has(c.symbol),
    en: (v) => [
      `${v.c.symbol} staking ratio climbs to ${v.pct}%`,
      `The share of ${v.c.symbol} supply locked in staking has risen to ${v.pct}%, according to network data, as validators keep joining the queue.`,
    ],
    zh: (v) => [
      `${v.c.symbol}质押率升至${v.pct}%`,
      `网络数据显示，${v.c.symbol}质押量占流通量的比例已升至${v.pct}%，验证者排队人数持续增加。`,
    ],
  },
  {
    coins: 1,
    important: 0.3,
    en: (v) => [
      `${v.c.symbol} futures open interest hits a record ${usdAmount(v.m * 50_000_000, 'en')}`,
      `Open interest in ${v.c.symbol} futures across exchanges reached a record of about ${usdAmount(v.m * 50_000_000, 'en')}, derivatives data show. ${v.x.displayName} holds the largest share.`,
    ],
    zh: (v) => [
      `${v.c.symbol}合约持仓量创${usdAmount(v.m * 50_000_000, 'zh')}新高`,
      `合约数据显示，全网${v.c.symbol}合约持仓量达到约${usdAmount(v.m * 50_000_000, 'zh')}，创历史新高，其中${v.x.displayName}占比最大。`,
    ],
  },
  {
    coins: 1,
    important: 0.1,
    fits: (c) => (c.rank ?? 0) > 10,
    en: (v) => [
      `${v.c.name} to unlock ${enQuantity(v.m * 1_000_000)} ${v.c.symbol} next week`,
      `${v.c.name} will unlock about ${enQuantity(v.m * 1_000_000)} ${v.c.symbol} next week, roughly ${v.pct}% of the circulating supply, token-unlock trackers show. Most of the tokens go to early investors and the team.`,
    ],
    zh: (v) => [
      `${v.c.symbol}将于下周解锁${zhQuantity(v.m * 1_000_000)}枚代币`,
      `代币解锁数据显示，${v.c.name}将于下周解锁约${zhQuantity(v.m * 1_000_000)}枚${v.c.symbol}，约占流通量的${v.pct}%，主要分配给早期投资者及团队。`,
    ],
  },
  {
    coins: 0,
    important: 0.3,
    en: (v) => [
      `Hong Kong regulator approves ${v.n} more licensed virtual asset platforms`,
      `The Securities and Futures Commission has granted licences to ${v.n} more virtual asset trading platforms, bringing the total to ${v.n + 9}. Licensed platforms may serve retail investors.`,
    ],
    zh: (v) => [
      `香港证监会再批${v.n}家持牌虚拟资产交易平台`,
      `香港证监会再向${v.n}家虚拟资产交易平台发出牌照，持牌平台总数增至${v.n + 9}家，持牌平台可向散户投资者提供服务。`,
    ],
  },
  {
    coins: 0,
    important: 0.1,
    en: (v) => [
      `Crypto Fear & Greed Index at ${40 + v.n * 3}, market mood ${v.n > 6 ? 'greedy' : 'neutral'}`,
      `The Crypto Fear & Greed Index stands at ${40 + v.n * 3} today, compared with ${37 + v.n * 3} yesterday. The market mood reads ${v.n > 6 ? 'greedy' : 'neutral'}.`,
    ],
    zh: (v) => [
      `今日恐慌与贪婪指数为${40 + v.n * 3}，市场情绪${v.n > 6 ? '贪婪' : '中性'}`,
      `今日加密货币恐慌与贪婪指数为${40 + v.n * 3}，昨日为${37 + v.n * 3}，市场情绪处于${v.n > 6 ? '贪婪' : '中性'}状态。`,
    ],
  },
];

/** Publication times (ms), newest first, ending a few minutes before `now`. */
function publicationTimes(rng: Rng, now: number): number[] {
  const times: number[] = [];
  for (let i = 0; i < EVENTS; i++) {
    const age = i < RECENT_EVENTS ? rng.range(0.05, 48) * HOUR : rng.range(2 * DAY, DAYS * DAY);
    times.push(Math.floor((now - age) / 1000) * 1000);
  }
  return times.sort((a, b) => b - a);
}

/** A price as flash news writes it: round figures for big prices (grouped: 3,420), a few digits for small ones. */
function priceText(price: number): string {
  if (price >= 1000) return (Math.round(price / 10) * 10).toLocaleString('en-US');
  if (price >= 10) return price.toFixed(1);
  if (price >= 0.1) return price.toFixed(3);
  return price.toPrecision(3);
}

/** Writes the demo rows; returns how many were written. */
export async function seedLives(ctx: ContentSeedContext): Promise<number> {
  const rng = ctx.rng('lives');
  const now = ctx.now.getTime();
  const top = ctx.coins.slice(0, TOP);
  if (top.length < 10 || ctx.exchanges.length === 0) return 0;
  const prices = new Map(
    (
      await ctx.db
        .select({ id: coins.id, price: coins.price })
        .from(coins)
        .where(
          inArray(
            coins.id,
            top.map((c) => c.id),
          ),
        )
    ).map((r) => [r.id, Number(r.price)]),
  );
  const bySymbol = new Map(top.map((c) => [c.symbol, c]));
  const priced = top.filter((c) => !STABLE_SYMBOLS.has(c.symbol) && (prices.get(c.id) ?? 0) > 0);
  // Weight falls with rank: bitcoin is about one item in six.
  const coinFrom = (list: SeedCoin[]) => rng.weighted(list, (c) => 1 / ((c.rank ?? TOP) + 0.6) ** 1.1);
  const exchanges = ctx.exchanges.slice(0, 15);

  type Row = typeof flashNews.$inferInsert;
  const rows: Row[] = [];
  const links: { row: number; coinId: string }[] = [];
  // Oldest first, so ids grow with time like a live desk's.
  const times = publicationTimes(rng, now).reverse();
  times.forEach((published, n) => {
    const template = rng.pick(TEMPLATES);
    // Stories are about coins with a market price; stablecoins appear only by name (USDT mints).
    const pool = priced.filter((x) => template.fits?.(x) ?? true);
    const c = coinFrom(pool);
    let c2 = coinFrom(priced);
    if (c2.id === c.id) c2 = priced.find((x) => x.id !== c.id) as SeedCoin;
    const price = (prices.get(c.id) ?? 1) * (1 + rng.range(-0.04, 0.04));
    const vars: Vars = {
      c,
      c2,
      x: rng.weighted(exchanges, (e) => 1 / (exchanges.indexOf(e) + 2)),
      price: priceText(price),
      pct: rng.range(1.5, 18).toFixed(1),
      m: rng.int(5, 120),
      n: rng.int(2, 12),
    };
    const coinIds =
      template.coins === 0
        ? []
        : template.coins === 1
          ? [c.id]
          : template.coins === 2
            ? [c.id, c2.id]
            : template.coins.flatMap((s) => bySymbol.get(s)?.id ?? []);
    const important = rng.chance(template.important);
    // Readers vote more on important items and on older ones (more time to vote).
    const ageDays = (now - published) / DAY;
    const reach = (important ? 3 : 1) * Math.min(1, 0.15 + ageDays / 2);
    const up = Math.round(rng.logRange(5, 400) * reach);
    const down = Math.round(up * rng.range(0.05, 0.9));
    for (const locale of ['en', 'zh'] as const) {
      const [title, body] = template[locale](vars);
      const at = locale === 'en' ? published : Math.min(published + rng.int(1, 6) * 60_000, now);
      const votes = locale === 'en' ? [up, down] : [Math.round(up * 1.6), Math.round(down * 1.4)];
      links.push(...coinIds.map((coinId) => ({ row: rows.length, coinId })));
      rows.push({
        title,
        body,
        important,
        votesUp: votes[0],
        votesDown: votes[1],
        sourceUrl: `https://flash.coinlens.example/${locale}/${20_000 + n}`,
        locale,
        publishedAt: new Date(at),
      });
    }
  });
  const inserted = await ctx.db.insert(flashNews).values(rows).returning({ id: flashNews.id });
  await bulkInsert(
    ctx.db,
    flashNewsCoins,
    links.map((l) => ({ flashNewsId: (inserted[l.row] as { id: number }).id, coinId: l.coinId })),
  );
  return rows.length;
}
