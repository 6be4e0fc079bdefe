import { index, integer, pgEnum, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { ts } from './columns.ts';
import { users } from './account.ts';

export const favouriteKind = pgEnum('favourite_kind', ['COIN', 'TICKER', 'EXCHANGE']);

/** One favourite: exactly one coin, ticker or exchange, by identifier string. */
export const favourites = pgTable(
  'favourites',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: favouriteKind('kind').notNull(),
    target: text('target').notNull(),
    position: integer('position').notNull().default(0),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('favourites_uq').on(t.userId, t.kind, t.target),
    index('favourites_user_position_idx').on(t.userId, t.position),
  ],
);
