/**
 * CoinGecko, for what exchanges do not publish (research file, section 1): supplies, ranks,
 * all-time highs, market-wide totals and exchange metadata, and the markets of exchanges we have
 * no adapter for: their spot tickers (`/exchanges/{id}/tickers`) and the derivatives of every
 * exchange (`/derivatives`), which `CoinGeckoMarkets` (coingeckoMarkets.ts) hands to the ingest
 * like any exchange's. CoinGecko's own coin prices are never used: prices come from tickers.
 */
import { htmlToText, sanitizeHtml } from '../content/sanitize.ts';
import {
  coinSchema,
  derivativesSchema,
  exchangesSchema,
  exchangeTickersSchema,
  globalSchema,
  marketsSchema,
} from './coingeckoAnswers.ts';
import { derivativeQuote, marketExchange, OUR_EXCHANGE_SLUGS, SYMBOL, webAddress } from './coingeckoNames.ts';
import { readable, reportedPrice, SourceHttp, type HttpOptions } from './http.ts';
import type { ExchangeInfo, SourceState, SourceTicker } from './types.ts';
import type { GlobalFacts } from '../../db/provenance.ts';
export type { GlobalFacts } from '../../db/provenance.ts';

export type CoinGeckoOptions = {
  baseUrl?: string;
  /** A demo key, or a pro key with `pro: true`; without a key the public host's keyless limit applies. */
  apiKey?: string;
  pro?: boolean;
} & Partial<
  Pick<HttpOptions, 'timeoutMs' | 'retries' | 'backoffMs' | 'maxRetryWaitMs' | 'fetch' | 'sleep' | 'random' | 'now'>
>;

/** CoinGecko's terms ask for a visible, linked credit near the data. */
export const COINGECKO_ATTRIBUTION = { text: 'Data provided by CoinGecko', url: 'https://www.coingecko.com' } as const;

export interface CoinFacts {
  /** CoinGecko's slug ("bitcoin"). */
  id: string;
  symbol: string;
  name: string;
  image: string | null;
  rank: number | null;
  priceUsd: number | null;
  marketCapUsd: number | null;
  volumeUsd: number | null;
  circulatingSupply: number | null;
  totalSupply: number | null;
  /** null: no cap (ETH), or not known. */
  maxSupply: number | null;
  ath: number | null;
  athAt: number | null;
  atl: number | null;
  atlAt: number | null;
  /** Percent (2.5 = +2.5 %). */
  change24h: number | null;
  updatedAt: number | null;
}

export interface ExchangeFacts {
  id: string;
  name: string;
  country: string | null;
  yearEstablished: number | null;
  url: string | null;
  image: string | null;
  /** 1–10. */
  trustScore: number | null;
  trustScoreRank: number | null;
  volume24hBtc: number | null;
}

/** Longest description kept, characters: a few paragraphs; CoinGecko's longest run to pages. */
const MAX_DESCRIPTION = 4000;

/** Most links kept per kind: CoinGecko pads its lists with empty strings and long explorer lists. */
export const LINKS_PER_KIND = {
  website: 2,
  whitepaper: 1,
  explorer: 5,
  community: 3,
  telegram: 1,
  repository: 1,
} as const;

/** CoinGecko's description languages and ours: its Traditional Chinese is what zh-hk pages read. */
export const DESCRIPTION_LOCALES = { en: 'en', zh: 'zh', 'zh-tw': 'zh-hk', ko: 'ko' } as const;

/** A coin's links and categories (`/coins/{id}`): what its page links to, and its tags. */
export interface CoinDetailFacts {
  id: string;
  /** Only http(s) addresses, at most {@link LINKS_PER_KIND} per kind, in CoinGecko's order. */
  links: { kind: keyof typeof LINKS_PER_KIND; url: string }[];
  categories: string[];
  /** Plain text per content locale, where CoinGecko writes one (its HTML's links and tags dropped). */
  descriptions: { locale: (typeof DESCRIPTION_LOCALES)[keyof typeof DESCRIPTION_LOCALES]; text: string }[];
}

/** A time as Unix ms: seconds and ms both occur; null when unreadable or absent. */
function unixMs(value: number | string | null): number | null {
  if (value === null) return null;
  const n = typeof value === 'number' ? value : /^\d+$/.test(value) ? Number(value) : Date.parse(value);
  if (!Number.isFinite(n) || n <= 0) return null;
  return n < 1e12 ? n * 1000 : n;
}

/** A ticker from CoinGecko: it gives no 24-hour open, high or low, nor the book's best prices. */
function geckoTicker(t: Omit<SourceTicker, 'source' | 'open24h' | 'high24h' | 'low24h' | 'bid' | 'ask'>): SourceTicker {
  return { source: 'coingecko', open24h: null, high24h: null, low24h: null, bid: null, ask: null, ...t };
}

/** One exchange's spot tickers as CoinGecko lists them (100 a page, busiest first). */
export interface GeckoExchangeTickers {
  exchange: ExchangeInfo;
  tickers: SourceTicker[];
}

/** CoinGecko writes 0 where it does not know a price, market cap or circulating supply. */
const known = (n: number | null) => (n !== null && n > 0 ? n : null);

const DEMO_URL = 'https://api.coingecko.com/api/v3';
const PRO_URL = 'https://pro-api.coingecko.com/api/v3';

/** How far ahead of our clock a source's time may be (clock skew); later is unreadable, not fresh. */
const MAX_CLOCK_SKEW_MS = 300_000;

export class CoinGecko {
  readonly name = 'coingecko';
  private readonly http: SourceHttp;
  private readonly now: () => number;

  constructor(options: CoinGeckoOptions = {}) {
    const { baseUrl, apiKey, pro = false, ...rest } = options;
    this.now = options.now ?? Date.now;
    const key = apiKey ? { [pro ? 'x-cg-pro-api-key' : 'x-cg-demo-api-key']: apiKey } : undefined;
    // Demo allows about 30 calls a minute and failed calls count too, so we take half of it.
    const budget = pro ? { limit: 500, windowMs: 60_000, share: 0.5 } : { limit: 30, windowMs: 60_000, share: 0.5 };
    this.http = new SourceHttp({
      name: this.name,
      baseUrl: baseUrl ?? (pro ? PRO_URL : DEMO_URL),
      budget,
      headers: key,
      ...rest,
    });
  }

  state(): SourceState {
    return this.http.state();
  }

  /** One page of coins by market cap (page 1 holds the largest). */
  async markets(page: number, perPage = 250, signal?: AbortSignal): Promise<CoinFacts[]> {
    const rows = await this.http.get('/coins/markets', {
      query: { vs_currency: 'usd', order: 'market_cap_desc', per_page: perPage, page },
      schema: marketsSchema,
      signal,
    });
    return rows.map((c) => ({
      id: c.id,
      symbol: c.symbol.toUpperCase(),
      name: c.name,
      image: c.image,
      rank: c.market_cap_rank,
      priceUsd: known(c.current_price),
      marketCapUsd: known(c.market_cap),
      volumeUsd: c.total_volume,
      circulatingSupply: known(c.circulating_supply),
      totalSupply: c.total_supply,
      maxSupply: c.max_supply,
      ath: c.ath,
      athAt: c.ath_date,
      atl: c.atl,
      atlAt: c.atl_date,
      change24h: c.price_change_percentage_24h,
      updatedAt: c.last_updated,
    }));
  }

  /** Market-wide totals in USD and the BTC and ETH shares of the market cap. */
  async global(signal?: AbortSignal): Promise<GlobalFacts> {
    const { data: d } = await this.http.get('/global', { schema: globalSchema, signal });
    return {
      activeCoins: d.active_cryptocurrencies,
      markets: d.markets,
      marketCapUsd: d.total_market_cap.usd ?? null,
      volumeUsd: d.total_volume.usd ?? null,
      btcDominance: d.market_cap_percentage.btc ?? null,
      ethDominance: d.market_cap_percentage.eth ?? null,
      marketCapChange24h: d.market_cap_change_percentage_24h_usd,
      updatedAt: d.updated_at * 1000,
    };
  }

  /** A coin's links and categories; the market data, tickers and community figures are left out. */
  async coin(id: string, signal?: AbortSignal): Promise<CoinDetailFacts> {
    const c = await this.http.get(`/coins/${encodeURIComponent(id)}`, {
      query: {
        // The descriptions in every language come with the localised names.
        localization: 'true',
        tickers: 'false',
        market_data: 'false',
        community_data: 'false',
        developer_data: 'false',
        sparkline: 'false',
      },
      schema: coinSchema,
      signal,
    });
    const l = c.links ?? {};
    const telegram = l.telegram_channel_identifier?.trim();
    const candidates: [CoinDetailFacts['links'][number]['kind'], (string | null | undefined)[]][] = [
      ['website', l.homepage ?? []],
      ['whitepaper', Array.isArray(l.whitepaper) ? l.whitepaper : [l.whitepaper]],
      ['explorer', l.blockchain_site ?? []],
      ['community', [l.subreddit_url, ...(l.official_forum_url ?? [])]],
      ['telegram', [telegram && /^[A-Za-z0-9_]{3,64}$/.test(telegram) ? `https://t.me/${telegram}` : null]],
      ['repository', l.repos_url?.github ?? []],
    ];
    const links: CoinDetailFacts['links'] = [];
    for (const [kind, values] of candidates) {
      const urls = [...new Set(values.map(webAddress).filter((u): u is string => u !== null))];
      for (const url of urls.slice(0, LINKS_PER_KIND[kind])) links.push({ kind, url });
    }
    const categories = [
      ...new Set((c.categories ?? []).map((x) => x?.trim() ?? '').filter((x) => x.length > 0 && x.length <= 80)),
    ];
    const descriptions = Object.entries(DESCRIPTION_LOCALES).flatMap(([theirs, locale]) => {
      const text = htmlToText(sanitizeHtml(c.description?.[theirs] ?? '')).slice(0, MAX_DESCRIPTION);
      return text.trim() ? [{ locale, text: text.trim() }] : [];
    });
    return { id: c.id, links, categories, descriptions };
  }

  /**
   * One page of an exchange's spot tickers, busiest first (`id` is CoinGecko's: "gdax" for
   * Coinbase Exchange). The exchange is named by the answer's own name ("Coinbase Exchange" →
   * coinbase-exchange). Pairs whose symbols are contract addresses are left out, and those
   * CoinGecko marks as anomalies or stale are kept but flagged (listed, never counted).
   */
  async exchangeTickers(id: string, page = 1, signal?: AbortSignal): Promise<GeckoExchangeTickers> {
    const answer = await this.http.get(`/exchanges/${encodeURIComponent(id)}/tickers`, {
      query: { page, order: 'volume_desc', include_exchange_logo: 'false', depth: 'false' },
      schema: exchangeTickersSchema,
      // A name we cannot read is no answer: the kept one stays.
      check: (a) =>
        marketExchange(a.name) ? readable(a.tickers) : { message: 'unexpected payload: no readable exchange name' },
      signal,
    });
    const named = marketExchange(answer.name)!;
    // The id names our row when we know it (CoinGecko renames exchanges; "Gate" is our gate-io).
    const exchange: ExchangeInfo = {
      name: OUR_EXCHANGE_SLUGS[id] ?? named.name,
      displayName: named.displayName,
      website: null,
      hasFutures: false,
    };
    const tickers: SourceTicker[] = [];
    for (const t of answer.tickers.rows) {
      const base = t.base.trim().toUpperCase();
      const quote = t.target.trim().toUpperCase();
      const last = reportedPrice(t.last);
      const at = this.readableTime(t.last_traded_at ?? t.timestamp ?? null);
      if (!SYMBOL.test(base) || !SYMBOL.test(quote) || base === quote || last === null || at === null) continue;
      tickers.push(
        geckoTicker({
          exchange: exchange.name,
          instrument: `${base}/${quote}`,
          base,
          quote,
          market: 'spot',
          contractType: null,
          expiry: null,
          last,
          change24h: null,
          baseVolume24h: t.volume ?? null,
          quoteVolume24h: null,
          at,
          flagged: !!(t.is_anomaly || t.is_stale),
        }),
      );
    }
    return { exchange, tickers };
  }

  /**
   * Derivatives of every exchange CoinGecko follows (`/derivatives`, unexpired): perpetuals and
   * dated futures quoted in dollars, as futures tickers of the exchange named by `market`. The
   * contract type of a dated future is left to the ingest, which derives it from the expiry.
   */
  async derivatives(signal?: AbortSignal): Promise<GeckoExchangeTickers[]> {
    const { rows } = await this.http.get('/derivatives', {
      query: { include_tickers: 'unexpired' },
      schema: derivativesSchema,
      check: readable,
      signal,
    });
    const byExchange = new Map<string, GeckoExchangeTickers>();
    for (const d of rows) {
      const named = marketExchange(d.market);
      const base = (d.index_id ?? '').trim().toUpperCase();
      const quote = named && SYMBOL.test(base) ? derivativeQuote(d.symbol, base) : null;
      const last = reportedPrice(d.price);
      const perpetual = d.contract_type === 'perpetual';
      const expiry = perpetual ? null : unixMs(d.expired_at);
      const at = this.readableTime(unixMs(d.last_traded_at));
      if (!named || !quote || last === null || at === null || d.symbol.length > 64) continue;
      if (!perpetual && (d.contract_type !== 'futures' || expiry === null)) continue;
      let entry = byExchange.get(named.name);
      if (!entry)
        byExchange.set(named.name, (entry = { exchange: { ...named, website: null, hasFutures: true }, tickers: [] }));
      entry.tickers.push(
        geckoTicker({
          exchange: named.name,
          instrument: d.symbol,
          base,
          quote,
          market: 'futures',
          contractType: perpetual ? 'PERPETUAL' : null,
          expiry,
          last,
          change24h: d.price_percentage_change_24h,
          baseVolume24h: null,
          quoteVolume24h: d.volume_24h,
          at,
        }),
      );
    }
    return [...byExchange.values()];
  }

  /** A time a pair may carry: finite, and not later than our clock allows for skew; null otherwise. */
  private readableTime(ms: number | null): number | null {
    return ms !== null && Number.isFinite(ms) && ms > 0 && ms <= this.now() + MAX_CLOCK_SKEW_MS ? ms : null;
  }

  /** One page of exchanges by trust score rank. */
  async exchanges(page: number, perPage = 100, signal?: AbortSignal): Promise<ExchangeFacts[]> {
    const rows = await this.http.get('/exchanges', {
      query: { per_page: perPage, page },
      schema: exchangesSchema,
      signal,
    });
    return rows.map((e) => ({
      id: e.id,
      name: e.name,
      country: e.country || null,
      yearEstablished: e.year_established,
      url: e.url || null,
      image: e.image,
      trustScore: e.trust_score,
      trustScoreRank: e.trust_score_rank,
      volume24hBtc: e.trade_volume_24h_btc,
    }));
  }
}
