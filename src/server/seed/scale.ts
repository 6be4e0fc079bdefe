/**
 * The SEED_COINS scale option: a universe of many more coins than the real list, for
 * measuring how pages and queries behave as the market grows (scripts/bench/scale.mjs).
 *
 * The real coins and exchanges are generated exactly as without the option, and the made-up
 * ones are appended below them: generated coins rank after every real coin (their market caps
 * continue the tail's decay below its smallest cap), generated exchanges are small venues
 * that list generated coins and some top coins. So the first pages of every list look the
 * same at 1,000 or 20,000 coins, and only the size of the universe changes. Names say what
 * they are ("Gen Coin 1234", "Gen Exchange 300"); everything is deterministic, each value
 * from its own PRNG stream like the rest of the seeder.
 */
import { TOKEN_PLATFORMS } from './data/taxonomy.ts';
import type { ExchangeSeed } from './data/exchanges-data.ts';
import { rngFor } from './random.ts';
import { defaultTags, type CoinBase } from './universe.ts';

/** Most coins SEED_COINS may ask for (config.ts checks the same bound). */
export const MAX_SEED_COINS = 100_000;

/**
 * How many coins to generate beyond the real universe of `real` coins for a requested total
 * (undefined: none). Fewer than the real universe is refused: the real coins are what every
 * other part of the demo data (content, reviews, depth) is written about.
 */
export function extraCoinCount(real: number, requested: number | undefined): number {
  if (requested === undefined) return 0;
  if (!Number.isInteger(requested) || requested < real || requested > MAX_SEED_COINS) {
    throw new Error(
      `SEED_COINS must be a whole number from ${real} (the real coin universe) to ${MAX_SEED_COINS}; got ${requested}`,
    );
  }
  return requested - real;
}

/**
 * Exchanges to generate so that exchanges grow in proportion to coins (120 exchanges for the
 * real 572 coins today); at least one whenever there are generated coins to list.
 */
export function extraExchangeCount(realCoins: number, realExchanges: number, extraCoins: number): number {
  if (extraCoins <= 0) return 0;
  return Math.max(1, Math.round((realExchanges * (realCoins + extraCoins)) / realCoins) - realExchanges);
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

/**
 * Coins number `first`, `first + 1` … (their position in the universe): id `gen-coin-<n>`,
 * symbol `GEN<n>`, no icon (the letter badge), a token on a common chain or a native coin.
 */
export function generatedCoins(first: number, count: number): CoinBase[] {
  const out: CoinBase[] = [];
  for (let i = 0; i < count; i++) {
    const n = first + i;
    const rng = rngFor(`gen-coin:${n}`);
    const symbol = `GEN${n}`;
    const platform = rng.chance(0.8) ? rng.weighted(TOKEN_PLATFORMS, ([, w]) => w)[0] : null;
    const tags = defaultTags(symbol, platform === null);
    out.push({
      id: `gen-coin-${n}`,
      symbol,
      name: `Gen Coin ${n}`,
      color: hsl(rng.range(0, 360), rng.range(0.45, 0.8), rng.range(0.35, 0.55)),
      hasIcon: false,
      platform,
      tags,
      stable: false,
      top: null,
      extra: null,
      notable: false,
      generated: true,
    });
  }
  return out;
}

const COUNTRIES = [
  'Seychelles',
  'Cayman Islands',
  'Singapore',
  'United Kingdom',
  'Estonia',
  'Lithuania',
  'Hong Kong',
  'Panama',
  'Turkey',
  'Brazil',
];
const DEX_CHAINS = ['Ethereum', 'BNB Chain', 'Solana', 'Polygon', 'Arbitrum', 'Base'];

/** Exchange seeds number `first`, `first + 1` …: small USDT venues, a fifth with perpetuals. */
export function generatedExchangeSeeds(first: number, count: number): ExchangeSeed[] {
  const out: ExchangeSeed[] = [];
  for (let i = 0; i < count; i++) {
    const n = first + i;
    const rng = rngFor(`gen-exchange:${n}`);
    const dex = rng.chance(0.15);
    const year = rng.int(2015, 2024);
    const month = String(rng.int(1, 12)).padStart(2, '0');
    out.push({
      displayName: `Gen Exchange ${n}`,
      type: dex ? 'DEX' : 'CEX',
      country: dex ? null : rng.pick(COUNTRIES),
      foundedOn: `${year}-${month}-01`,
      flags: rng.chance(0.2) ? 'f' : '',
      profile: 'g',
      chain: dex ? rng.pick(DEX_CHAINS) : null,
      color: null,
    });
  }
  return out;
}
