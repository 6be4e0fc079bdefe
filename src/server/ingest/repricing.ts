/**
 * Which coins of an aggregation the live market (market.ts) reprices, and their ticks: a coin's
 * price is computed again only when one of its figures is newer than those of its last price.
 */
import type { Db } from '../db/index.ts';
import { DayAgoPrices } from '../realtime/dayAgo.ts';
import type { TickInput } from '../realtime/types.ts';
import { changePercent, DAY_MS } from '../realtime/walk.ts';
import { dec } from '../seed/decimal.ts';
import type { AggregateResult, CoinAggregate } from './aggregate.ts';

export class Repricing {
  private readonly dayAgo: DayAgoPrices;
  /**
   * Per coin symbol, the time of each of its pairs' figures (by source, market and instrument) when
   * its price was last published: a price is computed again only when one of them is newer.
   */
  private readonly basis = new Map<string, Map<string, number>>();

  constructor(db: Db) {
    this.dayAgo = new DayAgoPrices(db);
  }

  /**
   * The coins of an aggregation whose price may be published: those with a figure newer than the
   * ones their last published price was computed from (any fresh spot pair of theirs reported
   * later, or one not seen before). `commit` (once the new prices are written) remembers these
   * coins' figures as the basis of their new price.
   */
  withNewFigures(result: AggregateResult): { coins: Map<string, CoinAggregate>; commit: () => void } {
    const figures = new Map<string, Map<string, number>>();
    for (const r of result.tickers) {
      if (r.ticker.market !== 'spot' || r.excluded === 'stale') continue;
      const symbol = r.ticker.base.toUpperCase();
      if (!result.coins.has(symbol)) continue;
      const own = figures.get(symbol) ?? figures.set(symbol, new Map()).get(symbol)!;
      own.set(`${r.ticker.source}\u0000${r.ticker.instrument}`, r.ticker.at);
    }
    const coins = new Map<string, CoinAggregate>();
    for (const [symbol, coin] of result.coins) {
      const current = figures.get(symbol) ?? new Map<string, number>();
      const before = this.basis.get(symbol);
      if (before && ![...current].some(([key, at]) => !((before.get(key) ?? -Infinity) >= at))) continue;
      coins.set(symbol, coin);
    }
    return {
      coins,
      commit: () => coins.forEach((_, symbol) => this.basis.set(symbol, figures.get(symbol) ?? new Map())),
    };
  }

  /**
   * The ticks of aggregated coins, with `volumeMs` worth of their 24-hour volume, each saying when
   * the newest figure of its price was observed (never later than now: a source's clock may run ahead).
   */
  async ticksOf(
    coinsOut: Map<string, CoinAggregate>,
    bySymbol: Map<string, string>,
    now: number,
    volumeMs: number,
  ): Promise<TickInput[]> {
    const ticks: TickInput[] = [];
    const ids: string[] = [];
    for (const c of coinsOut.values()) {
      const id = bySymbol.get(c.symbol);
      if (id) ids.push(id);
    }
    const ago = await this.dayAgo.get(ids, now);
    for (const c of coinsOut.values()) {
      const coinId = bySymbol.get(c.symbol);
      if (!coinId) continue;
      const reference = ago.get(coinId);
      const price = Number(dec(c.priceUsd));
      ticks.push({
        coinId,
        price,
        // The change against the stored history when it reaches back a day, else the sources'.
        change24h: reference ? changePercent(price, reference) : c.change24h,
        at: now,
        dataAt: Math.min(c.at, now),
        volume: (c.volumeUsd * volumeMs) / DAY_MS,
        ownTickers: true,
      });
    }
    return ticks;
  }
}
