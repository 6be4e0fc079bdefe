/**
 * The content searchers: news, research, flash news, announcements, wiki entries and questions,
 * matched by full text or substring, with a snippet of the body.
 */
import { and, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { announcements, articles, exchanges, flashNews, questions, wikiEntries } from '../../server/db/schema/index.ts';
import { contentLocales } from '../../server/i18n/contentLocale.ts';
import { inVisitorWindow } from '../content/announcements/index.ts';
import {
  type ContentHit,
  type ContentKind,
  countRows,
  escapeLike,
  type Searcher,
  sectionTotal,
  tierOf,
} from './query.server.ts';

/**
 * The words of a query for substring matching, read like `websearch_to_tsquery` reads them:
 * quotes are dropped (their words must all occur), "-word" must not occur, and a query using
 * "or" is left to full-text search alone. At most eight words, longest first.
 * @example queryTerms('"spot etf" -futures') // { include: ['spot', 'etf'], exclude: ['futures'], or: false }
 */
export function queryTerms(query: string): { include: string[]; exclude: string[]; or: boolean } {
  const words = query
    .toLowerCase()
    .replace(/["“”]/g, ' ')
    .split(/[\s/]+/)
    .filter(Boolean);
  const include = new Set<string>();
  const exclude = new Set<string>();
  for (const w of words) {
    if (w.startsWith('-') && w.length > 1) exclude.add(w.slice(1));
    else if (w !== '-') include.add(w);
  }
  const byLength = (set: Set<string>) => [...set].sort((a, b) => b.length - a.length).slice(0, 8);
  return { include: byLength(include), exclude: byLength(exclude), or: words.includes('or') && words.length > 2 };
}
const SNIPPET_CHARS = 160;

/**
 * The passage of `body` around the first occurrence of any query word (or its beginning),
 * about 160 characters, with ellipses where it was cut.
 * @example snippet('A long text about the Bitcoin halving …', 'halving')
 */
export function snippet(body: string, query: string, max = SNIPPET_CHARS): string {
  // Wiki bodies are Markdown: a passage reads better without its markup.
  const flat = body
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/(^|\n)\s*(#{1,6}|>|[-*+]|\d+\.)\s+/g, '$1')
    .replace(/\*\*|__|`/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  if (flat.length <= max) return flat;
  const lower = flat.toLowerCase();
  const hits = queryTerms(query)
    .include.map((t) => lower.indexOf(t))
    .filter((i) => i >= 0);
  const first = hits.length ? Math.min(...hits) : 0;
  let start = Math.max(0, first - Math.floor(max / 3));
  if (start > 0) {
    const space = flat.lastIndexOf(' ', start);
    if (space > start - 20 && space > 0) start = space + 1;
  }
  const end = Math.min(flat.length, start + max);
  return `${start > 0 ? '…' : ''}${flat.slice(start, end).trim()}${end < flat.length ? '…' : ''}`;
}

/**
 * How a content table matches a query: PostgreSQL full-text search on title and body with the
 * `simple` configuration (`websearch_to_tsquery`: quoted phrases, "or", "-word"), or every
 * query word as a case-insensitive substring of title or body. The substring half is what
 * finds Chinese text ('simple' does not segment CJK, so 比特币 is not a lexeme of
 * "比特币突破") and partial words ("halv"). Rank: the tier first (whole query in the title,
 * then all words in the title, then the body), then full-text rank (`ts_rank_cd`), then newest.
 * Only built-in functions: works the same on the embedded and any external PostgreSQL, no extension needed.
 */
function contentMatch(title: SQL, body: SQL, query: string) {
  const terms = queryTerms(query);
  const doc = sql`to_tsvector('simple', coalesce(${title}, '') || ' ' || coalesce(${body}, ''))`;
  const tsq = sql`websearch_to_tsquery('simple', ${query})`;
  const fts = sql`${doc} @@ ${tsq}`;
  const has = (col: SQL, t: string) => sql`coalesce(${col}, '') ilike ${`%${escapeLike(t)}%`} escape '\\'`;
  const inText = (t: string) => or(has(title, t), has(body, t))!;
  const allInTitle = terms.include.length ? and(...terms.include.map((t) => has(title, t)))! : sql`false`;
  const substring =
    terms.include.length && !terms.or
      ? and(...terms.include.map(inText), ...terms.exclude.map((t) => sql`not ${inText(t)}`))!
      : null;
  // A plain query (words only) matches in full text only where every word is also a substring,
  // so the substring test alone decides and no row's text is parsed into a tsvector for it;
  // phrases, exclusions and "or" need full-text search.
  const plain = substring && !terms.exclude.length && !/["“”]/.test(query);
  const where = plain ? substring : substring ? or(substring, fts)! : fts;
  const tier =
    sql<number>`case when ${has(title, query.toLowerCase())} then 0 when ${allInTitle} then 1 else 2 end`.mapWith(
      Number,
    );
  const rank = sql<number>`ts_rank_cd(${doc}, ${tsq})`;
  return { where, tier, rank };
}

interface ContentRow {
  id: number;
  title: string;
  body: string | null;
  publishedAt: Date;
  locale: string;
  tier: number;
  important?: boolean;
  exchangeName?: string | null;
  exchangeDisplayName?: string | null;
  category?: string | null;
}

function toContentHit(kind: ContentKind, r: ContentRow, query: string, path?: string): ContentHit {
  const base = {
    news: '/news',
    research: '/research',
    lives: '/lives',
    announcement: '/announcement',
    wiki: '',
    question: '/question',
  }[kind];
  return {
    id: r.id,
    kind,
    title: r.title,
    snippet: snippet(r.body ?? '', query),
    publishedAt: r.publishedAt.toISOString(),
    path: path ?? `${base}/${r.id}`,
    locale: r.locale,
    important: r.important ?? false,
    exchange: r.exchangeName ? { name: r.exchangeName, displayName: r.exchangeDisplayName ?? r.exchangeName } : null,
    category: r.category ?? null,
    tier: tierOf(r.tier),
  };
}

/** News or research articles (deleted ones excluded). */
export function articleSearcher<K extends 'news' | 'research'>(kind: K): Searcher<K> {
  return async (db, term, page, size, locale) => {
    const m = contentMatch(sql`${articles.title}`, sql`${articles.body}`, term);
    const where = and(
      eq(articles.kind, kind),
      isNull(articles.deletedAt),
      inArray(articles.locale, contentLocales(locale)),
      m.where,
    );
    const rows =
      size > 0
        ? await db
            .select({
              id: articles.id,
              title: articles.title,
              body: articles.body,
              publishedAt: articles.publishedAt,
              locale: articles.locale,
              tier: m.tier,
            })
            .from(articles)
            .where(where)
            .orderBy(m.tier, sql`${m.rank} desc`, sql`${articles.publishedAt} desc`, sql`${articles.id} desc`)
            .limit(size)
            .offset((page - 1) * size)
        : [];
    const total = await sectionTotal(rows.length, page, size, (limit) =>
      countRows(db, db.select({ one: sql`1` }).from(articles).where(where).limit(limit).as('matches')),
    );
    return { ...total, list: rows.map((r) => toContentHit(kind, r, term)) };
  };
}

/** Flash news. */
export const searchLives: Searcher<'lives'> = async (db, term, page, size, locale) => {
  const m = contentMatch(sql`${flashNews.title}`, sql`${flashNews.body}`, term);
  const where = and(inArray(flashNews.locale, contentLocales(locale)), m.where);
  const rows =
    size > 0
      ? await db
          .select({
            id: flashNews.id,
            title: flashNews.title,
            body: flashNews.body,
            publishedAt: flashNews.publishedAt,
            locale: flashNews.locale,
            important: flashNews.important,
            tier: m.tier,
          })
          .from(flashNews)
          .where(where)
          .orderBy(m.tier, sql`${m.rank} desc`, sql`${flashNews.publishedAt} desc`, sql`${flashNews.id} desc`)
          .limit(size)
          .offset((page - 1) * size)
      : [];
  const total = await sectionTotal(rows.length, page, size, (limit) =>
    countRows(db, db.select({ one: sql`1` }).from(flashNews).where(where).limit(limit).as('matches')),
  );
  return { ...total, list: rows.map((r) => toContentHit('lives', r, term)) };
};

/** Exchange announcements; the exchange's display name matches too. */
export const searchAnnouncements: Searcher<'announcement'> = async (db, term, page, size, locale, signedIn) => {
  const m = contentMatch(
    sql`(${announcements.title} || ' ' || ${exchanges.displayName})`,
    sql`${announcements.body}`,
    term,
  );
  // A visitor finds what a visitor may read (SPEC §6): the window's announcements only.
  const where = and(
    inArray(announcements.locale, contentLocales(locale)),
    signedIn ? undefined : inVisitorWindow(contentLocales(locale)),
    m.where,
  );
  const rows =
    size > 0
      ? await db
          .select({
            id: announcements.id,
            title: announcements.title,
            body: announcements.body,
            publishedAt: announcements.publishedAt,
            locale: announcements.locale,
            category: announcements.category,
            exchangeName: exchanges.name,
            exchangeDisplayName: exchanges.displayName,
            tier: m.tier,
          })
          .from(announcements)
          .innerJoin(exchanges, eq(exchanges.id, announcements.exchangeId))
          .where(where)
          .orderBy(m.tier, sql`${m.rank} desc`, sql`${announcements.publishedAt} desc`, sql`${announcements.id} desc`)
          .limit(size)
          .offset((page - 1) * size)
      : [];
  const total = await sectionTotal(rows.length, page, size, (limit) =>
    countRows(
      db,
      db
        .select({ one: sql`1` })
        .from(announcements)
        .innerJoin(exchanges, eq(exchanges.id, announcements.exchangeId))
        .where(where)
        .limit(limit)
        .as('matches'),
    ),
  );
  return { ...total, list: rows.map((r) => toContentHit('announcement', r, term)) };
};

/** Encyclopedia entries (baike and bitwiki); their pages are addressed by slug. */
export const searchWiki: Searcher<'wiki'> = async (db, term, page, size, locale) => {
  const m = contentMatch(
    sql`${wikiEntries.title}`,
    sql`(coalesce(${wikiEntries.summary}, '') || ' ' || ${wikiEntries.body})`,
    term,
  );
  const where = and(inArray(wikiEntries.locale, contentLocales(locale)), m.where);
  const rows =
    size > 0
      ? await db
          .select({
            id: wikiEntries.id,
            wikiKind: wikiEntries.kind,
            slug: wikiEntries.slug,
            title: wikiEntries.title,
            body: wikiEntries.body,
            publishedAt: wikiEntries.updatedAt,
            locale: wikiEntries.locale,
            tier: m.tier,
          })
          .from(wikiEntries)
          .where(where)
          .orderBy(m.tier, sql`${m.rank} desc`, sql`${wikiEntries.views} desc`, sql`${wikiEntries.id} desc`)
          .limit(size)
          .offset((page - 1) * size)
      : [];
  const total = await sectionTotal(rows.length, page, size, (limit) =>
    countRows(db, db.select({ one: sql`1` }).from(wikiEntries).where(where).limit(limit).as('matches')),
  );
  return {
    ...total,
    list: rows.map((r) => ({
      ...toContentHit('wiki', r, term, `/${r.wikiKind}/${encodeURIComponent(r.slug)}`),
      category: r.wikiKind,
    })),
  };
};

/** Community questions. */
export const searchQuestions: Searcher<'question'> = async (db, term, page, size, locale) => {
  const m = contentMatch(sql`${questions.title}`, sql`${questions.body}`, term);
  const where = and(inArray(questions.locale, contentLocales(locale)), m.where);
  const rows =
    size > 0
      ? await db
          .select({
            id: questions.id,
            title: questions.title,
            body: questions.body,
            publishedAt: questions.createdAt,
            locale: questions.locale,
            tier: m.tier,
          })
          .from(questions)
          .where(where)
          .orderBy(m.tier, sql`${m.rank} desc`, sql`${questions.createdAt} desc`, sql`${questions.id} desc`)
          .limit(size)
          .offset((page - 1) * size)
      : [];
  const total = await sectionTotal(rows.length, page, size, (limit) =>
    countRows(db, db.select({ one: sql`1` }).from(questions).where(where).limit(limit).as('matches')),
  );
  return { ...total, list: rows.map((r) => toContentHit('question', r, term)) };
};
