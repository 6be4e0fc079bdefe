/**
 * Community content: project updates ("dynamics", /dynamic), questions and answers (/question,
 * /wenda) and social posts of projects and exchanges (/twitter, /weibo).
 *
 * Language rule:
 * - Project updates and questions are written for readers of one language, so their lists show
 *   the rows of the page's content language (`contentLanguage`): Chinese for zh and zh-hk, English
 *   for en and ko (the seed and imports carry en and zh only).
 * - Social posts are quotes of official accounts in the language they posted in (Twitter mostly
 *   English, Weibo mostly Chinese); a feed shows every post of its platform, whatever the page
 *   language. The API can still narrow a feed with `lang`.
 * - A detail page shows any row by id, whatever its language, so shared links keep working.
 *
 * A missing id is a 404 with "Content does not exist or has been removed" (`community.missing`).
 */
import { and, count, desc, eq, gte, inArray, isNull, max, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/index.ts';
import { answers, coins, exchanges, projectUpdates, questions, socialPosts } from '../db/schema/index.ts';
import { primaryContentLocale, type PrimaryContentLocale } from './contentLocale.ts';
import { notFound } from './errors.ts';
import { coinIcon } from './markets.ts';
import type { Page } from './numbers.ts';

/** Kinds of project updates, stable codes the UI translates. */
export const UPDATE_KINDS = ['release', 'partnership', 'listing', 'governance', 'security', 'event'] as const;
export type UpdateKind = (typeof UPDATE_KINDS)[number];

/** Question list views: newest first, only unanswered ones, most viewed first. */
export const QUESTION_SORTS = ['newest', 'unanswered', 'views'] as const;
export type QuestionSort = (typeof QUESTION_SORTS)[number];

export const SOCIAL_PLATFORMS = ['twitter', 'weibo'] as const;
export type SocialPlatform = (typeof SOCIAL_PLATFORMS)[number];

export type ContentLanguage = PrimaryContentLocale;

export const isUpdateKind = (s: unknown): s is UpdateKind => (UPDATE_KINDS as readonly unknown[]).includes(s);
export const isQuestionSort = (s: unknown): s is QuestionSort => (QUESTION_SORTS as readonly unknown[]).includes(s);

const HOUR_MS = 3_600_000;
const MAX_ID = 2_147_483_647;

/** The content language a page lists: Chinese for zh and zh-hk, English for en and ko. */
export const contentLanguage = primaryContentLocale;

/**
 * A content id from a path segment: a positive whole number that fits the id column.
 * @example parseContentId('42') // 42; parseContentId('0x2a') // undefined
 */
export function parseContentId(raw: string | undefined): number | undefined {
  if (!raw || !/^[1-9]\d{0,9}$/.test(raw)) return undefined;
  const n = Number(raw);
  return n <= MAX_ID ? n : undefined;
}

/** The 404 of a missing (or wrong-platform) item. */
export const missing = () => notFound('community.missing');

/**
 * The first characters of a text for a list, cut at a word or sentence boundary when one is
 * near, with an ellipsis when cut.
 * @example excerpt('Hello world, again', 12) // 'Hello world…'
 */
export function excerpt(text: string, max = 140): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max);
  const boundary = Math.max(cut.lastIndexOf(' '), cut.lastIndexOf('，'), cut.lastIndexOf('。'), cut.lastIndexOf(','));
  return `${(boundary > max * 0.6 ? cut.slice(0, boundary) : cut).replace(/[\s,，。.]+$/, '')}…`;
}

export interface AnswerLike {
  id: number;
  votes: number;
  accepted: boolean;
  createdAt: string | Date;
}

/**
 * Orders the answers of a question: the accepted answer first, then by votes (most first),
 * then the earlier answer, then by id, so the order is total and stable.
 */
export function orderAnswers<T extends AnswerLike>(list: readonly T[]): T[] {
  const time = (v: string | Date) => (typeof v === 'string' ? Date.parse(v) : v.getTime());
  return [...list].sort((a, b) => Number(b.accepted) - Number(a.accepted) || b.votes - a.votes || time(a.createdAt) - time(b.createdAt) || a.id - b.id);
}

/**
 * How "hot" a question is for the Q&A hub: attention (views, answers, votes on its answers)
 * decayed by age, so a lively new question outranks an old one with the same numbers.
 * heat = (views / 100 + 2 × answers + votes / 10) / (age in days + 2)^1.2
 * @example questionHeat({ views: 1000, answers: 3, votes: 20, ageHours: 24 }) // ≈ 4.5
 */
export function questionHeat(q: { views: number; answers: number; votes: number; ageHours: number }): number {
  const attention = q.views / 100 + 2 * q.answers + q.votes / 10;
  return attention / Math.pow(Math.max(0, q.ageHours) / 24 + 2, 1.2);
}

/**
 * The public page of an account.
 * @example profileUrl('twitter', 'solana') // 'https://x.com/solana'
 */
export function profileUrl(platform: SocialPlatform, account: string): string {
  return platform === 'twitter' ? `https://x.com/${encodeURIComponent(account)}` : `https://weibo.com/u/${encodeURIComponent(account)}`;
}

export interface CoinRef {
  id: string;
  symbol: string;
  name: string;
  icon: string;
}

export interface ExchangeRef {
  name: string;
  displayName: string;
}

const iso = (v: Date | string | null | undefined): string | null => (v === null || v === undefined ? null : new Date(v).toISOString());

const coinRef = (r: { coinId: string | null; coinSymbol: string | null; coinName: string | null }): CoinRef | null =>
  r.coinId && r.coinSymbol && r.coinName ? { id: r.coinId, symbol: r.coinSymbol, name: r.coinName, icon: coinIcon(r.coinId) } : null;

const coinColumns = { coinSymbol: coins.symbol, coinName: coins.name };

/** Throws the 404 of an unknown coin filter. */
async function requireCoin(db: Db, id: string): Promise<void> {
  const [row] = await db.select({ id: coins.id }).from(coins).where(eq(coins.id, id)).limit(1);
  if (!row) throw notFound('community.unknownCoin', { id });
}

/** The id of an exchange named by its slug; throws the 404 of an unknown one. */
async function requireExchange(db: Db, name: string): Promise<number> {
  const [row] = await db.select({ id: exchanges.id }).from(exchanges).where(eq(exchanges.name, name)).limit(1);
  if (!row) throw notFound('community.unknownExchange', { name });
  return row.id;
}

const pageOffset = (q: { page: number; size: number }) => (q.page - 1) * q.size;

// ---------------------------------------------------------------------------------------------
// Project updates

export interface UpdateItem {
  id: number;
  kind: string;
  title: string;
  excerpt: string;
  coin: CoinRef;
  sourceUrl: string | null;
  locale: string;
  publishedAt: string;
}

export interface UpdateDetail extends UpdateItem {
  body: string;
  /** Newer and older updates of the same coin, in the same language. */
  related: UpdateItem[];
}

export type UpdatePage = Page<UpdateItem> & {
  kind: UpdateKind | null;
  coin: string | null;
  /** Updates per kind in the language (and coin, when filtered), for the filter tabs. */
  kinds: { kind: string; count: number }[];
};

const updateColumns = {
  id: projectUpdates.id,
  kind: projectUpdates.kind,
  title: projectUpdates.title,
  body: projectUpdates.body,
  coinId: projectUpdates.coinId,
  sourceUrl: projectUpdates.sourceUrl,
  locale: projectUpdates.locale,
  publishedAt: projectUpdates.publishedAt,
  ...coinColumns,
};

interface UpdateRow {
  id: number;
  kind: string;
  title: string;
  body: string;
  coinId: string;
  coinSymbol: string;
  coinName: string;
  sourceUrl: string | null;
  locale: string;
  publishedAt: Date;
}

const toUpdate = (r: UpdateRow): UpdateItem => ({
  id: r.id,
  kind: r.kind,
  title: r.title,
  excerpt: excerpt(r.body),
  coin: coinRef(r) as CoinRef,
  sourceUrl: r.sourceUrl,
  locale: r.locale,
  publishedAt: iso(r.publishedAt) as string,
});

/** Project updates of a language, newest first, optionally of one kind and one coin. */
export async function listUpdates(
  db: Db,
  q: { page: number; size: number; language: ContentLanguage; kind?: UpdateKind | undefined; coin?: string | undefined },
): Promise<UpdatePage> {
  if (q.coin !== undefined) await requireCoin(db, q.coin);
  const base: SQL[] = [eq(projectUpdates.locale, q.language)];
  if (q.coin !== undefined) base.push(eq(projectUpdates.coinId, q.coin));
  const where = and(...base, ...(q.kind ? [eq(projectUpdates.kind, q.kind)] : []));
  const [rows, [total], kinds] = await Promise.all([
    db
      .select(updateColumns)
      .from(projectUpdates)
      .innerJoin(coins, eq(coins.id, projectUpdates.coinId))
      .where(where)
      .orderBy(desc(projectUpdates.publishedAt), desc(projectUpdates.id))
      .limit(q.size)
      .offset(pageOffset(q)),
    db.select({ n: count() }).from(projectUpdates).where(where),
    db
      .select({ kind: projectUpdates.kind, count: count() })
      .from(projectUpdates)
      .where(and(...base))
      .groupBy(projectUpdates.kind),
  ]);
  const order = (k: string) => (isUpdateKind(k) ? UPDATE_KINDS.indexOf(k) : UPDATE_KINDS.length);
  return {
    list: (rows as UpdateRow[]).map(toUpdate),
    total: total?.n ?? 0,
    page: q.page,
    size: q.size,
    kind: q.kind ?? null,
    coin: q.coin ?? null,
    kinds: kinds.sort((a, b) => order(a.kind) - order(b.kind) || a.kind.localeCompare(b.kind)),
  };
}

/** The coins with the most updates in a language, for the coin filter. */
export async function updateCoins(db: Db, q: { language: ContentLanguage; limit?: number }): Promise<(CoinRef & { count: number })[]> {
  const rows = await db
    .select({ coinId: projectUpdates.coinId, ...coinColumns, count: count() })
    .from(projectUpdates)
    .innerJoin(coins, eq(coins.id, projectUpdates.coinId))
    .where(eq(projectUpdates.locale, q.language))
    .groupBy(projectUpdates.coinId, coins.symbol, coins.name, coins.rank)
    .orderBy(desc(count()), sql`${coins.rank} asc nulls last`, projectUpdates.coinId)
    .limit(q.limit ?? 12);
  return rows.map((r) => ({ ...(coinRef(r) as CoinRef), count: r.count }));
}

/** One project update with the coin's other updates in its language. */
export async function getUpdate(db: Db, id: number): Promise<UpdateDetail> {
  const [row] = await db.select(updateColumns).from(projectUpdates).innerJoin(coins, eq(coins.id, projectUpdates.coinId)).where(eq(projectUpdates.id, id)).limit(1);
  if (!row) throw missing();
  const related = await db
    .select(updateColumns)
    .from(projectUpdates)
    .innerJoin(coins, eq(coins.id, projectUpdates.coinId))
    .where(and(eq(projectUpdates.coinId, row.coinId), eq(projectUpdates.locale, row.locale), ne(projectUpdates.id, id)))
    .orderBy(desc(projectUpdates.publishedAt), desc(projectUpdates.id))
    .limit(5);
  return { ...toUpdate(row as UpdateRow), body: row.body, related: (related as UpdateRow[]).map(toUpdate) };
}

// ---------------------------------------------------------------------------------------------
// Questions and answers

export interface QuestionItem {
  id: number;
  title: string;
  excerpt: string;
  author: string;
  coin: CoinRef | null;
  locale: string;
  views: number;
  createdAt: string;
  answerCount: number;
  /** Whether the asker accepted one of the answers. */
  solved: boolean;
  lastAnsweredAt: string | null;
}

export interface Answer {
  id: number;
  body: string;
  author: string;
  votes: number;
  accepted: boolean;
  createdAt: string;
}

export interface QuestionDetail extends QuestionItem {
  body: string | null;
  /** Accepted first, then by votes: {@link orderAnswers}. */
  answers: Answer[];
  /** Other questions about the same coin (or, without a coin, the newest ones) in its language. */
  related: QuestionItem[];
}

export type QuestionPage = Page<QuestionItem> & { sort: QuestionSort; coin: string | null };

function answerStats(db: Db) {
  return db
    .select({
      questionId: answers.questionId,
      n: count().as('n'),
      solved: sql<boolean>`bool_or(${answers.accepted})`.as('solved'),
      votes: sql<number>`sum(${answers.votes})::int`.as('votes'),
      last: max(answers.createdAt).as('last'),
    })
    .from(answers)
    .groupBy(answers.questionId)
    .as('answer_stats');
}

/** Questions joined to their coin and answer statistics; `where` and order set by the caller. */
function questionQuery(db: Db) {
  const stats = answerStats(db);
  const query = db
    .select({
      id: questions.id,
      title: questions.title,
      body: questions.body,
      author: questions.author,
      coinId: questions.coinId,
      ...coinColumns,
      locale: questions.locale,
      views: questions.views,
      createdAt: questions.createdAt,
      answerCount: sql<number>`coalesce(${stats.n}, 0)::int`,
      solved: sql<boolean>`coalesce(${stats.solved}, false)`,
      votes: sql<number>`coalesce(${stats.votes}, 0)::int`,
      lastAnsweredAt: sql<string | null>`${stats.last}`,
    })
    .from(questions)
    .leftJoin(coins, eq(coins.id, questions.coinId))
    .leftJoin(stats, eq(stats.questionId, questions.id));
  return { query, stats };
}

type QuestionRow = {
  id: number;
  title: string;
  body: string | null;
  author: string;
  coinId: string | null;
  coinSymbol: string | null;
  coinName: string | null;
  locale: string;
  views: number;
  createdAt: Date;
  answerCount: number | string;
  solved: boolean | string;
  votes: number | string;
  lastAnsweredAt: string | Date | null;
};

const toQuestion = (r: QuestionRow): QuestionItem => ({
  id: r.id,
  title: r.title,
  excerpt: excerpt(r.body ?? '', 120),
  author: r.author,
  coin: coinRef(r),
  locale: r.locale,
  views: r.views,
  createdAt: iso(r.createdAt) as string,
  answerCount: Number(r.answerCount),
  solved: r.solved === true || r.solved === 't' || r.solved === 'true',
  lastAnsweredAt: iso(r.lastAnsweredAt),
});

/** Questions of a language: newest, unanswered (newest first) or most viewed; optionally about one coin. */
export async function listQuestions(
  db: Db,
  q: { page: number; size: number; language: ContentLanguage; sort?: QuestionSort | undefined; coin?: string | undefined },
): Promise<QuestionPage> {
  const sort = q.sort ?? 'newest';
  if (q.coin !== undefined) await requireCoin(db, q.coin);
  const { query, stats } = questionQuery(db);
  const filters: SQL[] = [eq(questions.locale, q.language)];
  if (q.coin !== undefined) filters.push(eq(questions.coinId, q.coin));
  if (sort === 'unanswered') filters.push(isNull(stats.questionId));
  const order = sort === 'views' ? [desc(questions.views), desc(questions.id)] : [desc(questions.createdAt), desc(questions.id)];
  const unanswered = sort === 'unanswered' ? sql`not exists (select 1 from ${answers} where ${answers.questionId} = ${questions.id})` : undefined;
  const countWhere = and(eq(questions.locale, q.language), ...(q.coin !== undefined ? [eq(questions.coinId, q.coin)] : []), ...(unanswered ? [unanswered] : []));
  const [rows, [total]] = await Promise.all([
    query
      .where(and(...filters))
      .orderBy(...order)
      .limit(q.size)
      .offset(pageOffset(q)),
    db.select({ n: count() }).from(questions).where(countWhere),
  ]);
  return { list: (rows as QuestionRow[]).map(toQuestion), total: total?.n ?? 0, page: q.page, size: q.size, sort, coin: q.coin ?? null };
}

/** One question with its answers (accepted first, then by votes) and related questions. */
export async function getQuestion(db: Db, id: number): Promise<QuestionDetail> {
  const { query } = questionQuery(db);
  const [row] = (await query.where(eq(questions.id, id)).limit(1)) as QuestionRow[];
  if (!row) throw missing();
  const answerRows = await db
    .select({ id: answers.id, body: answers.body, author: answers.author, votes: answers.votes, accepted: answers.accepted, createdAt: answers.createdAt })
    .from(answers)
    .where(eq(answers.questionId, id));
  const { query: relatedQuery } = questionQuery(db);
  const related = (await relatedQuery
    .where(and(eq(questions.locale, row.locale as ContentLanguage), ne(questions.id, id), row.coinId ? eq(questions.coinId, row.coinId) : isNull(questions.coinId)))
    .orderBy(desc(questions.createdAt), desc(questions.id))
    .limit(5)) as QuestionRow[];
  return {
    ...toQuestion(row),
    body: row.body,
    answers: orderAnswers(answerRows.map((a) => ({ ...a, createdAt: iso(a.createdAt) as string }))),
    related: related.map(toQuestion),
  };
}

export interface RecentAnswer {
  question: QuestionItem;
  answer: { id: number; author: string; excerpt: string; accepted: boolean; createdAt: string };
}

export interface WendaHub {
  stats: { questions: number; answers: number; solved: number; unanswered: number };
  /** Most active questions of the last 30 days by {@link questionHeat}. */
  hot: (QuestionItem & { heat: number })[];
  /** The latest answers, one per question. */
  recentlyAnswered: RecentAnswer[];
  /** The newest questions still waiting for an answer. */
  unanswered: QuestionItem[];
  /** Coins with the most questions. */
  coins: (CoinRef & { questions: number; answers: number })[];
}

/** The Q&A hub (/wenda): what is hot, what was just answered, what waits, and by coin. */
export async function wendaHub(db: Db, q: { language: ContentLanguage; now: number; limit?: number }): Promise<WendaHub> {
  const limit = q.limit ?? 6;
  // Drizzle builders are mutable: every list below starts from a fresh questionQuery.
  const questionsWhere = (where: (stats: ReturnType<typeof answerStats>) => SQL | undefined) => {
    const fresh = questionQuery(db);
    return fresh.query.where(where(fresh.stats));
  };
  const { stats } = questionQuery(db);
  const lang = eq(questions.locale, q.language);
  const since = new Date(q.now - 30 * 24 * HOUR_MS);
  // Each block is its own query, so the hub costs the same with ten questions or a million.
  const newestAnswers = db
    .selectDistinctOn([answers.questionId], { id: answers.id, questionId: answers.questionId, author: answers.author, body: answers.body, accepted: answers.accepted, createdAt: answers.createdAt })
    .from(answers)
    .innerJoin(questions, eq(questions.id, answers.questionId))
    .where(lang)
    .orderBy(answers.questionId, desc(answers.createdAt), desc(answers.id))
    .as('newest_answers');
  const [recent, latest, waiting, [totals], perCoin] = await Promise.all([
    // Heat needs the age in hours, so it is ranked here, among this month's questions only.
    questionsWhere(() => and(lang, gte(questions.createdAt, since))) as Promise<QuestionRow[]>,
    db.select().from(newestAnswers).orderBy(desc(newestAnswers.createdAt), desc(newestAnswers.id)).limit(limit),
    questionsWhere((st) => and(lang, isNull(st.n))).orderBy(desc(questions.createdAt), desc(questions.id)).limit(limit) as Promise<QuestionRow[]>,
    db
      .select({
        questions: sql<number>`count(*)::int`,
        answers: sql<number>`coalesce(sum(${stats.n}), 0)::int`,
        solved: sql<number>`(count(*) filter (where ${stats.solved}))::int`,
        unanswered: sql<number>`(count(*) filter (where ${stats.n} is null))::int`,
      })
      .from(questions)
      .leftJoin(stats, eq(stats.questionId, questions.id))
      .where(lang),
    db
      .select({
        id: coins.id,
        symbol: coins.symbol,
        name: coins.name,
        questions: sql<number>`count(*)::int`,
        answers: sql<number>`coalesce(sum(${stats.n}), 0)::int`,
      })
      .from(questions)
      .innerJoin(coins, eq(coins.id, questions.coinId))
      .leftJoin(stats, eq(stats.questionId, questions.id))
      .where(lang)
      .groupBy(coins.id, coins.symbol, coins.name)
      .orderBy(sql`count(*) desc`, sql`coalesce(sum(${stats.n}), 0) desc`, coins.id)
      .limit(12),
  ]);
  const hot = recent
    .map((r) => {
      const item = toQuestion(r);
      const heat = questionHeat({ views: item.views, answers: item.answerCount, votes: Number(r.votes), ageHours: (q.now - Date.parse(item.createdAt)) / HOUR_MS });
      return { ...item, heat: Math.round(heat * 100) / 100 };
    })
    .sort((a, b) => b.heat - a.heat || b.id - a.id)
    .slice(0, limit);
  const answered = latest.length
    ? new Map(((await questionsWhere(() => inArray(questions.id, latest.map((a) => a.questionId)))) as QuestionRow[]).map((r) => [r.id, toQuestion(r)]))
    : new Map<number, QuestionItem>();
  const recentlyAnswered = latest.flatMap((a) => {
    const question = answered.get(a.questionId);
    return question ? [{ question, answer: { id: a.id, author: a.author, excerpt: excerpt(a.body, 100), accepted: a.accepted, createdAt: iso(a.createdAt) as string } }] : [];
  });
  return {
    stats: { questions: totals?.questions ?? 0, answers: totals?.answers ?? 0, solved: totals?.solved ?? 0, unanswered: totals?.unanswered ?? 0 },
    hot,
    recentlyAnswered,
    unanswered: waiting.map(toQuestion),
    coins: perCoin.map((c) => ({ id: c.id, symbol: c.symbol, name: c.name, icon: coinIcon(c.id), questions: c.questions, answers: c.answers })),
  };
}

// ---------------------------------------------------------------------------------------------
// Social posts

export interface SocialPost {
  id: number;
  platform: SocialPlatform;
  account: string;
  displayName: string;
  profileUrl: string;
  coin: CoinRef | null;
  exchange: ExchangeRef | null;
  body: string;
  url: string;
  likes: number;
  reposts: number;
  locale: string;
  publishedAt: string;
}

export interface SocialDetail extends SocialPost {
  /** The account's other recent posts. */
  more: SocialPost[];
}

export type SocialPage = Page<SocialPost> & { platform: SocialPlatform | null; coin: string | null; exchange: string | null };

const socialColumns = {
  id: socialPosts.id,
  platform: socialPosts.platform,
  account: socialPosts.account,
  displayName: socialPosts.displayName,
  coinId: socialPosts.coinId,
  ...coinColumns,
  exchangeName: exchanges.name,
  exchangeDisplayName: exchanges.displayName,
  body: socialPosts.body,
  url: socialPosts.url,
  likes: socialPosts.likes,
  reposts: socialPosts.reposts,
  locale: socialPosts.locale,
  publishedAt: socialPosts.publishedAt,
};

function socialQuery(db: Db) {
  return db.select(socialColumns).from(socialPosts).leftJoin(coins, eq(coins.id, socialPosts.coinId)).leftJoin(exchanges, eq(exchanges.id, socialPosts.exchangeId));
}

type SocialRow = Awaited<ReturnType<ReturnType<typeof socialQuery>['execute']>>[number];

const toSocial = (r: SocialRow): SocialPost => ({
  id: r.id,
  platform: r.platform,
  account: r.account,
  displayName: r.displayName,
  profileUrl: profileUrl(r.platform, r.account),
  coin: coinRef(r),
  exchange: r.exchangeName && r.exchangeDisplayName ? { name: r.exchangeName, displayName: r.exchangeDisplayName } : null,
  body: r.body,
  url: r.url,
  likes: r.likes,
  reposts: r.reposts,
  locale: r.locale,
  publishedAt: iso(r.publishedAt) as string,
});

/**
 * Social posts, newest first: of one platform or both, optionally about one coin or from or
 * about one exchange (by its slug), optionally in one language.
 */
export async function listSocial(
  db: Db,
  q: {
    page: number;
    size: number;
    platform?: SocialPlatform | undefined;
    coin?: string | undefined;
    exchange?: string | undefined;
    language?: ContentLanguage | undefined;
  },
): Promise<SocialPage> {
  const filters: SQL[] = [];
  if (q.platform) filters.push(eq(socialPosts.platform, q.platform));
  if (q.coin !== undefined) {
    await requireCoin(db, q.coin);
    filters.push(eq(socialPosts.coinId, q.coin));
  }
  if (q.exchange !== undefined) filters.push(eq(socialPosts.exchangeId, await requireExchange(db, q.exchange)));
  if (q.language) filters.push(eq(socialPosts.locale, q.language));
  const where = filters.length ? and(...filters) : undefined;
  const [rows, [total]] = await Promise.all([
    socialQuery(db)
      .where(where)
      .orderBy(desc(socialPosts.publishedAt), desc(socialPosts.id))
      .limit(q.size)
      .offset(pageOffset(q)),
    db.select({ n: count() }).from(socialPosts).where(where),
  ]);
  return { list: rows.map(toSocial), total: total?.n ?? 0, page: q.page, size: q.size, platform: q.platform ?? null, coin: q.coin ?? null, exchange: q.exchange ?? null };
}

/** The coins and exchanges with the most posts on a platform, for the feed filters. */
export async function socialSources(db: Db, platform: SocialPlatform): Promise<{ coins: (CoinRef & { count: number })[]; exchanges: (ExchangeRef & { count: number })[] }> {
  const [coinRows, exchangeRows] = await Promise.all([
    db
      .select({ coinId: socialPosts.coinId, ...coinColumns, count: count() })
      .from(socialPosts)
      .innerJoin(coins, eq(coins.id, socialPosts.coinId))
      .where(eq(socialPosts.platform, platform))
      .groupBy(socialPosts.coinId, coins.symbol, coins.name, coins.rank)
      .orderBy(desc(count()), sql`${coins.rank} asc nulls last`, socialPosts.coinId)
      .limit(12),
    db
      .select({ name: exchanges.name, displayName: exchanges.displayName, count: count() })
      .from(socialPosts)
      .innerJoin(exchanges, eq(exchanges.id, socialPosts.exchangeId))
      .where(eq(socialPosts.platform, platform))
      .groupBy(exchanges.name, exchanges.displayName, exchanges.rank)
      .orderBy(desc(count()), sql`${exchanges.rank} asc nulls last`, exchanges.name)
      .limit(10),
  ]);
  return { coins: coinRows.map((r) => ({ ...(coinRef(r) as CoinRef), count: r.count })), exchanges: exchangeRows };
}

/**
 * One social post with the account's other recent posts. With `platform`, a post of the other
 * platform is missing too: /twitter/{id} never shows a Weibo post.
 */
export async function getSocial(db: Db, id: number, platform?: SocialPlatform): Promise<SocialDetail> {
  const [row] = await socialQuery(db).where(eq(socialPosts.id, id)).limit(1);
  if (!row || (platform !== undefined && row.platform !== platform)) throw missing();
  const more = await socialQuery(db)
    .where(and(eq(socialPosts.platform, row.platform), eq(socialPosts.account, row.account), ne(socialPosts.id, id)))
    .orderBy(desc(socialPosts.publishedAt), desc(socialPosts.id))
    .limit(5);
  return { ...toSocial(row), more: more.map(toSocial) };
}
