/**
 * Read models of the coin detail tabs: one function per tab, each throwing the 404
 * DomainError for an unknown coin. Formulas live in formulas.ts. This file holds the coin facts
 * every tab checks first and the on-chain tabs (flow, holders, transactions); the others read
 * theirs in trading.server.ts, project.server.ts, analysis.server.ts and content.server.ts.
 */
import { and, asc, desc, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '../../../server/db/index.ts';
import { prepared } from '../../../server/db/prepared.ts';
import {
  coinChainDaily,
  coinFlows,
  coinHolders,
  coins,
  coinTransfers,
  exchanges,
} from '../../../server/db/schema/index.ts';
import {
  flowWindows,
  holderGroups,
  rangeStart,
  type FlowWindowView,
  type HolderGroup,
  type TimeRange,
} from './formulas.ts';
import { notFound } from '../../../server/api/errors.ts';
import { num, percentOf, type Page } from '../../../server/db/numbers.ts';

export const iso = (d: Date | null) => (d ? d.toISOString() : null);

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
  // Prepared: every coin tab and its API asks this first.
  const statement = prepared(db, 'coinFacts', (name) =>
    db
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
      .where(eq(coins.id, sql.placeholder('id')))
      .prepare(name),
  );
  const [c] = await statement.execute({ id });
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
  const rows = await db.select().from(coinFlows).where(eq(coinFlows.coinId, id));
  // Rows prove the coin exists; without any, a 404 for an unknown coin.
  if (rows.length === 0) await coinFacts(db, id);
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
