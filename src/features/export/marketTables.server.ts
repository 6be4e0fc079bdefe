/** The market tables: the coin, exchange, pair and hot lists, and the pairs of a coin or an exchange. */
import { parseListPage, readListQuery } from '../../lib/listQuery.ts';
import { LIST_SIZES } from '../../lib/pageSizes.ts';
import { readMarketTabQuery, readTickerQuery } from '../../lib/tickerQuery.ts';
import { EXCHANGE_SORTS, getExchange, listExchanges, type ExchangeSummary } from '../market/exchanges/index.ts';
import { coinIconInfo, COIN_FILTERS, COIN_SORTS, listCoins, type CoinSummary } from '../market/coins/index.ts';
import { listTickers, quoteSymbols, TICKER_SORTS, type TickerRow } from '../market/pairs/index.ts';
import { HOT_SORTS, listHotCoins, type HotCoin } from '../market/rankings/index.ts';
import { DomainError } from '../../server/api/errors.ts';
import { coinLabelText } from '../../lib/coinLabel.ts';
import type { ExportColumn, ExportTable } from './tables.server.ts';

export const coins: ExportTable<CoinSummary> = {
  name: 'coins',
  pagePath: (params) => `/coin/list_${parseListPage(params.get('page') ?? '1') ?? 1}`,
  alignsRates: true,
  prepare: async (db, params) => {
    const q = readListQuery(params, COIN_SORTS, COIN_FILTERS, LIST_SIZES.coins);
    return {
      page: parseListPage(params.get('page') ?? '1') ?? 1,
      size: q.size,
      fetch: (page, size) => listCoins(db, { ...q, page, size }),
    };
  },
  columns: [
    { key: 'rank', label: 'coin.rank', kind: 'integer', value: (c) => c.rank },
    { key: 'name', label: 'coin.name', kind: 'text', value: (c, v) => coinLabelText(v, c) },
    { key: 'symbol', label: 'export.symbol', kind: 'text', value: (c) => c.symbol },
    { key: 'price', label: 'coin.price', kind: 'money', value: (c, v) => v.money.convert(c.price) },
    { key: 'change24h', label: 'coin.change24h', kind: 'percent', value: (c) => c.change24h },
    { key: 'change7d', label: 'coin.change7d', kind: 'percent', value: (c) => c.change7d },
    { key: 'marketCap', label: 'coin.marketCap', kind: 'money', value: (c, v) => v.money.convert(c.marketCap) },
    { key: 'volume24h', label: 'coin.volume24h', kind: 'money', value: (c, v) => v.money.convert(c.volume24h) },
    { key: 'circulatingSupply', label: 'coin.circulatingSupply', kind: 'number', value: (c) => c.circulatingSupply },
  ],
};

const exchangeTypes = ['CEX', 'DEX'] as const;
export const exchanges: ExportTable<ExchangeSummary> = {
  name: 'exchanges',
  pagePath: (params) => `/exchange/list_${parseListPage(params.get('page') ?? '1') ?? 1}`,
  prepare: async (db, params) => {
    const q = readListQuery(params, EXCHANGE_SORTS, exchangeTypes, LIST_SIZES.exchanges);
    return {
      page: parseListPage(params.get('page') ?? '1') ?? 1,
      size: q.size,
      fetch: (page, size) => listExchanges(db, { page, size, sort: q.sort, order: q.order, type: q.filter }),
    };
  },
  columns: [
    { key: 'rank', label: 'exchange.rank', kind: 'integer', value: (e) => e.rank },
    { key: 'name', label: 'exchange.name', kind: 'text', value: (e) => e.displayName },
    {
      key: 'expectedVolume',
      label: 'exchange.expectedVolume',
      kind: 'money',
      value: (e, v) => v.money.convert(e.expectedVolume24h),
    },
    {
      key: 'reportedVolume',
      label: 'exchange.reportedVolume',
      kind: 'money',
      value: (e, v) => v.money.convert(e.reportedVolume24h),
    },
    { key: 'pairCount', label: 'exchange.pairCount', kind: 'integer', value: (e) => e.pairCount },
    { key: 'coinCount', label: 'exchange.coinCount', kind: 'integer', value: (e) => e.coinCount },
    { key: 'monthlyVisits', label: 'exchange.monthlyVisits', kind: 'integer', value: (e) => e.monthlyVisits },
    { key: 'starRating', label: 'exchange.starRating', kind: 'number', value: (e) => e.starRating },
    {
      key: 'type',
      label: 'exchange.type',
      kind: 'text',
      value: (e, v) => (e.type === 'CEX' ? v.t('exchange.cex') : v.t('exchange.dex')),
    },
    { key: 'country', label: 'exchange.country', kind: 'text', value: (e) => e.country },
  ],
};

export function tickerTable(name: string, market: 'spot' | 'futures', path: string): ExportTable<TickerRow> {
  return {
    name,
    pagePath: () => path,
    prepare: async (db, params) => {
      const quotes = market === 'spot' ? await quoteSymbols(db, 'spot') : [];
      const q = readTickerQuery(params, market, TICKER_SORTS, quotes);
      return {
        page: q.page,
        size: q.size,
        fetch: (page, size) =>
          listTickers(db, {
            page,
            size,
            market,
            sort: q.sort,
            order: q.order,
            quote: q.quote,
            contractType: q.contract,
          }),
      };
    },
    columns: [
      { key: 'rank', label: 'export.rowNumber', kind: 'integer', value: (_k, _v, i) => i + 1 },
      { key: 'coin', label: 'coin.name', kind: 'text', value: (k) => k.coinName },
      { key: 'pair', label: 'exchange.pair', kind: 'text', value: (k, v) => v.pair(k.pair) },
      { key: 'exchange', label: 'exchange.name', kind: 'text', value: (k) => k.exchangeDisplayName },
      { key: 'price', label: 'coin.price', kind: 'money', value: (k, v) => v.money.convert(k.price) },
      { key: 'change24h', label: 'coin.change24h', kind: 'percent', value: (k) => k.change24h },
      { key: 'volume24h', label: 'coin.volume24h', kind: 'money', value: (k, v) => v.money.convert(k.volume24h) },
      { key: 'spread', label: 'exchange.spread', kind: 'percent', value: (k) => k.spread },
    ],
  };
}
export const hot: ExportTable<HotCoin> = {
  name: 'hot',
  pagePath: () => '/hot',
  alignsRates: true,
  prepare: async (db, params) => {
    const { size, sort, order } = readListQuery(params, HOT_SORTS, [], LIST_SIZES.hot);
    return {
      page: parseListPage(params.get('page') ?? '1') ?? 1,
      size,
      fetch: (page, pageSize) => listHotCoins(db, { page, size: pageSize, sort, order }),
    };
  },
  columns: [
    { key: 'position', label: 'export.rowNumber', kind: 'integer', value: (c) => c.position },
    { key: 'name', label: 'coin.name', kind: 'text', value: (c, v) => coinLabelText(v, c) },
    { key: 'symbol', label: 'export.symbol', kind: 'text', value: (c) => c.symbol },
    { key: 'price', label: 'coin.price', kind: 'money', value: (c, v) => v.money.convert(c.price) },
    { key: 'change24h', label: 'coin.change24h', kind: 'percent', value: (c) => c.change24h },
    { key: 'turnover', label: 'hot.colTurnover', kind: 'percent', value: (c) => c.turnover },
    { key: 'netflow1d', label: 'hot.colInflow', kind: 'money', value: (c, v) => v.money.convert(c.netflow1d) },
    { key: 'inflowShare', label: 'export.inflowShare', kind: 'percent', value: (c) => c.inflowShare },
    { key: 'volume24h', label: 'coin.volume24h', kind: 'money', value: (c, v) => v.money.convert(c.volume24h) },
    { key: 'score', label: 'hot.colScore', kind: 'number', value: (c) => c.score },
  ],
};
/** Ticker columns both detail pages show: pair, price, change, volume, share, spread. */
const tickerFigures: ExportColumn<TickerRow>[] = [
  { key: 'pair', label: 'exchange.pair', kind: 'text', value: (k, v) => v.pair(k.pair) },
  {
    key: 'market',
    label: 'export.market',
    kind: 'text',
    value: (k, v) => v.t(k.market === 'futures' ? 'market.futures' : 'market.spot'),
  },
  { key: 'price', label: 'coin.price', kind: 'money', value: (k, v) => v.money.convert(k.price) },
  { key: 'change24h', label: 'coin.change24h', kind: 'percent', value: (k) => k.change24h },
  { key: 'volume24h', label: 'coin.volume24h', kind: 'money', value: (k, v) => v.money.convert(k.volume24h) },
  { key: 'share', label: 'exchange.volumeShare', kind: 'percent', value: (k) => k.share },
  { key: 'spread', label: 'exchange.spread', kind: 'percent', value: (k) => k.spread },
  {
    key: 'depthPlus1',
    label: 'coinTabs.market.depthPlus',
    kind: 'money',
    value: (k, v) => v.money.convert(k.depthPlus1),
  },
  {
    key: 'depthMinus1',
    label: 'coinTabs.market.depthMinus',
    kind: 'money',
    value: (k, v) => v.money.convert(k.depthMinus1),
  },
];

/** A coin's market tab (/coin/{id}/market): its pairs on every exchange, in the tab's filter and sort. */
export const coinMarkets: ExportTable<TickerRow> = {
  name: 'coin-markets',
  pagePath: (params) => `/coin/${encodeURIComponent(params.get('coin') ?? '')}/market`,
  prepare: async (db, params) => {
    const coin = params.get('coin') ?? '';
    if (!coin || !(await coinIconInfo(db, coin))) return null;
    const q = readMarketTabQuery(params, TICKER_SORTS);
    return {
      page: q.page,
      size: q.size,
      fetch: (page, size) => listTickers(db, { coin, page, size, sort: q.sort, order: q.order, market: q.market }),
    };
  },
  columns: [
    { key: 'rank', label: 'export.rowNumber', kind: 'integer', value: (_k, _v, i) => i + 1 },
    { key: 'exchange', label: 'exchange.name', kind: 'text', value: (k) => k.exchangeDisplayName },
    ...tickerFigures,
  ],
};

/** An exchange's pair table (/exchange/{name}): its pairs, in the page's filter (spot or futures) and sort. */
export const exchangePairs: ExportTable<TickerRow> = {
  name: 'exchange-pairs',
  pagePath: (params) => `/exchange/${encodeURIComponent(params.get('exchange') ?? '')}`,
  prepare: async (db, params) => {
    let exchange: string;
    try {
      exchange = (await getExchange(db, params.get('exchange') ?? '')).name;
    } catch (e) {
      if (e instanceof DomainError && e.status === 404) return null;
      throw e;
    }
    const q = readListQuery(params, TICKER_SORTS, ['spot', 'futures'] as const, LIST_SIZES['exchange-pairs']);
    const page = parseListPage(params.get('page') ?? '1') ?? 1;
    return {
      page,
      size: q.size,
      fetch: (p, size) => listTickers(db, { page: p, size, exchange, market: q.filter, sort: q.sort, order: q.order }),
    };
  },
  columns: [
    { key: 'rank', label: 'export.rowNumber', kind: 'integer', value: (_k, _v, i) => i + 1 },
    { key: 'coin', label: 'coin.name', kind: 'text', value: (k) => k.coinName },
    ...tickerFigures,
  ],
};
