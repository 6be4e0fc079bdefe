/** Exchange rows (the volume, pair and coin counts are filled in from the tickers later). */
import type { exchanges as exchangesTable } from '../db/schema/index.ts';
import { EXCHANGE_SEEDS, type ExchangeSeed } from './data/exchanges-data.ts';
import { fixed } from './decimal.ts';
import { rngFor, type Rng } from './random.ts';
import { generatedExchangeSeeds } from './scale.ts';
import { slugify } from './universe.ts';

export type ExchangeRow = Omit<typeof exchangesTable.$inferInsert, 'id'>;

export interface ExchangeInfo {
  name: string;
  seed: ExchangeSeed;
  /** Position among exchanges of its type, biggest first. */
  tier: number;
  /** Relative share of trading volume. */
  size: number;
  /** How many coins it lists. */
  coinTarget: number;
  row: ExchangeRow;
  /** Made up by the SEED_COINS scale option (scale.ts): a small venue ranked below the real ones. */
  generated?: boolean;
}

function hsl(h: number, s: number, l: number): string {
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => {
    const k = (n + h / 30) % 12;
    const c = l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return Math.round(255 * c)
      .toString(16)
      .padStart(2, '0');
  };
  return `#${f(0)}${f(8)}${f(4)}`;
}

function fees(seed: ExchangeSeed, rng: Rng): [string, string] {
  if (seed.type === 'DEX') {
    const fee = rng.pick([0.05, 0.1, 0.25, 0.3, 0.3]);
    return [fixed(fee, 3), fixed(fee, 3)];
  }
  const maker = rng.pick([0, 0.02, 0.05, 0.08, 0.1, 0.1, 0.1, 0.15, 0.2]);
  const taker = maker + rng.pick([0.02, 0.03, 0.05, 0.05, 0.1, 0.15]);
  return [fixed(maker, 3), fixed(taker, 3)];
}

function describeExchange(seed: ExchangeSeed): string {
  const year = seed.foundedOn.slice(0, 4);
  const features: string[] = [];
  if (!seed.flags.includes('x')) features.push('spot trading');
  if (seed.flags.includes('f')) features.push('futures');
  if (seed.flags.includes('l')) features.push('margin');
  if (seed.flags.includes('$')) features.push('fiat deposits');
  const list =
    features.length > 1
      ? `${features.slice(0, -1).join(', ')} and ${features[features.length - 1]}`
      : (features[0] ?? 'trading');
  const intro =
    seed.type === 'DEX'
      ? `${seed.displayName} is a decentralised exchange${seed.chain && seed.chain !== '*' ? ` on ${seed.chain}` : ''}, launched in ${year}.`
      : `${seed.displayName} is a centralised exchange registered in ${seed.country ?? 'an undisclosed country'}, founded in ${year}.`;
  // No "demo" disclaimer in the text: the pages label demo rows themselves, and an exchange the
  // live sources later report keeps its description.
  return `${intro} It offers ${list}.`;
}

/** The real exchanges, then `extra` generated ones (the SEED_COINS scale option). */
export function generateExchanges(now: Date, extra = 0): ExchangeInfo[] {
  let cex = 0;
  let dex = 0;
  const seeds =
    extra > 0 ? [...EXCHANGE_SEEDS, ...generatedExchangeSeeds(EXCHANGE_SEEDS.length + 1, extra)] : EXCHANGE_SEEDS;
  return seeds.map((seed, index) => {
    const generated = index >= EXCHANGE_SEEDS.length;
    const name = slugify(seed.displayName);
    const rng = rngFor(`exchange:${name}`);
    const isDex = seed.type === 'DEX';
    const tier = isDex ? dex++ : cex++;
    // Generated venues are a twentieth of the size the real curve gives their tier, so their
    // share of the top coins' volume stays small and they rank below the real exchanges.
    const size =
      (generated ? 0.05 : 1) * (isDex ? 0.3 : 1) * (tier + 1) ** -1.05 * Math.exp(0.25 * rng.clampedNormal());
    let coinTarget = Math.round(
      (isDex ? 12 + 220 * (tier + 1) ** -0.7 : 14 + 430 * (tier + 1) ** -0.6) * Math.exp(0.15 * rng.clampedNormal()),
    );
    if (seed.profile === 'jp') coinTarget = Math.min(coinTarget, 45);
    if (seed.flags.includes('x')) coinTarget = 0;
    const visits = Math.round((isDex ? 1.2e7 : 5e7) * (tier + 1) ** -0.95 * Math.exp(0.3 * rng.clampedNormal()));
    const [makerFee, takerFee] = fees(seed, rng);
    // Real tiers stay below 100; the bound keeps generated venues' ratings and delays sensible.
    const rating = Math.max(1, Math.min(5, 4.8 - 0.025 * Math.min(tier, 100) + 0.35 * rng.clampedNormal()));
    const row: ExchangeRow = {
      name,
      displayName: seed.displayName,
      type: seed.type,
      country: seed.country,
      foundedOn: seed.foundedOn,
      rank: null,
      makerFee,
      takerFee,
      reportedVolume24h: '0',
      hasSpot: !seed.flags.includes('x'),
      hasLeverage: seed.flags.includes('l'),
      hasFiat: seed.flags.includes('$'),
      hasMiningIncentive: seed.flags.includes('m'),
      hasFutures: seed.flags.includes('f'),
      coinCount: 0,
      pairCount: 0,
      monthlyVisits: visits,
      followers: Math.round(visits * rng.range(0.005, 0.05)),
      apiDelayMs: Math.round(rng.range(40, 400) * (1 + Math.min(tier, 100) / 20)),
      webDelayMs: Math.round(rng.range(200, 1200) * (1 + Math.min(tier, 100) / 25)),
      starRating: fixed(rating, 1),
      reviewed: tier < 20 || rng.chance(0.75),
      website: `https://${name}.example`,
      color: seed.color ?? hsl(rng.range(0, 360), rng.range(0.5, 0.85), rng.range(0.35, 0.55)),
      description: describeExchange(seed),
      updatedAt: now,
    };
    return { name, seed, tier, size, coinTarget, row, ...(generated ? { generated: true } : {}) };
  });
}
