import { boolean, index, integer, pgEnum, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { ts } from './columns.ts';
import { coins } from './coins.ts';
import { exchanges } from './exchanges.ts';
import { contentLocale } from './locales.ts';

export const socialPlatform = pgEnum('social_platform', ['twitter', 'weibo']);

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
