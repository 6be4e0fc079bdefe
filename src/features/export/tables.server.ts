/**
 * The downloadable tables: what a table is, and the registry of them by name (the tables
 * themselves are in marketTables.server.ts and rankingTables.server.ts).
 */
import type { Db } from '../../server/db/index.ts';
import type { Page } from '../../server/db/numbers.ts';
import type { Translate } from '../../server/i18n/index.ts';
import type { View } from '../../server/view.ts';
import { coinMarkets, coins, exchangePairs, exchanges, hot, tickerTable } from './marketTables.server.ts';
import { offeringPlatforms, offeringTable, rank } from './rankingTables.server.ts';
import { newCoins, trending } from './trendingTables.server.ts';
import { coinHistoryTable } from './historyTables.server.ts';

/**
 * The tables a reader can download, each described once: how it reads the page's own query
 * (the same parser as the page), the same domain call, and its columns. Money columns are
 * numbers in the export's currency (the file says which); percentages are numbers in percent.
 */
export type ColumnKind = 'text' | 'integer' | 'number' | 'money' | 'percent';

export interface ExportColumn<R> {
  key: string;
  /** The table header's own locale key (or its text), so the file's header reads like the page's. */
  label: string | ((t: Translate) => string);
  kind: ColumnKind;
  value: (row: R, v: View, index: number) => string | number | null;
}

export interface ExportTable<R> {
  name: string;
  /** The page the table is on (without a locale prefix), for the file's provenance. */
  pagePath: (params: URLSearchParams) => string;
  /**
   * Reads the page's query and returns a fetcher of one page of rows, in the page's size unless
   * `size` is given (the all-pages export walks the pages at the largest size). Without a size in
   * the query, the list's default (src/lib/pageSizes.ts): the pages write the size they show.
   */
  prepare: (
    db: Db,
    params: URLSearchParams,
  ) => Promise<{
    page: number;
    size: number;
    fetch: (page: number, size: number) => Promise<Page<R>>;
    columns?: ExportColumn<R>[];
  } | null>;
  /** Rows whose prices also set a crypto currency's rate (the coin list: bitcoin in BTC is 1). */
  alignsRates?: boolean;
  columns: ExportColumn<R>[];
}
export const EXPORT_TABLES = {
  coins,
  exchanges,
  pairs: tickerTable('pairs', 'spot', '/pairs'),
  futures: tickerTable('futures', 'futures', '/futures'),
  rank,
  hot,
  trending,
  'new-coins': newCoins,
  offerings: offeringTable('offerings', '/ieo', false),
  'offering-roi': offeringTable('offering-roi', '/ieo/ieo-roi', true),
  'offering-platforms': offeringPlatforms,
  'coin-markets': coinMarkets,
  'coin-history': coinHistoryTable,
  'exchange-pairs': exchangePairs,
} as const;

export type ExportTableName = keyof typeof EXPORT_TABLES;

export function exportTable(name: string): ExportTable<unknown> | undefined {
  return Object.hasOwn(EXPORT_TABLES, name)
    ? (EXPORT_TABLES[name as ExportTableName] as unknown as ExportTable<unknown>)
    : undefined;
}
