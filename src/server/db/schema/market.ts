import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
/** Prices and amounts: arbitrary precision in storage, strings in JS so nothing is rounded twice. */
const num = (name: string) => numeric(name);

export const exchangeType = pgEnum('exchange_type', ['CEX', 'DEX']);
export const contractType = pgEnum('contract_type', [
  'PERPETUAL',
  'UPSWEEKLY',
  'DOWNSWEEKLY',
  'WEEKLY',
  'BIWEEKLY',
  'MONTHLY',
  'QUARTERLY',
  'BIQUARTERLY',
]);
export const marketKind = pgEnum('market_kind', ['spot', 'futures']);
export const linkKind = pgEnum('link_kind', [
  'website',
  'whitepaper',
  'explorer',
  'repository',
  'community',
  'telegram',
]);
export const klineInterval = pgEnum('kline_interval', ['1m', '5m', '15m', '1h', '4h', '1d', '1w']);

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

/** Concept sectors ("DeFi", "Layer 2" …), a grouping with its own pages. */
export const concepts = pgTable('concepts', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  description: text('description'),
});

export const coinConcepts = pgTable(
  'coin_concepts',
  {
    coinId: text('coin_id')
      .notNull()
      .references(() => coins.id, { onDelete: 'cascade' }),
    conceptId: integer('concept_id')
      .notNull()
      .references(() => concepts.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.coinId, t.conceptId] }), index('coin_concepts_concept_idx').on(t.conceptId)],
);

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

/** A market pair on one exchange; futures carry a contract type. */
export const tickers = pgTable(
  'tickers',
  {
    id: serial('id').primaryKey(),
    exchangeId: integer('exchange_id')
      .notNull()
      .references(() => exchanges.id, { onDelete: 'cascade' }),
    coinId: text('coin_id')
      .notNull()
      .references(() => coins.id, { onDelete: 'cascade' }),
    /** "BTC/USDT" or "BTC-PERPETUAL/USDT". */
    pair: text('pair').notNull(),
    baseSymbol: text('base_symbol').notNull(),
    quoteSymbol: text('quote_symbol').notNull(),
    market: marketKind('market').notNull().default('spot'),
    contractType: contractType('contract_type'),
    /** Last price in USD. */
    price: num('price'),
    /** Last price in the quote currency. */
    priceQuote: num('price_quote'),
    volume24h: num('volume_24h'),
    change24h: num('change_24h'),
    bestBid: num('best_bid'),
    bestAsk: num('best_ask'),
    depthPlus1: num('depth_plus_1'),
    depthMinus1: num('depth_minus_1'),
    /** Provenance: the source that reported this pair ("binance-futures"); null for the demo data. */
    source: text('source'),
    /** The source's own instrument id ("BTC-USDT-SWAP"), to match its next report. */
    instrument: text('instrument'),
    /** Dated futures: the expiry; the contract type is recomputed from it on every refresh. */
    expiresAt: ts('expires_at'),
    /**
     * Why the coin's price leaves this pair out, or null when it counts: `invalid-price` (its
     * source reported zero, a negative price or none that reads), `stale` (no report for too
     * long), `flagged` (its source marks the price unreliable), `outlier` (too far from the other
     * pairs), `no-reference` (its quote has no USD price), `futures` (derivatives never make the
     * spot price).
     */
    excluded: text('excluded'),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('tickers_exchange_pair_uq').on(t.exchangeId, t.pair),
    index('tickers_coin_volume_idx').on(t.coinId, t.volume24h),
    index('tickers_exchange_volume_idx').on(t.exchangeId, t.volume24h),
    // The pair lists' default order (volume, then id), whole and per market: page 1 reads the
    // first rows of the index instead of sorting every pair.
    index('tickers_volume_order_idx').on(t.volume24h.desc().nullsLast(), t.id),
    index('tickers_market_volume_order_idx').on(t.market, t.volume24h.desc().nullsLast(), t.id),
  ],
);

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

/** Fund-flow windows of SPEC §9. */
export const flowWindow = pgEnum('flow_window', ['30m', '1h', '1d', '7d']);

/** USD in and out over one window; netflow = inflow − outflow. */
const flowColumns = () => ({
  window: flowWindow('window').notNull(),
  inflow: num('inflow').notNull(),
  outflow: num('outflow').notNull(),
  netflow: num('netflow').notNull(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/** Money flowing into and out of a coin's markets over a window, in USD. */
export const coinFlows = pgTable(
  'coin_flows',
  {
    coinId: text('coin_id')
      .notNull()
      .references(() => coins.id, { onDelete: 'cascade' }),
    ...flowColumns(),
  },
  (t) => [primaryKey({ columns: [t.coinId, t.window] }), index('coin_flows_window_net_idx').on(t.window, t.netflow)],
);

/** Deposits into and withdrawals from an exchange over a window, in USD. */
export const exchangeFlows = pgTable(
  'exchange_flows',
  {
    exchangeId: integer('exchange_id')
      .notNull()
      .references(() => exchanges.id, { onDelete: 'cascade' }),
    ...flowColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.exchangeId, t.window] }),
    index('exchange_flows_window_net_idx').on(t.window, t.netflow),
  ],
);

/** The top 100 holder addresses of a coin (address analysis and large holders). */
export const coinHolders = pgTable(
  'coin_holders',
  {
    coinId: text('coin_id')
      .notNull()
      .references(() => coins.id, { onDelete: 'cascade' }),
    /** 1 = largest balance. */
    rank: integer('rank').notNull(),
    address: text('address').notNull(),
    /** A known owner ("Binance cold wallet"), when one is known. */
    label: text('label'),
    exchangeId: integer('exchange_id').references(() => exchanges.id, { onDelete: 'set null' }),
    balance: num('balance').notNull(),
    /** Balance change over 24 hours, in coins. */
    change24h: num('change_24h'),
    firstSeenAt: ts('first_seen_at'),
  },
  (t) => [primaryKey({ columns: [t.coinId, t.rank] }), uniqueIndex('coin_holders_address_uq').on(t.coinId, t.address)],
);

/** Daily on-chain activity of a coin. */
export const coinChainDaily = pgTable(
  'coin_chain_daily',
  {
    coinId: text('coin_id')
      .notNull()
      .references(() => coins.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    transactions: integer('transactions').notNull(),
    activeAddresses: integer('active_addresses').notNull(),
    newAddresses: integer('new_addresses').notNull(),
    /** Value transferred on chain that day, in coins. */
    transferVolume: num('transfer_volume').notNull(),
    /** Transfers worth more than 100,000 USD. */
    largeTransfers: integer('large_transfers').notNull(),
  },
  (t) => [primaryKey({ columns: [t.coinId, t.day] })],
);

/** Recent large on-chain transfers of a coin. */
export const coinTransfers = pgTable(
  'coin_transfers',
  {
    id: serial('id').primaryKey(),
    coinId: text('coin_id')
      .notNull()
      .references(() => coins.id, { onDelete: 'cascade' }),
    txHash: text('tx_hash').notNull(),
    fromAddress: text('from_address').notNull(),
    toAddress: text('to_address').notNull(),
    fromLabel: text('from_label'),
    toLabel: text('to_label'),
    amount: num('amount').notNull(),
    /** USD value at the time of the transfer. */
    valueUsd: num('value_usd').notNull(),
    at: ts('at').notNull(),
  },
  (t) => [
    uniqueIndex('coin_transfers_tx_uq').on(t.coinId, t.txHash),
    index('coin_transfers_coin_at_idx').on(t.coinId, t.at),
  ],
);

/** How much of a coin an exchange holds in its known wallets. */
export const exchangeBalances = pgTable(
  'exchange_balances',
  {
    exchangeId: integer('exchange_id')
      .notNull()
      .references(() => exchanges.id, { onDelete: 'cascade' }),
    coinId: text('coin_id')
      .notNull()
      .references(() => coins.id, { onDelete: 'cascade' }),
    balance: num('balance').notNull(),
    change24h: num('change_24h'),
    change7d: num('change_7d'),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.exchangeId, t.coinId] }),
    index('exchange_balances_coin_idx').on(t.coinId, t.balance),
  ],
);

/** Source repository activity of a coin's project. */
export const coinRepos = pgTable(
  'coin_repos',
  {
    coinId: text('coin_id')
      .primaryKey()
      .references(() => coins.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    stars: integer('stars').notNull(),
    forks: integer('forks').notNull(),
    watchers: integer('watchers').notNull(),
    commits: integer('commits').notNull(),
    /** Commits in the last 30 days: the "update speed" ranking. */
    commits30d: integer('commits_30d').notNull(),
    contributors: integer('contributors').notNull(),
    openIssues: integer('open_issues').notNull(),
    lastCommitAt: ts('last_commit_at').notNull(),
    createdAt: ts('created_at'),
    /** 52 weekly commit counts, oldest first. */
    weeklyCommits: jsonb('weekly_commits').$type<number[]>(),
  },
  (t) => [index('coin_repos_stars_idx').on(t.stars), index('coin_repos_commits30d_idx').on(t.commits30d)],
);

export const milestoneKind = pgEnum('milestone_kind', ['roadmap', 'process']);

/** Roadmap (planned) and process (history) entries of a project. */
export const coinMilestones = pgTable(
  'coin_milestones',
  {
    id: serial('id').primaryKey(),
    coinId: text('coin_id')
      .notNull()
      .references(() => coins.id, { onDelete: 'cascade' }),
    kind: milestoneKind('kind').notNull(),
    at: date('at').notNull(),
    title: text('title').notNull(),
    description: text('description'),
    done: boolean('done').notNull().default(false),
  },
  (t) => [index('coin_milestones_coin_idx').on(t.coinId, t.kind, t.at)],
);
