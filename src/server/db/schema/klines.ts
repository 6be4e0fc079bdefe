import { sql } from 'drizzle-orm';
import { integer, pgEnum, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { num, ts } from './columns.ts';
import { coins } from './coins.ts';

export const klineInterval = pgEnum('kline_interval', ['1m', '5m', '15m', '1h', '4h', '1d', '1w']);

export const klines = pgTable(
  'klines',
  {
    coinId: text('coin_id')
      .notNull()
      .references(() => coins.id, { onDelete: 'cascade' }),
    interval: klineInterval('interval').notNull(),
    openTime: ts('open_time').notNull(),
    open: num('open').notNull(),
    high: num('high').notNull(),
    low: num('low').notNull(),
    close: num('close').notNull(),
    volume: num('volume').notNull(),
  },
  (t) => [primaryKey({ columns: [t.coinId, t.interval, t.openTime] })],
);

/**
 * The live history backfill's queue: one row per coin with a pair on a source that serves
 * candles, so the work survives a restart and `/api/health` can say how far it has come.
 */
export const klineBackfill = pgTable('kline_backfill', {
  coinId: text('coin_id')
    .primaryKey()
    .references(() => coins.id, { onDelete: 'cascade' }),
  /** The source and its instrument the candles come from (the coin's busiest usable pair). */
  source: text('source').notNull(),
  instrument: text('instrument').notNull(),
  /** Intervals whose span is written, newest ranges first ('1m', '1h', '1d'). */
  done: text('done').array().notNull().default(sql`'{}'::text[]`),
  attempts: integer('attempts').notNull().default(0),
  /** Not before this time (backoff after a failure). */
  nextAt: ts('next_at'),
  lastError: text('last_error'),
  finishedAt: ts('finished_at'),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});
