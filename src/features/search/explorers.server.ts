import { asc, eq, sql } from 'drizzle-orm';
import { recogniseChainQuery, type ChainQuery } from '../../lib/chainQuery.ts';
import {
  explorerOffer,
  explorerOfUrl,
  KNOWN_EXPLORERS,
  type ExplorerCatalog,
  type ExplorerCoin,
  type ExplorerLink,
} from '../../lib/explorers.ts';
import type { Db } from '../../server/db/index.ts';
import { coinLinks, coins } from '../../server/db/schema/index.ts';
import { memo } from '../../server/db/cache.ts';

/**
 * The known block explorers some coin links to (its `explorer` links), each with those coins in
 * rank order, in the order of KNOWN_EXPLORERS. Explorer links change only with a seed or an
 * import, so a minute's memo is plenty.
 * @example await explorerCatalog(db) // [{ explorer: 'mempool', coins: [{ id: 'bitcoin', symbol: 'BTC', name: 'Bitcoin' }] }, …]
 */
export function explorerCatalog(db: Db): Promise<ExplorerCatalog> {
  return memo(db, 'explorerCatalog', 60_000, async () => {
    const rows = await db
      .select({ id: coins.id, symbol: coins.symbol, name: coins.name, url: coinLinks.url })
      .from(coinLinks)
      .innerJoin(coins, eq(coins.id, coinLinks.coinId))
      .where(eq(coinLinks.kind, 'explorer'))
      .orderBy(sql`${coins.rank} asc nulls last`, asc(coins.id));
    const byExplorer = new Map<string, ExplorerCoin[]>();
    for (const r of rows) {
      const known = explorerOfUrl(r.url);
      if (!known) continue;
      const list = byExplorer.get(known.id) ?? [];
      if (!list.some((c) => c.id === r.id)) list.push({ id: r.id, symbol: r.symbol, name: r.name });
      byExplorer.set(known.id, list);
    }
    return KNOWN_EXPLORERS.filter((e) => byExplorer.has(e.id)).map((e) => ({
      explorer: e.id,
      coins: byExplorer.get(e.id)!,
    }));
  });
}

/** What the search offers for a query that is an address or a hash; null for any other query. */
export async function explorerSearch(
  db: Db,
  raw: string,
): Promise<{ query: ChainQuery; links: ExplorerLink[] } | null> {
  const query = recogniseChainQuery(raw);
  if (!query) return null;
  return { query, links: explorerOffer(query, await explorerCatalog(db)) };
}
