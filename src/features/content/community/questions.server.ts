/**
 * Questions and answers (/question, /question/{id}, /wenda): lists in the page's content language
 * (see community.server.ts for the language rule), a question with its answers, and the Q&A hub.
 */
import { and, count, desc, eq, gte, inArray, isNull, max, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../server/db/index.ts';
import { answers, coins, questions } from '../../../server/db/schema/index.ts';
import {
  coinColumns,
  coinRef,
  excerpt,
  iso,
  missing,
  pageOffset,
  requireCoin,
  type CoinRef,
  type ContentLanguage,
} from './community.server.ts';
import { coinIcon } from '../../market/coins/index.ts';
import type { Page } from '../../../server/db/numbers.ts';

const HOUR_MS = 3_600_000;

export const QUESTION_SORTS = ['newest', 'unanswered', 'views'] as const;
type QuestionSort = (typeof QUESTION_SORTS)[number];

export const isQuestionSort = (s: unknown): s is QuestionSort => (QUESTION_SORTS as readonly unknown[]).includes(s);

interface AnswerLike {
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
  return [...list].sort(
    (a, b) =>
      Number(b.accepted) - Number(a.accepted) ||
      b.votes - a.votes ||
      time(a.createdAt) - time(b.createdAt) ||
      a.id - b.id,
  );
}

/**
 * How "hot" a question is for the Q&A hub: attention (views, answers, votes on its answers)
 * decayed by age, so a lively new question outranks an old one with the same numbers.
 * heat = (views / 100 + 2 × answers + votes / 10) / (age in days + 2)^1.2
 * @example questionHeat({ views: 1000, answers: 3, votes: 20, ageHours: 24 }) // ≈ 4.5
 */
export function questionHeat(q: { views: number; answers: number; votes: number; ageHours: number }): number {
  const attention = q.views / 100 + 2 * q.answers + q.votes / 10;
  return attention / (Math.max(0, q.ageHours) / 24 + 2) ** 1.2;
}

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
  q: {
    page: number;
    size: number;
    language: ContentLanguage;
    sort?: QuestionSort | undefined;
    coin?: string | undefined;
  },
): Promise<QuestionPage> {
  const sort = q.sort ?? 'newest';
  if (q.coin !== undefined) await requireCoin(db, q.coin);
  const { query, stats } = questionQuery(db);
  const filters: SQL[] = [eq(questions.locale, q.language)];
  if (q.coin !== undefined) filters.push(eq(questions.coinId, q.coin));
  if (sort === 'unanswered') filters.push(isNull(stats.questionId));
  const order =
    sort === 'views' ? [desc(questions.views), desc(questions.id)] : [desc(questions.createdAt), desc(questions.id)];
  const unanswered =
    sort === 'unanswered'
      ? sql`not exists (select 1 from ${answers} where ${answers.questionId} = ${questions.id})`
      : undefined;
  const countWhere = and(
    eq(questions.locale, q.language),
    ...(q.coin !== undefined ? [eq(questions.coinId, q.coin)] : []),
    ...(unanswered ? [unanswered] : []),
  );
  const [rows, [total]] = await Promise.all([
    query
      .where(and(...filters))
      .orderBy(...order)
      .limit(q.size)
      .offset(pageOffset(q)),
    db.select({ n: count() }).from(questions).where(countWhere),
  ]);
  return {
    list: (rows as QuestionRow[]).map(toQuestion),
    total: total?.n ?? 0,
    page: q.page,
    size: q.size,
    sort,
    coin: q.coin ?? null,
  };
}

/** One question with its answers (accepted first, then by votes) and related questions. */
export async function getQuestion(db: Db, id: number): Promise<QuestionDetail> {
  const { query } = questionQuery(db);
  const [row] = (await query.where(eq(questions.id, id)).limit(1)) as QuestionRow[];
  if (!row) throw missing();
  const answerRows = await db
    .select({
      id: answers.id,
      body: answers.body,
      author: answers.author,
      votes: answers.votes,
      accepted: answers.accepted,
      createdAt: answers.createdAt,
    })
    .from(answers)
    .where(eq(answers.questionId, id));
  const { query: relatedQuery } = questionQuery(db);
  const related = (await relatedQuery
    .where(
      and(
        eq(questions.locale, row.locale as ContentLanguage),
        ne(questions.id, id),
        row.coinId ? eq(questions.coinId, row.coinId) : isNull(questions.coinId),
      ),
    )
    .orderBy(desc(questions.createdAt), desc(questions.id))
    .limit(5)) as QuestionRow[];
  return {
    ...toQuestion(row),
    body: row.body,
    answers: orderAnswers(answerRows.map((a) => ({ ...a, createdAt: iso(a.createdAt) as string }))),
    related: related.map(toQuestion),
  };
}

interface RecentAnswer {
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
export async function wendaHub(
  db: Db,
  q: { language: ContentLanguage; now: number; limit?: number },
): Promise<WendaHub> {
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
    .selectDistinctOn([answers.questionId], {
      id: answers.id,
      questionId: answers.questionId,
      author: answers.author,
      body: answers.body,
      accepted: answers.accepted,
      createdAt: answers.createdAt,
    })
    .from(answers)
    .innerJoin(questions, eq(questions.id, answers.questionId))
    .where(lang)
    .orderBy(answers.questionId, desc(answers.createdAt), desc(answers.id))
    .as('newest_answers');
  const [recent, latest, waiting, [totals], perCoin] = await Promise.all([
    // Heat needs the age in hours, so it is ranked here, among this month's questions only.
    questionsWhere(() => and(lang, gte(questions.createdAt, since))) as Promise<QuestionRow[]>,
    db.select().from(newestAnswers).orderBy(desc(newestAnswers.createdAt), desc(newestAnswers.id)).limit(limit),
    questionsWhere((st) => and(lang, isNull(st.n)))
      .orderBy(desc(questions.createdAt), desc(questions.id))
      .limit(limit) as Promise<QuestionRow[]>,
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
      const heat = questionHeat({
        views: item.views,
        answers: item.answerCount,
        votes: Number(r.votes),
        ageHours: (q.now - Date.parse(item.createdAt)) / HOUR_MS,
      });
      return { ...item, heat: Math.round(heat * 100) / 100 };
    })
    .sort((a, b) => b.heat - a.heat || b.id - a.id)
    .slice(0, limit);
  const answered = latest.length
    ? new Map(
        (
          (await questionsWhere(() =>
            inArray(
              questions.id,
              latest.map((a) => a.questionId),
            ),
          )) as QuestionRow[]
        ).map((r) => [r.id, toQuestion(r)]),
      )
    : new Map<number, QuestionItem>();
  const recentlyAnswered = latest.flatMap((a) => {
    const question = answered.get(a.questionId);
    return question
      ? [
          {
            question,
            answer: {
              id: a.id,
              author: a.author,
              excerpt: excerpt(a.body, 100),
              accepted: a.accepted,
              createdAt: iso(a.createdAt) as string,
            },
          },
        ]
      : [];
  });
  return {
    stats: {
      questions: totals?.questions ?? 0,
      answers: totals?.answers ?? 0,
      solved: totals?.solved ?? 0,
      unanswered: totals?.unanswered ?? 0,
    },
    hot,
    recentlyAnswered,
    unanswered: waiting.map(toQuestion),
    coins: perCoin.map((c) => ({
      id: c.id,
      symbol: c.symbol,
      name: c.name,
      icon: coinIcon(c.id),
      questions: c.questions,
      answers: c.answers,
    })),
  };
}
