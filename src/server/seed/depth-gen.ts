/**
 * Demo data behind the coin detail tabs: fund flows, holders, on-chain activity, large
 * transfers, exchange balances, repository activity, milestones, and a few demo users with
 * their reviews. Pure and deterministic: each concern draws from its own `rngFor` stream and
 * only timestamps depend on `now`.
 * The on-chain rows (holders, chain activity, transfers) come from onchain-gen.ts, the texts
 * from data/depth-texts.ts.
 *
 * Consistency rules (checked in seed.test.ts):
 * - flows are whole cents, netflow = inflow − outflow exactly, and scale with 24 h volume;
 * - the top-100 holders of a coin hold less than its circulating supply, in rank order;
 * - exchange balances exist only for exchanges that list the coin;
 * - repository activity exists exactly for coins with a repository link.
 */
import type {
  coinMilestones as coinMilestonesTable,
  coinRepos as coinReposTable,
  comments as commentsTable,
  users as usersTable,
} from '../db/schema/index.ts';
import type { CoinRow } from './coins-gen.ts';
import {
  COIN_REVIEW_TEXT,
  EXCHANGE_REVIEW_TEXT,
  FIRST,
  NICK,
  PROCESS_ITEMS,
  ROADMAP_ITEMS,
} from './data/depth-texts.ts';
import { dec } from './decimal.ts';
import type { ExchangeRow } from './exchanges-gen.ts';
import { DAY, floorDay } from './history.ts';
import {
  chainDaily,
  draw,
  HEX,
  holders,
  n,
  transfers,
  type ChainDailyRow,
  type HolderRow,
  type TransferRow,
} from './onchain-gen.ts';
import { rngFor } from './random.ts';
import type { TickerRow } from './tickers-gen.ts';

export const FLOW_WINDOWS = ['30m', '1h', '1d', '7d'] as const;
type FlowWindowKey = (typeof FLOW_WINDOWS)[number];
/** Window length in days. */
const WINDOW_DAYS: Record<FlowWindowKey, number> = { '30m': 1 / 48, '1h': 1 / 24, '1d': 1, '7d': 7 };

/** How many coins (by rank) get holders, chain activity, transfers, balances and milestones. */
const DEPTH_COINS = 100;
const DEMO_USERS = 40;
/** How many top coins and top exchanges get reviews. */
const REVIEWED_COINS = 30;
const REVIEWED_EXCHANGES = 30;

const COIN_DIMENSIONS = ['team', 'business', 'product', 'community', 'technology'] as const;
const EXCHANGE_DIMENSIONS = ['safety', 'reputation', 'speed', 'support', 'welfare', 'experience'] as const;

interface Flow {
  window: FlowWindowKey;
  inflow: string;
  outflow: string;
  netflow: string;
  updatedAt: Date;
}
type CoinFlowRow = Flow & { coinId: string };
type ExchangeFlowRow = Flow & { exchange: string };
interface ExchangeBalanceRow {
  exchange: string;
  coinId: string;
  balance: string;
  change24h: string;
  change7d: string;
  updatedAt: Date;
}
type RepoRow = typeof coinReposTable.$inferInsert;
type MilestoneRow = Omit<typeof coinMilestonesTable.$inferInsert, 'id'>;
type DemoUserRow = Omit<typeof usersTable.$inferInsert, 'id'>;
/** A review naming its author by user name; the writer maps it to the id. */
type ReviewRow = Omit<typeof commentsTable.$inferInsert, 'id' | 'userId'> & { username: string };

export interface DepthData {
  coinFlows: CoinFlowRow[];
  exchangeFlows: ExchangeFlowRow[];
  coinHolders: HolderRow[];
  coinChainDaily: ChainDailyRow[];
  coinTransfers: TransferRow[];
  exchangeBalances: ExchangeBalanceRow[];
  coinRepos: RepoRow[];
  coinMilestones: MilestoneRow[];
  users: DemoUserRow[];
  comments: ReviewRow[];
}

interface DepthInput {
  coins: CoinRow[];
  coinLinks: { coinId: string; kind: string; url: string }[];
  exchanges: ExchangeRow[];
  tickers: TickerRow[];
  now: Date;
}

const cents = (usd: number) => Math.max(0, Math.round(usd * 100));
const centsStr = (c: number) => {
  const neg = c < 0;
  const a = Math.abs(c);
  const s = `${Math.floor(a / 100)}.${String(a % 100).padStart(2, '0')}`;
  return neg ? `-${s}` : s;
};

/** One window's flows from a gross turnover and a tilt in [-1, 1]; exact in whole cents. */
function flowFrom(grossUsd: number, tilt: number): { inflow: string; outflow: string; netflow: string } {
  const t = Math.max(-0.9, Math.min(0.9, tilt));
  const inC = cents((grossUsd * (1 + t)) / 2);
  const outC = cents((grossUsd * (1 - t)) / 2);
  return { inflow: centsStr(inC), outflow: centsStr(outC), netflow: centsStr(inC - outC) };
}

function flows(label: string, volume24h: number, bias: number, now: Date): Flow[] {
  const rng = rngFor(`flows:${label}`);
  // Longer windows average out: the tilt shrinks with the window and leans towards the trend.
  return FLOW_WINDOWS.map((window) => {
    const days = WINDOW_DAYS[window];
    const gross = volume24h * days * rng.range(0.25, 0.45) * (window === '7d' ? rng.range(0.85, 1.15) : 1);
    const noise =
      rng.clampedNormal() * (window === '30m' ? 0.18 : window === '1h' ? 0.14 : window === '1d' ? 0.08 : 0.05);
    return { window, ...flowFrom(gross, bias + noise), updatedAt: now };
  });
}

/** Coin → exchanges listing it (CEX first by the coin's ticker volume there). */
function listingsByCoin(tickers: TickerRow[]): Map<string, { exchange: string; volume: number }[]> {
  const acc = new Map<string, Map<string, number>>();
  for (const t of tickers) {
    let m = acc.get(t.coinId);
    if (!m) acc.set(t.coinId, (m = new Map()));
    m.set(t.exchange, (m.get(t.exchange) ?? 0) + n(t.volume24h));
  }
  const out = new Map<string, { exchange: string; volume: number }[]>();
  for (const [coinId, m] of acc) {
    out.set(
      coinId,
      [...m]
        .map(([exchange, volume]) => ({ exchange, volume }))
        .sort((a, b) => b.volume - a.volume || (a.exchange < b.exchange ? -1 : 1)),
    );
  }
  return out;
}

function balances(coin: CoinRow, listing: { exchange: string; volume: number }[], now: Date): ExchangeBalanceRow[] {
  const rng = rngFor(`balances:${coin.id}`);
  const supply = n(coin.circulatingSupply);
  const venues = listing.slice(0, 20);
  const totalVolume = venues.reduce((a, v) => a + v.volume, 0) || 1;
  // Centralised exchanges together hold 4–18 % of the circulating supply, roughly by volume.
  const share = rng.range(0.04, 0.18);
  return venues.map((v) => {
    const balance =
      supply * share * (0.3 * (1 / venues.length) + 0.7 * (v.volume / totalVolume)) * rng.range(0.85, 1.15);
    return {
      exchange: v.exchange,
      coinId: coin.id,
      balance: dec(balance),
      change24h: dec(balance * rng.clampedNormal() * 0.012),
      change7d: dec(balance * rng.clampedNormal() * 0.04),
      updatedAt: now,
    };
  });
}

function repo(coin: CoinRow, url: string, now: Date): RepoRow {
  const rng = rngFor(`repo:${coin.id}`);
  const rank = coin.rank ?? 500;
  const stars = Math.round(rng.logRange(50, 1_500) * Math.max(1, 60 / Math.sqrt(rank)));
  // Commits per week: a project-sized level with a mean-reverting wobble; some projects are dormant.
  const dormant = rank > 20 && rng.chance(0.12);
  const activity = rng.logRange(2, 40) * Math.max(1, 8 / Math.sqrt(rank));
  const weeklyCommits: number[] = [];
  let wobble = 0;
  for (let w = 0; w < 52; w++) {
    wobble = 0.75 * wobble + 0.3 * rng.clampedNormal();
    weeklyCommits.push(
      dormant ? (rng.chance(0.05) ? 1 : 0) : Math.round(activity * Math.exp(wobble) * rng.range(0.6, 1.4)),
    );
  }
  const last4 = weeklyCommits.slice(-4).reduce((a, b) => a + b, 0);
  const fifth = weeklyCommits[47] ?? 0;
  const commits30d = last4 + Math.round(fifth * (2 / 7));
  const yearCommits = weeklyCommits.reduce((a, b) => a + b, 0);
  const ageYears = rng.range(1.5, 9);
  const commits = yearCommits + Math.round(rng.range(0.6, 1.4) * Math.max(yearCommits, 40) * (ageYears - 1));
  const lastActiveWeek = weeklyCommits.findLastIndex((c) => c > 0);
  const weeksAgo = lastActiveWeek < 0 ? rng.range(52, 150) : 51 - lastActiveWeek;
  // The busier the last active week, the more recent its last commit.
  const lastInWeek = rng.range(0.02, Math.min(6.9, 7 / ((weeklyCommits[lastActiveWeek] ?? 0) + 1)));
  const lastCommit = now.getTime() - (weeksAgo * 7 + lastInWeek) * DAY;
  return {
    coinId: coin.id,
    url,
    stars,
    forks: Math.round(stars * rng.range(0.08, 0.45)),
    watchers: Math.max(1, Math.round(stars * rng.range(0.02, 0.07))),
    commits,
    commits30d,
    contributors: Math.max(1, Math.round(rng.logRange(3, 40) * Math.sqrt(commits / 500 + 1))),
    openIssues: Math.round(rng.logRange(1, 40) * Math.sqrt(stars / 100 + 1)),
    lastCommitAt: new Date(Math.floor(Math.min(lastCommit, now.getTime() - 60_000) / 1000) * 1000),
    createdAt: new Date(Math.floor((now.getTime() - ageYears * 365 * DAY) / 1000) * 1000),
    weeklyCommits,
  };
}

function milestones(coin: CoinRow, now: Date): MilestoneRow[] {
  const rng = rngFor(`milestones:${coin.id}`);
  const nowMs = now.getTime();
  const listed = coin.listedOn ? Date.parse(`${coin.listedOn}T00:00:00Z`) : nowMs - 3 * 365 * DAY;
  const out: MilestoneRow[] = [];
  const dayOf = (ms: number) => new Date(floorDay(ms)).toISOString().slice(0, 10);
  // Process: history from a year before listing to now, in order.
  const steps = PROCESS_ITEMS.slice(0, rng.int(4, PROCESS_ITEMS.length));
  const start = listed - rng.range(200, 500) * DAY;
  steps.forEach(([title, description], i) => {
    const at =
      i < 3 ? start + ((listed - start) * (i + 1)) / 4 : listed + ((nowMs - listed) * (i - 2)) / (steps.length - 1.5);
    out.push({
      coinId: coin.id,
      kind: 'process',
      at: dayOf(Math.min(at, nowMs - DAY)),
      title: title === 'First exchange listing' && coin.firstExchange ? `Listed on ${coin.firstExchange}` : title,
      description,
      done: true,
    });
  });
  // Roadmap: a few delivered items in the past year and planned ones over the next 18 months.
  const items = rng.shuffle(ROADMAP_ITEMS).slice(0, rng.int(4, 7));
  items.forEach(([title, description], i) => {
    const past = i < 2;
    const at = past ? nowMs - rng.range(30, 330) * DAY : nowMs + rng.range(20, 540) * DAY;
    out.push({ coinId: coin.id, kind: 'roadmap', at: dayOf(at), title, description, done: past });
  });
  return out;
}

function demoUsers(now: Date): DemoUserRow[] {
  const rng = rngFor('demo-users');
  const used = new Set<string>();
  const out: DemoUserRow[] = [];
  while (out.length < DEMO_USERS) {
    const i = rng.int(0, FIRST.length - 1);
    const num = rng.int(1, 99);
    const username = `demo_${FIRST[i]}_${num}`;
    if (used.has(username)) continue;
    used.add(username);
    const created = new Date(Math.floor((now.getTime() - rng.range(200, 900) * DAY) / 1000) * 1000);
    out.push({
      username,
      nickname: `${NICK[i]} ${num}`,
      invitationCode: `DEMO${draw(rng, '23456789ABCDEFGHJKLMNPQRSTUVWXYZ', 6)}`,
      // Never a valid hash of anything typed at a login form: "!" marks a locked account.
      passwordHash: `!demo$${draw(rng, HEX, 64)}`,
      createdAt: created,
      updatedAt: created,
    });
  }
  return out;
}

function reviewsFor(
  targetType: 'coin' | 'exchange',
  targetId: string,
  quality: number,
  users: DemoUserRow[],
  now: Date,
): ReviewRow[] {
  const rng = rngFor(`reviews:${targetType}:${targetId}`);
  const dims = targetType === 'coin' ? COIN_DIMENSIONS : EXCHANGE_DIMENSIONS;
  const texts = targetType === 'coin' ? COIN_REVIEW_TEXT : EXCHANGE_REVIEW_TEXT;
  const count = rng.int(3, 12);
  const authors = rng.shuffle(users).slice(0, count);
  return authors.map((u) => {
    const mood = quality + rng.clampedNormal() * 0.8;
    const ratings: Record<string, number> = {};
    for (const d of dims) ratings[d] = Math.max(1, Math.min(5, Math.round(mood + rng.clampedNormal() * 0.7)));
    const values = Object.values(ratings);
    const overall = Math.round((values.reduce((a, b) => a + b, 0) / values.length) * 10) / 10;
    const tone = overall >= 4 ? 'high' : overall <= 2.5 ? 'low' : 'mid';
    const at = now.getTime() - rng.logRange(0.05, 300) * DAY;
    return {
      username: u.username,
      targetType,
      targetId,
      content: rng.pick(texts[tone]),
      anonymous: rng.chance(0.1),
      ratings,
      overall: String(overall),
      createdAt: new Date(Math.floor(at / 1000) * 1000),
    };
  });
}

export function generateDepth({ coins, coinLinks, exchanges, tickers, now }: DepthInput): DepthData {
  const byRank = [...coins].sort((a, b) => (a.rank ?? 1e9) - (b.rank ?? 1e9));
  const top = byRank.slice(0, DEPTH_COINS);
  const exByName = new Map(exchanges.map((e) => [e.name, e]));
  const listings = listingsByCoin(tickers);
  const cexListings = (coinId: string) =>
    (listings.get(coinId) ?? []).filter((l) => exByName.get(l.exchange)?.type === 'CEX');

  const coinFlows: CoinFlowRow[] = [];
  for (const c of coins) {
    const bias = Math.max(-0.3, Math.min(0.3, n(c.change24h) / 40));
    for (const f of flows(`coin:${c.id}`, n(c.volume24h), bias, now)) coinFlows.push({ coinId: c.id, ...f });
  }
  const exchangeFlows: ExchangeFlowRow[] = [];
  for (const e of exchanges) {
    const bias = rngFor(`flow-bias:${e.name}`).clampedNormal() * 0.08;
    for (const f of flows(`exchange:${e.name}`, n(e.reportedVolume24h), bias, now))
      exchangeFlows.push({ exchange: e.name, ...f });
  }

  const coinHolders: HolderRow[] = [];
  const coinChainDaily: ChainDailyRow[] = [];
  const coinTransfers: TransferRow[] = [];
  const exchangeBalances: ExchangeBalanceRow[] = [];
  const coinMilestones: MilestoneRow[] = [];
  for (const c of top) {
    const cex = cexListings(c.id);
    const h = holders(
      c,
      cex.map((l) => ({ exchange: l.exchange, displayName: exByName.get(l.exchange)?.displayName ?? l.exchange })),
      now,
    );
    coinHolders.push(...h);
    coinChainDaily.push(...chainDaily(c, now));
    coinTransfers.push(...transfers(c, h, now));
    exchangeBalances.push(...balances(c, cex, now));
    coinMilestones.push(...milestones(c, now));
  }

  const coinRepos: RepoRow[] = [];
  const coinById = new Map(coins.map((c) => [c.id, c]));
  const seenRepo = new Set<string>();
  for (const l of coinLinks) {
    if (l.kind !== 'repository' || seenRepo.has(l.coinId)) continue;
    const c = coinById.get(l.coinId);
    if (!c) continue;
    seenRepo.add(l.coinId);
    coinRepos.push(repo(c, l.url, now));
  }

  const users = demoUsers(now);
  const comments: ReviewRow[] = [];
  for (const c of byRank.slice(0, REVIEWED_COINS)) {
    const quality = rngFor(`quality:coin:${c.id}`).range(2.6, 4.6);
    comments.push(...reviewsFor('coin', c.id, quality, users, now));
  }
  const topExchanges = [...exchanges].sort((a, b) => (a.rank ?? 1e9) - (b.rank ?? 1e9)).slice(0, REVIEWED_EXCHANGES);
  for (const e of topExchanges) {
    const quality = Math.max(
      1.5,
      Math.min(4.8, n(e.starRating) || rngFor(`quality:exchange:${e.name}`).range(2.5, 4.5)),
    );
    comments.push(...reviewsFor('exchange', e.name, quality, users, now));
  }

  return {
    coinFlows,
    exchangeFlows,
    coinHolders,
    coinChainDaily,
    coinTransfers,
    exchangeBalances,
    coinRepos,
    coinMilestones,
    users,
    comments,
  };
}
