import { parseListPage, readListQuery } from '../../lib/listQuery.ts';
import { LIST_SIZES } from '../../lib/pageSizes.ts';
import { readMarketTabQuery, readTickerQuery } from '../../lib/tickerQuery.ts';
import type { Db } from '../../server/db/index.ts';
import { EXCHANGE_SORTS, getExchange, listExchanges, type ExchangeSummary } from '../market/exchanges/index.ts';
import { coinIconInfo, COIN_FILTERS, COIN_SORTS, listCoins, type CoinSummary } from '../market/coins/index.ts';
import type { Page } from '../../server/db/numbers.ts';
import { listTickers, quoteSymbols, TICKER_SORTS, type TickerRow } from '../market/pairs/index.ts';
import type { Translate } from '../../server/i18n/index.ts';
import {
  listOfferings,
  platformLabel,
  platformRoi,
  readOfferingQuery,
  readPlatformRoiQuery,
  readRoiQuery,
  type OfferingRow,
  type PlatformRoi,
} from '../content/offerings/index.ts';
import { HOT_SORTS, listHotCoins, type HotCoin } from '../market/rankings/index.ts';
import type { View } from '../../server/view.ts';
import { DomainError } from '../../server/api/errors.ts';
import { coinLabelText } from '../../lib/coinLabel.ts';
import {
  DEFAULTS,
  getRanking,
  KIND_OPTIONS,
  readRankQuery,
  type RankKind,
  type RankRow,
} from '../market/rankings/index.ts';

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

const coins: ExportTable<CoinSummary> = {
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
const exchanges: ExportTable<ExchangeSummary> = {
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

function tickerTable(name: string, market: 'spot' | 'futures', path: string): ExportTable<TickerRow> {
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

/** The columns of one ranking kind, as RankTable.astro draws them. */
function rankColumns(kind: RankKind, period: string | undefined): ExportColumn<RankRow>[] {
  type Coinish = Extract<RankRow, { type: 'coin' | 'coin-flow' | 'repo' }>;
  const coin = (r: RankRow): Coinish | null =>
    r.type === 'coin' || r.type === 'coin-flow' || r.type === 'repo' ? r : null;
  const cols: ExportColumn<RankRow>[] = [
    { key: 'position', label: 'export.rowNumber', kind: 'integer', value: (r) => r.position },
    {
      key: 'name',
      label: kind === 'exchange-flow' ? 'rank.colExchange' : kind === 'offering-roi' ? 'rank.colProject' : 'coin.name',
      kind: 'text',
      value: (r, v) =>
        r.type === 'exchange-flow' ? r.displayName : r.type === 'offering' ? r.name : coinLabelText(v, r),
    },
  ];
  if (kind !== 'exchange-flow')
    cols.push({
      key: 'symbol',
      label: 'export.symbol',
      kind: 'text',
      value: (r) => (r.type === 'exchange-flow' ? null : r.symbol),
    });
  const value = (r: RankRow) => (r.type === 'coin' ? r.value : null);
  if (kind === 'rise' || kind === 'fall' || kind === 'volume' || kind === 'turnover' || kind === 'exchange-count') {
    cols.push({ key: 'price', label: 'coin.price', kind: 'money', value: (r, v) => v.money.convert(coin(r)?.price) });
    if (kind === 'rise' || kind === 'fall') {
      cols.push({
        key: 'change',
        label: (t) => t('rank.colChange', { period: t(`rank.period.${period ?? '24h'}`) }),
        kind: 'percent',
        value,
      });
    } else {
      if (kind === 'volume')
        cols.push({
          key: 'volume24h',
          label: 'coin.volume24h',
          kind: 'money',
          value: (r, v) => v.money.convert(value(r)),
        });
      if (kind === 'turnover') cols.push({ key: 'turnover', label: 'coin.turnoverRate', kind: 'percent', value });
      if (kind === 'exchange-count')
        cols.push({ key: 'exchanges', label: 'rank.colExchanges', kind: 'integer', value });
      cols.push({
        key: 'change24h',
        label: 'coin.change24h',
        kind: 'percent',
        value: (r) => coin(r)?.change24h ?? null,
      });
    }
    cols.push({
      key: 'marketCap',
      label: 'coin.marketCap',
      kind: 'money',
      value: (r, v) => v.money.convert(coin(r)?.marketCap),
    });
    if (kind !== 'volume')
      cols.push({
        key: 'volume24h',
        label: 'coin.volume24h',
        kind: 'money',
        value: (r, v) => v.money.convert(coin(r)?.volume24h),
      });
  }
  if (kind === 'coin-flow' || kind === 'exchange-flow') {
    const flow = (r: RankRow) => (r.type === 'coin-flow' || r.type === 'exchange-flow' ? r : null);
    cols.push(
      { key: 'inflow', label: 'rank.colInflow', kind: 'money', value: (r, v) => v.money.convert(flow(r)?.inflow) },
      { key: 'outflow', label: 'rank.colOutflow', kind: 'money', value: (r, v) => v.money.convert(flow(r)?.outflow) },
      { key: 'netflow', label: 'rank.colNetflow', kind: 'money', value: (r, v) => v.money.convert(flow(r)?.netflow) },
      {
        key: 'volume24h',
        label: 'coin.volume24h',
        kind: 'money',
        value: (r, v) => v.money.convert(flow(r)?.volume24h),
      },
    );
    if (kind === 'exchange-flow')
      cols.push({
        key: 'type',
        label: 'exchange.type',
        kind: 'text',
        value: (r) => (r.type === 'exchange-flow' ? r.exchangeType : null),
      });
  }
  if (kind === 'offering-roi') {
    const offer = (r: RankRow) => (r.type === 'offering' ? r : null);
    cols.push(
      { key: 'kind', label: 'export.offeringKind', kind: 'text', value: (r) => offer(r)?.kind ?? null },
      {
        key: 'platform',
        label: 'rank.colPlatform',
        kind: 'text',
        value: (r, v) => (offer(r) ? platformLabel(v, offer(r)!.platform) : null),
      },
      {
        key: 'offerPrice',
        label: 'rank.colOfferPrice',
        kind: 'money',
        value: (r, v) => v.money.convert(offer(r)?.price),
      },
      // A multiple of the offering price (the page's "12.34x").
      { key: 'roi', label: 'rank.colRoi', kind: 'number', value: (r) => offer(r)?.roi ?? null },
      { key: 'ended', label: 'rank.colEnded', kind: 'text', value: (r) => offer(r)?.endAt?.slice(0, 10) ?? null },
    );
  }
  if (kind === 'repo-stars' || kind === 'repo-activity') {
    const repo = (r: RankRow) => (r.type === 'repo' ? r : null);
    cols.push(
      { key: 'stars', label: 'rank.colStars', kind: 'integer', value: (r) => repo(r)?.stars ?? null },
      { key: 'forks', label: 'rank.colForks', kind: 'integer', value: (r) => repo(r)?.forks ?? null },
      { key: 'commits30d', label: 'rank.colCommits30d', kind: 'integer', value: (r) => repo(r)?.commits30d ?? null },
      {
        key: 'contributors',
        label: 'rank.colContributors',
        kind: 'integer',
        value: (r) => repo(r)?.contributors ?? null,
      },
      { key: 'lastCommit', label: 'rank.colLastCommit', kind: 'text', value: (r) => repo(r)?.lastCommitAt ?? null },
    );
  }
  return cols;
}

const rank: ExportTable<RankRow> = {
  name: 'rank',
  pagePath: () => '/rank',
  prepare: async (db, params) => {
    const q = readRankQuery(params);
    const opts = KIND_OPTIONS[q.kind];
    return {
      page: q.page,
      size: q.size,
      fetch: (page, size) => getRanking(db, { ...q, page, size }),
      columns: rankColumns(q.kind, opts.period ? (q.period ?? DEFAULTS.period) : undefined),
    };
  },
  columns: [],
};

const hot: ExportTable<HotCoin> = {
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

/** The offering table of /ieo and /ieo/ieo-roi (OfferingTable.astro): the ROI ranking adds positions and the current price. */
function offeringTable(name: string, path: string, ranking: boolean): ExportTable<OfferingRow> {
  const date = (iso: string | null) => (iso ? iso.slice(0, 10) : null);
  return {
    name,
    pagePath: () => path,
    prepare: async (db, params) => {
      const q = ranking ? readRoiQuery(params) : readOfferingQuery(params);
      return { page: q.page, size: q.size, fetch: (page, size) => listOfferings(db, { ...q, page, size }) };
    },
    columns: [
      ...(ranking
        ? [
            {
              key: 'position',
              label: 'ieo.col.position',
              kind: 'integer' as const,
              value: (_r: OfferingRow, _v: View, i: number) => i + 1,
            },
          ]
        : []),
      { key: 'name', label: 'ieo.col.project', kind: 'text', value: (r) => r.name },
      { key: 'symbol', label: 'export.symbol', kind: 'text', value: (r) => r.symbol },
      { key: 'kind', label: 'ieo.col.kind', kind: 'text', value: (r) => r.kind },
      { key: 'platform', label: 'ieo.col.platform', kind: 'text', value: (r, v) => platformLabel(v, r.platform) },
      { key: 'price', label: 'ieo.col.price', kind: 'money', value: (r, v) => v.money.convert(r.price) },
      ranking
        ? {
            key: 'currentPrice',
            label: 'ieo.col.currentPrice',
            kind: 'money',
            value: (r, v) =>
              v.money.convert(r.coin?.price ?? (r.roi !== null && r.price !== null ? r.roi * r.price : null)),
          }
        : { key: 'goal', label: 'ieo.col.goal', kind: 'money', value: (r, v) => v.money.convert(r.goal) },
      { key: 'start', label: 'ieo.col.start', kind: 'text', value: (r) => date(r.startAt) },
      { key: 'end', label: 'ieo.col.end', kind: 'text', value: (r) => date(r.endAt) },
      { key: 'status', label: 'ieo.col.status', kind: 'text', value: (r, v) => v.t(`ieo.status.${r.status}`) },
      // A multiple of the offering price (the page's "12.34x").
      { key: 'roi', label: 'ieo.col.roi', kind: 'number', value: (r) => r.roi },
    ],
  };
}

/** /ieo/ieo-platforms-roi: one unpaged table, the whole of it in every export. */
const offeringPlatforms: ExportTable<PlatformRoi> = {
  name: 'offering-platforms',
  pagePath: () => '/ieo/ieo-platforms-roi',
  prepare: async (db, params) => {
    const q = readPlatformRoiQuery(params);
    const fetch = async () => {
      const { list } = await platformRoi(db, q);
      return { list, total: list.length, page: 1, size: list.length };
    };
    return { page: 1, size: 0, fetch };
  },
  columns: [
    { key: 'position', label: 'ieo.col.position', kind: 'integer', value: (_p, _v, i) => i + 1 },
    { key: 'platform', label: 'ieo.col.platform', kind: 'text', value: (p, v) => platformLabel(v, p.platform) },
    { key: 'exchange', label: 'exchange.name', kind: 'text', value: (p) => p.exchange?.displayName ?? null },
    { key: 'offerings', label: 'ieo.col.offerings', kind: 'integer', value: (p) => p.offerings },
    { key: 'withRoi', label: 'ieo.col.withRoi', kind: 'integer', value: (p) => p.withRoi },
    { key: 'average', label: 'ieo.col.average', kind: 'number', value: (p) => p.average },
    { key: 'median', label: 'ieo.col.median', kind: 'number', value: (p) => p.median },
    { key: 'best', label: 'ieo.col.best', kind: 'number', value: (p) => p.best?.roi ?? null },
    {
      key: 'bestSymbol',
      label: (t) => `${t('ieo.col.best')} (${t('export.symbol')})`,
      kind: 'text',
      value: (p) => p.best?.symbol ?? null,
    },
    { key: 'worst', label: 'ieo.col.worst', kind: 'number', value: (p) => p.worst?.roi ?? null },
    {
      key: 'worstSymbol',
      label: (t) => `${t('ieo.col.worst')} (${t('export.symbol')})`,
      kind: 'text',
      value: (p) => p.worst?.symbol ?? null,
    },
    { key: 'aboveShare', label: 'ieo.col.above', kind: 'percent', value: (p) => p.aboveOneShare },
    { key: 'totalGoal', label: 'ieo.col.totalGoal', kind: 'money', value: (p, v) => v.money.convert(p.totalGoal) },
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
const coinMarkets: ExportTable<TickerRow> = {
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
const exchangePairs: ExportTable<TickerRow> = {
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

export const EXPORT_TABLES = {
  coins,
  exchanges,
  pairs: tickerTable('pairs', 'spot', '/pairs'),
  futures: tickerTable('futures', 'futures', '/futures'),
  rank,
  hot,
  offerings: offeringTable('offerings', '/ieo', false),
  'offering-roi': offeringTable('offering-roi', '/ieo/ieo-roi', true),
  'offering-platforms': offeringPlatforms,
  'coin-markets': coinMarkets,
  'exchange-pairs': exchangePairs,
} as const;

export type ExportTableName = keyof typeof EXPORT_TABLES;

export function exportTable(name: string): ExportTable<unknown> | undefined {
  return Object.hasOwn(EXPORT_TABLES, name)
    ? (EXPORT_TABLES[name as ExportTableName] as unknown as ExportTable<unknown>)
    : undefined;
}
