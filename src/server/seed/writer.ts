/** Writes a generated demo data set into the database, replacing the market tables. */
import type { Db } from '../db/client.ts';
import {
  coinConcepts,
  coinLinks,
  coins,
  coinTags,
  concepts,
  exchanges,
  klines,
  rates,
  siteMeta,
  tags,
  tickers,
} from '../db/schema/index.ts';
import { bulkInsert } from './bulk.ts';
import type { DemoData } from './generate.ts';

export type SeedSummary = { coins: number; exchanges: number; tickers: number; klines: number };

function idMap(rows: { id: number; key: string }[]): (key: string) => number {
  const map = new Map(rows.map((r) => [r.key, r.id]));
  return (key) => {
    const id = map.get(key);
    if (id === undefined) throw new Error(`seed: unknown reference ${key}`);
    return id;
  };
}

/** Deletes the market data in foreign-key order (other tables cascade or set null). */
export async function clearMarketData(db: Db): Promise<void> {
  for (const table of [tickers, klines, coinLinks, coinTags, coinConcepts, tags, concepts, coins, exchanges, rates, siteMeta]) {
    await db.delete(table);
  }
}

export async function writeDemoData(db: Db, data: DemoData): Promise<SeedSummary> {
  await clearMarketData(db);
  const tagRows = await db.insert(tags).values(data.tags).returning({ id: tags.id, key: tags.slug });
  const conceptRows = await db.insert(concepts).values(data.concepts).returning({ id: concepts.id, key: concepts.slug });
  const tagId = idMap(tagRows);
  const conceptId = idMap(conceptRows);
  await bulkInsert(db, coins, data.coins);
  await bulkInsert(db, coinLinks, data.coinLinks);
  await bulkInsert(
    db,
    coinTags,
    data.coinTags.map((t) => ({ coinId: t.coinId, tagId: tagId(t.tagSlug) })),
  );
  await bulkInsert(
    db,
    coinConcepts,
    data.coinConcepts.map((c) => ({ coinId: c.coinId, conceptId: conceptId(c.conceptSlug) })),
  );
  const exchangeRows = await db.insert(exchanges).values(data.exchanges).returning({ id: exchanges.id, key: exchanges.name });
  const exchangeId = idMap(exchangeRows);
  await bulkInsert(
    db,
    tickers,
    data.tickers.map(({ exchange, ...t }) => ({ ...t, exchangeId: exchangeId(exchange) })),
  );
  await bulkInsert(db, klines, data.klines);
  await bulkInsert(db, rates, data.rates);
  await bulkInsert(db, siteMeta, data.siteMeta);
  return {
    coins: data.coins.length,
    exchanges: data.exchanges.length,
    tickers: data.tickers.length,
    klines: data.klines.length,
  };
}
