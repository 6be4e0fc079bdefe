import { date, index, integer, pgEnum, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** What a reader votes on: flash news (bullish / bearish) and calendar events (confirm / doubt). */
export const voteKind = pgEnum('vote_kind', ['flash', 'calendar']);

/**
 * A reader's vote, one per user per item, changeable. `value` is +1 (bullish, confirm) or −1
 * (bearish, doubt). The items' `votes_up` / `votes_down` counters are moved in the same
 * transaction, so the read side shows them as it is. No foreign key to the item (two tables).
 */
export const votes = pgTable(
  'votes',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: voteKind('kind').notNull(),
    itemId: integer('item_id').notNull(),
    value: smallint('value').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind, t.itemId] })],
);

/**
 * Page views from the first-party beacon: a count per site path (no locale prefix, query or
 * hash) and UTC day. Nothing about the reader is stored.
 */
export const pageViews = pgTable(
  'page_views',
  {
    path: text('path').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    n: integer('n').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.path, t.day] }), index('page_views_day_idx').on(t.day)],
);
