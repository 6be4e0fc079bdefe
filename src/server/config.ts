import path from 'node:path';
import { z } from 'zod';

/** Default age after which a ticker is stale: a few missed refresh rounds of any source (ingest/aggregate.ts). */
export const STALE_MS_DEFAULT = 5 * 60_000;

/** The market sources SOURCES may name (src/server/ingest/sources/). */
const SOURCE_NAMES = ['binance', 'binance-futures', 'okx', 'bybit', 'kraken'] as const;
export type SourceName = (typeof SOURCE_NAMES)[number];

const httpUrlSchema = z
  .string()
  .url('must be an http(s) URL')
  .regex(/^https?:\/\//, 'must be an http(s) URL');
const httpUrl = (fallback: string) => httpUrlSchema.default(fallback);
const wsUrl = (fallback: string) =>
  z
    .string()
    .regex(/^wss?:\/\/\S+$/, 'must be a ws(s) URL')
    .default(fallback);

/**
 * The environment, parsed once. A bad value throws with a readable message naming the
 * variable, so a misconfigured deployment fails at start rather than at the first request.
 */
const schema = z.object({
  PORT: z.coerce.number().int().min(1).max(65535).default(4321),
  HOST: z.string().min(1).default('localhost'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  SIGN_SALT: z.string().min(1).default('coinlens'),
  MOBILE_ORIGIN: z
    .string()
    .url('must be an origin such as https://m.example.com')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** The public address of the site, for the absolute links in canonical tags, feeds, sitemaps and share cards. */
  SITE_URL: z
    .string()
    .url('must be the public address, such as https://coinlens.example')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** Outgoing mail: smtp(s)://user:pass@host:port. Unset, mails go to the outbox (table mail_outbox and DATA_DIR/outbox). */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  MAIL_FROM: z.string().min(3).default('Coinlens <no-reply@coinlens.local>'),
  /** A Twilio-compatible SMS API (e.g. https://api.twilio.com). Unset, texts go to the outbox (table sms_outbox and DATA_DIR/outbox). */
  SMS_URL: z
    .string()
    .url('must be the base URL of a Twilio-compatible API, such as https://api.twilio.com')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  SMS_ACCOUNT_SID: z.string().optional(),
  SMS_AUTH_TOKEN: z.string().optional(),
  SMS_FROM: z.string().optional(),
  /**
   * The contact push services see in Web Push requests (VAPID `sub`): an https: URL or a mailto:
   * address. Unset: SITE_URL when it is https, else mailto: the address of MAIL_FROM.
   */
  PUSH_SUBJECT: z
    .string()
    .regex(/^(https:\/\/|mailto:)\S+$/, 'must be an https: URL or a mailto: address')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** Overrides the JWT signing secret generated at first start and kept in the database (at least 32 characters). */
  JWT_SECRET: z
    .string()
    .min(32, 'must be at least 32 characters')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** Set when a reverse proxy in front sets X-Forwarded-For/-Proto (src/server/http/node/server.mjs drops every X-Forwarded-* header otherwise). */
  TRUST_PROXY: z.enum(['', '0', '1', 'true', 'false', 'yes', 'no']).optional(),
  SEED: z.enum(['auto', 'off']).default('auto'),
  /**
   * How many coins the demo seeder writes: unset, the real coin universe (~570); more adds
   * generated coins below it with exchanges and tickers in proportion (for scale benchmarks).
   */
  SEED_COINS: z.preprocess(
    (v) => (v === '' ? undefined : v),
    // The upper bound is MAX_SEED_COINS of seed/scale.ts; the lower one, the real universe, is checked by the seeder.
    z.coerce
      .number({ invalid_type_error: 'must be a number of coins' })
      .int('must be a whole number of coins')
      .min(1)
      .max(100_000)
      .optional(),
  ),
  LOG_LEVEL: z.enum(['silent', 'error', 'info']).default('info'),
  /**
   * Live prices: `auto` tries the market sources at start and runs on them when one answers,
   * else the simulated market; `sources` forces the sources, `sim` the simulated market (moves
   * demo prices), `off` only relays another process's ticks (e.g. `npm run ingest`).
   */
  LIVE: z.enum(['auto', 'sources', 'sim', 'off']).default('auto'),
  /**
   * News, flash news and exchange announcements from the content sources (`config/content-sources.json`),
   * in the process that runs the market (not with LIVE=off); `off`: the stored content stays as it is.
   */
  CONTENT: z.enum(['auto', 'off']).default('auto'),
  /** A JSON file of content sources replacing `config/content-sources.json` (same shape); empty: that file. */
  CONTENT_SOURCES: z.string().trim().default(''),
  /** The market sources to run (comma-separated); default the ones that need no key. */
  SOURCES: z
    .string()
    .default('binance,binance-futures,okx,bybit,kraken')
    .transform((v) => [
      ...new Set(
        v
          .split(',')
          .map((s) => s.trim().toLowerCase())
          .filter(Boolean),
      ),
    ])
    .pipe(
      z.array(
        z.enum(SOURCE_NAMES, {
          errorMap: () => ({ message: `must be a comma-separated list of ${SOURCE_NAMES.join(', ')}` }),
        }),
      ),
    ),
  BINANCE_URL: httpUrl('https://data-api.binance.vision'),
  BINANCE_FUTURES_URL: httpUrl('https://fapi.binance.com'),
  BINANCE_STREAM_URL: wsUrl('wss://stream.binance.com:9443/ws/!miniTicker@arr'),
  BINANCE_FUTURES_STREAM_URL: wsUrl('wss://fstream.binance.com/ws/!miniTicker@arr'),
  OKX_STREAM_URL: wsUrl('wss://ws.okx.com:8443/ws/v5/public'),
  BYBIT_STREAM_URL: wsUrl('wss://stream.bybit.com/v5/public/spot'),
  BYBIT_FUTURES_STREAM_URL: wsUrl('wss://stream.bybit.com/v5/public/linear'),
  KRAKEN_STREAM_URL: wsUrl('wss://ws.kraken.com/v2'),
  OKX_URL: httpUrl('https://www.okx.com'),
  BYBIT_URL: httpUrl('https://api.bybit.com'),
  KRAKEN_URL: httpUrl('https://api.kraken.com'),
  /** Empty: the demo or pro host, as COINGECKO_PRO says. */
  COINGECKO_URL: z.union([z.literal(''), httpUrlSchema]).default(''),
  /** A CoinGecko key (demo, or pro with COINGECKO_PRO=1): supplies and exchange trust scores. */
  COINGECKO_API_KEY: z.string().default(''),
  COINGECKO_PRO: z.enum(['', '0', '1']).default(''),
  /** How often the CoinGecko facts are refreshed (with a key and live sources). */
  COINGECKO_INTERVAL_MS: z.coerce
    .number()
    .int('must be whole milliseconds')
    .min(60_000)
    .max(86_400_000)
    .default(3_600_000),
  /**
   * CoinGecko exchange ids whose spot pairs come from CoinGecko (with a key and live sources):
   * exchanges none of SOURCES covers. Empty: none.
   */
  COINGECKO_EXCHANGES: z
    .string()
    .default('gdax,upbit,kucoin,gate,bitget,huobi')
    .transform((v) => [
      ...new Set(
        v
          .split(',')
          .map((s) => s.trim().toLowerCase())
          .filter(Boolean),
      ),
    ])
    .pipe(z.array(z.string().regex(/^[a-z0-9_.-]{1,64}$/, 'must be CoinGecko exchange ids such as gdax,kucoin'))),
  /**
   * How often those exchanges' pairs and every exchange's derivatives are asked of CoinGecko;
   * 0 turns both off. Unset: every 30 minutes, one exchange a time, on a demo key (its monthly
   * calls); every 2 minutes, all of them, with COINGECKO_PRO=1.
   */
  COINGECKO_MARKETS_MS: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce
      .number({ invalid_type_error: 'must be whole milliseconds' })
      .int('must be whole milliseconds')
      .refine((n) => n === 0 || (n >= 60_000 && n <= 86_400_000), 'must be 0 (off) or 60000–86400000')
      .optional(),
  ),
  /** A GitHub token (no scope needed) for repository activity: 4,000 requests an hour instead of 50. Never logged. */
  GITHUB_TOKEN: z.string().trim().default(''),
  /** GitHub's REST API (a test's fake upstream, or GitHub Enterprise's /api/v3). */
  GITHUB_URL: httpUrl('https://api.github.com'),
  /** How often the next few repositories' activity is asked of GitHub (the number per run follows from it). */
  GITHUB_INTERVAL_MS: z.coerce.number().int('must be whole milliseconds').min(60_000).max(86_400_000).default(600_000),
  /** On live data, how often the changes over 1 h–1 y, the 24-hour high and low and yesterday's open and close are derived from the price history. */
  FIGURES_INTERVAL_MS: z.coerce.number().int('must be whole milliseconds').min(1000).max(3_600_000).default(60_000),
  /** Milliseconds between two REST rounds of the market sources. */
  INGEST_INTERVAL_MS: z.coerce.number().int('must be whole milliseconds').min(1000).max(3_600_000).default(30_000),
  /**
   * How many coins (largest live volume first) get their price history from the sources' candles
   * (ingest/backfill.ts); unset: every coin with a spot pair on a source that serves them; 0: none.
   */
  BACKFILL_COINS: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce.number().int('must be a whole number').min(0).max(100_000).optional(),
  ),
  /** Candle requests a minute the backfill may make of a source, over its default (`okx=30,kraken=6`). */
  BACKFILL_PER_MINUTE: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((s) => /^\s*([a-z-]+)\s*=\s*(\d+)\s*$/.exec(s) ?? s.trim())
        .filter(Boolean),
    )
    .refine(
      (list) =>
        list.every(
          (m) => typeof m !== 'string' && SOURCE_NAMES.includes(m[1] as SourceName) && +m[2]! >= 1 && +m[2]! <= 1200,
        ),
      'must be a comma-separated list of source=requests a minute (1–1200), such as okx=30,kraken=6',
    )
    .transform(
      (list) => Object.fromEntries(list.map((m) => [m[1], Number(m[2])])) as Partial<Record<SourceName, number>>,
    ),
  /** Between REST rounds, WebSocket price updates are published at most this often; 0 turns the streams off. */
  STREAM_INTERVAL_MS: z.coerce
    .number()
    .int('must be whole milliseconds')
    .refine((n) => n === 0 || (n >= 500 && n <= 60_000), 'must be 0 (off) or 500–60000')
    .default(2000),
  /** A ticker not reported for this long is left out of prices; a source this late marks its numbers stale. */
  STALE_MS: z.coerce.number().int('must be whole milliseconds').min(5_000).max(86_400_000).default(STALE_MS_DEFAULT),
  /** How long LIVE=auto waits for a first answer from the sources before running the demo. */
  SOURCES_PROBE_MS: z.coerce.number().int('must be whole milliseconds').min(100).max(60_000).default(5_000),
  LIVE_INTERVAL_MS: z.coerce.number().int('must be whole milliseconds').min(200).max(3_600_000).default(3000),
  /**
   * Where fresh fiat rates come from when live sources are on (LIVE is not `off`): a JSON
   * answer of the open.er-api shape or the ECB's eurofxref-daily.xml. Empty: never fetched.
   */
  FIAT_RATES_URL: z.union([z.literal(''), httpUrlSchema]).default('https://open.er-api.com/v6/latest/USD'),
  /** Milliseconds a fiat-rates request may take before it is given up (the stored rates stay). */
  FIAT_RATES_TIMEOUT_MS: z.coerce.number().int('must be whole milliseconds').min(100).max(120_000).default(10_000),
  /** Where the daily crypto Fear & Greed index comes from (alternative.me's API, or a mirror of it). */
  FEAR_GREED_URL: httpUrl('https://api.alternative.me'),
  /** How often the Fear & Greed index is asked for (it changes once a day). */
  FEAR_GREED_INTERVAL_MS: z.coerce
    .number()
    .int('must be whole milliseconds')
    .min(60_000)
    .max(86_400_000)
    .default(3_600_000),
  /** Most live-price streams one client address may hold open (more: 429). */
  SSE_MAX_PER_CLIENT: z.coerce.number().int('must be a whole number').min(1).max(100_000).default(20),
  /** Most live-price streams the process holds open in all (more: 503). */
  SSE_MAX_STREAMS: z.coerce.number().int('must be a whole number').min(1).max(1_000_000).default(10_000),
  /** Most bytes (KB) a stream client may leave unread before it is dropped (it reconnects and resumes). */
  SSE_CLIENT_BUFFER_KB: z.coerce.number().int('must be whole kilobytes').min(16).max(16_384).default(128),
  /** Milliseconds between two runs of the Web Push notifier of new announcements. */
  NOTIFY_INTERVAL_MS: z.coerce.number().int('must be whole milliseconds').min(200).max(3_600_000).default(30_000),
  /**
   * Tests only: also accept push endpoints at http://127.0.0.1:<port> (the browser suite's fake
   * push service). Never set it on a public server: the server would POST to local addresses.
   */
  PUSH_LOOPBACK: z.enum(['', '0', '1']).default(''),
});

export type Config = z.infer<typeof schema> & { dataDir: string };

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Parses an environment object; throws ConfigError listing every bad variable. */
export function parseConfig(env: Record<string, string | undefined>): Config {
  const result = schema.safeParse(env);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}\nSee docs/configuration.md.`);
  }
  return { ...result.data, dataDir: path.resolve(result.data.DATA_DIR) };
}

let cached: Config | undefined;

/** The process configuration, parsed on first use. */
export function config(): Config {
  cached ??= parseConfig(process.env);
  return cached;
}

/**
 * The origin absolute links use: SITE_URL, else the address the server listens on. Never the
 * request's Host header, which a client chooses (and Astro does not trust without allowedDomains).
 * @example siteOrigin({ SITE_URL: 'https://coinlens.example/', HOST: '0.0.0.0', PORT: 80 }) // 'https://coinlens.example'
 */
export function siteOrigin(c: Pick<Config, 'SITE_URL' | 'HOST' | 'PORT'> = config()): string {
  if (c.SITE_URL) return new URL(c.SITE_URL).origin;
  const host = c.HOST === '0.0.0.0' || c.HOST === '::' ? 'localhost' : c.HOST;
  return `http://${host.includes(':') ? `[${host}]` : host}:${c.PORT}`;
}

/** The settings read from the environment (each documented in docs/configuration.md: a test checks). */
export const configKeys = (): string[] => Object.keys(schema.shape);
