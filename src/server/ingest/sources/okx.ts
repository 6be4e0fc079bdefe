/**
 * OKX spot, perpetual (SWAP) and dated (FUTURES) tickers and candles (research file, section 1).
 * Every answer is an envelope `{code, msg, data}` with numbers as strings; `code != "0"` is an
 * error even inside HTTP 200.
 *
 * Instruments: SPOT for base, quote and state; FUTURES for `alias` and `expTime`. SWAP needs none:
 * its instId says base and quote, and a perpetual has no expiry. OKX's reference makes
 * `instFamily` optional for FUTURES (required for OPTION only), while older clients always send
 * it, so FUTURES instruments are asked for in one request and, if OKX rejects that as a
 * parameter error, once per family read off the FUTURES tickers ("BTC-USD-260626" → "BTC-USD"),
 * paced inside the budget.
 */
import type { z } from 'zod';
import { inBatches } from '../../../lib/batches.ts';
import { reportedPrice, SourceError, SourceHttp, toNumber, toPrice, type HttpOptions } from './http.ts';
import {
  candleSchema,
  envelope,
  everyRow,
  instrumentSchema,
  okxError,
  pushSchema,
  tickerSchema,
  type Instrument,
  type RawTicker,
} from './okxAnswers.ts';
import type { CandleInterval, ContractType, SourceCandle, SourceState, SourceTicker, TickerSource } from './types.ts';

export type OkxOptions = {
  baseUrl?: string;
  /** The public WebSocket (tickers channel). */
  streamUrl?: string;
  /** How many instruments the stream follows: the busiest of the last answer. */
  streamInstruments?: number;
  /** OKX drops a connection silent for 30 s: a "ping" this often keeps it. */
  pingMs?: number;
} & Partial<
  Pick<HttpOptions, 'timeoutMs' | 'retries' | 'backoffMs' | 'maxRetryWaitMs' | 'fetch' | 'sleep' | 'random' | 'now'>
>;

const EXCHANGE = { name: 'okx', displayName: 'OKX', website: 'https://www.okx.com', hasFutures: true };
const INSTRUMENTS_TTL_MS = 3_600_000;
/** A dated contract listed since the last load is looked up again, but not more often than this. */
const NEW_LISTING_RETRY_MS = 300_000;
/** What OKX answers when a parameter is missing or wrong. */
const PARAMETER_CODES = new Set(['50014', '51000']);

const ALIASES: Record<string, ContractType> = {
  this_week: 'WEEKLY',
  next_week: 'BIWEEKLY',
  this_month: 'MONTHLY',
  quarter: 'QUARTERLY',
  next_quarter: 'BIQUARTERLY',
};

/** OKX bar names; its plain "1D"/"1W" close at Hong Kong midnight, the "utc" ones at ours. */
const BARS: Record<CandleInterval, string> = {
  '1m': '1m',
  '5m': '5m',
  '15m': '15m',
  '1h': '1H',
  '4h': '4H',
  '1d': '1Dutc',
  '1w': '1Wutc',
};
const MAX_CANDLES = 300;

const price = toPrice;

/** "BTC-USDT-SWAP" → BTC, USDT; "BTC-USD_UM-SWAP" (USD-margined, settled in USD stablecoins) → BTC, USD. */
function pairOf(instId: string): { base: string; quote: string } {
  const [base = '', quote = ''] = instId.split('-');
  return { base: base.toUpperCase(), quote: quote.replace(/_.*$/, '').toUpperCase() };
}

/** The family of a dated contract: its instId without the date. */
const familyOf = (instId: string) => instId.replace(/-[^-]*$/, '');

const isDerivative = (instId: string) => /-(SWAP|\d{6})$/.test(instId);

type Listing = Pick<SourceTicker, 'base' | 'quote' | 'market' | 'contractType' | 'expiry' | 'namedByExchange'>;
type Listed = { ticker: SourceTicker; listing: Listing };
/** OKX's markets (instType), read apart. */
const MARKETS = ['SPOT', 'SWAP', 'FUTURES'] as const;
type Market = (typeof MARKETS)[number];

/** OKX's limit on one subscribe request is 64 KB of arguments; 100 instruments stay far below. */
const SUBSCRIBE_BATCH = 100;
type Cache = { byId: Map<string, Instrument>; at: number; until: number };

export class Okx implements TickerSource {
  readonly name = 'okx';
  readonly candlePage = MAX_CANDLES;
  readonly exchange = EXCHANGE;
  private readonly http: SourceHttp;
  private readonly now: () => number;
  private readonly sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  private spot: Cache | null = null;
  private futures: Cache | null = null;
  /** Each market's last good tickers, for a round in which it fails (SourceHttp.eachMarket). */
  private readonly kept = new Map<Market, Listed[]>();
  /** The listings of the last answer by instId, and its instruments busiest first (the stream's). */
  private listings: { byId: Map<string, Listing>; busiest: string[] } | null = null;
  readonly stream;
  get streams() {
    return [this.stream];
  }

  constructor(options: OkxOptions = {}) {
    const {
      baseUrl = 'https://www.okx.com',
      streamUrl = 'wss://ws.okx.com:8443/ws/v5/public',
      streamInstruments = 300,
      pingMs = 20_000,
      ...rest
    } = options;
    this.stream = {
      url: streamUrl,
      parse: (message: unknown) => this.fromStream(message),
      subscribe: () => {
        const ids = this.listings?.busiest.slice(0, streamInstruments) ?? [];
        return inBatches(ids, SUBSCRIBE_BATCH).map((batch) => ({
          op: 'subscribe',
          args: batch.map((instId) => ({ channel: 'tickers', instId })),
        }));
      },
      keepAlive: { message: 'ping', reply: 'pong', everyMs: pingMs },
    };
    this.now = options.now ?? Date.now;
    this.sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
    this.http = new SourceHttp({ name: 'okx', baseUrl, budget: { limit: 20, windowMs: 2000 }, ...rest });
  }

  private async data<T extends z.ZodTypeAny>(
    path: string,
    query: Record<string, string>,
    item: T,
    signal?: AbortSignal,
    strict = false,
  ) {
    const body = await this.http.get(path, {
      query,
      schema: strict ? envelope(item, everyRow(item)) : envelope(item),
      check: okxError,
      signal,
    });
    return body.data.rows as z.output<T>[];
  }

  /**
   * Every market's tickers: spot, perpetual (SWAP) and dated (FUTURES) contracts are read apart, so
   * one failing keeps the others (and its own last good answer; see SourceHttp.eachMarket).
   */
  async tickers(signal?: AbortSignal): Promise<SourceTicker[]> {
    const all = (instType: Market) => this.data('/api/v5/market/tickers', { instType }, tickerSchema, signal);
    const listed = (raws: RawTicker[], listingOf: (raw: RawTicker) => Listing | null): Listed[] =>
      raws.flatMap((raw) => {
        const listing = listingOf(raw);
        const ticker = listing && toTicker(raw, listing);
        return ticker && listing ? [{ ticker, listing }] : [];
      });
    const read = async (market: Market): Promise<Listed[]> => {
      if (market === 'SPOT') {
        const [instruments, spot] = await this.http.all([this.spotInstruments(signal), all('SPOT')]);
        return listed(spot, (t) => {
          const i = instruments.get(t.instId);
          return i?.state === 'live'
            ? {
                base: i.baseCcy.toUpperCase(),
                quote: i.quoteCcy.toUpperCase(),
                market: 'spot',
                contractType: null,
                expiry: null,
              }
            : null;
        });
      }
      if (market === 'SWAP')
        return listed(await all('SWAP'), (t) => ({
          ...pairOf(t.instId),
          market: 'futures',
          contractType: 'PERPETUAL',
          expiry: null,
        }));
      const futures = await all('FUTURES');
      const instruments = await this.futuresInstruments(futures, signal);
      return listed(futures, (t) => {
        const i = instruments.get(t.instId);
        const expiry = toNumber(i?.expTime);
        // OKX's own name of the contract (its alias), which it moves on at each delivery: in the two
        // weeks before a quarterly delivery that contract is next_week, then this_week.
        return i?.state === 'live' && expiry
          ? {
              ...pairOf(t.instId),
              market: 'futures',
              contractType: ALIASES[i.alias] ?? null,
              expiry,
              namedByExchange: i.alias !== '',
            }
          : null;
      });
    };
    const now = this.now();
    // A delivered contract is dropped, even from a kept answer or when a failed reload left its alias behind.
    const entries = (await this.http.eachMarket(MARKETS, read, this.kept)).filter(
      (e) => e.ticker.expiry === null || e.ticker.expiry > now,
    );
    const out = entries.map((e) => e.ticker);
    const busiest = [...out].sort((a, b) => (b.quoteVolume24h ?? 0) - (a.quoteVolume24h ?? 0)).map((t) => t.instrument);
    this.listings = { byId: new Map(entries.map((e) => [e.ticker.instrument, e.listing])), busiest };
    return out;
  }

  /**
   * The tickers of one push of the `tickers` channel, for instruments the last answer listed;
   * [] for a subscription's acknowledgement. An error event or a changed message throws.
   */
  fromStream(message: unknown): SourceTicker[] {
    const parsed = pushSchema.safeParse(message);
    if (!parsed.success)
      throw new SourceError(this.name, `unexpected stream message: ${parsed.error.issues[0]?.message}`);
    const m = parsed.data;
    if ('event' in m) {
      if (m.event === 'error') throw new SourceError(this.name, `stream error ${m.code}: ${m.msg}`);
      return [];
    }
    return m.data.flatMap((raw) => {
      const listing = this.listings?.byId.get(raw.instId);
      const ticker = listing && toTicker(raw, listing);
      return ticker ? [ticker] : [];
    });
  }

  private async spotInstruments(signal?: AbortSignal): Promise<Map<string, Instrument>> {
    if (this.spot && this.now() < this.spot.until) return this.spot.byId;
    try {
      const list = await this.data('/api/v5/public/instruments', { instType: 'SPOT' }, instrumentSchema, signal);
      this.spot = {
        byId: new Map(list.map((i) => [i.instId, i])),
        at: this.now(),
        until: this.now() + INSTRUMENTS_TTL_MS,
      };
    } catch (e) {
      if (!this.spot) throw e;
    }
    return this.spot.byId;
  }

  /** Dated instruments, reloaded hourly and right after an expiry (the aliases move on then). */
  private async futuresInstruments(tickers: RawTicker[], signal?: AbortSignal): Promise<Map<string, Instrument>> {
    const cached = this.futures;
    const listed =
      cached && (this.now() < cached.at + NEW_LISTING_RETRY_MS || tickers.every((t) => cached.byId.has(t.instId)));
    if (cached && this.now() < cached.until && listed) return cached.byId;
    try {
      const list = await this.allFutures(tickers, signal);
      const now = this.now();
      const next = Math.min(...list.map((i) => toNumber(i.expTime) ?? Infinity).filter((t) => t > now));
      this.futures = {
        byId: new Map(list.map((i) => [i.instId, i])),
        at: now,
        until: Math.min(now + INSTRUMENTS_TTL_MS, next + 60_000),
      };
    } catch (e) {
      if (!this.futures) throw e;
    }
    return this.futures.byId;
  }

  private async allFutures(tickers: RawTicker[], signal?: AbortSignal): Promise<Instrument[]> {
    let code = '0';
    try {
      return (
        await this.http.get('/api/v5/public/instruments', {
          query: { instType: 'FUTURES' },
          schema: envelope(instrumentSchema),
          check: (body) => ((code = body.code), okxError(body)),
          signal,
        })
      ).data.rows;
    } catch (e) {
      if (!PARAMETER_CODES.has(code)) throw e;
    }
    const out: Instrument[] = [];
    for (const instFamily of new Set(tickers.map((t) => familyOf(t.instId)))) {
      while (this.http.used() + 1 > this.http.limit()) await this.sleep(250, signal);
      out.push(
        ...(await this.data(
          '/api/v5/public/instruments',
          { instType: 'FUTURES', instFamily },
          instrumentSchema,
          signal,
        )),
      );
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
    const n = Math.max(1, Math.min(Math.floor(limit), MAX_CANDLES));
    const rows = await this.data(
      '/api/v5/market/candles',
      // `after`: records earlier than this time (OKX pages backwards with it).
      {
        instId: instrument,
        bar: BARS[interval],
        limit: String(n),
        ...(before === undefined ? {} : { after: String(before) }),
      },
      candleSchema,
      signal,
      true,
    );
    // Spot volume is in the base asset; a derivative's `vol` counts contracts and `volCcy` is the base.
    const volumeAt = isDerivative(instrument) ? 6 : 5;
    return rows
      .map((row) => ({
        openTime: Number(row[0]),
        open: Number(row[1]),
        high: Number(row[2]),
        low: Number(row[3]),
        close: Number(row[4]),
        volume: Number(row[volumeAt]),
      }))
      .sort((a, b) => a.openTime - b.openTime);
  }

  state(): SourceState {
    return this.http.state();
  }
}

/**
 * One OKX ticker. Volumes: spot `vol24h` is in the base asset and `volCcy24h` in the quote; for
 * SWAP and FUTURES `vol24h` counts contracts and `volCcy24h` is in the base coin (inverse
 * contracts too), so their quote volume is estimated as base volume × last price.
 */
function toTicker(raw: RawTicker, listing: Listing): SourceTicker | null {
  const last = reportedPrice(raw.last);
  if (last === null) return null;
  const open24h = price(raw.open24h);
  const spot = listing.market === 'spot';
  const baseVolume = toNumber(spot ? raw.vol24h : raw.volCcy24h);
  const quoteVolume = spot ? toNumber(raw.volCcy24h) : baseVolume === null ? null : baseVolume * last;
  return {
    source: 'okx',
    exchange: EXCHANGE.name,
    instrument: raw.instId,
    ...listing,
    last,
    open24h,
    high24h: price(raw.high24h),
    low24h: price(raw.low24h),
    change24h: open24h === null ? null : (last / open24h - 1) * 100,
    baseVolume24h: baseVolume,
    quoteVolume24h: quoteVolume,
    bid: price(raw.bidPx),
    ask: price(raw.askPx),
    at: Number(raw.ts),
  };
}
