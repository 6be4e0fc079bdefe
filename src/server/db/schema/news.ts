import { index, integer, pgEnum, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core';
import { ts } from './columns.ts';
import { coins } from './coins.ts';
import { contentLocale } from './locales.ts';

export const articleKind = pgEnum('article_kind', ['news', 'research']);

export const columnists = pgTable('columnists', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  avatar: text('avatar'),
  bio: text('bio'),
  followers: integer('followers').notNull().default(0),
  createdAt: ts('created_at').notNull().defaultNow(),
});

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
    /** Where the row came from: 'demo' (the seeder), 'import' (`npm run import`) or a content source's id. */
    source: text('source').notNull().default('demo'),
    /** The byline a source gave (feeds' author or dc:creator). */
    author: text('author'),
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
