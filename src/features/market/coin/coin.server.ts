/**
 * Read models of the coin detail tabs: one function per tab, each throwing the 404
 * DomainError for an unknown coin. Formulas live in coinTabs.ts.
 */
import { and, asc, desc, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
import type { Locale } from '../../../lib/i18n/index.ts';
import type { Db } from '../../../server/db/index.ts';
import {
  announcementCoins,
  announcements,
  articleCoins,
  articles,
  calendarEvents,
  coinChainDaily,
  coinFlows,
  coinHolders,
  coinMilestones,
  coinRepos,
  coins,
  coinTransfers,
  comments,
  exchangeBalances,
  exchanges,
  flashNews,
  flashNewsCoins,
  klines,
  tickers,
} from '../../../server/db/schema/index.ts';
import {
  analysePrice,
  flowWindows,
  holderGroups,
  ratingAggregate,
  rangeStart,
  weeksInRange,
  type DailyClose,
  type FlowWindowView,
  type HolderGroup,
  type PriceAnalysis,
  type RatingAggregate,
  type TimeRange,
} from './formulas.ts';
import { notFound } from '../../../server/api/errors.ts';
import { num, percentOf, type Page } from '../../../server/db/numbers.ts';
import { CALENDAR_LOCALE } from '../../content/calendar/index.ts';
import { listReviews, REVIEW_DIMENSIONS, type Review } from '../../reader/reviews/index.ts';
import { inVisitorWindow } from '../../content/announcements/index.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

interface CoinFacts {
  id: string;
  symbol: string;
  price: number | null;
  circulatingSupply: number | null;
  marketCap: number | null;
  ath: number | null;
  atl: number | null;
}

/** The few coin fields the tabs need; 404 for an unknown coin. */
export async function coinFacts(db: Db, id: string): Promise<CoinFacts> {
  const [c] = await db
    .select({
      id: coins.id,
      symbol: coins.symbol,
      price: coins.price,
      circulatingSupply: coins.circulatingSupply,
      marketCap: coins.marketCap,
      ath: coins.ath,
      atl: coins.atl,
    })
    .from(coins)
    .where(eq(coins.id, id));
  if (!c) throw notFound('api.coinNotFound');
  return {
    id: c.id,
    symbol: c.symbol,
    price: num(c.price),
    circulatingSupply: num(c.circulatingSupply),
    marketCap: num(c.marketCap),
    ath: num(c.ath),
    atl: num(c.atl),
  };
}

/* ---------- flow ---------- */

interface CoinFlowView {
  windows: FlowWindowView[];
  updatedAt: string | null;
}

export async function getCoinFlows(db: Db, id: string): Promise<CoinFlowView> {
  await coinFacts(db, id);
  const rows = await db.select().from(coinFlows).where(eq(coinFlows.coinId, id));
  return {
    windows: flowWindows(
      rows.map((r) => ({
        window: r.window,
        inflow: num(r.inflow) ?? 0,
        outflow: num(r.outflow) ?? 0,
        netflow: num(r.netflow) ?? 0,
      })),
    ),
    updatedAt: rows.reduce<string | null>(
      (m, r) => (m === null || r.updatedAt.toISOString() > m ? r.updatedAt.toISOString() : m),
      null,
    ),
  };
}

/* ---------- holders ---------- */

export interface Holder {
  rank: number;
  address: string;
  label: string | null;
  exchange: string | null;
  exchangeDisplayName: string | null;
  balance: number;
  /** Share of the circulating supply, percent. */
  share: number | null;
  change24h: number | null;
  firstSeenAt: string | null;
}

interface HolderDistribution {
  circulatingSupply: number | null;
  symbol: string;
  groups: HolderGroup[];
  /** Labelled exchange wallets among the top 100: their total and share of supply. */
  exchangeWallets: { count: number; balance: number; share: number | null };
}

export async function getHolderDistribution(db: Db, id: string): Promise<HolderDistribution> {
  const coin = await coinFacts(db, id);
  const rows = await db
    .select({ balance: coinHolders.balance, exchangeId: coinHolders.exchangeId })
    .from(coinHolders)
    .where(eq(coinHolders.coinId, id))
    .orderBy(asc(coinHolders.rank));
  const balances = rows.map((r) => num(r.balance) ?? 0);
  const exchangeBalance = rows.filter((r) => r.exchangeId !== null).reduce((a, r) => a + (num(r.balance) ?? 0), 0);
  return {
    circulatingSupply: coin.circulatingSupply,
    symbol: coin.symbol,
    groups: rows.length ? holderGroups(balances, coin.circulatingSupply) : [],
    exchangeWallets: {
      count: rows.filter((r) => r.exchangeId !== null).length,
      balance: exchangeBalance,
      share: percentOf(exchangeBalance, coin.circulatingSupply),
    },
  };
}

export async function listHolders(
  db: Db,
  id: string,
  page: number,
  size: number,
): Promise<Page<Holder> & { symbol: string }> {
  const coin = await coinFacts(db, id);
  const [rows, [agg]] = await Promise.all([
    db
      .select({
        rank: coinHolders.rank,
        address: coinHolders.address,
        label: coinHolders.label,
        exchange: exchanges.name,
        exchangeDisplayName: exchanges.displayName,
        balance: coinHolders.balance,
        change24h: coinHolders.change24h,
        firstSeenAt: coinHolders.firstSeenAt,
      })
      .from(coinHolders)
      .leftJoin(exchanges, eq(exchanges.id, coinHolders.exchangeId))
      .where(eq(coinHolders.coinId, id))
      .orderBy(asc(coinHolders.rank))
      .limit(size)
      .offset((page - 1) * size),
    db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(coinHolders)
      .where(eq(coinHolders.coinId, id)),
  ]);
  return {
    symbol: coin.symbol,
    list: rows.map((r) => {
      const balance = num(r.balance) ?? 0;
      return {
        rank: r.rank,
        address: r.address,
        label: r.label,
        exchange: r.exchange,
        exchangeDisplayName: r.exchangeDisplayName,
        balance,
        share: percentOf(balance, coin.circulatingSupply),
        change24h: num(r.change24h),
        firstSeenAt: iso(r.firstSeenAt),
      };
    }),
    total: agg?.n ?? 0,
    page,
    size,
  };
}

/* ---------- transactions ---------- */

export interface Transfer {
  txHash: string;
  fromAddress: string;
  toAddress: string;
  fromLabel: string | null;
  toLabel: string | null;
  amount: number | null;
  valueUsd: number | null;
  at: string;
}

export async function listTransfers(
  db: Db,
  id: string,
  page: number,
  size: number,
): Promise<Page<Transfer> & { symbol: string }> {
  const coin = await coinFacts(db, id);
  const [rows, [agg]] = await Promise.all([
    db
      .select()
      .from(coinTransfers)
      .where(eq(coinTransfers.coinId, id))
      .orderBy(desc(coinTransfers.at), desc(coinTransfers.id))
      .limit(size)
      .offset((page - 1) * size),
    db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(coinTransfers)
      .where(eq(coinTransfers.coinId, id)),
  ]);
  return {
    symbol: coin.symbol,
    list: rows.map((r) => ({
      txHash: r.txHash,
      fromAddress: r.fromAddress,
      toAddress: r.toAddress,
      fromLabel: r.fromLabel,
      toLabel: r.toLabel,
      amount: num(r.amount),
      valueUsd: num(r.valueUsd),
      at: r.at.toISOString(),
    })),
    total: agg?.n ?? 0,
    page,
    size,
  };
}

interface ChainDay {
  day: string;
  transactions: number;
  activeAddresses: number;
  newAddresses: number;
  transferVolume: number | null;
  largeTransfers: number;
}

interface ChainActivity {
  range: TimeRange;
  symbol: string;
  days: ChainDay[];
  /** Totals and averages over the days shown. */
  totals: {
    transactions: number;
    newAddresses: number;
    largeTransfers: number;
    avgActiveAddresses: number | null;
    transferVolume: number;
  };
  /** First stored day: ranges reaching further back show what exists. */
  firstDay: string | null;
}

/** Daily chain activity in a range counted back from the latest stored day (data may lag the clock). */
export async function getChainActivity(db: Db, id: string, range: TimeRange): Promise<ChainActivity> {
  const coin = await coinFacts(db, id);
  const [bounds] = await db
    .select({
      first: sql<string | null>`min(${coinChainDaily.day})::text`,
      last: sql<string | null>`max(${coinChainDaily.day})::text`,
    })
    .from(coinChainDaily)
    .where(eq(coinChainDaily.coinId, id));
  const anchor = bounds?.last ? Date.parse(`${bounds.last}T00:00:00Z`) + 86_400_000 : Date.now();
  const start = new Date(rangeStart(range, anchor)).toISOString().slice(0, 10);
  const rows = await db
    .select()
    .from(coinChainDaily)
    .where(and(eq(coinChainDaily.coinId, id), gte(coinChainDaily.day, start)))
    .orderBy(asc(coinChainDaily.day));
  const first = { day: bounds?.first ?? null };
  const days = rows.map((r) => ({
    day: r.day,
    transactions: r.transactions,
    activeAddresses: r.activeAddresses,
    newAddresses: r.newAddresses,
    transferVolume: num(r.transferVolume),
    largeTransfers: r.largeTransfers,
  }));
  const sum = (f: (d: ChainDay) => number) => days.reduce((a, d) => a + f(d), 0);
  return {
    range,
    symbol: coin.symbol,
    days,
    totals: {
      transactions: sum((d) => d.transactions),
      newAddresses: sum((d) => d.newAddresses),
      largeTransfers: sum((d) => d.largeTransfers),
      avgActiveAddresses: days.length ? sum((d) => d.activeAddresses) / days.length : null,
      transferVolume: sum((d) => d.transferVolume ?? 0),
    },
    firstDay: first.day,
  };
}

/* ---------- exchange balances and exchanges ---------- */

export interface ExchangeBalance {
  exchange: string;
  displayName: string;
  balance: number;
  valueUsd: number | null;
  change24h: number | null;
  change7d: number | null;
  /** Share of all exchange-held coins listed here, percent. */
  share: number | null;
  /** Share of the circulating supply, percent. */
  supplyShare: number | null;
}

interface ExchangeBalances {
  symbol: string;
  total: number;
  totalValueUsd: number | null;
  totalChange24h: number;
  totalChange7d: number;
  supplyShare: number | null;
  list: ExchangeBalance[];
  updatedAt: string | null;
}

export async function getExchangeBalances(db: Db, id: string): Promise<ExchangeBalances> {
  const coin = await coinFacts(db, id);
  const rows = await db
    .select({
      exchange: exchanges.name,
      displayName: exchanges.displayName,
      balance: exchangeBalances.balance,
      change24h: exchangeBalances.change24h,
      change7d: exchangeBalances.change7d,
      updatedAt: exchangeBalances.updatedAt,
    })
    .from(exchangeBalances)
    .innerJoin(exchanges, eq(exchanges.id, exchangeBalances.exchangeId))
    .where(eq(exchangeBalances.coinId, id))
    .orderBy(desc(exchangeBalances.balance), asc(exchanges.name));
  const total = rows.reduce((a, r) => a + (num(r.balance) ?? 0), 0);
  return {
    symbol: coin.symbol,
    total,
    totalValueUsd: coin.price === null ? null : total * coin.price,
    totalChange24h: rows.reduce((a, r) => a + (num(r.change24h) ?? 0), 0),
    totalChange7d: rows.reduce((a, r) => a + (num(r.change7d) ?? 0), 0),
    supplyShare: percentOf(total, coin.circulatingSupply),
    list: rows.map((r) => {
      const balance = num(r.balance) ?? 0;
      return {
        exchange: r.exchange,
        displayName: r.displayName,
        balance,
        valueUsd: coin.price === null ? null : balance * coin.price,
        change24h: num(r.change24h),
        change7d: num(r.change7d),
        share: percentOf(balance, total),
        supplyShare: percentOf(balance, coin.circulatingSupply),
      };
    }),
    updatedAt: rows[0] ? rows[0].updatedAt.toISOString() : null,
  };
}

interface CoinExchange {
  exchange: string;
  displayName: string;
  type: 'CEX' | 'DEX';
  rank: number | null;
  pairs: number;
  volume24h: number | null;
  share: number | null;
  starRating: number | null;
}

/** Exchanges listing the coin, by the coin's volume there. */
export async function listCoinExchanges(db: Db, id: string, page: number, size: number): Promise<Page<CoinExchange>> {
  await coinFacts(db, id);
  const volume = sql<string | null>`sum(${tickers.volume24h})`;
  const [rows, [agg]] = await Promise.all([
    db
      .select({
        exchange: exchanges.name,
        displayName: exchanges.displayName,
        type: exchanges.type,
        rank: exchanges.rank,
        starRating: exchanges.starRating,
        pairs: sql<number>`count(*)`.mapWith(Number),
        volume24h: volume,
      })
      .from(tickers)
      .innerJoin(exchanges, eq(exchanges.id, tickers.exchangeId))
      .where(eq(tickers.coinId, id))
      .groupBy(exchanges.id)
      .orderBy(sql`sum(${tickers.volume24h}) desc nulls last`, asc(exchanges.name))
      .limit(size)
      .offset((page - 1) * size),
    db
      .select({
        n: sql<number>`count(distinct ${tickers.exchangeId})`.mapWith(Number),
        v: sql<string | null>`sum(${tickers.volume24h})`,
      })
      .from(tickers)
      .where(eq(tickers.coinId, id)),
  ]);
  const coinVolume = num(agg?.v);
  return {
    list: rows.map((r) => ({
      exchange: r.exchange,
      displayName: r.displayName,
      type: r.type,
      rank: r.rank,
      pairs: r.pairs,
      volume24h: num(r.volume24h),
      share: percentOf(num(r.volume24h), coinVolume),
      starRating: num(r.starRating),
    })),
    total: agg?.n ?? 0,
    page,
    size,
  };
}

/* ---------- ratings ---------- */

interface CoinRatings {
  summary: RatingAggregate;
  reviews: Page<Review>;
}

export async function getCoinRatings(db: Db, id: string, page: number, size: number): Promise<CoinRatings> {
  await coinFacts(db, id);
  const [rows, reviews] = await Promise.all([
    db
      .select({ overall: comments.overall, ratings: comments.ratings })
      .from(comments)
      .where(and(eq(comments.targetType, 'coin'), eq(comments.targetId, id))),
    listReviews(db, 'coin', id, page, size),
  ]);
  return {
    summary: ratingAggregate(
      rows.map((r) => ({ overall: num(r.overall) ?? 0, ratings: r.ratings ?? {} })),
      REVIEW_DIMENSIONS.coin,
    ),
    reviews,
  };
}

/* ---------- roadmap and process ---------- */

interface Milestone {
  id: number;
  at: string;
  title: string;
  description: string | null;
  done: boolean;
}

/** Roadmap (oldest first: delivered, then planned) or process (history, newest first). */
export async function listMilestones(db: Db, id: string, kind: 'roadmap' | 'process'): Promise<Milestone[]> {
  await coinFacts(db, id);
  const rows = await db
    .select()
    .from(coinMilestones)
    .where(and(eq(coinMilestones.coinId, id), eq(coinMilestones.kind, kind)))
    .orderBy(kind === 'roadmap' ? asc(coinMilestones.at) : desc(coinMilestones.at), asc(coinMilestones.id));
  return rows.map((r) => ({ id: r.id, at: r.at, title: r.title, description: r.description, done: r.done }));
}

/* ---------- repository ---------- */

interface RepoActivity {
  url: string;
  stars: number;
  forks: number;
  watchers: number;
  commits: number;
  commits30d: number;
  contributors: number;
  openIssues: number;
  lastCommitAt: string;
  createdAt: string | null;
  range: TimeRange;
  /** Weekly commit counts inside the range, oldest first, each with the week's start. */
  weeks: { start: string; commits: number }[];
  commitsInRange: number;
}

export async function getRepoActivity(
  db: Db,
  id: string,
  range: TimeRange,
  now = Date.now(),
): Promise<RepoActivity | null> {
  await coinFacts(db, id);
  const [r] = await db.select().from(coinRepos).where(eq(coinRepos.coinId, id));
  if (!r) return null;
  const all = r.weeklyCommits ?? [];
  const n = Math.min(all.length, weeksInRange(range, now));
  const week = 7 * 86_400_000;
  const weeks = all
    .slice(all.length - n)
    .map((commits, i) => ({ start: new Date(now - (n - i) * week).toISOString().slice(0, 10), commits }));
  return {
    url: r.url,
    stars: r.stars,
    forks: r.forks,
    watchers: r.watchers,
    commits: r.commits,
    commits30d: r.commits30d,
    contributors: r.contributors,
    openIssues: r.openIssues,
    lastCommitAt: r.lastCommitAt.toISOString(),
    createdAt: iso(r.createdAt),
    range,
    weeks,
    commitsInRange: weeks.reduce((a, w) => a + w.commits, 0),
  };
}

/* ---------- analysis ---------- */

async function dailyCloses(db: Db, id: string): Promise<DailyClose[]> {
  const rows = await db
    .select({ t: klines.openTime, close: klines.close, volume: klines.volume })
    .from(klines)
    .where(and(eq(klines.coinId, id), eq(klines.interval, '1d')))
    .orderBy(asc(klines.openTime));
  return rows.map((r) => ({ t: r.t.getTime(), close: num(r.close) ?? 0, volume: num(r.volume) ?? 0 }));
}

interface CoinAnalysis extends PriceAnalysis {
  /** Closes for the chart within the requested range. */
  range: TimeRange;
  chart: { t: number; close: number }[];
}

/** Price analysis from stored daily candles; null when the coin has no daily history. */
export async function getCoinAnalysis(db: Db, id: string, range: TimeRange): Promise<CoinAnalysis | null> {
  const coin = await coinFacts(db, id);
  const [series, btc] = await Promise.all([
    dailyCloses(db, id),
    id === 'bitcoin' ? Promise.resolve([]) : dailyCloses(db, 'bitcoin'),
  ]);
  if (series.length < 2) return null;
  // Ranges count back from the end of the latest candle, so stored history and clock agree.
  const now = series.at(-1)!.t + 86_400_000;
  const start = rangeStart(range, now);
  return {
    ...analysePrice(series, btc, { ...coin, isBitcoin: id === 'bitcoin' }, now),
    range,
    chart: series.filter((x) => x.t >= start).map((x) => ({ t: x.t, close: x.close })),
  };
}

/* ---------- content ---------- */

export type ContentKind = 'announcements' | 'lives' | 'news' | 'calendar';

export interface ContentItem {
  kind: ContentKind;
  id: number;
  title: string;
  summary: string | null;
  at: string;
  /** Exchange display name of an announcement; importance flag of flash news / events. */
  source: string | null;
  important: boolean;
  url: string | null;
  /** The language the item is written in (calendar events: CALENDAR_LOCALE). */
  locale: Locale;
}

const clip = (s: string | null, n = 180) => (s && s.length > n ? `${s.slice(0, n - 1)}…` : s);

/**
 * Content items about one coin, newest first (calendar: upcoming first, then past), in the row
 * languages `locales` (contentLocale.ts; calendar events carry no language).
 */
export async function listCoinContent(
  db: Db,
  id: string,
  kind: ContentKind,
  page: number,
  size: number,
  locales: readonly Locale[],
  opts: { signedIn?: boolean } = {},
): Promise<Page<ContentItem>> {
  await coinFacts(db, id);
  const offset = (page - 1) * size;
  const count = async (q: Promise<{ n: number }[]>) => (await q)[0]?.n ?? 0;
  const n = sql<number>`count(*)`.mapWith(Number);
  switch (kind) {
    case 'announcements': {
      // A visitor sees the window's announcements only (SPEC §6); pages render the visitor's view.
      const where = and(
        eq(announcementCoins.coinId, id),
        inArray(announcements.locale, [...locales]),
        opts.signedIn ? undefined : inVisitorWindow(locales),
      );
      const [rows, total] = await Promise.all([
        db
          .select({
            id: announcements.id,
            title: announcements.title,
            body: announcements.body,
            at: announcements.publishedAt,
            url: announcements.url,
            source: exchanges.displayName,
            category: announcements.category,
            locale: announcements.locale,
          })
          .from(announcementCoins)
          .innerJoin(announcements, eq(announcements.id, announcementCoins.announcementId))
          .innerJoin(exchanges, eq(exchanges.id, announcements.exchangeId))
          .where(where)
          .orderBy(desc(announcements.publishedAt), desc(announcements.id))
          .limit(size)
          .offset(offset),
        count(
          db
            .select({ n })
            .from(announcementCoins)
            .innerJoin(announcements, eq(announcements.id, announcementCoins.announcementId))
            .where(where),
        ),
      ]);
      return {
        list: rows.map((r) => ({
          kind,
          id: r.id,
          title: r.title,
          summary: clip(r.body),
          at: r.at.toISOString(),
          source: r.source,
          important: false,
          url: r.url,
          locale: r.locale,
        })),
        total,
        page,
        size,
      };
    }
    case 'lives': {
      const where = and(eq(flashNewsCoins.coinId, id), inArray(flashNews.locale, [...locales]));
      const [rows, total] = await Promise.all([
        db
          .select({
            id: flashNews.id,
            title: flashNews.title,
            body: flashNews.body,
            at: flashNews.publishedAt,
            important: flashNews.important,
            url: flashNews.sourceUrl,
            locale: flashNews.locale,
          })
          .from(flashNewsCoins)
          .innerJoin(flashNews, eq(flashNews.id, flashNewsCoins.flashNewsId))
          .where(where)
          .orderBy(desc(flashNews.publishedAt), desc(flashNews.id))
          .limit(size)
          .offset(offset),
        count(
          db
            .select({ n })
            .from(flashNewsCoins)
            .innerJoin(flashNews, eq(flashNews.id, flashNewsCoins.flashNewsId))
            .where(where),
        ),
      ]);
      return {
        list: rows.map((r) => ({
          kind,
          id: r.id,
          title: r.title,
          summary: clip(r.body),
          at: r.at.toISOString(),
          source: null,
          important: r.important,
          url: r.url,
          locale: r.locale,
        })),
        total,
        page,
        size,
      };
    }
    case 'news': {
      const where = and(
        eq(articleCoins.coinId, id),
        eq(articles.kind, 'news'),
        isNull(articles.deletedAt),
        inArray(articles.locale, [...locales]),
      );
      const [rows, total] = await Promise.all([
        db
          .select({
            id: articles.id,
            title: articles.title,
            summary: articles.summary,
            at: articles.publishedAt,
            url: articles.sourceUrl,
            locale: articles.locale,
          })
          .from(articleCoins)
          .innerJoin(articles, eq(articles.id, articleCoins.articleId))
          .where(where)
          .orderBy(desc(articles.publishedAt), desc(articles.id))
          .limit(size)
          .offset(offset),
        count(
          db.select({ n }).from(articleCoins).innerJoin(articles, eq(articles.id, articleCoins.articleId)).where(where),
        ),
      ]);
      return {
        list: rows.map((r) => ({
          kind,
          id: r.id,
          title: r.title,
          summary: clip(r.summary),
          at: r.at.toISOString(),
          source: null,
          important: false,
          url: r.url,
          locale: r.locale,
        })),
        total,
        page,
        size,
      };
    }
    case 'calendar': {
      const where = eq(calendarEvents.coinId, id);
      const [rows, total] = await Promise.all([
        db
          .select({
            id: calendarEvents.id,
            title: calendarEvents.title,
            body: calendarEvents.body,
            at: calendarEvents.startsAt,
            importance: calendarEvents.importance,
            source: calendarEvents.source,
          })
          .from(calendarEvents)
          .where(where)
          .orderBy(
            sql`(${calendarEvents.startsAt} < now())`,
            sql`case when ${calendarEvents.startsAt} >= now() then ${calendarEvents.startsAt} end asc`,
            desc(calendarEvents.startsAt),
          )
          .limit(size)
          .offset(offset),
        count(db.select({ n }).from(calendarEvents).where(where)),
      ]);
      return {
        list: rows.map((r) => ({
          kind,
          id: r.id,
          title: r.title,
          summary: clip(r.body),
          at: r.at.toISOString(),
          source: r.source,
          important: r.importance >= 4,
          url: null,
          locale: CALENDAR_LOCALE,
        })),
        total,
        page,
        size,
      };
    }
  }
}

/** How far ahead a calendar event already counts as news in the "hot" mix. */
const HOT_EVENT_HORIZON_MS = 7 * 86_400_000;

/**
 * "Hot": the newest items of every content kind about the coin, important ones first within a
 * day. Calendar events are dated when they happen: one in the coming week ranks as today's news,
 * later ones wait for the calendar tab.
 */
export async function hotCoinContent(
  db: Db,
  id: string,
  locales: readonly Locale[],
  limit = 20,
  now = Date.now(),
  opts: { signedIn?: boolean } = {},
): Promise<ContentItem[]> {
  const kinds: ContentKind[] = ['lives', 'news', 'announcements', 'calendar'];
  const pages = await Promise.all(kinds.map((k) => listCoinContent(db, id, k, 1, limit, locales, opts)));
  const day = 86_400_000;
  const dayOf = (i: ContentItem) => Math.floor(Math.min(Date.parse(i.at), now) / day);
  return pages
    .flatMap((p) => p.list)
    .filter((i) => i.kind !== 'calendar' || Date.parse(i.at) <= now + HOT_EVENT_HORIZON_MS)
    .sort((a, b) => dayOf(b) - dayOf(a) || Number(b.important) - Number(a.important) || b.at.localeCompare(a.at))
    .slice(0, limit);
}
