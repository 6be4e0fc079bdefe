/**
 * Demo calendar events, from 45 days before `now` to 60 days after it (150 rows).
 *
 * Recurring dates a crypto calendar carries (the Ethereum core developers' call every
 * Thursday, CME Bitcoin futures and Deribit options expiries on the last Friday of a month,
 * the US CPI release, two FOMC decisions) plus project events of the top coins (mainnet
 * launches, upgrades, unlocks, listings, burns, votes, AMAs, exchange maintenance), three of
 * them today. Events are not localised: titles are English, as the projects publish them.
 * Credibility is the share of confirming votes (votes up ÷ all votes), as the schema defines
 * it; official sources draw more confirming votes than community rumours.
 */
import { calendarEvents } from '../../db/schema/index.ts';
import { bulkInsert } from '../bulk.ts';
import { STABLE_SYMBOLS } from '../data/taxonomy.ts';
import type { Rng } from '../random.ts';
import type { ContentSeedContext, SeedCoin, SeedExchange } from './context.ts';

const TOTAL = 150;
const DAYS_BEFORE = 45;
const DAYS_AFTER = 60;
const TODAY_EVENTS = 3;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

type Row = typeof calendarEvents.$inferInsert;

interface Vars {
  c: SeedCoin;
  x: SeedExchange;
  m: number;
  n: number;
}

interface Template {
  /** Whether the event names a coin, an exchange, or both. */
  coin: boolean;
  exchange: boolean;
  importance: [min: number, max: number];
  tags: string[];
  /** Source labels; the first ones are official (they draw more confirming votes). */
  sources: (v: Vars) => string[];
  title: (v: Vars) => string;
  body: (v: Vars) => string;
}

const OFFICIAL = (v: Vars) => [
  `${v.c.name} official website`,
  `${v.c.name} official X account`,
  `${v.c.name} blog`,
  'Community forum',
];
const EXCHANGE = (v: Vars) => [
  `${v.x.displayName} announcement`,
  `${v.x.displayName} official X account`,
  'Community forum',
];
const CODENAMES = [
  'Aurora',
  'Borealis',
  'Cascade',
  'Delta',
  'Ember',
  'Fjord',
  'Granite',
  'Halcyon',
  'Iris',
  'Juniper',
  'Kestrel',
  'Lumen',
];
const CONFERENCES = [
  'Asia Crypto Week',
  'Web3 Builders Summit',
  'DeFi Developers Conference',
  'Digital Asset Forum',
  'Layer-1 Summit',
];

const TEMPLATES: Template[] = [
  {
    coin: true,
    exchange: false,
    importance: [4, 5],
    tags: ['mainnet', 'launch'],
    sources: OFFICIAL,
    title: (v) => `${v.c.name} (${v.c.symbol}) mainnet launch`,
    body: (v) =>
      `${v.c.name} launches its mainnet. Token holders should follow the official migration guide; exchanges will handle the ${v.c.symbol} swap for users who keep their tokens there.`,
  },
  {
    coin: true,
    exchange: false,
    importance: [3, 5],
    tags: ['upgrade', 'hard-fork'],
    sources: (v) => [...OFFICIAL(v).slice(0, 1), `${v.c.name} GitHub`, ...OFFICIAL(v).slice(1)],
    title: (v) => `${v.c.name} "${CODENAMES[v.n % CODENAMES.length]}" network upgrade`,
    body: (v) =>
      `The ${CODENAMES[v.n % CODENAMES.length]} upgrade activates on the ${v.c.name} network. Node operators must run the new client release; some exchanges may pause ${v.c.symbol} deposits and withdrawals around the activation.`,
  },
  {
    coin: true,
    exchange: false,
    importance: [2, 4],
    tags: ['token-unlock'],
    sources: (v) => ['Token unlock tracker', ...OFFICIAL(v)],
    title: (v) => `${v.c.symbol} token unlock: ${v.m} million ${v.c.symbol}`,
    body: (v) =>
      `About ${v.m} million ${v.c.symbol} are released from vesting, going to early investors, the team and the ecosystem fund.`,
  },
  {
    coin: true,
    exchange: true,
    importance: [2, 4],
    tags: ['listing', 'exchange'],
    sources: EXCHANGE,
    title: (v) => `${v.x.displayName} lists ${v.c.symbol}`,
    body: (v) =>
      `${v.x.displayName} opens spot trading of ${v.c.name} (${v.c.symbol}) against USDT. Deposits open before trading starts.`,
  },
  {
    coin: true,
    exchange: true,
    importance: [2, 3],
    tags: ['derivatives', 'listing', 'exchange'],
    sources: EXCHANGE,
    title: (v) => `${v.x.displayName} launches ${v.c.symbol}USDT perpetual contract`,
    body: (v) =>
      `${v.x.displayName} launches a USDT-margined ${v.c.symbol} perpetual contract with up to ${v.n % 2 ? 50 : 25}x leverage.`,
  },
  {
    coin: true,
    exchange: true,
    importance: [1, 2],
    tags: ['ama', 'community'],
    sources: EXCHANGE,
    title: (v) => `${v.x.displayName} AMA with the ${v.c.name} team`,
    body: (v) =>
      `The ${v.c.name} team answers community questions in the ${v.x.displayName} community channels, with ${v.c.symbol} rewards for selected questions.`,
  },
  {
    coin: true,
    exchange: false,
    importance: [2, 3],
    tags: ['airdrop', 'snapshot'],
    sources: OFFICIAL,
    title: (v) => `${v.c.name} airdrop snapshot`,
    body: (v) =>
      `A snapshot of ${v.c.symbol} balances is taken for the community airdrop. Balances held on supporting exchanges are included.`,
  },
  {
    coin: true,
    exchange: false,
    importance: [2, 3],
    tags: ['burn'],
    sources: OFFICIAL,
    title: (v) => `${v.c.symbol} quarterly token burn`,
    body: (v) => `${v.c.name} burns about ${v.m} million ${v.c.symbol} bought back from protocol revenue this quarter.`,
  },
  {
    coin: true,
    exchange: false,
    importance: [2, 3],
    tags: ['governance', 'vote'],
    sources: (v) => [`${v.c.name} governance forum`, ...OFFICIAL(v)],
    title: (v) => `${v.c.name} governance vote closes (proposal #${100 + v.m})`,
    body: (v) =>
      `Voting on ${v.c.name} proposal #${100 + v.m}, which changes the fee parameters and the treasury budget, closes.`,
  },
  {
    coin: true,
    exchange: false,
    importance: [1, 2],
    tags: ['conference'],
    sources: (v) => [`${CONFERENCES[v.n % CONFERENCES.length]} agenda`, ...OFFICIAL(v)],
    title: (v) => `${v.c.name} keynote at ${CONFERENCES[v.n % CONFERENCES.length]}`,
    body: (v) =>
      `Core contributors of ${v.c.name} present the project's roadmap at ${CONFERENCES[v.n % CONFERENCES.length]}.`,
  },
  {
    coin: false,
    exchange: true,
    importance: [1, 2],
    tags: ['maintenance', 'exchange'],
    sources: EXCHANGE,
    title: (v) => `${v.x.displayName} scheduled system maintenance`,
    body: (v) =>
      `${v.x.displayName} upgrades its systems for about ${(v.n % 3) + 1} hours. Deposits, withdrawals and trading are suspended during the maintenance.`,
  },
  {
    coin: true,
    exchange: true,
    importance: [3, 3],
    tags: ['delisting', 'exchange'],
    sources: EXCHANGE,
    title: (v) => `${v.x.displayName} delists ${v.c.symbol}`,
    body: (v) =>
      `${v.x.displayName} closes all ${v.c.symbol} trading pairs after a periodic review. Withdrawals stay open for 90 days.`,
  },
];

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const at = (dayStart: number, hour: number, minute = 0) => new Date(dayStart + hour * HOUR + minute * 60_000);

/** Votes and the credibility they imply; official sources draw a larger share of confirmations. */
function votes(rng: Rng, official: boolean, past: boolean, importance: number) {
  const total = Math.round(rng.logRange(8, 300) * (past ? 2 : 1) * (0.6 + importance / 5));
  const share = official ? rng.range(0.72, 0.98) : rng.range(0.35, 0.75);
  const votesUp = Math.round(total * share);
  const votesDown = total - votesUp;
  return { votesUp, votesDown, credibility: total === 0 ? null : Math.round((votesUp / total) * 100) };
}

/** Writes the demo rows; returns how many were written. */
export async function seedCalendar(ctx: ContentSeedContext): Promise<number> {
  const rng = ctx.rng('calendar');
  const today = Math.floor(ctx.now.getTime() / DAY) * DAY;
  const first = today - DAYS_BEFORE * DAY;
  const last = today + DAYS_AFTER * DAY;
  // Bitcoin and Ether get the recurring dates; launches, unlocks and burns are other projects'.
  const coins = ctx.coins
    .slice(0, 80)
    .filter((c) => !STABLE_SYMBOLS.has(c.symbol) && c.symbol !== 'BTC' && c.symbol !== 'ETH');
  const bySymbol = new Map(ctx.coins.map((c) => [c.symbol, c]));
  const btc = bySymbol.get('BTC');
  const eth = bySymbol.get('ETH');
  const exchanges = ctx.exchanges.slice(0, 20);
  const deribit = ctx.exchanges.find((e) => e.name === 'deribit');
  if (coins.length < 10 || exchanges.length === 0) return 0;

  const rows: Row[] = [];
  const seen = new Set<string>();
  const add = (row: Row & { startsAt: Date }) => {
    const key = `${row.title}|${row.startsAt.getTime()}`;
    if (seen.has(key) || rows.length >= TOTAL) return;
    seen.add(key);
    rows.push(row);
  };
  const recurring = (
    title: string,
    startsAt: Date,
    o: {
      body: string;
      coinId?: string | undefined;
      exchangeId?: number | undefined;
      importance: number;
      tags: string[];
      source: string;
    },
  ) =>
    add({
      title,
      startsAt,
      body: o.body,
      coinId: o.coinId ?? null,
      exchangeId: o.exchangeId ?? null,
      importance: o.importance,
      tags: o.tags,
      source: o.source,
      ...votes(rng, true, startsAt.getTime() < ctx.now.getTime(), o.importance),
    });

  // Recurring dates, walking the window day by day (all UTC).
  for (let d = first; d <= last; d += DAY) {
    const date = new Date(d);
    const weekday = date.getUTCDay();
    const dom = date.getUTCDate();
    const month = MONTHS[date.getUTCMonth()] as string;
    const lastFriday = weekday === 5 && new Date(d + 7 * DAY).getUTCMonth() !== date.getUTCMonth();
    if (weekday === 4 && eth && rng.chance(0.7)) {
      recurring(`Ethereum All Core Developers call (${isoDay(d)})`, at(d, 14), {
        body: 'The Ethereum core developers meet to coordinate client releases and the scope and timing of the next network upgrade. The call is streamed publicly.',
        coinId: eth.id,
        importance: 1,
        tags: ['development', 'ethereum'],
        source: 'Ethereum Foundation GitHub',
      });
    }
    if (lastFriday && btc) {
      recurring(`CME Bitcoin futures ${month} expiry`, at(d, 15), {
        body: `The CME Bitcoin futures contract for ${month} expires and settles against the CME CF Bitcoin Reference Rate. Expiries often come with higher volatility.`,
        coinId: btc.id,
        importance: 3,
        tags: ['derivatives', 'expiry'],
        source: 'CME Group',
      });
      recurring(`Deribit ${month} BTC and ETH options expiry`, at(d, 8), {
        body: `The monthly Bitcoin and Ether options on Deribit expire at 08:00 UTC. The notional value expiring is among the largest of the quarter.`,
        coinId: btc.id,
        exchangeId: deribit?.id,
        importance: 4,
        tags: ['options', 'expiry', 'derivatives'],
        source: 'Deribit',
      });
    }
    if (dom === 12) {
      recurring(`US CPI release (${month})`, at(d, 13, 30), {
        body: 'The U.S. Bureau of Labor Statistics publishes the consumer price index. Inflation surprises move rate expectations and, with them, crypto prices.',
        importance: 4,
        tags: ['macro', 'inflation'],
        source: 'U.S. Bureau of Labor Statistics',
      });
    }
  }
  for (const offset of [-20, 22]) {
    const d = today + offset * DAY;
    recurring(`FOMC interest rate decision (${isoDay(d)})`, at(d, 19), {
      body: "The Federal Open Market Committee announces its decision on the federal funds rate, followed by the chair's press conference at 19:30 UTC.",
      importance: 5,
      tags: ['macro', 'fed'],
      source: 'Federal Reserve',
    });
  }

  // Project events of the top coins, three of them today.
  const hours = [0, 2, 4, 6, 8, 9, 10, 12, 13, 14, 15, 16, 18, 20];
  for (let i = 0; rows.length < TOTAL && i < TOTAL * 3; i++) {
    const template = rng.pick(TEMPLATES);
    const v: Vars = {
      c: rng.weighted(coins, (c) => 1 / ((c.rank ?? 80) + 2)),
      x: rng.weighted(exchanges, (e) => 1 / (exchanges.indexOf(e) + 2)),
      m: rng.int(3, 90),
      n: rng.int(0, 99),
    };
    const day = i < TODAY_EVENTS ? today : today + rng.int(-DAYS_BEFORE, DAYS_AFTER) * DAY;
    const startsAt = at(day, rng.pick(hours), rng.chance(0.3) ? 30 : 0);
    const sources = template.sources(v);
    const sourceIndex = rng.weighted(
      sources.map((_, k) => k),
      (k) => 1 / (k + 1),
    );
    const importance = rng.int(template.importance[0], template.importance[1]);
    add({
      title: template.title(v),
      body: template.body(v),
      startsAt,
      coinId: template.coin ? v.c.id : null,
      exchangeId: template.exchange ? v.x.id : null,
      importance,
      tags: template.tags,
      source: sources[sourceIndex] as string,
      ...votes(rng, sourceIndex < sources.length - 1, startsAt.getTime() < ctx.now.getTime(), importance),
    });
  }
  rows.sort(
    (a, b) => (a.startsAt as Date).getTime() - (b.startsAt as Date).getTime() || a.title.localeCompare(b.title),
  );
  await bulkInsert(ctx.db, calendarEvents, rows);
  return rows.length;
}
