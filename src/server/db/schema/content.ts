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
    publishedAt: ts('published_at').notNull(),
  },
  (t) => [
    index('announcements_published_idx').on(t.publishedAt),
    index('announcements_exchange_idx').on(t.exchangeId, t.publishedAt),
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
  (t) => [
    primaryKey({ columns: [t.announcementId, t.coinId] }),
    index('announcement_coins_coin_idx').on(t.coinId),
  ],
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
  (t) => [
    primaryKey({ columns: [t.flashNewsId, t.coinId] }),
    index('flash_news_coins_coin_idx').on(t.coinId),
  ],
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
