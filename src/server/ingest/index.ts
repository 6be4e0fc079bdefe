/**
 * Which market runs: the boot module (web server) and `npm run ingest` (a separate worker) call
 * `startMarket`. LIVE=sources runs the configured exchange sources; LIVE=auto first gives them
 * SOURCES_PROBE_MS to answer (in the background: pages are served meanwhile) and falls back to
 * the simulated demo market when none does, as on a machine without network; it says which in
 * the log, and the header badge follows site_meta `data_source`.
 */
import type { Config, SourceName } from '../config.ts';
import type { Db } from '../db/index.ts';
import type { Realtime } from '../realtime/index.ts';
import { SimulatedMarket } from '../realtime/simulator.ts';
import { FactsRefresh } from './facts.ts';
import { HistoryFigures } from './figures.ts';
import { demoMarketPending, keepDemoMarket, LiveMarket } from './market.ts';
import { CoinGecko } from './sources/coingecko.ts';
import { CoinGeckoMarkets, geckoMarketsPlan } from './sources/coingeckoMarkets.ts';
import { BinanceFutures, BinanceSpot } from './sources/binance.ts';
import { Bybit } from './sources/bybit.ts';
import { Kraken } from './sources/kraken.ts';
import { Okx } from './sources/okx.ts';
import { exchangesOf, type SourceTicker, type TickerSource } from './sources/types.ts';

export { demoMarketPending } from './market.ts';

type SourcesConfig = Pick<
  Config,
  | 'SOURCES'
  | 'BINANCE_URL'
  | 'BINANCE_FUTURES_URL'
  | 'BINANCE_STREAM_URL'
  | 'BINANCE_FUTURES_STREAM_URL'
  | 'OKX_URL'
  | 'OKX_STREAM_URL'
  | 'BYBIT_URL'
  | 'BYBIT_STREAM_URL'
  | 'BYBIT_FUTURES_STREAM_URL'
  | 'KRAKEN_URL'
  | 'KRAKEN_STREAM_URL'
  | 'COINGECKO_PRO'
  | 'COINGECKO_EXCHANGES'
  | 'COINGECKO_MARKETS_MS'
>;

/**
 * The configured exchange sources, each on its (configurable) base URL; with a CoinGecko client
 * (a key is configured) also the markets of other exchanges through CoinGecko, unless
 * COINGECKO_MARKETS_MS is 0.
 */
export function createSources(
  c: SourcesConfig,
  gecko: CoinGecko | null = null,
  log?: (line: string) => void,
): TickerSource[] {
  const make: Record<SourceName, () => TickerSource> = {
    binance: () => new BinanceSpot({ baseUrl: c.BINANCE_URL, streamUrl: c.BINANCE_STREAM_URL }),
    'binance-futures': () =>
      new BinanceFutures({ baseUrl: c.BINANCE_FUTURES_URL, streamUrl: c.BINANCE_FUTURES_STREAM_URL }),
    okx: () => new Okx({ baseUrl: c.OKX_URL, streamUrl: c.OKX_STREAM_URL }),
    bybit: () =>
      new Bybit({ baseUrl: c.BYBIT_URL, streamUrl: c.BYBIT_STREAM_URL, futuresStreamUrl: c.BYBIT_FUTURES_STREAM_URL }),
    kraken: () => new Kraken({ baseUrl: c.KRAKEN_URL, streamUrl: c.KRAKEN_STREAM_URL }),
  };
  const sources = c.SOURCES.map((name) => make[name]());
  const { refreshMs, exchangesPerRefresh } = geckoMarketsPlan(c);
  if (gecko && refreshMs > 0) {
    const skip = sources.flatMap(exchangesOf).map((e) => e.name);
    sources.push(
      new CoinGeckoMarkets({
        gecko,
        exchanges: c.COINGECKO_EXCHANGES,
        skip,
        refreshMs,
        exchangesPerRefresh,
        derivatives: true,
        log,
      }),
    );
  }
  return sources;
}

/** The CoinGecko client, one per process so every call counts against one budget; null without a key. */
export function createGecko(
  c: Pick<Config, 'COINGECKO_URL' | 'COINGECKO_API_KEY' | 'COINGECKO_PRO'>,
): CoinGecko | null {
  if (!c.COINGECKO_API_KEY) return null;
  return new CoinGecko({
    baseUrl: c.COINGECKO_URL || undefined,
    apiKey: c.COINGECKO_API_KEY,
    pro: c.COINGECKO_PRO === '1',
  });
}

/** What LIVE=auto's probe learnt: the first source to answer (or null), and every answer asked for. */
interface ProbeResult {
  first: string | null;
  /** Per source name: its answer (or failure), for the first round to take instead of asking again. */
  asked: Map<string, Promise<SourceTicker[]>>;
}

/**
 * Asks every source for its tickers; resolves when the first answers within `ms`, or after `ms`.
 * Each source gets a timeout signal of its own: one shared by all collected an abort listener per
 * request and retry wait of every source (Node's MaxListenersExceededWarning at start).
 */
export async function probe(sources: TickerSource[], ms: number): Promise<ProbeResult> {
  const asked = new Map<string, Promise<SourceTicker[]>>();
  const answers = sources.map((s) => {
    const answer = s.tickers(AbortSignal.timeout(ms));
    asked.set(s.name, answer);
    answer.catch(() => {}); // looked at by Promise.any here, and by the first round later
    return answer.then((tickers) => {
      if (!tickers.length) throw new Error(`${s.name}: no tickers`);
      return s.name;
    });
  });
  try {
    return { first: await Promise.any(answers), asked };
  } catch {
    return { first: null, asked };
  }
}

interface StartMarketOptions {
  hub: Realtime;
  db: Db;
  config: Config;
  log: (line: string) => void;
  /** Tests: sources other than the configured ones. */
  sources?: TickerSource[];
  /** Tests: a facts refresh other than the configured one (null: none). */
  facts?: FactsRefresh | null;
}

/** CoinGecko's facts refresh when a key is configured (its keyless limit is too small to rely on). */
function createFacts(
  db: Db,
  c: Config,
  log: (line: string) => void,
  gecko: CoinGecko | null = createGecko(c),
): FactsRefresh | null {
  if (!gecko) return null;
  return new FactsRefresh({ db, gecko, intervalMs: c.COINGECKO_INTERVAL_MS, log });
}

/**
 * Adds the market to the running realtime hub per LIVE (auto, sources); returns when the choice
 * is made. LIVE=sim and off are handled by the hub itself.
 *
 * While the demo market seeded on first run is still there (demoMarketPending), the sources' first
 * round replaces it (LiveMarketOptions.replaceDemo) and this returns once that round is over, so
 * the first page served shows the sources' universe. Only that round: after it the demo market
 * stays for good, since pages are served and people may refer to its rows (a process that does
 * not run the sources now leaves the choice to the one that does).
 */
export async function startMarket(o: StartMarketOptions): Promise<'sources' | 'sim' | 'none'> {
  const { config: c, hub, db, log } = o;
  if (c.LIVE !== 'auto' && c.LIVE !== 'sources') return 'none';
  const gecko = createGecko(c);
  const sources = o.sources ?? createSources(c, gecko, log);
  const live = (asked: ProbeResult['asked'] | undefined, replaceDemo: boolean) =>
    new LiveMarket({
      db,
      sources,
      intervalMs: c.INGEST_INTERVAL_MS,
      staleMs: c.STALE_MS,
      streamIntervalMs: c.STREAM_INTERVAL_MS,
      backfill: c.BACKFILL_COINS === 0 ? undefined : { coins: c.BACKFILL_COINS, perMinute: c.BACKFILL_PER_MINUTE },
      log,
      asked,
      replaceDemo,
    });
  const run = async (why: string, asked?: ProbeResult['asked']) => {
    log(
      `[ingest] ${why}: market data from ${sources.map((s) => s.name).join(', ')}, every ${c.INGEST_INTERVAL_MS / 1000} s`,
    );
    const pending = await demoMarketPending(db);
    const market = live(asked, pending);
    await hub.addSource(market);
    if (pending && hub.isLeader) {
      // The round settles whatever the sources do: their requests have timeouts and bounded retries.
      await market.firstRound;
      await keepDemoMarket(db);
    }
    market.keepDemo();
    const facts = o.facts !== undefined ? o.facts : createFacts(db, c, log, gecko);
    if (facts) await hub.addSource(facts);
    else log('[ingest] no COINGECKO_API_KEY: supplies stay as seeded');
    await hub.addSource(new HistoryFigures({ db, intervalMs: c.FIGURES_INTERVAL_MS, log }));
    return 'sources' as const;
  };
  if (c.LIVE === 'sources') return run('LIVE=sources');
  const { first, asked } = sources.length
    ? await probe(sources, c.SOURCES_PROBE_MS)
    : { first: null, asked: undefined };
  if (first) return run(`LIVE=auto: ${first} answered`, asked);
  log(
    `[ingest] LIVE=auto: no market source answered within ${c.SOURCES_PROBE_MS} ms (no network?); running the simulated demo market`,
  );
  // A first start offline keeps its demo market for good: later starts need not wait for a probe.
  await keepDemoMarket(db);
  await hub.addSource(new SimulatedMarket({ db, intervalMs: c.LIVE_INTERVAL_MS }));
  return 'sim';
}

/**
 * Records the whole market's history (a snapshot of the coin list every five minutes) where the
 * market runs, simulated or live; LIVE=off records nothing (its numbers do not move).
 */
export async function startSnapshots(o: { hub: Realtime; db: Db; config: Config; log: (line: string) => void }) {
  if (o.config.LIVE === 'off') return;
  const { SnapshotRecorder } = await import('../../features/market/global/index.ts');
  await o.hub.addSource(new SnapshotRecorder({ db: o.db, log: o.log }));
}

/**
 * Adds the content ingest (news, flash news, announcements from the content sources), the daily
 * Fear & Greed index and the repositories' activity on GitHub to the hub:
 * it runs where the market runs (the realtime leader), unless CONTENT=off or LIVE=off. A broken
 * CONTENT_SOURCES file is logged and leaves the stored content as it is.
 */
export async function startContent(o: { hub: Realtime; db: Db; config: Config; log: (line: string) => void }) {
  const { config: c, log } = o;
  if (c.CONTENT === 'off' || c.LIVE === 'off') return null;
  const [{ contentSources }, { ContentIngest }, { notifyNewAnnouncements }] = await Promise.all([
    import('../../features/content/sources/index.ts'),
    import('./content/run.ts'),
    import('../notify/push.ts'),
  ]);
  let sources: ReturnType<typeof contentSources>;
  try {
    sources = contentSources();
  } catch (e) {
    log(`[content] ${(e as Error).message}; no content sources run`);
    return null;
  }
  const ingest = new ContentIngest({ db: o.db, sources, log, onAnnouncements: (db) => notifyNewAnnouncements(db) });
  log(`[content] ${sources.length} content sources: ${sources.map((s) => s.id).join(', ')}`);
  await o.hub.addSource(ingest);
  const { FearGreedRefresh } = await import('./fearGreed.ts');
  await o.hub.addSource(
    new FearGreedRefresh({ db: o.db, baseUrl: c.FEAR_GREED_URL, intervalMs: c.FEAR_GREED_INTERVAL_MS, log }),
  );
  const { createRepoActivity } = await import('./repos.ts');
  await o.hub.addSource(createRepoActivity(o.db, c, log));
  return ingest;
}
