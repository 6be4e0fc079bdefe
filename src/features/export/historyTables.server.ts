/** A coin's historical data (/coin/{id}/historical-data): its daily candles in the page's date range. */
import { MARKET_RATE_COINS } from '../../lib/money.ts';
import { readPage } from '../../lib/pagination.ts';
import { coinIconInfo } from '../market/coins/index.ts';
import { atDayRate, coinHistory, HISTORY_PAGE_SIZE, readHistoryRange, type HistoryDay } from '../market/coin/index.ts';
import type { ExportColumn, ExportTable } from './tables.server.ts';

/** A USD figure of the day in the file's currency, at that day's rate in a crypto currency (as the page shows it). */
const money =
  (pick: (d: HistoryDay) => number | null): ExportColumn<HistoryDay>['value'] =>
  (d, v) =>
    v.money.convert(atDayRate(pick(d), d.quoteClose, v.money.convert(1)));

export const coinHistoryTable: ExportTable<HistoryDay> = {
  name: 'coin-history',
  pagePath: (params) => `/coin/${encodeURIComponent(params.get('coin') ?? '')}/historical-data`,
  prepare: async (db, params) => {
    const coin = params.get('coin') ?? '';
    const range = readHistoryRange(params.get('from'), params.get('to'));
    // A range the page refuses has no table to download: 404, like a missing coin.
    if (!coin || range.problem || !(await coinIconInfo(db, coin))) return null;
    const { page, size } = readPage(params, HISTORY_PAGE_SIZE);
    const quote = MARKET_RATE_COINS[params.get('currency')?.toUpperCase() ?? ''] ?? null;
    return {
      page,
      size,
      fetch: (p, s) => coinHistory(db, coin, { from: range.from, to: range.to, page: p, size: s, quote }),
    };
  },
  columns: [
    { key: 'date', label: 'coinTabs.history.date', kind: 'text', value: (d) => d.date },
    { key: 'open', label: 'kline.open', kind: 'money', value: money((d) => d.open) },
    { key: 'high', label: 'kline.high', kind: 'money', value: money((d) => d.high) },
    { key: 'low', label: 'kline.low', kind: 'money', value: money((d) => d.low) },
    { key: 'close', label: 'kline.close', kind: 'money', value: money((d) => d.close) },
    { key: 'volume', label: 'coinTabs.history.volume', kind: 'money', value: money((d) => d.volume) },
    { key: 'marketCap', label: 'coin.marketCap', kind: 'money', value: money((d) => d.marketCap) },
  ],
};
