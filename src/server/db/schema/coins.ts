import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { num, ts } from './columns.ts';

export const linkKind = pgEnum('link_kind', [
  'website',
  'whitepaper',
  'explorer',
  'repository',
  'community',
  'telegram',
]);

export const coins = pgTable(
  'coins',
  {
    /** URL slug, e.g. "bitcoin". */
    id: text('id').primaryKey(),
    symbol: text('symbol').notNull(),
    name: text('name').notNull(),
    color: text('color'),
    hasIcon: boolean('has_icon').notNull().default(false),
    price: num('price'),
    change1h: num('change_1h'),
    change24h: num('change_24h'),
    change7d: num('change_7d'),
    change30d: num('change_30d'),
    change1y: num('change_1y'),
    circulatingSupply: num('circulating_supply'),
    totalSupply: num('total_supply'),
    maxSupply: num('max_supply'),
    marketCap: num('market_cap'),
    rank: integer('rank'),
    volume24h: num('volume_24h'),
    high24h: num('high_24h'),
    low24h: num('low_24h'),
    ath: num('ath'),
    athAt: ts('ath_at'),
    atl: num('atl'),
    atlAt: ts('atl_at'),
    openYesterday: num('open_yesterday'),
    closeYesterday: num('close_yesterday'),
    issuePrice: num('issue_price'),
    listedOn: date('listed_on'),
    firstExchange: text('first_exchange'),
    firstListedAt: ts('first_listed_at'),
    platform: text('platform'),
    isToken: boolean('is_token').notNull().default(false),
    reviewed: boolean('reviewed').notNull().default(false),
    description: text('description'),
    /** Seven days of closing prices, oldest first: a cache for list sparklines. */
    sparkline7d: jsonb('sparkline_7d').$type<number[]>(),
    /** The list sparkline drawn from sparkline_7d (src/lib/sparkline.ts), written with it. */
    sparklinePath: text('sparkline_path'),
    /** Its direction: rise, fall or flat. */
    sparklineTrend: text('sparkline_trend'),
    /** Daily volatility used by the simulated market, as a fraction (0.03 = 3 %). */
    volatility: num('volatility'),
    /**
     * Provenance: the sources whose tickers made the price ("binance", "okx"…); empty for the
     * demo data. `updated_at` is when the row was last written.
     */
    sources: text('sources').array().notNull().default(sql`'{}'::text[]`),
    /**
     * When the newest figure the price was computed from was observed: the price's age, which
     * the pages show (and call stale past STALE_MS). The simulated market's prices are as old as
     * their tick.
     */
    priceAt: ts('price_at'),
    /** Where the supplies came from ("coingecko"), and when; null for the seeder's figures. */
    factsSource: text('facts_source'),
    factsUpdatedAt: ts('facts_updated_at'),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('coins_symbol_name_uq').on(t.symbol, t.name),
    index('coins_rank_idx').on(t.rank),
    index('coins_market_cap_idx').on(t.marketCap),
    index('coins_volume_idx').on(t.volume24h),
    index('coins_change24h_idx').on(t.change24h),
    index('coins_change7d_idx').on(t.change7d),
    index('coins_price_idx').on(t.price),
    index('coins_symbol_idx').on(t.symbol),
    // A symbol in any case (`btc` in /convert/btc-usd, /kline/btc, a search for one): equality, which
    // the trigram index (0019) answers ten times slower.
    index('coins_symbol_lower_idx').on(sql`lower(${t.symbol})`),
  ],
);

export const coinLinks = pgTable(
  'coin_links',
  {
    id: serial('id').primaryKey(),
    coinId: text('coin_id')
      .notNull()
      .references(() => coins.id, { onDelete: 'cascade' }),
    kind: linkKind('kind').notNull(),
    url: text('url').notNull(),
  },
  (t) => [uniqueIndex('coin_links_uq').on(t.coinId, t.kind, t.url)],
);

export const tags = pgTable('tags', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
});

export const coinTags = pgTable(
  'coin_tags',
  {
    coinId: text('coin_id')
      .notNull()
      .references(() => coins.id, { onDelete: 'cascade' }),
    tagId: integer('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.coinId, t.tagId] }), index('coin_tags_tag_idx').on(t.tagId)],
);

/**
 * A coin's name in a language whose readers know it by another name (比特币, 비트코인). The
 * English name stays in `coins.name`; pages show this one first and search finds both.
 */
export const coinNames = pgTable(
  'coin_names',
  {
    coinId: text('coin_id')
      .notNull()
      .references(() => coins.id, { onDelete: 'cascade' }),
    /** A site locale other than en: zh, zh-hk, ko. */
    locale: text('locale').notNull(),
    name: text('name').notNull(),
  },
  (t) => [primaryKey({ columns: [t.coinId, t.locale] })],
);
