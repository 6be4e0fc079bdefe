import { boolean, index, integer, pgEnum, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { num, ts } from './columns.ts';
import { users } from './account.ts';
import { coins } from './coins.ts';

export const priceAlertKind = pgEnum('price_alert_kind', ['ABOVE', 'BELOW', 'CHANGE_24H']);

/**
 * A reader's price alert on one coin. `level` is what the rounds compare: US dollars for ABOVE and
 * BELOW, percent for CHANGE_24H; `shown_level` and `currency` are what the reader typed. `armed`
 * is false from a firing until the price has come back by the margin (one notice per crossing).
 */
export const priceAlerts = pgTable(
  'price_alerts',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    coinId: text('coin_id')
      .notNull()
      .references(() => coins.id, { onDelete: 'cascade' }),
    kind: priceAlertKind('kind').notNull(),
    level: num('level').notNull(),
    shownLevel: num('shown_level').notNull(),
    currency: text('currency').notNull(),
    /** The language the reader set it in: its notices are written in it. */
    locale: text('locale').notNull(),
    push: boolean('push').notNull().default(true),
    email: boolean('email').notNull().default(false),
    armed: boolean('armed').notNull().default(true),
    firedAt: ts('fired_at'),
    fireCount: integer('fire_count').notNull().default(0),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('price_alerts_coin_idx').on(t.coinId), index('price_alerts_user_idx').on(t.userId)],
);
