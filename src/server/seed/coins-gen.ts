/**
 * Coin market figures: prices, supplies and market caps (top list by hand, a steep tail below
 * it), simulated histories, the change/high/low/ATH/ATL fields derived from them, and the
 * coin rows with their links, tags and concepts.
 */
import type { coins as coinsTable } from '../db/schema/index.ts';
import { TOP_COINS } from './data/coins-top.ts';
import { TAG_CONCEPT } from './data/taxonomy.ts';
import type { ExchangeSeed } from './data/exchanges-data.ts';
import { coinLinks, describe, type LinkKind } from './coin-text.ts';
import { cmpDec, dec, mulDec, r10 } from './decimal.ts';
import { DAY, HOUR, pegged, simulate, stats, type History, type HistoryStats, type Layout } from './history.ts';
import { rngFor, type Rng } from './random.ts';
import type { CoinBase } from './universe.ts';

export type CoinRow = typeof coinsTable.$inferInsert;

/** What the ticker and kline generators need to know about a coin. */
export interface CoinMarket {
  id: string;
  symbol: string;
  rank: number;
  price: number;
  change24h: number;
  volume24h: number;
  stable: boolean;
  platform: string | null;
  /**
   * The coin's simulated candles. Generated coins (SEED_COINS) walk again on each call rather
   * than keeping 20,000 histories in memory; the walk is deterministic, so every call agrees.
   */
  history: () => History;
  circulating: number;
  /** Made up by the SEED_COINS scale option; ranked below every real coin. */
  generated?: boolean;
}

export interface CoinOutput {
  rows: CoinRow[];
  links: { coinId: string; kind: LinkKind; url: string }[];
  tags: { coinId: string; tagSlug: string }[];
  concepts: { coinId: string; conceptSlug: string }[];
  markets: CoinMarket[];
}

const LATEST_LISTING = 400 * DAY;

const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Market cap of the n-th coin (1-based) below the top list: a steep, slightly noisy decay. */
function tailCap(position: number, count: number, first: number, rng: Rng): number {
  const anchors: [number, number][] = [
    [51, Math.log10(first)],
    [100, Math.log10(4.5e8)],
    [200, Math.log10(6e7)],
    [300, Math.log10(1.2e7)],
    [400, Math.log10(2.5e6)],
    [Math.max(count, 401), 5],
  ];
  let log = 5;
  for (let i = 1; i < anchors.length; i++) {
    const [r0, v0] = anchors[i - 1] as [number, number];
    const [r1, v1] = anchors[i] as [number, number];
    if (position <= r1) {
      log = v0 + ((v1 - v0) * (position - r0)) / (r1 - r0);
      break;
    }
  }
  return 10 ** (log + rng.range(-0.06, 0.06));
}

function tailPrice(c: CoinBase, rng: Rng): number {
  if (c.stable) return 1 + 0.0005 * rng.clampedNormal();
  if (c.extra) return c.extra.price * Math.exp(0.1 * rng.clampedNormal());
  const u = rng.next();
  if (u < 0.03) return rng.logRange(1e-9, 1e-7);
  if (u < 0.08) return rng.logRange(1e-7, 1e-4);
  return rng.logRange(1e-4, 500);
}

function tailVolatility(c: CoinBase, rng: Rng): number {
  if (c.stable) return 0.001;
  if (c.tags.includes('meme')) return rng.range(0.09, 0.12);
  return c.notable ? rng.range(0.045, 0.09) : rng.range(0.06, 0.12);
}

function listingDate(c: CoinBase, latest: number, rng: Rng): string {
  if (c.top) return c.top.listedOn;
  const from = c.extra ? Date.UTC(c.extra.listedYear, 0, 1) : Date.UTC(2014, 0, 1);
  const to = c.extra ? Date.UTC(c.extra.listedYear, 11, 31) : Date.UTC(2021, 11, 31);
  return isoDate(Math.min(Math.floor(rng.range(from, to) / DAY) * DAY, latest));
}

/** An exchange already open on the listing day, bigger ones more likely; DEXes for their own chain. */
function firstExchange(c: CoinBase, listedOn: string, seeds: ExchangeSeed[], rng: Rng): string {
  const open = seeds
    .map((s, i) => ({ s, w: 1 / (i + 3) }))
    .filter(
      ({ s }) => s.foundedOn <= listedOn && !s.flags.includes('x') && (s.type === 'CEX' || s.chain === c.platform),
    );
  if (open.length === 0)
    return [...seeds].sort((a, b) => a.foundedOn.localeCompare(b.foundedOn))[0]?.displayName ?? 'Bitstamp';
  return rng.weighted(open, (o) => o.w).s.displayName;
}

interface Sized {
  base: CoinBase;
  price: number;
  circulating: number;
  total: number;
  max: number | null;
  volatility: number;
  volume24h: number;
}

/** Prices, supplies and volumes before histories: top list first, then the tail in cap order. */
function sizeCoins(universe: CoinBase[]): Sized[] {
  const out: Sized[] = [];
  const topIndex = (c: CoinBase) => (c.top ? TOP_COINS.indexOf(c.top) : -1);
  const top = universe.filter((c) => c.top).sort((a, b) => topIndex(a) - topIndex(b));
  const bySymbol = new Map(top.map((c) => [c.symbol, c]));
  let minTopCap = Infinity;
  for (const c of top) {
    const t = c.top;
    if (!t) continue;
    const rng = rngFor(`size:${c.id}`);
    let price = t.price * (1 + 0.01 * rng.clampedNormal());
    if (t.stable) price = 1 + 0.0003 * rng.clampedNormal();
    const base = t.pegTo ? out.find((s) => s.base === bySymbol.get(t.pegTo ?? '')) : undefined;
    if (base) price = base.price * (1 - rng.range(0.0002, 0.0012));
    price = r10(price);
    const circulating = r10(t.circulating * (1 - rng.range(0, 0.003)));
    const total = Math.max(r10(t.total ?? t.circulating), circulating);
    const max = t.max ? Math.max(r10(t.max), total) : null;
    const cap = price * circulating;
    minTopCap = Math.min(minTopCap, cap);
    const turnover = t.stable ? rng.range(0.15, 0.6) : rng.logRange(0.02, 0.12);
    out.push({ base: c, price, circulating, total, max, volatility: t.volatility, volume24h: r10(cap * turnover) });
  }
  // The tail: notable coins first (loosely), then the long tail of older manifest coins.
  const order = rngFor('tail-order');
  const tail = universe
    .filter((c) => !c.top)
    .map((c) => ({ c, score: c.notable ? order.next() : 0.7 + 1.3 * order.next() }))
    .sort((a, b) => a.score - b.score || a.c.id.localeCompare(b.c.id))
    .map(({ c }) => c);
  tail.forEach((c, i) => {
    const rng = rngFor(`size:${c.id}`);
    const cap = Math.min(tailCap(51 + i, universe.length, minTopCap * 0.8, rng), minTopCap * 0.85);
    const price = r10(tailPrice(c, rng));
    const circulating = r10(cap / price);
    const total = rng.chance(0.4) ? circulating : r10(circulating * rng.range(1, 1.6));
    const max = rng.chance(0.45) ? null : rng.chance(0.3) ? total : r10(total * rng.range(1, 2));
    const turnover = c.stable ? rng.range(0.05, 0.3) : rng.logRange(0.01, 0.3);
    out.push({
      base: c,
      price,
      circulating,
      total,
      max,
      volatility: r10(tailVolatility(c, rng), 3),
      volume24h: r10(cap * turnover),
    });
  });
  return out;
}

/**
 * Generated coins (SEED_COINS) below the real tail: market caps falling from just under the
 * smallest real cap by another two and a half orders of magnitude, so every generated coin
 * ranks after every real one and the real coins keep their ranks.
 */
function sizeGenerated(generated: CoinBase[], below: number): Sized[] {
  const top = Math.log10(below * 0.9);
  return generated.map((c, i) => {
    const rng = rngFor(`size:${c.id}`);
    const cap = Math.min(10 ** (top - (2.5 * i) / generated.length + rng.range(-0.05, 0.05)), below * 0.9);
    const price = r10(rng.logRange(1e-6, 50));
    const circulating = r10(cap / price);
    const total = rng.chance(0.4) ? circulating : r10(circulating * rng.range(1, 1.6));
    const max = rng.chance(0.45) ? null : r10(total * rng.range(1, 2));
    return {
      base: c,
      price,
      circulating,
      total,
      max,
      volatility: r10(rng.range(0.06, 0.14), 3),
      volume24h: r10(cap * rng.logRange(0.005, 0.2)),
    };
  });
}

/**
 * A coin's history, walked again on each call. Made outside the coin loop on purpose: a closure
 * there would share the loop's scope, and with it the walked history, keeping 20,000 of them alive.
 */
function walker(
  id: string,
  lay: Layout,
  walk: Parameters<typeof simulate>[2],
  peg: { history: History; price: number; volume24h: number } | null,
): () => History {
  return () =>
    peg
      ? pegged(peg.history, peg.price, walk.price, walk.volume24h / peg.volume24h)
      : simulate(rngFor(`walk:${id}`), lay, walk);
}

const kept = (history: History) => () => history;

export function generateCoins(universe: CoinBase[], lay: Layout, now: Date, seeds: ExchangeSeed[]): CoinOutput {
  const real = universe.filter((c) => !c.generated);
  const sized = sizeCoins(real);
  const generated = universe.filter((c) => c.generated);
  if (generated.length > 0)
    sized.push(...sizeGenerated(generated, Math.min(...sized.map((s) => s.price * s.circulating))));
  const latestListing = lay.T - LATEST_LISTING;
  const histories = new Map<string, History>();
  const rows: CoinRow[] = [];
  const markets: CoinMarket[] = [];
  const links: CoinOutput['links'] = [];
  const tags: CoinOutput['tags'] = [];
  const concepts: CoinOutput['concepts'] = [];
  for (const s of sized) {
    const c = s.base;
    const rng = rngFor(`coin:${c.id}`);
    const walk = { price: s.price, volatility: s.volatility, stable: c.stable, volume24h: s.volume24h };
    const peg = c.top?.pegTo ? sized.find((x) => x.base.symbol === c.top?.pegTo) : undefined;
    const pegHistory = peg ? histories.get(peg.base.id) : undefined;
    const walked = walker(
      c.id,
      lay,
      walk,
      peg && pegHistory ? { history: pegHistory, price: peg.price, volume24h: peg.volume24h } : null,
    );
    const full = walked();
    if (!c.generated) histories.set(c.id, full);
    const history = c.generated ? walked : kept(full);
    const st: HistoryStats = stats(full, lay);
    const windowStart = (full.daily[0] as { t: number }).t;
    const listedOn = listingDate(c, latestListing, rng);
    const listedMs = Date.parse(`${listedOn}T00:00:00Z`);
    const span = windowStart - listedMs;
    const at = (from: number, to: number) =>
      new Date(Math.floor((listedMs + span * rng.range(from, to)) / HOUR) * HOUR);
    let ath = st.max.price;
    let athAt = new Date(st.max.at);
    if (span > 30 * DAY && rng.chance(c.stable ? 0.5 : 0.6)) {
      ath = r10(ath * Math.exp(c.stable ? rng.range(0.005, 0.03) : rng.range(0.03, 0.08 + 4 * s.volatility)));
      athAt = at(0.2, 0.97);
    }
    let atl = st.min.price;
    let atlAt = new Date(st.min.at);
    if (span > 30 * DAY && rng.chance(c.stable ? 0.6 : 0.85)) {
      const years = span / (365 * DAY);
      atl = r10(atl * Math.exp(-(c.stable ? rng.range(0.01, 0.08) : rng.range(0.2, Math.min(7, 0.5 + 0.5 * years)))));
      atlAt = at(0, 0.25);
    }
    const issuePrice = c.top
      ? (c.top.issuePrice ?? null)
      : !c.stable && rng.chance(0.45)
        ? r10(atl * rng.range(1, 4))
        : c.stable
          ? 1
          : null;
    const price = dec(s.price);
    const circulating = dec(s.circulating);
    rows.push({
      id: c.id,
      symbol: c.symbol,
      name: c.name,
      color: c.color,
      hasIcon: c.hasIcon,
      price,
      change1h: dec(st.change1h, 8),
      change24h: dec(st.change24h, 8),
      change7d: dec(st.change7d, 8),
      change30d: dec(st.change30d, 8),
      change1y: dec(st.change1y, 8),
      circulatingSupply: circulating,
      totalSupply: dec(s.total),
      maxSupply: s.max === null ? null : dec(s.max),
      marketCap: mulDec(price, circulating),
      rank: 0,
      volume24h: dec(s.volume24h),
      high24h: dec(st.high24h),
      low24h: dec(st.low24h),
      ath: dec(ath),
      athAt,
      atl: dec(atl),
      atlAt,
      openYesterday: dec(st.openYesterday),
      closeYesterday: dec(st.closeYesterday),
      issuePrice: issuePrice === null ? null : dec(issuePrice),
      listedOn,
      firstExchange: firstExchange(c, listedOn, seeds, rng),
      firstListedAt: new Date(listedMs + rng.int(0, 23) * HOUR),
      platform: c.platform,
      isToken: c.platform !== null,
      reviewed: true,
      // biome-ignore lint/correctness/usePlaywrightValidDescribeCallback: the seeder's description writer, not a test
      description: describe({ ...c, circulating: s.circulating, max: s.max, listedOn }, rng),
      sparkline7d: st.sparkline,
      volatility: dec(s.volatility, 4),
      priceAt: now,
      updatedAt: now,
    });
    markets.push({
      id: c.id,
      symbol: c.symbol,
      rank: 0,
      price: s.price,
      change24h: st.change24h,
      volume24h: s.volume24h,
      stable: c.stable,
      platform: c.platform,
      history,
      circulating: s.circulating,
      ...(c.generated ? { generated: true } : {}),
    });
    for (const tag of c.tags) tags.push({ coinId: c.id, tagSlug: tag });
    const sectors = new Set(c.tags.map((t) => TAG_CONCEPT[t]).filter((x): x is string => !!x));
    for (const concept of sectors) concepts.push({ coinId: c.id, conceptSlug: concept });
  }
  // Rank by exact market cap, ties by id.
  rows.sort((a, b) => cmpDec(b.marketCap as string, a.marketCap as string) || (a.id < b.id ? -1 : 1));
  const rankOf = new Map<string, number>();
  rows.forEach((r, i) => {
    r.rank = i + 1;
    rankOf.set(r.id, i + 1);
    const rng = rngFor(`review:${r.id}`);
    r.reviewed = i < 100 || rng.chance(0.83);
    for (const l of coinLinks(r.id, r.platform ?? null, i < 100, rng)) links.push({ coinId: r.id, ...l });
  });
  for (const m of markets) m.rank = rankOf.get(m.id) ?? 0;
  markets.sort((a, b) => a.rank - b.rank);
  return { rows, links, tags, concepts, markets };
}
