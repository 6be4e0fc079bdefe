/** What every content seeder gets: the clock and the market rows content refers to. */
import { asc } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { coins, exchanges } from '../../db/schema/index.ts';
import { hashString, Rng } from '../random.ts';

export interface SeedCoin {
  id: string;
  symbol: string;
  name: string;
  rank: number | null;
}

export interface SeedExchange {
  id: number;
  name: string;
  displayName: string;
}

export interface ContentSeedContext {
  db: Db;
  /** Content timestamps end at `now` (the same clock as the market histories). */
  now: Date;
  /** Coins by market-cap rank, best first. */
  coins: SeedCoin[];
  /** Exchanges by rank, best first. */
  exchanges: SeedExchange[];
  /** A PRNG stream of its own per label, so areas do not shift each other's values. */
  rng(label: string): Rng;
}

export async function contentSeedContext(db: Db, now: Date): Promise<ContentSeedContext> {
  const coinRows = await db
    .select({ id: coins.id, symbol: coins.symbol, name: coins.name, rank: coins.rank })
    .from(coins)
    .orderBy(asc(coins.rank), asc(coins.id));
  const exchangeRows = await db
    .select({ id: exchanges.id, name: exchanges.name, displayName: exchanges.displayName })
    .from(exchanges)
    .orderBy(asc(exchanges.rank), asc(exchanges.id));
  return {
    db,
    now,
    coins: coinRows,
    exchanges: exchangeRows,
    rng: (label) => new Rng(hashString(`content:${label}`)),
  };
}
