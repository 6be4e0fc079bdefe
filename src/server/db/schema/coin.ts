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
import { coins } from './coins.ts';
import { exchanges } from './exchanges.ts';

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

/**
 * A coin's description in the languages CoinGecko writes it in (en, zh, zh-hk from its zh-tw, ko),
 * as plain text; the demo seeder's English one stays in coins.description.
 */
export const coinDescriptions = pgTable(
  'coin_descriptions',
  {
    coinId: text('coin_id')
      .notNull()
      .references(() => coins.id, { onDelete: 'cascade' }),
    locale: text('locale').notNull(),
    text: text('text').notNull(),
    source: text('source').notNull(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.coinId, t.locale] })],
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
    /** 'demo' (the seeder) or 'github'. */
    source: text('source').notNull().default('demo'),
    /** When GitHub last answered for this repository (a 304 counts): the figures' age. */
    fetchedAt: ts('fetched_at'),
    /** GitHub's ETags of the repository and commit-activity answers, for conditional requests. */
    etags: jsonb('etags').$type<Record<string, string>>(),
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
