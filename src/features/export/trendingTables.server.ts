/** The highlight lists: /trending (views in 24 hours, or the hot score it fell back to) and /new-coins. */
import { coinLabelText } from '../../lib/coinLabel.ts';
import { parseListPage, readListQuery } from '../../lib/listQuery.ts';
import {
  listNewCoins,
  listTrending,
  NEW_COINS_PAGE_SIZE,
  TRENDING_PAGE_SIZE,
  type NewCoin,
  type TrendingCoin,
} from '../market/trending/index.ts';
import type { ExportTable } from './tables.server.ts';

export const trending: ExportTable<TrendingCoin> = {
  name: 'trending',
  pagePath: () => '/trending',
  alignsRates: true,
  prepare: async (db, params) => {
    const { size } = readListQuery(params, [], [], TRENDING_PAGE_SIZE);
    // One moment for every page of the file, so the estimate does not move between them.
    const now = Date.now();
    return {
      page: parseListPage(params.get('page') ?? '1') ?? 1,
      size,
      fetch: (page, pageSize) => listTrending(db, { page, size: pageSize, now }),
    };
  },
  columns: [
    { key: 'position', label: 'export.rowNumber', kind: 'integer', value: (c) => c.position },
    { key: 'name', label: 'coin.name', kind: 'text', value: (c, v) => coinLabelText(v, c) },
    { key: 'symbol', label: 'export.symbol', kind: 'text', value: (c) => c.symbol },
    { key: 'price', label: 'coin.price', kind: 'money', value: (c, v) => v.money.convert(c.price) },
    { key: 'change24h', label: 'coin.change24h', kind: 'percent', value: (c) => c.change24h },
    { key: 'marketCap', label: 'coin.marketCap', kind: 'money', value: (c, v) => v.money.convert(c.marketCap) },
    // One of the two is set: views while the list ranks by them, the hot score while it falls back.
    { key: 'views24h', label: 'trending.colViews', kind: 'number', value: (c) => c.views },
    { key: 'hotScore', label: 'trending.colScore', kind: 'number', value: (c) => c.hotScore },
  ],
};

export const newCoins: ExportTable<NewCoin> = {
  name: 'new-coins',
  pagePath: () => '/new-coins',
  alignsRates: true,
  prepare: async (db, params) => {
    const { size } = readListQuery(params, [], [], NEW_COINS_PAGE_SIZE);
    return {
      page: parseListPage(params.get('page') ?? '1') ?? 1,
      size,
      fetch: (page, pageSize) => listNewCoins(db, { page, size: pageSize }),
    };
  },
  columns: [
    { key: 'position', label: 'export.rowNumber', kind: 'integer', value: (c) => c.position },
    { key: 'name', label: 'coin.name', kind: 'text', value: (c, v) => coinLabelText(v, c) },
    { key: 'symbol', label: 'export.symbol', kind: 'text', value: (c) => c.symbol },
    // The hour where it is known, else the day.
    {
      key: 'added',
      label: 'newCoins.colAdded',
      kind: 'text',
      value: (c) => (c.addedPrecision === 'time' ? c.addedAt : c.addedAt.slice(0, 10)),
    },
    {
      key: 'firstExchange',
      label: 'newCoins.colFirstExchange',
      kind: 'text',
      value: (c) => c.firstExchange?.displayName ?? null,
    },
    { key: 'price', label: 'coin.price', kind: 'money', value: (c, v) => v.money.convert(c.price) },
    { key: 'change24h', label: 'coin.change24h', kind: 'percent', value: (c) => c.change24h },
    { key: 'marketCap', label: 'coin.marketCap', kind: 'money', value: (c, v) => v.money.convert(c.marketCap) },
  ],
};
