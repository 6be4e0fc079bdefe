/**
 * The markets of exchanges we have no adapter for, through CoinGecko: the spot pairs of the
 * exchanges in COINGECKO_EXCHANGES (`/exchanges/{id}/tickers`, their 100 busiest) and the
 * derivatives of every exchange (`/derivatives`). To the ingest it is one more ticker source,
 * so its pairs are aggregated, converted, marked stale or excluded and credited like any
 * exchange's; exchanges a configured adapter reports (Binance, OKX…) are left to the adapter.
 *
 * CoinGecko's demo plan allows about 10,000 calls a month, shared with the facts refresh
 * (facts.ts): so this source asks CoinGecko only every `refreshMs`, a few exchanges at a time in
 * turn, and between its refreshes hands every round the answers it keeps. Those carry the
 * times CoinGecko gave them, so a pair older than STALE_MS is marked stale and leaves the
 * prices, as it should; its volume and its place on the exchange's page stay.
 */
import { SourceError } from './http.ts';
import type { CoinGecko, GeckoExchangeTickers } from './coingecko.ts';
import { OUR_EXCHANGE_SLUGS } from './coingeckoNames.ts';
import type { ExchangeInfo, SourceState, SourceTicker, TickerSource } from './types.ts';

export interface CoinGeckoMarketsOptions {
  gecko: Pick<CoinGecko, 'exchangeTickers' | 'derivatives' | 'state'>;
  /** CoinGecko exchange ids whose spot pairs to follow ("gdax", "kucoin"…). */
  exchanges: string[];
  /** Our slugs of the exchanges the adapters report: CoinGecko's copy of them is not used. */
  skip: string[];
  /** Least time between two refreshes, ms. */
  refreshMs: number;
  /** How many of `exchanges` one refresh asks for, in turn (all: every one each time). */
  exchangesPerRefresh: number;
  /** Ask `/derivatives` at every refresh. */
  derivatives: boolean;
  /** The busiest derivatives kept across all exchanges (the list runs to thousands). */
  maxDerivatives?: number;
  now?: () => number;
  log?: (line: string) => void;
}

/** Names of the CoinGecko exchange ids of the default COINGECKO_EXCHANGES, for the methodology page. */
export const GECKO_EXCHANGE_NAMES: Record<string, string> = {
  gdax: 'Coinbase Exchange',
  upbit: 'Upbit',
  kucoin: 'KuCoin',
  gate: 'Gate',
  bitget: 'Bitget',
  huobi: 'HTX',
};

/**
 * How often CoinGecko's markets are asked, and how many exchanges a time: COINGECKO_MARKETS_MS,
 * else by plan. A demo key's 10,000 calls a month, beside the facts' ~9 an hour, leave room for
 * two calls every 30 minutes (one exchange and the derivatives); a pro key, all every 2 minutes.
 */
export function geckoMarketsPlan(c: {
  COINGECKO_MARKETS_MS?: number | undefined;
  COINGECKO_PRO: string;
  COINGECKO_EXCHANGES: string[];
}) {
  const pro = c.COINGECKO_PRO === '1';
  const refreshMs = c.COINGECKO_MARKETS_MS ?? (pro ? 120_000 : 1_800_000);
  const exchangesPerRefresh = pro ? c.COINGECKO_EXCHANGES.length : 1;
  /** How long one exchange waits between two of its refreshes. */
  const cycleMs = refreshMs * Math.ceil(c.COINGECKO_EXCHANGES.length / Math.max(1, exchangesPerRefresh));
  return { refreshMs, exchangesPerRefresh, cycleMs };
}

export class CoinGeckoMarkets implements TickerSource {
  readonly name = 'coingecko';
  /** Per CoinGecko exchange id: its last answer. */
  private readonly spot = new Map<string, GeckoExchangeTickers>();
  private derived: GeckoExchangeTickers[] = [];
  private nextAt = 0;
  private cursor = 0;
  private refreshing: Promise<void> | null = null;
  /** Refreshes in a row that got nothing (the wait before the next grows with them). */
  private failures = 0;
  /** Whether the last tickers() asked CoinGecko (and got something). */
  private renewed = false;

  constructor(private readonly o: CoinGeckoMarketsOptions) {}

  private now(): number {
    return (this.o.now ?? Date.now)();
  }

  state(): SourceState {
    return { ...this.o.gecko.state(), name: this.name };
  }

  /**
   * The exchanges its answers reported, and those it is configured for but has not asked about
   * yet (on a demo key one a time): the first start's replacement keeps their rows.
   */
  exchanges(): ExchangeInfo[] {
    const kept = this.kept().map((e) => e.exchange);
    const named = new Set(kept.map((e) => e.name));
    const skip = new Set(this.o.skip);
    const pending = this.o.exchanges
      .filter((id) => !this.spot.has(id))
      .map((id) => OUR_EXCHANGE_SLUGS[id] ?? id)
      .filter((name) => !named.has(name) && !skip.has(name))
      .map((name) => ({ name, displayName: name, website: null, hasFutures: false }));
    return [...kept, ...pending];
  }

  /** The kept answers, without the exchanges an adapter reports; spot and derivatives of one exchange as one. */
  private kept(): GeckoExchangeTickers[] {
    const skip = new Set(this.o.skip);
    const byName = new Map<string, GeckoExchangeTickers>();
    for (const entry of [...this.spot.values(), ...this.derived]) {
      if (skip.has(entry.exchange.name)) continue;
      const seen = byName.get(entry.exchange.name);
      if (!seen) byName.set(entry.exchange.name, entry);
      else
        byName.set(entry.exchange.name, {
          // The spot answer names the exchange as its own page does ("Coinbase Exchange").
          exchange: { ...seen.exchange, hasFutures: seen.exchange.hasFutures || entry.exchange.hasFutures },
          tickers: [...seen.tickers, ...entry.tickers],
        });
    }
    return [...byName.values()];
  }

  /**
   * Refreshes when due, then answers everything kept. A refresh that got nothing new throws
   * (the round logs it and keeps the last answer); one that got part keeps the rest as it was.
   */
  async tickers(signal?: AbortSignal): Promise<SourceTicker[]> {
    this.renewed = false;
    if (this.now() >= this.nextAt) {
      this.refreshing ??= this.refresh(signal).finally(() => (this.refreshing = null));
      await this.refreshing;
      this.renewed = true;
    }
    return this.kept().flatMap((e) => e.tickers);
  }

  refreshed(): boolean {
    return this.renewed;
  }

  private async refresh(signal?: AbortSignal): Promise<void> {
    const ids = this.o.exchanges;
    const count = Math.min(ids.length, Math.max(0, this.o.exchangesPerRefresh));
    const turn = Array.from({ length: count }, (_, i) => ids[(this.cursor + i) % ids.length]!);
    const errors: string[] = [];
    let answered = 0;
    // One at a time: the calls share the key's small per-minute budget with the facts refresh.
    for (const id of turn) {
      try {
        this.spot.set(id, await this.o.gecko.exchangeTickers(id, 1, signal));
        answered++;
      } catch (e) {
        errors.push((e as Error).message);
      }
    }
    if (this.o.derivatives) {
      try {
        this.derived = busiest(
          await this.o.gecko.derivatives(signal),
          new Set(this.o.skip),
          this.o.maxDerivatives ?? 1000,
        );
        answered++;
      } catch (e) {
        errors.push((e as Error).message);
      }
    }
    if (ids.length) this.cursor = (this.cursor + count) % ids.length;
    if (answered === 0 && errors.length) {
      // Asked again after 1, 2, 4… minutes, at most the usual interval: a failing CoinGecko must
      // not spend a month's calls (failed calls count against the plan too).
      this.failures++;
      this.nextAt = this.now() + Math.min(this.o.refreshMs, 60_000 * 2 ** (this.failures - 1));
      throw new SourceError(this.name, errors.join('; '));
    }
    this.failures = 0;
    this.nextAt = this.now() + this.o.refreshMs;
    for (const e of errors) this.o.log?.(`[ingest] ${e}`);
  }
}

/** The `max` busiest derivatives of the exchanges not skipped, by their USD volume. */
function busiest(all: GeckoExchangeTickers[], skip: Set<string>, max: number): GeckoExchangeTickers[] {
  const rows = all
    .filter((e) => !skip.has(e.exchange.name))
    .flatMap((e) => e.tickers)
    .sort(
      (a, b) =>
        (b.quoteVolume24h ?? 0) - (a.quoteVolume24h ?? 0) ||
        (a.exchange < b.exchange ? -1 : a.exchange > b.exchange ? 1 : 0),
    )
    .slice(0, max);
  const kept = new Set(rows);
  return all
    .map((e) => ({ exchange: e.exchange, tickers: e.tickers.filter((t) => kept.has(t)) }))
    .filter((e) => e.tickers.length > 0);
}
