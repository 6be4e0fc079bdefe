/** Writes a generated demo data set into the database, replacing the market tables. */
import { getTableName, like, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import {
  coinChainDaily,
  coinFlows,
  coinHolders,
  coinMilestones,
  coinRepos,
  coinTransfers,
  comments,
  exchangeBalances,
  exchangeFlows,
  users,
  coinConcepts,
  coinLinks,
  coinNames,
  coins,
  coinTags,
  concepts,
  exchanges,
  klines,
  marketSnapshots,
  rates,
  siteMeta,
  tags,
  tickers,
} from '../db/schema/index.ts';
import { sparkPath } from '../../lib/sparkline.ts';
import { DEMO_USERNAMES } from '../db/provenance.ts';
import { bulkInsert, bulkInsertStream } from './bulk.ts';
import type { DemoData } from './generate.ts';

/** A coin row with its list sparkline drawn from its price history (written together). */
function withSparkPath<T extends { sparkline7d?: number[] | null }>(
  coin: T,
): T & { sparklinePath: string | null; sparklineTrend: string | null } {
  const spark = sparkPath(coin.sparkline7d);
  return { ...coin, sparklinePath: spark?.d ?? null, sparklineTrend: spark?.trend ?? null };
}

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
async function clearMarketData(db: Db): Promise<void> {
  // Demo reviewers (their reviews cascade) and the coin-tab depth tables first.
  await db.delete(users).where(like(users.username, DEMO_USERNAMES));
  // Nothing references these tables, so TRUNCATE may empty them at once: far cheaper than a
  // DELETE of the ~100k ticker and kline rows (no dead tuples for autovacuum to clean up).
  const leaves = [
    coinFlows,
    exchangeFlows,
    coinHolders,
    coinChainDaily,
    coinTransfers,
    exchangeBalances,
    coinRepos,
    coinMilestones,
    tickers,
    klines,
    marketSnapshots,
    coinLinks,
    coinNames,
    coinTags,
    coinConcepts,
  ];
  await db.execute(sql.raw(`truncate ${leaves.map((t) => `"${getTableName(t)}"`).join(', ')}`));
  // Coins and exchanges are referenced by content (offerings, announcements …): DELETE keeps
  // those rows' own ON DELETE rules.
  for (const table of [tags, concepts, coins, exchanges, rates, siteMeta]) {
    await db.delete(table);
  }
}

export async function writeDemoData(db: Db, data: DemoData): Promise<SeedSummary> {
  await clearMarketData(db);
  const tagRows = await db.insert(tags).values(data.tags).returning({ id: tags.id, key: tags.slug });
  const conceptRows = await db
    .insert(concepts)
    .values(data.concepts)
    .returning({ id: concepts.id, key: concepts.slug });
  const tagId = idMap(tagRows);
  const conceptId = idMap(conceptRows);
  await bulkInsert(db, coins, data.coins.map(withSparkPath));
  await bulkInsert(db, coinLinks, data.coinLinks);
  await bulkInsert(db, coinNames, data.coinNames);
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
  // In slices: one statement binds 26 parameters per exchange, and PostgreSQL takes at most
  // 65,535 (SEED_COINS=20000 makes about 4,200 exchanges).
  const exchangeRows: { id: number; key: string }[] = [];
  for (let i = 0; i < data.exchanges.length; i += 1000) {
    exchangeRows.push(
      ...(await db
        .insert(exchanges)
        .values(data.exchanges.slice(i, i + 1000))
        .returning({ id: exchanges.id, key: exchanges.name })),
    );
  }
  const exchangeId = idMap(exchangeRows);
  await bulkInsert(
    db,
    tickers,
    data.tickers.map(({ exchange, ...t }) => ({ ...t, exchangeId: exchangeId(exchange) })),
  );
  const candles = await writeKlines(db, data);
  await writeDepth(db, data, exchangeId);
  await bulkInsert(db, rates, data.rates);
  await bulkInsert(db, siteMeta, data.siteMeta);
  return {
    coins: data.coins.length,
    exchanges: data.exchanges.length,
    tickers: data.tickers.length,
    klines: candles,
  };
}

/**
 * Every coin's candles (millions of rows at scale), then the market history summed from them.
 * The table was just emptied inside this transaction, so its key and foreign key are dropped
 * for the load and built once afterwards: one sort instead of a B-tree insert and a key check
 * per row, which halves the seed.
 */
async function writeKlines(db: Db, data: DemoData): Promise<number> {
  await db.execute(
    sql.raw(
      'alter table "klines" drop constraint "klines_coin_id_coins_id_fk", drop constraint "klines_coin_id_interval_open_time_pk"',
    ),
  );
  const written = await bulkInsertStream(db, klines, data.history.batches());
  await db.execute(
    sql.raw(
      'alter table "klines" add constraint "klines_coin_id_interval_open_time_pk" primary key ("coin_id", "interval", "open_time"), ' +
        'add constraint "klines_coin_id_coins_id_fk" foreign key ("coin_id") references "coins" ("id") on delete cascade',
    ),
  );
  await bulkInsert(db, marketSnapshots, data.history.snapshots());
  return written;
}

/** The coin-tab depth tables, demo users and their reviews. */
async function writeDepth(db: Db, data: DemoData, exchangeId: (key: string) => number): Promise<void> {
  await bulkInsert(db, coinFlows, data.coinFlows);
  await bulkInsert(
    db,
    exchangeFlows,
    data.exchangeFlows.map(({ exchange, ...f }) => ({ ...f, exchangeId: exchangeId(exchange) })),
  );
  await bulkInsert(
    db,
    coinHolders,
    data.coinHolders.map(({ exchange, ...h }) => ({
      ...h,
      exchangeId: exchange === null ? null : exchangeId(exchange),
    })),
  );
  await bulkInsert(db, coinChainDaily, data.coinChainDaily);
  await bulkInsert(db, coinTransfers, data.coinTransfers);
  await bulkInsert(
    db,
    exchangeBalances,
    data.exchangeBalances.map(({ exchange, ...b }) => ({ ...b, exchangeId: exchangeId(exchange) })),
  );
  await bulkInsert(db, coinRepos, data.coinRepos);
  await bulkInsert(db, coinMilestones, data.coinMilestones);
  const userRows = await db.insert(users).values(data.users).returning({ id: users.id, key: users.username });
  const userId = idMap(userRows);
  await bulkInsert(
    db,
    comments,
    data.comments.map(({ username, ...c }) => ({ ...c, userId: userId(username) })),
  );
}
