import { index, integer, pgEnum, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { ts } from './columns.ts';
import { users } from './account.ts';
import { columnists } from './news.ts';

export const columnistFollows = pgTable(
  'columnist_follows',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    columnistId: integer('columnist_id')
      .notNull()
      .references(() => columnists.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.columnistId] })],
);

export const bookmarkKind = pgEnum('bookmark_kind', ['article', 'flash', 'announcement']);

/**
 * A bookmarked piece of content (SPEC §7 "GET v1 favorite/page…"): an article (news or
 * research), a flash news item or an exchange announcement, by id. No foreign key (the target
 * is one of three tables): the list joins the content and drops bookmarks of removed items.
 */
export const contentBookmarks = pgTable(
  'content_bookmarks',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: bookmarkKind('kind').notNull(),
    targetId: integer('target_id').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.kind, t.targetId] }),
    index('content_bookmarks_user_created_idx').on(t.userId, t.createdAt),
  ],
);
