/**
 * What CoinGecko answers (coingecko.ts): the shapes of its coin markets, market-wide totals,
 * exchanges, an exchange's tickers, the derivatives and a coin's links and categories.
 */
import { z } from 'zod';
import { rowsOf } from './http.ts';

const num = z.number().nullable();
/** An ISO time as Unix ms; an unreadable one fails validation rather than becoming NaN. */
const isoTime = z
  .string()
  .refine((s) => Number.isFinite(Date.parse(s)), 'not a date')
  .transform((s) => Date.parse(s))
  .nullable();

export const marketsSchema = z.array(
  z.object({
    id: z.string().min(1),
    symbol: z.string().min(1),
    name: z.string(),
    image: z.string().nullable(),
    current_price: num,
    market_cap: num,
    market_cap_rank: num,
    total_volume: num,
    price_change_percentage_24h: num,
    circulating_supply: num,
    total_supply: num,
    max_supply: num,
    ath: num,
    ath_date: isoTime,
    atl: num,
    atl_date: isoTime,
    last_updated: isoTime,
  }),
);

const usdMap = z.record(z.number());
export const globalSchema = z.object({
  data: z.object({
    active_cryptocurrencies: z.number(),
    markets: z.number(),
    total_market_cap: usdMap,
    total_volume: usdMap,
    market_cap_percentage: usdMap,
    market_cap_change_percentage_24h_usd: num,
    updated_at: z.number(),
  }),
});

export const exchangesSchema = z.array(
  z.object({
    id: z.string().min(1),
    name: z.string(),
    country: z.string().nullable(),
    year_established: num,
    url: z.string().nullable(),
    image: z.string().nullable(),
    trust_score: num,
    trust_score_rank: num,
    trade_volume_24h_btc: num,
  }),
);

/** CoinGecko's flags are booleans; a few of its older answers wrote them as strings. */
const flag = z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]).nullish();

export const exchangeTickersSchema = z.object({
  name: z.string().min(1),
  tickers: rowsOf(
    z.object({
      base: z.string(),
      target: z.string(),
      last: z.number().nullable(),
      volume: num.optional(),
      trust_score: z.string().nullish(),
      bid_ask_spread_percentage: num.optional(),
      timestamp: isoTime.optional(),
      last_traded_at: isoTime.optional(),
      is_anomaly: flag,
      is_stale: flag,
    }),
  ),
});

export const derivativesSchema = rowsOf(
  z.object({
    market: z.string().min(1),
    symbol: z.string().min(1),
    index_id: z.string().nullable(),
    // A string in the documented answer; numbers are read too.
    price: z.union([z.string(), z.number()]).nullable(),
    price_percentage_change_24h: num,
    contract_type: z.string(),
    volume_24h: num,
    /** Unix seconds. */
    last_traded_at: num,
    /** Null for perpetuals; Unix seconds (or ms, or an ISO time) for dated futures. */
    expired_at: z.union([z.number(), z.string()]).nullable(),
  }),
);

const maybeText = z.string().nullish();
const texts = z.array(z.string().nullable()).nullish();
export const coinSchema = z.object({
  id: z.string().min(1),
  categories: texts,
  links: z
    .object({
      homepage: texts,
      // A string in the current API; an array in older answers.
      whitepaper: z.union([maybeText, texts]),
      blockchain_site: texts,
      official_forum_url: texts,
      subreddit_url: maybeText,
      telegram_channel_identifier: maybeText,
      repos_url: z.object({ github: texts }).partial().nullish(),
    })
    .nullish(),
  /** Per language code ('en', 'zh', 'zh-tw', 'ko' …), HTML with links; '' where none is written. */
  description: z.record(z.string(), z.string().nullish()).nullish(),
});
