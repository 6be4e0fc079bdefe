import { pgEnum, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
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
