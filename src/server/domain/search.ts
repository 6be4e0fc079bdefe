import { asc, sql } from 'drizzle-orm';
import type { Db } from '../db/index.ts';
import { coins, exchanges } from '../db/schema/index.ts';
import type { QuickSearchItem } from '../../lib/search.ts';

/** Every coin as a quick-search item, by market-cap rank. */
export async function quickSearchCoins(db: Db): Promise<QuickSearchItem[]> {
  const rows = await db
    .select({ id: coins.id, symbol: coins.symbol, name: coins.name, platform: coins.platform })
    .from(coins)
    .orderBy(sql`${coins.rank} asc nulls last`, asc(coins.id));
  return rows.map((r) => ({
    id: r.id,
    symbol: r.symbol,
    name: r.name,
    keys: [r.name.replace(/\s+/g, ''), ...(r.platform ? [r.platform] : [])],
  }));
}

/** Every exchange as a quick-search item, by volume rank. */
export async function quickSearchExchanges(db: Db): Promise<QuickSearchItem[]> {
  const rows = await db
    .select({ name: exchanges.name, displayName: exchanges.displayName, type: exchanges.type })
    .from(exchanges)
    .orderBy(sql`${exchanges.rank} asc nulls last`, asc(exchanges.name));
  return rows.map((r) => ({
    id: r.name,
    symbol: r.displayName,
    name: r.displayName,
    keys: [r.displayName.replace(/[\s.]+/g, ''), r.type],
  }));
}
