// The ingest benchmark's measuring process (run by scripts/bench/ingest.mjs under tsx, since it
// drives the TypeScript market code directly): a fresh embedded database, seeded; then rounds of
// the live market over BENCH_INGEST_TICKERS synthetic exchange tickers (five sources), and rounds
// of the simulated market, each round timed with the database write that follows it (the
// realtime hub's TickWriter) and the event loop watched while it runs. Prints one JSON line.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { boot } from '../../src/server/boot.ts';
import { LiveMarket } from '../../src/server/ingest/market.ts';
import type { SourceState, SourceTicker, TickerSource } from '../../src/server/ingest/sources/types.ts';
import { TickWriter } from '../../src/server/realtime/persist.ts';
import { SimulatedMarket } from '../../src/server/realtime/simulator.ts';
import type { TickInput } from '../../src/server/realtime/types.ts';

const TICKERS = Number(process.env.BENCH_INGEST_TICKERS ?? 5000);
const ROUNDS = Number(process.env.BENCH_INGEST_ROUNDS ?? 10);
const WARMUP = 2;
const EXCHANGES = ['binance', 'okx', 'bybit', 'kraken', 'coinbase'];
const QUOTES = ['USDT', 'USDC', 'USD', 'BTC', 'EUR', 'FDUSD'];

/** One exchange's tickers: the DB's coins by rank over the quotes, prices moving a little each round. */
class SyntheticSource implements TickerSource {
  readonly name: string;
  readonly exchange: TickerSource['exchange'];
  private round = 0;
  constructor(
    name: string,
    private readonly pairs: { base: string; quote: string; usd: number }[],
  ) {
    this.name = name;
    this.exchange = {
      name,
      displayName: name[0]!.toUpperCase() + name.slice(1),
      website: `https://${name}.example`,
      hasFutures: false,
    };
  }
  async tickers(): Promise<SourceTicker[]> {
    const now = Date.now();
    const drift = 1 + (this.round++ % 7) / 1000;
    return this.pairs.map((p, i) => {
      const quoteUsd = p.quote === 'BTC' ? 60_000 : p.quote === 'EUR' ? 1.08 : 1;
      const last = (p.usd * drift * (1 + ((i % 13) - 6) / 10_000)) / quoteUsd;
      return {
        source: this.name,
        exchange: this.name,
        instrument: `${p.base}${p.quote}`,
        base: p.base,
        quote: p.quote,
        market: 'spot',
        contractType: null,
        expiry: null,
        last,
        open24h: last * 0.99,
        high24h: last * 1.01,
        low24h: last * 0.98,
        change24h: 1,
        baseVolume24h: 1000 + i,
        quoteVolume24h: (1000 + i) * last,
        bid: last * 0.9999,
        ask: last * 1.0001,
        at: now,
      };
    });
  }
  state(): SourceState {
    return {
      name: this.name,
      status: 'ok',
      lastSuccessAt: Date.now(),
      lastError: null,
      budget: { used: 0, limit: 1000, windowMs: 60_000 },
    };
  }
}

/** Times `round` (fetch + aggregate + write) ROUNDS times after a warm-up, watching the event loop. */
async function measure(round: () => Promise<void>) {
  for (let i = 0; i < WARMUP; i++) await round();
  const times: number[] = [];
  const stalls: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const h = monitorEventLoopDelay({ resolution: 1 });
    h.enable();
    const t0 = performance.now();
    await round();
    times.push(performance.now() - t0);
    h.disable();
    stalls.push(h.max / 1e6);
  }
  const median = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)]!;
  return {
    medianMs: median(times),
    maxMs: Math.max(...times),
    medianStallMs: median(stalls),
    maxStallMs: Math.max(...stalls),
  };
}

const booted = await boot({ role: 'tool', live: false, push: false, log: () => {} });
const db = booted.handle.db;
const coins = (
  (await db.execute(
    sql`select symbol, price::float8 as price from coins where price > 0 order by rank asc nulls last`,
  )) as unknown as {
    rows: { symbol: string; price: number }[];
  }
).rows;
const pairs = coins
  .flatMap((c) => QUOTES.map((quote) => ({ base: c.symbol.toUpperCase(), quote, usd: c.price })))
  .filter((p) => p.base !== p.quote);
const perSource = Math.ceil(TICKERS / EXCHANGES.length);
const sources = EXCHANGES.map(
  (name, n) =>
    new SyntheticSource(
      name,
      Array.from({ length: perSource }, (_, i) => pairs[(i + n * 37) % pairs.length]!),
    ),
);
const offered = sources.length * perSource;

const liveWriter = new TickWriter(db);
const live = new LiveMarket({ db, sources, intervalMs: 30_000, staleMs: 300_000, log: () => {} });
const liveResult = await measure(async () => {
  const ticks: TickInput[] = await live.round();
  await liveWriter.write(ticks);
});

const simWriter = new TickWriter(db);
const sim = new SimulatedMarket({ db, intervalMs: 2000 });
const simResult = await measure(async () => {
  await simWriter.write(await sim.nextRound());
});

await booted.shutdown();
console.log(
  JSON.stringify({ tickers: offered, coins: coins.length, rounds: ROUNDS, live: liveResult, sim: simResult }),
);
process.exit(0);
