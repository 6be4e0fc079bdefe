import { integer, pgEnum, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { num, ts } from './columns.ts';

/** Resolutions of the whole-market history: 5-minute points for a day, hourly for a month, daily for ever. */
export const marketSnapshotInterval = pgEnum('market_snapshot_interval', ['5m', '1h', '1d']);

/**
 * The whole market over time, recorded by the site itself (a snapshot of the coin list per
 * interval; the demo seeder writes the sums of its coins' histories). Dominance is derived from
 * the BTC and ETH caps when read, so the three always agree.
 */
export const marketSnapshots = pgTable(
  'market_snapshots',
  {
    interval: marketSnapshotInterval('interval').notNull(),
    /** Start of the interval the snapshot stands for (UTC). */
    at: ts('at').notNull(),
    /** Sum of the listed coins' market caps, USD. */
    marketCap: num('market_cap').notNull(),
    /** Sum of the listed coins' 24-hour volumes, USD. */
    volume24h: num('volume_24h').notNull(),
    btcCap: num('btc_cap').notNull(),
    ethCap: num('eth_cap').notNull(),
    /** How many coins were summed. */
    coins: integer('coins').notNull(),
    /** 'demo' (seeder) or the data source that priced the coins ('live', 'sim'). */
    source: text('source').notNull(),
    recordedAt: ts('recorded_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.interval, t.at] })],
);
