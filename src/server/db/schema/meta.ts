import { jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { num, ts } from './columns.ts';

/** Exchange rates against USD (USD = 1): how many units of `symbol` one dollar buys. */
export const rates = pgTable('rates', {
  symbol: text('symbol').primaryKey(),
  rate: num('rate').notNull(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/** Small facts about the data set: which source is active, when it was seeded. */
export const siteMeta = pgTable('site_meta', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});
