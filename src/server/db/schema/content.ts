import {
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { coins, exchanges } from './market.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const offeringKind = pgEnum('offering_kind', ['ICO', 'IEO']);
export const offeringStatus = pgEnum('offering_status', [
  // IEO phases
  'preheating',
  'fundraising',
  'fundraising_ended',
  'coming_soon',
  // ICO phases
  'upcoming',
  'ongoing',
  'finished',
  'traded',
]);
export const articleKind = pgEnum('article_kind', ['news', 'research']);
export const contentLocale = pgEnum('content_locale', ['en', 'zh', 'zh-hk', 'ko']);

export const columnists = pgTable('columnists', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  avatar: text('avatar'),
  bio: text('bio'),
  followers: integer('followers').notNull().default(0),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/** A token offering (ICO or IEO). */
export const offerings = pgTable(
  'offerings',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull().unique(),
    kind: offeringKind('kind').notNull(),
    name: text('name').notNull(),
    symbol: text('symbol').notNull(),
    coinId: text('coin_id').references(() => coins.id, { onDelete: 'set null' }),
    platform: text('platform'),
    platformExchangeId: integer('platform_exchange_id').references(() => exchanges.id, {
      onDelete: 'set null',
    }),
    supply: numeric('supply'),
    goal: numeric('goal'),
    price: numeric('price'),
    acceptCoin: text('accept_coin'),
    softCap: numeric('soft_cap'),
    hardCap: numeric('hard_cap'),
    startAt: ts('start_at'),
    endAt: ts('end_at'),
    country: text('country'),
    additionalIssue: boolean('additional_issue'),
    team: jsonb('team').$type<{ name: string; role: string }[]>(),
    advisers: jsonb('advisers').$type<string[]>(),
    partners: jsonb('partners').$type<string[]>(),
    ratingAgencies: jsonb('rating_agencies').$type<{ name: string; rating: string }[]>(),
    investors: jsonb('investors').$type<string[]>(),
    roadmap: jsonb('roadmap').$type<{ date: string; title: string }[]>(),
    /** Return on investment as a multiple of the offering price. */
    roi: numeric('roi'),
    status: offeringStatus('status').notNull(),
    description: text('description'),
  },
  (t) => [index('offerings_start_idx').on(t.startAt), index('offerings_roi_idx').on(t.roi)],
);

export const announcements = pgTable(
  'announcements',
  {
    id: serial('id').primaryKey(),
    exchangeId: integer('exchange_id')
      .notNull()
      .references(() => exchanges.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    category: text('category').notNull(),
    body: text('body'),
    url: text('url').notNull().unique(),
    locale: contentLocale('locale').notNull().default('en'),
    /** Page views: the hot-announcements list ranks by them. */
    views: integer('views').notNull().default(0),
    publishedAt: ts('published_at').notNull(),
    /** When the row was stored (not published): push notifications go out for rows stored after a subscription. */
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('announcements_published_idx').on(t.publishedAt),
    index('announcements_exchange_idx').on(t.exchangeId, t.publishedAt),
    index('announcements_created_idx').on(t.createdAt),
  ],
);

export const announcementCoins = pgTable(
  'announcement_coins',
  {
    announcementId: integer('announcement_id')
      .notNull()
      .references(() => announcements.id, { onDelete: 'cascade' }),
    coinId: text('coin_id')
      .notNull()
      .references(() => coins.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.announcementId, t.coinId] }), index('announcement_coins_coin_idx').on(t.coinId)],
);

/** Site notices (from the operator rather than an exchange). */
export const notices = pgTable(
  'notices',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    category: text('category').notNull(),
    body: text('body'),
    url: text('url').unique(),
    locale: contentLocale('locale').notNull().default('en'),
    publishedAt: ts('published_at').notNull(),
  },
  (t) => [index('notices_published_idx').on(t.publishedAt)],
);

/** Flash news ("lives"). */
export const flashNews = pgTable(
  'flash_news',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    important: boolean('important').notNull().default(false),
    /** Readers' bullish and bearish votes. */
    votesUp: integer('votes_up').notNull().default(0),
    votesDown: integer('votes_down').notNull().default(0),
    sourceUrl: text('source_url').unique(),
    locale: contentLocale('locale').notNull().default('en'),
    publishedAt: ts('published_at').notNull(),
  },
  (t) => [index('flash_news_published_idx').on(t.publishedAt)],
);

export const flashNewsCoins = pgTable(
  'flash_news_coins',
  {
    flashNewsId: integer('flash_news_id')
      .notNull()
      .references(() => flashNews.id, { onDelete: 'cascade' }),
    coinId: text('coin_id')
      .notNull()
      .references(() => coins.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.flashNewsId, t.coinId] }), index('flash_news_coins_coin_idx').on(t.coinId)],
);

/** News articles and research reports. */
export const articles = pgTable(
  'articles',
  {
    id: serial('id').primaryKey(),
    kind: articleKind('kind').notNull(),
    columnistId: integer('columnist_id').references(() => columnists.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    summary: text('summary'),
    body: text('body').notNull(),
    cover: text('cover'),
    sourceUrl: text('source_url').unique(),
    locale: contentLocale('locale').notNull().default('en'),
    views: integer('views').notNull().default(0),
    publishedAt: ts('published_at').notNull(),
    deletedAt: ts('deleted_at'),
  },
  (t) => [
    index('articles_kind_published_idx').on(t.kind, t.publishedAt),
    index('articles_columnist_idx').on(t.columnistId, t.publishedAt),
  ],
);

export const articleCoins = pgTable(
  'article_coins',
  {
    articleId: integer('article_id')
      .notNull()
      .references(() => articles.id, { onDelete: 'cascade' }),
    coinId: text('coin_id')
      .notNull()
      .references(() => coins.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.articleId, t.coinId] }), index('article_coins_coin_idx').on(t.coinId)],
);

export const calendarEvents = pgTable(
  'calendar_events',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    body: text('body'),
    startsAt: ts('starts_at').notNull(),
    coinId: text('coin_id').references(() => coins.id, { onDelete: 'set null' }),
    exchangeId: integer('exchange_id').references(() => exchanges.id, { onDelete: 'set null' }),
    /** 1 (low) to 5 (high). */
    importance: integer('importance').notNull().default(1),
    votesUp: integer('votes_up').notNull().default(0),
    votesDown: integer('votes_down').notNull().default(0),
    /** Share of confirming votes, 0–100. */
    credibility: integer('credibility'),
    source: text('source'),
    tags: jsonb('tags').$type<string[]>(),
  },
  (t) => [
    index('calendar_events_starts_idx').on(t.startsAt),
    uniqueIndex('calendar_events_natural_uq').on(t.title, t.startsAt),
  ],
);

export const wikiKind = pgEnum('wiki_kind', ['baike', 'bitwiki']);
export const socialPlatform = pgEnum('social_platform', ['twitter', 'weibo']);

/** Encyclopedia entries: `baike` explains terms and concepts, `bitwiki` describes projects. */
export const wikiEntries = pgTable(
  'wiki_entries',
  {
    id: serial('id').primaryKey(),
    kind: wikiKind('kind').notNull(),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    category: text('category'),
    summary: text('summary'),
    body: text('body').notNull(),
    coinId: text('coin_id').references(() => coins.id, { onDelete: 'set null' }),
    locale: contentLocale('locale').notNull().default('en'),
    views: integer('views').notNull().default(0),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('wiki_entries_kind_slug_uq').on(t.kind, t.slug, t.locale),
    index('wiki_entries_coin_idx').on(t.coinId),
  ],
);

/** Project updates ("dynamics"): releases, partnerships, listings … of one coin's project. */
export const projectUpdates = pgTable(
  'project_updates',
  {
    id: serial('id').primaryKey(),
    coinId: text('coin_id')
      .notNull()
      .references(() => coins.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    sourceUrl: text('source_url').unique(),
    locale: contentLocale('locale').notNull().default('en'),
    publishedAt: ts('published_at').notNull(),
  },
  (t) => [
    index('project_updates_published_idx').on(t.publishedAt),
    index('project_updates_coin_idx').on(t.coinId, t.publishedAt),
  ],
);

/** Community questions; `answers` belong to one. Authors are display names (demo or imported). */
export const questions = pgTable(
  'questions',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    body: text('body'),
    author: text('author').notNull(),
    coinId: text('coin_id').references(() => coins.id, { onDelete: 'set null' }),
    locale: contentLocale('locale').notNull().default('en'),
    views: integer('views').notNull().default(0),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('questions_created_idx').on(t.createdAt), index('questions_coin_idx').on(t.coinId)],
);

export const answers = pgTable(
  'answers',
  {
    id: serial('id').primaryKey(),
    questionId: integer('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    author: text('author').notNull(),
    votes: integer('votes').notNull().default(0),
    accepted: boolean('accepted').notNull().default(false),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('answers_question_idx').on(t.questionId, t.createdAt)],
);

/** Topics collect articles around one theme. */
export const topics = pgTable('topics', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  title: text('title').notNull(),
  description: text('description'),
  cover: text('cover'),
  locale: contentLocale('locale').notNull().default('en'),
  createdAt: ts('created_at').notNull(),
});

export const topicArticles = pgTable(
  'topic_articles',
  {
    topicId: integer('topic_id')
      .notNull()
      .references(() => topics.id, { onDelete: 'cascade' }),
    articleId: integer('article_id')
      .notNull()
      .references(() => articles.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.topicId, t.articleId] }), index('topic_articles_article_idx').on(t.articleId)],
);

/** Social posts of projects and exchanges (Twitter/X and Weibo). */
export const socialPosts = pgTable(
  'social_posts',
  {
    id: serial('id').primaryKey(),
    platform: socialPlatform('platform').notNull(),
    account: text('account').notNull(),
    displayName: text('display_name').notNull(),
    coinId: text('coin_id').references(() => coins.id, { onDelete: 'set null' }),
    exchangeId: integer('exchange_id').references(() => exchanges.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    url: text('url').notNull().unique(),
    likes: integer('likes').notNull().default(0),
    reposts: integer('reposts').notNull().default(0),
    locale: contentLocale('locale').notNull().default('en'),
    publishedAt: ts('published_at').notNull(),
  },
  (t) => [
    index('social_posts_platform_published_idx').on(t.platform, t.publishedAt),
    index('social_posts_coin_idx').on(t.coinId),
  ],
);
