import { index, integer, pgEnum, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { num, ts } from './columns.ts';
import { coins } from './coins.ts';
import { exchanges } from './exchanges.ts';

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
