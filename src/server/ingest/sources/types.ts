/**
 * What every market-data source hands to the ingest: tickers of one exchange (Binance, OKX,
 * Bybit, Kraken…) in the exchange's own units, or coin and exchange facts from an aggregator
 * (CoinGecko). Adapters only fetch, validate and normalise; aggregation, USD conversion and
 * writing happen in `src/server/ingest/` so every source is treated the same way.
 */

import type { KlineInterval } from '../../../lib/klines.ts';
import type { ContractType as SpecContractType } from '../../../lib/format/pair.ts';
import type { SourceState } from '../../db/provenance.ts';

/** SPEC §3 contract types a source's futures map onto (research file, section 3); no source lists the UPS/DOWNS ones. */
export type ContractType = Exclude<SpecContractType, 'UPSWEEKLY' | 'DOWNSWEEKLY'>;

/** One market pair on one exchange, as the exchange reports it. */
export interface SourceTicker {
  /** The source's name, e.g. "binance" or "binance-futures". */
  source: string;
  /** The exchange's slug in our database: "binance", "okx", "bybit", "kraken". */
  exchange: string;
  /** The exchange's own instrument id ("BTCUSDT", "BTC-USDT-SWAP", "XXBTZUSD"). */
  instrument: string;
  /** Upper-case asset symbols, normalised across exchanges (Kraken's XBT is BTC). */
  base: string;
  quote: string;
  market: 'spot' | 'futures';
  /** Futures only: the SPEC type, null when the instrument has no slot (OKX next_month…). */
  contractType: ContractType | null;
  /**
   * The exchange itself names the contract (OKX's alias, Binance's contract type), and moves the
   * name on at each delivery: its name is kept. Otherwise (Bybit, CoinGecko) the ingest derives
   * the type from the expiries on every round (contracts.ts `relabel`).
   */
  namedByExchange?: boolean;
  /** Dated futures: the expiry, Unix ms; null for spot and perpetuals. */
  expiry: number | null;
  /** Last price in the quote asset. */
  last: number;
  open24h: number | null;
  high24h: number | null;
  low24h: number | null;
  /** Change over 24 hours in percent (2.5 = +2.5 %). */
  change24h: number | null;
  /** 24-hour volume in the base asset, and in the quote asset. */
  baseVolume24h: number | null;
  quoteVolume24h: number | null;
  bid: number | null;
  ask: number | null;
  /** When the exchange observed these figures, Unix ms. */
  at: number;
  /**
   * The source itself marks this price as unreliable (CoinGecko's `is_anomaly` or `is_stale`):
   * listed, never counted in a coin's price or volume.
   */
  flagged?: boolean;
}

/** A candle of a source's own klines, in the quote asset. */
export interface SourceCandle {
  openTime: number;
  open: number;
  high: number;
  low: number;
  close: number;
  /** Volume in the base asset. */
  volume: number;
}

/** The intervals the site knows (klines.interval); each source maps them onto its own names. */
export type CandleInterval = KlineInterval;

/** The health of one source (/api/health): the domain's provenance owns the shape. */
export type { SourceState };

/** An exchange as a source reports it, with what the exchange list shows about it. */
export interface ExchangeInfo {
  /** Our slug ("binance"). */
  name: string;
  displayName: string;
  /** null when the source does not say (the CoinGecko facts fill it in later). */
  website: string | null;
  hasFutures: boolean;
}

/** An exchange's tickers (spot, futures or both), or several exchanges' (an aggregator's). */
export interface TickerSource {
  readonly name: string;
  /** The exchange it reports (a source of one exchange). */
  readonly exchange?: ExchangeInfo;
  /** The exchanges its last answer reported (a source of several exchanges: CoinGecko's markets). */
  exchanges?(): ExchangeInfo[];
  /** Every ticker the exchange publishes, in one or a few requests. */
  tickers(signal?: AbortSignal): Promise<SourceTicker[]>;
  /**
   * Whether the last `tickers()` brought a new answer from upstream: a source that asks it only
   * now and then (CoinGecko's markets) answers the rounds in between from memory, and those
   * answers must not make the site's data look fresh. Absent: always new.
   */
  refreshed?(): boolean;
  /** Candles one `candles()` request answers at most, where it can page back with `before`. */
  readonly candlePage?: number;
  /**
   * Candles of one instrument, oldest first: the newest `limit` (at most the source's page), or
   * with `before` (ms) those that opened before it, the page before one already read. A source
   * that cannot page back answers none then.
   */
  candles?(
    instrument: string,
    interval: CandleInterval,
    limit: number,
    signal?: AbortSignal,
    before?: number,
  ): Promise<SourceCandle[]>;
  state(): SourceState;
  /**
   * WebSockets of price updates between the REST rounds (one per market the exchange streams
   * apart): each its URL, and the tickers in one message (for instruments the last `tickers()`
   * listed; throws SourceError on a changed message).
   */
  readonly streams?: readonly SourceStreamSpec[];
}

/** How to listen to a source's WebSocket of price updates. */
export interface SourceStreamSpec {
  url: string;
  /** The tickers in one message; [] for acknowledgements; throws SourceError on a changed or error message. */
  parse(message: unknown): SourceTicker[];
  /** Messages to send once connected (subscriptions), built from the last REST answer. */
  subscribe?(): unknown[];
  /**
   * A text to send this often so the source keeps a quiet connection open, and its answer when
   * that is a fixed text (dropped unread); an answer in JSON goes to `parse`, which reads it as [].
   */
  keepAlive?: { message: string; reply?: string; everyMs: number };
}

/** The exchanges a source reports. */
export function exchangesOf(source: TickerSource): ExchangeInfo[] {
  return source.exchanges?.() ?? (source.exchange ? [source.exchange] : []);
}
