/**
 * The rows of the market tables as the API sends them and as both the server's pages and the
 * islands draw them (src/features/market/coins/client/markup.ts): plain data, so browser code can name them
 * without reaching into src/server. The domain modules that read them re-export them.
 */
import type { Spark } from './sparkline.ts';

/**
 * A coin as every list that mentions one names it (news, announcements, flash news, the calendar,
 * Q&A, rankings): the one shape of a coin reference.
 */
export interface CoinRef {
  id: string;
  symbol: string;
  name: string;
  icon: string;
}

/** A coin reference with its price and 24 h change (a chip beside an article). */
export interface CoinChip extends CoinRef {
  price: number | null;
  change24h: number | null;
}

export interface CoinSummary extends CoinChip {
  rank: number | null;
  change1h: number | null;
  change7d: number | null;
  marketCap: number | null;
  volume24h: number | null;
  circulatingSupply: number | null;
  /** The demo seeder's figures on a site that runs on live sources: no source reports this coin. */
  demo: boolean;
  /** The sources whose pairs made the price ("binance", "okx"); empty for demo data. */
  sources: string[];
  /** When the newest figure the price was computed from was observed (ISO): the price's age. */
  priceAt: string | null;
  /** A price from the sources whose newest figure is older than STALE_MS: the sources went quiet; it is the last good one. */
  stale: boolean;
  /** Where the supplies (and so the market cap) come from ("coingecko"), and when; null: the demo data's. */
  supplySource: string | null;
  supplyAt: string | null;
  /**
   * The market cap is an estimate: a price from the sources times the demo data's supply (no
   * supply source such as CoinGecko reports this coin).
   */
  marketCapEstimate: boolean;
  /** The seven-day line of the lists, drawn when the history was written. */
  spark: Spark | null;
  /** The seven days of prices themselves: only when asked for (the API). */
  sparkline?: number[];
}

export interface ExchangeSummary {
  name: string;
  displayName: string;
  type: 'CEX' | 'DEX';
  country: string | null;
  rank: number | null;
  expectedRank: number | null;
  reportedVolume24h: number | null;
  expectedVolume24h: number | null;
  coinCount: number;
  pairCount: number;
  monthlyVisits: number | null;
  starRating: number | null;
  reviewed: boolean;
}

export interface TickerRow {
  id: number;
  pair: string;
  market: 'spot' | 'futures';
  contractType: string | null;
  baseSymbol: string;
  quoteSymbol: string;
  coinId: string;
  coinName: string;
  exchange: string;
  exchangeDisplayName: string;
  price: number | null;
  priceQuote: number | null;
  volume24h: number | null;
  change24h: number | null;
  /** SPEC §9: (best ask − best bid) / best ask × 100. */
  spread: number | null;
  depthPlus1: number | null;
  depthMinus1: number | null;
  /** Share of the coin's (coin filter) or the exchange's (exchange filter) listed volume. */
  share: number | null;
  updatedAt: string;
  /** The source that reported the pair ("okx"), null for the demo data. */
  source: string | null;
  /** Why the coin's price leaves the pair out (stale, outlier, no-reference, futures), or null. */
  excluded: string | null;
  /** The demo seeder's pair on a site that runs on live sources. */
  demo: boolean;
}
