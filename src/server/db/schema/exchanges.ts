import { sql } from 'drizzle-orm';
import { bigint, boolean, date, index, integer, pgEnum, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { num, ts } from './columns.ts';

export const exchangeType = pgEnum('exchange_type', ['CEX', 'DEX']);

export const exchanges = pgTable(
  'exchanges',
  {
    id: serial('id').primaryKey(),
    /** URL slug, e.g. "binance". */
    name: text('name').notNull().unique(),
    displayName: text('display_name').notNull(),
    type: exchangeType('type').notNull(),
    country: text('country'),
    foundedOn: date('founded_on'),
    rank: integer('rank'),
    makerFee: num('maker_fee'),
    takerFee: num('taker_fee'),
    reportedVolume24h: num('reported_volume_24h'),
    hasSpot: boolean('has_spot').notNull().default(true),
    hasLeverage: boolean('has_leverage').notNull().default(false),
    hasFiat: boolean('has_fiat').notNull().default(false),
    hasMiningIncentive: boolean('has_mining_incentive').notNull().default(false),
    hasFutures: boolean('has_futures').notNull().default(false),
    coinCount: integer('coin_count').notNull().default(0),
    pairCount: integer('pair_count').notNull().default(0),
    monthlyVisits: bigint('monthly_visits', { mode: 'number' }),
    followers: integer('followers'),
    apiDelayMs: integer('api_delay_ms'),
    webDelayMs: integer('web_delay_ms'),
    starRating: num('star_rating'),
    reviewed: boolean('reviewed').notNull().default(false),
    website: text('website'),
    color: text('color'),
    description: text('description'),
    /** Provenance: the sources that report this exchange; empty for the demo data. */
    sources: text('sources').array().notNull().default(sql`'{}'::text[]`),
    /** CoinGecko's trust score (1–10) and where it came from; null for the seeder's exchanges. */
    trustScore: integer('trust_score'),
    factsSource: text('facts_source'),
    factsUpdatedAt: ts('facts_updated_at'),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    // The exchange lists' default order (rank, then name), whole and per type: page 1 reads the
    // first rows of the index instead of sorting every exchange.
    index('exchanges_rank_order_idx').on(t.rank.asc().nullsLast(), t.name),
    index('exchanges_type_rank_order_idx').on(t.type, t.rank.asc().nullsLast(), t.name),
    index('exchanges_volume_idx').on(t.reportedVolume24h),
    index('exchanges_display_name_idx').on(t.displayName),
  ],
);
