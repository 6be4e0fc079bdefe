/**
 * Demo community content: project updates ("dynamics"), questions with answers, and social
 * posts of projects and exchanges on Twitter/X and Weibo.
 *
 * - Project updates: 200 over the 60 days ending at `now`, by the top 40 coins (the leaders
 *   most often), of the kinds in `UPDATE_KINDS`; about two thirds in English, the rest in
 *   Chinese, each with its own source URL.
 * - Questions: 80 over the last 60 days (en and zh), most about one coin, asked by display
 *   names; 0–6 answers each with votes, at most one accepted, all after the question.
 * - Social posts: 250 on Twitter (mostly English) and 150 on Weibo (mostly Chinese) over the
 *   last 30 days, each by a project's or an exchange's official account, with likes, reposts
 *   and a unique original URL.
 *
 * The texts are in data/community-texts.ts.
 */
import { eq } from 'drizzle-orm';
import { answers, exchanges as exchangeTable, projectUpdates, questions, socialPosts } from '../../db/schema/index.ts';
import type { UpdateKind } from '../../../features/content/community/index.ts';
import { bulkInsert } from '../bulk.ts';
import type { Rng } from '../random.ts';
import {
  AUTHORS_EN,
  AUTHORS_ZH,
  COIN_TWEETS_EN,
  COIN_TWEETS_ZH,
  COIN_WEIBO_EN,
  COIN_WEIBO_ZH,
  EXCHANGE_TWEETS_EN,
  EXCHANGE_TWEETS_ZH,
  EXCHANGE_WEIBO_ZH,
  GENERIC_EN,
  GENERIC_ZH,
  PARTNERS,
  PROJECT_HANDLES,
  QUESTIONS_EN,
  QUESTIONS_ZH,
  UPDATE_TEXTS,
  type QuestionTemplate,
  type Vars,
} from '../data/community-texts.ts';
import type { ContentSeedContext, SeedCoin, SeedExchange } from './context.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const UPDATES = 200;
const UPDATE_DAYS = 60;
const QUESTIONS = 80;
const QUESTION_DAYS = 60;
const TWEETS = 250;
const WEIBO_POSTS = 150;
const SOCIAL_DAYS = 30;

type Lang = 'en' | 'zh';

const KIND_WEIGHTS: Record<UpdateKind, number> = {
  release: 5,
  partnership: 3,
  listing: 3,
  governance: 2,
  security: 2,
  event: 2,
};

/** A time in the `days` before `now`, later times a little more likely (content piles up). */
function pastTime(rng: Rng, now: Date, days: number): Date {
  const back = rng.next() ** 1.3 * days * DAY;
  return new Date(Math.floor((now.getTime() - back) / 60_000) * 60_000);
}

/** Stablecoins publish no releases or governance votes worth a demo: left out of the projects. */
const STABLECOINS = new Set([
  'USDT',
  'USDC',
  'DAI',
  'FDUSD',
  'TUSD',
  'USDE',
  'USDD',
  'PYUSD',
  'USDS',
  'BUSD',
  'USD1',
  'USDP',
  'GUSD',
  'FRAX',
  'RLUSD',
]);

/** The projects content talks about: coins by rank without the stablecoins. */
const projects = (coins: readonly SeedCoin[]) => coins.filter((c) => !STABLECOINS.has(c.symbol.toUpperCase()));

/** A coin from the top `n` projects, the leaders more often. */
const topCoin = (rng: Rng, coins: readonly SeedCoin[], n: number) =>
  rng.weighted(coins.slice(0, n), (c) => 1 / Math.sqrt(c.rank ?? 100));

function seedUpdates(
  ctx: ContentSeedContext,
  coins: SeedCoin[],
  cex: SeedExchange[],
): (typeof projectUpdates.$inferInsert)[] {
  const rng = ctx.rng('community:updates');
  const kinds = Object.keys(KIND_WEIGHTS) as UpdateKind[];
  const rows: (typeof projectUpdates.$inferInsert)[] = [];
  for (let i = 0; i < UPDATES; i++) {
    const c = topCoin(rng, coins, 40);
    const kind = rng.weighted(kinds, (k) => KIND_WEIGHTS[k]);
    const locale: Lang = rng.chance(0.62) ? 'en' : 'zh';
    const vars: Vars = {
      c,
      x: rng.pick(cex.slice(0, 20)),
      n: rng.int(12, 480),
      v: `${rng.int(1, 4)}.${rng.int(0, 19)}.${rng.int(0, 9)}`,
      partner: rng.pick(PARTNERS),
    };
    const [title, body] = rng.pick(UPDATE_TEXTS[kind][locale])(vars);
    const publishedAt = i === 0 ? new Date(ctx.now.getTime() - 20 * 60_000) : pastTime(rng, ctx.now, UPDATE_DAYS);
    rows.push({
      coinId: c.id,
      kind,
      title,
      body,
      locale,
      publishedAt,
      sourceUrl: `https://blog.${c.id}.example/${locale}/${publishedAt.toISOString().slice(0, 10)}/${kind}-${i + 1}`,
    });
  }
  return rows;
}

type AnswerSeed = Omit<typeof answers.$inferInsert, 'questionId'> & { q: number };

function seedQuestions(
  ctx: ContentSeedContext,
  coins: SeedCoin[],
): { qs: (typeof questions.$inferInsert)[]; as: AnswerSeed[] } {
  const rng = ctx.rng('community:questions');
  const qs: (typeof questions.$inferInsert)[] = [];
  const as: AnswerSeed[] = [];
  const asked = new Set<string>();
  for (let i = 0; i < QUESTIONS; i++) {
    const locale: Lang = rng.chance(0.55) ? 'en' : 'zh';
    // Every title once: a general question is asked once, a coin question once per coin.
    let template: QuestionTemplate;
    let c: SeedCoin;
    let key: string;
    do {
      template = rng.pick(locale === 'en' ? QUESTIONS_EN : QUESTIONS_ZH);
      c = topCoin(rng, coins, 30);
      key = `${locale}:${template.title(c)}`;
    } while (asked.has(key));
    asked.add(key);
    const authors = locale === 'en' ? AUTHORS_EN : AUTHORS_ZH;
    const createdAt = i === 0 ? new Date(ctx.now.getTime() - 45 * 60_000) : pastTime(rng, ctx.now, QUESTION_DAYS);
    const ageHours = (ctx.now.getTime() - createdAt.getTime()) / HOUR;
    const views = Math.round(rng.logRange(20, 6000) * Math.min(1, 0.2 + ageHours / 240));
    qs.push({
      title: template.title(c),
      body: template.body(c),
      author: rng.pick(authors),
      coinId: template.coin ? c.id : null,
      locale,
      views,
      createdAt,
    });
    // Fresh questions have fewer answers; about one in eight has none at all.
    const pool = [...template.answers, ...(locale === 'en' ? GENERIC_EN : GENERIC_ZH).map((s) => () => s)];
    const n = rng.chance(0.12) || ageHours < 3 ? 0 : Math.min(pool.length, 6, rng.int(1, ageHours < 48 ? 2 : 6));
    const picked = [
      ...template.answers.slice(0, Math.min(n, template.answers.length)),
      ...rng.shuffle(pool.slice(template.answers.length)),
    ].slice(0, n);
    const accept = n > 0 && rng.chance(0.55) ? rng.int(0, Math.min(n, template.answers.length) - 1) : -1;
    picked.forEach((text, j) => {
      const at = new Date(createdAt.getTime() + Math.floor(rng.range(0.05, 1) * Math.min(ageHours, 24 * 10) * HOUR));
      as.push({
        q: i,
        body: text(c),
        author: rng.pick(authors.filter((a) => a !== qs[i]!.author)),
        votes: j < template.answers.length ? rng.int(0, 60) : rng.int(0, 6),
        accepted: j === accept,
        createdAt: at,
      });
    });
  }
  return { qs, as };
}

const handleOf = (c: SeedCoin) => PROJECT_HANDLES[c.id] ?? c.name.replace(/[^A-Za-z0-9]/g, '').slice(0, 15);

function seedSocial(
  ctx: ContentSeedContext,
  coins: SeedCoin[],
  cex: SeedExchange[],
): (typeof socialPosts.$inferInsert)[] {
  const rng = ctx.rng('community:social');
  const rows: (typeof socialPosts.$inferInsert)[] = [];
  const exchanges = cex.slice(0, 15);
  let status = 1_850_000_000_000_000_000n;
  let mid = 5_080_000_000_000_000n;
  for (const platform of ['twitter', 'weibo'] as const) {
    const total = platform === 'twitter' ? TWEETS : WEIBO_POSTS;
    for (let i = 0; i < total; i++) {
      const byExchange = rng.chance(0.4);
      const c = topCoin(rng, coins, 30);
      const x = rng.pick(exchanges);
      const locale: Lang = platform === 'twitter' ? (rng.chance(0.88) ? 'en' : 'zh') : rng.chance(0.9) ? 'zh' : 'en';
      const vars: Vars = {
        c,
        x,
        n: rng.int(5, 900),
        v: `${rng.int(1, 4)}.${rng.int(0, 19)}.${rng.int(0, 9)}`,
        partner: rng.pick(PARTNERS),
      };
      const texts =
        platform === 'twitter'
          ? byExchange
            ? locale === 'en'
              ? EXCHANGE_TWEETS_EN
              : EXCHANGE_TWEETS_ZH
            : locale === 'en'
              ? COIN_TWEETS_EN
              : COIN_TWEETS_ZH
          : byExchange
            ? EXCHANGE_WEIBO_ZH
            : locale === 'zh'
              ? COIN_WEIBO_ZH
              : COIN_WEIBO_EN;
      const body = rng.pick(texts)(vars);
      const publishedAt = i === 0 ? new Date(ctx.now.getTime() - 10 * 60_000) : pastTime(rng, ctx.now, SOCIAL_DAYS);
      const reach = byExchange ? 3 : 1 / Math.sqrt(c.rank ?? 50);
      const likes = Math.round(rng.logRange(20, 20_000) * Math.min(3, reach * 2));
      const reposts = Math.round(likes * rng.range(0.05, 0.4));
      status += BigInt(rng.int(1_000_000, 90_000_000)) * 1_000_000n;
      mid += BigInt(rng.int(10_000, 900_000)) * 1_000n;
      const account = byExchange
        ? platform === 'twitter'
          ? x.displayName.replace(/[^A-Za-z0-9_]/g, '')
          : String(1_000_000_000 + ((x.id * 7919) % 900_000_000))
        : platform === 'twitter'
          ? `${handleOf(c)}${locale === 'zh' ? 'CN' : ''}`
          : String((locale === 'zh' ? 2_000_000_000 : 3_000_000_000) + (c.rank ?? 0) * 104_729);
      const displayName = byExchange
        ? platform === 'weibo'
          ? `${x.displayName}官方微博`
          : x.displayName
        : locale === 'zh'
          ? `${c.name}中文社区`
          : c.name;
      rows.push({
        platform,
        account,
        displayName,
        // An exchange's post concerns a coin only when it names one (not, say, its reserves).
        coinId: !byExchange || body.includes(c.symbol) ? c.id : null,
        exchangeId: byExchange ? x.id : null,
        body,
        url:
          platform === 'twitter'
            ? `https://x.com/${account}/status/${status}`
            : `https://weibo.com/${account}/${mid.toString(36)}`,
        likes,
        reposts,
        locale,
        publishedAt,
      });
    }
  }
  return rows;
}

/** Writes the demo rows; returns how many were written. */
export async function seedCommunity(ctx: ContentSeedContext): Promise<number> {
  const coins = projects(ctx.coins);
  // Listings and official posts come from centralised exchanges (ctx.exchanges keeps the rank order).
  const cexIds = new Set(
    (await ctx.db.select({ id: exchangeTable.id }).from(exchangeTable).where(eq(exchangeTable.type, 'CEX'))).map(
      (r) => r.id,
    ),
  );
  const cex = ctx.exchanges.filter((x) => cexIds.has(x.id));
  if (coins.length === 0 || cex.length === 0) return 0;
  const updates = seedUpdates(ctx, coins, cex);
  const { qs, as } = seedQuestions(ctx, coins);
  const posts = seedSocial(ctx, coins, cex);
  await bulkInsert(ctx.db, projectUpdates, updates);
  // Few rows: a plain insert returns the ids the answers refer to.
  const ids = (await ctx.db.insert(questions).values(qs).returning({ id: questions.id })).map((r) => r.id);
  await bulkInsert(
    ctx.db,
    answers,
    as.map(({ q, ...a }) => ({ ...a, questionId: ids[q] as number })),
  );
  await bulkInsert(ctx.db, socialPosts, posts);
  return updates.length + qs.length + as.length + posts.length;
}
