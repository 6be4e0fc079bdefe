/**
 * Kraken spot tickers and candles (research file, section 1). Kraken names assets its own way
 * (XBT for BTC, XDG for DOGE, and legacy codes with an X or Z class prefix: XXBT, ZUSD), so base
 * and quote come from the pair list (AssetPairs), never from the pair key.
 *
 * Kraken's ticker has no 24-hour open: `o` is the open of the current UTC day. Using it as a 24 h
 * open would report a wrong change for most of the day, so open24h and change24h stay null; the
 * aggregation computes changes from its own price history.
 *
 * Between REST rounds the `ticker` channel of Kraken's WebSocket API v2 moves the busiest pairs'
 * prices. v2 names pairs by the common symbols ("BTC/USD", "DOGE/USD"), which is how the pair
 * list's base and quote read once normalised; its pushes carry no time, so they count as of
 * arrival, like the REST answers. It sends a heartbeat every second, so no ping is needed.
 */
import { z } from 'zod';
import { inBatches } from '../../../lib/batches.ts';
import {
  decimalString,
  readable,
  reportedPrice,
  SourceError,
  SourceHttp,
  toNumber,
  toPrice,
  type HttpOptions,
} from './http.ts';
import type {
  CandleInterval,
  SourceCandle,
  SourceState,
  SourceStreamSpec,
  SourceTicker,
  TickerSource,
} from './types.ts';

export type KrakenOptions = {
  baseUrl?: string;
  streamUrl?: string;
  /** How many pairs the stream follows: the busiest of the last answer. */
  streamInstruments?: number;
} & Partial<
  Pick<HttpOptions, 'timeoutMs' | 'retries' | 'backoffMs' | 'maxRetryWaitMs' | 'fetch' | 'sleep' | 'random' | 'now'>
>;

const EXCHANGE = { name: 'kraken', displayName: 'Kraken', website: 'https://www.kraken.com', hasFutures: false };
const PAIRS_TTL_MS = 3_600_000;
/** Statuses in which a pair trades (cancel_only, reduce_only and delisted pairs have stale tickers). */
const TRADING = new Set(['online', 'post_only', 'limit_only']);
/** Kraken's OHLC intervals are minutes. */
const INTERVAL_MINUTES: Record<CandleInterval, number> = {
  '1m': 1,
  '5m': 5,
  '15m': 15,
  '1h': 60,
  '4h': 240,
  '1d': 1440,
  '1w': 10080,
};
/** Kraken answers at most 720 candles. */
const MAX_CANDLES = 720;

/** Every answer is `{error: [...], result}`; `result` is absent when `error` is not empty. */
const envelope = <T extends z.ZodTypeAny>(result: T) =>
  z.object({ error: z.array(z.string()), result: result.optional() });

const pairsSchema = envelope(
  z.record(
    z.object({
      altname: z.string(),
      wsname: z.string().optional(),
      base: z.string(),
      quote: z.string(),
      status: z.string().optional(),
    }),
  ),
);
/** A ticker's list of figures ([today, last 24 hours], or [price, volume…]): absent or odd reads as none. */
const figures = z.array(z.unknown()).optional().catch(undefined);
/**
 * Each pair's ticker read on its own, for the fields used: the last price (`c`) must be there;
 * the book, volumes, VWAP, high and low may be missing or odd (read as unknown), and an
 * unreadable pair is left out, not the answer.
 */
const tickerEntry = z.object({
  c: z.array(z.union([z.string(), z.number()])).min(1),
  a: figures,
  b: figures,
  v: figures,
  p: figures,
  l: figures,
  h: figures,
});
const tickersSchema = envelope(
  z.record(z.unknown()).transform((all) => {
    const rows: [string, z.output<typeof tickerEntry>][] = [];
    for (const [key, value] of Object.entries(all)) {
      const parsed = tickerEntry.safeParse(value);
      if (parsed.success) rows.push([key, parsed.data]);
    }
    return { rows, skipped: Object.keys(all).length - rows.length };
  }),
);
/** The i-th figure of a list, when it is a decimal string or a number. */
const figure = (list: unknown[] | undefined, i: number) => {
  const v = list?.[i];
  return typeof v === 'string' || typeof v === 'number' ? v : undefined;
};
const decimal = decimalString;
/** [time_s, open, high, low, close, vwap, volume, count]. */
const ohlcRow = z.tuple([z.number(), decimal, decimal, decimal, decimal, decimal, decimal]).rest(z.unknown());
const ohlcSchema = envelope(z.object({ last: z.number() }).catchall(z.array(ohlcRow)));

/**
 * Kraken's "E…" entries are errors, "W…" warnings. Rate limits and a busy service pass with time;
 * anything else (EQuery:Unknown asset pair, EGeneral:Invalid arguments) will not.
 */
function checkEnvelope(body: { error: string[]; result?: unknown }): { message: string; retry: boolean } | null {
  const errors = body.error.filter((e) => !e.startsWith('W'));
  if (errors.length) {
    const retry = errors.every((e) => /^(EGeneral:Too many requests|EAPI:Rate limit exceeded|EService:)/.test(e));
    return { message: errors.join(', '), retry };
  }
  return body.result === undefined ? { message: 'answer without a result', retry: false } : null;
}

/** Codes Kraken still prefixes with their class (X crypto, Z fiat), from before its 3-letter rule. */
const LEGACY = new Set([
  'XETC',
  'XETH',
  'XLTC',
  'XMLN',
  'XREP',
  'XXBT',
  'XXDG',
  'XXLM',
  'XXMR',
  'XXRP',
  'XZEC',
  'ZAUD',
  'ZCAD',
  'ZEUR',
  'ZGBP',
  'ZJPY',
  'ZUSD',
]);
const ALIASES: Record<string, string> = { XBT: 'BTC', XDG: 'DOGE' };

/**
 * A Kraken asset code as the symbol every other exchange uses. Only the listed legacy codes lose
 * their prefix: XTZ (Tezos) or ZEUS are names, not prefixed codes.
 * @example krakenAsset('XXBT') // 'BTC'
 * @example krakenAsset('XTZ') // 'XTZ'
 */
export function krakenAsset(code: string): string {
  const upper = code.toUpperCase();
  const bare = LEGACY.has(upper) ? upper.slice(1) : upper;
  return ALIASES[bare] ?? bare;
}

const price = toPrice;

/** Symbols per subscribe request (Kraken takes a list; a long one is split to keep requests small). */
const SUBSCRIBE_BATCH = 50;
const num = z.number().finite();
/** A `ticker` push: the 24-hour figures of one or more pairs, as JSON numbers. */
const tickerPushSchema = z.object({
  channel: z.literal('ticker'),
  type: z.enum(['snapshot', 'update']),
  data: z.array(
    z.object({
      symbol: z.string().min(1),
      last: num,
      bid: num.optional(),
      ask: num.optional(),
      volume: num.optional(),
      vwap: num.optional(),
      low: num.optional(),
      high: num.optional(),
    }),
  ),
});
const pushSchema = z.union([
  tickerPushSchema,
  z.object({ channel: z.enum(['heartbeat', 'status']) }),
  // The answer to a request (subscribe, ping): `success` false says why in `error`.
  z.object({ method: z.string(), success: z.boolean().optional(), error: z.string().optional() }),
]);

type Pair = { base: string; quote: string };

/** A pair's 24-hour figures, from the REST ticker (decimal strings) or a v2 push (numbers). */
type Figures = { [K in 'last' | 'high' | 'low' | 'volume' | 'vwap' | 'bid' | 'ask']?: string | number | undefined };

/** One Kraken spot ticker under its REST pair key; null without a last price. Quote volume is volume × VWAP. */
function toTicker(key: string, pair: Pair, f: Figures, at: number): SourceTicker | null {
  const last = reportedPrice(f.last);
  if (last === null) return null;
  const volume = toNumber(f.volume);
  const vwap = toNumber(f.vwap);
  return {
    source: EXCHANGE.name,
    exchange: EXCHANGE.name,
    instrument: key,
    ...pair,
    market: 'spot',
    contractType: null,
    expiry: null,
    last,
    open24h: null,
    high24h: price(f.high),
    low24h: price(f.low),
    change24h: null,
    baseVolume24h: volume,
    quoteVolume24h: volume !== null && vwap !== null ? volume * vwap : null,
    bid: price(f.bid),
    ask: price(f.ask),
    at,
  };
}

export class Kraken implements TickerSource {
  readonly name = 'kraken';
  readonly exchange = EXCHANGE;
  private readonly http: SourceHttp;
  private readonly now: () => number;
  private pairs: { byKey: Map<string, Pair>; until: number } | null = null;
  private loading: Promise<Map<string, Pair>> | null = null;
  /** The pairs of the last answer by their v2 symbol ("BTC/USD"), and those symbols busiest first. */
  private listings: { bySymbol: Map<string, { key: string; pair: Pair }>; busiest: string[] } | null = null;
  readonly stream: Required<Pick<SourceStreamSpec, 'url' | 'parse' | 'subscribe'>>;
  get streams() {
    return [this.stream];
  }

  constructor(options: KrakenOptions = {}) {
    const {
      baseUrl = 'https://api.kraken.com',
      streamUrl = 'wss://ws.kraken.com/v2',
      streamInstruments = 100,
      ...rest
    } = options;
    this.stream = {
      url: streamUrl,
      parse: (message: unknown) => this.fromStream(message),
      subscribe: () => {
        const symbols = this.listings?.busiest.slice(0, streamInstruments) ?? [];
        return inBatches(symbols, SUBSCRIBE_BATCH).map((batch) => ({
          method: 'subscribe',
          params: { channel: 'ticker', symbol: batch },
        }));
      },
    };
    this.now = options.now ?? Date.now;
    // Kraken allows about one public request a second (research file); SourceHttp keeps us at half.
    this.http = new SourceHttp({ name: this.name, baseUrl, budget: { limit: 60, windowMs: 60_000 }, ...rest });
  }

  state(): SourceState {
    return this.http.state();
  }

  /** Trading pairs by pair key ("XXBTZUSD"), refreshed hourly; the last good list outlives a failed refresh. */
  private async tradingPairs(signal?: AbortSignal): Promise<Map<string, Pair>> {
    if (this.pairs && this.now() < this.pairs.until) return this.pairs.byKey;
    this.loading ??= this.loadPairs(signal)
      .then((byKey) => ((this.pairs = { byKey, until: this.now() + PAIRS_TTL_MS }), byKey))
      .catch((e: unknown) => {
        if (this.pairs) return this.pairs.byKey;
        throw e;
      })
      .finally(() => (this.loading = null));
    return this.loading;
  }

  private async loadPairs(signal?: AbortSignal): Promise<Map<string, Pair>> {
    const body = await this.http.get('/0/public/AssetPairs', { schema: pairsSchema, check: checkEnvelope, signal });
    const byKey = new Map<string, Pair>();
    for (const [key, p] of Object.entries(body.result ?? {})) {
      if (p.status !== undefined && !TRADING.has(p.status)) continue;
      // wsname ("XBT/USD") is the readable form; the legacy base/quote codes are the fallback.
      const [base, quote] = p.wsname?.split('/') ?? [p.base, p.quote];
      if (!base || !quote) continue;
      byKey.set(key, { base: krakenAsset(base), quote: krakenAsset(quote) });
    }
    return byKey;
  }

  async tickers(signal?: AbortSignal): Promise<SourceTicker[]> {
    // Kraken sends no timestamp: the figures are as of our request.
    const at = this.now();
    const [pairs, body] = await this.http.all([
      this.tradingPairs(signal),
      this.http.get('/0/public/Ticker', {
        schema: tickersSchema,
        check: (b) => checkEnvelope(b) ?? (b.result ? readable(b.result) : null),
        signal,
      }),
    ]);
    const out: SourceTicker[] = [];
    for (const [key, t] of body.result?.rows ?? []) {
      const pair = pairs.get(key);
      const f = {
        last: t.c[0],
        high: figure(t.h, 1),
        low: figure(t.l, 1),
        volume: figure(t.v, 1),
        vwap: figure(t.p, 1),
        bid: figure(t.b, 0),
        ask: figure(t.a, 0),
      };
      const ticker = pair && toTicker(key, pair, f, at);
      if (ticker) out.push(ticker);
    }
    const bySymbol = new Map(
      out.map((t) => [`${t.base}/${t.quote}`, { key: t.instrument, pair: { base: t.base, quote: t.quote } }]),
    );
    const busiest = [...out]
      .sort((a, b) => (b.quoteVolume24h ?? 0) - (a.quoteVolume24h ?? 0))
      .map((t) => `${t.base}/${t.quote}`);
    this.listings = { bySymbol, busiest };
    return out;
  }

  /**
   * The tickers of one `ticker` push, for pairs the last answer listed, under the REST pair key
   * (so they update the same pairs); [] for heartbeats, status and answers. A refused request or
   * a changed message throws.
   */
  fromStream(message: unknown): SourceTicker[] {
    const parsed = pushSchema.safeParse(message);
    if (!parsed.success)
      throw new SourceError(this.name, `unexpected stream message: ${parsed.error.issues[0]?.message}`);
    const m = parsed.data;
    if ('method' in m) {
      if (m.success === false)
        throw new SourceError(this.name, `stream ${m.method} refused: ${m.error || 'no message'}`);
      return [];
    }
    if (m.channel !== 'ticker') return [];
    const at = this.now();
    return m.data.flatMap((d) => {
      const listed = this.listings?.bySymbol.get(d.symbol);
      const ticker = listed && toTicker(listed.key, listed.pair, d, at);
      return ticker ? [ticker] : [];
    });
  }

  /** The last `limit` candles (at most 720) of a pair key or altname; the newest is still open. */
  async candles(
    instrument: string,
    interval: CandleInterval,
    limit: number,
    signal?: AbortSignal,
    before?: number,
  ): Promise<SourceCandle[]> {
    // Kraken's OHLC serves its last 720 candles and nothing older: no page before them.
    if (before !== undefined) return [];
    const body = await this.http.get('/0/public/OHLC', {
      query: { pair: instrument, interval: INTERVAL_MINUTES[interval] },
      schema: ohlcSchema,
      check: checkEnvelope,
      signal,
    });
    // The rows sit under Kraken's own key for the pair, which may differ from the name asked for.
    const rows = Object.entries(body.result ?? {}).find(([k]) => k !== 'last')?.[1];
    const n = Math.max(1, Math.min(Math.floor(limit), MAX_CANDLES));
    return (Array.isArray(rows) ? rows : [])
      .map(([time, open, high, low, close, , volume]) => ({
        openTime: time * 1000,
        open: Number(open),
        high: Number(high),
        low: Number(low),
        close: Number(close),
        volume: Number(volume),
      }))
      .sort((a, b) => a.openTime - b.openTime)
      .slice(-n);
  }
}
