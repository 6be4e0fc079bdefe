import { index, integer, pgEnum, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { num, ts } from './columns.ts';
import { users } from './account.ts';

/** A reader's named portfolio (at most a few per reader; portfolio.server.ts says how many). */
export const portfolios = pgTable(
  'portfolios',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('portfolios_user_name_uq').on(t.userId, t.name)],
);

export const portfolioTxKind = pgEnum('portfolio_tx_kind', ['BUY', 'SELL', 'TRANSFER_IN', 'TRANSFER_OUT']);

/**
 * One buy, sell or transfer. The coin is named by its slug with its symbol and name as they were,
 * and no foreign key: a coin that leaves the list keeps its rows. Amounts are exact decimals;
 * `usd_rate` is the units of `currency` per US dollar on the transaction's day, fixed when saved.
 */
export const portfolioTransactions = pgTable(
  'portfolio_transactions',
  {
    id: serial('id').primaryKey(),
    portfolioId: integer('portfolio_id')
      .notNull()
      .references(() => portfolios.id, { onDelete: 'cascade' }),
    coinId: text('coin_id').notNull(),
    coinSymbol: text('coin_symbol').notNull(),
    coinName: text('coin_name').notNull(),
    kind: portfolioTxKind('kind').notNull(),
    at: ts('at').notNull(),
    quantity: num('quantity').notNull(),
    price: num('price'),
    currency: text('currency').notNull(),
    usdRate: num('usd_rate').notNull(),
    fee: num('fee').notNull().default('0'),
    note: text('note').notNull().default(''),
    /** The browser's id of a visitor's transaction: merging the same one twice adds it once. */
    clientId: text('client_id'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('portfolio_transactions_portfolio_at_idx').on(t.portfolioId, t.at),
    uniqueIndex('portfolio_transactions_client_uq').on(t.portfolioId, t.clientId),
  ],
);
