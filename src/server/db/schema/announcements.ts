import { index, integer, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core';
import { ts } from './columns.ts';
import { coins } from './coins.ts';
import { exchanges } from './exchanges.ts';
import { contentLocale } from './locales.ts';

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
    /** Where the row came from: 'demo' (the seeder), 'import' (`npm run import`) or a content source's id. */
    source: text('source').notNull().default('demo'),
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
