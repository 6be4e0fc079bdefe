import { integer, pgEnum, pgTable, primaryKey, smallint } from 'drizzle-orm/pg-core';
import { ts } from './columns.ts';
import { users } from './account.ts';

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
