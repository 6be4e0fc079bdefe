/**
 * Bybit v5 spot, linear (USDT and USDC) and inverse tickers and klines (research file,
 * section 1). Answers come as `{retCode, retMsg, result, time}`; `retCode != 0` is an error even
 * inside HTTP 200. Bybit names futures only "LinearFutures"/"InverseFutures", so their SPEC type
 * is derived from the delivery time among the live expiries of the same base asset.
 *
 * Spot and linear share symbols ("BTCUSDT" is both), so instruments are kept per category, and
 * a ticker's `instrument` alone does not say its market: pair it with `market`.
 *
 * Between REST rounds the `tickers.{symbol}` topics of the public spot and linear WebSockets move
 * the busiest spot pairs' and USDT/USDC contracts' prices (inverse contracts move at the rounds):
 * subscribed ten topics to a request (the spot limit), kept open with `{"op":"ping"}` every 20 s.
 * Spot pushes are whole snapshots; linear ones are a snapshot, then deltas of the fields that
 * changed, of which only those with a new last price matter here.
 */
import type { z } from 'zod';
import { inBatches } from '../../../lib/batches.ts';
import { contractTypeFromExpiry } from './contracts.ts';
import { reportedPrice, SourceError, SourceHttp, toNumber, toPrice, type HttpOptions } from './http.ts';
import {
  bybitError,
  envelope,
  everyRow,
  instrumentSchema,
  klineSchema,
  pushSchema,
  tickerSchema,
  type RawTicker,
} from './bybitAnswers.ts';
import type {
  CandleInterval,
  ContractType,
  SourceCandle,
  SourceState,
  SourceStreamSpec,
  SourceTicker,
  TickerSource,
} from './types.ts';

export type BybitOptions = {
  baseUrl?: string;
  streamUrl?: string;
  futuresStreamUrl?: string;
  /** How many pairs each stream follows (spot pairs, linear contracts): the busiest of the last answer. */
  streamInstruments?: number;
  pingMs?: number;
} & Partial<
  Pick<HttpOptions, 'timeoutMs' | 'retries' | 'backoffMs' | 'maxRetryWaitMs' | 'fetch' | 'sleep' | 'random' | 'now'>
>;

const EXCHANGE = { name: 'bybit', displayName: 'Bybit', website: 'https://www.bybit.com', hasFutures: true };
const INSTRUMENTS_TTL_MS = 3_600_000;
const CATEGORIES = ['spot', 'linear', 'inverse'] as const;
type Category = (typeof CATEGORIES)[number];
/** The markets with a WebSocket here; inverse contracts move at the REST rounds. */
type StreamCategory = 'spot' | 'linear';
/** A guard against a cursor that never ends; linear has about 600 symbols, 1000 a page. */
const MAX_PAGES = 20;

type Instrument = z.infer<typeof instrumentSchema> & { category: Category };

const INTERVALS: Record<CandleInterval, string> = {
  '1m': '1',
  '5m': '5',
  '15m': '15',
  '1h': '60',
  '4h': '240',
  '1d': 'D',
  '1w': 'W',
};
const MAX_KLINES = 1000;

const price = toPrice;

/** Topics per subscribe request on the spot WebSocket (Bybit refuses more). */
const SUBSCRIBE_BATCH = 10;

export class Bybit implements TickerSource {
  readonly name = 'bybit';
  readonly candlePage = MAX_KLINES;
  readonly exchange = EXCHANGE;
  private readonly http: SourceHttp;
  private readonly now: () => number;
  /** Each category's trading instruments and until when they hold; `instruments` is all of them by "category:symbol". */
  private readonly lists: Partial<Record<Category, { list: Instrument[]; until: number }>> = {};
  private instruments: { byKey: Map<string, Instrument> } | null = null;
  /** Each category's last good answer, for a round in which it fails (SourceHttp.eachMarket). */
  private readonly kept = new Map<Category, { category: Category; time: number; list: RawTicker[] }[]>();
  /** The spot pairs and linear contracts of the last answer, busiest first: the ones the streams follow. */
  private busiest: Record<StreamCategory, string[]> = { spot: [], linear: [] };
  /** The spot stream, and the USDT/USDC contracts' (linear) stream. */
  readonly stream: Required<Pick<SourceStreamSpec, 'url' | 'parse' | 'subscribe' | 'keepAlive'>>;
  readonly futuresStream: Required<Pick<SourceStreamSpec, 'url' | 'parse' | 'subscribe' | 'keepAlive'>>;
  get streams() {
    return [this.stream, this.futuresStream];
  }

  constructor(options: BybitOptions = {}) {
    const {
      baseUrl = 'https://api.bybit.com',
      streamUrl = 'wss://stream.bybit.com/v5/public/spot',
      futuresStreamUrl = 'wss://stream.bybit.com/v5/public/linear',
      streamInstruments = 200,
      pingMs = 20_000,
      ...rest
    } = options;
    const streamOf = (category: StreamCategory, url: string) => ({
      url,
      parse: (message: unknown) => this.fromStream(message, category),
      subscribe: () =>
        inBatches(this.busiest[category].slice(0, streamInstruments), SUBSCRIBE_BATCH).map((batch) => ({
          op: 'subscribe',
          args: batch.map((s) => `tickers.${s}`),
        })),
      // The pong is JSON naming the connection, read (and dropped) by fromStream.
      keepAlive: { message: JSON.stringify({ op: 'ping' }), everyMs: pingMs },
    });
    this.stream = streamOf('spot', streamUrl);
    this.futuresStream = streamOf('linear', futuresStreamUrl);
    this.now = options.now ?? Date.now;
    this.http = new SourceHttp({
      name: 'bybit',
      baseUrl,
      budget: { limit: 600, windowMs: 5000 },
      banStatuses: [403],
      ...rest,
    });
  }

  private async get<T extends z.ZodTypeAny>(
    path: string,
    query: Record<string, string | number | undefined>,
    item: T,
    signal?: AbortSignal,
    strict = false,
  ) {
    const body = await this.http.get(path, {
      query,
      schema: strict ? envelope(item, everyRow(item)) : envelope(item),
      check: bybitError,
      signal,
    });
    return {
      list: body.result.list.rows as z.output<T>[],
      nextPageCursor: body.result.nextPageCursor ?? undefined,
      time: body.time,
    };
  }

  /**
   * Every market's tickers: spot, linear and inverse are read apart, each with its instruments, so
   * one failing (linear) keeps the others (spot), and its own last good answer (SourceHttp.eachMarket).
   */
  async tickers(signal?: AbortSignal): Promise<SourceTicker[]> {
    const answers = await this.http.eachMarket(
      CATEGORIES,
      async (category) => {
        const [, answer] = await this.http.all([
          this.categoryInstruments(category, signal),
          this.get('/v5/market/tickers', { category }, tickerSchema, signal),
        ]);
        return [{ category, time: answer.time, list: answer.list }];
      },
      this.kept,
    );
    const instruments = this.instruments?.byKey ?? new Map<string, Instrument>();
    const now = this.now();
    const expiries = new Map<string, number[]>();
    for (const i of instruments.values()) {
      const at = toNumber(i.deliveryTime);
      if (at) expiries.set(i.baseCoin, [...(expiries.get(i.baseCoin) ?? []), at]);
    }
    const out: SourceTicker[] = [];
    const streamed: Record<StreamCategory, SourceTicker[]> = { spot: [], linear: [] };
    for (const { category, time, list } of answers) {
      for (const raw of list) {
        const i = instruments.get(`${category}:${raw.symbol}`);
        const ticker =
          i && toTicker(raw, i, time, (expiry) => contractTypeFromExpiry(expiry, expiries.get(i.baseCoin) ?? [], now));
        if (!ticker || (ticker.expiry !== null && ticker.expiry <= now)) continue;
        out.push(ticker);
        if (category !== 'inverse') streamed[category].push(ticker);
      }
    }
    const byVolume = (list: SourceTicker[]) =>
      [...list].sort((a, b) => (b.quoteVolume24h ?? 0) - (a.quoteVolume24h ?? 0)).map((t) => t.instrument);
    this.busiest = { spot: byVolume(streamed.spot), linear: byVolume(streamed.linear) };
    return out;
  }

  /**
   * The ticker of one push of the `category` stream, for an instrument the last answer listed;
   * [] for an operation's answer (subscribed, pong) and for a delta without a new last price.
   * A refused operation or a changed message throws.
   */
  fromStream(message: unknown, category: StreamCategory = 'spot'): SourceTicker[] {
    const parsed = pushSchema.safeParse(message);
    if (!parsed.success)
      throw new SourceError(this.name, `unexpected stream message: ${parsed.error.issues[0]?.message}`);
    const m = parsed.data;
    if ('op' in m) {
      if (m.success === false) throw new SourceError(this.name, `stream ${m.op} refused: ${m.ret_msg || 'no message'}`);
      return [];
    }
    const i = this.instruments?.byKey.get(`${category}:${m.data.symbol}`);
    if (!i || m.data.lastPrice === undefined) return [];
    // Fields the push lacks read as unknown, so the last answer's stay (spot has no book; a delta
    // names what changed). The contract's type stays the last answer's too.
    const {
      prevPrice24h = '',
      price24hPcnt = '',
      highPrice24h = '',
      lowPrice24h = '',
      volume24h = '',
      turnover24h = '',
      bid1Price = '',
      ask1Price = '',
    } = m.data;
    const raw = {
      symbol: m.data.symbol,
      lastPrice: m.data.lastPrice,
      prevPrice24h,
      price24hPcnt,
      highPrice24h,
      lowPrice24h,
      volume24h,
      turnover24h,
      bid1Price,
      ask1Price,
    };
    const ticker = toTicker(raw, i, m.ts, () => null);
    return ticker ? [ticker] : [];
  }

  /** Trading instruments of every category that has a list, by "category:symbol" (candles). */
  private async liveInstruments(signal?: AbortSignal): Promise<Map<string, Instrument>> {
    await Promise.allSettled(CATEGORIES.map((category) => this.categoryInstruments(category, signal)));
    return this.instruments?.byKey ?? new Map();
  }

  /** One category's trading instruments, reloaded hourly; the last good list outlives a failed reload. */
  private async categoryInstruments(category: Category, signal?: AbortSignal): Promise<Instrument[]> {
    const known = this.lists[category];
    if (known && this.now() < known.until) return known.list;
    try {
      const list = (await this.instrumentsOf(category, signal)).filter((i) => i.status === 'Trading');
      this.lists[category] = { list, until: this.now() + INSTRUMENTS_TTL_MS };
      this.instruments = {
        byKey: new Map(
          Object.values(this.lists).flatMap((l) => l.list.map((i) => [`${i.category}:${i.symbol}`, i] as const)),
        ),
      };
      return list;
    } catch (e) {
      if (!known) throw e;
      return known.list;
    }
  }

  private async instrumentsOf(category: Category, signal?: AbortSignal): Promise<Instrument[]> {
    const out: Instrument[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < MAX_PAGES; page++) {
      const answer = await this.get(
        '/v5/market/instruments-info',
        { category, limit: 1000, cursor },
        instrumentSchema,
        signal,
      );
      out.push(...answer.list.map((i) => ({ ...i, category })));
      if (!answer.nextPageCursor || answer.nextPageCursor === cursor) break;
      cursor = answer.nextPageCursor;
    }
    return out;
  }

  /**
   * Klines of a symbol, oldest first. A symbol both spot and linear ("BTCUSDT") is read as spot,
   * the market a coin's price history comes from.
   */
  async candles(
    instrument: string,
    interval: CandleInterval,
    limit: number,
    signal?: AbortSignal,
    before?: number,
  ): Promise<SourceCandle[]> {
    const instruments = await this.liveInstruments(signal);
    const category = CATEGORIES.find((c) => instruments.has(`${c}:${instrument}`)) ?? 'spot';
    const n = Math.max(1, Math.min(Math.floor(limit), MAX_KLINES));
    const result = await this.get(
      '/v5/market/kline',
      // `end` is inclusive.
      {
        category,
        symbol: instrument,
        interval: INTERVALS[interval],
        limit: n,
        ...(before === undefined ? {} : { end: before - 1 }),
      },
      klineSchema,
      signal,
      true,
    );
    // An inverse contract's volume counts USD contracts; its turnover is the base coin.
    const volumeAt = category === 'inverse' ? 6 : 5;
    return result.list
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

/** Perpetuals by name; "*Futures" by their delivery time; anything else has no slot. */
function contractOf(
  i: Instrument,
  typeOf: (expiry: number) => ContractType | null,
): Pick<SourceTicker, 'contractType' | 'expiry'> {
  if (i.category === 'spot') return { contractType: null, expiry: null };
  const delivery = toNumber(i.deliveryTime);
  const expiry = delivery && delivery > 0 ? delivery : null;
  if (i.contractType?.endsWith('Perpetual')) return { contractType: 'PERPETUAL', expiry: null };
  if (i.contractType?.endsWith('Futures') && expiry) return { contractType: typeOf(expiry), expiry };
  return { contractType: null, expiry };
}

/**
 * One Bybit ticker. `price24hPcnt` is a fraction (0.0132 = +1.32 %). Volumes: spot and linear
 * `volume24h` is the base asset and `turnover24h` the quote; inverse contracts are the other way
 * round (`volume24h` counts USD contracts, `turnover24h` is the base coin).
 */
function toTicker(
  raw: RawTicker,
  i: Instrument,
  at: number,
  typeOf: (expiry: number) => ContractType | null,
): SourceTicker | null {
  const last = reportedPrice(raw.lastPrice);
  if (last === null) return null;
  const pcnt = toNumber(raw.price24hPcnt);
  const inverse = i.category === 'inverse';
  return {
    source: 'bybit',
    exchange: EXCHANGE.name,
    instrument: raw.symbol,
    base: i.baseCoin.toUpperCase(),
    quote: i.quoteCoin.toUpperCase(),
    market: i.category === 'spot' ? 'spot' : 'futures',
    ...contractOf(i, typeOf),
    last,
    open24h: price(raw.prevPrice24h),
    high24h: price(raw.highPrice24h),
    low24h: price(raw.lowPrice24h),
    change24h: pcnt === null ? null : pcnt * 100,
    baseVolume24h: toNumber(inverse ? raw.turnover24h : raw.volume24h),
    quoteVolume24h: toNumber(inverse ? raw.volume24h : raw.turnover24h),
    bid: price(raw.bid1Price),
    ask: price(raw.ask1Price),
    at,
  };
}
