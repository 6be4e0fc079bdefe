/** The ranking and offering tables: /rank in each kind's columns, /ieo, its ROI ranking and its platforms. */
import type { View } from '../../server/view.ts';
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
import { coinLabelText } from '../../lib/coinLabel.ts';
import {
  DEFAULTS,
  getRanking,
  KIND_OPTIONS,
  readRankQuery,
  type RankKind,
  type RankRow,
} from '../market/rankings/index.ts';
import type { ExportColumn, ExportTable } from './tables.server.ts';

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

export const rank: ExportTable<RankRow> = {
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
/** The offering table of /ieo and /ieo/ieo-roi (OfferingTable.astro): the ROI ranking adds positions and the current price. */
export function offeringTable(name: string, path: string, ranking: boolean): ExportTable<OfferingRow> {
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
export const offeringPlatforms: ExportTable<PlatformRoi> = {
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
