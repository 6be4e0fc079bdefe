import {
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { ts } from './columns.ts';
import { users } from './account.ts';

export const commentTarget = pgEnum('comment_target', ['coin', 'exchange', 'offering']);

/** A review of a coin, an exchange or an offering: one per user per target. */
export const comments = pgTable(
  'comments',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    targetType: commentTarget('target_type').notNull(),
    targetId: text('target_id').notNull(),
    content: text('content').notNull(),
    anonymous: boolean('anonymous').notNull().default(false),
    /** Dimension → score (1–5): safety, reputation … or team, product … */
    ratings: jsonb('ratings').$type<Record<string, number>>().notNull(),
    overall: numeric('overall').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('comments_one_per_user_uq').on(t.userId, t.targetType, t.targetId),
    index('comments_target_idx').on(t.targetType, t.targetId, t.createdAt),
  ],
);
