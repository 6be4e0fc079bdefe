import { index, integer, pgEnum, pgTable, primaryKey, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { ts } from './columns.ts';
import { coins } from './coins.ts';
import { contentLocale } from './locales.ts';
import { articles } from './news.ts';

export const wikiKind = pgEnum('wiki_kind', ['baike', 'bitwiki']);

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
