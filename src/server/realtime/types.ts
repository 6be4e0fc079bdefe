/**
 * The live-price contract shared by sources, the bus, the database writer and the SSE stream.
 */

/** One price observation of a coin, as sources produce it. */
export interface TickInput {
  coinId: string;
  /** USD price. */
  price: number;
  /** Change over 24 hours in percent (2.5 = +2.5 %), or null when unknown. */
  change24h: number | null;
  /** When the tick was made, Unix ms (its candle's time). */
  at: number;
  /**
   * When the newest figure the price was computed from was observed, Unix ms: the price's age
   * (`coins.price_at`). Default `at` (the simulated market's prices are made when they are ticked).
   */
  dataAt?: number;
  /** Quote (USD) volume traded since the source's previous tick of this coin; default 0. */
  volume?: number;
  /** The price before this tick (opens a new candle); default `price`. */
  previous?: number;
  /**
   * The source wrote this coin's tickers itself (real exchange tickers): the writer must not
   * rescale them with the coin's move, as it does for the simulated market's demo tickers.
   */
  ownTickers?: boolean;
}

/** A tick on the bus: numbered in publication order, the same number in every process. */
export interface PriceTick {
  coinId: string;
  price: number;
  change24h: number | null;
  at: number;
  seq: number;
}

/**
 * A producer of ticks: the simulated market today, exchange or aggregator feeds later.
 * `start` receives the function that persists and publishes a batch (one round) of ticks.
 */
export interface PriceSource {
  readonly name: string;
  /** Its prices are made up (the simulated market): nothing acts on them but the display. */
  readonly demo?: boolean;
  start(publish: (ticks: TickInput[]) => Promise<void>): void | Promise<void>;
  stop(): Promise<void>;
}
