/**
 * Market pairs. Each exchange lists a size-dependent number of coins (top coins nearly
 * everywhere, tail coins on few venues), spot pairs against the quotes of its region, and
 * perpetual and dated futures on derivatives venues. A coin's 24h volume is split across its
 * tickers, so the tickers add up to the coin's volume; exchange totals come from the tickers.
 */
import type { tickers as tickersTable } from '../db/schema/index.ts';
import { DATED_CONTRACTS, USD_FUTURES } from './data/exchanges-data.ts';
import { cmpDec, dec, r10, sumDec } from './decimal.ts';
import type { CoinMarket } from './coins-gen.ts';
import type { ExchangeInfo } from './exchanges-gen.ts';
import { rngFor, type Rng } from './random.ts';

export type TickerRow = Omit<typeof tickersTable.$inferInsert, 'id' | 'exchangeId'> & { exchange: string };
type ContractType = NonNullable<TickerRow['contractType']>;

interface Spec {
  ex: ExchangeInfo;
  coin: CoinMarket;
  quote: string;
  contractType: ContractType | null;
  weight: number;
}

/** Native coins a DEX on each chain trades besides the chain's tokens. */
const CHAIN_NATIVES: Record<string, string[]> = {
  Ethereum: ['ETH', 'WBTC'],
  'BNB Chain': ['BNB', 'ETH', 'BTC'],
  Solana: ['SOL'],
  Base: ['ETH'],
  Arbitrum: ['ETH', 'WBTC'],
  Optimism: ['ETH'],
  Avalanche: ['AVAX', 'BTC', 'ETH', 'JOE', 'LINK', 'AAVE', 'WBTC'],
  Polygon: ['POL', 'MATIC', 'ETH', 'WBTC', 'LINK', 'AAVE'],
  Cosmos: ['ATOM', 'OSMO', 'TIA', 'INJ', 'AKT', 'KAVA', 'DYM', 'SEI', 'RUNE', 'CRO'],
};
const DEX_STABLES = new Set(['USDT', 'USDC', 'DAI', 'USDE']);
const EVM_ETH_QUOTE = new Set(['Ethereum', 'Arbitrum', 'Optimism', 'Base']);
const COIN_MARGINED = new Set(['binance', 'okx', 'bybit', 'htx', 'bitget']);

/** Which coins an exchange lists for spot, by inclusion probability 1 − e^(−λ·w). */
function pickCoins(ex: ExchangeInfo, markets: CoinMarket[], rng: Rng): CoinMarket[] {
  if (ex.coinTarget === 0) return [];
  let candidates = markets;
  const chain = ex.seed.chain;
  if (ex.seed.type === 'DEX' && chain !== '*') {
    const natives = new Set(CHAIN_NATIVES[chain ?? ''] ?? []);
    candidates = markets.filter((m) => m.platform === chain || natives.has(m.symbol) || DEX_STABLES.has(m.symbol));
  } else if (chain === '*') {
    candidates = markets.filter((m) => m.rank <= 200 && !m.stable);
  }
  const weights = candidates.map((m) => m.rank ** -1.15 * (m.stable ? 4 : 1));
  const target = Math.min(ex.coinTarget, Math.floor(candidates.length * 0.9));
  let lo = 1e-9;
  let hi = 1e9;
  for (let i = 0; i < 50; i++) {
    const mid = Math.sqrt(lo * hi);
    let expected = 0;
    for (const w of weights) expected += 1 - Math.exp(-mid * w);
    if (expected < target) lo = mid;
    else hi = mid;
  }
  return candidates.filter((_, i) => rng.chance(1 - Math.exp(-hi * (weights[i] as number))));
}

/** Spot quotes for one listing: the venue's main quote plus a few rank-dependent extras. */
function spotQuotes(ex: ExchangeInfo, coin: CoinMarket, rng: Rng): { quote: string; weight: number }[] {
  const big = coin.rank <= 50;
  const mid = coin.rank <= 150;
  const flags = ex.seed.flags;
  const out: { quote: string; weight: number }[] = [];
  const add = (quote: string, p: number, weight: number) => {
    if (quote !== coin.symbol && rng.chance(p) && !out.some((q) => q.quote === quote)) out.push({ quote, weight });
  };
  if (ex.seed.type === 'DEX') {
    const chain = ex.seed.chain ?? '';
    const main = chain === 'BNB Chain' ? 'USDT' : 'USDC';
    add(main, 1, 1);
    if (EVM_ETH_QUOTE.has(chain)) add('ETH', 0.5, 0.6);
    add(main === 'USDT' ? 'USDC' : 'USDT', 0.3, 0.3);
  } else {
    switch (ex.seed.profile) {
      case 'us':
        add('USD', 1, 1);
        add('USDT', big ? 0.5 : 0.25, 0.3);
        add('USDC', big ? 0.5 : 0.2, 0.25);
        add('BTC', big ? 0.4 : 0.15, 0.12);
        add('ETH', big ? 0.2 : 0.05, 0.06);
        if (flags.includes('e')) add('EUR', big ? 0.6 : 0.2, 0.25);
        break;
      case 'eu':
        add('EUR', 1, 1);
        add('USDT', big ? 0.35 : 0.15, 0.25);
        add('USDC', big ? 0.3 : 0.1, 0.2);
        add('BTC', big ? 0.35 : 0.1, 0.1);
        add('USD', big ? 0.2 : 0.05, 0.15);
        break;
      case 'kr':
        add('KRW', 1, 1);
        add('BTC', mid ? 0.4 : 0.2, 0.08);
        add('USDT', mid ? 0.35 : 0.1, 0.08);
        break;
      case 'jp':
        add('JPY', 1, 1);
        add('BTC', 0.2, 0.1);
        break;
      default:
        add('USDT', 1, 1);
        add('USDC', mid ? 0.45 : 0.12, 0.2);
        add('BTC', big ? 0.55 : 0.18, 0.12);
        add('ETH', big ? 0.3 : 0.06, 0.06);
        if (flags.includes('e')) add('EUR', big ? 0.5 : 0.05, 0.1);
        if (flags.includes('u')) add('USD', big ? 0.5 : 0.1, 0.3);
    }
  }
  if (out.length === 0) out.push({ quote: coin.symbol === 'USDC' ? 'USDT' : 'USDC', weight: 0.5 });
  return out;
}

/** How deep into the ranking a derivatives venue lists perpetuals. */
function futuresDepth(ex: ExchangeInfo): number {
  if (!ex.row.hasFutures) return 0;
  if (ex.name === 'jupiter') return 6;
  if (ex.name === 'gmx') return 25;
  if (ex.seed.type === 'DEX') return 160;
  return ex.tier < 10 ? 220 : ex.tier < 30 ? 120 : 50;
}

function futuresSpecs(ex: ExchangeInfo, markets: CoinMarket[], rng: Rng): Spec[] {
  const depth = futuresDepth(ex);
  const quote = USD_FUTURES.has(ex.name) ? 'USD' : 'USDT';
  const dated = DATED_CONTRACTS[ex.name];
  const out: Spec[] = [];
  for (const coin of markets) {
    if (coin.rank > depth || coin.stable) continue;
    if (!rng.chance(coin.rank <= 20 ? 0.97 : 0.7)) continue;
    out.push({ ex, coin, quote, contractType: 'PERPETUAL', weight: 1.5 });
    if (quote === 'USDT' && COIN_MARGINED.has(ex.name) && coin.rank <= 12) {
      out.push({ ex, coin, quote: 'USD', contractType: 'PERPETUAL', weight: 0.4 });
    }
    if (dated && coin.rank <= dated.top) {
      for (const type of dated.types) out.push({ ex, coin, quote, contractType: type as ContractType, weight: 0.06 });
    }
  }
  return out;
}

/**
 * Listings of the generated venues of the SEED_COINS scale option: each lists the top coins
 * with a rank-decaying probability (against USDT, some against BTC and USDC, perpetuals on a
 * fifth of them), and each generated coin trades on three to eight generated venues. Real
 * exchanges never list generated coins, so their pair and coin counts stay as without the option.
 */
function generatedSpecs(venues: ExchangeInfo[], real: CoinMarket[], generated: CoinMarket[]): Spec[] {
  if (generated.length === 0 || venues.length === 0) return [];
  const out: Spec[] = [];
  for (const ex of venues) {
    const rng = rngFor(`listings:${ex.name}`);
    for (const coin of real) {
      if (!rng.chance(Math.min(0.9, 0.9 * (coin.rank / 8) ** -0.9))) continue;
      out.push({ ex, coin, quote: coin.symbol === 'USDT' ? 'USDC' : 'USDT', contractType: null, weight: 1 });
      if (coin.rank <= 50 && coin.symbol !== 'BTC' && rng.chance(0.4))
        out.push({ ex, coin, quote: 'BTC', contractType: null, weight: 0.15 });
      if (coin.rank <= 100 && coin.symbol !== 'USDC' && coin.symbol !== 'USDT' && rng.chance(0.3))
        out.push({ ex, coin, quote: 'USDC', contractType: null, weight: 0.2 });
    }
    if (!ex.row.hasFutures) continue;
    for (const coin of real) {
      if (coin.rank > 40) break;
      if (!coin.stable && rng.chance(0.8))
        out.push({ ex, coin, quote: 'USDT', contractType: 'PERPETUAL', weight: 1.5 });
    }
  }
  for (const coin of generated) {
    const rng = rngFor(`listings:${coin.id}`);
    const picked = new Set<ExchangeInfo>();
    for (let i = rng.int(3, 8); i > 0; i--) picked.add(rng.pick(venues));
    for (const ex of picked) {
      out.push({ ex, coin, quote: 'USDT', contractType: null, weight: 1 });
      if (rng.chance(0.25)) out.push({ ex, coin, quote: 'USDC', contractType: null, weight: 0.3 });
    }
  }
  return out;
}

interface TickerOutput {
  rows: TickerRow[];
}

/**
 * Builds the tickers and fills each exchange row's reportedVolume24h, coinCount, pairCount
 * and rank from them.
 */
export function generateTickers(
  exchanges: ExchangeInfo[],
  markets: CoinMarket[],
  quoteRates: Record<string, number>,
  now: Date,
): TickerOutput {
  const specs: Spec[] = [];
  const listed = new Set<string>();
  // The real exchanges list the real coins only (generated ones come from the SEED_COINS option).
  const real = markets.filter((m) => !m.generated);
  for (const ex of exchanges) {
    if (ex.generated) continue;
    const rng = rngFor(`listings:${ex.name}`);
    for (const coin of pickCoins(ex, real, rng)) {
      listed.add(coin.id);
      for (const q of spotQuotes(ex, coin, rng))
        specs.push({ ex, coin, quote: q.quote, contractType: null, weight: q.weight });
    }
    specs.push(...futuresSpecs(ex, real, rng));
  }
  // Every coin trades somewhere: unlisted tail coins go to one or two smaller USDT venues.
  const fallback = exchanges.filter(
    (e) => !e.generated && e.seed.type === 'CEX' && e.row.hasSpot && e.seed.profile === 'g',
  );
  for (const coin of real) {
    if (listed.has(coin.id)) continue;
    const rng = rngFor(`fallback:${coin.id}`);
    const venues = new Set([
      rng.weighted(fallback, (e) => (e.tier + 1) ** -0.5),
      rng.weighted(fallback, (e) => (e.tier + 1) ** -0.5),
    ]);
    for (const ex of venues) specs.push({ ex, coin, quote: 'USDT', contractType: null, weight: 1 });
  }
  // A loop, not push(...): at 20,000 coins these are too many arguments for one call.
  for (const spec of generatedSpecs(
    exchanges.filter((e) => e.generated),
    real,
    markets.filter((m) => m.generated),
  )) {
    specs.push(spec);
  }
  // Split each coin's volume across its tickers.
  const byCoin = new Map<string, { spec: Spec; w: number }[]>();
  const noise = rngFor('ticker-weights');
  for (const spec of specs) {
    const w = spec.ex.size * spec.weight * Math.exp(0.7 * noise.clampedNormal());
    const list = byCoin.get(spec.coin.id) ?? [];
    list.push({ spec, w });
    byCoin.set(spec.coin.id, list);
  }
  const rows: TickerRow[] = [];
  const seen = new Set<string>();
  for (const coin of markets) {
    const list = byCoin.get(coin.id) ?? [];
    const total = list.reduce((s, x) => s + x.w, 0);
    for (const { spec, w } of list) {
      const { ex, quote, contractType } = spec;
      const pair = contractType ? `${coin.symbol}-${contractType}/${quote}` : `${coin.symbol}/${quote}`;
      const key = `${ex.name}\u0000${pair}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const rng = rngFor(`ticker:${key}`);
      const small = ex.tier >= 40 || ex.seed.type === 'DEX';
      const devScale = coin.stable ? 0.0004 : small ? 0.0018 : 0.0007;
      const dev = Math.max(-0.0049, Math.min(0.0049, devScale * rng.clampedNormal()));
      const price = r10(coin.price * (1 + dev));
      const rate = quoteRates[quote];
      if (rate === undefined) throw new Error(`seed: no rate for quote ${quote}`);
      let spread =
        ex.tier < 15 && ex.seed.type === 'CEX'
          ? rng.logRange(0.0001, 0.0008)
          : small
            ? rng.logRange(0.0005, 0.006)
            : rng.logRange(0.0002, 0.003);
      if (coin.rank > 200) spread *= 1.6;
      if (coin.stable) spread = Math.min(spread, 0.0005);
      spread = Math.max(0.0001, Math.min(0.01, spread));
      const volume = r10((coin.volume24h * w) / total);
      rows.push({
        exchange: ex.name,
        coinId: coin.id,
        pair,
        baseSymbol: coin.symbol,
        quoteSymbol: quote,
        market: contractType ? 'futures' : 'spot',
        contractType,
        price: dec(price),
        priceQuote: dec(price * rate),
        volume24h: dec(volume),
        change24h: dec(coin.change24h + (coin.stable ? 0.01 : 0.15) * rng.clampedNormal() + dev * 100, 8),
        bestBid: dec(price * (1 - spread / 2)),
        bestAsk: dec(price * (1 + spread / 2)),
        depthPlus1: dec(volume * rng.logRange(0.004, 0.05)),
        depthMinus1: dec(volume * rng.logRange(0.004, 0.05)),
        updatedAt: now,
      });
    }
  }
  // Exchange aggregates and ranks.
  const perExchange = new Map<string, TickerRow[]>();
  for (const row of rows) {
    const list = perExchange.get(row.exchange) ?? [];
    list.push(row);
    perExchange.set(row.exchange, list);
  }
  for (const ex of exchanges) {
    const list = perExchange.get(ex.name) ?? [];
    ex.row.reportedVolume24h = list.length ? sumDec(list.map((t) => t.volume24h as string)) : '0';
    ex.row.pairCount = list.length;
    ex.row.coinCount = new Set(list.map((t) => t.coinId)).size;
  }
  [...exchanges]
    .sort(
      (a, b) =>
        cmpDec(b.row.reportedVolume24h as string, a.row.reportedVolume24h as string) || (a.name < b.name ? -1 : 1),
    )
    .forEach((ex, i) => {
      ex.row.rank = i + 1;
    });
  return { rows };
}
