/**
 * A coin's price, volume and 24 h change from the tickers of every exchange source. Pure: no
 * database, no clock, no I/O; the same tickers in any order give the same answer.
 *
 * The method (the /methodology page states the same, importing the constants below):
 * 0. Duplicates go first, so that what is aggregated is what the market tab lists: a pair
 *    reported twice (same source, market and instrument) counts once, as its newest report; two
 *    instruments of one exchange that name the same pair (`pairName`, the market tab's row)
 *    count as the busier one.
 * 1. A ticker whose last price is not a positive finite number is listed as `invalid-price`:
 *    it counts for nothing, references nothing, and its price and volume are unknown.
 * 2. Each remaining ticker is marked, first reason wins:
 *    - `stale` when `now - at > staleMs` (or `at` is not a number);
 *    - `flagged` when its source marks the price as unreliable (CoinGecko's anomaly or stale
 *      flags): listed, never counted;
 *    - `futures` for futures: they never make a coin's price or volume, but their USD price and
 *      volume are still converted when their quote has a reference, for the market tab;
 *    - `no-reference` when its quote asset has no USD reference (below);
 *    - `outlier` by the MAD rule (step 4).
 * 3. USD references of quote assets: USD = 1; a fiat currency of `fiatPerUsd` = 1 / its rate;
 *    a stablecoin of `STABLECOINS` = its own aggregated price (steps 4–5) over its fresh spot pairs
 *    quoted in USD or fiat, and when it has none, 1 (we then assume it holds its peg); any other
 *    quote asset (BTC, ETH, BNB…) = its aggregated price over its fresh spot pairs quoted in USD,
 *    fiat or a stablecoin. A quote with none of these has no reference.
 * 4. Outliers, per coin, over its candidates (fresh, referenced, spot), when there are at least
 *    `OUTLIER_MIN_TICKERS` of them: with m the median of their USD prices and
 *    MAD = median(|p − m|), a price p is an outlier when
 *    |p − m| > max(OUTLIER_MAD_MULTIPLE × MAD_TO_SIGMA × MAD, OUTLIER_FLOOR × m). The floor keeps
 *    near-identical prices (MAD ≈ 0) from turning every small difference into an outlier. With
 *    fewer candidates there is no outlier test: two prices cannot say which one is wrong.
 * 5. Price = the average of the included tickers' USD prices weighted by their USD volume
 *    (quote volume × the quote's reference, or base volume × the USD price when only the base
 *    volume is known); when no included ticker has a positive volume, the median price.
 *    Volume = the sum of the included tickers' USD volumes (unknown counts as 0).
 *    change24h = the same weighted average (or median) over the included tickers that report
 *    a change, null when none does; the integration replaces it with the change of the stored
 *    price history once there are 24 hours of it.
 * 6. A coin (keyed by the upper-case base symbol) with no included ticker is absent; `excluded`
 *    counts its spot tickers left out as invalid, stale, flagged, no-reference or outlier. Its
 *    `at` is the time of the newest figure its price was computed from.
 */
import type { SourceTicker } from './sources/types.ts';

type Exclusion = 'invalid-price' | 'stale' | 'flagged' | 'outlier' | 'no-reference' | 'futures';

export interface AggregateInput {
  tickers: SourceTicker[];
  now: number;
  /** Tickers whose `at` is older than this are left out as stale. */
  staleMs: number;
  /**
   * Fiat units per USD from the rates table (EUR: 0.92…); fiat quotes convert through it. Fiat
   * only: the table's BTC or ETH rows must not be passed (stablecoin entries are ignored).
   */
  fiatPerUsd?: Record<string, number>;
}

export interface TickerResult {
  ticker: SourceTicker;
  priceUsd: number | null;
  volumeUsd: number | null;
  excluded: Exclusion | null;
}

export interface CoinAggregate {
  symbol: string;
  priceUsd: number;
  volumeUsd: number;
  change24h: number | null;
  sources: string[];
  included: number;
  excluded: number;
  /** When the newest of the included tickers was observed (Unix ms): the price's age. */
  at: number;
}

export interface AggregateResult {
  coins: Map<string, CoinAggregate>;
  /** Every ticker but the duplicates (step 0), in a stable order (source, exchange, instrument…). */
  tickers: TickerResult[];
  /** The USD value of one unit of each quote asset that has a reference. */
  quoteUsd: Record<string, number>;
}

/** Default age after which a ticker is stale (STALE_MS): a setting, so config.ts owns it. */
export { STALE_MS_DEFAULT } from '../config.ts';
/** How many scaled MADs from the median a price may lie before it is an outlier. */
export const OUTLIER_MAD_MULTIPLE = 5;
/** Scales the MAD to the standard deviation of normally distributed prices. */
export const MAD_TO_SIGMA = 1.4826;
/** The outlier threshold is never below this fraction of the median (1 %). */
export const OUTLIER_FLOOR = 0.01;
/** Fewer candidate tickers than this: no outlier test. */
export const OUTLIER_MIN_TICKERS = 3;
/** Quote assets treated as dollar stablecoins (pegged at 1 when nothing prices them). */
export const STABLECOINS: readonly string[] = ['USDT', 'USDC', 'FDUSD', 'DAI', 'TUSD', 'USDE', 'PYUSD', 'USDS'];

const STABLE = new Set(STABLECOINS);

/** A ticker priced in USD, with the USD volume that weighs it. */
interface Priced {
  ticker: SourceTicker;
  priceUsd: number;
  volumeUsd: number | null;
}

/**
 * The pair name the lists show: "BTC/USDT", "BTC-PERPETUAL/USDT", "BTC-20261225/USD". One row
 * per exchange and pair name: the market tab's.
 */
export function pairName(t: SourceTicker): string {
  if (t.market === 'spot') return `${t.base}/${t.quote}`;
  const label =
    t.contractType ?? (t.expiry ? new Date(t.expiry).toISOString().slice(0, 10).replaceAll('-', '') : 'FUTURES');
  return `${t.base}-${label}/${t.quote}`;
}

const validPrice = (t: SourceTicker) => Number.isFinite(t.last) && t.last > 0;

/** A ticker's 24-hour volume in its quote asset, for telling the busier of two apart; -1 when unknown. */
function quoteVolume(t: SourceTicker): number {
  if (t.quoteVolume24h !== null && Number.isFinite(t.quoteVolume24h)) return t.quoteVolume24h;
  if (t.baseVolume24h !== null && Number.isFinite(t.baseVolume24h) && validPrice(t)) return t.baseVolume24h * t.last;
  return -1;
}

/**
 * Step 0: one ticker per (source, market, instrument), the newest, then one per (exchange, pair
 * name), the busier (a valid price before an invalid one). Sorted first, so ties go the same way
 * whatever the input order.
 */
export function dedupe(tickers: readonly SourceTicker[]): SourceTicker[] {
  const byInstrument = new Map<string, SourceTicker>();
  for (const t of [...tickers].sort(compareTickers)) {
    const key = `${t.source}\u0000${t.market}\u0000${t.instrument}`;
    const seen = byInstrument.get(key);
    if (!seen || !(seen.at >= t.at)) byInstrument.set(key, t);
  }
  const byPair = new Map<string, SourceTicker>();
  for (const t of byInstrument.values()) {
    const key = `${t.exchange}\u0000${pairName(t)}`;
    const seen = byPair.get(key);
    if (!seen) byPair.set(key, t);
    else if (validPrice(t) !== validPrice(seen) ? validPrice(t) : quoteVolume(t) > quoteVolume(seen))
      byPair.set(key, t);
  }
  return [...byPair.values()].sort(compareTickers);
}

export function aggregate(input: AggregateInput): AggregateResult {
  const { now, staleMs } = input;
  const all = dedupe(input.tickers);
  const rows = all.filter(validPrice);
  const fresh = (t: SourceTicker) => now - t.at <= staleMs;
  const spot = rows.filter((t) => t.market === 'spot' && fresh(t) && !t.flagged);

  const quoteUsd: Record<string, number> = { USD: 1 };
  for (const [code, rate] of Object.entries(input.fiatPerUsd ?? {})) {
    const symbol = code.toUpperCase();
    if (!STABLE.has(symbol) && symbol !== 'USD' && Number.isFinite(rate) && rate > 0) quoteUsd[symbol] = 1 / rate;
  }
  const fiat = { ...quoteUsd };
  // Stablecoins from USD/fiat pairs, then crypto quotes from USD/fiat/stablecoin pairs.
  for (const symbol of STABLECOINS) quoteUsd[symbol] = referencePrice(spot, symbol, fiat) ?? 1;
  const anchors = { ...quoteUsd };
  const quotes = [...new Set(rows.map((t) => sym(t.quote)))].filter((q) => !(q in anchors)).sort();
  for (const symbol of quotes) {
    const price = referencePrice(spot, symbol, anchors);
    if (price !== null) quoteUsd[symbol] = price;
  }

  const results: TickerResult[] = all.map((ticker) => {
    if (!validPrice(ticker)) return { ticker, priceUsd: null, volumeUsd: null, excluded: 'invalid-price' as const };
    const ref = quoteUsd[sym(ticker.quote)];
    const priceUsd = ref === undefined ? null : ticker.last * ref;
    const volumeUsd = ref === undefined || priceUsd === null ? null : usdVolume(ticker, ref, priceUsd);
    const excluded: Exclusion | null = !fresh(ticker)
      ? 'stale'
      : ticker.flagged
        ? 'flagged'
        : ticker.market === 'futures'
          ? 'futures'
          : ref === undefined
            ? 'no-reference'
            : null;
    return { ticker, priceUsd, volumeUsd, excluded };
  });

  const byCoin = new Map<string, TickerResult[]>();
  for (const r of results) {
    if (r.ticker.market !== 'spot') continue;
    const symbol = sym(r.ticker.base);
    const list = byCoin.get(symbol);
    if (list) list.push(r);
    else byCoin.set(symbol, [r]);
  }
  const coins = new Map<string, CoinAggregate>();
  for (const [symbol, list] of [...byCoin].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const candidates = list.filter((r) => r.excluded === null) as (TickerResult & { priceUsd: number })[];
    const outliers = outlierSet(candidates.map((r) => r.priceUsd));
    candidates.forEach((r, i) => {
      if (outliers.has(i)) r.excluded = 'outlier';
    });
    const included = candidates.filter((r) => r.excluded === null);
    if (!included.length) continue;
    coins.set(symbol, {
      symbol,
      ...combine(included),
      sources: [...new Set(included.map((r) => r.ticker.source))].sort(),
      included: included.length,
      excluded: list.length - included.length,
      at: included.reduce((newest, r) => Math.max(newest, r.ticker.at), -Infinity),
    });
  }
  return { coins, tickers: results, quoteUsd };
}

/** A quote asset's USD price from its own fresh spot pairs quoted in an asset of `anchors`. */
function referencePrice(spot: SourceTicker[], symbol: string, anchors: Record<string, number>): number | null {
  const priced: Priced[] = [];
  for (const ticker of spot) {
    const ref = anchors[sym(ticker.quote)];
    if (sym(ticker.base) !== symbol || ref === undefined) continue;
    const priceUsd = ticker.last * ref;
    priced.push({ ticker, priceUsd, volumeUsd: usdVolume(ticker, ref, priceUsd) });
  }
  const outliers = outlierSet(priced.map((p) => p.priceUsd));
  const kept = priced.filter((_, i) => !outliers.has(i));
  return kept.length ? combine(kept).priceUsd : null;
}

/** Indexes of the prices the MAD rule rejects; none below `OUTLIER_MIN_TICKERS` prices. */
function outlierSet(prices: number[]): Set<number> {
  const out = new Set<number>();
  if (prices.length < OUTLIER_MIN_TICKERS) return out;
  const m = median(prices);
  const mad = median(prices.map((p) => Math.abs(p - m)));
  const limit = Math.max(OUTLIER_MAD_MULTIPLE * MAD_TO_SIGMA * mad, OUTLIER_FLOOR * m);
  prices.forEach((p, i) => {
    if (Math.abs(p - m) > limit) out.add(i);
  });
  return out;
}

/** Price, volume and change of included tickers (step 5 of the method). */
function combine(included: Priced[]): { priceUsd: number; volumeUsd: number; change24h: number | null } {
  const weight = (r: Priced) => (r.volumeUsd !== null && r.volumeUsd > 0 ? r.volumeUsd : 0);
  const changes = included.filter((r) => r.ticker.change24h !== null && Number.isFinite(r.ticker.change24h));
  return {
    priceUsd: weightedOrMedian(included.map((r) => [r.priceUsd, weight(r)])),
    volumeUsd: included.reduce((sum, r) => sum + weight(r), 0),
    change24h: changes.length ? weightedOrMedian(changes.map((r) => [r.ticker.change24h!, weight(r)])) : null,
  };
}

function weightedOrMedian(pairs: [value: number, weight: number][]): number {
  const total = pairs.reduce((sum, [, w]) => sum + w, 0);
  if (total > 0) return pairs.reduce((sum, [v, w]) => sum + v * w, 0) / total;
  return median(pairs.map(([v]) => v));
}

function usdVolume(t: SourceTicker, quoteRef: number, priceUsd: number): number | null {
  if (t.quoteVolume24h !== null && Number.isFinite(t.quoteVolume24h) && t.quoteVolume24h >= 0)
    return t.quoteVolume24h * quoteRef;
  if (t.baseVolume24h !== null && Number.isFinite(t.baseVolume24h) && t.baseVolume24h >= 0)
    return t.baseVolume24h * priceUsd;
  return null;
}

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

const sym = (s: string) => s.toUpperCase();

/** A total order on tickers, so sums and results do not depend on the input order. */
function compareTickers(a: SourceTicker, b: SourceTicker): number {
  const ka = tickerKey(a);
  const kb = tickerKey(b);
  for (let i = 0; i < ka.length; i++) if (ka[i] !== kb[i]) return ka[i]! < kb[i]! ? -1 : 1;
  return 0;
}

const tickerKey = (t: SourceTicker): string[] =>
  [
    t.source,
    t.exchange,
    t.instrument,
    t.market,
    t.base,
    t.quote,
    t.at,
    t.last,
    t.quoteVolume24h,
    t.baseVolume24h,
    t.change24h,
    !!t.flagged,
  ].map(String);
