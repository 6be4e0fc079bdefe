import { boolean, index, integer, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core';
import { ts } from './columns.ts';
import { coins } from './coins.ts';
import { contentLocale } from './locales.ts';

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
    /** Where the row came from: 'demo' (the seeder), 'import' (`npm run import`) or a content source's id. */
    source: text('source').notNull().default('demo'),
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
