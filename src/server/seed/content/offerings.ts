/**
 * Demo ICO/IEO offerings: about 120 rows.
 *
 * - ~35 historical sales of real tokens (Ethereum's 2014 ICO, Binance Launchpad IEOs …) with
 *   approximate public figures, linked to the seeded coin of the same symbol when it exists.
 *   Their stored ROI is the seeded coin price over the sale price (the rankings rule), or an
 *   approximate multiple for tokens the demo universe lacks.
 * - ~85 invented projects spread over every phase relative to `now`: upcoming and coming-soon
 *   sales, IEOs warming up or raising right now, recently ended sales, traded tokens.
 *
 * Status is the phase at `now` (offeringStatusAt). Project texts (description, roadmap, team
 * roles) are English, as projects publish them; pages localise everything around them.
 * Demo users (demo_*, written by the market seeder just before) review some ended offerings.
 * The historical sales are in data/offerings-historic.ts; what invented projects are made of, and
 * the reviews' texts, in data/offerings-texts.ts.
 */
import { and, eq, inArray, like } from 'drizzle-orm';
import { comments, coins, offerings, users } from '../../db/schema/index.ts';
import { offeringStatusAt, roiMultiple, type OfferingKind } from '../../../features/content/offerings/index.ts';
import { DEMO_USERNAMES } from '../../db/provenance.ts';
import { REVIEW_DIMENSIONS } from '../../../features/reader/reviews/index.ts';
import type { Rng } from '../random.ts';
import { bulkInsert } from '../bulk.ts';
import { TOP_COINS } from '../data/coins-top.ts';
import { HISTORIC } from '../data/offerings-historic.ts';
import {
  ABOUT,
  AGENCIES,
  CHAINS,
  COUNTRIES,
  FIRST,
  FUNDS,
  LAST,
  LAUNCHPADS,
  NAME_A,
  NAME_B,
  PARTNERS,
  REVIEW_TEXT,
  ROADMAP_STEPS,
  ROLES,
  SECTORS,
  USE,
} from '../data/offerings-texts.ts';
import type { ContentSeedContext, SeedExchange } from './context.ts';
import { slugify } from '../../../lib/slug.ts';

const DAY = 86_400_000;
type Row = typeof offerings.$inferInsert;

// --- invented projects ---------------------------------------------------------------------

/** How many invented offerings per phase: [kind, status, count]. */
const PLAN: [OfferingKind, string, number][] = [
  ['ICO', 'upcoming', 8],
  ['ICO', 'ongoing', 8],
  ['ICO', 'finished', 6],
  ['ICO', 'traded', 18],
  ['IEO', 'coming_soon', 8],
  ['IEO', 'preheating', 8],
  ['IEO', 'fundraising', 7],
  ['IEO', 'fundraising_ended', 24],
];

/** A price rounded to two significant digits, as sale prices are set. */
function nicePrice(x: number): number {
  const p = 10 ** Math.floor(Math.log10(x) - 1);
  return Math.round(x / p) * p;
}
const round = (x: number, step: number) => Math.round(x / step) * step;
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);

function person(rng: Rng, used: Set<string>): string {
  for (;;) {
    const name = `${rng.pick(FIRST)} ${rng.pick(LAST)}`;
    if (!used.has(name)) {
      used.add(name);
      return name;
    }
  }
}

function roadmap(rng: Rng, start: number, end: number): { date: string; title: string }[] {
  const before = rng.shuffle(ROADMAP_STEPS.before).slice(0, rng.int(2, 3));
  const after = rng.shuffle(ROADMAP_STEPS.after).slice(0, rng.int(2, 4));
  const out: { date: string; title: string }[] = [];
  before.forEach((title, i) => out.push({ date: iso(start - (before.length - i) * rng.range(45, 120) * DAY), title }));
  out.push({ date: iso(start), title: 'Token sale opens' });
  after.forEach((title, i) => out.push({ date: iso(end + (i * rng.range(60, 150) + rng.range(1, 20)) * DAY), title }));
  return out.sort((a, b) => a.date.localeCompare(b.date));
}

/** An invented project in a given phase at `now`. */
function invented(
  rng: Rng,
  kind: OfferingKind,
  status: string,
  now: number,
  usedNames: Set<string>,
  takenSymbols: Set<string>,
  exchangeId: (displayName: string) => number | null,
): Row {
  const sector = rng.pick(SECTORS);
  let name = '';
  let symbol = '';
  for (;;) {
    const a = rng.pick(NAME_A);
    name = `${a} ${rng.pick(NAME_B[sector])}`;
    symbol = (a.replace(/[^A-Za-z]/g, '').slice(0, rng.int(3, 4)) + (rng.chance(0.3) ? 'X' : '')).toUpperCase();
    if (!usedNames.has(name) && !takenSymbols.has(symbol)) break;
  }
  usedNames.add(name);
  takenSymbols.add(symbol);

  // Dates by phase; IEO subscriptions last days, ICO sales weeks.
  const length = (kind === 'IEO' ? rng.range(1, 5) : rng.range(14, 45)) * DAY;
  let start: number;
  if (status === 'upcoming') start = now + rng.range(3, 60) * DAY;
  else if (status === 'coming_soon') start = now + rng.range(8, 45) * DAY;
  else if (status === 'preheating') start = now + rng.range(0.3, 6.8) * DAY;
  else if (status === 'ongoing' || status === 'fundraising') start = now - rng.range(0.1, 0.8) * length;
  else if (status === 'finished') start = now - length - rng.range(1, 20) * DAY;
  else start = now - length - rng.range(kind === 'IEO' ? 2 : 10, 420) * DAY;
  start = round(start, 3_600_000);
  const end = start + round(length, 3_600_000);

  const venue = kind === 'IEO' ? rng.weighted(LAUNCHPADS, (l) => l.weight) : rng.weighted(CHAINS, (c) => c.weight);
  const price = nicePrice(rng.logRange(0.002, 1.5));
  const goal = round(kind === 'IEO' ? rng.logRange(800_000, 12_000_000) : rng.logRange(2_000_000, 60_000_000), 50_000);
  const saleShare = rng.range(0.02, 0.2);
  const supply = round(goal / price / saleShare, 1_000_000) || 1_000_000;
  const people = new Set<string>();
  const team = ROLES.slice(0, rng.int(3, 6)).map((role) => ({ name: person(rng, people), role }));
  const advisers = Array.from({ length: rng.int(1, 4) }, () => person(rng, people));
  const listed = status === 'traded' || (status === 'fundraising_ended' && end < now - DAY);
  // Traded multiples: a long right tail, most sales ending between 0.3x and 5x.
  const roi = listed ? Math.round(Math.exp(rng.normal() * 1.2 + 0.25) * 10_000) / 10_000 : null;
  const agencies = rng.shuffle(AGENCIES).slice(0, rng.int(1, 3));
  return {
    slug: `${slugify(name)}-${symbol.toLowerCase()}`,
    kind,
    name,
    symbol,
    coinId: null,
    platform: venue.platform,
    platformExchangeId: 'exchange' in venue ? exchangeId(venue.exchange) : null,
    supply: String(supply),
    goal: String(goal),
    price: String(price),
    acceptCoin: rng.pick(venue.accept),
    softCap: String(round(goal * rng.range(0.2, 0.5), 50_000)),
    hardCap: String(goal),
    startAt: new Date(start),
    endAt: new Date(end),
    country: rng.pick(COUNTRIES),
    additionalIssue: rng.chance(0.25),
    team,
    advisers,
    partners: rng.shuffle(PARTNERS).slice(0, rng.int(1, 4)),
    ratingAgencies: agencies.map((a) => ({ name: a.name, rating: rng.pick(a.ratings) })),
    investors: rng.shuffle(FUNDS).slice(0, rng.int(2, 5)),
    roadmap: roadmap(rng, start, end),
    roi: roi === null ? null : String(roi),
    status: offeringStatusAt({ kind, startAt: new Date(start), endAt: new Date(end), listed }, new Date(now)),
    description:
      `${name} (${symbol}) is ${ABOUT[sector]}. ${USE[sector]} ` +
      `The ${kind === 'IEO' ? `${venue.platform} sale` : 'token sale'} offers ${Math.round(saleShare * 100)}% of the ${supply.toLocaleString('en-US')} ${symbol} supply ` +
      `at ${price} USD per token, with a hard cap of ${goal.toLocaleString('en-US')} USD.`,
  };
}

/** Reviews by the demo users on ended offerings; none when the demo users are absent. */
async function seedReviews(ctx: ContentSeedContext, rows: Row[]): Promise<void> {
  const demo = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(like(users.username, DEMO_USERNAMES))
    .orderBy(users.id);
  if (demo.length === 0) return;
  await ctx.db.delete(comments).where(
    and(
      eq(comments.targetType, 'offering'),
      inArray(
        comments.userId,
        demo.map((u) => u.id),
      ),
    ),
  );
  const rng = ctx.rng('offering-reviews');
  const dims = REVIEW_DIMENSIONS.offering;
  const now = ctx.now.getTime();
  const reviewed = rows.filter(
    (r) => r.status === 'traded' || r.status === 'fundraising_ended' || r.status === 'finished',
  );
  const out: (typeof comments.$inferInsert)[] = [];
  for (const r of reviewed) {
    if (!rng.chance(0.45)) continue;
    const quality = r.roi ? Math.max(1.5, Math.min(4.7, 3 + Math.log10(Number(r.roi)) * 0.8)) : rng.range(2.2, 4);
    const authors = rng.shuffle(demo).slice(0, rng.int(1, Math.min(8, demo.length)));
    const since = Math.max(r.endAt!.getTime(), now - 400 * DAY);
    for (const u of authors) {
      const ratings: Record<string, number> = {};
      for (const d of dims) ratings[d] = Math.max(1, Math.min(5, Math.round(quality + rng.clampedNormal() * 0.8)));
      const values = Object.values(ratings);
      const overall = Math.round((values.reduce((a, b) => a + b, 0) / values.length) * 10) / 10;
      const tone = overall >= 4 ? 'high' : overall <= 2.5 ? 'low' : 'mid';
      out.push({
        userId: u.id,
        targetType: 'offering',
        targetId: r.slug,
        content: rng.pick(REVIEW_TEXT[tone]),
        anonymous: rng.chance(0.1),
        ratings,
        overall: String(overall),
        createdAt: new Date(Math.floor(rng.range(since, now) / 1000) * 1000),
      });
    }
  }
  await bulkInsert(ctx.db, comments, out);
}

/** Writes the demo rows; returns how many were written. */
export async function seedOfferings(ctx: ContentSeedContext): Promise<number> {
  const rng = ctx.rng('offerings');
  const now = ctx.now.getTime();
  const bySymbol = new Map<string, ContentSeedContext['coins'][number]>();
  for (const c of ctx.coins) if (!bySymbol.has(c.symbol.toUpperCase())) bySymbol.set(c.symbol.toUpperCase(), c);
  const byName = new Map<string, SeedExchange>(ctx.exchanges.map((e) => [e.displayName, e]));
  const exchangeId = (displayName: string) => byName.get(displayName)?.id ?? null;

  // Linked coins' prices, for a stored ROI that agrees with the live rule.
  // Only coins whose demo price is modelled on the real market (coins-top.ts): elsewhere the
  // generated price would turn a real sale into a meaningless ROI.
  const modelled = new Set(TOP_COINS.map((c) => c.symbol.toUpperCase()));
  const linked = HISTORIC.map(
    (h) =>
      (h.coinSymbols ?? [h.symbol])
        .filter((s) => modelled.has(s))
        .map((s) => bySymbol.get(s))
        .find(Boolean) ?? null,
  );
  const ids = linked.filter((c): c is NonNullable<typeof c> => c !== null).map((c) => c.id);
  const prices = new Map(
    ids.length
      ? (await ctx.db.select({ id: coins.id, price: coins.price }).from(coins).where(inArray(coins.id, ids))).map(
          (c) => [c.id, c.price === null ? null : Number(c.price)],
        )
      : [],
  );

  const rows: Row[] = HISTORIC.map((h, i) => {
    const coin = linked[i];
    const start = Date.parse(`${h.start}T08:00:00Z`);
    const end = Math.max(start + 4 * 3_600_000, Date.parse(`${h.end}T20:00:00Z`));
    const roi = coin ? roiMultiple(prices.get(coin.id) ?? null, h.price) : h.roi;
    return {
      slug: `${slugify(h.name)}-${h.symbol.toLowerCase()}`,
      kind: h.kind,
      name: h.name,
      symbol: h.symbol,
      coinId: coin?.id ?? null,
      platform: h.platform,
      platformExchangeId: h.exchange ? exchangeId(h.exchange) : null,
      supply: String(h.supply),
      goal: String(h.goal),
      price: String(h.price),
      acceptCoin: h.accept,
      softCap: String(round(h.goal * 0.3, 10_000)),
      hardCap: String(h.goal),
      startAt: new Date(start),
      endAt: new Date(end),
      country: h.country,
      additionalIssue: h.additionalIssue,
      team: h.team.map(([name, role]) => ({ name, role })),
      advisers: h.advisers ?? [],
      partners: h.partners ?? [],
      ratingAgencies: [],
      investors: h.investors ?? [],
      // Only dated public events: the sale itself and, where known, the mainnet launch.
      roadmap: [
        { date: h.start, title: 'Token sale opens' },
        { date: h.end, title: 'Token sale closes' },
        ...(h.mainnet ? [{ date: h.mainnet, title: 'Mainnet launch' }] : []),
      ].sort((a, b) => a.date.localeCompare(b.date)),
      roi: roi === null ? String(h.roi) : String(Math.round(roi * 1e6) / 1e6),
      status: offeringStatusAt({ kind: h.kind, startAt: new Date(start), endAt: new Date(end), listed: true }, ctx.now),
      description:
        `${h.name} (${h.symbol}) is ${h.about}. ` +
        `Its ${h.kind === 'IEO' ? `${h.platform} sale` : 'token sale'} raised about ${h.goal.toLocaleString('en-US')} USD at ${h.price} USD per token (figures approximate).`,
    };
  });

  const usedNames = new Set(rows.map((r) => r.name));
  const takenSymbols = new Set([...bySymbol.keys(), ...rows.map((r) => r.symbol)]);
  for (const [kind, status, count] of PLAN) {
    for (let i = 0; i < count; i++) rows.push(invented(rng, kind, status, now, usedNames, takenSymbols, exchangeId));
  }
  await bulkInsert(ctx.db, offerings, rows);
  await seedReviews(ctx, rows);
  return rows.length;
}
