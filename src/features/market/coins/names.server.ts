/**
 * Localised coin names (比特币, 비트코인): one small table read once a minute per process,
 * applied where a name is rendered (the view's `coinName`, the API's `localName`), so the
 * queries of every list keep returning the English name and their caches stay language-free.
 */
import type { Locale } from '../../../lib/i18n/index.ts';
import type { Db } from '../../../server/db/index.ts';
import { coinNames } from '../../../server/db/schema/index.ts';
import { memo } from '../../../server/db/cache.ts';

/** locale → coin id → name. */
type CoinNameBook = ReadonlyMap<string, ReadonlyMap<string, string>>;

async function loadCoinNames(db: Db): Promise<CoinNameBook> {
  const rows = await db.select().from(coinNames);
  const book = new Map<string, Map<string, string>>();
  for (const r of rows) {
    let names = book.get(r.locale);
    if (!names) book.set(r.locale, (names = new Map()));
    names.set(r.coinId, r.name);
  }
  return book;
}

/** The book, memoised for a minute (a reseed or an edit shows within that). */
export function coinNameBook(db: Db): Promise<CoinNameBook> {
  return memo(db, 'coin-names', 60_000, () => loadCoinNames(db));
}

/** The coin's name in `locale`, or null when it has none there (English: always null). */
export function localCoinName(book: CoinNameBook, locale: Locale | string, id: string): string | null {
  return book.get(locale)?.get(id) ?? null;
}

/**
 * Adds `localName` (the name in `locale`, or null) to API rows that carry a coin `id` and
 * English `name`, so a client renders the same names as the pages.
 */
export async function withLocalNames<T extends { id: string }>(
  db: Db,
  locale: Locale,
  rows: readonly T[],
): Promise<(T & { localName: string | null })[]> {
  const book = await coinNameBook(db);
  return rows.map((r) => ({ ...r, localName: localCoinName(book, locale, r.id) }));
}
