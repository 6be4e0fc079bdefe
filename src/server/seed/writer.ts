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
import type { DemoData } from './generate.ts';

export type SeedSummary = { coins: number; exchanges: number; tickers: number; klines: number };

/** Rows per INSERT statement. */
const BATCH = 500;

async function insertAll<T>(rows: readonly T[], insert: (batch: T[]) => Promise<unknown>, size = BATCH): Promise<void> {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

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
  await insertAll(data.coins, (b) => db.insert(coins).values(b), 250);
  await insertAll(data.coinLinks, (b) => db.insert(coinLinks).values(b));
  await insertAll(
    data.coinTags.map((t) => ({ coinId: t.coinId, tagId: tagId(t.tagSlug) })),
    (b) => db.insert(coinTags).values(b),
  );
  await insertAll(
    data.coinConcepts.map((c) => ({ coinId: c.coinId, conceptId: conceptId(c.conceptSlug) })),
    (b) => db.insert(coinConcepts).values(b),
  );
  const exchangeRows = await db.insert(exchanges).values(data.exchanges).returning({ id: exchanges.id, key: exchanges.name });
  const exchangeId = idMap(exchangeRows);
  await insertAll(
    data.tickers.map(({ exchange, ...t }) => ({ ...t, exchangeId: exchangeId(exchange) })),
    (b) => db.insert(tickers).values(b),
  );
  await insertAll(data.klines, (b) => db.insert(klines).values(b), 1000);
  await db.insert(rates).values(data.rates);
  await db.insert(siteMeta).values(data.siteMeta);
  return {
    coins: data.coins.length,
    exchanges: data.exchanges.length,
    tickers: data.tickers.length,
    klines: data.klines.length,
  };
}
