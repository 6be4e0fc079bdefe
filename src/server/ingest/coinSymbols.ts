/**
 * Coin ids by symbol for the live market (market.ts): the database's coins, looked up every ten
 * minutes, and the coins the sources trade that it lacks, added once they trade enough.
 */
import { asc, sql } from 'drizzle-orm';
import type { Db } from '../db/index.ts';
import { coins } from '../db/schema/index.ts';
import { dec } from '../seed/decimal.ts';
import type { AggregateResult } from './aggregate.ts';

/** A coin the database lacks is added when its pairs trade at least this much a day (USD). */
const NEW_COIN_MIN_VOLUME_USD = 1_000_000;

export class CoinSymbols {
  private coinIds: { at: number; bySymbol: Map<string, string> } | null = null;
  private readonly triedNew = new Set<string>();

  constructor(private readonly o: { db: Db; log?: (line: string) => void }) {}

  /** Looks the coins up again at the next call (coins were added or removed). */
  forget(): void {
    this.coinIds = null;
  }

  /**
   * Coins the sources trade that the database lacks (a listing newer than the seeded universe)
   * are added once they trade `NEW_COIN_MIN_VOLUME_USD` a day: named by their symbol, unranked,
   * unreviewed, without supply until the CoinGecko facts know them. The round is their first-seen
   * moment (`first_listed_at`, what /new-coins lists) and the exchange that traded most of them then
   * their first exchange. Returns the symbol map with them.
   */
  async withNewCoins(
    result: AggregateResult,
    bySymbol: Map<string, string>,
    now: number,
  ): Promise<Map<string, string>> {
    const fresh = [...result.coins.values()].filter(
      (c) =>
        !bySymbol.has(c.symbol) &&
        !this.triedNew.has(c.symbol) &&
        c.volumeUsd >= NEW_COIN_MIN_VOLUME_USD &&
        /^[A-Z0-9]{2,15}$/.test(c.symbol),
    );
    if (!fresh.length) return bySymbol;
    // Once per process: an id or name another coin holds is not tried (and logged) every round.
    for (const c of fresh) this.triedNew.add(c.symbol);
    const ids = fresh.map((c) => c.symbol.toLowerCase());
    const busiest = new Map<string, { exchange: string; volume: number }>();
    for (const r of result.tickers) {
      if (r.excluded !== null || r.ticker.market !== 'spot' || r.volumeUsd === null) continue;
      const symbol = r.ticker.base.toUpperCase();
      const best = busiest.get(symbol);
      if (!best || r.volumeUsd > best.volume) busiest.set(symbol, { exchange: r.ticker.exchange, volume: r.volumeUsd });
    }
    const seen = new Date(now).toISOString();
    await this.o.db.execute(sql`
      insert into coins (id, symbol, name, price, volume_24h, sources, price_at, updated_at, first_listed_at, first_exchange)
      select v.id, v.symbol, v.symbol, v.price, v.vol, string_to_array(v.src, ','), v.at, ${seen}::timestamptz, ${seen}::timestamptz,
             (select e.display_name from exchanges e where e.name = v.ex)
      from unnest(${sql.param(ids)}::text[], ${sql.param(fresh.map((c) => c.symbol))}::text[], ${sql.param(fresh.map((c) => dec(c.priceUsd)))}::numeric[],
                  ${sql.param(fresh.map((c) => dec(c.volumeUsd)))}::numeric[], ${sql.param(fresh.map((c) => c.sources.join(',')))}::text[],
                  ${sql.param(fresh.map((c) => new Date(Math.min(c.at, now)).toISOString()))}::timestamptz[],
                  ${sql.param(fresh.map((c) => busiest.get(c.symbol)?.exchange ?? null))}::text[]) as v(id, symbol, price, vol, src, at, ex)
      on conflict do nothing`);
    (this.o.log ?? console.error)(`[ingest] new coins from the sources: ${fresh.map((c) => c.symbol).join(', ')}`);
    this.coinIds = null;
    return this.coinsBySymbol(now);
  }

  /** Coin ids by upper-case symbol; the best-ranked coin wins a shared symbol. Ten minutes. */
  async coinsBySymbol(now: number): Promise<Map<string, string>> {
    if (this.coinIds && now - this.coinIds.at < 600_000) return this.coinIds.bySymbol;
    const rows = await this.o.db
      .select({ id: coins.id, symbol: coins.symbol })
      .from(coins)
      .orderBy(sql`${coins.rank} asc nulls last`, asc(coins.id));
    const bySymbol = new Map<string, string>();
    for (const r of rows) if (!bySymbol.has(r.symbol.toUpperCase())) bySymbol.set(r.symbol.toUpperCase(), r.id);
    this.coinIds = { at: now, bySymbol };
    return bySymbol;
  }
}
