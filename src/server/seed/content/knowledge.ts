/**
 * Demo encyclopedia entries (baike, bitwiki) and topics.
 *
 * - baike: every term of data/knowledge-glossary.ts in English and Simplified Chinese, sharing
 *   the slug.
 * - bitwiki: one entry per project, slug = coin id, linked by coinId: the hand-written profiles of
 *   data/knowledge-projects.ts for the best-known coins, then entries written from the coin's own
 *   facts (chain, sectors, listing date, supply) for the next coins by rank, up to
 *   {@link BITWIKI_ENTRIES} projects.
 * - topics: {@link TOPICS} (data/knowledge-topics.ts) per language (slugs of zh topics end in
 *   "-zh"), each collecting the articles of its language whose title or summary matches its
 *   keywords (the newest {@link TOPIC_MAX_ARTICLES}); no articles seeded, no topic articles.
 *
 * Bodies use the article format: paragraphs separated by a blank line, "## " starts a subheading.
 */
import { asc, eq, inArray } from 'drizzle-orm';
import { articles, coinConcepts, coins, concepts, topicArticles, topics, wikiEntries } from '../../db/schema/index.ts';
import { bulkInsert } from '../bulk.ts';
import { humanAmount } from '../coin-text.ts';
import { GLOSSARY } from '../data/knowledge-glossary.ts';
import { PROJECTS } from '../data/knowledge-projects.ts';
import { TOPICS } from '../data/knowledge-topics.ts';
import type { ContentSeedContext } from './context.ts';

type Lang = 'en' | 'zh';
const LANGS: Lang[] = ['en', 'zh'];
const DAY = 86_400_000;

/** Projects in the bitwiki. */
const BITWIKI_ENTRIES = 80;

const HEADINGS: Record<
  Lang,
  { detail: string; why: string; history: string; tech: string; token: string; overview: string }
> = {
  en: {
    detail: 'How it works',
    why: 'Why it matters',
    history: 'History',
    tech: 'Technology',
    token: 'Token use',
    overview: 'Overview',
  },
  zh: {
    detail: '原理详解',
    why: '为什么重要',
    history: '发展历程',
    tech: '技术特点',
    token: '代币用途',
    overview: '项目概况',
  },
};

/** Chinese sector names for the entries written from coin facts. */
const SECTOR_ZH: Record<string, string> = {
  defi: '去中心化金融',
  'layer-1': '一层公链',
  'layer-2': '二层网络',
  meme: '模因币',
  stablecoins: '稳定币',
  ai: '人工智能',
  'gaming-metaverse': '游戏与元宇宙',
  'exchange-tokens': '平台币',
  privacy: '隐私',
  storage: '存储',
  oracles: '预言机',
  'real-world-assets': '现实世界资产',
};

const TOPIC_MAX_ARTICLES = 40;

interface CoinFacts {
  id: string;
  symbol: string;
  name: string;
  rank: number | null;
  platform: string | null;
  isToken: boolean;
  listedOn: string | null;
  maxSupply: string | null;
  circulatingSupply: string | null;
}

const paragraphs = (parts: (string | null | false | undefined)[]) => parts.filter(Boolean).join('\n\n');

function historyText(
  lang: Lang,
  name: string,
  symbol: string,
  launched: number,
  founders: string,
  c: CoinFacts,
): string {
  const max = c.maxSupply ? Number(c.maxSupply) : null;
  if (lang === 'en') {
    return [
      `${name} launched in ${launched}, created by ${founders}.`,
      c.listedOn ? `${symbol} was first listed for trading on ${c.listedOn}.` : '',
      max ? `Its supply is capped at ${humanAmount(max)} ${symbol}.` : `${symbol} has no fixed maximum supply.`,
    ]
      .filter(Boolean)
      .join(' ');
  }
  return [
    `${name} 于 ${launched} 年推出，由${founders}创建。`,
    c.listedOn ? `${symbol} 于 ${c.listedOn} 首次上线交易。` : '',
    max ? `其供应上限为 ${Number(max).toLocaleString('en-US')} 枚 ${symbol}。` : `${symbol} 没有固定的最大供应量。`,
  ].join('');
}

/** An entry for a coin without a hand-written profile, written from its own facts. */
function genericText(
  lang: Lang,
  c: CoinFacts,
  sectors: { slug: string; name: string }[],
): { summary: string; body: string } {
  const h = HEADINGS[lang];
  const circ = c.circulatingSupply ? Number(c.circulatingSupply) : null;
  const max = c.maxSupply ? Number(c.maxSupply) : null;
  if (lang === 'en') {
    const sectorText = sectors.length
      ? `in the ${sectors.map((s) => s.name).join(' and ')} sector${sectors.length > 1 ? 's' : ''}`
      : 'in the wider crypto market';
    const kind = c.isToken && c.platform ? `a token issued on ${c.platform}` : 'the native coin of its own blockchain';
    const summary = `${c.name} (${c.symbol}) is ${kind}, ${sectorText}.`;
    return {
      summary,
      body: paragraphs([
        summary,
        `## ${h.history}`,
        c.listedOn
          ? `${c.symbol} was first listed for trading on ${c.listedOn} and now ranks #${c.rank ?? '--'} by market capitalisation.`
          : `${c.symbol} ranks #${c.rank ?? '--'} by market capitalisation.`,
        `## ${h.tech}`,
        c.isToken && c.platform
          ? `As a token on ${c.platform}, ${c.symbol} relies on that chain for consensus and security; transfers are handled by its token contract and pay the host chain's fees.`
          : `${c.name} runs its own network with its own validators or miners, and ${c.symbol} is required to pay for transactions on it.`,
        `## ${h.token}`,
        [
          circ ? `About ${humanAmount(circ)} ${c.symbol} are in circulation.` : '',
          max ? `The maximum supply is ${humanAmount(max)}.` : 'There is no fixed maximum supply.',
          'Check the project’s official channels before relying on any token utility described by third parties.',
        ]
          .filter(Boolean)
          .join(' '),
      ]),
    };
  }
  const sectorText = sectors.length
    ? `属于${sectors.map((s) => SECTOR_ZH[s.slug] ?? s.name).join('、')}板块`
    : '属于更广泛的加密市场';
  const kind = c.isToken && c.platform ? `发行在 ${c.platform} 上的代币` : '其自有区块链的原生币';
  const summary = `${c.name}（${c.symbol}）是${kind}，${sectorText}。`;
  return {
    summary,
    body: paragraphs([
      summary,
      `## ${h.history}`,
      c.listedOn
        ? `${c.symbol} 于 ${c.listedOn} 首次上线交易，目前按市值排名第 ${c.rank ?? '--'} 位。`
        : `${c.symbol} 目前按市值排名第 ${c.rank ?? '--'} 位。`,
      `## ${h.tech}`,
      c.isToken && c.platform
        ? `作为 ${c.platform} 上的代币，${c.symbol} 依赖该链的共识与安全性，转账由代币合约处理，并支付宿主链的手续费。`
        : `${c.name} 运行自己的网络，拥有自己的验证者或矿工，在该网络上交易需要使用 ${c.symbol} 支付费用。`,
      `## ${h.token}`,
      [
        circ ? `目前约有 ${Math.round(circ).toLocaleString('en-US')} 枚 ${c.symbol} 在流通。` : '',
        max ? `最大供应量为 ${Math.round(max).toLocaleString('en-US')} 枚。` : '没有固定的最大供应量。',
        '在依赖第三方描述的代币用途之前，请先查阅项目官方渠道。',
      ].join(''),
    ]),
  };
}

/** Writes the demo rows; returns how many were written. */
export async function seedKnowledge(ctx: ContentSeedContext): Promise<number> {
  const { db, now } = ctx;
  const rng = ctx.rng('knowledge');
  const at = (maxDays: number) => new Date(now.getTime() - Math.floor(rng.range(0.05, maxDays) * DAY));
  const wiki: (typeof wikiEntries.$inferInsert)[] = [];

  for (const term of GLOSSARY) {
    const views = rng.int(300, 80_000);
    const updatedAt = at(180);
    for (const lang of LANGS) {
      const text = term[lang];
      const h = HEADINGS[lang];
      wiki.push({
        kind: 'baike',
        slug: term.slug,
        title: text.title,
        category: term.category,
        summary: text.summary,
        body: paragraphs([text.summary, `## ${h.detail}`, text.detail, `## ${h.why}`, text.why]),
        locale: lang,
        views: lang === 'en' ? views : Math.round(views * rng.range(0.6, 1.6)),
        updatedAt,
      });
    }
  }

  // bitwiki: coin facts and sectors of the ranked coins.
  const coinRows: CoinFacts[] = await db
    .select({
      id: coins.id,
      symbol: coins.symbol,
      name: coins.name,
      rank: coins.rank,
      platform: coins.platform,
      isToken: coins.isToken,
      listedOn: coins.listedOn,
      maxSupply: coins.maxSupply,
      circulatingSupply: coins.circulatingSupply,
    })
    .from(coins)
    .orderBy(asc(coins.rank), asc(coins.id))
    .limit(BITWIKI_ENTRIES * 2);
  const ids = coinRows.map((c) => c.id);
  const sectorRows = ids.length
    ? await db
        .select({ coinId: coinConcepts.coinId, slug: concepts.slug, name: concepts.name })
        .from(coinConcepts)
        .innerJoin(concepts, eq(concepts.id, coinConcepts.conceptId))
        .where(inArray(coinConcepts.coinId, ids))
        .orderBy(asc(concepts.id))
    : [];
  const sectorsOf = (id: string) => sectorRows.filter((s) => s.coinId === id);

  const chosen: { coin: CoinFacts; profile: (typeof PROJECTS)[number] | null }[] = [];
  const used = new Set<string>();
  for (const profile of PROJECTS) {
    const coin = coinRows.find((c) => c.symbol === profile.symbol);
    if (!coin || used.has(coin.id)) continue;
    used.add(coin.id);
    chosen.push({ coin, profile });
  }
  for (const coin of coinRows) {
    if (chosen.length >= BITWIKI_ENTRIES) break;
    if (used.has(coin.id) || coin.rank === null) continue;
    used.add(coin.id);
    chosen.push({ coin, profile: null });
  }

  for (const { coin, profile } of chosen) {
    const sectors = sectorsOf(coin.id);
    const views = rng.int(500, 150_000);
    const updatedAt = at(120);
    for (const lang of LANGS) {
      const h = HEADINGS[lang];
      let summary: string;
      let body: string;
      if (profile) {
        const text = profile[lang];
        summary = text.what;
        body = paragraphs([
          text.what,
          `## ${h.history}`,
          historyText(lang, coin.name, coin.symbol, profile.launched, profile.founders[lang], coin),
          `## ${h.tech}`,
          text.tech,
          `## ${h.token}`,
          text.token,
        ]);
      } else {
        ({ summary, body } = genericText(lang, coin, sectors));
      }
      wiki.push({
        kind: 'bitwiki',
        slug: coin.id,
        title: lang === 'en' ? `${coin.name} (${coin.symbol})` : `${coin.name}（${coin.symbol}）`,
        category: sectors[0]?.slug ?? null,
        summary,
        body,
        coinId: coin.id,
        locale: lang,
        views: lang === 'en' ? views : Math.round(views * rng.range(0.6, 1.6)),
        updatedAt,
      });
    }
  }
  await bulkInsert(db, wikiEntries, wiki);

  // Topics, then the articles they collect (articles are seeded before this module).
  const topicRows: (typeof topics.$inferInsert)[] = [];
  for (const lang of LANGS) {
    for (const topic of TOPICS) {
      topicRows.push({
        slug: lang === 'en' ? topic.key : `${topic.key}-zh`,
        title: topic[lang].title,
        description: topic[lang].description,
        locale: lang,
        createdAt: at(90),
      });
    }
  }
  const inserted = await db
    .insert(topics)
    .values(topicRows)
    .returning({ id: topics.id, slug: topics.slug, locale: topics.locale });
  const pool = await db
    .select({ id: articles.id, title: articles.title, summary: articles.summary, locale: articles.locale })
    .from(articles)
    .orderBy(asc(articles.id));
  const links: (typeof topicArticles.$inferInsert)[] = [];
  for (const row of inserted) {
    const lang: Lang = row.locale === 'zh' ? 'zh' : 'en';
    const topic = TOPICS.find((t) => t.key === row.slug.replace(/-zh$/, ''));
    const own = pool.filter((a) => (a.locale === 'zh' ? 'zh' : 'en') === lang);
    if (!topic || own.length === 0) continue;
    const matched = own
      .filter((a) => topic.match[lang].test(`${a.title} ${a.summary ?? ''}`))
      .slice(-TOPIC_MAX_ARTICLES);
    // Only articles the topic's keywords match: a topic of unrelated articles misleads.
    const picked = new Set(matched.map((a) => a.id));
    [...picked]
      .sort((a, b) => a - b)
      .forEach((articleId, i) => links.push({ topicId: row.id, articleId, position: i + 1 }));
  }
  await bulkInsert(db, topicArticles, links);
  // A topic none of its language's articles match is not shown at all.
  const empty = inserted.filter((row) => !links.some((l) => l.topicId === row.id)).map((row) => row.id);
  if (empty.length > 0) await db.delete(topics).where(inArray(topics.id, empty));
  return wiki.length + topicRows.length - empty.length + links.length;
}
