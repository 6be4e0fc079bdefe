/**
 * Binance spot and USDⓈ-M futures tickers and klines (research file, section 1). Both read the
 * exchange's instrument list (exchangeInfo) for base, quote, status and, for futures, contract
 * type and delivery date, because the 24-hour tickers carry only the concatenated symbol
 * ("BTCFDUSD" cannot be split reliably without it).
 */
import { z } from 'zod';
import {
  decimalString,
  optionalDecimal,
  readable,
  reportedPrice,
  rowsOf,
  SourceError,
  SourceHttp,
  toNumber,
  toPrice,
  unixMs,
  type HttpOptions,
} from './http.ts';
import type { CandleInterval, ContractType, SourceCandle, SourceState, SourceTicker, TickerSource } from './types.ts';

export type BinanceOptions = { baseUrl?: string; streamUrl?: string } & Partial<
  Pick<HttpOptions, 'timeoutMs' | 'retries' | 'backoffMs' | 'maxRetryWaitMs' | 'fetch' | 'sleep' | 'random' | 'now'>
>;

const EXCHANGE = { name: 'binance', displayName: 'Binance', website: 'https://www.binance.com', hasFutures: true };
const INFO_TTL_MS = 3_600_000;
/** The deliveryDate Binance gives contracts that never deliver (2100-12-25; ccxt reads it the same way). */
const NEVER_DELIVERS = 4133404800000;

// Each row is read on its own, and only for the fields used; an optional figure that is missing
// or odd reads as unknown (a row without a book, a time sent as a string).
const symbolInfo = z.object({
  symbol: z.string(),
  status: z.string(),
  baseAsset: z.string().min(1),
  quoteAsset: z.string().min(1),
});
const spotInfoSchema = z.object({ symbols: rowsOf(symbolInfo) });
const futuresInfoSchema = z.object({
  symbols: rowsOf(symbolInfo.extend({ contractType: z.string(), deliveryDate: unixMs })),
});

const ticker24h = z.object({
  symbol: z.string(),
  lastPrice: z.union([z.string(), z.number()]),
  openPrice: optionalDecimal,
  highPrice: optionalDecimal,
  lowPrice: optionalDecimal,
  priceChangePercent: optionalDecimal,
  volume: optionalDecimal,
  quoteVolume: optionalDecimal,
  bidPrice: optionalDecimal,
  askPrice: optionalDecimal,
  closeTime: unixMs,
});
type Ticker24h = z.infer<typeof ticker24h>;
const tickersSchema = rowsOf(ticker24h);

const decimal = decimalString;
/** [openTime, open, high, low, close, volume, closeTime, quoteVolume, trades, …]. */
const klinesSchema = z.array(z.tuple([z.number(), decimal, decimal, decimal, decimal, decimal]).rest(z.unknown()));

/** One `!miniTicker@arr` message: the symbols that changed in the last second. */
const miniTickersSchema = z.array(
  z.object({
    e: z.literal('24hrMiniTicker'),
    E: z.number(),
    s: z.string(),
    c: decimal,
    o: decimal,
    h: decimal,
    l: decimal,
    v: decimal,
    q: decimal,
  }),
);

const CONTRACT_TYPES: Record<string, ContractType> = {
  PERPETUAL: 'PERPETUAL',
  TRADIFI_PERPETUAL: 'PERPETUAL',
  CURRENT_MONTH: 'MONTHLY',
  CURRENT_QUARTER: 'QUARTERLY',
  NEXT_QUARTER: 'BIQUARTERLY',
};

/**
 * A Binance futures contract as a SPEC type and an expiry. "X DELIVERING" is X about to deliver
 * (or a perpetual about to be delisted); NEXT_MONTH and unknown types have no slot (null).
 * @example binanceContract('CURRENT_QUARTER', 1798185600000) // { contractType: 'QUARTERLY', expiry: 1798185600000 }
 */
export function binanceContract(
  contractType: string,
  deliveryDate: number,
): { contractType: ContractType | null; expiry: number | null } {
  const type = CONTRACT_TYPES[contractType.replace(/ DELIVERING$/, '')] ?? null;
  const dated = type !== 'PERPETUAL' && deliveryDate > 0 && deliveryDate < NEVER_DELIVERS;
  return { contractType: type, expiry: dated ? deliveryDate : null };
}

const price = toPrice;

type Listing = Pick<
  SourceTicker,
  'instrument' | 'base' | 'quote' | 'market' | 'contractType' | 'expiry' | 'namedByExchange'
>;

/** What both markets share: the client, the instrument cache, ticker and kline mapping. */
abstract class BinanceMarket implements TickerSource {
  readonly exchange = EXCHANGE;
  /** The all-symbols mini-ticker stream; `fromMiniTickers` reads its messages. */
  readonly streamUrl: string;
  /** `!miniTicker@arr`: every symbol that changed in the last second, once a second. */
  get streams() {
    return [{ url: this.streamUrl, parse: (message: unknown) => this.fromMiniTickers(message) }];
  }
  protected readonly http: SourceHttp;
  protected readonly now: () => number;
  private listings: { bySymbol: Map<string, Listing>; until: number } | null = null;
  private loading: Promise<Map<string, Listing>> | null = null;

  constructor(
    readonly name: string,
    defaultBaseUrl: string,
    defaultStreamUrl: string,
    budgetPerMinute: number,
    private readonly paths: { info: string; tickers: string; klines: string },
    options: BinanceOptions,
  ) {
    const { baseUrl = defaultBaseUrl, streamUrl = defaultStreamUrl, ...rest } = options;
    this.streamUrl = streamUrl;
    this.now = options.now ?? Date.now;
    this.http = new SourceHttp({
      name,
      baseUrl,
      budget: { limit: budgetPerMinute, windowMs: 60_000 },
      usedWeightHeader: 'x-mbx-used-weight-1m',
      banStatuses: [418],
      ...rest,
    });
  }

  protected abstract loadListings(signal?: AbortSignal): Promise<{ bySymbol: Map<string, Listing>; until: number }>;
  protected abstract loadTickers(signal?: AbortSignal): Promise<Ticker24h[]>;
  protected abstract klinesWeight(limit: number): number;
  protected abstract readonly maxKlines: number;

  get candlePage(): number {
    return this.maxKlines;
  }

  /** Instruments that trade now, refreshed hourly; the last good list outlives a failed refresh. */
  private async tradingListings(signal?: AbortSignal): Promise<Map<string, Listing>> {
    if (this.listings && this.now() < this.listings.until) return this.listings.bySymbol;
    this.loading ??= this.loadListings(signal)
      .then((loaded) => ((this.listings = loaded), loaded.bySymbol))
      .catch((e: unknown) => {
        if (this.listings) return this.listings.bySymbol;
        throw e;
      })
      .finally(() => (this.loading = null));
    return this.loading;
  }

  async tickers(signal?: AbortSignal): Promise<SourceTicker[]> {
    const [listings, raw] = await this.http.all([this.tradingListings(signal), this.loadTickers(signal)]);
    const out: SourceTicker[] = [];
    for (const t of raw) {
      const listing = listings.get(t.symbol);
      const last = reportedPrice(t.lastPrice);
      if (!listing || last === null) continue;
      out.push({
        source: this.name,
        exchange: EXCHANGE.name,
        ...listing,
        last,
        open24h: price(t.openPrice),
        high24h: price(t.highPrice),
        low24h: price(t.lowPrice),
        change24h: toNumber(t.priceChangePercent),
        baseVolume24h: toNumber(t.volume),
        quoteVolume24h: toNumber(t.quoteVolume),
        bid: price(t.bidPrice),
        ask: price(t.askPrice),
        at: t.closeTime,
      });
    }
    return out;
  }

  /**
   * The tickers in one stream message, for instruments the last `tickers()` call listed (the
   * stream has no base or quote, and no bid or ask). Throws SourceError on a changed message.
   */
  fromMiniTickers(message: unknown): SourceTicker[] {
    const parsed = miniTickersSchema.safeParse(message);
    if (!parsed.success)
      throw new SourceError(this.name, `unexpected stream message: ${parsed.error.issues[0]?.message}`);
    const out: SourceTicker[] = [];
    for (const m of parsed.data) {
      const listing = this.listings?.bySymbol.get(m.s);
      const last = reportedPrice(m.c);
      if (!listing || last === null) continue;
      const open = price(m.o);
      out.push({
        source: this.name,
        exchange: EXCHANGE.name,
        ...listing,
        last,
        open24h: open,
        high24h: price(m.h),
        low24h: price(m.l),
        change24h: open === null ? null : ((last - open) / open) * 100,
        baseVolume24h: toNumber(m.v),
        quoteVolume24h: toNumber(m.q),
        bid: null,
        ask: null,
        at: m.E,
      });
    }
    return out;
  }

  async candles(
    instrument: string,
    interval: CandleInterval,
    limit: number,
    signal?: AbortSignal,
    before?: number,
  ): Promise<SourceCandle[]> {
    const n = Math.max(1, Math.min(Math.floor(limit), this.maxKlines));
    // Our interval names are Binance's own.
    const rows = await this.http.get(this.paths.klines, {
      // endTime is inclusive.
      query: { symbol: instrument, interval, limit: n, ...(before === undefined ? {} : { endTime: before - 1 }) },
      weight: this.klinesWeight(n),
      schema: klinesSchema,
      signal,
    });
    return rows
      .map(([openTime, open, high, low, close, volume]) => ({
        openTime,
        open: Number(open),
        high: Number(high),
        low: Number(low),
        close: Number(close),
        volume: Number(volume),
      }))
      .sort((a, b) => a.openTime - b.openTime);
  }

  state(): SourceState {
    return this.http.state();
  }

  protected info<S extends typeof spotInfoSchema | typeof futuresInfoSchema>(
    schema: S,
    weight: number,
    signal?: AbortSignal,
  ) {
    return this.http.get(this.paths.info, { schema, weight, signal, check: (body) => readable(body.symbols) });
  }

  protected async allTickers(weight: number, signal?: AbortSignal): Promise<Ticker24h[]> {
    return (await this.http.get(this.paths.tickers, { schema: tickersSchema, weight, signal, check: readable })).rows;
  }
}

/** Binance spot, from the market-data-only host (no key, same limits). */
export class BinanceSpot extends BinanceMarket {
  protected readonly maxKlines = 1000;

  constructor(options: BinanceOptions = {}) {
    super(
      'binance',
      'https://data-api.binance.vision',
      'wss://stream.binance.com:9443/ws/!miniTicker@arr',
      6000,
      { info: '/api/v3/exchangeInfo', tickers: '/api/v3/ticker/24hr', klines: '/api/v3/klines' },
      options,
    );
  }

  protected async loadListings(signal?: AbortSignal) {
    const { symbols } = await this.info(spotInfoSchema, 20, signal);
    const bySymbol = new Map<string, Listing>();
    for (const s of symbols.rows) {
      if (s.status !== 'TRADING') continue;
      const listing = { instrument: s.symbol, base: s.baseAsset.toUpperCase(), quote: s.quoteAsset.toUpperCase() };
      bySymbol.set(s.symbol, { ...listing, market: 'spot', contractType: null, expiry: null });
    }
    return { bySymbol, until: this.now() + INFO_TTL_MS };
  }

  protected loadTickers(signal?: AbortSignal) {
    return this.allTickers(80, signal);
  }

  protected klinesWeight() {
    return 2;
  }
}

/** Binance USDⓈ-M futures: perpetuals and quarterly contracts; its 24-hour tickers carry no bid or ask. */
export class BinanceFutures extends BinanceMarket {
  protected readonly maxKlines = 1500;

  constructor(options: BinanceOptions = {}) {
    super(
      'binance-futures',
      'https://fapi.binance.com',
      'wss://fstream.binance.com/ws/!miniTicker@arr',
      2400,
      { info: '/fapi/v1/exchangeInfo', tickers: '/fapi/v1/ticker/24hr', klines: '/fapi/v1/klines' },
      options,
    );
  }

  protected async loadListings(signal?: AbortSignal) {
    const { symbols } = await this.info(futuresInfoSchema, 1, signal);
    const now = this.now();
    // Types roll over at delivery (NEXT_QUARTER becomes CURRENT_QUARTER), so reload right after the next one.
    let until = now + INFO_TTL_MS;
    const bySymbol = new Map<string, Listing>();
    for (const s of symbols.rows) {
      if (s.status !== 'TRADING') continue;
      const contract = binanceContract(s.contractType, s.deliveryDate);
      if (contract.expiry !== null && contract.expiry > now) until = Math.min(until, contract.expiry + 60_000);
      const listing = { instrument: s.symbol, base: s.baseAsset.toUpperCase(), quote: s.quoteAsset.toUpperCase() };
      // Binance names its contracts itself (CURRENT_QUARTER…) and moves the names on at delivery.
      bySymbol.set(s.symbol, { ...listing, market: 'futures', ...contract, namedByExchange: contract.expiry !== null });
    }
    return { bySymbol, until };
  }

  protected loadTickers(signal?: AbortSignal) {
    return this.allTickers(40, signal);
  }

  /** Futures klines cost by size: 1 under 100 rows, 2 under 500, 5 up to 1000, 10 beyond. */
  protected klinesWeight(limit: number) {
    return limit < 100 ? 1 : limit < 500 ? 2 : limit <= 1000 ? 5 : 10;
  }
}
